"""What one seat, or the public, may know of a game: one observer for every face.

Pure. ``observe(game, seat=None)`` is the only place where hidden information meets a
viewer (OpenSpiel's per-player observer): the public screen (``referee/shared/public.py``), a
seat's private view, the deduction engine (``rules/deduction_view.py``) and anything later
published over a network all start from it. What it keeps:

- Coda: every panel's colour (the backs show it); a number when the panel is down, when it
  is the viewer's own, or once the round is over (the winner shows the standing panels for
  the bonus); the drawn panel's colour, and its number to the one who holds it. Counts,
  turn and points are public.
- Mastermind: every row and its key pegs; the code only to its maker, and to everybody once
  the game it belongs to is over (it is then in the results). Its observer is in
  ``rules/mastermind_observe.py``, imported with the first match observed.

:raises ValueError: for a seat that is not at the table.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import singledispatch
from typing import TYPE_CHECKING

from coda_pi.rules.coda import CodaGame, Phase, Slot
from coda_pi.rules.tiles import Color, Tile


@dataclass(frozen=True, slots=True)
class SeenPanel:
    """A panel as one viewer sees it: ``tile`` None when its number is not theirs to know."""

    color: Color
    tile: Tile | None = None
    revealed: bool = False

    @property
    def value(self) -> str | None:
        """The number (``"7"``, ``"-"``) when seen, else None."""
        return None if self.tile is None or not self.tile.known else self.tile.value


@dataclass(frozen=True, slots=True)
class CodaObservation:
    """A Coda game as ``seat`` (None: the public) may know it."""

    seat: int | None
    players: tuple[str, ...]
    dashes: bool
    phase: Phase
    round_number: int
    turn: int | None
    rows: tuple[tuple[SeenPanel, ...], ...]
    drawn: SeenPanel | None  # the panel the player whose turn it is holds aside
    drawn_seat: int | None  # who holds it (the round's winner once the round is over)
    out: tuple[bool, ...]
    pool: tuple[int, int]  # dark, light panels left in the pool
    totals: tuple[int, ...]


if TYPE_CHECKING:
    from coda_pi.rules.mastermind_observe import MastermindObservation

    Observation = CodaObservation | MastermindObservation


@singledispatch
def observe(game: object, seat: int | None = None) -> Observation:
    """What ``seat`` (None: anybody at the table) may know of ``game`` now.

    :param game: a ``CodaGame`` (or a subclass) or a ``MastermindMatch``.
    :param seat: the viewer's seat, or None for the public.
    :raises ValueError: when ``seat`` is not at the table.
    :raises TypeError: for an object that is not a game.
    """
    match = sys.modules.get("coda_pi.rules.mastermind")
    if match is not None and isinstance(game, match.MastermindMatch):
        # Mastermind's observer is imported with the first match observed (a Coda start
        # needs none of it; a match exists only once its module is imported).
        from coda_pi.rules.mastermind_observe import observe_match

        return observe_match(game, seat)
    raise TypeError(f"{type(game).__name__} is not a game")


def _seen_row(row: tuple[Slot, ...], whole: bool) -> tuple[SeenPanel, ...]:
    """``row`` as seen: every number when ``whole`` (the viewer's own row, a round over),
    else those face up. An event replaces only the rows it changes (``CodaGame``: rows are
    tuples of frozen slots), so a row asked for again is the very row seen before, and its
    panels are not made again: a guess builds one row of the table, not every row (the
    public table is worked out at every change of the game, in the press's own pass)."""
    key = (id(row), whole)
    kept = _seen_rows.get(key)
    if kept is not None and kept[0] is row:  # the row is held here: its id is not reused
        return kept[1]
    seen = tuple(SeenPanel(slot.tile.color, slot.tile if whole or slot.revealed else None,
                           slot.revealed) for slot in row)
    if len(_seen_rows) >= _SEEN_ROWS_KEPT:
        _seen_rows.clear()  # the rows of the last few games' states: rebuilt once each
    _seen_rows[key] = (row, seen)
    return seen


_seen_rows: dict[tuple[int, bool], tuple[tuple[Slot, ...], tuple[SeenPanel, ...]]] = {}
_SEEN_ROWS_KEPT = 64
"""Rows seen kept at most: a table's rows, public and each seat's own, with room to spare
for an undo's older state and the phones' views."""


def _check_seat(seat: int | None, seats: int) -> None:
    if seat is not None and not 0 <= seat < seats:
        raise ValueError(f"there is no seat {seat} at this table of {seats}")


def round_over(game: CodaGame) -> bool:
    """The round has a winner, whose panels are shown for the bonus: all is public."""
    return game.round_winner is not None or game.phase in (Phase.ROUND, Phase.FINISHED)


@observe.register(CodaGame)  # named, not read from the annotations: typing.get_type_hints at import
def _(game: CodaGame, seat: int | None = None) -> CodaObservation:
    _check_seat(seat, game.seats)
    over = round_over(game)
    rows = tuple(_seen_row(row, over or s == seat) for s, row in enumerate(game.rows))
    holder = game.turn if game.turn is not None else game.round_winner
    drawn = None
    if game.drawn is not None:
        sees = over or (seat is not None and holder == seat)
        drawn = SeenPanel(game.drawn.color, game.drawn if sees else None)
    return CodaObservation(
        seat=seat,
        players=game.settings.players,
        dashes=game.settings.dashes,
        phase=game.phase,
        round_number=game.round_number,
        turn=game.turn,
        rows=rows,
        drawn=drawn,
        drawn_seat=holder,
        out=tuple(game.out) if game.out else (False,) * game.seats,
        pool=(game.pool_count.get(Color.DARK, 0), game.pool_count.get(Color.LIGHT, 0)),
        totals=tuple(game.totals()),
    )

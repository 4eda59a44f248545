"""What the table has witnessed: a Coda game plus the "wrong" answers the engine forgets.

Pure. ``Witness.apply`` applies an event to the game and keeps, for every panel, the values
answered "wrong" there (also after the panel falls), moving them along when a drawn panel is
inserted into the row. ``Witness.view`` turns that into a deduction ``View`` for the public
or for one seat.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import (
    CodaEvent,
    Deal,
    Guess,
    Place,
    RoundStart,
    Stop,
)
from coda_pi.rules.deduction import Panel, View
from coda_pi.rules.observe import observe, round_over

_NONE: frozenset[str] = frozenset()


def follow_misses(
    misses: list[list[frozenset[str]]], game: CodaGame, event: CodaEvent, *, had_drawn: bool
) -> list[list[frozenset[str]]]:
    """The "wrong" answers per seat and slot after ``event`` was applied to ``game``: a miss
    adds its value at the attacked panel, a panel joining a row shifts the answers along.

    ``misses`` is never changed: what changes comes back as new lists (the rows untouched
    shared), so a game's copy may share its answers with the original (a snapshot per line
    is constant time; deep copies were most of a table-pool record's replay)."""
    match event:
        case RoundStart():
            return [[] for _ in range(game.seats)]
        case Deal(seat, row):
            return _with_row(misses, seat, [_NONE] * len(row))
        case Guess(_, target, slot, value) if game.phase is Phase.PENALTY:
            row = list(misses[target])
            row[slot] = row[slot] | {value}
            return _with_row(misses, target, row)
        case Stop(seat, slot) if had_drawn and slot is not None:
            return _with_row(misses, seat, [*misses[seat][:slot], _NONE, *misses[seat][slot:]])
        case Place(seat, slot):
            return _with_row(misses, seat, [*misses[seat][:slot], _NONE, *misses[seat][slot:]])
        case _:
            return misses


def _with_row(misses: list[list[frozenset[str]]], seat: int,
              row: list[frozenset[str]]) -> list[list[frozenset[str]]]:
    out = list(misses)
    out[seat] = row
    return out


@dataclass
class Witness:
    """A game and, per seat and slot, the values answered "wrong" at that panel."""

    game: CodaGame
    misses: list[list[frozenset[str]]] = field(default_factory=list)

    def apply(self, event: CodaEvent) -> None:
        """Applies the event (a RuleError leaves everything as it was) and follows it."""
        had_drawn = self.game.drawn is not None
        self.game.apply(event)
        self.misses = follow_misses(self.misses, self.game, event, had_drawn=had_drawn)

    def summary(self) -> dict[str, Any]:
        return self.game.summary()

    def copy(self) -> Witness:
        return copy.deepcopy(self)

    @property
    def round_over(self) -> bool:
        """The round has a winner, whose panels are shown for the bonus: all is public."""
        return round_over(self.game)

    def view(self, seat: int | None = None) -> View:
        """What the public (``seat`` None) or one player knows now: the observer's panels
        (``rules/observe.py``), each with the "wrong" answers heard at it."""
        seen = observe(self.game, seat)
        # A panel keeps its "wrong" answers once known: a lie exposed later (the panel falls,
        # or is shown for the bonus) is then a contradiction.
        rows = tuple(
            tuple(
                Panel(p.color, p.tile if p.value is not None else None, revealed=p.revealed,
                      missed=self.misses[s][i])
                for i, p in enumerate(row)
            )
            for s, row in enumerate(seen.rows)
        )
        drawn = None
        if seen.drawn is not None:
            drawn = Panel(seen.drawn.color, seen.drawn.tile if seen.drawn.value else None)
        return View(rows, seen.dashes, drawn, seen.drawn_seat, seen.players)

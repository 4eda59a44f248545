"""What one seat, or the public, may know of a Mastermind match (``rules/observe.py``'s
observer for it, imported with the first match observed: a Coda game needs none of it).

Pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.rules.mastermind import Feedback, MastermindMatch


@dataclass(frozen=True, slots=True)
class MastermindRowSeen:
    code: str
    keys: Feedback  # the key pegs the maker put: what the table saw


@dataclass(frozen=True, slots=True)
class MastermindObservation:
    """A Mastermind match as ``seat`` (None: the public) may know it."""

    seat: int | None
    players: tuple[str, str]
    maker: int | None
    code: str | None  # the running game's code, to its maker only
    rows: tuple[MastermindRowSeen, ...]
    games_done: int
    totals: tuple[int, int]


def observe_match(game: MastermindMatch, seat: int | None = None) -> MastermindObservation:
    """What ``seat`` (None: the public) may know of ``game``: every row and its key pegs;
    the code only to its maker (once a game is over, its code is in the results).

    :raises ValueError: when ``seat`` is not one of the match's two.
    """
    if seat is not None and not 0 <= seat < 2:  # as rules/observe.py says it of Coda
        raise ValueError(f"there is no seat {seat} at this table of 2")
    maker = game.maker
    code = game.code if seat is not None and seat == maker else None
    return MastermindObservation(
        seat=seat,
        players=game.players,
        maker=maker,
        code=code,
        rows=tuple(MastermindRowSeen(r.guess, r.claimed or r.feedback) for r in game.rows),
        games_done=game.games_done,
        totals=game.totals,
    )

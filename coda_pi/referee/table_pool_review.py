"""The post-game review in sentences for the device's screen (``deduction_review``).

Sure guesses left untaken come first, then the boldest guesses that paid off. In table-pool
play the device knows only what the table saw, so "sure" means sure from public information
(plus what the record learnt of a player's own panels, which here is nothing private).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from coda_pi.referee.labels import tile_name
from coda_pi.referee.table_pool_views import ReviewLine
from coda_pi.rules.coda import CodaSettings
from coda_pi.rules.deduction_review import review

RISKY_SHOWN = 3
_ENDED = {"stop": "stopped", "miss": "missed elsewhere", "timeout": "ran out of time"}


def review_lines(settings: CodaSettings, events: Sequence[Any], labels: str) -> list[ReviewLine]:
    """The review of the events in force, as lines for the screen."""
    result = review(settings.to_dict(), [(i + 2, obj) for i, obj in enumerate(events)])
    players = settings.players
    out: list[ReviewLine] = []
    for m in result.missed:
        sure = m.sure[0]
        more = f" (and {len(m.sure) - 1} more)" if len(m.sure) > 1 else ""
        out.append(ReviewLine(
            f"Round {m.round}: {players[m.seat]} {_ENDED[m.ended_by]} while "
            f"{players[sure.target]}'s panel {sure.slot + 1} was surely the "
            f"{tile_name(sure.tile, labels)}{more}",
            good=False,
        ))
    if not result.missed:
        out.append(ReviewLine("No sure guess was left untaken", good=True))
    for h in result.riskiest(RISKY_SHOWN):
        out.append(ReviewLine(
            f"Round {h.round}: {players[h.seat]} named the {tile_name(h.tile, labels)} at "
            f"{players[h.target]}'s panel {h.slot + 1} with {_chance(h.chance)} chance",
            good=True,
        ))
    return out


def _chance(p: Fraction) -> str:
    if 0 < p < Fraction(1, 100):
        return "under 1%"  # rare, not impossible: "0%" would say it could not be
    return f"{round(float(p) * 100)}%"

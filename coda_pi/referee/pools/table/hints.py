"""Training hints in table-pool play (a setup option): while the current player holds
their seat button, the attacked (or next) opponent's row with each standing panel's most
likely number, and the three likeliest numbers of the panel under the cursor. The device
knows no private panel, so these are the public odds."""

from __future__ import annotations

from fractions import Fraction

from coda_pi.i18n import _
from coda_pi.referee.shared.labels import value_label
from coda_pi.referee.shared.public import TurnCursor
from coda_pi.referee.shared.views import PanelView, PrivatePurpose, PrivateView
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.deduction import Analysis
from coda_pi.rules.tiles import Color, Tile


def training_view(game: CodaGame, seat: int, cur: TurnCursor, analysis: Analysis,
                  labels: str) -> PrivateView | None:
    """The hints ``seat`` sees on its turn, from the public ``analysis``; None when there
    is nobody to attack."""
    targets = [s for s in range(game.seats) if s != seat and not game.out[s]]
    if not targets:
        return None
    target = cur.target if cur.target in targets else targets[0]
    row = game.rows[target]
    hidden = game.hidden_slots(target)
    at = cur.slot if cur.target == target and cur.slot in hidden else (
        hidden[0] if hidden else None)
    panels = []
    for i, slot in enumerate(row):
        dark = slot.tile.color is Color.DARK
        if slot.revealed:
            panels.append(PanelView(dark, value_label(slot.tile.value, labels), True))
            continue
        best = _likeliest(analysis.slots.get((target, i), {}))
        label = value_label(best[0][0].value, labels) if best else "?"
        panels.append(PanelView(dark, label, False, highlight=i == at))
    message = None
    if at is not None:
        best = _likeliest(analysis.slots.get((target, at), {}))[:3]
        odds = ", ".join(f"{value_label(t.value, labels)} {_percent(p)}"
                         for t, p in best)
        message = nouns(labels)(_("{name}'s {panel} {number}: {odds}"),
                                name=game.name(target), number=at + 1, odds=odds)
    return PrivateView(
        seat=seat,
        name=game.name(seat),
        purpose=PrivatePurpose.HINTS,
        row=tuple(panels),
        cursor=at,
        message=message,
        prompt=_("Training: the likeliest numbers from what the table has seen"),
    )


def _likeliest(probs: dict[Tile, Fraction]) -> list[tuple[Tile, Fraction]]:
    return sorted(probs.items(), key=lambda kv: (-kv[1], kv[0].rank or 0))


def _percent(p: Fraction) -> str:
    return f"{round(float(p) * 100)}%"

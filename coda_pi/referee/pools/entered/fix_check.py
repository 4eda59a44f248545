"""Fixing a fallen panel without answering questions about hidden ones (issue 20).

"Fix a panel entered wrong" (``entered_pool.py``, ``rules/correction.py``) corrects the
number the device has for a panel that has fallen. Whether the correction can be written
depends on hidden panels: the real number may be in another row by the entries, or break the
order beside the panel's hidden neighbours. Answered on the public screen, that is a free
question about hidden panels, repeatable at will. So:

- the public steps (which panel, its real number, then "confirm") are the same whatever the
  hidden panels are: nothing is checked in public;
- the check is made with the one seat the fallen panel belongs to: the owner holds their
  button, sees their own row with the real number in it (and, in their own words, whether
  their row stays in order: their own panels), and presses OK;
- if the entries allow it the correction is written and then, being written, it is public;
  if not, only the owner is told, with the same sentence whatever the reason, and nothing
  sounds: the others see the owner not confirming, as if they had chosen to leave it.

What stays public is the outcome (the fix written or not), at the cost of the owner's own
OK for each attempt; ``docs/playing.md`` sets it beside the boxed game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from coda_pi.i18n import _, spoken
from coda_pi.referee.shared.labels import order_detail, tile_name, value_label
from coda_pi.referee.shared.private import row_view
from coda_pi.referee.shared.views import PrivateView
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame, Slot
from coda_pi.rules.correction import Correction
from coda_pi.rules.tiles import Tile


def confirm_words(owner: str, seat: int, labels: str) -> str:
    """The public confirm step: who checks, and how. The same for every fix."""
    return nouns(labels)(_("{name}: hold seat button {number} to see the fix in your row, "
                           "then OK to correct it"), name=owner, number=seat + 1)


def hold_to_confirm(seat: int) -> str:
    """The public refusal of an OK pressed without the owner's button held."""
    return _("Hold seat button {number}, then OK").format(number=seat + 1)


def cannot_fix(labels: str) -> str:
    """The owner's private answer when the entries do not allow the fix: one sentence for
    every reason, so it says nothing about whose entry or which."""
    return nouns(labels)(_("The device cannot take this number: the entries do not allow "
                           "it. Look at your {panels} again; BACK leaves it as it was"))


def owner_view(game: CodaGame, seat: int, slot: int, real: Tile, labels: str,
               problem: str | None) -> PrivateView:
    """What the owner sees while holding their button at the confirm step: their own row
    with the real number in place, and whether it stays in order (their own panels only);
    ``problem`` is the answer to an OK already pressed."""
    row = [Slot(real if i == slot else s.tile, revealed=s.revealed)
           for i, s in enumerate(game.rows[seat])]
    view = row_view(seat, game.name(seat), row, None, labels, cursor=slot,
                    prompt=_("OK: correct it   BACK: leave it as it was"))
    if problem is None:
        detail = order_detail([s.tile for s in row], labels)
        if detail is not None:
            problem = _("With {tile} there your row is out of order: {detail}").format(
                tile=tile_name(real, labels), detail=detail)
    return replace(view, message=problem)


def public_change(plan: Correction, players: Sequence[str], labels: str) -> str:
    """What a written correction changed, for everybody, in the table's words: a flipped
    judgement and the count of actions taken back are public once written; the reason a
    later action no longer fits could name hidden panels, so it is left out."""
    said = replace(plan, refused=None).describe(
        players, label=lambda value: value_label(value, labels),
        panel="card" if labels == "cards" else "panel")
    text = spoken(said, nouns(labels))
    return text[:1].upper() + text[1:]

"""A seat's private views of every kind, for the pods' pictures, tests and bench: built with
the referee's own view builders (``referee/shared/private.py``) in the current language."""

from __future__ import annotations

from typing import Any

from coda_pi.i18n import _
from coda_pi.pods.content import SeatReview
from coda_pi.referee.mastermind.views import MastermindPrivateView
from coda_pi.referee.pools.entered.views import example_entries
from coda_pi.referee.shared.labels import order_detail, tile_name
from coda_pi.referee.shared.private import claim_view, deal_view, row_view
from coda_pi.referee.shared.views import PrivatePurpose
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import Slot
from coda_pi.rules.tiles import Color, Tile

D, L = Color.DARK, Color.LIGHT


def _row(*tiles: tuple[Color, int | None], down: tuple[int, ...] = ()) -> list[Slot]:
    return [Slot(Tile(c, n, dash=n is None), i in down) for i, (c, n) in enumerate(tiles)]


def pod_samples(labels: str = "panels") -> dict[str, Any]:
    """Name -> view: the deal (with a dash to place), a draw, a claim refused, a row with
    panels knocked down, the panel to knock down, a long row that scrolls; the entered pool's
    entries (a starting row, one refused, a drawn panel) and Mastermind's code being set."""
    deal = [Tile(D, 1), Tile(L, 4), Tile(D, None, dash=True), Tile(L, 9)]
    row = _row((D, 1), (L, 4), (D, 7), (L, 9), (L, 11), down=(1,))
    entries = example_entries()
    # Two of the review's lines as the referee words them (referee/shared/review.py).
    say = nouns(labels)
    review_missed = say(_("Round {round}: {name} {ended} while {target}'s {panel} {number} was "
                          "surely the {tile}"), round=2, name="Ana", ended=_("stopped"),
                        target="Ben", number=3, tile=tile_name(Tile(D, 7), labels))
    review_bold = say(_("Round {round}: {name} named the {tile} at {target}'s {panel} {number} "
                        "with {chance} chance"), round=1, name="Ana",
                      tile=tile_name(Tile(L, 4), labels), target="Cy", number=2, chance="1/3")
    peg = _("Peg {number} of {pegs}: PREV/NEXT colour, OK sets it").format(number=3, pegs=4)
    # The drawn light 6 claimed left of the light 4: refused as the referee words it.
    claimed = [slot.tile for slot in row]
    claimed.insert(1, Tile(L, 6))
    long_row = _row(*[(D if i % 2 else L, i) for i in range(12)], (L, 11), down=(0, 3, 8))
    return {
        "deal": deal_view(0, "Ana", deal, 2, labels, stage=(0, 2)),
        "drawn": row_view(0, "Ana", row, Tile(L, 6), labels),
        "claim-refused": claim_view(0, "Ana", row, Tile(L, 6), 1, labels, face_up=False,
                                    refusal=order_detail(claimed, labels)),
        "row": row_view(0, "Ana", row, None, labels, purpose=PrivatePurpose.ROW,
                        prompt=""),
        "reveal": row_view(0, "Ana", row, None, labels, cursor=2,
                           purpose=PrivatePurpose.REVEAL,
                           prompt=_("Knock one down")),
        "long-row": row_view(0, "Ana", long_row, Tile(D, 3), labels, cursor=10),
        **{f"entry-{name}": entries[name] for name in ("row", "refused", "drawn")},
        "code": MastermindPrivateView(seat=0, name="Ana", code="RGB?", hole=2,
                                      palette="BGKRWY", prompt=peg),
        "review": SeatReview(0, (review_missed, review_bold)),
    }

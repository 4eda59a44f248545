"""What a pod draws of each kind of private view, in one shape: a title, a row of cells (one
of them under the cursor), a panel held aside, and a text.

- Coda's ``PrivateView``: the seat's row, the drawn panel, the refusal or the prompt;
- the entered pool's ``EntryPrivateView``: the panels being entered (a number not yet
  entered, or a colour, is "?"), the one under the dial underlined, the question and what
  to press, or why the last OK was refused;
- Mastermind's ``MastermindPrivateView``: the code being set, peg by peg;
- :class:`SeatReview`: once the final standings are up, the seat's own lines of the
  post-game review (as a phone shows them), one after another.

Anything else: ``content_of`` gives None, and the view stays on the shared screen, held to
see, as without pods.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from coda_pi.i18n import _
from coda_pi.referee.mastermind.views import MastermindPrivateView
from coda_pi.referee.pools.entered.views import EntryPrivateView
from coda_pi.referee.shared.views import PanelView, PrivatePurpose, PrivateView


@dataclass(frozen=True, slots=True)
class SeatReview:
    """The seat's own lines of the post-game review (``referee.seat_review``)."""

    seat: int
    lines: tuple[str, ...]


def seat_review(referee: Any, seat: int) -> SeatReview | None:
    """``seat``'s review once the final standings are up, None before or when it has none."""
    seats = getattr(getattr(referee, "game", None), "seats", None)
    if isinstance(seats, int) and seat >= seats:
        return None  # a pod at a seat nobody plays: the table's lines are not for it
    ask = getattr(referee, "seat_review", None)
    lines = ask(seat) if ask is not None else None
    return SeatReview(seat, tuple(line.text for line in lines)) if lines else None


@dataclass(frozen=True, slots=True)
class PodContent:
    title: str
    row: tuple[PanelView, ...]
    cursor: int | None
    drawn: PanelView | None
    text: str


def coda_title(view: PrivateView) -> str:
    if view.purpose is PrivatePurpose.REVEAL:
        return _("Knock one down")
    if view.purpose is PrivatePurpose.HINTS:
        return _("Training hints")
    if view.purpose is PrivatePurpose.DRAWN:
        return _("Drawn")
    return _("Your row")


def content_of(view: Any) -> PodContent | None:
    """The pod's content for ``view``, None for a view a pod does not draw."""
    if isinstance(view, PrivateView):
        return PodContent(coda_title(view), view.row, view.cursor, view.drawn,
                          view.message or view.prompt)
    if isinstance(view, EntryPrivateView):
        cells = tuple(PanelView(dark=bool(s.dark), label=s.label or "?", revealed=False,
                                highlight=s.current) for s in view.slots)
        current = next((i for i, s in enumerate(view.slots) if s.current), None)
        text = view.message or " ".join(t for t in (view.question, view.prompt) if t)
        title = view.title[:1].upper() + view.title[1:]
        if len(cells) == 1 and view.row:  # a drawn panel: beside the row, as in Coda's view
            return PodContent(title, view.row, None, cells[0], text)
        return PodContent(title, cells, current, None, text)
    if isinstance(view, MastermindPrivateView):
        pegs = tuple(PanelView(dark=False, label=c, revealed=False, highlight=i == view.hole)
                     for i, c in enumerate(view.code))
        return PodContent(_("Your code"), pegs, view.hole, None, view.prompt)
    if isinstance(view, SeatReview):  # runs of spaces part lines: each line starts its own
        return PodContent(_("Your review"), (), None, None, "  ".join(view.lines))
    return None

"""One seat's private view: its own panels with their numbers, shown only while held."""

from __future__ import annotations

from collections.abc import Sequence

from coda_pi.i18n import _
from coda_pi.referee.shared.labels import tile_label
from coda_pi.referee.shared.views import PanelView, PrivatePurpose, PrivateView
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame, Slot
from coda_pi.rules.observe import observe
from coda_pi.rules.tiles import Color, Tile


def own_panels(game: CodaGame, seat: int) -> tuple[list[Slot], Tile | None]:
    """``seat``'s own row and the panel it holds aside, as the observer (``rules/observe.py``)
    shows them to that seat and no other."""
    seen = observe(game, seat)
    row = []
    for p in seen.rows[seat]:
        assert p.tile is not None  # a seat always sees its own panels (known or not)
        row.append(Slot(p.tile, p.revealed))
    drawn = seen.drawn.tile if seen.drawn is not None and seen.drawn_seat == seat else None
    return row, drawn


def panel(tile: Tile, labels: str, *, revealed: bool = False, highlight: bool = False) -> PanelView:
    return PanelView(
        dark=tile.color is Color.DARK,
        label=tile_label(tile, labels),
        revealed=revealed,
        highlight=highlight,
    )


def deal_view(
    seat: int, name: str, row: Sequence[Tile], dash_at: int | None, labels: str, *,
    stage: tuple[int, int] | None = None, dealer: bool = False,
) -> PrivateView:
    """The starting row the device dealt. ``stage``: (step, steps) of placing the dashes,
    one step per dash colour in play whether or not this row holds it (the count of OKs
    must not tell who holds a dash); ``dealer``: a dealer who does not play fetches the
    panels and hands them over face down."""
    say = nouns(labels)
    fetch = (_("Dealer: hand these over face down") if dealer
             else say(_("Take these from {the_box}")))
    if stage is None:
        prompt = _("{fetch}, stand them in this order, then OK").format(fetch=fetch)
    else:
        step, steps = stage
        if dash_at is not None:
            dash = (_("move the dark dash with PREV/NEXT, then OK") if step == 0
                    else _("move the light dash with PREV/NEXT, then OK"))
        else:
            dash = _("no dark dash: OK") if step == 0 else _("no light dash: OK")
        prompt = _("{fetch}, in this order. {step} of {steps}: {dash}").format(
            fetch=fetch, step=step + 1, steps=steps, dash=dash)
    return PrivateView(
        seat=seat,
        name=name,
        purpose=PrivatePurpose.DEAL,
        row=tuple(panel(t, labels, highlight=i == dash_at) for i, t in enumerate(row)),
        cursor=dash_at,
        prompt=prompt,
    )


def row_view(
    seat: int,
    name: str,
    row: Sequence[Slot],
    drawn: Tile | None,
    labels: str,
    *,
    cursor: int | None = None,
    purpose: PrivatePurpose | None = None,
    prompt: str = "",
) -> PrivateView:
    if purpose is None:
        purpose = PrivatePurpose.DRAWN if drawn is not None else PrivatePurpose.ROW
    if purpose is PrivatePurpose.DRAWN and drawn is not None and not prompt:
        say = nouns(labels)
        prompt = say(_("Take the dark one from {the_box}") if drawn.color is Color.DARK
                     else _("Take the light one from {the_box}"))
    return PrivateView(
        seat=seat,
        name=name,
        purpose=purpose,
        row=tuple(
            panel(s.tile, labels, revealed=s.revealed, highlight=i == cursor)
            for i, s in enumerate(row)
        ),
        drawn=None if drawn is None else panel(drawn, labels),
        cursor=cursor,
        prompt=prompt,
    )


def claim_view(
    seat: int,
    name: str,
    row: Sequence[Slot],
    drawn: Tile,
    slot: int,
    labels: str,
    *,
    face_up: bool,
    refusal: str | None,
) -> PrivateView:
    """The row with the drawn panel shown at the claimed slot."""
    preview = [*row[:slot], Slot(drawn, revealed=face_up), *row[slot:]]
    prompt = nouns(labels)(_("Is this where the drawn {panel} stands? OK, or PREV/NEXT"))
    return PrivateView(
        seat=seat,
        name=name,
        purpose=PrivatePurpose.CLAIM,
        row=tuple(
            panel(s.tile, labels, revealed=s.revealed, highlight=i == slot)
            for i, s in enumerate(preview)
        ),
        drawn=panel(drawn, labels, revealed=face_up),
        cursor=slot,
        message=None if refusal is None else _("Not there: {why}").format(why=refusal),
        prompt=prompt,
    )

"""Sample scenes of phones as seat screens (named phones-*): the setups with the QR code
and the BACK menu's "Phones" page, for tools/render-screens and the screen tests."""

from __future__ import annotations

from dataclasses import replace

from coda_pi.i18n import _
from coda_pi.referee.shared.seat_screens import (
    LookAtPhoneView,
    PhonesCard,
    PhonesView,
    seat_line,
)
from coda_pi.referee.shared.views import Banner, BannerKind, PublicView
from coda_pi.ui import sample_table
from coda_pi.ui.sample_table import (
    _leds,
    _table,
    mastermind_setup_sample,
    round_of,
    setup_sample,
)
from coda_pi.ui.scene import Scene

SAMPLE_CARD = PhonesCard("https://192.168.100.123:8443/", "3F:A9:0C:77:51:E2:8B:D4",
                         frozenset({0, 2}))
"""The longest address a home network gives (three-digit parts) and the default port."""
OFFER_CARD = replace(SAMPLE_CARD, offer=1,
                     offer_url=SAMPLE_CARD.url + "#1.kq3Vb0x_T9mZr2Lw")
"""The table offered seat 2: the code is that seat's own, with its one-time token."""


def phones_scenes() -> dict[str, Scene]:
    names = sample_table.NAMES  # read at each call: the long-name test swaps them in
    scenes: dict[str, Scene] = {}
    setup = setup_sample(4, phones=SAMPLE_CARD)
    scenes["phones-setup"] = Scene(PublicView(screen=setup, table=None, title=_("New game"),
                                              leds=_leds(4)), leds=_leds(4))
    # The table offered seat 2 and a phone asked for it: the table confirms or refuses.
    ask = Banner(_("Seat {number} to phone {code}? OK: yes, other button: no").format(
        number=2, code="4711"), BannerKind.INFO)
    # ... said in the footer too, the header keeping the address (phones/shared_words.py).
    # The table pressed seat 2's button: the code is seat 2's own, the footer says so.
    scan = Banner(_("Seat {number}: scan the code with its phone now").format(number=2),
                  BannerKind.INFO)
    scenes["phones-seat-code"] = Scene(
        PublicView(screen=replace(setup_sample(4, phones=OFFER_CARD), prompt=scan.text),
                   table=None, title=_("New game"), banner=scan, leds=_leds(4)),
        leds=_leds(4))
    scenes["phones-ask"] = Scene(PublicView(screen=replace(setup, prompt=ask.text), table=None,
                                            title=_("New game"), banner=ask, leds=_leds(4)),
                                 leds=_leds(4))
    mm_setup = mastermind_setup_sample(phones=SAMPLE_CARD)
    scenes["phones-mm-setup"] = Scene(PublicView(screen=mm_setup, table=None,
                                                 title=_("New game: Mastermind"),
                                                 leds=_leds(2)), leds=_leds(2))
    lines = tuple(seat_line(seat, name, seat in SAMPLE_CARD.paired)
                  for seat, name in enumerate(names)) + (_("Back"),)
    page = PhonesView(title=_("Phones"), card=SAMPLE_CARD, lines=lines, cursor=2,
                      keys=_("OK: take seat {number}'s phone away   BACK: close").format(
                          number=3))
    scenes["phones-menu"] = Scene(PublicView(screen=_turn_screen(), table=_table(4),
                                             overlay=page, title=round_of(1),
                                             leds=_leds(4, on=0)), leds=_leds(4, on=0))
    # The cursor on a seat without a phone: OK offers it (the question follows).
    offer = PhonesView(title=_("Phones"), card=SAMPLE_CARD, lines=lines, cursor=1,
                       keys=_("OK: give seat {number} a phone   BACK: close").format(number=2))
    scenes["phones-offer"] = Scene(PublicView(screen=_turn_screen(), table=_table(4),
                                              overlay=offer, title=round_of(1),
                                              leds=_leds(4, on=0)), leds=_leds(4, on=0))
    # OK offered seat 2: the page draws seat 2's own code until a phone opens it.
    seat_code = PhonesView(title=_("Phones"), card=OFFER_CARD, lines=lines, cursor=1,
                           keys=_("Seat {number}: scan this code with its phone   BACK: "
                                  "close").format(number=2))
    scenes["phones-menu-seat-code"] = Scene(
        PublicView(screen=_turn_screen(), table=_table(4), overlay=seat_code,
                   title=round_of(1), leds=_leds(4, on=0)), leds=_leds(4, on=0))
    # Another phone asked while the question was up: it is withdrawn, and says why.
    withdrawn = Banner(_("Another phone asked for seat {number}: nobody gets it, offer "
                         "again").format(number=2), BannerKind.ERROR)
    scenes["phones-withdrawn"] = Scene(PublicView(screen=_turn_screen(), table=_table(4),
                                                  banner=withdrawn, title=round_of(1),
                                                  leds=_leds(4, on=0)), leds=_leds(4, on=0))
    # A seat with a phone holds its button: the shared screen sends it to the phone.
    scenes["phones-look"] = Scene(PublicView(screen=_turn_screen(), table=_table(4),
                                             title=round_of(1), leds=_leds(4, on=0)),
                                  private=LookAtPhoneView(1, names[1], _("Look at your phone")),
                                  leds=_leds(4, on=0))
    return scenes


def _turn_screen() -> object:
    names = sample_table.NAMES  # read at each call: the long-name test swaps them in
    from coda_pi.referee.shared.views import TurnStep, TurnView

    return TurnView(seat=0, name=names[0], step=TurnStep.TARGET,
                    prompt=_("Press the seat button of the player you attack"))

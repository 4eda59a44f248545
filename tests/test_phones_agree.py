"""The shared screen and every phone agree at every moment: over every screen of a whole
Coda tournament and a Mastermind match played from phones, the shared screen never tells a
seat that has a phone to use its buttons for its step (it says the phone), and no phone
shows another seat's instruction; while a phone asks for a seat, the question is the
setup's footer too and the header keeps the phones' address."""

from __future__ import annotations

import random
import re
from typing import Any

import pygame
import pytest
from phones_play import TappedTable, coda_table, mastermind_table, play_coda, play_mastermind

from coda_pi import i18n
from coda_pi.phones.actions import PhoneIntent, apply, mastermind_actor
from coda_pi.phones.bridge import PhoneBridge
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import DealView, SetupView, TurnView
from coda_pi.sim.testing import FakeClock, MemoryRecord
from coda_pi.ui.scene import Scene

BUTTONS = re.compile(r"\b(PREV|NEXT|OK)\b|seat button|bot[oó]n|(?i:hold)|mant[eé]n")
"""The words of a step done on the device's buttons, in English and Spanish."""


def _actor(screen: Any) -> int | None:
    """The seat the shared screen's footer speaks to."""
    if isinstance(screen, EntryWaitView | DealView | TurnView):
        return screen.seat
    return mastermind_actor(screen)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_shared_screen_sends_a_seat_with_a_phone_to_its_phone(language: str) -> None:
    i18n.set_language(language)
    try:
        checked: list[str] = []

        def agree(table: TappedTable) -> None:
            view = table.referee.view()
            if getattr(view, "overlay", None) is not None:
                return
            shared = table.bridge.shared_public(view)
            actor = _actor(shared.screen)
            if actor is None:
                return
            prompt = shared.screen.prompt
            assert not BUTTONS.search(prompt), prompt
            assert ("phone" if language == "en" else "móvil") in prompt, prompt
            checked.append(type(shared.screen).__name__)
            # The phone of the seat the footer names is told to tap; no other phone is.
            for seat in range(table.seats):
                sentence = table.page(seat)["sentence"]
                tells = bool(re.search(r"\btap\b|\bt[oó]ca", sentence.lower()))
                if seat != actor:
                    assert not tells, (seat, sentence)

        for table, play in ((coda_table(("Ann", "Ben", "Cy")), play_coda),
                            (mastermind_table(), play_mastermind)):
            table.watch = agree
            play(table)
        assert {"DealView", "TurnView", "MastermindScreen"} <= set(checked)
        assert len(checked) > 40
    finally:
        i18n.set_language("en")


def test_an_entered_row_is_entered_on_the_phone_says_the_shared_screen() -> None:
    referee = Referee(clock=FakeClock(), rng=random.Random(2), record=MemoryRecord(),
                      setup=SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1,
                                          pool="entered", timer=False))
    bridge = PhoneBridge()
    assert bridge.pairings.complete(bridge.pairings.request(1).rid)  # Ben has a phone, Ann none
    referee.handle(Press(Button.OK))
    referee.handle(Release(Button.OK))
    ann = bridge.shared_public(referee.view()).screen
    assert isinstance(ann, EntryWaitView) and ann.seat == 0
    assert "hold seat button 1" in ann.prompt  # Ann has no phone: her buttons, as before
    for tile in ("D0", "L1", "D5", "L7"):  # Ann's row, the presses a phone's taps make
        assert apply(referee, PhoneIntent(0, "tile", dark=tile[0] == "D", value=tile[1:]))
    assert apply(referee, PhoneIntent(0, "key", key="ok"))
    ben = bridge.shared_public(referee.view()).screen
    assert isinstance(ben, EntryWaitView) and ben.seat == 1
    assert ben.prompt == "Ben: stand up 4 panels, then enter them on your phone"
    assert referee.view().screen.prompt != ben.prompt  # the referee's own is the buttons'


def _drawn(scene: Scene) -> str:
    from coda_pi.ui.screens import draw_scene
    from coda_pi.ui.text import recording_text

    with recording_text() as drawn:
        draw_scene(pygame.Surface((320, 240)), scene)
    return " | ".join(d.text for d in drawn)


def test_while_a_phone_asks_the_footer_says_the_question_and_the_address_stays() -> None:
    """The table pairs (issue 30): a phone's request alone draws nothing; the seat's button
    on the setup offers the seat, and the question naming that phone's code follows. From
    the offer on, the setup's footer says what the banner says, and the header keeps the
    address under the certificate's fingerprint (for the owner to compare)."""
    referee = Referee(clock=FakeClock(), rng=random.Random(2), record=MemoryRecord(),
                      setup=SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1,
                                          pool="device", timer=False))
    bridge = PhoneBridge(url="https://192.168.1.23:8443/", fingerprint="AB:CD")
    referee.attach_seat_screens(bridge)
    before = bridge.shared_public(referee.view())
    code = bridge.pairings.request(1).code
    bridge.publish(referee)
    asked = bridge.shared_public(referee.view())
    assert asked.banner == before.banner and asked.screen.prompt == before.screen.prompt
    assert bridge.take(referee, Press(Button.SEAT_2)) is False  # the table offers seat 2
    bridge.take(referee, Release(Button.SEAT_2))
    bridge.publish(referee)  # the one phone asking for it is named
    view = bridge.shared_public(referee.view())
    assert isinstance(view.screen, SetupView)
    assert view.banner is not None and code in view.banner.text
    assert view.screen.prompt == view.banner.text  # the footer says the same
    assert "Press OK to start" not in view.screen.prompt and "OK: yes" in view.screen.prompt
    texts = _drawn(Scene(view=view))
    assert "192.168.1.23:8443" in texts, texts  # the address line stays
    assert "Certificate AB:CD" in texts, texts  # and the fingerprint over it


def test_the_offer_before_any_phone_asks_is_the_footer_too() -> None:
    """The seat offered first: the screen says to scan the seat's code with its phone,
    footer and banner alike, with the address kept; the question follows if a phone asks
    the long way."""
    referee = Referee(clock=FakeClock(), rng=random.Random(2), record=MemoryRecord(),
                      setup=SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1,
                                          pool="device", timer=False))
    bridge = PhoneBridge(url="https://192.168.1.23:8443/", fingerprint="AB:CD")
    referee.attach_seat_screens(bridge)
    bridge.take(referee, Press(Button.SEAT_1))
    bridge.take(referee, Release(Button.SEAT_1))
    bridge.publish(referee)
    view = bridge.shared_public(referee.view())
    assert view.banner is not None and view.screen.prompt == view.banner.text
    assert view.screen.prompt == "Seat 1: scan the code with its phone now"
    assert "192.168.1.23:8443" in _drawn(Scene(view=view))
    code = bridge.pairings.request(0).code
    bridge.publish(referee)
    view = bridge.shared_public(referee.view())
    assert code in view.screen.prompt and view.screen.prompt == view.banner.text

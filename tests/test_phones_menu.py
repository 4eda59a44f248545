"""Phones on the device's own screen, against the real loop and its HTTPS server: the setup
carries the table's address (drawn as a QR code: tests/test_phones_qr.py), and the BACK
menu's "Phones" page shows who has a phone and takes a seat's phone away; the seat then has
the button flow again, and only the table (the same page, then OK) gives it a phone again."""

from __future__ import annotations

import time
from pathlib import Path

from phones_device import Device, pair, running_device

from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView
from coda_pi.referee.shared.seat_screens import PhonesView
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import MenuView, SetupView


def _open_phones_page(device: Device) -> PhonesView:
    device.press(Button.BACK)
    menu = device.until(lambda: device.app.scene.view.overlay)
    assert isinstance(menu, MenuView) and "Phones" in menu.items
    for _ in range(menu.items.index("Phones")):
        device.press(Button.NEXT)
    device.press(Button.OK)
    page = device.until(lambda: (o := device.app.scene.view.overlay)
                        and isinstance(o, PhonesView) and o)
    assert isinstance(page, PhonesView)
    return page


def test_the_setup_shows_where_phones_go_and_who_has_one(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        screen = device.app.scene.view.screen
        assert isinstance(screen, SetupView) and screen.phones is not None
        assert screen.phones.url == device.phones.url
        assert screen.phones.fingerprint == device.phones.fingerprint
        assert screen.phones.paired == frozenset()
        pair(device, device.phone(), 1)
        device.until(lambda: device.app.scene.view.screen.phones.paired == frozenset({1}))


def test_the_menu_takes_a_seat_s_phone_away_and_only_the_table_gives_it_back(
        tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        device.press(Button.OK)  # Start
        device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        page = _open_phones_page(device)
        assert page.lines[:2] == ("1. Ann: phone", "2. Ben: phone") and page.cursor == 0
        device.press(Button.OK)  # Ann's phone is taken away
        device.until(lambda: device.phones.bridge.pairings.paired() == frozenset({1}))
        assert ann.page()[0] == 403  # the page goes back to choosing a seat
        assert ben.page()[0] == 200  # Ben's phone keeps its seat
        page = device.until(lambda: (o := device.app.scene.view.overlay)
                            and o.lines[0] == "1. Ann" and o)
        assert "Seat 1 has no phone now" in device.app.scene.view.banner.text
        device.press(Button.BACK)  # the page closes
        device.until(lambda: device.app.scene.view.overlay is None)
        # Ann's button shows her entry on the shared screen again.
        device.app.queue.put(Press(Button.SEAT_1))
        assert isinstance(device.until(lambda: device.app.scene.private), EntryPrivateView)
        device.app.queue.put(Release(Button.SEAT_1))
        device.until(lambda: device.app.scene.private is None)
        # Her phone asks again: nothing happens, her button is the game's, until the table
        # offers her seat on the Phones page and says yes.
        asked = ann.ask(0)
        time.sleep(0.3)
        assert ann.collect(asked["rid"]) == (200, {"wait": True})
        device.seat(0)
        time.sleep(0.3)
        assert ann.collect(asked["rid"]) == (200, {"wait": True})
        page = _open_phones_page(device)
        assert page.keys.startswith("OK: give seat 1 a phone")
        device.press(Button.OK)
        device.until(lambda: asked["code"] in device.question())
        device.press(Button.OK)
        device.until(lambda: ann.collect(asked["rid"])[1].get("secret"))
        assert ann.page()[0] == 200
        # The page did its work: it closes, so Ann's phone plays at once.
        device.until(lambda: device.app.scene.view.overlay is None)
        assert device.app.errors == []


def test_phones_do_nothing_while_the_phones_page_is_open(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        device.press(Button.OK)
        device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))
        ann = device.phone()
        pair(device, ann, 0)
        _open_phones_page(device)
        bridge = device.phones.bridge
        before = bridge.taken
        assert ann.tap(kind="tile", dark=True, value="1") == 409  # refused, not "done"
        device.until(lambda: bridge.published >= before + 1)
        overlay = device.app.scene.view.overlay
        assert isinstance(overlay, PhonesView) and overlay.cursor == 0
        assert bridge.pairings.paired() == frozenset({0})
        device.press(Button.BACK)
        device.until(lambda: device.app.scene.view.overlay is None)
        got = device.until(lambda: (r := ann.page())[1]["page"]["private"] and r)[1]
        assert [s["label"] for s in got["page"]["private"]["slots"]] == [None] * 4


def test_mastermind_offers_the_phones_page_too_through_the_game_switch() -> None:
    """The switch hands the port to the Mastermind referee: its setup carries the address,
    its BACK menu the Phones page, which takes the maker's phone away."""
    import random

    from coda_pi.phones.bridge import PhoneBridge
    from coda_pi.referee.mastermind.referee import MastermindReferee
    from coda_pi.referee.mastermind.setup import MastermindOptions
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.referee.switch import GameSwitch
    from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

    clock = FakeClock()
    referee = MastermindReferee(clock=clock, rng=random.Random(1), record=MemoryRecord(),
                                options=MastermindOptions(names=("Ann", "Ben")),
                                new_record=MemoryRecord)
    switch = GameSwitch(referee, make_coda=lambda *a: None, clock=clock,
                        rng=random.Random(1), setup=SetupDefaults(),
                        mastermind_record=MemoryRecord)
    bridge = PhoneBridge(url="https://10.42.0.1:8443/", fingerprint="AB:CD")
    switch.attach_seat_screens(bridge)
    setup = switch.view().screen
    assert isinstance(setup, SetupView) and setup.phones is not None
    assert setup.phones.address == "https://10.42.0.1:8443"
    assert bridge.pairings.complete(bridge.pairings.request(0).rid)
    table = Table(switch, clock)  # type: ignore[arg-type]
    table.tap(Button.NEXT, 2)  # from "Game" past "Mode" to "Start"
    table.tap(Button.OK)
    assert switch.game is not None
    # The maker's phone holds the code: the referee's public question says so, not a press.
    assert switch.private_view_of(0) is not None and switch.private_view() is None
    table.tap(Button.BACK)
    menu = switch.view().overlay
    assert isinstance(menu, MenuView) and "Phones" in menu.items
    table.tap(Button.NEXT, menu.items.index("Phones"))
    table.tap(Button.OK)
    page = switch.view().overlay
    assert isinstance(page, PhonesView) and page.lines == ("1. Ann: phone", "2. Ben", "Back")
    assert switch.private_view_of(0) is None  # nothing private while the page is up
    table.tap(Button.OK)
    assert bridge.pairings.paired() == frozenset()
    assert switch.view().overlay.lines[0] == "1. Ann"

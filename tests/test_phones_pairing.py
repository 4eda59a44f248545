"""Phones as seat screens, against the real device loop and its real HTTPS server: a seat
is given to a phone only by its own button, a phone holds it by an unguessable secret,
comes back after a reload, and a seat's page goes to no other connection."""

from __future__ import annotations

import json
from pathlib import Path

from phones_device import Phone, SteppedClock, pair, running_device

from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView
from coda_pi.referee.shared.seat_screens import WITHOUT_A_PHONE, LookAtPhoneView, PhonesView
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import Banner
from coda_pi.ui.scene import Scene


def drawn_texts(scene: Scene) -> str:
    """Every word the shared screen draws for ``scene`` (lines joined by spaces)."""
    import pygame

    from coda_pi.ui.screens import draw_scene
    from coda_pi.ui.text import recording_text

    with recording_text() as drawn:
        draw_scene(pygame.Surface((480, 320)), scene)
    return " ".join(d.text for d in drawn)


def _start(device) -> None:  # noqa: ANN001 - the helper's Device
    device.press(Button.OK)  # the setup opens on Start
    device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))


def test_a_seat_is_paired_only_when_the_table_offers_it_and_says_yes(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        phone = device.phone()
        asked = phone.ask(1)
        assert len(asked["rid"]) >= 20 and len(asked["code"]) == 4
        assert phone.collect(asked["rid"]) == (200, {"wait": True})
        device.seat(0)  # the setup: the table offers seat 1, which nobody asked for
        device.until(lambda: device.app.stats.intents >= 2)
        assert phone.collect(asked["rid"]) == (200, {"wait": True})
        assert phone.page()[0] == 403
        device.seat(1)  # ... then seat 2: the screen names the phone's code, for the table
        device.until(lambda: "Seat 2 to phone " + asked["code"] in device.question())
        device.press(Button.OK)  # the table confirms: yes
        status, got = device.until(lambda: (r := phone.collect(asked["rid"]))[1].get(
            "secret") and r)
        assert status == 200 and got["seat"] == 1 and len(got["secret"]) >= 32
        # Collected once: a second look at the same request learns nothing.
        assert phone.collect(asked["rid"])[0] == 404
        status, page = phone.page()
        assert status == 200 and page["page"]["seat"] == 1


def test_the_pairing_press_is_not_a_button_press_for_the_game(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        pair(device, device.phone(), 1)
        # Ann (seat 1) enters first: seat 2's press paired a phone and did nothing else.
        screen = device.app.scene.view.screen
        assert isinstance(screen, EntryWaitView) and screen.seat == 0
        assert device.app.errors == []


def test_a_new_pairing_of_a_seat_locks_the_old_phone_out(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        first, second = device.phone(), device.phone()
        pair(device, first, 0)
        assert first.page()[0] == 200
        pair(device, second, 0)
        assert second.page()[0] == 200
        assert first.page()[0] == 403
        assert first.tap(kind="key", key="ok") == 403


def test_guessed_and_missing_secrets_get_nothing(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        owner, intruder = device.phone(), device.phone()
        pair(device, owner, 0)
        for guess in ("", "x", owner.secret[:-1] + "A", "0" * 32):  # type: ignore[index]
            assert intruder.request("GET", "/api/page", secret=guess)[0] == 403
            assert intruder.request("POST", "/api/tap", {"kind": "key", "key": "ok"},
                                    secret=guess)[0] == 403
        assert intruder.request("GET", "/api/pair/not-a-request")[0] == 404


def test_a_reloaded_phone_comes_back_to_its_seat_with_its_secret(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        phone = device.phone()
        pair(device, phone, 0)
        status, got = phone.page()
        version = got["v"]
        assert got["page"]["private"]["kind"] == "EntryPrivateView"
        # A reload: a new page with the secret it kept, starting from nothing.
        again = Phone(device.base, device.cafile)
        again.secret = phone.secret
        status, got = again.page(after=0)
        assert status == 200 and got["v"] == version and got["page"]["seat"] == 0


def test_taps_enter_a_starting_row_one_tap_per_panel(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        for tile in ("D1", "L4", "D7", "L10"):
            assert ann.tap(kind="tile", dark=tile[0] == "D", value=tile[1:]) == 200
        status, got = device.until(lambda: (r := ann.page())[1]["page"]["actions"][
            "confirm"] and r)
        slots = got["page"]["private"]["slots"]
        assert [(s["dark"], s["label"]) for s in slots] == [
            (True, "1"), (False, "4"), (True, "7"), (False, "10")]
        assert ann.tap(kind="key", key="ok") == 200
        device.until(lambda: device.app.scene.view.screen.seat == 1)
        # Ben's page shows the entry; Ann's shows her row and no grid.
        status, got = ben.page()
        assert got["page"]["actions"]["grid"] is not None
        status, got = ann.page()
        assert got["page"]["actions"]["grid"] is None
        assert [p["label"] for p in got["page"]["own"]["row"]] == ["1", "4", "7", "10"]
        # Ben is not asked to act for Ann: a tap of his out of turn does nothing.
        records = device.app.records
        assert records is not None


def test_the_shared_screen_says_look_at_your_phone_for_a_paired_seat(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        pair(device, device.phone(), 0)
        device.app.queue.put(Press(Button.SEAT_1))
        private = device.until(lambda: device.app.scene.private)
        assert isinstance(private, LookAtPhoneView) and private.seat == 0
        assert "Look at your phone" in drawn_texts(device.app.scene)
        device.app.queue.put(Release(Button.SEAT_1))
        device.until(lambda: device.app.scene.private is None)


def test_an_unpaired_seat_keeps_the_button_flow(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        pair(device, device.phone(), 1)  # Ben has a phone; Ann (entering now) has none
        device.app.queue.put(Press(Button.SEAT_1))
        private = device.until(lambda: device.app.scene.private)
        assert isinstance(private, EntryPrivateView)
        device.app.queue.put(Release(Button.SEAT_1))


def test_the_page_speaks_the_device_s_language(tmp_path: Path) -> None:
    from coda_pi import i18n

    with running_device(tmp_path) as device:
        i18n.set_language("es")
        device.press(Button.OK)
        phone = device.phone()
        pair(device, phone, 0)
        status, got = phone.page()
        page = got["page"]
        assert page["lang"] == "es"
        assert page["words"]["choose"] == "¿Cuál es tu puesto?"
        assert page["words"]["your_row"] == "Tu fila"
        status, seats = phone.request("GET", "/api/seats")
        assert seats["words"]["press"] == (
            "Ahora en el dispositivo: botón de puesto {number} (en partida: BACK, Móviles, "
            "puesto {number}, OK), y luego OK")


def test_a_phone_gives_its_seat_back_and_the_button_flow_returns(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        phone = device.phone()
        pair(device, phone, 0)
        assert phone.request("POST", "/api/leave", {})[0] == 204
        assert phone.page()[0] == 403
        device.until(lambda: 0 not in device.phones.bridge.pairings.paired())
        device.app.queue.put(Press(Button.SEAT_1))
        private = device.until(lambda: device.app.scene.private)
        assert isinstance(private, EntryPrivateView)  # on the shared screen again
        device.app.queue.put(Release(Button.SEAT_1))


def test_a_game_with_a_seat_without_phone_says_once_how_to_keep_it_private(
        tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        pair(device, device.phone(), 0)
        device.press(Button.OK)
        device.until(lambda: device.app.scene.view.banner is not None
                     and device.app.scene.view.banner.text == WITHOUT_A_PHONE)


def test_two_phones_asking_for_one_seat_get_nothing_from_its_button(tmp_path: Path) -> None:
    """The table cannot tell the owner's phone from an intruder's asking at the same time:
    neither gets the seat, no question is asked, and the screen says so."""
    with running_device(tmp_path) as device:
        owner, intruder = device.phone(), device.phone("127.0.0.2")
        asked = [owner.ask(0)["rid"], intruder.ask(0)["rid"]]
        device.until(lambda: len(device.phones.bridge.pairings.waiting()) == 2)
        device.seat(0)
        device.until(lambda: device.app.scene.view.banner is not None
                     and "Two phones" in device.app.scene.view.banner.text)
        assert device.question() == ""
        assert [p.collect(rid)[0] for p, rid in zip((owner, intruder), asked,
                                                     strict=True)] == [404, 404]
        assert device.phones.bridge.pairings.paired() == frozenset()
        pair(device, owner, 0)  # asked again alone: paired
        assert owner.page()[0] == 200


def test_device_dealt_play_deals_and_draws_to_the_phone(tmp_path: Path) -> None:
    from coda_pi.referee.shared.views import DealView, TurnStep, TurnView

    with running_device(tmp_path, pool="device") as device:
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        device.press(Button.OK)
        device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
        for seat, phone in ((0, ann), (1, ben)):
            got = device.until(lambda p=phone: (r := p.page())[1]["page"]["private"] and r)[1]
            private = got["page"]["private"]
            # First the colours of the starting panels (issue 24), on "any mix": face down.
            assert private["purpose"] == "deal" and len(private["row"]) == 4
            assert {p["label"] for p in private["row"]} == {"?"}
            assert {p["dark"] for p in private["row"]} == {None}  # no colour yet: any mix
            assert phone.tap(kind="key", key="ok") == 200  # any mix: the device deals
            got = device.until(lambda p=phone: (r := p.page())[1]["page"]["private"]
                               and "?" not in {t["label"] for t in r[1]["page"]["private"]["row"]}
                               and r)[1]
            private = got["page"]["private"]
            assert private["purpose"] == "deal" and len(private["row"]) == 4
            assert all(p["label"] is not None for p in private["row"])
            # The other phone sees no row of this seat's, only its own (none yet).
            other = (ben if phone is ann else ann).page()[1]["page"]
            assert other["private"] is None
            assert phone.tap(kind="key", key="ok") == 200
            device.until(lambda s=seat: device.app.scene.view.screen.__class__ is not DealView
                         or device.app.scene.view.screen.seat != s)
        screen = device.until(lambda: isinstance(s := device.app.scene.view.screen, TurnView)
                              and s)
        assert screen.step is TurnStep.CHOOSE_COLOR and screen.seat == 0
        assert ben.tap(kind="key", key="ok") == 409  # not Ben's turn: refused, nothing happens
        assert ann.tap(kind="key", key="ok") == 200  # Ann draws
        got = device.until(lambda: (r := ann.page())[1]["page"]["own"]["drawn"] and r)[1]
        assert got["page"]["own"]["drawn"]["label"] is not None
        assert ben.page()[1]["page"]["own"]["drawn"] is None
        record = next((tmp_path / "data").glob("coda-*.jsonl")).read_text().splitlines()
        assert [json.loads(line).get("event") for line in record[1:]] == [
            "round", "deal", "deal", "draw"]


def test_a_phone_cannot_answer_the_table_s_menu(tmp_path: Path) -> None:
    """The BACK menu and its questions (undo, end the game, quit) are the table's: a phone's
    keys, even forged ones, do nothing while it is up."""
    from coda_pi.referee.shared.views import MenuView

    with running_device(tmp_path) as device:
        _start(device)
        phone = device.phone()
        pair(device, phone, 0)
        device.press(Button.BACK)
        device.until(lambda: isinstance(device.app.scene.view.overlay, MenuView))
        got = device.until(lambda: (r := phone.page())[1]["page"]["public"]["overlay"] and r)
        assert got[1]["page"]["actions"]["keys"] is False
        bridge = device.phones.bridge
        before = bridge.taken
        for key in ("next", "next", "next", "ok", "ok"):
            assert phone.tap(kind="key", key=key) == 409  # refused: the menu is the table's
        device.until(lambda: bridge.published >= before + 5)  # all five reached the loop
        overlay = device.app.scene.view.overlay
        assert isinstance(overlay, MenuView) and overlay.cursor == 0
        assert not device.app.referee.quit_requested and device.app.running


def test_the_page_is_small_and_loads_nothing_from_elsewhere() -> None:
    import re

    from coda_pi.phones.server import STATIC, page_weight, static_bytes

    assert page_weight() < 150_000
    for name, _kind in STATIC.values():
        text = static_bytes(name).decode()
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text), name
        assert "import " not in text and "<iframe" not in text, name


def test_a_page_s_version_counts_only_its_own_changes(tmp_path: Path) -> None:
    """While Ann enters her row (her page changes at every tap) Ben's page does not change,
    and neither does its version: a count shared by all pages would tell Ben how often."""
    with running_device(tmp_path) as device:
        _start(device)
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        ben_before = ben.page()[1]
        ann_before = ann.page()[1]["v"]
        bridge = device.phones.bridge
        taken = bridge.taken
        for tile in ("D1", "L4", "D7"):
            assert ann.tap(kind="tile", dark=tile[0] == "D", value=tile[1:]) == 200
        device.until(lambda: bridge.published >= taken + 3)
        got = ann.page()[1]
        assert got["v"] > ann_before  # Ann's page changed (taps drained together: once)
        assert [s["label"] for s in got["page"]["private"]["slots"]][:3] == ["1", "4", "7"]
        assert ben.page()[1] == ben_before
        status, _ = ben.request("GET", f"/api/page?after={ben_before['v']}&wait=0.5")
        assert status == 204  # the long poll ends with nothing new


def test_the_fallback_sentence_is_said_once_per_game_not_after_an_undo(
        tmp_path: Path) -> None:
    clock = SteppedClock()
    with running_device(tmp_path, clock=clock) as device:
        ann = device.phone()
        pair(device, ann, 0)
        device.press(Button.OK)
        device.until(lambda: device.app.scene.view.banner is not None
                     and device.app.scene.view.banner.text == WITHOUT_A_PHONE)
        for tile in ("D1", "L4", "D7", "L10"):
            ann.tap(kind="tile", dark=tile[0] == "D", value=tile[1:])
        ann.tap(kind="key", key="ok")
        device.until(lambda: device.app.scene.view.screen.seat == 1)
        seen = device.app.stats.intents
        device.app.queue.put(Press(Button.BACK))  # held 2 s: undo
        device.until(lambda: device.app.stats.intents > seen)  # the press is down
        clock.skip(2.2)  # ... and held that long, on the device's clock
        device.app.queue.put(Release(Button.BACK))
        device.until(lambda: device.app.scene.view.overlay is not None)
        device.press(Button.OK)  # yes, undo Ann's row
        device.until(lambda: device.app.scene.view.screen.seat == 0)
        banner = device.app.scene.view.banner
        assert banner is None or banner.text != WITHOUT_A_PHONE


def test_a_mastermind_maker_sets_the_code_on_the_phone(tmp_path: Path) -> None:
    """Mastermind's private step, the code behind the shield, goes to the maker's phone and
    is set from it; the shared screen says to look at the phone."""
    from coda_pi.referee.shared.views import SetupView

    with running_device(tmp_path) as device:
        phone = device.phone()
        pair(device, phone, 0)

        def item() -> str:
            screen = device.app.scene.view.screen
            assert isinstance(screen, SetupView)
            return screen.items[screen.cursor].key

        def to(key: str) -> None:
            for _ in range(12):
                if item() == key:
                    return
                before = device.phones.bridge.published
                device.press(Button.PREV)
                device.until(lambda b=before: device.phones.bridge.published >= b + 2)
            raise AssertionError(f"no {key} in the setup")

        to("game")
        device.press(Button.OK)
        device.press(Button.PREV)  # Coda, Coda with dashes, Mastermind: round to Mastermind
        device.press(Button.OK)
        device.until(lambda: "Mastermind" in device.app.scene.view.title)
        to("Start")
        device.press(Button.OK)
        got = device.until(lambda: (r := phone.page())[1]["page"]["private"] and r)[1]
        private = got["page"]["private"]
        assert private["kind"] == "MastermindPrivateView" and got["page"]["actions"]["keys"]
        pegs = len(private["code"])
        device.app.queue.put(Press(Button.SEAT_1))  # the maker's button on the device
        shown = device.until(lambda: device.app.scene.private)
        assert isinstance(shown, LookAtPhoneView) and shown.seat == 0
        texts = drawn_texts(device.app.scene)  # the frame the maker's press puts on screen
        assert "Look at your phone" in texts and "Peg" not in texts
        device.app.queue.put(Release(Button.SEAT_1))
        device.until(lambda: device.app.scene.private is None)
        for _ in range(pegs):
            assert phone.tap(kind="key", key="next") == 200
            assert phone.tap(kind="key", key="ok") == 200
        device.until(lambda: phone.page()[1]["page"]["private"] is None)
        assert device.app.errors == []
        # The code is set: the other seat now breaks it (the screen moved on from the code).
        assert device.app.referee.view().screen.__class__.__name__ != "SetupView"


def test_a_press_for_the_game_does_not_give_a_seat_to_a_waiting_phone(tmp_path: Path) -> None:
    """An intruder asks for Ben's seat and waits for Ben's button to be pressed for the game
    (to see his entry, to be attacked): the press is the game's and asks nothing. When the
    table does offer the seat, the question names the intruder's code, and any button but
    OK refuses; the intruder gets nothing."""
    with running_device(tmp_path) as device:
        _start(device)
        intruder = device.phone("127.0.0.2")
        rid = intruder.ask(1)["rid"]
        device.until(lambda: device.phones.bridge.pairings.waiting())
        bridge = device.phones.bridge
        before = bridge.published
        device.seat(1)  # Ben's button, pressed for the game
        device.until(lambda: bridge.published >= before + 2)
        assert device.question() == ""
        device.offer(1)  # the table offers it: the question names the intruder's code
        device.until(lambda: "Seat 2 to phone" in device.question())
        device.press(Button.BACK)  # not OK: no
        device.until(lambda: "stays without a phone" in device.app.scene.view.banner.text)
        assert intruder.collect(rid)[0] == 404
        assert bridge.pairings.paired() == frozenset()
        # The BACK answered: it neither opened the menu nor closed the Phones page.
        assert isinstance(device.app.scene.view.overlay, PhonesView)
        device.close_phones_page()
        before = bridge.published
        device.seat(1)  # now a press for the game again: nothing is asked
        device.until(lambda: bridge.published >= before + 2)
        assert bridge.pairings.paired() == frozenset()
        assert "to phone" not in (device.app.scene.view.banner or Banner("")).text

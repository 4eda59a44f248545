"""The seat's own QR code (issue 32): when the table offers a seat, the device draws a code
carrying a one-time token, and the phone that opens it holds the seat at once. Against the
real loop and its HTTPS server; strangers connect from other loopback addresses.

The attacker's tests first: a token replayed, guessed, used for another seat, run out or
withdrawn pairs nobody, and the token never leaves the device's screen (no page, no seat
list, no log line)."""

from __future__ import annotations

import base64
import logging
import secrets
import ssl
import time
from pathlib import Path

import pytest
from phones_device import Device, pair, running_device

from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.seat_screens import LookAtPhoneView, PhonesView
from coda_pi.referee.shared.signals import Button, Press, Release


def _start(device: Device) -> None:
    device.press(Button.OK)  # the setup opens on Start
    device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))


def _offered(device: Device, seat: int) -> str:
    """The table offers ``seat`` and the screen draws its code: the address it carries."""
    device.offer(seat)
    return str(device.until(device.seat_code))


def _token(url: str) -> str:
    return url.split("#", 1)[1].split(".", 1)[1]


def test_the_owner_scans_the_seat_s_code_on_the_setup_and_holds_the_seat_at_once(
        tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        url = _offered(device, 1)  # the seat's button on the setup
        assert url.startswith(device.phones.bridge.url) and "#1." in url
        owner = device.phone()
        status, got = owner.scan(url)
        assert status == 200 and got["seat"] == 1
        assert owner.page()[0] == 200  # no OK on the device: the code was the proof
        device.until(lambda: "Seat 2 is paired" in device.app.scene.view.banner.text)
        device.until(lambda: device.seat_code() == "")  # the code leaves the screen
        assert device.phones.bridge.pairings.paired() == frozenset({1})
        # 96 random bits: far past the 64 a stranger could not guess at six tries a minute.
        assert len(base64.urlsafe_b64decode(_token(url) + "==")) >= 8


def test_a_replayed_code_pairs_nobody(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        url = _offered(device, 1)
        owner = device.phone()
        assert owner.scan(url)[0] == 200
        # Someone photographed the code, or the phone's history kept it: used once, gone.
        assert device.phone("127.0.0.2").scan(url) == (403, {"gone": True})
        assert device.phone().scan(url)[0] == 403  # the same address too
        assert owner.page()[0] == 200  # the owner keeps the seat


def test_guessed_codes_pair_nobody_and_the_guesser_is_slowed_down(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        url = _offered(device, 1)
        stranger = device.phone("127.0.0.2")
        answers = []
        for _n in range(10):
            try:
                answers.append(stranger.claim(1, secrets.token_urlsafe(12))[0])
            except (OSError, ssl.SSLError):  # turned away at the door: too fast
                answers.append(0)
            time.sleep(0.15)
        assert 200 not in answers
        assert answers.count(403) <= 6 and answers[-1] == 429  # six tries a minute
        status, got = stranger.request("POST", "/api/claim",
                                       {"seat": 1, "token": secrets.token_urlsafe(12)})
        assert status == 429 and got["why"] == "often" and 1 <= got["retry"] <= 60
        assert device.phones.bridge.pairings.paired() == frozenset()
        assert device.phone().scan(url)[0] == 200  # wrong guesses did not spend the code


def test_a_code_drawn_for_one_seat_pairs_no_other(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        url = _offered(device, 1)
        phone = device.phone()
        assert phone.claim(0, _token(url))[0] == 403  # seat 2's code, for seat 1
        assert device.phones.bridge.pairings.paired() == frozenset()
        assert phone.claim(1, _token(url))[0] == 200  # for its own seat it still works


def test_a_code_runs_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import coda_pi.phones.pairing

    monkeypatch.setattr(coda_pi.phones.pairing, "TOKEN_SECONDS", 0.3)
    with running_device(tmp_path) as device:
        url = _offered(device, 1)
        time.sleep(0.5)
        assert device.phone().scan(url)[0] == 403
        assert device.phones.bridge.pairings.paired() == frozenset()


def test_a_new_code_withdraws_the_one_drawn_before(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        first = _offered(device, 1)
        second = _offered(device, 0)  # the table pressed another seat's button
        assert device.phone().scan(first)[0] == 403
        again = _offered(device, 1)
        assert again != first  # a new token each time the code is drawn
        assert device.phone().scan(again)[0] == 200
        assert device.phone("127.0.0.2").scan(second)[0] == 403  # withdrawn by seat 2's


def test_the_code_never_leaves_the_device_s_screen(tmp_path: Path,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with running_device(tmp_path) as device:
        ann = device.phone()
        assert ann.scan(_offered(device, 0))[0] == 200
        url = _offered(device, 1)  # Ann's phone is paired while seat 2's code is drawn
        token = _token(url)
        device.settled()
        status, page = ann.page()
        assert status == 200 and token not in str(page) and "phones" not in page["page"][
            "public"]["screen"]
        assert token not in device.phone("127.0.0.2").request("GET", "/api/seats")[1].__str__()
        assert device.phone("127.0.0.3").scan(url)[0] == 200
        assert not [r for r in caplog.records if token in r.getMessage()]


def test_in_a_game_the_phones_page_draws_the_seat_s_code(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        url = _offered(device, 0)  # BACK, Phones, seat 1, OK: the page stays, with its code
        page = device.app.scene.view.overlay
        assert isinstance(page, PhonesView) and page.card.code_url == url
        assert page.keys.startswith("Seat 1: scan the code")  # the footer says it too
        ann = device.phone()
        assert ann.scan(url)[0] == 200
        # The page has done its work: it closes, and Ann's phone plays at once.
        device.until(lambda: device.app.scene.view.overlay is None)
        assert "Seat 1 is paired" in device.app.scene.view.banner.text
        # Ann's button on the shared screen sends her to her phone now.
        device.app.queue.put(Press(Button.SEAT_1))
        assert isinstance(device.until(lambda: device.app.scene.private), LookAtPhoneView)
        device.app.queue.put(Release(Button.SEAT_1))
        pair(device, device.phone(), 1)  # the long way still works beside it
        assert device.phones.bridge.pairings.paired() == frozenset({0, 1})


def test_a_code_is_spent_by_its_first_use_before_the_loop_hears_of_it() -> None:
    """Between the phone's claim and the loop's next wake-up, the same token from another
    phone (a photograph of the screen) must already be spent."""
    from coda_pi.phones.pairing import Pairings

    pairings = Pairings()
    token = pairings.offer(2)
    assert pairings.claim(2, token, "10.0.0.5") is not None
    assert pairings.claim(2, token, "10.0.0.6") is None
    assert pairings.claimed() == [2] and pairings.claimed() == []


def test_a_scan_while_the_long_way_s_question_is_up_ends_it_and_its_press_does_nothing(
        tmp_path: Path) -> None:
    """On the setup the question is up ("Seat 2 to phone 4711?") when the owner scans the
    seat's code instead: the seat is the scanning phone's, the question goes, and the OK
    the table was pressing for it does not start the game."""
    with running_device(tmp_path) as device:
        asker = device.phone("127.0.0.2")
        asked = asker.ask(1)
        device.until(lambda: device.phones.bridge.pairings.waiting())
        url = _offered(device, 1)
        device.until(lambda: asked["code"] in device.question())
        owner = device.phone()
        assert owner.scan(url)[0] == 200
        device.until(lambda: device.question() == "")
        device.press(Button.OK)  # meant for the question that just went
        device.settled()
        assert not isinstance(device.app.scene.view.screen, EntryWaitView)  # not started
        assert asker.collect(asked["rid"])[0] == 404
        assert owner.page()[0] == 200


def test_a_code_that_ran_out_leaves_the_screen_with_no_press(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A code left on the screen after it stopped working sends the next phone to "it ran
    # out": the device wakes when it runs out and draws the screen without it, though
    # nobody pressed anything.
    import coda_pi.phones.bridge
    import coda_pi.phones.pairing

    monkeypatch.setattr(coda_pi.phones.pairing, "TOKEN_SECONDS", 0.4)
    monkeypatch.setattr(coda_pi.phones.bridge, "INVITE_SECONDS", 0.6)
    with running_device(tmp_path) as device:
        frames = device.app.stats.frames
        url = _offered(device, 1)
        assert "#1." in url
        device.until(lambda: device.seat_code() == "", timeout=5)
        assert device.app.stats.frames > frames
        # ... and the offer after it, so nothing is left to wake for.
        device.until(lambda: device.phones.bridge.runs_out_in() is None, timeout=5)


def test_an_address_that_comes_up_after_the_start_is_on_the_qr_code_with_no_press(
        tmp_path: Path) -> None:
    # The access point may come up after the device (issue 35): the kernel's notice wakes
    # the loop, and a wake-up with no intent builds no view, so the code must be told.
    from coda_pi.phones.address_watch import moved_then

    with running_device(tmp_path) as device:
        bridge = device.phones.bridge
        device.settled()
        card = device.app.scene.view.screen.phones
        assert "10.42.0.1" not in card.url
        bridge.locate = lambda: ["https://10.42.0.1:8443/"]
        moved_then(bridge, device.app.queue.wake)()
        device.until(lambda: device.app.scene.view.screen.phones.url
                     == "https://10.42.0.1:8443/", timeout=5)

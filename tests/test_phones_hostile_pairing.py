"""A stranger on the table's Wi-Fi against the pairing (issue 30, items 1 and 5), with no
secret and no button, against the real loop and its HTTPS server. Strangers connect from
other loopback addresses (127.0.0.2 ...), as other devices on the Wi-Fi would.

Each test is an attack that worked before: pushing the owner's request out and asking
again until its code was the owner's; a request that took the next press of a seat button
hostage; a flood of requests that drew a banner each; bodies that raised in the server."""

from __future__ import annotations

import contextlib
import json
import socket
import ssl
import time
from pathlib import Path

import pytest
from phones_device import Device, pair, running_device

from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView
from coda_pi.referee.shared.seat_screens import PhonesView
from coda_pi.referee.shared.signals import Button, Press, Release


def _start(device: Device) -> None:
    device.press(Button.OK)  # the setup opens on Start
    device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))


def test_strangers_asking_again_never_push_the_owner_out_nor_find_its_code(
        tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        owner = device.phone()
        asked = owner.ask(1)
        assert len(asked["code"]) >= 4
        codes: list[str] = []
        for n in range(120):  # strangers from 30 addresses, four times each: past the full room
            try:
                status, got = device.phone(f"127.0.0.{2 + n % 30}").request(
                    "POST", "/api/pair", {"seat": 1})
            except (OSError, ssl.SSLError):  # turned away at the door: too fast
                continue
            assert status in (200, 429), status
            if status == 200:
                codes.append(got["code"])
        assert asked["code"] not in codes
        assert len(set(codes)) == len(codes)  # no code given twice

        def collected() -> tuple[int, object] | None:
            # Right after the flood the door may still turn away an address without a
            # seat, the owner's too (the strangers spent the pace): its page asks again.
            try:
                return owner.collect(asked["rid"])
            except (OSError, ssl.SSLError):
                return None

        assert device.until(collected) == (200, {"wait": True})  # still waiting


def test_one_address_may_ask_only_so_often(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        stranger = device.phone("127.0.0.2")
        answers = []
        for n in range(20):
            try:
                answers.append(stranger.request("POST", "/api/pair", {"seat": n % 2})[0])
            except (OSError, ssl.SSLError):  # turned away at the door: too fast
                answers.append(0)
            time.sleep(0.15)  # slower than the door's pace: the pairing's own limit shows
        assert answers.count(200) <= 6 and answers[-1] == 429
        assert device.phone("127.0.0.3").request("POST", "/api/pair", {"seat": 0})[0] == 200


def test_a_seat_button_reaches_the_game_while_a_stranger_waits_for_that_seat(
        tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        device.phone("127.0.0.2").ask(0)  # Ann enters now; a stranger asks for her seat
        device.until(lambda: device.phones.bridge.pairings.waiting())
        for _ in range(3):
            device.app.queue.put(Press(Button.SEAT_1))  # Ann holds her button to enter
            private = device.until(lambda: device.app.scene.private)
            assert isinstance(private, EntryPrivateView) and private.seat == 0
            device.app.queue.put(Release(Button.SEAT_1))
            device.until(lambda: device.app.scene.private is None)
        assert device.question() == "" and device.phones.bridge.pairings.paired() == set()


def test_ok_pairs_only_the_phone_the_question_named_and_a_new_asker_withdraws_it(
        tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        _start(device)
        owner, stranger = device.phone(), device.phone("127.0.0.2")
        asked = owner.ask(1)
        device.until(lambda: device.phones.bridge.pairings.waiting())
        device.offer(1)  # the table: BACK, Phones, seat 2, OK
        device.until(lambda: asked["code"] in device.question())
        late = stranger.ask(1)  # between the question and the table's OK
        device.until(lambda: device.question() == "")  # withdrawn at once
        assert "Another phone asked for seat 2" in device.app.scene.view.banner.text
        bridge = device.phones.bridge
        before = bridge.published
        # A button meant for the question (any answers it): it answers nothing now, and
        # the device does not see it either (BACK would close the Phones page).
        device.app.queue.put(Press(Button.BACK))
        device.until(lambda: bridge.published >= before + 1)
        assert isinstance(device.app.scene.view.overlay, PhonesView)
        device.app.queue.put(Release(Button.BACK))
        device.close_phones_page()
        device.app.queue.put(Press(Button.SEAT_1))  # the next press is the game's again
        assert isinstance(device.until(lambda: device.app.scene.private), EntryPrivateView)
        device.app.queue.put(Release(Button.SEAT_1))
        assert owner.collect(asked["rid"])[0] == 404
        assert stranger.collect(late["rid"])[0] == 404
        assert device.phones.bridge.pairings.paired() == set()
        pair(device, owner, 1)  # offered again, asked alone: paired
        assert owner.page()[0] == 200


def test_a_flood_of_requests_draws_no_banner_and_one_question_at_most(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import coda_pi.phones.bridge

    # The press right after a withdrawn question is its answer: no wait for it here.
    monkeypatch.setattr(coda_pi.phones.bridge, "WITHDRAWN_SECONDS", 0.2)
    with running_device(tmp_path) as device:
        _start(device)
        seen: set[str] = set()
        for n in range(60):
            with contextlib.suppress(OSError, ssl.SSLError):  # the door may turn it away
                device.phone(f"127.0.0.{2 + n % 20}").request("POST", "/api/pair",
                                                             {"seat": n % 2})
            banner = device.app.scene.view.banner
            if banner is not None:
                seen.add(banner.text)
        assert not [text for text in seen if "asks for seat" in text or "to phone" in text], seen
        # Offered, the seat draws one question, withdrawn as soon as another asks.
        device.offer(1)
        questions: set[str] = set()
        for n in range(20):
            with contextlib.suppress(OSError, ssl.SSLError):
                device.phone(f"127.0.0.{30 + n}").request("POST", "/api/pair", {"seat": 1})
            if text := device.question():
                questions.add(text)
        device.until(lambda: device.question() == "")
        # The first asker drew it, the second withdrew it and ended the offer: the rest
        # draw nothing, and the table offers the seat again when it wants to.
        assert len(questions) <= 1
        # Nothing left behind: the next press is the game's.
        time.sleep(0.3)
        device.close_phones_page()
        device.app.queue.put(Press(Button.SEAT_1))
        assert isinstance(device.until(lambda: device.app.scene.private), EntryPrivateView)
        device.app.queue.put(Release(Button.SEAT_1))
        assert device.phones.bridge.pairings.paired() == set()


BAD_BODIES = [
    b'{"seat": 1e400}', b'{"seat": "2"}', b'{"seat": 1.5}', b'{"seat": true}',
    b'{"seat": -1}', b'{"seat": 99}', b'{"seat": NaN}', b'{"seat": Infinity}',
    b'[' * 1000 + b']' * 1000, b'{"seat": ' + b'[' * 600 + b']' * 600 + b'}',
    b'{"seat": 1, "x": 2}', b'{"seat": ' + b'9' * 5000 + b'}', b'\xff\xfe', b'null', b'[]',
]


def _raw_post(device: Device, path: str, body: bytes, secret: str | None = None) -> bytes:
    """A request as a stranger's script would write it (from an address of its own, each
    time another: the door paces new connections per address), and the raw answer."""
    context = ssl.create_default_context(cafile=str(device.cafile))
    context.check_hostname = False
    _raw_post.sources += 1  # type: ignore[attr-defined]
    source = f"127.0.{_raw_post.sources // 200}.{2 + _raw_post.sources % 200}"  # type: ignore[attr-defined]
    with socket.create_connection(("127.0.0.1", device.phones.server.port), timeout=10,
                                  source_address=(source, 0)) as raw, \
            context.wrap_socket(raw) as conn:
        head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n"
                + (f"X-Seat: {secret}\r\n" if secret else "") + "Connection: close\r\n\r\n")
        conn.sendall(head.encode() + body)
        out = b""
        while chunk := conn.recv(65536):
            out += chunk
        return out


_raw_post.sources = 0  # type: ignore[attr-defined]


def test_every_odd_body_gets_a_clear_400_never_an_exception(tmp_path: Path) -> None:
    import logging

    errors: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.exc_info:
                errors.append(record)

    keep = Keep()
    logging.getLogger("coda_pi.phones").addHandler(keep)
    logging.getLogger("coda_pi.phones").setLevel(logging.DEBUG)
    try:
        with running_device(tmp_path) as device:
            owner = device.phone()
            pair(device, owner, 0)
            for body in BAD_BODIES:
                answer = _raw_post(device, "/api/pair", body)
                assert answer.startswith(b"HTTP/1.1 400"), (body[:40], answer[:80])
                assert b'"error"' in answer
            for body in (b'{"seat": 0}', b'{"seat": 0, "token": 5}',
                         b'{"seat": 0, "token": "short"}', b'{"seat": 0, "token": "' + b'a' * 65
                         + b'"}', b'{"seat": 0, "token": "abc/def+ghijklmnop"}',
                         b'{"seat": 0, "token": "abcdefghijklmnopq", "x": 1}'):
                answer = _raw_post(device, "/api/claim", body)
                assert answer.startswith(b"HTTP/1.1 400"), (body[:40], answer[:80])
            for body in (b'{"kind": "target", "target": 1e400}', b'{"kind": "key"}',
                         b'{"kind": "key", "key": "ok", "seat": 1}',
                         b'{"kind": "tile", "dark": 1, "value": "1"}',
                         b'{"kind": "guess", "value": "' + b'1' * 50 + b'"}'):
                answer = _raw_post(device, "/api/tap", body, owner.secret)
                assert answer.startswith(b"HTTP/1.1 400"), (body[:40], answer[:80])
            assert json.loads(b"{}") == {} and owner.page()[0] == 200
    finally:
        logging.getLogger("coda_pi.phones").removeHandler(keep)
    assert errors == []

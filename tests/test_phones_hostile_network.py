"""A stranger on the Wi-Fi, driven by hypothesis, against the real loop and its HTTPS
server (issue 30): it asks for seats, sends taps with forged secrets and odd bodies, opens
slow and half-finished connections, from addresses of its own (127.0.0.2 ...). After every
case the paired phones still work, no seat changed owner, every press of a seat button
reached the game, and nothing recorded was lost.

One device serves every case (starting one costs a second); ``CASES`` cases run."""

from __future__ import annotations

import json
import secrets
import socket
import ssl
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from phones_device import Device, Phone, pair, running_device

from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.seat_screens import LookAtPhoneView
from coda_pi.referee.shared.signals import Button, Press, Release

CASES = 50
ANSWERS = {200, 204, 400, 403, 404, 429}  # what a stranger may be told: never a 5xx

addresses = st.integers(2, 40).map(lambda n: f"127.0.0.{n}")
odd_values = st.one_of(st.integers(-3, 10), st.floats(allow_nan=False), st.text(max_size=5),
                       st.booleans(), st.none(), st.lists(st.integers(), max_size=3))
ask = st.tuples(st.just("ask"), addresses, st.integers(0, 3))
odd_ask = st.tuples(st.just("odd_ask"), addresses, odd_values)
forged_tap = st.tuples(st.just("tap"), addresses,
                       st.fixed_dictionaries({"kind": st.sampled_from(
                           ["key", "target", "tile", "colour", "slot", "guess", "go_on"]),
                           "key": st.sampled_from(["ok", "next", "back"]),
                           "target": st.integers(0, 3), "dark": st.booleans(),
                           "value": st.sampled_from(["1", "10", "-"])}),
                       st.sampled_from(["", "x", "guess", "0" * 32]))
# The seat board's taps (issue 32), well formed: the schema lets them through, so only the
# secret stands between them and the game.
board_tap = st.tuples(st.just("board_tap"), addresses, st.one_of(
    st.fixed_dictionaries({"kind": st.just("attack"), "target": st.integers(0, 3),
                           "slot": st.integers(0, 12)}),
    st.fixed_dictionaries({"kind": st.sampled_from(["place", "reveal"]),
                           "slot": st.integers(0, 12)}),
    st.fixed_dictionaries({"kind": st.just("peg"), "value": st.sampled_from(list("BGKRWY."))}),
    st.fixed_dictionaries({"kind": st.just("keys"), "black": st.integers(0, 4),
                           "white": st.integers(0, 4)})),
    st.sampled_from(["", "x", "guess", "0" * 32]))
# A seat's QR code guessed (issue 32): any seat, tokens well formed or not.
claim = st.tuples(st.just("claim"), addresses, st.integers(-1, 9),
                  st.text(alphabet="abcXYZ019_-.", max_size=70))
raw_body = st.tuples(st.just("raw"), addresses,
                     st.sampled_from(["/api/pair", "/api/claim", "/api/tap", "/api/leave",
                                      "/x"]),
                     st.binary(max_size=300))
slow = st.tuples(st.just("slow"), addresses, st.integers(1, 20))
half_hello = st.tuples(st.just("half_hello"), addresses, st.binary(min_size=1, max_size=40))
collect = st.tuples(st.just("collect"), addresses, st.text(max_size=30))
actions = st.lists(st.one_of(ask, odd_ask, forged_tap, board_tap, claim, raw_body, slow,
                             half_hello, collect),
                   min_size=1, max_size=6)


def _context(device: Device) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(device.cafile))
    context.check_hostname = False
    return context


def _raw(device: Device, source: str, path: str, body: bytes) -> int:
    """A POST as a stranger's script writes it; the answer's status."""
    raw = socket.create_connection(("127.0.0.1", device.phones.server.port), timeout=10,
                                   source_address=(source, 0))
    try:
        with _context(device).wrap_socket(raw) as conn:
            conn.sendall(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n"
                         b"Connection: close\r\n\r\n%s" % (path.encode(), len(body), body))
            head = conn.recv(12)
    except (OSError, ssl.SSLError):
        return 0  # refused at the door (too many of its own): allowed
    finally:
        raw.close()
    return int(head[9:12]) if head.startswith(b"HTTP/1.1 ") else 0


def _status(phone: Phone, method: str, path: str, body: Any = None,
            secret: str | None = None) -> int:
    """The answer's status; 0 when the door turned the connection away (too many, too
    fast from that address): allowed, it is the stranger's own."""
    try:
        return phone.request(method, path, body, secret=secret)[0]
    except (OSError, ssl.SSLError):
        return 0


def _stranger(device: Device, action: tuple[Any, ...], held: list[socket.socket]) -> None:
    kind, source = action[0], action[1]
    phone = Phone(device.base, device.cafile, source=source)
    if kind == "ask":
        assert _status(phone, "POST", "/api/pair", {"seat": action[2]}) in ANSWERS | {0}
    elif kind == "odd_ask":
        assert _raw(device, source, "/api/pair", json.dumps({"seat": action[2]}).encode()
                    ) in ANSWERS | {0}
    elif kind == "tap":
        assert _status(phone, "POST", "/api/tap", action[2], secret=action[3] or None
                       ) in (0, 400, 403)
    elif kind == "board_tap":  # a forged secret: refused (or the door turns it away)
        assert _status(phone, "POST", "/api/tap", action[2], secret=action[3] or None
                       ) in (0, 403)
    elif kind == "claim":  # never 200: the token is on the device's screen only
        assert _status(phone, "POST", "/api/claim", {"seat": action[2], "token": action[3]}
                       ) in (0, 400, 403, 429)
    elif kind == "raw":
        assert _raw(device, source, action[2], action[3]) in ANSWERS | {0}
    elif kind == "collect":
        assert _status(phone, "GET", "/api/pair/" + action[2].encode().hex()) in (0, 404)
    elif kind in ("slow", "half_hello"):
        for _ in range(action[2] if kind == "slow" else 1):
            raw = socket.create_connection(("127.0.0.1", device.phones.server.port),
                                           timeout=5, source_address=(source, 0))
            try:
                if kind == "slow":
                    conn = _context(device).wrap_socket(raw)
                    conn.sendall(b"GET /api/page HTTP/1.1\r\nX-Seat: ")
                    held.append(conn)
                else:
                    raw.sendall(action[2])
                    held.append(raw)
            except (OSError, ssl.SSLError):
                raw.close()


def _record(tmp_path: Path) -> list[str]:
    return next((tmp_path / "data").glob("coda-*.jsonl")).read_text().splitlines()


def test_a_stranger_on_the_wifi_takes_no_seat_holds_no_button_loses_no_line(
        tmp_path: Path) -> None:
    with running_device(tmp_path, names=("Ann", "Ben", "Cy")) as device:
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        device.press(Button.OK)  # Start: Ann enters her row
        device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))
        owners = {0: ann.secret, 1: ben.secret}
        bridge = device.phones.bridge
        cases = [0]

        @settings(max_examples=CASES, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(actions)
        def case(steps: list[tuple[Any, ...]]) -> None:
            cases[0] += 1
            before = _record(tmp_path)
            held: list[socket.socket] = []
            try:
                for step in steps:
                    _stranger(device, step, held)
                # While the strangers' connections are still open: the phones work.
                assert ann.page()[0] == 200 and ben.page()[0] == 200
                assert ann.tap(kind="key", key="next") == 200
            finally:
                for conn in held:
                    conn.close()
            assert bridge.pairings.paired() == frozenset({0, 1})
            assert {s: bridge.pairings.seat_of(secret) for s, secret in owners.items()} == {
                0: 0, 1: 1}
            # Ann's button (the seat she enters now) reaches the game, whoever asked for
            # it: the game shows her held view, as "look at your phone"; no question.
            device.app.queue.put(Press(Button.SEAT_1))
            shown = device.until(lambda: device.app.scene.private)
            assert isinstance(shown, LookAtPhoneView) and shown.seat == 0
            device.app.queue.put(Release(Button.SEAT_1))
            device.until(lambda: device.app.scene.private is None)
            assert device.question() == ""
            after = _record(tmp_path)
            assert after[:len(before)] == before  # nothing recorded was lost
            assert device.app.errors == []

        case()
        assert cases[0] >= CASES
        assert secrets.compare_digest(ann.secret or "", owners[0] or "")

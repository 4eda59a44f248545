"""A stranger who keeps sending taps with made-up secrets (issue 30): each costs the device
a TLS handshake, the request's parsing and a 403, all of it in the process of the loop
that draws the table's frames. So a 403 ends its connection (one handshake buys one
forged request, not a keep-alive stream of them), and an address without a seat that
keeps forging is turned away at the door, before its handshake, for a while; a paired
phone, and strangers who forge nothing, are served as before.

The same holds for bodies no page sends (a 400: they fit no schema, or have no length
within bounds).

Before: a forged tap's connection stayed open for the next one, and an address could
forge a tap (or send an odd body) with every new connection the door let in (8 a second)
for ever."""

from __future__ import annotations

import socket
import ssl
import time
from pathlib import Path

from phones_device import Device, pair, running_device

from coda_pi.phones.doors import FAILED_BURST, FAILED_SECONDS, Doors

TAP = b'{"kind": "key", "key": "ok"}'


def _tls(device: Device) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(device.cafile))
    context.check_hostname = False
    return context


def _request(secret: str | None) -> bytes:
    header = b"X-Seat: %s\r\n" % secret.encode() if secret is not None else b""
    return (b"POST /api/tap HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n%s\r\n%s" % (len(TAP), header, TAP))


def _answer(conn: ssl.SSLSocket) -> bytes:
    """One whole answer (its headers and its Content-Length of body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(4096)
        assert chunk, f"closed before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += conn.recv(4096)
    return head


def _forge(device: Device, source: str, secret: str | None) -> int | None:
    """A forged tap on a new connection from ``source``: its status, or None when the
    door turned the connection away before the handshake."""
    raw = socket.create_connection(("127.0.0.1", device.phones.server.port), timeout=5,
                                   source_address=(source, 0))
    try:
        conn = _tls(device).wrap_socket(raw)
    except OSError:  # the door closed it: the hello met nothing
        raw.close()
        return None
    with conn:
        conn.sendall(_request(secret))
        return int(_answer(conn).split()[1])


def test_a_forged_secret_ends_its_connection(tmp_path: Path) -> None:
    """A 403 closes the connection: a second forged tap needs a new one (and the door)."""
    with running_device(tmp_path) as device:
        raw = socket.create_connection(("127.0.0.1", device.phones.server.port), timeout=5,
                                       source_address=("127.0.0.5", 0))
        with _tls(device).wrap_socket(raw) as conn:
            conn.sendall(_request("ab" * 24))
            assert _answer(conn).split()[1] == b"403"
            conn.settimeout(2.0)
            try:
                rest = conn.recv(4096)  # the server's close, not a wait for the next one
            except TimeoutError:
                rest = b"(still open)"
            assert rest == b""


def test_an_address_that_keeps_forging_is_turned_away_before_its_handshake(
        tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        ann = device.phone()
        pair(device, ann, 0)
        answers = []
        for n in range(FAILED_BURST + 4):
            time.sleep(0.2)  # slower than the door's pace of new connections (8 a second)
            answers.append(_forge(device, "127.0.0.6", None if n % 3 == 2 else f"{n:048x}"))
        assert answers == [403] * FAILED_BURST + [None] * 4
        # Nobody else pays for it: another stranger's forged tap still gets its 403, the
        # paired phone's tap is answered by the loop (at the setup: not the seat's to make,
        # 409), and its page comes.
        assert _forge(device, "127.0.0.7", "cd" * 24) == 403
        assert ann.tap(kind="key", key="next") == 409
        assert ann.page()[0] == 200


def test_a_forging_address_is_let_in_again_one_request_per_while() -> None:
    """The door forgives: one more connection each ``FAILED_SECONDS``, so a phone whose
    seat the table took away (its waiting page, a tap: two or three 403s) asks again."""
    now = [0.0]
    doors = Doors(clock=lambda: now[0])
    for _ in range(FAILED_BURST):
        assert doors.enter("10.0.0.5")
        doors.leave("10.0.0.5")
        doors.failed("10.0.0.5")
    assert not doors.enter("10.0.0.5")
    now[0] += FAILED_SECONDS * 1.01
    assert doors.enter("10.0.0.5")
    doors.leave("10.0.0.5")
    doors.failed("10.0.0.5")
    now[0] += 1.0
    assert not doors.enter("10.0.0.5")
    assert doors.enter("10.0.0.8")  # another address was never held to it


def test_a_paired_phone_s_address_is_not_turned_away_for_a_stale_secret() -> None:
    """A phone's second tab with the old secret must not lock the phone itself out."""
    doors = Doors(clock=lambda: 0.0)
    doors.know("10.0.0.9")
    for _ in range(3 * FAILED_BURST):
        doors.failed("10.0.0.9")
    assert doors.enter("10.0.0.9")


def test_a_forged_tap_is_refused_before_its_body_is_read(tmp_path: Path) -> None:
    """Without a valid secret nothing of the body is parsed or checked: a stranger's odd
    body gets the same 403 as a good one (and the schema's reasons are for seats only)."""
    with running_device(tmp_path) as device:
        for body in (b'{"kind": "target", "target": 1e400}', b"[" * 1500, b"\xff" * 40):
            raw = socket.create_connection(("127.0.0.1", device.phones.server.port),
                                           timeout=5, source_address=("127.0.0.9", 0))
            with _tls(device).wrap_socket(raw) as conn:
                conn.sendall(b"POST /api/tap HTTP/1.1\r\nHost: x\r\nX-Seat: %s\r\n"
                             b"Content-Length: %d\r\n\r\n%s" % (b"ef" * 24, len(body), body))
                assert _answer(conn).split()[1] == b"403", body[:20]


def test_an_address_that_keeps_sending_odd_bodies_is_turned_away_too(tmp_path: Path) -> None:
    """No page sends a body its schema refuses: an address that keeps doing it (each a 400
    that ends the connection) is turned away at the door like a forger."""
    with running_device(tmp_path) as device:
        answers = []
        for n in range(FAILED_BURST + 3):
            time.sleep(0.2)
            raw = socket.create_connection(("127.0.0.1", device.phones.server.port),
                                           timeout=5, source_address=("127.0.0.10", 0))
            try:
                conn = _tls(device).wrap_socket(raw)
            except OSError:
                raw.close()
                answers.append(None)
                continue
            with conn:
                body = b'{"seat": %d}' % (10 ** 30 + n)
                conn.sendall(b"POST /api/pair HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n"
                             b"\r\n%s" % (len(body), body))
                answers.append(int(_answer(conn).split()[1]))
        assert answers == [400] * FAILED_BURST + [None] * 3
        assert device.phone(source="127.0.0.11").request("GET", "/api/seats")[0] == 200

"""Slow and many connections from strangers on the Wi-Fi cannot starve the paired phones
(issue 30, items 2 and 3), against the real loop and its HTTPS server. Strangers connect
from other loopback addresses (127.0.0.2 ...), as other devices on the Wi-Fi would.

Before: 64 slow TLS connections filled every slot and a paired phone's page fetches failed
(12 of 14); a header sent every few seconds kept a connection for ever."""

from __future__ import annotations

import contextlib
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from phones_device import Device, pair, running_device


def _tls(device: Device) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(device.cafile))
    context.check_hostname = False
    return context


@contextlib.contextmanager
def _slow_connections(device: Device, sources: list[str], each: int) -> Iterator[int]:
    """``each`` connections from every address in ``sources`` (taking turns, at the pace
    the door lets strangers in) that shake hands and send half a request line, then
    nothing: yields how many the server took."""
    held: list[socket.socket] = []
    context = _tls(device)
    try:
        for _ in range(each):
            for source in sources:
                time.sleep(0.03)
                raw = socket.create_connection(("127.0.0.1", device.phones.server.port),
                                               timeout=5, source_address=(source, 0))
                try:
                    conn = context.wrap_socket(raw)
                    conn.sendall(b"GET /api/pa")
                    held.append(conn)
                except OSError:  # refused at the door: closed at once
                    raw.close()
        yield len(held)
    finally:
        for conn in held:
            conn.close()


def _closed_within(conn: socket.socket, seconds: float, drip: bytes = b"") -> bool:
    """Whether the server closes ``conn`` within ``seconds`` while ``drip`` is sent to it
    every 0.2 s (a header a byte at a time)."""
    end = time.monotonic() + seconds
    conn.settimeout(0.2)
    while time.monotonic() < end:
        try:
            if drip:
                conn.sendall(drip)
            if conn.recv(4096) == b"":
                return True
        except TimeoutError:
            continue
        except (OSError, ssl.SSLError):
            return True
    return False


def test_slow_strangers_lock_out_neither_a_paired_phone_nor_a_newcomer(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        owner = device.phone()
        pair(device, owner, 0)
        with _slow_connections(device, ["127.0.0.2"], 30) as taken:
            assert taken <= 16  # one address's share
            newcomer = device.phone("127.0.0.9")
            assert newcomer.request("GET", "/api/seats")[0] == 200
            with _slow_connections(device, [f"127.0.0.{n}" for n in range(3, 8)],
                                   16) as more:
                assert taken + more >= 60  # the strangers' slots are (nearly) all taken
                answers = [owner.request("GET", "/api/page?after=0&wait=0")[0]
                           for _ in range(14)]
                assert answers == [200] * 14
                # Answered by the loop (at the setup: refused, 409), or "pending" under load.
                assert owner.tap(kind="key", key="next") in (409, 202)
        assert owner.page()[0] == 200


def test_slow_strangers_and_bare_handshakes_hold_no_thread_of_the_device(
        tmp_path: Path) -> None:
    """The door reads a stranger's first request whole before the device sees it: a
    connection that sends half a request line, or shakes hands and closes, never costs
    the device's process a thread (each one's share of its interpreter lock and CPU)."""
    with running_device(tmp_path) as device:
        owner = device.phone()
        pair(device, owner, 0)
        before = threading.active_count()
        with _slow_connections(device, [f"127.0.0.{n}" for n in range(2, 5)], 4) as taken:
            assert taken == 12
            for n in range(8):  # shaken hands with, and closed
                raw = socket.create_connection(("127.0.0.1", device.phones.server.port),
                                               timeout=5, source_address=(f"127.0.1.{n}", 0))
                _tls(device).wrap_socket(raw).close()
            assert threading.active_count() <= before
            assert owner.page()[0] == 200  # served all the while
            newcomer = device.phone("127.0.0.9")  # and a stranger's whole request is too
            assert newcomer.request("GET", "/api/seats")[0] == 200


def test_a_stranger_s_keep_alive_connection_is_served_through_the_door(
        tmp_path: Path) -> None:
    """A browser keeps its connection for the next request: after the first one (read
    whole at the door), the door relays the rest both ways, and the device's answer to a
    request sent and then half-closed still arrives."""
    import http.client

    with running_device(tmp_path) as device:
        conn = http.client.HTTPSConnection("127.0.0.1", device.phones.server.port,
                                           context=_tls(device), timeout=10,
                                           source_address=("127.0.0.2", 0))
        try:
            for path in ("/api/seats", "/page.css", "/api/seats"):
                conn.request("GET", path)
                answer = conn.getresponse()
                assert answer.status == 200 and answer.read()
                assert answer.getheader("Connection") != "close"
        finally:
            conn.close()
        raw = socket.create_connection(("127.0.0.1", device.phones.server.port), timeout=10,
                                       source_address=("127.0.0.3", 0))
        with _tls(device).wrap_socket(raw) as half:
            half.sendall(b"GET /api/seats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            socket.socket.shutdown(half, socket.SHUT_WR)  # nothing more from this side
            got = b""
            while chunk := half.recv(65536):
                got += chunk
        assert got.startswith(b"HTTP/1.1 200")


@pytest.mark.parametrize("drip", [b"", b"X"])
def test_a_dawdling_header_is_cut_at_the_deadline(tmp_path: Path, drip: bytes,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import coda_pi.phones.server as server

    monkeypatch.setattr(server, "HEADER_SECONDS", 1.0, raising=False)
    with running_device(tmp_path) as device:
        raw = socket.create_connection(("127.0.0.1", device.phones.server.port), timeout=5,
                                       source_address=("127.0.0.2", 0))
        with _tls(device).wrap_socket(raw) as conn:
            conn.sendall(b"GET / HTTP/1.1\r\n")
            assert _closed_within(conn, 4.0, drip)


def test_a_stranger_s_handshake_never_finished_is_cut_at_the_deadline(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger shakes hands at the door, on the server's deadline."""
    import coda_pi.phones.server as server

    monkeypatch.setattr(server, "HANDSHAKE_SECONDS", 0.5, raising=False)
    with running_device(tmp_path) as device, \
            socket.create_connection(("127.0.0.1", device.phones.server.port), timeout=5,
                                     source_address=("127.0.0.2", 0)) as raw:
        raw.sendall(b"\x16\x03\x01")  # the start of a hello, and no more
        assert _closed_within(raw, 3.0)


def test_a_paired_phone_s_handshake_never_finished_is_cut_at_the_deadline(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A paired phone's address shakes hands in the device's process, on its deadline."""
    import coda_pi.phones.server as server

    monkeypatch.setattr(server, "HANDSHAKE_SECONDS", 0.5, raising=False)
    with running_device(tmp_path) as device:
        pair(device, device.phone("127.0.0.2"), 0)
        with socket.create_connection(("127.0.0.1", device.phones.server.port), timeout=5,
                                      source_address=("127.0.0.2", 0)) as raw:
            raw.sendall(b"\x16\x03\x01")
            assert _closed_within(raw, 3.0)


def test_the_door_paces_strangers_new_connections_but_not_a_paired_phone_s() -> None:
    """Each connection costs the device a TLS handshake's CPU: a flood of them is turned
    away at the door, before it, while a paired phone's address comes in as often as it
    likes (within its slots)."""
    from coda_pi.phones.doors import ADDRESS_RATE, STRANGER_RATE, Doors

    now = [0.0]
    doors = Doors(clock=lambda: now[0])
    doors.know("10.0.0.9")
    let_in = 0
    for n in range(400):  # a second of flood, from 20 addresses, each left at once
        now[0] = n / 400
        address = f"10.0.1.{n % 20}"
        if doors.enter(address):
            let_in += 1
            doors.leave(address)
        assert doors.enter("10.0.0.9")  # the paired phone, in the middle of it
        doors.leave("10.0.0.9")
    assert let_in <= 2 * STRANGER_RATE + 1
    lone = [doors.enter("10.0.2.1") and not doors.leave("10.0.2.1") for _ in range(50)]
    assert sum(lone) <= ADDRESS_RATE

"""What another player's packet sniffer sees: every byte between a phone and the device,
captured on loopback by a relay in the middle. Over the device's HTTPS nothing private is
in them; the same exchange over plain HTTP shows the secret and the panels (so the capture
would catch a leak)."""

from __future__ import annotations

import contextlib
import json
import socket
import ssl
import stat
import threading
import time
from pathlib import Path

import pytest
from phones_device import Phone, running_device

from coda_pi.phones.tls import ensure_certificate
from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.signals import Button

ROW = ("D1", "L4", "D7", "L10")


class Sniffer:
    """A relay on loopback that keeps a copy of every byte either way."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.seen = bytearray()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while chunk := src.recv(65536):
                with self.lock:
                    self.seen += chunk
                dst.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def settled(self) -> bytes:
        """Everything seen, once nothing more has come for a while (the last TLS alerts)."""
        seen = -1
        while True:
            with self.lock:
                if len(self.seen) == seen:
                    return bytes(self.seen)
                seen = len(self.seen)
            time.sleep(0.3)

    def close(self) -> None:
        self.listener.close()


def _exchange(tmp_path: Path, *, tls: bool, row: tuple[str, ...] = ROW) -> tuple[bytes, str, int]:
    """Pair a phone through the sniffer, enter a starting row by taps, read the page once:
    every request made once, whatever the timing, so two runs send the same requests.
    Returns the bytes seen, the secret, and the length of the page's JSON."""
    with running_device(tmp_path, tls=tls) as device:
        sniffer = Sniffer(device.phones.server.port)
        bridge = device.phones.bridge
        try:
            phone = Phone(device.base.replace(str(device.phones.server.port),
                                              str(sniffer.port)), device.cafile)
            device.press(Button.OK)
            device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))
            rid = phone.ask(0)["rid"]
            device.until(lambda: bridge.pairings.waiting())
            device.offer(0)  # the table: BACK, Phones, seat 1, OK
            device.until(lambda: device.question())
            device.press(Button.OK)
            device.until(lambda: 0 in bridge.pairings.paired())
            assert phone.collect(rid)[0] == 200
            device.close_phones_page()  # the page is the table's: phones wait meanwhile
            taken = bridge.taken
            for tile in row:
                assert phone.tap(kind="tile", dark=tile[0] == "D", value=tile[1:]) == 200
            device.until(lambda: bridge.published >= taken + len(row))
            status, got = phone.page()
            assert status == 200 and got["page"]["actions"]["confirm"]
            assert [s["label"] for s in got["page"]["private"]["slots"]] == [
                t[1:] for t in row]
            assert phone.secret is not None
            return sniffer.settled(), phone.secret, len(json.dumps(got))
        finally:
            sniffer.close()


@pytest.mark.parametrize("tls", [True, False], ids=["https", "plain-http"])
def test_a_sniffer_on_the_network_sees_no_secret_and_no_panel(tmp_path: Path, tls: bool) -> None:
    seen, secret, _ = _exchange(tmp_path, tls=tls)
    private = [secret.encode(), b'"label": "10"', b"EntryPrivateView", b'"value": "10"',
               b"/api/pair/"]
    found = [p for p in private if p in seen]
    assert len(seen) > 2000  # the whole exchange went through the sniffer
    if tls:
        assert found == []
    else:  # the same capture over plain HTTP finds them all: the check above can fail
        assert found == private


def test_a_sniffer_counting_bytes_learns_nothing_of_the_numbers(tmp_path: Path) -> None:
    """TLS hides the bytes, not their count: a row of one-digit numbers and a row of
    two-digit ones make pages and taps of different lengths, but the same count of bytes
    on the wire."""
    short = _exchange(tmp_path / "a", tls=True, row=("D1", "L2", "D3", "L4"))
    long = _exchange(tmp_path / "b", tls=True, row=("D10", "L10", "D11", "L11"))
    assert short[2] != long[2]  # the pages themselves differ in length...
    assert len(short[0]) == len(long[0])  # ...what crosses the network does not


def test_a_device_makes_its_certificate_at_first_start_and_keeps_it(tmp_path: Path) -> None:
    """The phone tests' devices share the certificate the first one made
    (tests/phones_device.py): here one is made from nothing, by openssl, as at a device's
    first start, and the next start keeps it (the fingerprint the players compared)."""
    made = ensure_certificate(tmp_path / "data")
    assert stat.S_IMODE(made.key.stat().st_mode) == 0o600  # the key is the device's alone
    der = ssl.PEM_cert_to_DER_cert(made.cert.read_text(encoding="ascii"))
    assert len(der) > 500 and len(made.fingerprint.split(":")) == 32
    assert made.short_fingerprint == made.fingerprint[:23]
    # Read now: ``made`` names the files, which a certificate made again would replace.
    fingerprint, key = made.fingerprint, made.key.read_bytes()
    again = ensure_certificate(tmp_path / "data")
    assert again.fingerprint == fingerprint and again.key.read_bytes() == key
    assert made.server_context().minimum_version is ssl.TLSVersion.TLSv1_2
    assert ensure_certificate(tmp_path / "other").fingerprint != fingerprint

"""The phones' front door, in a process of its own: it accepts every connection, lets
``Doors`` (doors.py) decide, closes the refused ones at once and hands the others, the
socket itself, to the device's server.

Why a process: a stranger's flood of connections is mostly refused (thousands a second
against 40 let in), and each refusal in the device's process was a Python accept, a look at
the doors and a close, under the one interpreter lock the loop needs to draw its frames:
some 80 us of the device's CPU per attempt, a quarter of a CPU under the bench's floods
(bench/bench_phones_hostile.py). Here a refusal costs the loop no lock and no wake-up, only
CPU the loop does not want: this process runs at the idle scheduling class (``lowest``), so
the kernel hands the loop's core back the moment the loop wakes.

A stranger let in (an address that showed no seat's secret) also has its TLS handshake
here, not in the device's process: an RSA signature of a millisecond or more each, 40 a
second under a flood, and the slow connections' reconnections come in bursts of 40 at once,
each a thread of the device at the loop's own priority (the bench's slowest presses waited
for a CPU more than for the interpreter lock). The door relays the stranger's bytes,
decrypted, to the device over a socket pair of its own (door_relay.py), once the first
request has come whole: the device answers it as it would any phone, the handshakes wait
for a CPU the loop leaves idle, and a connection that only shakes hands (a flood's) or drips its
head (a slow one's) never reaches the device's process at all. A paired phone's address
is handed over untouched and shakes hands in the device, at the loop's priority: the
phones' pages and taps never wait behind a flood.

The link is a ``SOCK_SEQPACKET`` socket pair, one message a datagram:

- door to device: ``b"A" + address``, the accepted socket's descriptor attached (the
  device does the TLS handshake); ``b"P" + address``, the device's end of a relay attached
  (plain HTTP: the door did the handshake);
- device to door: ``b"K" + address`` (it showed a valid secret: a paired phone's),
  ``b"L" + address`` (a connection let in has ended), ``b"F" + address`` (it sent a wrong
  secret, or none where one is needed).

The door ends when the device's end of the link closes, however the device stopped
(SIGKILL included): it never outlives the device, nor keeps its port.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

from coda_pi.phones.door_relay import Times, relay
from coda_pi.phones.doors import HANDSHAKE_SECONDS, HEADER_SECONDS, Deadlines, Doors

NICE = 19
"""Where the idle scheduling class is not to be had: the lowest niceness."""
KNOWN_AGAIN = 60.0
"""How often the device tells the door again that an address is a paired phone's (every
request of a phone shows its secret: one message a minute keeps the door's memory fresh)."""
_MESSAGE = 256  # an address and its kind letter, with room to spare


def serve(listener: socket.socket, link: socket.socket, doors: Doors | None = None,
          tls: ssl.SSLContext | None = None,
          times: Times = (HANDSHAKE_SECONDS, HEADER_SECONDS)) -> None:
    """The door's loop: until the device's end of ``link`` closes. With ``tls``, strangers'
    connections shake hands here and are relayed to the device in plain text."""
    doors = doors or Doors()
    deadlines = Deadlines() if tls is not None else None
    listener.setblocking(False)
    picker = selectors.DefaultSelector()
    picker.register(listener, selectors.EVENT_READ)
    picker.register(link, selectors.EVENT_READ)
    try:
        while True:
            ready = {key.fileobj for key, _mask in picker.select()}
            # The device's news first: a phone that was just told its secret is known
            # before its next connection is let in (straight to the device, not relayed).
            if link in ready and not _news(link, doors):
                return
            if listener in ready and not _let_in(listener, link, doors, tls, deadlines,
                                                 times):
                return
    finally:
        if deadlines is not None:
            deadlines.close()


def _let_in(listener: socket.socket, link: socket.socket, doors: Doors,
            tls: ssl.SSLContext | None, deadlines: Deadlines | None, times: Times) -> bool:
    """Every connection waiting, in one wake-up: refused, handed over, or relayed; False
    once the device has gone."""
    while True:
        try:
            conn, peer = listener.accept()
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:  # out of descriptors, a reset before accept: the next
            return True
        address = str(peer[0])
        if not doors.enter(address):
            conn.close()
            continue
        if tls is not None and deadlines is not None and not doors.known(address):
            threading.Thread(target=relay, args=(conn, address, link, doors, tls, deadlines, times),
                             name="door-relay", daemon=True).start()
            continue
        with conn:
            try:
                socket.send_fds(link, [b"A" + address.encode()], [conn.fileno()])
            except OSError:  # the device is gone
                return False


def _news(link: socket.socket, doors: Doors) -> bool:
    """Every message the device has sent, applied; False once the device has gone."""
    while True:
        try:
            message = link.recv(_MESSAGE, socket.MSG_DONTWAIT)
        except BlockingIOError:
            return True
        except OSError:
            return False
        if not message:
            return False
        kind, address = message[:1], message[1:].decode("ascii", "replace")
        if kind == b"K":
            doors.know(address)
        elif kind == b"L":
            doors.leave(address)
        elif kind == b"F":
            doors.failed(address)


class DoorLink:
    """The device's side: the door process started on ``listener``, the connections it
    lets in, and what the server tells it. Thread-safe (every connection's thread tells)."""

    def __init__(self, listener: socket.socket,
                 certificate: tuple[Path, Path] | None = None,
                 times: Times = (HANDSHAKE_SECONDS, HEADER_SECONDS)) -> None:
        """``certificate`` (the certificate's file and its key's): strangers shake hands
        in the door, within ``times``; without it, every connection is handed over as it
        came."""
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._link = mine
        self._known: dict[str, float] = {}
        self._lock = threading.Lock()
        files = [str(path) for path in certificate] if certificate is not None else []
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "coda_pi.phones.door_process",
                 str(listener.fileno()), str(theirs.fileno()), *map(str, times), *files],
                pass_fds=(listener.fileno(), theirs.fileno()), stdin=subprocess.DEVNULL)
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        lowest(self._process.pid)

    @property
    def pid(self) -> int:
        """The door process's (benches count its CPU as the device's)."""
        return self._process.pid

    def admitted(self) -> tuple[socket.socket, str, bool] | None:
        """The next connection let in, its address, and whether it is plain text (a
        stranger's, relayed by the door after its handshake) (blocks); None once closed."""
        while True:
            try:
                message, fds, _flags, _peer = socket.recv_fds(self._link, _MESSAGE, 1)
            except OSError:
                return None
            if not message:
                return None
            if not fds:
                continue
            conn = socket.socket(fileno=fds[0])
            conn.setblocking(True)
            return conn, message[1:].decode("ascii", "replace"), message[:1] == b"P"

    def know(self, address: str) -> None:
        now = time.monotonic()
        with self._lock:
            if now - self._known.get(address, -KNOWN_AGAIN) < KNOWN_AGAIN:
                return
            self._known[address] = now
        self._tell(b"K", address)

    def leave(self, address: str) -> None:
        self._tell(b"L", address)

    def failed(self, address: str) -> None:
        self._tell(b"F", address)

    def _tell(self, kind: bytes, address: str) -> None:
        with contextlib.suppress(OSError):  # the door is gone: the device is stopping
            self._link.send(kind + address.encode("ascii", "replace"))

    def stop(self) -> None:
        """The door ends (it sees the link close), its port with it, and ``admitted``
        returns None."""
        with contextlib.suppress(OSError):
            self._link.shutdown(socket.SHUT_RDWR)
        try:
            self._process.wait(5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(5)

    def close(self) -> None:
        """After ``stop``, once no thread waits in ``admitted`` any more."""
        self._link.close()


def lowest(pid: int) -> None:
    """Process ``pid`` at the idle scheduling class: it runs on a CPU nothing else wants,
    and gives it up the moment anything else wakes (nice 19 where that class is missing).
    The door has its own interpreter lock: nothing of the device's waits on a door kept
    off a CPU. Set by the device as it starts the door, before the door takes a
    connection; the threads the door starts later inherit it.

    ``CODA_PI_DOOR_CLASS=normal`` leaves the door at the device's own class: for the test
    suite, whose workers keep every CPU busy, so that a door at the idle class would wait
    seconds for a CPU (on a device nothing else wants the CPUs for that long)."""
    if os.environ.get("CODA_PI_DOOR_CLASS") == "normal":
        return
    try:
        os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, pid, NICE)


def main(argv: list[str]) -> int:
    listener = socket.socket(fileno=int(argv[0]))
    link = socket.socket(fileno=int(argv[1]))
    times = (float(argv[2]), float(argv[3]))
    tls = None
    if len(argv) >= 6:
        from coda_pi.phones.tls import DeviceCertificate

        tls = DeviceCertificate(Path(argv[4]), Path(argv[5])).server_context()
        # A client that closes its sending side once its request is sent still gets the
        # answer, as it did from the device, which answered before reading on: here the
        # relay reads on at once, and OpenSSL would take that end for an error.
        tls.options |= getattr(ssl, "OP_IGNORE_UNEXPECTED_EOF", 0)
    with contextlib.suppress(KeyboardInterrupt):  # the device's Ctrl-C reaches us too
        serve(listener, link, tls=tls, times=times)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

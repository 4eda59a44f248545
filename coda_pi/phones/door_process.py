"""The phones' front door, in a process of its own: it accepts every connection, lets
``Doors`` (doors.py) decide, closes the refused ones at once and hands the others, the
socket itself, to the device's server.

Why a process: a stranger's flood of connections is mostly refused (thousands a second
against 40 let in), and each refusal in the device's process was a Python accept, a look at
the doors and a close, under the one interpreter lock the loop needs to draw its frames:
some 80 us of the device's CPU per attempt, a quarter of a CPU under the bench's floods
(bench/bench_phones_hostile.py). Here a refusal costs the loop no lock and no wake-up, only
a share of a CPU, which the kernel gives the loop first: this process runs at ``NICE``.

The link is a ``SOCK_SEQPACKET`` socket pair, one message a datagram:

- door to device: ``b"A" + address``, the accepted socket's descriptor attached;
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
import subprocess
import sys
import threading
import time

from coda_pi.phones.doors import Doors

NICE = 5
"""The door's niceness above the device's: the loop's frames come before a stranger's
refusal, and a paired phone's accept is microseconds even at a third of a CPU."""
KNOWN_AGAIN = 60.0
"""How often the device tells the door again that an address is a paired phone's (every
request of a phone shows its secret: one message a minute keeps the door's memory fresh)."""
_MESSAGE = 256  # an address and its kind letter, with room to spare


def serve(listener: socket.socket, link: socket.socket, doors: Doors | None = None) -> None:
    """The door's loop: until the device's end of ``link`` closes."""
    doors = doors or Doors()
    listener.setblocking(False)
    picker = selectors.DefaultSelector()
    picker.register(listener, selectors.EVENT_READ)
    picker.register(link, selectors.EVENT_READ)
    while True:
        for key, _mask in picker.select():
            if key.fileobj is link:
                if not _told(link, doors):
                    return
                continue
            while True:  # every connection waiting, one wake-up
                try:
                    conn, peer = listener.accept()
                except (BlockingIOError, InterruptedError):
                    break
                except OSError:  # out of descriptors, a reset before accept: the next
                    break
                with conn:
                    address = str(peer[0])
                    if not doors.enter(address):
                        continue
                    try:
                        socket.send_fds(link, [b"A" + address.encode()], [conn.fileno()])
                    except OSError:  # the device is gone
                        return


def _told(link: socket.socket, doors: Doors) -> bool:
    """One message from the device applied; False once the device has gone."""
    try:
        message = link.recv(_MESSAGE)
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
    return True


class DoorLink:
    """The device's side: the door process started on ``listener``, the connections it
    lets in, and what the server tells it. Thread-safe (every connection's thread tells)."""

    def __init__(self, listener: socket.socket) -> None:
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._link = mine
        self._known: dict[str, float] = {}
        self._lock = threading.Lock()
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "coda_pi.phones.door_process",
                 str(listener.fileno()), str(theirs.fileno())],
                pass_fds=(listener.fileno(), theirs.fileno()), stdin=subprocess.DEVNULL)
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()

    @property
    def pid(self) -> int:
        """The door process's (benches count its CPU as the device's)."""
        return self._process.pid

    def admitted(self) -> tuple[socket.socket, str] | None:
        """The next connection let in and its address (blocks); None once closed."""
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
            return conn, message[1:].decode("ascii", "replace")

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


def main(argv: list[str]) -> int:
    with contextlib.suppress(OSError):
        os.nice(NICE)
    listener = socket.socket(fileno=int(argv[0]))
    link = socket.socket(fileno=int(argv[1]))
    with contextlib.suppress(KeyboardInterrupt):  # the device's Ctrl-C reaches us too
        serve(listener, link)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

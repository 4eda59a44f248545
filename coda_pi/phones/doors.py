"""Who the phones' server lets in, and for how long a connection may dawdle.

The server keeps a thread per connection (the standard library's, simple to read and
enough for a table's four phones), so a stranger on the Wi-Fi could hold every thread with
slow connections and lock the paired phones out. Three things stop it:

- ``Doors``: at most ``PER_ADDRESS`` connections from one address that holds no seat, at
  most ``STRANGER_SLOTS`` from all such addresses, and ``RESERVED`` more that only the
  addresses of paired phones may use: however many strangers wait, a paired phone is let in.
  New connections from such addresses are paced too (``STRANGER_RATE``, ``ADDRESS_RATE``):
  each costs a TLS handshake's CPU, which a flood would take from the loop. An address
  without a seat that keeps sending wrong secrets (or none), or bodies no page sends, is
  turned away before its handshake once it has sent ``FAILED_BURST`` of them, and let in
  once more every ``FAILED_SECONDS`` (the server ends a connection at its 403 or 400, so
  each one needs the door).
- ``Deadlines``: a connection that has not finished its TLS handshake within
  ``HANDSHAKE_SECONDS``, or its request line, headers and body within ``HEADER_SECONDS``,
  is cut (a per-read timeout would not do: a header every few seconds never trips it).
- The phones' address is known from the moment one of them collects its secret or sends it.

``Doors`` decides in the door process (door_process.py), before the device's process
sees the connection; ``Deadlines`` runs in the device's process, beside the server.
"""

from __future__ import annotations

import heapq
import socket
import threading
import time
from collections.abc import Callable
from contextlib import suppress

PER_ADDRESS = 16
"""Connections from one address without a seat: a browser opens six at most."""
STRANGER_SLOTS = 64
RESERVED = 32
"""Connections only paired phones' addresses may use, beyond the strangers' slots."""
KNOWN_SECONDS = 6 * 3600.0
"""How long an address stays a paired phone's after it last showed a valid secret."""
MAX_KNOWN = 32
MAX_RATED = 4096
"""Strangers' addresses whose rate is remembered (the oldest is forgotten beyond it)."""
HANDSHAKE_SECONDS = 5.0
HEADER_SECONDS = 10.0
STRANGER_RATE = 40.0
"""New connections a second from all addresses without a seat (as many again in a burst):
each costs the device a TLS handshake, an RSA signature of a millisecond or more of CPU
that the loop would otherwise have. A page needs four connections; a flood is turned away
before its handshake."""
ADDRESS_RATE = 8.0
"""... and from any one of them."""
FAILED_BURST = 4
"""Failed requests (a wrong or no secret, a body that fits no schema) an address without a
seat may send before the door turns it away: a phone whose seat the table took away sends
two or three 403s (its waiting page, a tap), then goes back to choosing a seat, which
needs no secret; the page never sends a body its schema refuses."""
FAILED_SECONDS = 15.0
"""... after which it may send one more each this many seconds."""


class _Bucket:
    """A token bucket: ``rate`` a second, up to ``size`` saved (``rate`` when not given)."""

    __slots__ = ("rate", "size", "tokens", "when")

    def __init__(self, rate: float, now: float, size: float | None = None) -> None:
        self.rate, self.when = rate, now
        self.size = self.tokens = rate if size is None else size

    def full_enough(self, now: float) -> bool:
        self.tokens = min(self.size, self.tokens + (now - self.when) * self.rate)
        self.when = now
        return self.tokens >= 1.0

    def take(self, now: float) -> bool:
        if not self.full_enough(now):
            return False
        self.tokens -= 1.0
        return True


class Doors:
    """Counts connections per address; thread-safe (the accepting thread enters, each
    connection's thread leaves)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._clock = clock
        self._strangers: dict[str, int] = {}  # connections open by address, not known
        self._phones: dict[str, int] = {}  # ... by paired phones' addresses
        self._known: dict[str, float] = {}  # a paired phone's address -> last seen
        self._rate = _Bucket(STRANGER_RATE, clock())
        self._rates: dict[str, _Bucket] = {}  # per stranger's address, latest last
        self._failures: dict[str, _Bucket] = {}  # failed requests left per address, ditto

    def know(self, address: str) -> None:
        """``address`` showed a valid secret (or collected one): a paired phone's."""
        with self._lock:
            self._known.pop(address, None)
            self._known[address] = self._clock()
            while len(self._known) > MAX_KNOWN:
                del self._known[next(iter(self._known))]

    def known(self, address: str) -> bool:
        with self._lock:
            return self._is_known(address)

    def _is_known(self, address: str) -> bool:
        seen = self._known.get(address)
        return seen is not None and self._clock() - seen < KNOWN_SECONDS

    def enter(self, address: str) -> bool:
        """A connection from ``address`` may be served (then ``leave`` once it ends)."""
        with self._lock:
            strangers = sum(self._strangers.values())
            if self._is_known(address):
                if strangers + sum(self._phones.values()) >= STRANGER_SLOTS + RESERVED:
                    return False
                self._phones[address] = self._phones.get(address, 0) + 1
                return True
            count = self._strangers.get(address, 0)
            if count >= PER_ADDRESS or strangers >= STRANGER_SLOTS:
                return False
            forger = self._failures.get(address)
            if forger is not None and not forger.full_enough(self._clock()):
                return False
            if not self._paced(address):
                return False
            self._strangers[address] = count + 1
            return True

    def _paced(self, address: str) -> bool:
        """Within the strangers' rates of new connections (their own, and all of them)."""
        now = self._clock()
        bucket = self._rates.pop(address, None) or _Bucket(ADDRESS_RATE, now)
        self._rates[address] = bucket
        while len(self._rates) > MAX_RATED:
            del self._rates[next(iter(self._rates))]
        return bucket.take(now) and self._rate.take(now)

    def failed(self, address: str) -> None:
        """``address`` sent a request with a wrong secret (or none where one is needed), or
        a body that fits no schema."""
        with self._lock:
            if self._is_known(address):  # a paired phone's other tab: it has its slots
                return
            now = self._clock()
            bucket = self._failures.pop(address, None) or _Bucket(
                1.0 / FAILED_SECONDS, now, FAILED_BURST)
            bucket.take(now)
            self._failures[address] = bucket
            while len(self._failures) > MAX_RATED:
                del self._failures[next(iter(self._failures))]

    def leave(self, address: str) -> None:
        with self._lock:
            # A stranger's slot first: an address that became known while connected
            # gives back the slot it came in by.
            for counts in (self._strangers, self._phones):
                count = counts.get(address, 0)
                if count > 0:
                    if count == 1:
                        del counts[address]
                    else:
                        counts[address] = count - 1
                    return

    def open_count(self) -> int:
        with self._lock:
            return sum(self._strangers.values()) + sum(self._phones.values())


class Deadlines:
    """Cuts a socket left past its deadline, from one thread of its own that sleeps until
    the earliest deadline (and not at all while none is armed)."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._armed: dict[int, tuple[float, socket.socket]] = {}  # id -> (deadline, sock)
        self._heap: list[tuple[float, int]] = []
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="phones-deadlines",
                                        daemon=True)
        self._thread.start()

    def arm(self, sock: socket.socket, seconds: float) -> None:
        due = time.monotonic() + seconds
        with self._cv:
            self._armed[id(sock)] = (due, sock)
            heapq.heappush(self._heap, (due, id(sock)))
            self._cv.notify()

    def disarm(self, sock: socket.socket) -> None:
        with self._cv:
            self._armed.pop(id(sock), None)

    def close(self) -> None:
        with self._cv:
            self._closing = True
            self._cv.notify()
        self._thread.join(5)

    def _run(self) -> None:
        with self._cv:
            while not self._closing:
                while self._heap and self._heap[0][1] not in self._armed:
                    heapq.heappop(self._heap)  # disarmed since
                if not self._heap:
                    self._cv.wait()
                    continue
                due, key = self._heap[0]
                now = time.monotonic()
                if due > now:
                    self._cv.wait(due - now)
                    continue
                heapq.heappop(self._heap)
                armed = self._armed.get(key)
                if armed is None or armed[0] > now:  # re-armed later: a newer entry waits
                    continue
                del self._armed[key]
                # The socket's own shutdown, under TLS too: the thread reading from it
                # wakes with nothing and ends the connection.
                with suppress(OSError):
                    socket.socket.shutdown(armed[1], socket.SHUT_RDWR)

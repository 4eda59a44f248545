"""Which phone holds which seat, shared between the server's threads and the loop's.

A phone asks for a seat and gets a request id (unguessable, its own) and a two-digit code
that the device's screen shows beside the seat's name, so the table sees which phone is
being paired. Only the seat's physical button, confirmed with OK, completes it (the loop's
``PhoneBridge`` calls ``complete``): the phone then gets a fresh per-pairing secret that
every later request carries. A new
pairing of a seat revokes the old secret; unpairing revokes it too.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

REQUEST_SECONDS = 120.0
"""How long a phone's request waits for its seat's button."""
MAX_WAITING = 16
"""Requests waiting at once: a phone that asks again and again cannot fill the memory."""


@dataclass(frozen=True, slots=True)
class Request:
    """A phone's wish to hold ``seat``, waiting for the seat's button."""

    rid: str  # the requesting phone's own handle (unguessable)
    seat: int
    code: str  # shown on the phone and the device: which phone is being paired
    made: float


class Pairings:
    """Thread-safe: the server's threads ask and look up, the loop completes and unpairs."""

    def __init__(self, seats: int = 4, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._seats = seats
        self._clock = clock
        self._secrets: dict[int, str] = {}
        self._requests: dict[str, Request] = {}
        self._granted: dict[str, str] = {}  # request id -> secret, until the phone reads it
        self.changes = 0  # bumps on every pairing change (the loop redraws its notice)

    def request(self, seat: int) -> Request:
        """A phone asks for ``seat``."""
        if not 0 <= seat < self._seats:
            raise ValueError(f"no seat {seat + 1}")
        with self._lock:
            self._expire()
            if len(self._requests) >= MAX_WAITING:
                oldest = min(self._requests.values(), key=lambda r: r.made)
                del self._requests[oldest.rid]
            taken = {r.code for r in self._requests.values()}
            code = f"{secrets.randbelow(90) + 10}"
            while code in taken:
                code = f"{secrets.randbelow(90) + 10}"
            req = Request(secrets.token_urlsafe(18), seat, code, self._clock())
            self._requests[req.rid] = req
            self.changes += 1
            return req

    def waiting(self) -> list[Request]:
        """The requests not yet completed, oldest first (the device's notice)."""
        with self._lock:
            self._expire()
            return sorted(self._requests.values(), key=lambda r: r.made)

    def waits_for(self, seat: int) -> bool:
        """Some phone waits for ``seat``."""
        with self._lock:
            self._expire()
            return any(r.seat == seat for r in self._requests.values())

    def drop(self, seat: int) -> None:
        """The table refused: every request for ``seat`` is forgotten (those phones are
        told their request is gone and may ask again)."""
        with self._lock:
            for rid, req in list(self._requests.items()):
                if req.seat == seat:
                    del self._requests[rid]
                    self.changes += 1

    def complete(self, seat: int) -> str:
        """The seat's button was pressed: "paired" when one phone waited for this seat (it
        now holds it), "none" when no phone waits, "clash" when two or more did: nobody
        gets the seat (the button cannot tell which is the owner's), all must ask again."""
        with self._lock:
            self._expire()
            mine = [r for r in self._requests.values() if r.seat == seat]
            if not mine:
                return "none"
            for r in mine:
                del self._requests[r.rid]
            self.changes += 1
            if len(mine) > 1:
                return "clash"
            newest = mine[0]
            secret = secrets.token_urlsafe(24)
            self._secrets[seat] = secret  # the old phone's secret stops working here
            self._granted[newest.rid] = secret
            return "paired"

    def collect(self, rid: str) -> tuple[str, int] | None | bool:
        """What the requesting phone learns: (secret, seat) once paired (only once), True
        while it still waits, None for an unknown or expired request."""
        with self._lock:
            self._expire()
            secret = self._granted.pop(rid, None)
            if secret is not None:
                seat = self._seat_of(secret)
                return None if seat is None else (secret, seat)
            return True if rid in self._requests else None

    def seat_of(self, secret: str) -> int | None:
        """The seat ``secret`` holds now, None when it holds none (compared in constant time)."""
        with self._lock:
            return self._seat_of(secret)

    def _seat_of(self, secret: str) -> int | None:
        for seat, known in self._secrets.items():
            if hmac.compare_digest(known.encode(), secret.encode()):
                return seat
        return None

    def paired(self) -> frozenset[int]:
        with self._lock:
            return frozenset(self._secrets)

    def unpair(self, seat: int) -> None:
        with self._lock:
            if self._secrets.pop(seat, None) is not None:
                self.changes += 1

    def _expire(self) -> None:
        now = self._clock()
        for rid, req in list(self._requests.items()):
            if now - req.made > REQUEST_SECONDS:
                del self._requests[rid]
                self.changes += 1

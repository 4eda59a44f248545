"""Which phone holds which seat, shared between the server's threads and the loop's.

A phone asks for a seat and gets a request id (unguessable, its own) and a four-digit code
that the device's screen shows in its question, so the table sees which phone is being
paired. Only the table completes it, by OK on the question that names that very request
(the loop's ``PhoneBridge`` calls ``complete`` with the request's id): the phone then gets
a fresh per-pairing secret that every later request carries. A new pairing of a seat
revokes the old secret; unpairing revokes it too.

The network is a stranger's too (design principle 4), so a request can never push out or
replace another: when too many wait, the new one is refused, not the oldest dropped; a code
is never given twice within ``CODE_WINDOW`` seconds, so asking again and again never finds
the code another phone shows; and each address may ask only so often and keep only so few
requests waiting.

The shorter way (issue 32): when the table offers a seat, the device draws a QR code for
that seat carrying a one-time token (``offer``). The phone that opens it proves it saw the
table's screen, and ``claim`` pairs it at once: the token is the secret, random (96 bits),
good once, for that seat only, for ``TOKEN_SECONDS``, and gone when another is drawn. A
guess counts against the address's asks as a request does.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

REQUEST_SECONDS = 120.0
"""How long a phone's request waits for the table."""
MAX_WAITING = 16
"""Requests waiting at once: a phone that asks again and again cannot fill the memory."""
MAX_WAITING_PER_ADDRESS = 2
"""Requests one address may keep waiting: a phone asks for one seat; two is a slip."""
ASKS_PER_ADDRESS = 6
ASK_WINDOW = 60.0
"""An address may ask ``ASKS_PER_ADDRESS`` times per ``ASK_WINDOW`` seconds."""
CODE_DIGITS = 4
CODE_WINDOW = 900.0
"""A code is given once in this many seconds: with the per-address limits a stranger can
ask for a few hundred codes in that time, out of 9,000, and never the one a phone shows."""
TOKEN_SECONDS = 120.0
"""How long a seat's QR code pairs the phone that opens it."""
TOKEN_BYTES = 12
"""96 random bits: a stranger with its six guesses a minute never finds one."""
MAX_ADDRESSES = 1024
"""Addresses whose asking is remembered: beyond that the oldest is forgotten (its window
has run out long before on any real network)."""


class Refused(Exception):
    """A request the device will not take now (too many waiting, or asked too often):
    ``why`` is one of ``OFTEN``, ``WAITING``, ``FULL``; ``retry`` the seconds until asking
    again can succeed (so the phone can say when)."""

    OFTEN = "often"  # this address asked too often
    WAITING = "waiting"  # this address already keeps its requests waiting
    FULL = "full"  # too many phones wait, or too many codes were given

    def __init__(self, why: str, retry: float) -> None:
        super().__init__(why)
        self.why = why
        self.retry = max(1.0, retry)


@dataclass(frozen=True, slots=True)
class Request:
    """A phone's wish to hold ``seat``, waiting for the table."""

    rid: str  # the requesting phone's own handle (unguessable)
    seat: int
    code: str  # shown on the phone and the device: which phone is being paired
    made: float
    address: str = ""


class Pairings:
    """Thread-safe: the server's threads ask and look up, the loop completes and unpairs."""

    def __init__(self, seats: int = 4, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._seats = seats
        self._clock = clock
        self._secrets: dict[int, str] = {}
        self._requests: dict[str, Request] = {}
        self._granted: dict[str, str] = {}  # request id -> secret, until the phone reads it
        self._codes: deque[tuple[float, str]] = deque()  # codes given, oldest first
        self._code_set: set[str] = set()
        self._asks: dict[str, deque[float]] = {}  # address -> when it asked, oldest first
        self.changes = 0  # bumps on every pairing change (the loop redraws its notice)
        self._token: tuple[str, int, float] | None = None  # the QR code's (token, seat, when)
        self._claimed: list[int] = []  # seats paired by their token, for the loop to tell

    def request(self, seat: int, address: str = "") -> Request:
        """A phone at ``address`` asks for ``seat``; ``Refused`` when it may not now."""
        if not 0 <= seat < self._seats:
            raise ValueError(f"no seat {seat + 1}")
        with self._lock:
            now = self._clock()
            self._expire()
            self._count_ask(address, now)
            own = [r.made for r in self._requests.values() if r.address == address]
            if len(own) >= MAX_WAITING_PER_ADDRESS:
                raise Refused(Refused.WAITING, REQUEST_SECONDS - (now - min(own)))
            if len(self._requests) >= MAX_WAITING:
                oldest = min(r.made for r in self._requests.values())
                raise Refused(Refused.FULL, REQUEST_SECONDS - (now - oldest))
            req = Request(secrets.token_urlsafe(18), seat, self._new_code(now), now, address)
            self._requests[req.rid] = req
            self.changes += 1
            return req

    def _count_ask(self, address: str, now: float) -> None:
        asks = self._asks.pop(address, None) or deque()
        while asks and now - asks[0] > ASK_WINDOW:
            asks.popleft()
        self._asks[address] = asks  # re-inserted: the dict keeps the latest asker last
        while len(self._asks) > MAX_ADDRESSES:
            del self._asks[next(iter(self._asks))]
        if len(asks) >= ASKS_PER_ADDRESS:
            raise Refused(Refused.OFTEN, ASK_WINDOW - (now - asks[0]))
        asks.append(now)

    def _new_code(self, now: float) -> str:
        while self._codes and now - self._codes[0][0] > CODE_WINDOW:
            self._code_set.discard(self._codes.popleft()[1])
        low = 10 ** (CODE_DIGITS - 1)
        if len(self._code_set) >= (9 * low) // 2:  # half the codes used: asked too much
            raise Refused(Refused.FULL, CODE_WINDOW - (now - self._codes[0][0]))
        code = str(low + secrets.randbelow(9 * low))
        while code in self._code_set:
            code = str(low + secrets.randbelow(9 * low))
        self._codes.append((now, code))
        self._code_set.add(code)
        return code

    def waiting(self) -> list[Request]:
        """The requests not yet completed, oldest first."""
        with self._lock:
            self._expire()
            return sorted(self._requests.values(), key=lambda r: r.made)

    def waiting_for(self, seat: int) -> list[Request]:
        """The requests for ``seat``, oldest first."""
        return [r for r in self.waiting() if r.seat == seat]

    def drop(self, seat: int) -> None:
        """The table refused: every request for ``seat`` is forgotten (those phones are
        told their request is gone and may ask again)."""
        with self._lock:
            for rid, req in list(self._requests.items()):
                if req.seat == seat:
                    del self._requests[rid]
                    self.changes += 1

    def complete(self, rid: str) -> bool:
        """The table said yes to the request ``rid`` (the one its question named): that
        phone now holds the request's seat. False when it no longer waits."""
        with self._lock:
            self._expire()
            req = self._requests.pop(rid, None)
            if req is None:
                return False
            self._granted[rid] = self._pair(req.seat)
            return True

    def _pair(self, seat: int) -> str:
        """A fresh secret for ``seat`` (the lock held): the old phone's stops working here."""
        self.changes += 1
        secret = secrets.token_urlsafe(24)
        self._secrets[seat] = secret
        return secret

    # -- the seat's QR code (issue 32) ----------------------------------------------------

    def offer(self, seat: int) -> str:
        """A new one-time token for ``seat``'s QR code; the one drawn before is withdrawn."""
        if not 0 <= seat < self._seats:
            raise ValueError(f"no seat {seat + 1}")
        with self._lock:
            token = secrets.token_urlsafe(TOKEN_BYTES)
            self._token = (token, seat, self._clock())
            return token

    def withdraw(self) -> None:
        """The QR code is no longer drawn: its token pairs nobody."""
        with self._lock:
            self._token = None

    def token_for(self, seat: int) -> str | None:
        """The live token for ``seat``'s QR code, None when there is none (used, run out,
        withdrawn, or drawn for another seat)."""
        with self._lock:
            self._expire_token()
            if self._token is None or self._token[1] != seat:
                return None
            return self._token[0]

    def claim(self, seat: int, token: str, address: str = "") -> str | None:
        """A phone at ``address`` opened ``seat``'s QR code: the seat's new secret when
        ``token`` is that seat's live token (which is then used up), else None. Every try
        counts as an ask (``Refused`` past the address's limit), so guessing is as slow as
        asking."""
        with self._lock:
            now = self._clock()
            self._count_ask(address, now)
            self._expire_token()
            live = self._token
            # Compared in constant time whatever the seat, so timing tells nothing either.
            good = live is not None and hmac.compare_digest(live[0].encode(), token.encode())
            if not good or live is None or live[1] != seat:
                return None
            self._token = None  # used once
            self._claimed.append(seat)
            return self._pair(seat)

    def claimed(self) -> list[int]:
        """The seats paired by their QR code since the last call (the loop tells the table)."""
        with self._lock:
            seats, self._claimed = self._claimed, []
            return seats

    def token_left(self) -> float | None:
        """Seconds the live QR code's token has left (None when there is none)."""
        with self._lock:
            if self._token is None:
                return None
            return self._token[2] + TOKEN_SECONDS - self._clock()

    def _expire_token(self) -> None:
        if self._token is not None and self._clock() - self._token[2] > TOKEN_SECONDS:
            self._token = None

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

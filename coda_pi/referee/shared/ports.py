"""The ports: what the referee and the loop are plugged into. One definition of each.

``Clock`` (read by the referee's timers and the loop; ``MonotonicClock`` for real,
``FakeClock`` for tests and the headless demo), ``Sounder`` (plays the cues: the buzzer,
a desktop tone, silence), ``RecordSink`` (a record line written durably, or an error) and
``PadSource`` (numbers nobody can predict, for a pool mode's private dials).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from coda_pi.record import Journal, RecordWriteError
from coda_pi.referee.shared.signals import Cue

if TYPE_CHECKING:

    from coda_pi.rules.coda import CodaGame
    pass


class Clock(Protocol):
    """Seconds that only ever go forward; deadlines are times on this clock."""

    def monotonic(self) -> float: ...


class MonotonicClock:
    """Seconds from ``time.monotonic()``: it never jumps when the wall clock is set."""

    def monotonic(self) -> float:
        return time.monotonic()


@dataclass
class FakeClock:
    """A clock that moves only when told to: tests and the headless demo run instantly.

    ``now`` may be set directly (a test that lets the loop oversleep) or moved with
    ``advance`` / ``advance_to``.
    """

    now: float = 1000.0

    def monotonic(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """:raises ValueError: when ``seconds`` is negative (a clock cannot go back)."""
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self.now += seconds

    def advance_to(self, when: float) -> None:
        """Move forward to ``when``; a time already past leaves the clock where it is."""
        self.now = max(self.now, when)


class Sounder(Protocol):
    """Something that can play the cues."""

    def play(self, cue: Cue) -> None:
        """Start the cue's tune and return at once, cutting off any tune still playing."""

    def close(self) -> None:
        """Fall silent and let go of the sound device."""


PadSource = Callable[[int], int]  # a dial's size -> where it starts


def system_pads() -> PadSource:
    """Random starts from the operating system: nobody can predict them from anything."""
    from coda_pi.system_random import system_random

    rng = system_random()
    # Looked up at the first dial, not here: the referee is made for the first frame, and
    # SystemRandom's randrange would import random for it (coda_pi/system_random.py).
    return lambda size: rng.randrange(size)


class RecordSink(Protocol):
    def write(self, obj: dict[str, Any]) -> None: ...


Sink = RecordSink | Callable[[dict[str, Any]], None]


def coda_journal(game: CodaGame) -> Journal[CodaGame]:
    """A journal that takes record objects: ``coda-pi replay``'s own (``journal_of``)."""
    from coda_pi.replay import journal_of  # a game's: not for a start's setup

    return journal_of(game)


def writer(sink: Sink) -> Callable[[dict[str, Any]], None]:
    """The function that writes one line to ``sink`` (an object with ``write``, or a
    function), returning only once the line is stored.

    :raises RecordWriteError: the line was not stored (whatever ``OSError`` the sink met);
        the record is as it was.
    """
    write = getattr(sink, "write", None)
    if not callable(write):
        assert callable(sink)
        write = sink

    def write_line(obj: dict[str, Any]) -> None:
        try:
            write(obj)
        except OSError as err:
            raise RecordWriteError.of(err) from err

    return write_line

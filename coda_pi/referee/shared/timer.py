"""The guess timer: a first period, then the extra period of the "20-second rule".

Everything is worked out from clock readings against a start time, never by counting ticks,
so a late or missed wake-up cannot make the timer drift: it only makes a cue late. The timer
asks to be woken at each whole second (the display counts down) and at nothing else.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from coda_pi.referee.shared.views import TimerView

COUNTDOWN_FROM = 5  # the last seconds that beep
# A wake-up exactly at a deadline may read a hair before it in floating point; without this
# slack it would see no second passed and ask to be woken at the same instant again.
_SLACK = 1e-6


class TimerEvent(Enum):
    FIRST_PERIOD_OVER = "first_period_over"
    COUNTDOWN = "countdown"
    TIME_UP = "time_up"


@dataclass
class GuessTimer:
    """One decision's timer. ``first`` and ``extra`` are whole seconds."""

    first: int
    extra: int
    started: float
    paused_total: float = 0.0
    paused_at: float | None = None
    handled: int = 0  # whole seconds of elapsed time already announced

    @property
    def total(self) -> int:
        return self.first + self.extra

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def elapsed(self, now: float) -> float:
        end = self.paused_at if self.paused_at is not None else now
        return max(0.0, end - self.started - self.paused_total)

    def _whole(self, now: float) -> int:
        return min(self.total, math.floor(self.elapsed(now) + _SLACK))

    def pause(self, now: float) -> None:
        if self.paused_at is None:
            self.paused_at = now

    def resume(self, now: float) -> None:
        if self.paused_at is not None:
            self.paused_total += now - self.paused_at
            self.paused_at = None

    def expired(self, now: float) -> bool:
        return self._whole(now) >= self.total

    def next_deadline(self) -> float | None:
        """When the next whole second of the decision passes; None while paused or over."""
        if self.paused_at is not None or self.handled >= self.total:
            return None
        return self.started + self.paused_total + self.handled + 1

    def advance(self, now: float) -> list[TimerEvent]:
        """The announcements due since the last call. A late call gives each at most once,
        and only the latest countdown second (a burst of beeps would mean nothing)."""
        whole = self._whole(now)
        events: list[TimerEvent] = []
        if whole <= self.handled:
            return events
        passed = range(self.handled + 1, whole + 1)
        self.handled = whole
        if self.first in passed:
            events.append(TimerEvent.FIRST_PERIOD_OVER)
        if whole >= self.total:
            events.append(TimerEvent.TIME_UP)
        elif 0 < self.total - whole <= COUNTDOWN_FROM:
            events.append(TimerEvent.COUNTDOWN)
        return events

    def view(self, now: float) -> TimerView:
        left_exact = self.total - self.elapsed(now)
        left = max(0, math.ceil(left_exact - _SLACK))
        extra = self._whole(now) >= self.first
        period_left = left if extra else left - self.extra
        return TimerView(
            seconds_left=left,
            period_seconds_left=period_left,
            extra=extra,
            paused=self.paused,
            urgent=left <= COUNTDOWN_FROM,
        )

"""Sentences for the screen found on threads other than the loop's (the access point's,
which waits on nmcli), told by the loop's thread, which alone touches the referee.

A timed source of the loop (loop.py's ``TimedSource``): it has no times of its own, the
thread that says something wakes the loop, and the loop's next update tells the referee.
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class ThreadNotices:
    """Notices put by any thread, told on the loop's thread by ``tell``."""

    def __init__(self, tell: Callable[[str], None], wake: Callable[[], None]) -> None:
        self._tell = tell
        self._wake = wake
        self._lock = threading.Lock()
        self._waiting: list[str] = []

    def say(self, text: str) -> None:
        """From any thread: ``text`` is told at the loop's next update, which this wakes."""
        with self._lock:
            self._waiting.append(text)
        self._wake()

    def next_deadline(self) -> float | None:
        return None  # the thread that says something wakes the loop itself

    def poll(self) -> None:
        """On the loop's thread: tell what was said since."""
        with self._lock:
            waiting, self._waiting = self._waiting, []
        for text in waiting:
            self._tell(text)

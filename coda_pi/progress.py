"""A count that goes up on one line of a terminal, for a command that makes people wait.

Only on a terminal: where the output goes to a file or another program, a progress line
would be noise in it, so nothing is written there. The line is rewritten at most ten times
a second (a thousand writes to a slow serial console would cost more than the work) and
cleared once the work is done, leaving the command's real output as it always was.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

REDRAW_EVERY = 0.1  # seconds


class TerminalProgress:
    """``progress(done, of)`` shows ``words(done, of)`` in place on ``stream``."""

    def __init__(self, stream: TextIO, words: Callable[[int, int], str], *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._stream = stream
        self._words = words
        self._clock = clock
        self._shown_at: float | None = None
        self._width = 0

    def __call__(self, done: int, of: int) -> None:
        now = self._clock()
        if done < of and self._shown_at is not None and now - self._shown_at < REDRAW_EVERY:
            return
        self._shown_at = now
        text = self._words(done, of)
        self._stream.write("\r" + text.ljust(self._width))
        self._stream.flush()
        self._width = max(self._width, len(text))

    def clear(self) -> None:
        """Take the line away (once the work is done, or given up)."""
        if self._width:
            self._stream.write("\r" + " " * self._width + "\r")
            self._stream.flush()
            self._width = 0


def terminal_progress(stream: TextIO, words: Callable[[int, int], str]) -> TerminalProgress | None:
    """A progress line on ``stream`` if it is a terminal, else None (nothing to show)."""
    try:
        interactive = stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        interactive = False
    return TerminalProgress(stream, words) if interactive else None

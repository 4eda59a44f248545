"""Stopping the device when it is told to: SIGTERM (``systemctl stop``, ``restart``,
``reboot``, ``poweroff``), SIGINT (Ctrl-C at a terminal) and SIGHUP (the terminal went away).

The loop sleeps in the kernel with no timeout on a screen without a deadline (the setup
screen, a menu, a game waiting for a press). A Python signal handler runs only on the main
thread, between bytecodes: it interrupts that sleep, runs, and the sleep goes on, so a handler
that only sets a flag is never looked at. SDL's own handler (SIGTERM and SIGINT post a quit
event) has the same fault: nothing reads SDL's queue while the loop sleeps.

So the handlers here do nothing themselves; ``signal.set_wakeup_fd`` makes the interpreter's
C-level handler write the signal's number to a pipe, whichever thread took the signal, and a
thread of ours reading that pipe asks the loop to stop (``App.stop``: it wakes the sleep).
No lock is taken inside a signal handler, so a signal can never deadlock the loop, and the
loop stops between two steps: a record line is never cut in two by a signal.
"""

from __future__ import annotations

# The signal module's functions are _signal's, given back enums (Signals, Handlers) that
# the module makes at import: 0.5 ms of every start here. The handlers are set with
# _signal's own; the module is imported when a signal arrives, to name it.
import _signal
import contextlib
import os
import threading
from collections.abc import Callable, Iterable
from types import FrameType
from typing import TYPE_CHECKING

from coda_pi import log_later

if TYPE_CHECKING:
    import signal

log = log_later.getLogger(__name__)

STOP_SIGNALS: tuple[int, ...] = (_signal.SIGTERM, _signal.SIGINT, _signal.SIGHUP)
"""What stops the device cleanly (exit 0, the record closed)."""

_CLOSE = b"\0"  # not a signal number: tells the reader thread to end


def _ignore(signum: int, frame: FrameType | None) -> None:
    """The Python-level handler: the wake-up fd has already told the reader thread."""


class StopSignals:
    """Turns the stop signals into calls of ``on_stop`` callbacks, on a thread of its own.

    ``start`` must run on the main thread (Python's rule for signal handlers). A signal that
    arrives before a callback is registered is remembered: ``on_stop`` then calls it at once.
    """

    def __init__(self, signals: Iterable[int] = STOP_SIGNALS) -> None:
        self.signals = tuple(signals)
        self.received: list[signal.Signals] = []  # every stop signal taken, in order
        self._callbacks: list[Callable[[], None]] = []
        self._lock = threading.Lock()
        self._read_fd = self._write_fd = -1
        self._old_handlers: dict[int, object] = {}
        self._old_wakeup_fd = -1
        self._thread: threading.Thread | None = None

    @property
    def requested(self) -> bool:
        """A stop signal has arrived."""
        with self._lock:
            return bool(self.received)

    def start(self) -> StopSignals:
        self._read_fd, self._write_fd = os.pipe()
        # The interpreter writes from inside the C handler: it must never block there.
        os.set_blocking(self._write_fd, False)
        self._thread = threading.Thread(target=self._read, name="coda-pi-stop-signals",
                                        daemon=True)
        self._thread.start()
        self._old_wakeup_fd = _signal.set_wakeup_fd(self._write_fd, warn_on_full_buffer=False)
        for signum in self.signals:
            self._old_handlers[signum] = _signal.signal(signum, _ignore)
        return self

    def on_stop(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (from the reader thread) when a stop signal arrives; at once if
        one already has."""
        with self._lock:
            self._callbacks.append(callback)
            already = bool(self.received)
        if already:
            self._call(callback)

    def close(self) -> None:
        """Give the signals back to whoever had them and end the reader thread."""
        if self._thread is None:
            return
        for signum, old in self._old_handlers.items():
            with contextlib.suppress(ValueError, TypeError):
                _signal.signal(signum, old)
        self._old_handlers.clear()
        with contextlib.suppress(ValueError):
            _signal.set_wakeup_fd(self._old_wakeup_fd)
        with contextlib.suppress(OSError):
            os.write(self._write_fd, _CLOSE)
        self._thread.join(timeout=2)
        self._thread = None
        for fd in (self._read_fd, self._write_fd):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._read_fd = self._write_fd = -1

    def __enter__(self) -> StopSignals:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the reader thread -------------------------------------------------------------------

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self._read_fd, 64)
            except OSError:
                return
            if not data:
                return
            for number in data:
                if number == _CLOSE[0]:
                    return
                self._received(number)

    def _received(self, number: int) -> None:
        import signal

        try:
            signum = signal.Signals(number)
        except ValueError:
            return
        if signum not in self.signals:
            return  # another handler's signal that also wrote to the fd
        log.info("stopping on %s", signum.name)
        with self._lock:
            self.received.append(signum)
            callbacks = list(self._callbacks)
        for callback in callbacks:
            self._call(callback)

    @staticmethod
    def _call(callback: Callable[[], None]) -> None:
        try:
            callback()
        except Exception:  # a failing callback must not keep the others from running
            log.exception("while asking to stop")

"""How the loop sleeps: until an intent arrives or the next deadline is due.

``QuietWaiter`` (the kernel wait of the ``IntentQueue`` and nothing else) on the Pi's
console, ``QueueWaiter`` (the same, glancing at pygame's events for the keyboard) under a
window system, ``SdlWaiter`` (``pygame.event.wait``) or ``FakeTimeWaiter`` (a fake clock:
tests and the headless demo) where wanted.
"""

from __future__ import annotations

import math
import time
from typing import Protocol

import pygame

from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.referee.shared.ports import FakeClock


class Waiter(Protocol):
    """How the loop sleeps: until an event arrives or ``timeout`` seconds pass."""

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        """Every event that is waiting, after sleeping for the first one if need be.

        ``timeout`` None means "until an event"; 0 means "do not sleep".
        """


class SdlWaiter:
    """The real sleep: ``pygame.event.wait`` (SDL_WaitEventTimeout), then the rest of the
    queue in one go, so a burst of events costs one wake-up."""

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        if timeout is None:
            first = pygame.event.wait()
        elif timeout <= 0:
            return pygame.event.get()
        else:
            # Rounded up: waking a millisecond late is harmless, waking early costs a
            # second wake-up that finds nothing due.
            first = pygame.event.wait(max(1, math.ceil(timeout * 1000)))
        events = [] if first.type == pygame.NOEVENT else [first]
        events.extend(pygame.event.get())
        return events


class QueueWaiter:
    """Sleeps in the kernel on the ``IntentQueue`` rather than in SDL.

    ``pygame.event.wait(timeout)`` looks at its event queue every millisecond (kmsdrm on the
    Pi, the dummy driver, and even X11): a thousand wake-ups a second of an idle device.
    Button edges arrive through the ``IntentQueue``, which wakes this sleep at once; the
    pygame queue (a USB keyboard, quit) is looked at every ``keyboard_poll`` seconds.
    """

    def __init__(self, queue: IntentQueue, *, keyboard_poll: float = 0.010) -> None:
        self.queue = queue
        self.keyboard_poll = keyboard_poll

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        events = pygame.event.get()
        if events or len(self.queue) or (timeout is not None and timeout <= 0):
            return events
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            slice_ = self.keyboard_poll if end is None else min(
                self.keyboard_poll, end - time.monotonic())
            if slice_ > 0 and self.queue.wait(slice_):
                return pygame.event.get()
            events = pygame.event.get()
            if events or (end is not None and time.monotonic() >= end):
                return events


class QuietWaiter:
    """Sleeps in the kernel on the ``IntentQueue`` until an intent, a ``wake`` or the
    deadline: an idle device wakes for nothing else (the guess timer's second, a blink).

    For video drivers without a window system: on the console (kmsdrm) the only input SDL
    delivers is a kernel input device, a keyboard, and ``InputWatch`` calls the queue's
    ``wake`` when one has something to read; the dummy driver has no input at all. Events
    already in pygame's queue (posted before the sleep) are returned without sleeping.
    """

    def __init__(self, queue: IntentQueue) -> None:
        self.queue = queue

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        events = pygame.event.get()
        if events or len(self.queue) or (timeout is not None and timeout <= 0):
            return events
        self.queue.wait(timeout)
        return pygame.event.get()


QUIET_DRIVERS = ("kmsdrm", "dummy", "offscreen")
"""SDL video drivers with no window system to listen to: ``QuietWaiter`` is enough. In lower
case: SDL spells its own names as it likes (Debian's SDL reports ``KMSDRM``), so a name is
compared through ``driver_key``."""


def driver_key(driver: str | None) -> str:
    """A video driver's name as ``QUIET_DRIVERS`` spells it, however SDL reported it."""
    return (driver or "").lower()


def is_console_driver(driver: str | None) -> bool:
    """SDL draws on the console (KMS/DRM): its keyboard is a kernel input device, which
    ``InputWatch`` must watch for the quiet loop to see a key."""
    return driver_key(driver) == "kmsdrm"


def choose_waiter(queue: IntentQueue, *, buttons: bool = False,
                  driver: str | None = None) -> Waiter:
    """The loop's sleep: the queue's; under a window system it also looks at pygame's queue.

    On the console (``driver`` kmsdrm) and without a screen it is ``QuietWaiter``: a key on
    the console's keyboard wakes it through ``InputWatch``, so nothing is looked at on a
    timer (bench/bench_idle_cpu.py: a wake-up a second or two while the timer runs).
    Under a window system (X11, Wayland) the keys come through the window system's
    connection, which SDL reads only when pumped, so there it is ``QueueWaiter``:

    Measured with pygame 2.6 / SDL 2.28 (bench/bench_idle_cpu.py): ``pygame.event.wait``
    with a timeout costs about 2% of a core even under X11, where SDL could block, because
    it wakes every millisecond; ``QueueWaiter`` costs a third to a half of that. The price
    is up to ``keyboard_poll`` before a key press is seen; GPIO buttons are immediate. With
    buttons the keyboard is a spare and is looked at every 25 ms (less CPU on a Pi); without
    them it is the only input and is looked at every 10 ms, inside the 20 ms press-to-frame
    goal.
    """
    if driver_key(driver) in QUIET_DRIVERS:
        return QuietWaiter(queue)
    return QueueWaiter(queue, keyboard_poll=0.025 if buttons else 0.010)


class FakeTimeWaiter:
    """Sleeps on a ``FakeClock``: when nothing is waiting it jumps the clock to the timeout.

    ``limit`` is the longest it will sleep when the loop has no deadline at all, so a stuck
    test or demo ends instead of hanging.
    """

    def __init__(self, clock: FakeClock, *, limit: float = 3600.0) -> None:
        self.clock = clock
        self.limit = limit
        self.idle = False  # True after a wait that found nothing and had no deadline

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        events = pygame.event.get() if pygame.display.get_init() else []
        self.idle = False
        if events or timeout == 0:
            return events
        if timeout is None:
            self.idle = True
            timeout = self.limit
        self.clock.advance(max(0.0, timeout))
        return []


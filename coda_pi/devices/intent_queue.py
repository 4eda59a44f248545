"""The one hand-over point between input threads and the loop that owns the state.

gpiozero calls ``when_pressed`` on its own threads; the demo's simulated players may run on
others. None of them may touch the referee. They ``put`` an intent here, which also posts a
single ``INTENT_EVENT`` so that a loop asleep in ``pygame.event.wait(timeout)`` wakes at once;
the loop then ``drain``\\ s every intent that arrived, in order.

Posting from another thread is safe in pygame 2: ``pygame.event.post`` is SDL's
``SDL_PushEvent``, which takes the queue's own lock (pygame 2.2 deprecated ``fastevent``,
the old thread-safe wrapper, for exactly that reason).
"""

from __future__ import annotations

import threading

import pygame

from coda_pi.referee.shared.signals import Intent, Typed

INTENT_EVENT: int = pygame.event.custom_type()
"""The pygame event type that says "intents are waiting in the queue"; it carries nothing."""


class IntentQueue:
    """A thread-safe FIFO of intents that wakes the pygame loop when something arrives.

    At most one wake-up event is outstanding at a time: a burst of a thousand presses posts
    one event, not a thousand, so the SDL queue cannot overflow and drop keyboard events.
    Without an initialised pygame display (GPIO-only tests, a headless run) the queue still
    works; there is simply no loop to wake.
    """

    def __init__(self, *, wake_event_type: int = INTENT_EVENT) -> None:
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        self._items: list[Intent | Typed] = []
        self._wake_event_type = wake_event_type
        # True while a posted wake-up has not yet been answered by a drain().
        self._wake_pending = False
        self._woken = False  # wake() was called and no wait() has returned since

    def put(self, intent: Intent | Typed) -> None:
        """Append an intent; safe from any thread, never blocks for long, never raises."""
        with self._lock:
            self._items.append(intent)
            self._arrived.notify_all()
            if self._wake_pending:
                return
            self._wake_pending = self._post_wake()

    def drain(self) -> list[Intent | Typed]:
        """Everything put since the last drain, oldest first (for the owning loop only)."""
        with self._lock:
            items, self._items = self._items, []
            self._wake_pending = False
        return items

    def wait(self, timeout: float | None = None) -> bool:
        """Block until an intent is waiting or ``wake`` is called (True) or ``timeout``
        seconds pass (False).

        For a loop that need not watch pygame's queue (headless, or GPIO only): pygame's
        ``event.wait`` checks for events every millisecond, while this sleeps in the kernel
        until a ``put``.
        """
        with self._arrived:
            got = self._arrived.wait_for(lambda: bool(self._items) or self._woken, timeout)
            self._woken = False
            return got

    def wake(self) -> None:
        """Ends a ``wait`` (now or the next one) without an intent: something the loop must
        look at arrived elsewhere, like a key that SDL reads when the loop pumps its queue
        (``InputWatch``). Safe from any thread."""
        with self._lock:
            self._woken = True
            self._arrived.notify_all()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def _post_wake(self) -> bool:
        """Post the wake-up event; False when there is no pygame event queue to post to."""
        if not pygame.display.get_init():
            return False
        try:
            return bool(pygame.event.post(pygame.event.Event(self._wake_event_type)))
        except pygame.error:
            # The display was shut down between the check and the post (app exiting).
            return False

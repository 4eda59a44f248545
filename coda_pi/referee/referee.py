"""The Referee: button intents in, game events out, view models for the screen.

Work in progress: the public API below is stable (see coda_pi/referee/views.py for the view
models); the behaviour lands in the following commits.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from coda_pi.record import Journal
from coda_pi.referee.setup import SetupDefaults
from coda_pi.referee.signals import Cue, Intent
from coda_pi.referee.views import LedState, PrivateView, PublicView


class Clock(Protocol):
    def monotonic(self) -> float: ...


class RecordSink(Protocol):
    def write(self, obj: dict[str, Any]) -> None: ...


Sink = RecordSink | Callable[[dict[str, Any]], None]


class Referee:
    """What the device is doing now. One thread (the app's loop) calls every method."""

    def __init__(
        self,
        *,
        clock: Clock,
        rng: random.Random,
        record: Sink,
        setup: SetupDefaults | None = None,
        journal: Journal[Any] | None = None,
        new_record: Callable[[], Sink] | None = None,
    ) -> None:
        raise NotImplementedError

    @property
    def version(self) -> int:
        """Changes whenever the screen (or the LEDs) must be redrawn."""
        raise NotImplementedError

    def handle(self, intent: Intent) -> None:
        """One button edge."""
        raise NotImplementedError

    def tick(self) -> None:
        """Called when ``next_deadline()`` has passed (calling it early is harmless)."""
        raise NotImplementedError

    def next_deadline(self) -> float | None:
        """The clock time at which ``tick`` must be called next, None when nothing waits."""
        raise NotImplementedError

    def view(self) -> PublicView:
        raise NotImplementedError

    def private_view(self) -> PrivateView | None:
        """The acting seat's private view while exactly its button is held, else None."""
        raise NotImplementedError

    def leds(self) -> tuple[LedState, ...]:
        """One state per seat button (four)."""
        raise NotImplementedError

    def take_cues(self) -> list[Cue]:
        """The sounds to play since the last call, oldest first."""
        raise NotImplementedError

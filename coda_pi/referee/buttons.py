"""What every game's referee does with the eight buttons, whatever the game.

Press/Release edges come in; a seat button or a navigation button is handed to the game at
once, while BACK waits for its release: a short press means "back", a hold of
``HOLD_FOR_UNDO`` seconds asks for an undo (judged from the injected clock, so a held key and
a held GPIO button behave alike and tests need no real time). The game supplies what the
buttons mean; the version counter, the queued cues and the banner live here too, so the
Coda and the Mastermind referee keep the same contract with the loop.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from coda_pi.referee.ports import Clock
from coda_pi.referee.signals import Button, Cue, Intent, Press, Release
from coda_pi.referee.views import Banner, BannerKind

HOLD_FOR_UNDO = 2.0  # seconds BACK is held to ask for an undo


class ButtonReferee(ABC):
    """A base for the referees: button edges, the BACK hold, cues, banner and version.

    Subclasses call ``_init_buttons`` in their constructor and give the buttons their
    meaning in ``_seat_pressed``, ``_nav``, ``_back`` and ``_ask_undo``; a game with a timer
    also overrides ``_advance_timers`` and ``_timer_deadlines``.
    """

    _clock: Clock

    def _init_buttons(self) -> None:
        self._version = 0
        self._cues: list[Cue] = []
        self._banner: Banner | None = None
        self._held: set[Button] = set()
        self._back_down_at: float | None = None
        self._back_fired = False

    @property
    def version(self) -> int:
        """Changes whenever the screen must be drawn again."""
        return self._version

    def handle(self, intent: Intent) -> None:
        """One button edge."""
        now = self._clock.monotonic()
        button = intent.button
        self._version += 1
        if self._advance_time(now) and isinstance(intent, Press) and button is not Button.BACK:
            # The time ran out before this press: it was meant for a question no longer asked.
            self._held.add(button)
            return
        if isinstance(intent, Press):
            if button in self._held:
                return  # a second Press without a Release: the edge is already known
            self._held.add(button)
            if self._banner is not None and self._banner.kind is BannerKind.ERROR:
                self._banner = None
            if button is Button.BACK:
                self._back_down_at = now
                self._back_fired = False
            elif button.seat is not None:
                self._seat_pressed(button.seat)
            else:
                self._nav(button)
        elif isinstance(intent, Release):
            self._held.discard(button)
            if button is Button.BACK and self._back_down_at is not None:
                held_for = now - self._back_down_at
                fired = self._back_fired
                self._back_down_at = None
                if not fired:
                    if held_for >= HOLD_FOR_UNDO:
                        self._ask_undo()
                    else:
                        self._back()

    def tick(self) -> None:
        """Called when ``next_deadline()`` has passed (calling it early is harmless)."""
        self._advance_time(self._clock.monotonic())

    def _advance_time(self, now: float) -> bool:
        """Does what the deadlines passed by ``now`` ask for. True when the time ran out."""
        if (
            self._back_down_at is not None
            and not self._back_fired
            and now >= self._back_down_at + HOLD_FOR_UNDO
        ):
            self._back_fired = True
            self._version += 1
            self._ask_undo()
        return self._advance_timers(now)

    def next_deadline(self) -> float | None:
        """The clock time at which ``tick`` must be called next, None when nothing waits."""
        times = self._timer_deadlines()
        if self._back_down_at is not None and not self._back_fired:
            times.append(self._back_down_at + HOLD_FOR_UNDO)
        return min(times) if times else None

    def take_cues(self) -> list[Cue]:
        """The sounds to play since the last call, oldest first."""
        cues, self._cues = self._cues, []
        return cues

    def notify(self, text: str, kind: BannerKind = BannerKind.INFO) -> None:
        """Puts a sentence from outside the game on the screen (a resumed game, a record
        kept aside, a config problem) until the next action replaces it."""
        self._banner = Banner(text, kind)
        self._version += 1

    # -- what the game gives the buttons ---------------------------------------------------

    def _advance_timers(self, now: float) -> bool:
        """The game's own deadlines passed by ``now``; True when the decision time ran out."""
        return False

    def _timer_deadlines(self) -> list[float]:
        return []

    @abstractmethod
    def _seat_pressed(self, seat: int) -> None: ...

    @abstractmethod
    def _nav(self, button: Button) -> None: ...

    @abstractmethod
    def _back(self) -> None: ...

    @abstractmethod
    def _ask_undo(self) -> None: ...

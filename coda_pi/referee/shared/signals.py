"""What crosses the edge of the referee: button intents in, buzzer cues and seat LEDs out.

The input edges (gpiozero buttons, the keyboard, the demo's simulated players) only ever
produce ``Press`` and ``Release``; the referee decides what a long hold means from its own
injected clock, so a held key and a held GPIO button behave the same and tests need no
real time.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Button(Enum):
    """The eight buttons of the device."""

    SEAT_1 = "seat1"
    SEAT_2 = "seat2"
    SEAT_3 = "seat3"
    SEAT_4 = "seat4"
    PREV = "prev"
    NEXT = "next"
    OK = "ok"
    BACK = "back"

    @property
    def seat(self) -> int | None:
        """The seat index (0-3) of a seat button, None for the navigation buttons."""
        return SEAT_BUTTONS.index(self) if self in SEAT_BUTTONS else None

    @classmethod
    def for_seat(cls, seat: int) -> Button:
        return SEAT_BUTTONS[seat]


SEAT_BUTTONS: tuple[Button, ...] = (Button.SEAT_1, Button.SEAT_2, Button.SEAT_3, Button.SEAT_4)


@dataclass(frozen=True, slots=True)
class Press:
    """A button went down."""

    button: Button


@dataclass(frozen=True, slots=True)
class Release:
    """A button came up."""

    button: Button


Intent = Press | Release


@dataclass(frozen=True, slots=True)
class Typed:
    """Text typed on a keyboard (a laptop's, or one plugged into the Pi): a character, or
    ``ERASE`` for Backspace. Only a screen that takes text (a name being typed) reads it;
    the eight buttons never make one, so the appliance's path is the buttons' alone."""

    text: str


ERASE = "\b"
"""``Typed``'s text for Backspace on a screen that takes text."""


class Cue(Enum):
    """A sound the device makes. Each has its own tune (see devices/ for the notes)."""

    CORRECT = "correct"
    WRONG = "wrong"
    YOUR_TURN = "your_turn"
    ONE_MINUTE = "one_minute"
    COUNTDOWN = "countdown"  # each of the last five seconds
    TIME_UP = "time_up"
    ROUND_WON = "round_won"
    TOURNAMENT_WON = "tournament_won"
    ERROR = "error"  # a refused input: a claim out of order, a button that means nothing now

"""What a seat's LED shows and where a turn stands: the two states both the first frame's
views (``views``) and a game's (``game_views``) name, in a module of their own so that
neither of those imports the other back (tests/test_house_arrows.py)."""

from __future__ import annotations

from enum import Enum

__all__ = ["LedState", "TurnStep"]


class LedState(Enum):
    """What one seat's LED shows. Values match ``coda_pi.devices.gpio.SeatLight``."""

    OFF = "off"
    ON = "on"
    BLINK = "blink"  # this seat is asked to act: the seat being dealt, a target, a winner


class TurnStep(Enum):
    """Where a turn stands."""

    CHOOSE_COLOR = "choose_color"  # PREV/NEXT pick dark or light, OK draws
    TARGET = "target"  # press the seat button of the player to attack
    SLOT = "slot"  # PREV/NEXT pick the target's panel, OK
    VALUE = "value"  # PREV/NEXT pick the number, OK guesses
    CONTINUE = "continue"  # after a right guess: attack again or stop
    CLAIM_HIDDEN = "claim_hidden"  # stopping: which slot the drawn panel went to (hidden)
    CLAIM_FACE_UP = "claim_face_up"  # after a miss or time up: where it stands face up
    REVEAL_OWN = "reveal_own"  # after a miss with nothing drawn: knock down one of one's own

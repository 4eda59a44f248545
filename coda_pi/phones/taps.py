"""One phone tap, done on the loop's thread: a touch move of the seat board
(``touch_actions``: a panel, a gap, a peg, the key pegs) or one of the first page's moves
(``actions``: a key, a target, a panel entered, a turn's choice)."""

from __future__ import annotations

from typing import Any

from coda_pi.phones.actions import PhoneIntent, apply
from coda_pi.phones.touch_actions import TOUCH_KINDS, apply_touch


def do_tap(referee: Any, intent: PhoneIntent) -> bool:
    """Do what the phone asked; False when it was not the seat's to ask now."""
    if intent.kind in TOUCH_KINDS:
        return apply_touch(referee, intent)
    return apply(referee, intent)

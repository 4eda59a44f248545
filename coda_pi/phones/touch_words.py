"""Which sentences a phone may show as they are: none that speaks of the device's buttons."""

from __future__ import annotations

import re

BUTTON_WORDS = re.compile(r"\b(PREV|NEXT|OK|BACK)\b|(?i:seat button|bot[oó]n)")
"""What only the device's buttons mean: never sent to a phone, which has none of them."""


def touch_safe(text: str | None) -> str | None:
    """``text`` when it says nothing of the device's buttons, else None (a phone shows the
    sentence made for it instead)."""
    if not text or BUTTON_WORDS.search(text):
        return None
    return text

"""The screens of table-pool play: what the table enters, and what the device found.

In table-pool play the players mix the real panels face down and draw by hand, so the table
tells the device what it cannot see: the colours of each starting row, the colour drawn, the
target's answer to a guess, and the number of every panel that falls. Like ``views.py``,
these are frozen values the UI draws and nothing else, and they hold no number the table
has not seen (training hints are probabilities, and appear only in a held seat's view).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ColourRowView:
    """Dealing by hand: the seat enters the colours of its starting row, left to right."""

    seat: int
    name: str
    entered: tuple[bool, ...]  # dark? per panel entered so far, left to right
    dark: bool  # the colour under the cursor, for the next panel
    hand: int  # panels in a starting row
    dealt: tuple[bool, ...]  # per seat of the game
    dark_left: int  # face-down panels of each colour on the table, after this row so far
    light_left: int
    prompt: str


@dataclass(frozen=True, slots=True)
class JudgeView:
    """A guess waits for the target's answer: only the target knows whether it is right."""

    seat: int  # the attacker
    name: str
    target: int
    target_name: str
    slot: int  # index in the target's row
    value_label: str  # the number guessed, in the table's labels
    prompt: str


@dataclass(frozen=True, slots=True)
class NumberEntryView:
    """A panel falls face up (or is shown for the bonus): the table enters its number."""

    seat: int  # whose panel it is
    name: str
    dark: bool
    what: str  # which panel, in words ("Ann's panel 2, knocked down")
    value_label: str  # the number under the cursor
    values: tuple[str, ...]  # every label PREV/NEXT cycle through
    step: int  # 1-based: which of ``count`` panels (the bonus may ask for several)
    count: int
    entered: tuple[str, ...]  # labels entered before this one (the bonus)
    prompt: str


@dataclass(frozen=True, slots=True)
class ContradictionView:
    """No deal of the unseen panels fits what the table entered: the device stops."""

    sentence: str  # the deduction engine's reason
    last: str  # the last entry, in words ("Ann's guess that Ben's panel 3 is 7")
    prompt: str


# The post-game review, in both pools, is ``review.ReviewView``.
TablePoolScreen = ColourRowView | JudgeView | NumberEntryView | ContradictionView

"""The Mastermind referee's cursors: a row or code entered peg by peg, and key pegs counted.

Neither is game truth (the record is): they are what the buttons have chosen so far on the
screen at hand, and start again whenever the match moves on.
"""

from __future__ import annotations

from coda_pi.referee.shared.signals import Button
from coda_pi.rules.mastermind import Feedback

UNSET = "?"


class PegEntry:
    """A row (or code) being entered: one colour index per hole (-1: not chosen yet), and
    the hole under the cursor. PREV/NEXT turn the peg under the cursor, OK moves on."""

    def __init__(self) -> None:
        self.pegs: list[int] = []
        self.hole = 0

    def start(self, pegs: list[int]) -> None:
        self.pegs = pegs
        self.hole = 0

    def text(self, colours: str) -> str:
        return "".join(colours[i] if i >= 0 else UNSET for i in self.pegs)

    def press(self, button: Button, step: int, colours: str, *, carry: bool = False) -> bool:
        """PREV/NEXT change the peg under the cursor, OK moves to the next hole (``carry``:
        an unset hole starts at the colour before it). True on OK at the last hole."""
        if button in (Button.PREV, Button.NEXT):
            self.pegs[self.hole] = (self.pegs[self.hole] + step) % len(colours)
            return False
        if button is not Button.OK:
            return False
        if self.hole + 1 < len(self.pegs):
            self.hole += 1
            if carry and self.pegs[self.hole] < 0:
                self.pegs[self.hole] = self.pegs[self.hole - 1]
            return False
        return True

    def back(self) -> bool:
        """BACK: the hole before, True when there was one."""
        if self.hole == 0:
            return False
        self.hole -= 1
        return True


class KeyEntry:
    """Key pegs being counted: black first, then white (none when all are black)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.counts = [0, 0]
        self.field = 0  # 0: black, 1: white

    @property
    def shown(self) -> tuple[int, int]:
        return self.counts[0], self.counts[1]

    def press(self, button: Button, step: int, pegs: int) -> Feedback | None:
        """PREV/NEXT count, OK moves on; the key pegs once both are counted."""
        black = self.counts[0]
        if button in (Button.PREV, Button.NEXT):
            limit = pegs if self.field == 0 else pegs - black
            self.counts[self.field] = (self.counts[self.field] + step) % (limit + 1)
            return None
        if button is not Button.OK:
            return None
        if self.field == 0 and black < pegs:
            self.field = 1
            self.counts[1] = min(self.counts[1], pegs - black)
            return None
        return Feedback(black, 0 if black == pegs else self.counts[1])

    def back(self) -> bool:
        """BACK on white: black again, True; False on black."""
        if self.field != 1:
            return False
        self.field = 0
        return True

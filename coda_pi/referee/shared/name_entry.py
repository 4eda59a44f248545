"""Entering a player's name with the buttons: a quick letter picker.

PREV/NEXT turn a ring of letters; OK adds the letter under the cursor; BACK takes the last
letter off (on an empty name: leaves, keeping the old name). The four seat buttons jump
straight to A, G, N and T, so no letter is more than a few presses away. At the end of the
ring stand "space" and "done"; OK on "done" (or a long way round: the ring wraps) keeps the
name. The first letter is a capital, the others small, as names are written.

On a laptop the name is typed with letters too (``type``): a letter typed is added as the
picker would add it (a word's first letter a capital, the length and the signs the same),
and the cursor goes to "done", so that Enter (OK) keeps the name; Backspace rubs a letter
out, and on a name with none leaves, as BACK does. The footer says so in a window.
"""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.desktop import in_a_window
from coda_pi.i18n import N_, _
from coda_pi.referee.shared.signals import ERASE, SEAT_BUTTONS, Button

LETTERS = "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
SPACE = " "
DONE = "\n"  # a mark, never part of a name
RING: tuple[str, ...] = (*LETTERS, SPACE, "-", DONE)
JUMPS: tuple[str, ...] = ("A", "G", "N", "T")
"""Where each seat button (1-4) jumps the cursor."""
MAX_NAME_LENGTH = 12
"""Long enough for a first name; short enough for the seat tag on the smallest screen."""


TYPED_PROMPT = N_("Type the name, Enter keeps it; Backspace rubs a letter out, or leaves")
"""The footer in a laptop's window: the keyboard types the name (the arrows still turn the
letters, as the footer of the appliance says)."""


@dataclass(frozen=True, slots=True)
class NameEntryView:
    """The letter picker as a screen draws it."""

    seat: int
    name: str  # as entered so far
    ring: tuple[str, ...]  # every entry of the ring, letters as they would be added
    cursor: int  # index in ``ring``
    prompt: str


class NameEntry:
    """One seat's name being typed."""

    def __init__(self, seat: int, name: str = "") -> None:
        self.seat = seat
        self.before = name
        self.name = ""
        self.cursor = 0
        self.done = False
        self.cancelled = False

    @property
    def result(self) -> str:
        """The name to keep: the typed one, or the old one when nothing was typed."""
        typed = self.name.strip()
        return typed if typed and not self.cancelled else self.before

    def _letter(self, entry: str) -> str:
        if entry in (SPACE, "-", DONE):
            return entry
        starts_word = not self.name or self.name[-1] in (SPACE, "-")
        return entry if starts_word else entry.lower()

    def press(self, button: Button) -> None:
        """One button press (PREV, NEXT, OK, BACK or a seat button)."""
        if self.done:
            return
        if button in (Button.PREV, Button.NEXT):
            step = -1 if button is Button.PREV else 1
            self.cursor = (self.cursor + step) % len(RING)
        elif button in SEAT_BUTTONS:
            self.cursor = RING.index(JUMPS[SEAT_BUTTONS.index(button) % len(JUMPS)])
        elif button is Button.OK:
            entry = RING[self.cursor]
            if entry == DONE:
                self.done = True
            elif len(self.name) < MAX_NAME_LENGTH and not (entry == SPACE and (
                    not self.name or self.name.endswith(SPACE))):
                self.name += self._letter(entry)
                if len(self.name) >= MAX_NAME_LENGTH:
                    self.cursor = RING.index(DONE)  # full: OK again keeps it
        elif button is Button.BACK:
            if self.name:
                self.name = self.name[:-1]
            else:
                self.cancelled = self.done = True

    def type(self, text: str) -> None:
        """Text typed on a keyboard: letters (a name's, accents too), a space, a hyphen, or
        ``ERASE`` (Backspace); anything else is no part of a name and does nothing."""
        for char in text:
            if self.done:
                return
            if char == ERASE:
                self.press(Button.BACK)  # a letter rubbed out, or out of the picker
            elif char in (SPACE, "-") or _name_letter(char):
                self._add_typed(char)

    def _add_typed(self, char: str) -> None:
        if len(self.name) >= MAX_NAME_LENGTH or (
                char == SPACE and (not self.name or self.name.endswith(SPACE))):
            return
        starts_word = not self.name or self.name[-1] in (SPACE, "-")
        self.name += char.upper() if starts_word else char
        self.cursor = RING.index(DONE)  # Enter (OK) keeps the name typed

    def view(self, prompt: str = "") -> NameEntryView:
        if not prompt and in_a_window():
            prompt = _(TYPED_PROMPT)
        return NameEntryView(
            seat=self.seat,
            name=self.name,
            ring=tuple(self._letter(e) for e in RING),
            cursor=self.cursor,
            prompt=prompt,
        )


def _name_letter(char: str) -> bool:
    """A letter of a Latin alphabet: what the screens' and the pods' fonts draw."""
    if char.isascii():
        return char.isalpha()
    import unicodedata  # for a letter beyond ASCII only: the start imports none (0.3 ms)

    return char.isalpha() and unicodedata.name(char, "").startswith("LATIN")

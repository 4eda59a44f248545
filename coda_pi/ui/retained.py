"""What a renderer's own screen still shows: its last frame's still part, and the pixels
of it under the moving parts (the guess timer, the LED strip), kept aside.

The device draws every frame onto one canvas that nothing else draws on. When the next
frame has the same still part (``still.still_key``: only the timer, a blinking lamp or,
on a turn, the choice beside the table moved: a press of NEXT on a guess), the canvas
already shows it everywhere but under the moving parts: those few rectangles are put back
from what was kept aside, and the moving parts drawn again. No
whole-screen copy is made, neither when a press changes the screen (the copy
``still.keep_still`` makes would lie on the path from the press to its frame) nor after.

The moving parts are drawn clipped to the rectangles kept aside (``moving_clip``), on
every path, so nothing of an earlier frame's timer can stay outside them. Such a frame
differs from the one before only there, and says so (``note_frame``): the frame diff
(``ui.damage``) then compares only those rows instead of the whole screen.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

import pygame

Within = tuple[pygame.Rect, ...] | None
"""Where a frame differs from the frame before on its surface; None: anywhere."""


class Retained:
    """The still part of the last frame a renderer drew on its surface."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._key: Hashable = None
        self.timers: tuple[pygame.Rect, ...] = ()
        self.choices: tuple[pygame.Rect, ...] = ()  # where a turn's choice is drawn apart
        self._choice: object = None  # the turn's choice fields (ui/still.choice_of)
        self._under: tuple[tuple[pygame.Rect, pygame.Surface], ...] = ()
        self._under_of: pygame.Surface | None = None  # the surface they were copied from

        self._drawn: list[object] | None = None  # what each moving part was drawn from

    def holds(self, surface: pygame.Surface, key: Hashable, choice: object = None) -> bool:
        """Whether ``surface`` shows the still part of ``key`` (but under the moving
        parts): the last frame on it was drawn here, from the same still part; and from
        the same ``choice`` unless the choice is one of the moving parts."""
        return (key is not None and self._surface is surface and self._key == key
                and (bool(self.choices) or self._choice == choice))

    def keep(self, surface: pygame.Surface, key: Hashable, timers: tuple[pygame.Rect, ...],
             moving: list[pygame.Rect], choices: tuple[pygame.Rect, ...] = (),
             choice: object = None) -> None:
        """``surface`` shows the still part of ``key`` now, and nothing else yet: keep what
        lies in the ``moving`` rectangles (the timer's, the choice's and the strip's)."""
        self._surface, self._key, self.timers = surface, key, timers
        self.choices, self._choice = choices, choice
        if self._under_of is surface and [rect for rect, _image in self._under] == moving:
            for rect, image in self._under:  # the same places: drawn over, not allocated
                image.blit(surface, (0, 0), rect)
        else:
            self._under = tuple((rect, surface.subsurface(rect).copy()) for rect in moving)
            self._under_of = surface

        self._drawn = None

    def changed(self, drawn_from: list[object]) -> list[int]:
        """Which moving parts (in the order kept) to draw again, given what each is drawn
        from now: those drawn from something else than on the last frame, and any whose
        room overlaps the room of one of those (putting back what lies under one wipes
        the other there)."""
        last = self._drawn
        if last is None or len(last) != len(drawn_from) or len(self._under) != len(last):
            return list(range(len(drawn_from)))
        again = {i for i, (a, b) in enumerate(zip(last, drawn_from, strict=True)) if a != b}
        grown = True
        while grown:
            grown = False
            for i, (rect, _image) in enumerate(self._under):
                if i not in again and any(rect.colliderect(self._under[j][0]) for j in again):
                    again.add(i)
                    grown = True
        return sorted(again)

    def drawn(self, drawn_from: list[object]) -> None:
        """The moving parts were drawn from these (one each, in the order kept)."""
        self._drawn = drawn_from

    def restore(self, surface: pygame.Surface, parts: list[int]) -> tuple[pygame.Rect, ...]:
        """Put the still part back under the moving ``parts``; returns their rooms."""
        rooms = []
        for index in parts:
            rect, image = self._under[index]
            surface.blit(image, rect)
            rooms.append(rect)
        return tuple(rooms)

    def forget(self) -> None:
        """The surface shows something not kept here (a frame drawn whole)."""
        self._surface, self._key, self.timers, self.choices = None, None, (), ()
        self._drawn = None


def moving_rect(surface: pygame.Surface, rect: pygame.Rect, margin: int) -> pygame.Rect:
    """The room a moving part drawn in ``rect`` may use: ``margin`` pixels around it (a
    glyph's anti-aliasing), within the surface."""
    return rect.inflate(2 * margin, 2 * margin).clip(surface.get_rect())


@contextmanager
def moving_clip(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Drawing inside the ``with`` block lands within ``rect`` only."""
    before = surface.get_clip()
    surface.set_clip(rect)
    try:
        yield
    finally:
        surface.set_clip(before)


_notes: weakref.WeakKeyDictionary[pygame.Surface, tuple[int, Within]] = (
    weakref.WeakKeyDictionary())


def note_frame(surface: pygame.Surface, within: Within) -> None:
    """A renderer drew a frame on ``surface`` that differs from the one it drew there
    before only ``within`` these rectangles (None: anywhere)."""
    serial = _notes[surface][0] + 1 if surface in _notes else 0
    _notes[surface] = (serial, within)


def frame_note(surface: pygame.Surface) -> tuple[int, Within] | None:
    """The number of the last frame noted on ``surface`` (they count up) and where it
    differs from the one before; None when none was noted."""
    return _notes.get(surface)

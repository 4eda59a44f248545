"""Which parts of the screen changed between two frames, so only those are sent.

A 480x320 SPI panel takes tens of milliseconds for a whole frame (16 bits a pixel at
32 MHz: about 77 ms), while the guess timer changes a few digits once a second. ``Damage``
keeps the last frame's pixels and compares the next one band by band (``BAND`` rows at a
time, whole bands compared in C as bytes); in a band that changed it narrows to the columns
that did. The result is a short list of rectangles for ``pygame.display.update``, and the
number of pixels they hold.

A frame its renderer drew whole (a new screen: ``ui.retained.note_frame`` with no
rectangles) is not narrowed: its changed bands are sent their whole width. Narrowing
looks at every row of every changed band, and on a new screen most bands change from
their first column to their last anyway: it cost 0.3-0.5 ms of CPU a frame here (1.2
times a plain pygame frame), more than drawing most new screens, for a few columns less.

What reaches the panel is up to the layers below: a window system copies only those
rectangles; SDL 2's kmsdrm uploads the rectangle enclosing them but then flips a whole
buffer, and a DRM panel driver without damage clips sends the whole buffer on each flip
(not measured on hardware here). The frames themselves stay few: once a second while the
timer runs, none when nothing changes.
"""

from __future__ import annotations

import pygame

from coda_pi.ui.retained import frame_note

BAND = 16  # rows compared at a time: fewer, larger rectangles than row by row


class Damage:
    """The changed rectangles of each new frame of one surface, against the frame before."""

    def __init__(self) -> None:
        # The last frame's pixels, one copy updated in place band by band (``BAND`` rows):
        # a band kept as a bytes object of its own was a new allocation per changed band,
        # and a new screen changes them all: 20 allocations of 30 kB a frame at 480x320
        # cost 0.1-0.2 ms (about half a plain pygame frame), the copy into one buffer 30 us.
        self._last: bytearray | None = None
        self._layout: tuple[tuple[int, int], int, int] | None = None  # size, pitch, bpp
        self._serial: int | None = None  # the last frame's number noted by its renderer
        self.pixels = 0  # pixels in every rectangle returned so far
        self._keep_later = False  # the next first frame's pixels are kept by ``keep``
        self._unkept = False  # the frame last given was sent whole and is not kept yet

    def forget(self) -> None:
        """The next frame is sent whole (the screen was uncovered or reopened)."""
        self._last = None
        self._unkept = False

    def keep_first_later(self) -> None:
        """The next frame sent whole with nothing kept (the start's first) is not copied
        when it is given, but by ``keep`` once it is shown: the copy of a whole frame
        (1 ms of a start's CPU here at 800x480, 1.8 ms at 1024x768) waits for the work
        after the first frame. Until ``keep`` runs, the next frame is sent whole, as a
        first one."""
        self._keep_later = True

    def keep(self, surface: pygame.Surface) -> None:
        """Keep the pixels of the frame last given, sent whole and not kept
        (``keep_first_later``); ``surface`` must still hold it. Nothing otherwise."""
        if not self._unkept:
            return
        self._unkept = False
        if (surface.get_size(), surface.get_pitch(), surface.get_bytesize()) != self._layout:
            return  # not the frame given: the next is sent whole
        pixels = memoryview(surface.get_buffer())
        try:
            self._last = bytearray(pixels)
        finally:
            pixels.release()

    def changed(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The rectangles of ``surface`` that differ from the last frame given (all of it
        the first time, or after ``forget``); remembers this frame for the next call."""
        size = surface.get_size()
        layout = (size, surface.get_pitch(), surface.get_bytesize())
        last = self._last
        if last is not None and layout != self._layout:
            last = None
        # The renderer says where its frame differs from its frame before (ui/retained.py):
        # when that frame is the last one given here, only those rows are compared.
        note = frame_note(surface)
        within = None
        whole = False  # drawn whole by its renderer: changed bands are sent whole (above)
        if note is not None and last is not None and self._serial is not None \
                and note[0] == self._serial + 1:
            within = note[1]
            whole = within is None
        self._serial = None if note is None else note[0]
        # Each band of the new frame is compared in place with the same band of the last
        # frame (``startswith`` at the band's offset takes the surface's memory as it is: a
        # memcmp, no copy); only a band that changed is copied over the last frame's, once
        # its rectangles are found. A frame where a few digits changed costs one pass over
        # the pixels, not a copy and a pass.
        pixels = memoryview(surface.get_buffer())
        step = BAND * layout[1]
        try:
            if last is None:
                # Kept now, or once shown (keep_first_later): the next frame is compared
                # with it.
                self._unkept = self._keep_later
                self._keep_later = False
                self._last = None if self._unkept else bytearray(pixels)
                self._layout = layout
                rects = [pygame.Rect((0, 0), size)]
            else:
                bands = -(-len(pixels) // step)
                looked = range(bands) if within is None else _bands_within(within, bands)
                changed = [index for index in looked
                           if not last.startswith(pixels[index * step:(index + 1) * step],
                                                  index * step)]
                rects = (_whole_bands(changed, size) if whole
                         else _diff(last, pixels, changed, *layout))
                kept = memoryview(last)  # a view's item assignment is one memcpy; the
                try:  # bytearray's own slice assignment copied twice (35 us, not 21)
                    for index in changed:
                        start = index * step
                        kept[start:start + step] = pixels[start:start + step]
                finally:
                    kept.release()  # a bytearray with a view on it cannot be resized
        finally:
            pixels.release()  # the surface stays locked while its pixels are looked at
        self.pixels += sum(r.width * r.height for r in rects)
        return rects


def _bands_within(rects: tuple[pygame.Rect, ...], count: int) -> list[int]:
    """The bands (of ``count``) that ``rects`` reach into, top to bottom."""
    found = {index for rect in rects
             for index in range(rect.top // BAND, min(count, -(-rect.bottom // BAND)))}
    return sorted(found)


def _whole_bands(changed: list[int], size: tuple[int, int]) -> list[pygame.Rect]:
    """The ``changed`` bands (top to bottom) their whole width, a run of them as one."""
    width, height = size
    rects: list[pygame.Rect] = []
    for index in changed:
        top = index * BAND
        bottom = min(height, top + BAND)
        if rects and rects[-1].bottom == top:
            rects[-1].height += bottom - top
        else:
            rects.append(pygame.Rect(0, top, width, bottom - top))
    return rects


def _diff(old: bytearray, new: memoryview, changed: list[int], size: tuple[int, int],
          pitch: int, bpp: int) -> list[pygame.Rect]:
    """The rectangles of the ``changed`` bands (top to bottom), narrowed to the columns
    that differ; ``old`` and ``new`` are whole frames."""
    width, height = size
    row_bytes = width * bpp
    rects: list[pygame.Rect] = []
    for index in changed:
        top = index * BAND
        bottom = min(height, top + BAND)
        lo, hi = _changed_bytes(old, new, range(top * pitch, bottom * pitch, pitch),
                                row_bytes)
        if lo >= hi:  # only the padding past the last pixel of a row changed
            continue
        left, right = lo // bpp, -(-hi // bpp)
        rect = pygame.Rect(left, top, right - left, bottom - top)
        previous = rects[-1] if rects else None
        if previous is not None and previous.bottom == top and \
                previous.left == rect.left and previous.right == rect.right:
            previous.height += rect.height  # one rectangle down a column of changed bands
        else:
            rects.append(rect)
    return rects


def _changed_bytes(old: bytearray, new: memoryview, rows: range, row_bytes: int) -> tuple[int, int]:
    """The first byte (within a row) that differs in any of ``rows`` (their offsets), and
    one past the last.

    What lies outside the columns found so far is compared in C, on a view of ``new`` (no
    copy), one stretch per pair of rows: the end of a row and the start of the next lie
    side by side in memory. Only a row that widens the columns is looked at closer, first
    just outside them (the next row of a glyph mostly reaches a little further), then by
    halving; the last few dozen bytes are XORed as integers, whose highest or lowest set bit
    is the byte sought. (A whole row turned into integers costs a nanosecond a byte; a
    comparison in C a few hundredths of that.)"""
    view = memoryview(new)
    try:
        lo, hi = row_bytes, 0
        last = -1  # the row before, whose end is compared together with this row's start
        for row in rows:
            start = row if last < 0 else last + hi
            if not old.startswith(view[start:row + lo], start):
                if last >= 0 and hi < row_bytes and not old.startswith(
                        view[last + hi:last + row_bytes], last + hi):
                    hi = _last_difference(old, view, last, hi, row_bytes) + 1
                if lo > 0 and not old.startswith(view[row:row + lo], row):
                    lo = _first_difference(old, view, row, 0, lo)
                if lo == 0 and hi == row_bytes:
                    return lo, hi  # the whole width: nothing can widen it
            last = row
        if last >= 0 and hi < row_bytes and not old.startswith(
                view[last + hi:last + row_bytes], last + hi):
            hi = _last_difference(old, view, last, hi, row_bytes) + 1
        return lo, hi
    finally:
        view.release()


_WINDOW = 64
"""Bytes XORed as integers once a difference is narrowed to them; also how far outside
the columns found so far a widening row is looked at first."""


def _first_difference(old: bytearray, new: memoryview, row: int, start: int, stop: int) -> int:
    """The first offset in [start, stop) of ``row`` where ``old`` and ``new`` differ; the
    caller knows that they differ there, and that they agree before ``start``."""
    near = stop - _WINDOW
    if near > start:
        if old.startswith(new[row + start:row + near], row + start):
            start = near  # just outside the columns found so far, as it mostly is
        else:
            stop = near
    while stop - start > _WINDOW:
        middle = (start + stop) // 2
        if old.startswith(new[row + start:row + middle], row + start):
            start = middle  # the same up to the middle: the first difference lies after
        else:
            stop = middle
    a = int.from_bytes(old[row + start:row + stop], "big")
    b = int.from_bytes(new[row + start:row + stop], "big")
    return stop - ((a ^ b).bit_length() + 7) // 8


def _last_difference(old: bytearray, new: memoryview, row: int, start: int, stop: int) -> int:
    """The last offset in [start, stop) of ``row`` where ``old`` and ``new`` differ; the
    caller knows that they differ there, and that they agree from ``stop`` on."""
    near = start + _WINDOW
    if near < stop:
        if old.startswith(new[row + near:row + stop], row + near):
            stop = near  # just outside the columns found so far, as it mostly is
        else:
            start = near
    while stop - start > _WINDOW:
        middle = (start + stop) // 2
        if old.startswith(new[row + middle:row + stop], row + middle):
            stop = middle  # the same from the middle on: the last difference lies before
        else:
            start = middle
    a = int.from_bytes(old[row + start:row + stop], "little")
    b = int.from_bytes(new[row + start:row + stop], "little")
    return start + ((a ^ b).bit_length() + 7) // 8 - 1

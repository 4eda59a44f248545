"""Text on the screen with pygame's own default font (shipped inside pygame: no system fonts).

``Font(None, size)`` renders capitals about 0.5 * size tall, so sizes are chosen from the box
the text must fill, not guessed: ``fit_font`` finds the largest size whose text fits.

The readability floor: from across the table, no text is drawn with capitals shorter than
1/24 of the screen's height, and no panel number shorter than 1/12 (``cap_floor``).
``blit_text`` never draws below it; a layout that leaves too little room shows up as text
overflowing its box, which ``recording_text`` lets the tests see.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from coda_pi.safe_text import drawable
from coda_pi.ui.memo import Memo
from coda_pi.ui.theme import RGB

# Font(None, s) is about 0.68 * s pixels tall from the top of the ascent to the descent.
_HEIGHT_PER_SIZE = 0.68

TEXT = "text"
NUMBER = "number"
"""The two roles of drawn text: words (names, instructions, scores) and panel numbers."""
_FLOOR_DIVISOR = {TEXT: 24, NUMBER: 12}
CONDENSE = 0.62
"""The narrowest a panel number is squeezed (its width over its natural width)."""


class SafeFont(pygame.font.Font):
    """pygame's font, for text from files: a NUL or a lone surrogate in a name (pygame raises
    on both) is drawn as U+FFFD, and text of only zero-width characters as a space, so no
    name a record or config holds can stop the screen from being drawn."""

    def render(self, text: Any, antialias: Any, color: Any, bgcolor: Any = None) -> Any:
        shown = drawable(text) if isinstance(text, str) else text
        try:
            return super().render(shown, antialias, color, bgcolor)
        except pygame.error:  # "Text has zero width"
            return super().render(" ", antialias, color, bgcolor)

    def size(self, text: Any) -> tuple[int, int]:
        key = (self, text)
        found = _sizes.get(key)
        if found is None:
            found = _sizes.put(key, super().size(drawable(text) if isinstance(text, str)
                                                 else text))
        return found

    def cap_height(self) -> int:
        """How tall this font draws a capital H (see ``cap_height``), worked out once."""
        found: int | None = getattr(self, "_cap_height", None)
        if found is None:
            metrics = self.metrics("H")[0]
            found = self._cap_height = metrics[3] if metrics else self.get_ascent()
        return found


class Inked(NamedTuple):
    """A text as drawn: its rendered image cut to its ink (``image``), where that lies in
    the whole image (``left``, ``top``) and the whole image's size, by which the text is
    placed. The rest of a rendered text is see-through, and a see-through pixel blitted
    leaves the screen as it was: the ink alone gives the same pixels."""

    image: pygame.Surface
    left: int
    top: int
    width: int
    height: int


def inked(fnt: pygame.font.Font, text: str, colour: RGB, narrow: int | None = None
          ) -> Inked:
    """``text`` rendered in ``fnt`` and ``colour`` (squeezed to ``narrow`` pixels wide when
    given), kept (``_images``). The images are shared: nothing may draw on them."""
    key = (fnt, text, tuple(colour), narrow)
    found = _images.get(key)
    if found is None:
        image = fnt.render(text, True, colour)
        if narrow is not None:
            image = pygame.transform.smoothscale(image, (narrow, image.get_height()))
        ink = image.get_bounding_rect()
        found = _images.put(key, Inked(image.subsurface(ink).copy(), ink.left, ink.top,
                                       image.get_width(), image.get_height()))
    return found


_images: Memo[Inked] = Memo(4096, budget=10 * 2**20, recent=True, admit=True)
"""Rendered texts, shared by every screen: a new screen mostly shows words drawn before
(the names, the points, what to press, the fixed sentences of its kind of screen). A text
missing here costs a new screen more than its rendering (4-8 us): its image is new memory
the blit then reads cold. Every sample screen at 480x320 together draws 542 texts, 7.0
MiB of ink (9.3 MiB as rendered: the rest is see-through, and cut off); a demo tournament
some 6 MiB as rendered. 10 MiB keeps all the texts of a club evening at 480x320 and the
most used of one at 800x480. At 4 MiB the screens' fixed sentences went round the cache
and each new screen rendered most of its words again; a full cache now admits a new text
only when it is asked for more often than what it would push out (ui/memo.py), so a
smaller one keeps a share of a round and every text that recurs. A Pi Zero 2 W has 512 MB; the
device's kept images (texts, panels, parts: ui/kept.py) stay within 40 MiB of it."""
_sizes: Memo[tuple[int, int]] = Memo(2048)
"""Measured texts: layouts measure many candidates (every elision, every wrap). A demo
tournament measures about 2,000 and the next ones a few hundred new: at 2,048 the cache is
full within the first game and the heap stays flat over a club night (bench_memory.py),
where 8,000 grew it for thirty tournaments; a frame measures a few dozen."""


_fonts: dict[int, pygame.font.Font] = {}
_fitted: dict[tuple[str, int, int, int | None], int] = {}
_floor_sizes: dict[int, int] = {}


def _forget() -> None:
    # A Font outlives pygame.quit() only as a dangling pointer: using it crashes. So the
    # caches are emptied whenever pygame quits (tests and the demo quit and start again).
    _fonts.clear()
    _fitted.clear()
    _floor_sizes.clear()


def font(size: int) -> pygame.font.Font:
    """pygame's default font at ``size`` (cached: opening a font costs a file read)."""
    size = max(6, size)
    cached = _fonts.get(size)
    if cached is None:
        if not _fonts:
            pygame.register_quit(_forget)
        if not pygame.font.get_init():
            pygame.font.init()
        cached = _fonts[size] = SafeFont(io.BytesIO(_default_font_file()),
                                         int(size * _NONE_SCALE))
    return cached


_NONE_SCALE = 0.6875
"""pygame opens ``Font(None, size)`` at this fraction of ``size`` (its font.c): the same
file opened at the scaled size draws the same pixels (test_ui_fonts checks every size)."""
_font_file: list[bytes] = []


def _default_font_file() -> bytes:
    """The default font's file, read once. ``Font(None, size)`` opens it again for every
    size and FreeType reads its glyphs through that Python file object; from bytes in
    memory a new size costs half the CPU (220 us instead of 430 us here with a sentence
    measured and drawn, bench_fonts.py), and a screen's first frame tries up to a dozen
    sizes for a paragraph (``wrapped_font``)."""
    if not _font_file:
        from pygame import pkgdata

        with pkgdata.getResource(pygame.font.get_default_font()) as file:
            _font_file.append(file.read())
    return _font_file[0]


def cap_height(fnt: pygame.font.Font) -> int:
    """How tall ``fnt`` draws a capital H, in pixels (what "readable" is measured by)."""
    if isinstance(fnt, SafeFont):
        return fnt.cap_height()
    metrics = fnt.metrics("H")[0]
    return metrics[3] if metrics else fnt.get_ascent()


def cap_floor(screen_height: int, role: str = TEXT) -> int:
    """The smallest cap height allowed for ``role`` on a screen ``screen_height`` tall."""
    return math.ceil(screen_height / _FLOOR_DIVISOR[role])


def floor_size(screen_height: int, role: str = TEXT) -> int:
    """The smallest font size whose capitals reach ``cap_floor``."""
    want = cap_floor(screen_height, role)
    size = _floor_sizes.get(want)
    if size is None:
        size = max(6, want * 2 - 2)
        while cap_height(font(size)) < want:
            size += 1
        _floor_sizes[want] = size
    return size


def floor_font(screen_height: int, role: str = TEXT) -> pygame.font.Font:
    return font(floor_size(screen_height, role))


def readable(fnt: pygame.font.Font, screen_height: int, role: str = TEXT) -> pygame.font.Font:
    """``fnt``, or the floor's font when ``fnt`` is smaller: the font ``blit_text`` will
    really draw with, for measuring what fits."""
    if cap_height(fnt) < cap_floor(screen_height, role):
        return floor_font(screen_height, role)
    return fnt


def size_of(fnt: pygame.font.Font) -> int:
    """The size ``fnt`` was opened at (the cache's key)."""
    for size, cached in _fonts.items():
        if cached is fnt:
            return size
    return round(fnt.get_height() / _HEIGHT_PER_SIZE)


@dataclass(frozen=True, slots=True)
class DrawnText:
    """One text as it was drawn, for the readability tests."""

    text: str
    role: str
    cap: int  # cap height drawn, pixels
    box: pygame.Rect  # the room it was given
    placed: pygame.Rect  # where its pixels went
    screen: tuple[int, int]

    @property
    def overflows(self) -> bool:
        """Ink outside its box (a pixel of anti-aliasing allowed), or off the screen."""
        return (not self.box.inflate(2, 2).contains(self.placed)
                or not pygame.Rect((0, 0), self.screen).contains(self.placed))


_recording: list[list[DrawnText]] = []


def recording() -> bool:
    """Whether a ``recording_text`` block is open (every text must then really be drawn)."""
    return bool(_recording)


@contextmanager
def recording_text() -> Iterator[list[DrawnText]]:
    """Every text drawn inside the ``with`` block, in order."""
    drawn: list[DrawnText] = []
    _recording.append(drawn)
    try:
        yield drawn
    finally:
        _recording.remove(drawn)


def fit_font(text: str, width: int, height: int, *, largest: int | None = None) -> pygame.font.Font:
    """The largest default font in which ``text`` fits a ``width`` x ``height`` box."""
    key = (text, width, height, largest)
    size = _fitted.get(key)
    if size is not None:
        return font(size)
    size = max(6, int(height / _HEIGHT_PER_SIZE))
    if largest is not None:
        size = min(size, largest)
    while size > 6:
        w, h = font(size).size(text or " ")
        if w <= width and h <= height:
            break
        # Shrink in proportion to the overflow: a couple of steps, not dozens.
        size = max(6, min(size - 1, int(size * min(width / max(w, 1), height / max(h, 1)))))
    if len(_fitted) > 4096:
        _fitted.clear()  # the same few hundred texts recur; a stale mix just gets rebuilt
    _fitted[key] = size
    return font(size)


def fits(text: str, fnt: pygame.font.Font, width: int) -> bool:
    return fnt.size(text)[0] <= width


def blit_text(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    colour: RGB,
    *,
    align: str = "center",
    largest: int | None = None,
    fnt: pygame.font.Font | None = None,
    role: str = TEXT,
    box: pygame.Rect | None = None,
    screen_height: int | None = None,
) -> pygame.Rect:
    """Draw ``text`` as large as fits ``rect`` (or in ``fnt``), never below the readability
    floor for ``role``; returns where it went.

    ``align`` is "center", "left" or "right" (vertical centring always). ``box``: the room
    the text may use when larger than ``rect`` (a line of a paragraph may use the
    paragraph's), for the readability tests. ``screen_height``: the screen's, when
    ``surface`` is not the screen (a panel drawn aside to be kept) and the floor is its.
    """
    screen_h = surface.get_height() if screen_height is None else screen_height
    chosen = fnt or fit_font(text, rect.width, rect.height, largest=largest)
    floor = cap_floor(screen_h, role)
    if cap_height(chosen) < floor:
        chosen = floor_font(screen_h, role)
    ink = inked(chosen, text, colour)
    if role == NUMBER and ink.width > rect.width:
        # A two-digit number in a narrow panel is drawn condensed, never shorter: its height
        # is what reads from across the table.
        ink = inked(chosen, text, colour, max(rect.width, math.ceil(ink.width * CONDENSE)))
    placed = pygame.Rect(0, 0, ink.width, ink.height)
    placed.centery = rect.centery
    if align == "left":
        placed.left = rect.left
    elif align == "right":
        placed.right = rect.right
    else:
        placed.centerx = rect.centerx
    inked_at = (placed.left + ink.left, placed.top + ink.top)
    surface.blit(ink.image, inked_at)
    if _recording:
        room = (box or rect).copy()
        drawn = DrawnText(text, role, cap_height(chosen), room,
                          pygame.Rect(inked_at, ink.image.get_size()), surface.get_size())
        for log in _recording:
            log.append(drawn)
    return placed


def elide(text: str, fnt: pygame.font.Font, width: int) -> str:
    """``text`` cut short with an ellipsis so that it fits ``width`` pixels in ``fnt``."""
    if fnt.size(text)[0] <= width:
        return text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…" if text else ""


_names_shown: list[tuple[str, ...]] = []
SHORTEST_NAME = 6
"""A long name shortened to fit is never cut below this many characters (the ellipsis
included): "Konsta…" still says who."""


@contextmanager
def names_on_screen(names: Iterable[str]) -> Iterator[None]:
    """The players' names on the frame being drawn: a paragraph too long for its box at the
    floor shortens these (``blit_wrapped``) before anything else gives."""
    _names_shown.append(tuple(n for n in names if n))
    try:
        yield
    finally:
        _names_shown.pop()


def names_stack() -> tuple[tuple[str, ...], ...]:
    """The names of every frame being drawn (``names_on_screen``), to draw again later
    as it was drawn now (``names_as_shown``)."""
    return tuple(_names_shown)


@contextmanager
def names_as_shown(stack: tuple[tuple[str, ...], ...]) -> Iterator[None]:
    """The names on screen as ``names_stack`` gave them, inside the ``with`` block."""
    before = _names_shown[:]
    _names_shown[:] = stack
    try:
        yield
    finally:
        _names_shown[:] = before


def names_shown() -> list[tuple[str, ...]]:
    """The names of the frames being drawn (``names_on_screen``), outermost first: what a
    paragraph's layout depends on besides its text and box."""
    return list(_names_shown)


def shorten_name(name: str, length: int) -> str:
    """``name`` in at most ``length`` characters: whole when it fits, else cut with "…"."""
    if len(name) <= length:
        return name
    return name[:max(1, length - 1)].rstrip() + "…"


def fit_name(make: Callable[[str], str], name: str, rect: pygame.Rect, screen_height: int,
             *, largest: int | None = None) -> tuple[str, pygame.font.Font]:
    """The text ``make(name)`` ("1st Konstantinos", "Ann (maker)") and the font to draw it
    in: as large as fits ``rect``, never below the floor; when even the floor is too wide,
    the name (and only the name) is shortened with "…" until it fits."""
    text = make(name)
    fnt = readable(fit_font(text, rect.width, rect.height, largest=largest), screen_height)
    length = len(name)
    while fnt.size(text)[0] > rect.width and length > SHORTEST_NAME:
        length -= 1
        text = make(shorten_name(name, length))
    return text, fnt


def elide_names_first(text: str, fnt: pygame.font.Font, width: int) -> str:
    """``text`` made to fit ``width`` pixels in ``fnt``: the long names on screen
    (``names_on_screen``) give first, a letter at a time (never below ``SHORTEST_NAME``),
    so that "1. Konstan…: phone" still says what the line is about; only then is the end cut
    (``elide``)."""
    if fnt.size(text)[0] <= width:
        return text
    length = max((len(n) for names in _names_shown for n in names), default=0)
    shorter = text
    while fnt.size(shorter)[0] > width and length > SHORTEST_NAME:
        length -= 1
        shorter = _shorter_names(text, length)
    return elide(shorter, fnt, width)


def _shorter_names(text: str, length: int) -> str:
    for names in _names_shown:
        for name in sorted(names, key=len, reverse=True):
            if len(name) > length:
                text = text.replace(name, shorten_name(name, length))
    return text


def wrap_to_width(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` in ``fnt`` (a single word
    wider than that stays whole, on its own line). Runs of spaces within a line are kept:
    "OK: yes   BACK: no" keeps its two answers apart."""
    lines = _wrap_within(text, fnt, width, None)
    assert lines is not None
    return lines


def _wrap_within(text: str, fnt: pygame.font.Font, width: int, most: int | None
                 ) -> list[str] | None:
    """``wrap_to_width``'s lines, or None as soon as it is certain that they are more than
    ``most`` or that one is wider than ``width`` (a word alone on its line): a size that
    cannot fit is given up after its first lines, not measured to the end. A screen's first
    frame tries up to a dozen sizes for a paragraph (``wrapped_font``), each in a font whose
    glyphs are not loaded yet, and most of them fail on the first lines. ``most`` None:
    every line, however many and wide."""
    if most is not None and most < 1:
        return None  # every text is at least one line
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        alone = False  # ``line`` is one word, not measured yet
        for gap, word in re.findall(r"(\s*)(\S+)", paragraph):
            candidate = f"{line}{gap}{word}" if line else word
            if line and fnt.size(candidate)[0] > width:
                if most is not None and (len(lines) + 2 > most or (
                        alone and fnt.size(line)[0] > width)):
                    return None  # a line more than ``most`` begins, or this one overflows
                lines.append(line)
                line, alone = word, True
            else:
                line, alone = candidate, not line
        if most is not None and len(lines) + 1 > most:
            return None
        lines.append(line)
    return lines


def wrapped_font(text: str, width: int, height: int, screen_height: int, *,
                 max_lines: int = 3, largest: int | None = None
                 ) -> tuple[pygame.font.Font, list[str]]:
    """The largest font (not below the floor) and the lines in which ``text`` fits a
    ``width`` x ``height`` box on at most ``max_lines`` lines; at the floor when nothing
    larger fits, even if it then overflows (the tests say so)."""
    key = (text, width, height, screen_height, max_lines, largest)
    kept = _wrapped_fonts.get(key)
    if kept is None:
        fnt, lines = _wrapped_font(text, width, height, screen_height, max_lines=max_lines,
                                   largest=largest)
        kept = _wrapped_fonts.put(key, (fnt, tuple(lines)))
    return kept[0], list(kept[1])


_wrapped_fonts: Memo[tuple[pygame.font.Font, tuple[str, ...]]] = Memo(128)
# A tournament wraps about 90 texts, a frame a few: full within the first game, then flat.


def _wrapped_font(text: str, width: int, height: int, screen_height: int, *,
                  max_lines: int, largest: int | None) -> tuple[pygame.font.Font, list[str]]:
    floor = floor_size(screen_height)
    top = max(floor, int(height / _HEIGHT_PER_SIZE))
    if largest is not None:
        top = max(floor, min(top, largest))
    size = top
    while True:
        fnt = font(size)
        if size <= floor:  # drawn at the floor whatever it needs
            return fnt, wrap_to_width(text, fnt, width)
        # Only as many lines as both the box's height and ``max_lines`` allow can fit.
        lines = _wrap_within(text, fnt, width, min(max_lines, height // fnt.get_linesize()))
        if lines is not None and all(fnt.size(line)[0] <= width for line in lines):
            return fnt, lines
        size = max(floor, size - max(1, size // 12))


def wrapped_layout(text: str, rect: pygame.Rect, screen_height: int, *, max_lines: int = 3,
                   largest: int | None = None) -> tuple[pygame.font.Font, list[str], bool]:
    """``wrapped_font``'s font and lines for ``text`` in ``rect``, and whether they fit. Too
    long for its box even at the floor, the long names on screen (``names_on_screen``) give
    first, a letter at a time (never below ``SHORTEST_NAME``): the sentence stays whole."""
    # The same sentence in the same box comes back every frame (the prompt, the banner).
    key = (text, rect.width, rect.height, screen_height, max_lines, largest,
           tuple(_names_shown))
    kept = _wrapped.get(key)
    if kept is None:
        fnt, lines, fits = _wrapped_layout(text, rect, screen_height, max_lines=max_lines,
                                           largest=largest)
        kept = _wrapped.put(key, (fnt, tuple(lines), fits))
    return kept[0], list(kept[1]), kept[2]


_wrapped: Memo[tuple[pygame.font.Font, tuple[str, ...], bool]] = Memo(256)


def _wrapped_layout(text: str, rect: pygame.Rect, screen_height: int, *, max_lines: int,
                    largest: int | None) -> tuple[pygame.font.Font, list[str], bool]:
    fnt, lines = wrapped_font(text, rect.width, rect.height, screen_height,
                              max_lines=max_lines, largest=largest)
    length = max((len(n) for names in _names_shown for n in names), default=0)
    while not _fits_box(fnt, lines, rect, max_lines) and length > SHORTEST_NAME:
        length -= 1
        fnt, lines = wrapped_font(_shorter_names(text, length), rect.width, rect.height,
                                  screen_height, max_lines=max_lines, largest=largest)
    return fnt, lines, _fits_box(fnt, lines, rect, max_lines)


def blit_wrapped(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    colour: RGB,
    *,
    align: str = "left",
    max_lines: int = 3,
    largest: int | None = None,
) -> None:
    """``text`` as large as fits ``rect``, broken over up to ``max_lines`` lines (a long
    sentence on a 320-pixel screen would otherwise shrink past reading)."""
    fnt, lines, _fits = wrapped_layout(text, rect, surface.get_height(), max_lines=max_lines,
                                       largest=largest)
    line_h = fnt.get_linesize()
    top = rect.top + (rect.height - line_h * len(lines)) // 2
    for i, line in enumerate(lines):
        part = pygame.Rect(rect.left, top + i * line_h, rect.width, line_h)
        # An accent or a descender may reach past its line: what matters to a reader is
        # that the paragraph stays in its rect.
        blit_text(surface, line, part, colour, align=align, fnt=fnt, box=rect)


def _fits_box(fnt: pygame.font.Font, lines: list[str], rect: pygame.Rect, max_lines: int
              ) -> bool:
    return (len(lines) <= max_lines and len(lines) * fnt.get_linesize() <= rect.height
            and all(fnt.size(line)[0] <= rect.width for line in lines))


"""Text on the screen with pygame's own default font (shipped inside pygame: no system fonts).

``Font(None, size)`` renders digits about 0.55 * size tall, so sizes are chosen from the box
the text must fill, not guessed: ``fit_font`` finds the largest size whose text fits.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pygame

from coda_pi.safe_text import drawable
from coda_pi.ui.theme import RGB

# Font(None, s) is about 0.68 * s pixels tall from the top of the ascent to the descent.
_HEIGHT_PER_SIZE = 0.68


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
        return super().size(drawable(text) if isinstance(text, str) else text)


_fonts: dict[int, pygame.font.Font] = {}
_fitted: dict[tuple[str, int, int, int | None], int] = {}


def _forget() -> None:
    # A Font outlives pygame.quit() only as a dangling pointer: using it crashes. So the
    # caches are emptied whenever pygame quits (tests and the demo quit and start again).
    _fonts.clear()
    _fitted.clear()


def font(size: int) -> pygame.font.Font:
    """pygame's default font at ``size`` (cached: opening a font costs a file read)."""
    size = max(6, size)
    cached = _fonts.get(size)
    if cached is None:
        if not _fonts:
            pygame.register_quit(_forget)
        if not pygame.font.get_init():
            pygame.font.init()
        cached = _fonts[size] = SafeFont(None, size)
    return cached


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


def blit_text(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    colour: RGB,
    *,
    align: str = "center",
    largest: int | None = None,
    fnt: pygame.font.Font | None = None,
) -> pygame.Rect:
    """Draw ``text`` as large as fits ``rect`` (or in ``fnt``); returns where it went.

    ``align`` is "center", "left" or "right" (vertical centring always).
    """
    chosen = fnt or fit_font(text, rect.width, rect.height, largest=largest)
    image = chosen.render(text, True, colour)
    placed = image.get_rect()
    placed.centery = rect.centery
    if align == "left":
        placed.left = rect.left
    elif align == "right":
        placed.right = rect.right
    else:
        placed.centerx = rect.centerx
    surface.blit(image, placed)
    return placed


def elide(text: str, fnt: pygame.font.Font, width: int) -> str:
    """``text`` cut short with an ellipsis so that it fits ``width`` pixels in ``fnt``."""
    if fnt.size(text)[0] <= width:
        return text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…" if text else ""


def blit_wrapped(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    colour: RGB,
    *,
    align: str = "left",
) -> None:
    """``text`` on one line, or split over two when that lets it be drawn larger (a long
    sentence on a 320-pixel screen would otherwise shrink past reading)."""
    one = fit_font(text, rect.width, rect.height)
    words = text.split()
    if len(words) < 2:
        blit_text(surface, text, rect, colour, align=align, fnt=one)
        return
    # Break at the space nearest the middle of the sentence.
    best = min(range(1, len(words)),
               key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    lines = (" ".join(words[:best]), " ".join(words[best:]))
    half = rect.height // 2
    longest = max(lines, key=lambda line: font(40).size(line)[0])
    two = fit_font(longest, rect.width, half)
    if two.get_height() <= one.get_height() * 1.15:
        blit_text(surface, text, rect, colour, align=align, fnt=one)
        return
    for i, line in enumerate(lines):
        part = pygame.Rect(rect.left, rect.top + i * half, rect.width, half)
        blit_text(surface, line, part, colour, align=align, fnt=two)


def wrap_words(text: str, width: int) -> list[str]:
    """Words into lines of about ``width`` characters (the font shrinks to fit the rest)."""
    return textwrap.wrap(text, width, break_long_words=False) or [""]

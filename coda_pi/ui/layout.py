"""Where things go on the screen, as fractions of its size.

Every screen has the same three bands: a header (whose turn, or what screen this is, and
under it what just happened), the body, and a footer that always says what to press (and on
the desktop shows the seat LEDs). Keeping them fixed means a player's eye finds the same
thing in the same place on every screen. The header and footer are sized from the
readability floor (two lines of the smallest text allowed), not from a fixed fraction, so
the body keeps the most room the floor allows.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from coda_pi.ui.memo import Memo
from coda_pi.ui.text import floor_font
from coda_pi.ui.theme import Metrics


@dataclass(frozen=True, slots=True)
class Frame:
    """The bands of one screen."""

    header: pygame.Rect
    body: pygame.Rect
    footer: pygame.Rect
    leds: pygame.Rect | None  # the on-screen seat LEDs (desktop), at the footer's right
    message: pygame.Rect  # the footer's text part: what to press now
    metrics: Metrics


def frame(size: tuple[int, int], *, led_strip: bool) -> Frame:
    """The bands for a surface of ``size``."""
    # Worked out once per size (every frame asks); new rectangles each time, as callers
    # may move or resize the ones they are given.
    kept = _frames.get((size, led_strip))
    if kept is None:
        bands = _frame(size, led_strip=led_strip)
        kept = _frames.put((size, led_strip), (
            tuple(None if r is None else tuple(r) for r in (bands.header, bands.body,
                                                             bands.footer, bands.leds,
                                                             bands.message)),
            bands.metrics))
    (header, body, footer, leds, message), metrics = kept
    return Frame(pygame.Rect(header), pygame.Rect(body), pygame.Rect(footer),
                 None if leds is None else pygame.Rect(leds), pygame.Rect(message), metrics)


_frames: Memo[tuple[tuple[tuple[int, int, int, int] | None, ...], Metrics]] = Memo(8)


def _frame(size: tuple[int, int], *, led_strip: bool) -> Frame:
    w, h = size
    m = Metrics(w, h)
    gap = m.margin
    line = floor_font(h).get_linesize()
    header_h = max(round(h * 0.16), round(line * 2.3)) + gap
    footer_h = line * 2 + gap + 2
    header = pygame.Rect(gap, gap, w - 2 * gap, header_h - gap)
    footer = pygame.Rect(gap, h - footer_h, w - 2 * gap, footer_h - gap)
    body = pygame.Rect(gap, header.bottom + gap, w - 2 * gap, footer.top - header.bottom - 2 * gap)
    leds = None
    message = footer
    if led_strip:
        strip_w = min(round(w * 0.16), round(footer.height * 1.2))
        leds = pygame.Rect(footer.right - strip_w, footer.top, strip_w, footer.height)
        message = pygame.Rect(footer.left, footer.top, footer.width - strip_w - gap, footer.height)
    return Frame(header, body, footer, leds, message, m)


def header_grown(bands: Frame, pixels: int) -> Frame:
    """``bands`` with the header ``pixels`` taller and the body as much shorter: a banner
    sentence too long for the header takes lines from the body (the chrome gives way, the
    sentence is not cut)."""
    if pixels <= 0:
        return bands
    header = bands.header.inflate(0, 0)
    header.height += pixels
    body = bands.body.copy()
    body.top += pixels
    body.height = max(0, body.height - pixels)
    return Frame(header, body, bands.footer, bands.leds, bands.message, bands.metrics)


def split_columns(rect: pygame.Rect, fraction: float, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """``rect`` cut into a left part of ``fraction`` of its width and the rest."""
    left_w = round(rect.width * fraction)
    left = pygame.Rect(rect.left, rect.top, left_w - gap // 2, rect.height)
    right = pygame.Rect(left.right + gap, rect.top, rect.right - left.right - gap, rect.height)
    return left, right


def split_rows(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``rect`` cut into ``count`` rows of equal height."""
    if count <= 0:
        return []
    row_h = (rect.height - gap * (count - 1)) // count
    return [
        pygame.Rect(rect.left, rect.top + i * (row_h + gap), rect.width, row_h)
        for i in range(count)
    ]

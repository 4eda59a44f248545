"""The drawing primitives every screen is made of: panel, row, banner, timer, LED strip, menu.

Each takes the surface and the rectangle it may fill and draws only there; none of them
knows any game rule. Sizes come from the rectangle, so the same call reads at 320x240 and
at 800x480.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from coda_pi.ui import theme
from coda_pi.ui.text import blit_text, blit_wrapped, elide, fit_font, font
from coda_pi.ui.theme import RGB


@dataclass(frozen=True, slots=True)
class PanelLook:
    """How one panel appears: its colour ("D" or "L"), the label on its face when the
    viewer may see it (None: only the back shows), whether it is knocked down, and whether a
    cursor or a "this one" mark is on it."""

    colour: str
    label: str | None = None
    down: bool = False
    marked: bool = False
    faint: bool = False  # a slot shown for context only (the drawn panel's would-be place)


def panel_colours(colour: str) -> tuple[RGB, RGB, RGB]:
    """(face, digit, edge) of a dark or light panel."""
    if colour == "D":
        return theme.DARK_PANEL, theme.DARK_PANEL_DIGIT, theme.DARK_PANEL_EDGE
    return theme.LIGHT_PANEL, theme.LIGHT_PANEL_DIGIT, theme.LIGHT_PANEL_EDGE


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, look: PanelLook) -> pygame.Rect:
    """One panel in ``rect`` (a standing panel fills it; a knocked-down one lies in its lower
    part, wider than tall, like a real panel laid flat). Returns the rectangle drawn."""
    face, digit, edge = panel_colours(look.colour)
    radius = max(2, rect.width // 8)
    border = max(1, rect.width // 18)
    if look.down:
        # Knocked down: lying flat at the foot of its slot, face up, with a hatched top edge
        # so it reads as "down" even when the label is the same size as a standing one.
        flat_h = max(8, int(rect.height * 0.52))
        body = pygame.Rect(rect.left, rect.bottom - flat_h, rect.width, flat_h)
    else:
        body = rect.copy()
    if look.marked:
        halo = body.inflate(border * 4 + 4, border * 4 + 4)
        pygame.draw.rect(surface, theme.CURSOR, halo, border_radius=radius + border * 2)
    pygame.draw.rect(surface, face, body, border_radius=radius)
    pygame.draw.rect(surface, edge, body, width=border, border_radius=radius)
    if look.down:
        stripe = max(2, body.height // 9)
        pygame.draw.rect(
            surface,
            theme.BAD,
            pygame.Rect(body.left + border, body.top + border, body.width - 2 * border, stripe),
        )
    if look.label is not None:
        inner = body.inflate(-2 * border - max(2, body.width // 10), -2 * border)
        if look.down:
            inner.top += max(2, body.height // 9)
            inner.height -= max(2, body.height // 9)
        if look.label == "-":
            # The font's hyphen is a thin sliver; a dash panel shows a bold bar.
            bar = pygame.Rect(0, 0, round(inner.width * 0.7), max(2, inner.height // 9))
            bar.center = inner.center
            pygame.draw.rect(surface, digit, bar)
        else:
            blit_text(surface, look.label, inner, digit, largest=_panel_font_size(rect))
    if look.faint:
        veil = pygame.Surface(body.size, pygame.SRCALPHA)
        veil.fill((*theme.BACKGROUND, 140))
        surface.blit(veil, body.topleft)
    return body


def _panel_font_size(rect: pygame.Rect) -> int:
    # The same size for every panel of a row, whatever its label ("1" vs "11"), chosen so
    # that the widest label, "11", fits a standing panel.
    return max(6, min(int(rect.height * 0.75), int(rect.width * 1.05)))


PANEL_ASPECT = 0.62
"""Width over height of a standing panel (the real ones are about 2.2 x 3.5 cm)."""


def row_rects(area: pygame.Rect, count: int, *, max_height: int | None = None) -> list[pygame.Rect]:
    """The slots of ``count`` panels laid out left to right, centred in ``area``."""
    if count <= 0:
        return []
    height = area.height if max_height is None else min(area.height, max_height)
    gap = max(2, area.width // 120)
    if count * 2 + gap * (count - 1) > area.width:
        gap = 1 if count * 2 + count - 1 <= area.width else 0
    width = min(int(height * PANEL_ASPECT), (area.width - gap * (count - 1)) // count)
    width = max(1, width)
    height = min(height, int(width / PANEL_ASPECT))
    total = count * width + (count - 1) * gap
    left = area.left + (area.width - total) // 2
    top = area.top + (area.height - height) // 2
    return [pygame.Rect(left + i * (width + gap), top, width, height) for i in range(count)]


def draw_row(
    surface: pygame.Surface,
    area: pygame.Rect,
    panels: Sequence[PanelLook],
    *,
    max_height: int | None = None,
) -> list[pygame.Rect]:
    """A player's row of panels, left to right; returns each panel's slot."""
    rects = row_rects(area, len(panels), max_height=max_height)
    for rect, look in zip(rects, panels, strict=True):
        draw_panel(surface, rect, look)
    return rects


def draw_banner(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    colour: RGB,
    *,
    subtitle: str | None = None,
) -> None:
    """A bar in ``colour`` with ``text`` as large as fits (the name of whose turn it is)."""
    radius = max(2, rect.height // 6)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    ink = theme.ink_on(colour)
    pad = max(2, rect.height // 10)
    inner = rect.inflate(-2 * pad - rect.height // 3, -2 * pad)
    if subtitle:
        # The title (whose turn) keeps most of the room; a long subtitle may take two
        # lines when that draws it larger.
        main = pygame.Rect(inner.left, inner.top, inner.width, int(inner.height * 0.62))
        sub = pygame.Rect(inner.left, main.bottom, inner.width, inner.bottom - main.bottom)
        blit_text(surface, text, main, ink)
        blit_wrapped(surface, subtitle, sub, ink, align="center")
    else:
        blit_text(surface, text, inner, ink)


def timer_text(seconds_left: float) -> str:
    """The time left as people read it: "1:05", "0:42", and whole seconds rounded up."""
    whole = max(0, int(-(-seconds_left // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def draw_timer(
    surface: pygame.Surface,
    rect: pygame.Rect,
    seconds_left: float,
    fraction_left: float | None = None,
    *,
    paused: bool = False,
    urgent: bool = False,
    extra: bool = False,
    caption: str | None = None,
) -> None:
    """The guess timer: big digits, amber in the extra period, red in the last seconds;
    under them a bar that empties as the period runs out (when its length is known) or a
    caption ("paused", "extra time")."""
    if paused:
        colour = theme.TEXT_DIM
    elif urgent:
        colour = theme.BAD
    elif extra:
        colour = theme.WARNING
    else:
        colour = theme.TEXT
    below_h = 0
    if fraction_left is not None:
        below_h = max(3, rect.height // 10)
    elif caption:
        below_h = max(8, rect.height // 4)
    digits = pygame.Rect(rect.left, rect.top, rect.width, rect.height - below_h - below_h // 3)
    blit_text(surface, timer_text(seconds_left), digits, colour)
    below = pygame.Rect(rect.left, rect.bottom - below_h, rect.width, below_h)
    if fraction_left is not None:
        pygame.draw.rect(surface, theme.PANEL_AREA, below, border_radius=below_h // 2)
        filled = below.copy()
        filled.width = round(below.width * max(0.0, min(1.0, fraction_left)))
        if filled.width > 0:
            pygame.draw.rect(surface, colour, filled, border_radius=below_h // 2)
    elif caption:
        blit_text(surface, caption, below, colour)


@dataclass(frozen=True, slots=True)
class LedLook:
    """One seat LED as the strip shows it: lit right now, and whether it is blinking."""

    lit: bool
    blinking: bool = False


def draw_led_strip(
    surface: pygame.Surface, rect: pygame.Rect, leds: Sequence[LedLook]
) -> list[pygame.Rect]:
    """The four seat LEDs as lamps in the seat colours (the desktop has no real ones).

    A blinking LED keeps a thin ring in its colour even in its dark phase, so a screenshot
    still tells "blinking" from "off".
    """
    count = max(1, len(leds))
    slot_w = rect.width // count
    diameter = max(4, min(rect.height, slot_w) - 2)
    lamps = []
    for seat, led in enumerate(leds):
        centre = (rect.left + slot_w * seat + slot_w // 2, rect.centery)
        colour = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
        fill = colour if led.lit else theme.LED_OFF
        radius = diameter // 2
        pygame.draw.circle(surface, fill, centre, radius)
        ring = colour if led.blinking or led.lit else theme.dim(colour, 0.6)
        pygame.draw.circle(surface, ring, centre, radius, width=max(1, diameter // 8))
        lamps.append(pygame.Rect(centre[0] - radius, centre[1] - radius, diameter, diameter))
    return lamps


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One line of a menu: what it is, and its current value (None for an action)."""

    label: str
    value: str | None = None
    enabled: bool = True


def draw_menu(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    items: Sequence[MenuItem],
    selected: int,
    *,
    hint: str | None = None,
    max_lines: int | None = None,
) -> None:
    """A title over a list of items, the selected one in a highlight bar, scrolled so the
    selected item is always in view."""
    title_h = max(10, rect.height // 7) if title else 0
    title_rect = pygame.Rect(rect.left, rect.top, rect.width, title_h)
    if title:
        blit_text(surface, title, title_rect, theme.TEXT)
    hint_h = max(8, rect.height // 12) if hint else 0
    list_rect = pygame.Rect(
        rect.left, title_rect.bottom + title_h // 4, rect.width,
        rect.bottom - title_rect.bottom - title_h // 4 - hint_h,
    )
    if hint:
        hint_rect = pygame.Rect(rect.left, rect.bottom - hint_h, rect.width, hint_h)
        blit_text(surface, hint, hint_rect, theme.TEXT_DIM)
    if not items:
        return
    # About six lines fit on every screen; more would make the text too small to read at
    # arm's length on 320x240.
    lines = min(len(items), max_lines or 6)
    line_h = list_rect.height // lines
    first = min(max(0, selected - lines // 2), len(items) - lines)
    pad = max(3, line_h // 4)
    # One font for every line: as tall as a line allows, narrow enough for the longest one.
    widest = max(items, key=lambda i: font(40).size(i.label + "  " + (i.value or ""))[0])
    fnt = fit_font(widest.label + "  " + (widest.value or ""), list_rect.width - 2 * pad,
                   int(line_h * 0.72))
    for shown, index in enumerate(range(first, first + lines)):
        item = items[index]
        line = pygame.Rect(list_rect.left, list_rect.top + shown * line_h, list_rect.width, line_h)
        ink = theme.TEXT if item.enabled else theme.TEXT_DIM
        if index == selected:
            pygame.draw.rect(surface, theme.CURSOR, line.inflate(0, -2), border_radius=line_h // 5)
            ink = theme.INK
        inner = line.inflate(-2 * pad, 0)
        if item.value is not None:
            # The value gets what the label leaves, but never less than a third.
            label_needs = fnt.size(item.label)[0] + pad
            room = max(inner.width // 3, inner.width - label_needs)
            value_w = min(room, fnt.size(item.value)[0])
            value_rect = pygame.Rect(inner.right - value_w, inner.top, value_w, inner.height)
            blit_text(surface, elide(item.value, fnt, value_w), value_rect, ink, align="right",
                      fnt=fnt)
            label_w = inner.width - value_w - pad
        else:
            label_w = inner.width
        label_rect = pygame.Rect(inner.left, inner.top, label_w, inner.height)
        blit_text(surface, elide(item.label, fnt, label_w), label_rect, ink, align="left", fnt=fnt)
    if first > 0:
        _arrow(surface, list_rect, up=True)
    if first + lines < len(items):
        _arrow(surface, list_rect, up=False)


def _arrow(surface: pygame.Surface, area: pygame.Rect, *, up: bool) -> None:
    size = max(4, area.height // 30)
    x = area.right - size * 2
    y = area.top + size if up else area.bottom - size
    tip = y - size if up else y + size
    pygame.draw.polygon(surface, theme.TEXT_DIM, [(x - size, y), (x + size, y), (x, tip)])


def draw_box(
    surface: pygame.Surface, rect: pygame.Rect, colour: RGB, *, width: int = 0
) -> None:
    """A rounded box (a card behind a group of things)."""
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=max(2, rect.height // 12))


def draw_lines(
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: Sequence[str],
    colour: RGB,
    *,
    max_lines: int | None = None,
) -> None:
    """Several lines of text, one size for all, as large as fits ``rect``."""
    if not lines:
        return
    count = max(len(lines), max_lines or 0)
    line_h = rect.height // count
    longest = max(lines, key=lambda s: font(40).size(s)[0])
    fnt = fit_font(longest, rect.width, int(line_h * 0.9))
    for i, text in enumerate(lines):
        line = pygame.Rect(rect.left, rect.top + i * line_h, rect.width, line_h)
        blit_text(surface, text, line, colour, fnt=fnt)

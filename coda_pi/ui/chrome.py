"""What every screen of both games draws the same way: the header band (``header``), what
to press (``draw_keys``, in ``sentence_case``) and the BACK menu or question over the screen
(``_overlay``, ``_overlay_keys``). Its own module, below ``screens`` and
``mastermind_screens``, so neither imports the other back."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

import pygame

from coda_pi.i18n import _, language
from coda_pi.referee.shared.seat_screens import PhonesView
from coda_pi.referee.shared.views import ConfirmView, MenuView, PublicView
from coda_pi.ui import theme
from coda_pi.ui.draw import (
    LedLook,
    MenuItem,
    draw_banner,
    draw_led_strip,
    draw_menu,
    veil,
)
from coda_pi.ui.kept import draw_kept, keep_layer
from coda_pi.ui.layout import Frame
from coda_pi.ui.looks import BANNER_CHIPS
from coda_pi.ui.memo import Hashed
from coda_pi.ui.text import blit_text, blit_wrapped, floor_size, names_shown
from coda_pi.ui.theme import RGB, Metrics


def header(surface: pygame.Surface, bands: Frame, view: PublicView | None, title: str,
           colour: RGB, subtitle: str | None = None) -> None:
    """The header band: ``title`` on a bar of ``colour``; under it what just happened (the
    referee's banner, on a chip of its kind's colour), else ``subtitle``, else the screen's
    title ("Round 2 of 3")."""
    banner = view.banner if view is not None else None
    if banner is not None:
        _kept_banner(surface, bands.header, title, colour, banner.text,
                     BANNER_CHIPS[banner.kind])
        return
    below = subtitle if subtitle is not None else (view.title if view is not None else "")
    _kept_banner(surface, bands.header, title, colour, below or None, None)


def _kept_banner(surface: pygame.Surface, rect: pygame.Rect, title: str, colour: RGB,
                 subtitle: str | None, subtitle_colour: RGB | None) -> None:
    """``draw_banner`` kept as an image while what it shows is the same: the header changes
    on a move, not with the timer or a cursor, and it is a tenth of a frame's drawing. The
    header is drawn first, over the plain background, as ``draw_kept`` needs; a long
    paragraph's layout depends on the names on screen too."""
    key = ("banner", title, colour, subtitle, subtitle_colour, tuple(names_shown()),
           language())
    draw_kept(surface, rect.inflate(4, 4), key,
              lambda target, dx, dy: draw_banner(target, rect.move(dx, dy), title, colour,
                                                 subtitle=subtitle,
                                                 subtitle_colour=subtitle_colour))


def kept_led_strip(surface: pygame.Surface, rect: pygame.Rect, leds: tuple[LedLook, ...]
                   ) -> None:
    """``draw_led_strip`` kept as an image per pattern: the lamps are plain circles (no
    blending with what lies under them), the same few patterns again and again."""
    draw_kept(surface, rect.inflate(4, 4), ("leds", leds),
              lambda target, dx, dy: draw_led_strip(target, rect.move(dx, dy), leds))


def draw_keys(surface: pygame.Surface, bands: Frame, prompt: str) -> None:
    """What to press now, always in the footer, always in the same readable size (the footer
    holds two lines of it)."""
    if prompt:
        # Kept as an image while the prompt is the same: the footer is drawn over the plain
        # background, and the same prompt stays for many frames while the timer runs.
        text, rect = sentence_case(prompt), bands.message
        largest = floor_size(surface.get_height())
        # Within the footer a menu clears (``footer_room``), by construction: a menu
        # opening over the screen shown takes that screen from the canvas, its words too
        # (ui/menu_open.py), and must leave none of them under the veil.
        before = surface.get_clip()
        surface.set_clip(before.clip(rect.inflate(4, 4).clip(footer_room(bands))))
        try:
            draw_kept(surface, rect.inflate(4, 4), ("keys", text, tuple(names_shown())),
                      lambda target, dx, dy: blit_wrapped(target, text, rect.move(dx, dy),
                                                          theme.TEXT, max_lines=2,
                                                          largest=largest))
        finally:
            surface.set_clip(before)


def footer_room(bands: Frame) -> pygame.Rect:
    """The footer band as a menu clears it after dimming the screen: what to press and the
    LED strip are drawn inside it, never dimmed."""
    return bands.footer.inflate(0, bands.metrics.margin)


def under_key(view: object, bands: Frame) -> Hashable:
    """The key the screen dimmed under ``view``'s menu or question is kept under
    (``kept.keep_layer``): the view without them and without its counter, either game's
    (a dataclass equals only its own kind)."""
    # Hashed once: the key is looked up and kept several times in a menu's first frame,
    # and hashing the view walks all of it each time (13 us a time here, cold).
    return Hashed(("under", replace(view, overlay=None, version=0),  # type: ignore[type-var]
                   bands.leds is not None, language()))


def sentence_case(text: str) -> str:
    """The first letter a capital ("¿cuál..." -> "¿Cuál..."); a sentence that opens with a
    number keeps its words as they are ("1 of 3", not "1 Of 3")."""
    for i, char in enumerate(text):
        if char.isalpha():
            return text[:i] + char.upper() + text[i + 1:]
        if char.isdigit():
            return text
    return text


def _overlay_keys(overlay: MenuView | ConfirmView | PhonesView) -> str:
    if isinstance(overlay, PhonesView):
        return overlay.keys
    if isinstance(overlay, MenuView):
        return _("OK: choose   BACK: close")
    return "   ".join(label for label in (overlay.ok_label, overlay.back_label) if label)


def _dim_around(surface: pygame.Surface, box: pygame.Rect, radius: int) -> list[pygame.Rect]:
    """Dim the screen under a menu but where its box (rounded by ``radius``) covers it
    whole, every time it is drawn: the box is filled over the screen dimmed (and over the
    layer kept of it), so nobody sees what lies under its inside. Three quarters of the
    screen at every size, which the veil's blending (the costliest part of a menu's
    first frame, 90 us at 480x320) skips. Returns the rooms dimmed."""
    shade = veil(surface.get_size(), (0, 0, 0, 170))
    rooms = _around(surface.get_size(), box, radius)
    for room in rooms:
        surface.blit(shade, room.topleft, room)
    return rooms


def _around(size: tuple[int, int], box: pygame.Rect, radius: int) -> list[pygame.Rect]:
    """What of a screen of ``size`` a box rounded by ``radius`` does not cover whole:
    above, below, left, right of it; then its four rounded corners."""
    width, height = size
    rooms = [pygame.Rect(0, 0, width, box.top), pygame.Rect(0, box.bottom, width,
                                                            height - box.bottom),
             pygame.Rect(0, box.top, box.left, box.height),
             pygame.Rect(box.right, box.top, width - box.right, box.height)]
    for x in (box.left, box.right - radius):
        for y in (box.top, box.bottom - radius):
            rooms.append(pygame.Rect(x, y, radius, radius))
    return [room for room in rooms if room.width > 0 and room.height > 0]


def _overlay(surface: pygame.Surface, bands: Frame, overlay: MenuView | ConfirmView | PhonesView,
             m: Metrics, *, dimmed: bool = False, keep: Hashable = None) -> None:
    """The menu or question over the screen; the footer stays clear to say what to press.
    ``dimmed``: the screen under it is already dimmed (a kept layer); ``keep``: keep the
    dimmed screen under this key."""
    box = pygame.Rect(bands.header.left, bands.header.top, bands.header.width,
                      bands.body.bottom - bands.header.top)
    radius = m.px(3)
    if not dimmed:
        rooms = _dim_around(surface, box, radius)
        pygame.draw.rect(surface, theme.BACKGROUND, footer_room(bands))
        if keep is not None:
            # Inside the box only its fill is ever seen: the rooms around it are kept.
            keep_layer(surface, keep, rooms + [footer_room(bands)])
    # The box and what it says, the same picture each time the menu opens (BACK on a turn,
    # its cursor on the first line): kept as one image (ui/kept.py), opaque where the box
    # is drawn, the colour no box draws around its rounded corners.
    key = ("overlay", overlay, radius, m, tuple(names_shown()))
    draw_kept(surface, box.inflate(4, 4), key,
              lambda target, dx, dy: _boxed(target, bands, box.move(dx, dy), radius,
                                            overlay),
              colour_key=_NEVER_IN_A_BOX)


_NEVER_IN_A_BOX = (255, 0, 255)
"""A colour no menu's or question's box draws: what is around its rounded corners."""


def _box(surface: pygame.Surface, box: pygame.Rect, radius: int, m: Metrics) -> None:
    pygame.draw.rect(surface, theme.PANEL_AREA, box, border_radius=radius)
    pygame.draw.rect(surface, theme.CURSOR, box, width=max(2, m.border), border_radius=m.px(3))


def _boxed(surface: pygame.Surface, bands: Frame, box: pygame.Rect, radius: int,
           overlay: MenuView | ConfirmView | PhonesView) -> None:
    """A menu, a question or the phones' page in its box (of the bands, only their
    metrics count: the box is where it is drawn)."""
    m = bands.metrics
    _box(surface, box, radius, m)
    inner = box.inflate(-2 * m.margin, -2 * m.margin)
    if isinstance(overlay, PhonesView):
        from coda_pi.ui.phones_card import draw_phones_page  # only where phones are on

        draw_phones_page(surface, bands, overlay, inner)
    elif isinstance(overlay, MenuView):
        items = [MenuItem(label) for label in overlay.items]
        draw_menu(surface, inner, overlay.title, items, overlay.cursor)
    else:
        title_h = round(inner.height * 0.3)
        blit_text(surface, overlay.title, pygame.Rect(inner.left, inner.top, inner.width, title_h),
                  theme.TEXT)
        body = pygame.Rect(inner.left, inner.top + title_h, inner.width,
                           inner.height - title_h)
        blit_wrapped(surface, overlay.text, body, theme.TEXT, max_lines=4, align="center")

"""The letter picker for a player's name (``coda_pi.referee.shared.name_entry``), drawn: the name so
far, big, and the ring of letters around the cursor."""

from __future__ import annotations

import pygame

from coda_pi.i18n import _
from coda_pi.referee.shared.name_entry import DONE, SPACE, NameEntryView
from coda_pi.ui import theme
from coda_pi.ui.draw import draw_banner
from coda_pi.ui.layout import Frame
from coda_pi.ui.looks import seat_colour
from coda_pi.ui.text import blit_text, fit_font, floor_font

SHOWN = 7
"""Entries of the ring in view, the cursor's in the middle."""


def ring_label(entry: str) -> str:
    if entry == DONE:
        return _("done")
    if entry == SPACE:
        return _("space")
    return entry


def draw_name_entry(surface: pygame.Surface, bands: Frame, screen: NameEntryView) -> None:
    m = bands.metrics
    colour = seat_colour(screen.seat)
    draw_banner(surface, bands.header, _("Name for seat {number}").format(number=screen.seat + 1),
                colour, subtitle=_("seat buttons jump to A, G, N, T"))
    body = bands.body
    name_h = round(body.height * 0.45)
    name_box = pygame.Rect(body.left, body.top, body.width, name_h).inflate(-2 * m.margin, -m.px(2))
    pygame.draw.rect(surface, theme.PANEL_AREA, name_box, border_radius=m.px(2))
    pygame.draw.rect(surface, colour, name_box, width=max(2, m.border), border_radius=m.px(2))
    shown = screen.name + "_"
    blit_text(surface, shown, name_box.inflate(-2 * m.margin, -m.px(2)), theme.TEXT)
    ring_area = pygame.Rect(body.left, name_box.bottom + m.margin, body.width,
                            body.bottom - name_box.bottom - m.margin)
    _ring(surface, ring_area, screen, m.margin)


def _ring(surface: pygame.Surface, area: pygame.Rect, screen: NameEntryView, gap: int) -> None:
    """The cursor's entry in the middle, larger, with its neighbours either side."""
    count = len(screen.ring)
    letters = [ring_label(e) for e in screen.ring]
    floor = floor_font(surface.get_height())
    widest = max(letters, key=lambda t: floor.size(t)[0])
    shown = _entries_shown(area.width, gap, floor.size(widest)[0])
    half = shown // 2
    cell_w = (area.width - gap * (shown - 1)) // shown
    # One size for every letter, the largest at which the widest label fits its cell.
    fnt = fit_font(widest, cell_w - 4, area.height // 2)
    for place in range(shown):
        index = (screen.cursor + place - half) % count
        cell = pygame.Rect(area.left + place * (cell_w + gap), area.top, cell_w, area.height)
        if place == half:
            pygame.draw.rect(surface, theme.CURSOR, cell, border_radius=max(2, cell_w // 6))
            ink = theme.INK
        else:
            ink = theme.TEXT if abs(place - half) == 1 else theme.TEXT_DIM
        blit_text(surface, letters[index], cell.inflate(-2, -4), ink, fnt=fnt)


def _entries_shown(width: int, gap: int, widest: int) -> int:
    """As many entries as ``SHOWN`` whose cells hold the widest label ("space", "espacio")
    at the readable floor; fewer, and wider, where they would not: a word cut or spilling
    into its neighbours' cells is not read (the cursor next to "done" shows "space")."""
    for shown in range(SHOWN, 1, -2):
        if (width - gap * (shown - 1)) // shown - 6 >= widest:
            return shown
    return 1

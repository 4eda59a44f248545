"""The screens of entered-pool play (``coda_pi.referee.entry_views``), drawn.

The public one says who is entering what, and where the face-down panels stand; the private
one is the entry itself, framed in the seat's colour like every private screen.
"""

from __future__ import annotations

import pygame

from coda_pi.referee.entry_views import EntryPrivateView, EntryWaitView
from coda_pi.referee.views import PublicView
from coda_pi.ui import theme
from coda_pi.ui.draw import PanelLook, draw_banner, draw_lines, draw_panel, draw_row, row_rects
from coda_pi.ui.layout import Frame, split_columns
from coda_pi.ui.looks import panel_look, seat_colour
from coda_pi.ui.table import draw_table
from coda_pi.ui.text import blit_text, blit_wrapped, wrap_words


def draw_entry_wait(surface: pygame.Surface, bands: Frame, screen: EntryWaitView,
                    view: PublicView) -> None:
    m = bands.metrics
    verb = "Deal" if screen.dark is None else "Draw"
    draw_banner(surface, bands.header, f"{verb}: {screen.name}", seat_colour(screen.seat),
                # Short, so it stays on one line under the name: the footer says what to press.
                subtitle=f"entering the {screen.what}")
    table_area, side = split_columns(bands.body, 0.62, m.margin)
    if view.table is not None:
        draw_table(surface, table_area, view.table, m)
    if screen.dark is not None:
        # The colour drawn is public: its back is on the table for all to see.
        caption = pygame.Rect(side.left, side.top, side.width, round(side.height * 0.2))
        blit_text(surface, "drawn", caption, theme.TEXT_DIM)
        rect = row_rects(pygame.Rect(side.left, caption.bottom, side.width,
                                     side.height - caption.height).inflate(
                             -side.width // 3, -side.height // 6), 1)[0]
        draw_panel(surface, rect, PanelLook("D" if screen.dark else "L", None, marked=True))
        return
    lines = wrap_words(f"Draw {screen.hand} panels from the table, stand them up in order, "
                       "then hold your button and enter them", 18)
    draw_lines(surface, side.inflate(0, -side.height // 8), lines, theme.TEXT, max_lines=6)


def draw_entry_private(surface: pygame.Surface, bands: Frame, private: EntryPrivateView) -> None:
    m = bands.metrics
    colour = seat_colour(private.seat)
    w, h = surface.get_size()
    pygame.draw.rect(surface, colour, pygame.Rect(0, 0, w, h), width=max(3, m.px(2)))
    draw_banner(surface, bands.header, f"{private.name} only", colour, subtitle=private.title)
    body = bands.body
    message_h = round(body.height * 0.26)
    panels_area = pygame.Rect(body.left, body.top, body.width, body.height - message_h)
    entering = [_slot_look(s.dark, s.label, s.current) for s in private.slots]
    if private.row:
        # A drawn panel: the row for context, the dial beside it, big.
        row_area, dial_area = split_columns(panels_area, 0.6, m.margin)
        draw_row(surface, row_area.inflate(0, -row_area.height // 4),
                 [panel_look(p) for p in private.row])
        _dial(surface, dial_area, entering[0], arrows=private.dial is not None)
    else:
        rects = draw_row(surface, panels_area.inflate(-m.margin, -panels_area.height // 8),
                         entering)
        current = next((i for i, s in enumerate(private.slots) if s.current), None)
        if current is not None and private.dial is not None and current < len(rects):
            _arrows(surface, rects[current], m.px(3))
    text_rect = pygame.Rect(body.left, panels_area.bottom, body.width, message_h)
    if private.message:
        blit_wrapped(surface, private.message, text_rect, theme.WARNING, align="center")
    else:
        blit_wrapped(surface, private.prompt, text_rect, theme.TEXT, align="center")


def _slot_look(dark: bool | None, label: str | None, current: bool) -> PanelLook:
    if dark is None:
        # The colour is not entered yet: an outline; "?" where the next entry goes.
        return PanelLook("D", "?" if current else None, marked=current, faint=True)
    return PanelLook("D" if dark else "L", label, marked=current)


def _dial(surface: pygame.Surface, area: pygame.Rect, look: PanelLook, *, arrows: bool) -> None:
    inner = area.inflate(-area.width * 2 // 5, -area.height // 8)
    rect = row_rects(inner, 1)[0]
    draw_panel(surface, rect, look)
    if arrows:
        _arrows(surface, rect, max(4, min(rect.height // 8, (rect.left - area.left) // 4)))


def _arrows(surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
    """PREV/NEXT turn the dial: a small arrow either side of the panel."""
    size = max(3, size)
    for x, direction in ((rect.left - size * 2, -1), (rect.right + size * 2, 1)):
        tip = (x + direction * size, rect.centery)
        pygame.draw.polygon(surface, theme.CURSOR, [
            tip, (x - direction * size, rect.centery - size),
            (x - direction * size, rect.centery + size)])

"""The screens of entered-pool play (``coda_pi.referee.pools.entered.views``), drawn.

Same bands as every screen: the header says who acts and what, the body shows the panels
(their numbers never shrink below the floor), the footer says what to press (drawn by
``screens.py`` from the view's ``prompt``). The public one shows the table and the
face-down panels; the private one is the entry itself, framed in the seat's colour like
every private screen; the fix shows the fallen panel being corrected, on the table.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from coda_pi.i18n import _
from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView, FixStep, FixView
from coda_pi.referee.shared.views import PublicView, TableView
from coda_pi.ui import theme
from coda_pi.ui.draw import (
    PanelLook,
    dial_arrow_room,
    dial_arrow_size,
    draw_banner,
    draw_dial_arrows,
    draw_panel,
    draw_row,
    row_rects,
)
from coda_pi.ui.layout import Frame, split_columns
from coda_pi.ui.looks import BANNER_CHIPS, panel_look, seat_colour, undecided_look
from coda_pi.ui.table import draw_table
from coda_pi.ui.text import blit_text, blit_wrapped, floor_font, floor_size


def _header(surface: pygame.Surface, bands: Frame, view: PublicView, title: str,
            colour: tuple[int, int, int], subtitle: str) -> None:
    """The title; under it what just happened (a refusal, a draw) when there is news, else
    ``subtitle``."""
    if view.banner is not None:
        draw_banner(surface, bands.header, title, colour, subtitle=view.banner.text,
                    subtitle_colour=BANNER_CHIPS[view.banner.kind])
    else:
        draw_banner(surface, bands.header, title, colour, subtitle=subtitle)


def draw_entry_wait(surface: pygame.Surface, bands: Frame, screen: EntryWaitView,
                    view: PublicView) -> None:
    m = bands.metrics
    title = screen.name  # the name, then the news or what the seat does (issue 24)
    _header(surface, bands, view, title, seat_colour(screen.seat), screen.what)
    table_area, side = split_columns(bands.body, 0.66, m.margin)
    if view.table is not None:
        draw_table(surface, table_area, view.table, m)
    line = floor_font(surface.get_height()).get_linesize()
    caption = pygame.Rect(side.left, side.top, side.width, line)
    below = pygame.Rect(side.left, caption.bottom + m.px(1), side.width,
                        side.bottom - caption.bottom - m.px(1))
    if screen.dark is not None:
        # The colour drawn is public: its back is on the table for all to see.
        blit_text(surface, _("drawn"), caption, theme.TEXT_DIM)
        # Inside the mark drawn round it, which stands out past the panel.
        rect = row_rects(below.inflate(-side.width // 4, -4 * m.margin), 1)[0]
        draw_panel(surface, rect, PanelLook("D" if screen.dark else "L", None, marked=True))
        return
    if screen.note is not None:
        # A round's end waiting for a look: the pool is empty of meaning now, and the
        # points beside the names leave out what the look decides.
        blit_wrapped(surface, screen.note, side, theme.TEXT, max_lines=5,
                     largest=round(floor_size(surface.get_height()) * 1.25))
        return
    blit_text(surface, _("on the table"), caption, theme.TEXT_DIM)
    _pool(surface, below, screen.dark_left, screen.light_left, line, m.px(2))


def _pool(surface: pygame.Surface, area: pygame.Rect, dark: int, light: int, line: int,
          pad: int) -> None:
    """The face-down panels left on the table, by colour: a back and its count, twice."""
    count_h = round(line * 1.5) + pad
    backs = pygame.Rect(area.left, area.top, area.width, area.height - count_h)
    for rect, is_dark, left in zip(row_rects(backs.inflate(-pad, -pad), 2), (True, False),
                                   (dark, light), strict=True):
        draw_panel(surface, rect, PanelLook("D" if is_dark else "L", None))
        count = pygame.Rect(0, backs.bottom, area.width // 2, count_h)
        count.centerx = rect.centerx
        blit_text(surface, str(left), count, theme.TEXT if left else theme.TEXT_DIM)


def draw_entry_private(surface: pygame.Surface, bands: Frame, private: EntryPrivateView) -> None:
    """The entry: the question on top, the panels big, a refusal under them; the footer
    (``screens.py``) says what the buttons do."""
    m = bands.metrics
    colour = seat_colour(private.seat)
    w, h = surface.get_size()
    pygame.draw.rect(surface, colour, pygame.Rect(0, 0, w, h), width=max(3, m.px(2)))
    draw_banner(surface, bands.header, _("{name} only").format(name=private.name), colour,
                subtitle=private.title)
    body = bands.body
    line = floor_font(h).get_linesize()
    # A refusal replaces the question: it says what to look at again.
    text_h = (3 if private.message else 1) * line + m.px(1)
    text_rect = pygame.Rect(body.left, body.top, body.width, text_h)
    if private.message:
        blit_wrapped(surface, private.message, text_rect, theme.WARNING, align="center",
                     max_lines=3)
    else:
        blit_wrapped(surface, private.question, text_rect, theme.TEXT, align="center",
                     max_lines=1)
    panels_area = pygame.Rect(body.left, text_rect.bottom + m.px(1), body.width,
                              body.bottom - text_rect.bottom - m.px(1))
    entering = [_slot_look(s.dark, s.label, s.current) for s in private.slots]
    if private.row:
        # A drawn panel: the row for context, the dial beside it, big.
        row_area, dial_area = split_columns(panels_area, 0.66, m.margin)
        draw_row(surface, row_area.inflate(-m.margin, -m.margin),
                 [panel_look(p) for p in private.row])
        _dial(surface, dial_area, entering[0], arrows=private.dial is not None)
    else:
        # The mark is on the slot being entered; the footer says PREV/NEXT turn it (arrows
        # beside it would cover its neighbours).
        # Inset so that the mark round the slot being entered clears the question above.
        draw_row(surface, panels_area.inflate(-6 * m.margin, -3 * m.margin), entering)


def _slot_look(dark: bool | None, label: str | None, current: bool) -> PanelLook:
    if dark is None:
        # The colour is not entered yet: an outline; "?" where the next entry goes.
        return undecided_look("?" if current else None, marked=current)
    return PanelLook("D" if dark else "L", label, marked=current)


def _dial(surface: pygame.Surface, area: pygame.Rect, look: PanelLook, *, arrows: bool) -> None:
    height = surface.get_height()
    size = dial_arrow_size(height) if arrows else 0
    # Each side keeps room for its arrow, clear of the cursor's ring round the panel.
    room = dial_arrow_room(size, height) if arrows else 0
    inner = area.inflate(-max(area.width * 2 // 5, 2 * room), -area.height // 8)
    rect = row_rects(inner, 1)[0]
    draw_panel(surface, rect, look)
    if arrows:
        draw_dial_arrows(surface, rect, size)


# -- "Fix a panel entered wrong" -----------------------------------------------------------


def draw_fix(surface: pygame.Surface, bands: Frame, screen: FixView, view: PublicView) -> None:
    """The fallen panel being corrected, marked on the table, and beside it the number:
    the device's while choosing the panel, the dial while choosing the real one; at the
    last step what the correction changes, in words."""
    m = bands.metrics
    title = _("Fix: {what}").format(what=screen.what)
    if screen.step is FixStep.CONFIRM:
        subtitle = _("{real}, not {had}").format(real=screen.value_label, had=screen.had)
    else:
        subtitle = _("the device has {had}").format(had=screen.had)
    _header(surface, bands, view, title, seat_colour(screen.seat), subtitle)
    left, side = split_columns(bands.body, 0.7, m.margin)
    if screen.problem:
        blit_wrapped(surface, screen.problem, left, theme.WARNING, align="center", max_lines=8,
                     largest=floor_size(surface.get_height()) * 3 // 2)
    elif screen.step is FixStep.CONFIRM and screen.change:
        blit_wrapped(surface, screen.change, left, theme.TEXT, align="center", max_lines=8)
    elif view.table is not None:
        draw_table(surface, left, _marked(view.table, screen.seat, screen.slot), m)
    label = screen.had if screen.step is FixStep.PANEL else screen.value_label
    _dial(surface, side, PanelLook("D" if screen.dark else "L", label, marked=True),
          arrows=screen.step is FixStep.NUMBER)


def _marked(table: TableView, seat: int, slot: int) -> TableView:
    """``table`` with the panel being fixed marked."""
    seats = []
    for s in table.seats:
        if s.seat == seat and 0 <= slot < len(s.row):
            row = tuple(replace(p, highlight=i == slot) for i, p in enumerate(s.row))
            s = replace(s, row=row)
        seats.append(s)
    return replace(table, seats=tuple(seats))


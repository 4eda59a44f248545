"""The screens of table-pool play (``coda_pi.referee.pools.table.views``), drawn.

Same bands as every screen: a header saying who must act, the body, and the footer, which
``screens.py`` fills with the banner or the prompt.
"""

from __future__ import annotations

import pygame

from coda_pi.i18n import _
from coda_pi.referee.pools.table.views import (
    ColourRowView,
    ContradictionView,
    JudgeView,
    NumberEntryView,
    TablePoolScreen,
)
from coda_pi.referee.shared.views import PublicView
from coda_pi.ui import theme
from coda_pi.ui.draw import (
    PanelLook,
    draw_banner,
    draw_dial_arrows,
    draw_panel,
    draw_row,
    fitting_arrow_size,
    halo_reach,
    row_rects,
)
from coda_pi.ui.layout import Frame, split_columns, split_rows
from coda_pi.ui.looks import BANNER_CHIPS, seat_colour
from coda_pi.ui.table import draw_table, slot_word
from coda_pi.ui.text import blit_text, blit_wrapped, floor_font


def draw_table_pool(
    surface: pygame.Surface, bands: Frame, screen: TablePoolScreen, view: PublicView
) -> None:
    if isinstance(screen, ColourRowView):
        _colour_row(surface, bands, screen, view)
    elif isinstance(screen, JudgeView):
        _judge(surface, bands, screen, view)
    elif isinstance(screen, NumberEntryView):
        _number(surface, bands, screen, view)
    elif isinstance(screen, ContradictionView):
        _contradiction(surface, bands, screen)


def _colour_row(surface: pygame.Surface, bands: Frame, screen: ColourRowView,
                view: PublicView) -> None:
    m = bands.metrics
    if view.banner is not None:
        # News (an undo's banner, a refusal) under the name alone: it needs the room.
        draw_banner(surface, bands.header, screen.name, seat_colour(screen.seat),
                    subtitle=view.banner.text, subtitle_colour=BANNER_CHIPS[view.banner.kind])
    else:
        draw_banner(surface, bands.header, screen.name,  # the name, then what (issue 24)
                    seat_colour(screen.seat),
                    subtitle=_("the colours of your row, left to right"))
    row_area, pool_area = split_columns(bands.body, 0.68, m.margin)
    looks = []
    for i in range(screen.hand):
        if i < len(screen.entered):
            looks.append(PanelLook("D" if screen.entered[i] else "L", None))
        elif i == len(screen.entered):
            looks.append(PanelLook("D" if screen.dark else "L", "?", marked=True))
        else:
            looks.append(PanelLook("D", None, faint=True))
    draw_row(surface, row_area.inflate(-m.margin, -row_area.height // 6), looks)
    _pool_counts(surface, pool_area, screen.dark_left, screen.light_left, m.px(3))


def _pool_counts(surface: pygame.Surface, area: pygame.Rect, dark: int, light: int,
                 pad: int) -> None:
    """The face-down panels left on the table, by colour."""
    caption_h = round(area.height * 0.22)
    blit_text(surface, _("on the table"), pygame.Rect(area.left, area.top, area.width, caption_h),
              theme.TEXT_DIM)
    body = pygame.Rect(area.left, area.top + caption_h, area.width, area.height - caption_h)
    count_h = round(body.height * 0.3)
    panels = pygame.Rect(body.left, body.top, body.width, body.height - count_h)
    for rect, is_dark, left in zip(row_rects(panels.inflate(-pad, -pad), 2), (True, False),
                                   (dark, light), strict=True):
        draw_panel(surface, rect.inflate(-rect.width // 5, 0),
                   PanelLook("D" if is_dark else "L", None))
        count = pygame.Rect(0, panels.bottom, body.width // 2, count_h)
        count.centerx = rect.centerx
        blit_text(surface, str(left), count, theme.TEXT if left else theme.TEXT_DIM)


def _table_and_side(bands: Frame) -> tuple[pygame.Rect, pygame.Rect]:
    return split_columns(bands.body, 0.7, bands.metrics.margin)


def _judge(surface: pygame.Surface, bands: Frame, screen: JudgeView, view: PublicView) -> None:
    m = bands.metrics
    draw_banner(surface, bands.header, _("{name}, answer!").format(name=screen.target_name),
                seat_colour(screen.target),
                subtitle=_("{name}: {place} is {value}?").format(
                    name=screen.name, place=slot_word(screen.slot, view.labels),
                    value=screen.value_label))
    table_area, side = _table_and_side(bands)
    if view.table is not None:
        draw_table(surface, table_area, view.table, m)
    panel_area, answers = pygame.Rect(side), pygame.Rect(side)
    panel_area.height = round(side.height * 0.5)
    answers.top = panel_area.bottom + m.margin // 2
    answers.height = side.bottom - answers.top
    dark = _panel_dark(view, screen.target, screen.slot)
    draw_panel(surface, row_rects(panel_area, 1)[0],
               PanelLook("D" if dark else "L", screen.value_label, marked=True))
    right, wrong = split_rows(answers, 2, max(2, m.margin // 2))
    draw_banner(surface, right, _("seat {number}: right").format(number=screen.target + 1),
                theme.GOOD)
    draw_banner(surface, wrong, _("OK: wrong"), theme.BAD)


def _panel_dark(view: PublicView, seat: int, slot: int) -> bool:
    if view.table is None or seat >= len(view.table.seats):
        return True
    row = view.table.seats[seat].row
    return row[slot].dark if 0 <= slot < len(row) else True


def _number(surface: pygame.Surface, bands: Frame, screen: NumberEntryView,
            view: PublicView) -> None:
    m = bands.metrics
    if screen.count > 1:
        title = _("{name}: which number? ({step} of {count})").format(
            name=screen.name, step=screen.step, count=screen.count)
    else:
        title = _("{name}: which number?").format(name=screen.name)
    draw_banner(surface, bands.header, title, seat_colour(screen.seat), subtitle=screen.what)
    table_area, side = _table_and_side(bands)
    if view.table is not None:
        draw_table(surface, table_area, view.table, m)
    line = floor_font(surface.get_height()).get_linesize()
    caption_h = 2 * line + 2 if screen.entered else 0
    if caption_h:
        blit_wrapped(surface, _("shown: {labels}").format(labels=" ".join(screen.entered)),
                     pygame.Rect(side.left, side.top, side.width, caption_h), theme.TEXT_DIM,
                     align="center", max_lines=2)
    body = pygame.Rect(side.left, side.top + caption_h, side.width, side.height - caption_h)
    # Room either side for the PREV/NEXT arrows, inside the column (not over the table).
    inner = body.inflate(-body.width * 2 // 5, -body.height // 8)
    rect = row_rects(inner, 1)[0]
    draw_panel(surface, rect, PanelLook("D" if screen.dark else "L", screen.value_label,
                                        marked=True))
    reach = halo_reach(rect.width, surface.get_height())
    size = fitting_arrow_size(rect.left - body.left, reach, rect.height // 8)
    draw_dial_arrows(surface, rect, size)


def _contradiction(surface: pygame.Surface, bands: Frame, screen: ContradictionView) -> None:
    m = bands.metrics
    draw_banner(surface, bands.header, _("That cannot be right"), theme.BAD,
                subtitle=_("no deal fits what was entered"))
    sentence, last = split_rows(bands.body, 2, m.margin // 2)
    blit_wrapped(surface, screen.sentence, sentence.inflate(-m.margin, 0), theme.WARNING,
                 align="center", max_lines=3)
    blit_wrapped(surface, _("Last entry: {entry}").format(entry=screen.last), last, theme.TEXT,
                 align="center", max_lines=3)


def table_pool_keys(screen: object) -> str | None:
    """What to press, where the referee's sentence would repeat the header (the footer holds
    two lines); None: the referee's prompt."""
    if isinstance(screen, JudgeView):
        return _("Seat button {number}: right   OK: wrong").format(number=screen.target + 1)
    if isinstance(screen, NumberEntryView):
        return _("PREV/NEXT: the number, then OK")
    if isinstance(screen, ContradictionView):
        return _("OK: take back the last entry   BACK: the menu")
    return None


TABLE_POOL_SCREENS = (ColourRowView, JudgeView, NumberEntryView, ContradictionView)

"""The table: every player's row, and the side column of a turn (timer, pool, the choice
being made)."""

from __future__ import annotations

import pygame

from coda_pi.referee.views import SeatView, TableView, TimerView, TurnStep, TurnView
from coda_pi.ui import theme
from coda_pi.ui.draw import (
    MenuItem,
    PanelLook,
    draw_menu,
    draw_panel,
    draw_timer,
    row_rects,
)
from coda_pi.ui.layout import split_rows
from coda_pi.ui.looks import panel_look, seat_colour
from coda_pi.ui.text import blit_text, elide, fit_font
from coda_pi.ui.theme import Metrics


def draw_table(
    surface: pygame.Surface,
    area: pygame.Rect,
    table: TableView,
    m: Metrics,
    *,
    turn: TurnView | None = None,
) -> None:
    """One band per seat: the name in the seat's colour, then its row of panels."""
    rows = split_rows(area, len(table.seats), max(2, m.margin // 2))
    # One name width for every seat, so the rows start at the same x.
    tag_w = max(round(area.width * 0.22), m.px(28))
    for seat, band in zip(table.seats, rows, strict=True):
        _draw_seat(surface, band, seat, tag_w, m, turn)


def _draw_seat(
    surface: pygame.Surface,
    band: pygame.Rect,
    seat: SeatView,
    tag_w: int,
    m: Metrics,
    turn: TurnView | None,
) -> None:
    colour = seat_colour(seat.seat)
    attacked = turn is not None and turn.target == seat.seat and turn.step in (
        TurnStep.SLOT, TurnStep.VALUE,
    )
    if seat.turn or attacked:
        # The acting seat gets a frame in its own colour; the attacked one a cursor frame.
        frame_colour = colour if seat.turn else theme.CURSOR
        pygame.draw.rect(surface, frame_colour, band.inflate(m.px(1.2), m.px(1.2)),
                         width=max(2, m.border), border_radius=m.px(2))
    tag = pygame.Rect(band.left, band.top, tag_w, band.height)
    tag_colour = theme.dim(colour, 0.55) if seat.out else colour
    pygame.draw.rect(surface, tag_colour, tag, border_radius=max(2, band.height // 8))
    ink = theme.ink_on(tag_colour)
    pad = max(2, tag.height // 10)
    inner = tag.inflate(-2 * pad, -2 * pad)
    name_rect = pygame.Rect(inner.left, inner.top, inner.width, round(inner.height * 0.6))
    total_rect = pygame.Rect(inner.left, name_rect.bottom, inner.width,
                             inner.bottom - name_rect.bottom)
    # Short names as large as "Seat 4" would be; a long one shrinks to fit, down to a
    # readable size, and only then is cut short.
    largest = fit_font("Seat 4", inner.width, name_rect.height)
    name_font = fit_font(seat.name, inner.width, name_rect.height,
                         largest=_size_of(largest))
    if name_font.get_height() < largest.get_height() * 0.7:
        name_font = fit_font("Seat 4 M", inner.width, name_rect.height)
    blit_text(surface, elide(seat.name, name_font, inner.width), name_rect, ink, fnt=name_font)
    status = "out" if seat.out else f"{seat.total} pt"
    blit_text(surface, status, total_rect, ink)

    looks = [panel_look(p) for p in seat.row]
    claim = _claim_slot(seat, turn)
    held_at: int | None = None
    if seat.holding and seat.holding_dark is not None:
        held = PanelLook("D" if seat.holding_dark else "L", None, marked=claim is not None)
        held_at = claim if claim is not None else len(looks)
        looks.insert(held_at, held)
    panels_area = pygame.Rect(tag.right + m.margin, band.top + m.px(0.8), 0, 0)
    panels_area.width = band.right - panels_area.left - m.px(0.8)
    panels_area.height = band.height - 2 * m.px(0.8)
    rects = row_rects(panels_area, len(looks))
    if rects:
        # Rows line up on the left, under the names, instead of each centred on its own.
        shift = rects[0].left - panels_area.left
        rects = [r.move(-shift, 0) for r in rects]
    for index, (rect, look) in enumerate(zip(rects, looks, strict=True)):
        if index == held_at and claim is None:
            # The drawn panel, not yet placed: set apart at the end of the row.
            rect = rect.move(max(2, rect.width // 3), 0)
            _drawn_marker(surface, rect, m)
        draw_panel(surface, rect, look)


def _size_of(fnt: pygame.font.Font) -> int:
    return round(fnt.get_height() / 0.68)


def _claim_slot(seat: SeatView, turn: TurnView | None) -> int | None:
    if turn is None or turn.seat != seat.seat:
        return None
    if turn.step in (TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP):
        return turn.claim_slot
    return None


def _drawn_marker(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    x = rect.left - max(2, rect.width // 6)
    pygame.draw.line(surface, theme.TEXT_DIM, (x, rect.top), (x, rect.bottom), max(1, m.border))


def draw_turn_side(
    surface: pygame.Surface,
    area: pygame.Rect,
    turn: TurnView,
    timer: TimerView | None,
    table: TableView | None,
    m: Metrics,
) -> None:
    """The column beside the table: the timer on top, the choice in progress below."""
    choice_area = area
    if timer is not None:
        timer_h = round(area.height * 0.42)
        timer_rect = pygame.Rect(area.left, area.top, area.width, timer_h)
        draw_timer_view(surface, timer_rect, timer, turn.seat)
        choice_area = pygame.Rect(area.left, timer_rect.bottom + m.margin, area.width,
                                  area.bottom - timer_rect.bottom - m.margin)
    draw_choice(surface, choice_area, turn, table, m)


def draw_timer_view(
    surface: pygame.Surface, rect: pygame.Rect, timer: TimerView, seat: int
) -> None:
    caption = "paused" if timer.paused else ("extra time" if timer.extra else None)
    draw_timer(surface, rect, float(timer.seconds_left), paused=timer.paused,
               urgent=timer.urgent, extra=timer.extra, caption=caption)


def draw_choice(
    surface: pygame.Surface,
    area: pygame.Rect,
    turn: TurnView,
    table: TableView | None,
    m: Metrics,
) -> None:
    step = turn.step
    if step is TurnStep.CHOOSE_COLOR:
        _choose_colour(surface, area, turn, m)
    elif step in (TurnStep.SLOT, TurnStep.VALUE):
        _attack(surface, area, turn, table, m)
    elif step is TurnStep.CONTINUE:
        items = [MenuItem("Attack again"), MenuItem("Stop")]
        draw_menu(surface, area.inflate(0, -area.height // 4), "", items,
                  0 if turn.attack_again else 1, max_lines=2)
    elif step is TurnStep.TARGET:
        _pool(surface, area, turn, m)
    else:
        words = {
            TurnStep.CLAIM_HIDDEN: "Where did it go?",
            TurnStep.CLAIM_FACE_UP: "Place it face up",
            TurnStep.REVEAL_OWN: "Knock one down",
        }.get(step, "")
        top = pygame.Rect(area.left, area.top, area.width, area.height // 2)
        blit_text(surface, words, top, theme.TEXT)
        slot = turn.claim_slot if step is not TurnStep.REVEAL_OWN else turn.reveal_slot
        if slot is not None:
            bottom = pygame.Rect(area.left, top.bottom, area.width, area.height // 2)
            blit_text(surface, f"slot {slot + 1}", bottom, theme.CURSOR)
        if turn.claim_refused:
            blit_text(surface, "not there: hold your button", top.move(0, top.height),
                      theme.WARNING)


def _choose_colour(surface: pygame.Surface, area: pygame.Rect, turn: TurnView, m: Metrics) -> None:
    """Two panel backs, dark and light, with the count left of each; the cursor on one."""
    label_h = round(area.height * 0.26)
    panels = pygame.Rect(area.left, area.top, area.width, area.height - label_h)
    slots = row_rects(panels.inflate(-m.px(4), -m.px(3)), 2)
    for rect, dark, left in zip(slots, (True, False), (turn.dark_left, turn.light_left),
                                strict=True):
        rect = rect.inflate(-rect.width // 5, 0)
        look = PanelLook("D" if dark else "L", None, marked=turn.color_dark is dark)
        draw_panel(surface, rect, look)
        count = pygame.Rect(0, panels.bottom, area.width // 2 - m.px(1), label_h)
        count.centerx = rect.centerx
        blit_text(surface, str(left), count,
                  theme.TEXT if left else theme.TEXT_DIM)


def _pool(surface: pygame.Surface, area: pygame.Rect, turn: TurnView, m: Metrics) -> None:
    blit_text(surface, "Whom to attack?", area.inflate(0, -area.height // 2), theme.TEXT)


def _attack(
    surface: pygame.Surface,
    area: pygame.Rect,
    turn: TurnView,
    table: TableView | None,
    m: Metrics,
) -> None:
    """The guess being built: the target's panel, big, with the value under the cursor."""
    target_name = ""
    dark = True
    if table is not None and turn.target is not None:
        for seat in table.seats:
            if seat.seat == turn.target:
                target_name = seat.name
                if turn.slot is not None and 0 <= turn.slot < len(seat.row):
                    dark = seat.row[turn.slot].dark
    caption_h = round(area.height * 0.25)
    caption = pygame.Rect(area.left, area.top, area.width, caption_h)
    slot_text = f"slot {turn.slot + 1}" if turn.slot is not None else ""
    blit_text(surface, f"{target_name} {slot_text}".strip(), caption,
              seat_colour(turn.target) if turn.target is not None else theme.TEXT)
    body = pygame.Rect(area.left, caption.bottom, area.width, area.height - caption_h)
    label = turn.value_label if turn.step is TurnStep.VALUE else "?"
    rect = row_rects(body, 1)[0]
    draw_panel(surface, rect, PanelLook("D" if dark else "L", label, marked=True))
    if turn.step is TurnStep.VALUE:
        # Arrows either side say PREV/NEXT change the number.
        size = max(4, rect.height // 8)
        y = rect.centery
        for x, direction in ((rect.left - size * 2, -1), (rect.right + size * 2, 1)):
            tip = (x + direction * size, y)
            pygame.draw.polygon(surface, theme.CURSOR,
                                [tip, (x - direction * size, y - size),
                                 (x - direction * size, y + size)])

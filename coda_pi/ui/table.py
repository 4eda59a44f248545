"""The table: every player's row, and the side column of a turn (timer, pool, the choice
being made)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from coda_pi.i18n import _, language, ngettext
from coda_pi.referee.shared.views import TurnStep
from coda_pi.ui import theme
from coda_pi.ui.draw import (
    PANEL_ASPECT,
    PanelLook,
    dial_arrow_size,
    draw_dial_arrows,
    draw_panel,
    draw_timer,
    fitting_arrow_size,
    halo_reach,
    labelled_panel_size,
    row_fits,
    row_layout,
    row_rects,
)
from coda_pi.ui.kept import draw_kept
from coda_pi.ui.layout import split_rows
from coda_pi.ui.looks import panel_look, seat_colour
from coda_pi.ui.memo import Hashed, Memo, hashed
from coda_pi.ui.text import (
    blit_text,
    blit_wrapped,
    elide,
    fit_font,
    floor_font,
    readable,
    size_of,
    wrapped_font,
)
from coda_pi.ui.theme import Metrics

if TYPE_CHECKING:
    from coda_pi.referee.shared.game_views import SeatView, TableView, TimerView, TurnView


def draw_table(
    surface: pygame.Surface,
    area: pygame.Rect,
    table: TableView,
    m: Metrics,
    *,
    turn: TurnView | None = None,
    guess_on_table: bool = False,
) -> None:
    """One band per seat: the name and points in the seat's colour, then its row of panels.
    ``guess_on_table``: the number being guessed is shown on the attacked panel itself (when
    there is no room beside the table to show it)."""
    tag_w = _tag_width(surface, area, table, m, turn)
    seat_keys = _seat_keys(table.seats)
    for seat, seat_key, band in zip(table.seats, seat_keys, _bands(area, table, m),
                                    strict=True):
        # A seat's band is kept as an image while its seat and its part of the turn stay.
        reach = band.inflate(2 * _seat_reach(band, m), 2 * _seat_reach(band, m))
        key = ("seat", seat_key, band.size, tag_w, m,
               _seat_turn_key(seat, turn, guess_on_table), language())
        draw_kept(surface, reach, key,
                  lambda target, dx, dy, seat=seat, band=band: _draw_seat(
                      target, band.move(dx, dy), seat, tag_w, m, turn, guess_on_table))


def _seat_keys(seats: tuple[SeatView, ...]) -> tuple[Hashed, ...]:
    """Each seat as a key hashed once per table (``hashed``): the table's seats come equal
    frame after frame, and hashing a seat walks its whole row."""
    known = hashed(seats)
    keys = _seat_key_sets.get(known)
    if keys is None:
        keys = _seat_key_sets.put(known, tuple(Hashed(seat) for seat in seats))
    return keys


_seat_key_sets: Memo[tuple[Hashed, ...]] = Memo(16)


def table_fits(surface: pygame.Surface, area: pygame.Rect, table: TableView, m: Metrics,
               turn: TurnView | None = None) -> bool:
    """Whether every row fits ``area`` with its numbers at the readable floor."""
    return _rows_fit(surface, area, table, m, turn, _tag_width(surface, area, table, m, turn))


def _bands(area: pygame.Rect, table: TableView, m: Metrics) -> list[pygame.Rect]:
    return split_rows(area, len(table.seats), max(2, m.margin // 2))


def _tag_width(surface: pygame.Surface, area: pygame.Rect, table: TableView, m: Metrics,
               turn: TurnView | None = None) -> int:
    """One name width for every seat, so the rows start at the same x: as wide as the longest
    name (and points) need at the readable size, up to half the table; narrower (a long name
    then cut short) only when the rows would otherwise shrink their numbers."""
    # Worked out once per table, area and claim (the points' words depend on the language).
    key = (surface.get_height(), tuple(area), _fit_key(table.seats), m, _claim_key(turn),
           language())
    kept = _tag_widths.get(key)
    if kept is not None:
        return kept
    fnt = floor_font(surface.get_height())
    pad = m.px(1.5)
    widest = max((fnt.size(text)[0] for seat in table.seats
                  for text in (seat.name, _points_text(seat))), default=0)
    floor_w = round(area.width * 0.18)
    wanted = max(widest + 2 * pad + 2, floor_w)
    # Never narrower than the points need: a long name may be cut short, a score not.
    points = max((fnt.size(_points_text(seat))[0] for seat in table.seats), default=0)
    least = points + 2 * pad + 2
    candidates = [max(least, min(wanted, round(area.width * f)))
                  for f in (0.5, 0.38, 0.3, 0.22)]
    for width in candidates:
        if _rows_fit(surface, area, table, m, turn, width):
            return _tag_widths.put(key, width)
    return _tag_widths.put(key, candidates[0])


def _rows_fit(surface: pygame.Surface, area: pygame.Rect, table: TableView, m: Metrics,
              turn: TurnView | None, tag_w: int) -> bool:
    key = (surface.get_height(), tuple(area), _fit_key(table.seats), m, _claim_key(turn),
           tag_w)
    kept = _fitting.get(key)
    if kept is not None:
        return kept
    for seat, band in zip(table.seats, _bands(area, table, m), strict=True):
        looks, _held_at = _seat_looks(seat, turn)
        labelled = [look.label is not None for look in looks]
        apart = _held_apart(seat, turn)
        if not row_fits(_panels_area(band, tag_w, m, apart=apart), labelled,
                        surface.get_height()):
            return _fitting.put(key, False)
    return _fitting.put(key, True)


_tag_widths: Memo[int] = Memo(64)
_fitting: Memo[bool] = Memo(256)


def _fit_key(seats: tuple[SeatView, ...]) -> Hashed:
    """What of the seats the name width and the rows' fitting read (``_tag_width``,
    ``_rows_fit``): each name and score, which panels show a number, the panel held. A
    new turn, a cursor or a lamp changes the seats but none of this, and the table is
    then not fitted again (about 70 us of a new turn's frame here). Worked out and hashed
    once per seats given (a frame looks it up four times)."""
    if _last_fit[0] is seats:
        return _last_fit[1]  # type: ignore[return-value]
    key = Hashed(tuple((seat.seat, seat.name, seat.total, seat.out, seat.holding,
                        seat.holding_dark, tuple(panel.label is not None for panel in seat.row))
                       for seat in seats))
    _last_fit[0], _last_fit[1] = seats, key
    return key


_last_fit: list[object] = [None, None]


def _seat_reach(band: pygame.Rect, m: Metrics) -> int:
    """How far past its band a seat may draw: the turn's frame, a cursor's halo."""
    return m.px(1.2) + max(2, m.border) + band.height // 8 + 4


def _seat_turn_key(seat: SeatView, turn: TurnView | None, guess_on_table: bool) -> object:
    """What of ``turn`` a seat's band shows: attacked or not, where a drawn panel is being
    put, the number guessed on one of its panels."""
    if turn is None:
        return None
    attacked = turn.target == seat.seat and turn.step in (TurnStep.SLOT, TurnStep.VALUE)
    guess = None
    if guess_on_table and turn.target == seat.seat and turn.slot is not None:
        guess = (turn.slot, turn.step is TurnStep.VALUE and turn.value_label)
    return attacked, _claim_slot(seat, turn), guess


def _claim_key(turn: TurnView | None) -> tuple[int, int | None] | None:
    """What of ``turn`` the rows' layout depends on: where the drawn panel is being put."""
    if turn is None or turn.step not in (TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP):
        return None
    return turn.seat, turn.claim_slot


def _panels_area(band: pygame.Rect, tag_w: int, m: Metrics, *, apart: bool = False
                 ) -> pygame.Rect:
    """Where a seat's row goes; ``apart``: a drawn panel stands set apart at its end, so the
    row keeps room for the gap."""
    edge = m.px(0.8)
    left = band.left + tag_w + m.margin
    right = band.right - edge - (APART_GAP if apart else 0)
    return pygame.Rect(left, band.top + edge, right - left, band.height - 2 * edge)


APART_GAP = 12
"""Pixels between a row and the drawn panel set apart at its end (at most)."""


def _seat_looks(seat: SeatView, turn: TurnView | None) -> tuple[list[PanelLook], int | None]:
    """The looks of a seat's row, with the drawn panel it holds (at its claimed place, or
    apart at the end); and where the held panel stands (None: nothing held)."""
    looks = [panel_look(p) for p in seat.row]
    claim = _claim_slot(seat, turn)
    held_at: int | None = None
    if seat.holding and seat.holding_dark is not None:
        held = PanelLook("D" if seat.holding_dark else "L", None, marked=claim is not None)
        held_at = claim if claim is not None else len(looks)
        looks.insert(held_at, held)
    return looks, held_at


def _points_text(seat: SeatView) -> str:
    if seat.out:
        return _("out")
    return ngettext("{count} point", "{count} points", seat.total).format(count=seat.total)


def _draw_seat(
    surface: pygame.Surface,
    band: pygame.Rect,
    seat: SeatView,
    tag_w: int,
    m: Metrics,
    turn: TurnView | None,
    guess_on_table: bool = False,
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
    inner = tag.inflate(-2 * m.px(1.5), -2)
    line = floor_font(surface.get_height()).get_linesize()
    total_rect = pygame.Rect(inner.left, inner.bottom - line, inner.width, line)
    name_rect = pygame.Rect(inner.left, inner.top, inner.width, total_rect.top - inner.top)
    # Every name at one size (the largest at which the longest fits), so no name looks
    # more important than another.
    name_font = fit_font(seat.name, inner.width, name_rect.height,
                         largest=size_of(fit_font("Seat 4", inner.width, name_rect.height)))
    # Cut short in the font really drawn: a name too long at the floor ends in "…".
    name_font = readable(name_font, surface.get_height())
    blit_text(surface, elide(seat.name, name_font, inner.width), name_rect, ink, fnt=name_font)
    blit_text(surface, _points_text(seat), total_rect, ink)

    looks, held_at = _seat_looks(seat, turn)
    claim = _claim_slot(seat, turn)
    if (guess_on_table and turn is not None and turn.target == seat.seat
            and turn.slot is not None and 0 <= turn.slot < len(seat.row)):
        shown = turn.value_label if turn.step is TurnStep.VALUE else "?"
        looks[turn.slot] = PanelLook("D" if seat.row[turn.slot].dark else "L", shown,
                                     marked=True)
    panels_area = _panels_area(band, tag_w, m, apart=_held_apart(seat, turn))
    rects = row_layout(panels_area, [look.label is not None for look in looks],
                       surface.get_height(), align="left")
    for index, (rect, look) in enumerate(zip(rects, looks, strict=True)):
        if index == held_at and claim is None:
            # The drawn panel, not yet placed: set apart at the end of the row.
            rect = rect.move(min(APART_GAP, max(2, rect.width // 3)), 0)
            _drawn_marker(surface, rect, m)
        draw_panel(surface, rect, look)


def _held_apart(seat: SeatView, turn: TurnView | None) -> bool:
    return seat.holding and seat.holding_dark is not None and _claim_slot(seat, turn) is None


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
    labels: str = "panels",
    *,
    timer_at: list[pygame.Rect] | None = None,
    choice_at: list[pygame.Rect] | None = None,
) -> None:
    """The column beside the table: the timer on top, the choice in progress below.
    ``timer_at``, ``choice_at``: where the timer or the choice goes is put there, and it is
    not drawn (ui/still.py, ui/retained.py)."""
    choice_area = area
    if timer is not None:
        timer_h = round(area.height * 0.42)
        timer_rect = pygame.Rect(area.left, area.top, area.width, timer_h)
        if timer_at is not None:
            timer_at.append(timer_rect)
        else:
            draw_timer_view(surface, timer_rect, timer, turn.seat)
        choice_area = pygame.Rect(area.left, timer_rect.bottom + m.margin, area.width,
                                  area.bottom - timer_rect.bottom - m.margin)
    if choice_at is not None:
        choice_at.append(choice_area)
    else:
        draw_choice(surface, choice_area, turn, table, m, labels)


def draw_timer_view(
    surface: pygame.Surface, rect: pygame.Rect, timer: TimerView, seat: int
) -> None:
    caption = _("paused") if timer.paused else (_("extra time") if timer.extra else None)
    draw_timer(surface, rect, float(timer.seconds_left), paused=timer.paused,
               urgent=timer.urgent, extra=timer.extra, caption=caption)


def slot_word(slot: int, labels: str) -> str:
    """A panel's place as people count it: "panel 3" (1-based, left to right), or "card 3"
    with the Rainbow deck."""
    if labels == "cards":
        return _("card {number}").format(number=slot + 1)
    return _("panel {number}").format(number=slot + 1)


def draw_choice(
    surface: pygame.Surface,
    area: pygame.Rect,
    turn: TurnView,
    table: TableView | None,
    m: Metrics,
    labels: str = "panels",
) -> None:
    step = turn.step
    if step is TurnStep.CHOOSE_COLOR:
        _choose_colour(surface, area, turn, m, labels)
    elif step in (TurnStep.SLOT, TurnStep.VALUE):
        _attack(surface, area, turn, table, m, labels)
    elif step is TurnStep.CONTINUE:
        _options(surface, area, (_("Attack again"), _("Stop")),
                 0 if turn.attack_again else 1, m)
    elif step is TurnStep.TARGET:
        blit_wrapped(surface, _("Whom to attack?"), area, theme.TEXT, align="center")
    else:
        words = {
            TurnStep.CLAIM_HIDDEN: _("Where did it go?"),
            TurnStep.CLAIM_FACE_UP: _("Place it face up"),
            TurnStep.REVEAL_OWN: _("Knock one down"),
        }.get(step, "")
        top = pygame.Rect(area.left, area.top, area.width, area.height // 2)
        blit_wrapped(surface, words, top, theme.TEXT, align="center")
        slot = turn.claim_slot if step is not TurnStep.REVEAL_OWN else turn.reveal_slot
        bottom = pygame.Rect(area.left, top.bottom, area.width, area.height - top.height)
        if turn.claim_refused:
            blit_wrapped(surface, _("not there: hold your button"), bottom, theme.WARNING,
                         align="center")
        elif slot is not None:
            blit_wrapped(surface, slot_word(slot, labels), bottom, theme.CURSOR, align="center")


def _options(surface: pygame.Surface, area: pygame.Rect, options: tuple[str, ...],
             chosen: int, m: Metrics) -> None:
    """A short list of choices, each on up to two lines, the chosen one highlighted."""
    boxes = split_rows(area, len(options), m.margin)
    # One size for every choice: none looks more important than another.
    size = min(size_of(wrapped_font(text, box.width - m.px(1), box.height - 2,
                                    surface.get_height(), max_lines=2)[0])
               for box, text in zip(boxes, options, strict=True))
    for index, (box, text) in enumerate(zip(boxes, options, strict=True)):
        if index == chosen:
            pygame.draw.rect(surface, theme.CURSOR, box, border_radius=m.px(2))
        ink = theme.INK if index == chosen else theme.TEXT
        blit_wrapped(surface, text, box.inflate(-m.px(1), -2), ink, align="center",
                     max_lines=2, largest=size)


def _choose_colour(surface: pygame.Surface, area: pygame.Rect, turn: TurnView, m: Metrics,
                   labels: str) -> None:
    """The two colours to draw from, one above the other: a panel back, its name and how many
    are left; the cursor on one."""
    line = floor_font(surface.get_height()).get_linesize()
    caption = pygame.Rect(area.left, area.top, area.width, line)
    # The side column is narrow at 320x240: "face down" (on the table) fits, as "in the box".
    where = _("face down") if turn.pool_on_table else (
        _("in the deck") if labels == "cards" else _("in the box"))
    blit_text(surface, where, caption, theme.TEXT_DIM)
    rows = split_rows(pygame.Rect(area.left, caption.bottom + m.px(1), area.width,
                                  area.bottom - caption.bottom - m.px(1)), 2, m.px(2))
    for row, dark, left in zip(rows, (True, False), (turn.dark_left, turn.light_left),
                               strict=True):
        icon_h = min(row.height - m.px(2), 2 * line + m.px(2))
        icon = pygame.Rect(row.left + m.px(2), 0, max(4, round(icon_h * PANEL_ASPECT)), icon_h)
        icon.centery = row.centery
        draw_panel(surface, icon, PanelLook("D" if dark else "L", None,
                                            marked=turn.color_dark is dark))
        text = pygame.Rect(icon.right + m.px(3), icon.centery - line, 0, line)
        text.width = row.right - text.left
        ink = theme.TEXT if left else theme.TEXT_DIM
        blit_text(surface, _("dark") if dark else _("light"), text, ink, align="left")
        blit_text(surface, str(left), text.move(0, line), ink, align="left")


def _attack(
    surface: pygame.Surface,
    area: pygame.Rect,
    turn: TurnView,
    table: TableView | None,
    m: Metrics,
    labels: str,
) -> None:
    """The guess being built: whose panel, which one, and the number under the cursor."""
    target_name = ""
    dark = True
    if table is not None and turn.target is not None:
        for seat in table.seats:
            if seat.seat == turn.target:
                target_name = seat.name
                if turn.slot is not None and 0 <= turn.slot < len(seat.row):
                    dark = seat.row[turn.slot].dark
    line = floor_font(surface.get_height()).get_linesize()
    colour = seat_colour(turn.target) if turn.target is not None else theme.TEXT
    name_rect = pygame.Rect(area.left, area.top, area.width, line)
    blit_text(surface, elide(target_name, floor_font(surface.get_height()), area.width),
              name_rect, colour)
    if turn.slot is not None:
        blit_text(surface, slot_word(turn.slot, labels), name_rect.move(0, line), colour)
    body = pygame.Rect(area.left, area.top + 2 * line, area.width, area.height - 2 * line)
    label = turn.value_label if turn.step is TurnStep.VALUE else "?"
    size = labelled_panel_size(surface.get_height())
    # The arrows, as tall as words (dial_arrow_size), keep their room beside the panel:
    # three half-heights each side.
    wanted = dial_arrow_size(surface.get_height())
    rect = row_rects(body.inflate(-max(body.width // 3, 6 * wanted), -m.px(3)), 1)[0]
    if rect.width < size[0] or rect.height < size[1]:
        rect = pygame.Rect(0, 0, max(rect.width, size[0]), max(rect.height, size[1]))
        rect.center = body.center
    # Inside the column whatever the panel's least size left, clear of the cursor's ring.
    arrow = fitting_arrow_size((body.width - rect.width) // 2,
                               halo_reach(rect.width, surface.get_height()), wanted)
    draw_panel(surface, rect, PanelLook("D" if dark else "L", label, marked=True))
    if turn.step is TurnStep.VALUE:
        draw_dial_arrows(surface, rect, arrow)  # PREV/NEXT change the number


def compact_choice(turn: TurnView, table: TableView, labels: str) -> str | None:
    """The choice in progress in a few words, for the header when the table needs the whole
    width; None: nothing to add to what the table and the footer show."""
    step = turn.step
    if step is TurnStep.CHOOSE_COLOR:
        if turn.pool_on_table:
            where = _("on the table: dark {dark}, light {light}")
        elif labels == "cards":
            where = _("in the deck: dark {dark}, light {light}")
        else:
            where = _("in the box: dark {dark}, light {light}")
        return where.format(dark=turn.dark_left, light=turn.light_left)
    if step in (TurnStep.SLOT, TurnStep.VALUE) and turn.target is not None:
        names = {s.seat: s.name for s in table.seats}
        target = names.get(turn.target, "")
        if turn.slot is None:
            return target
        return f"{target}: {slot_word(turn.slot, labels)}"
    if step is TurnStep.CONTINUE:
        return _("Attack again") if turn.attack_again else _("Stop")
    slot = turn.claim_slot if step is not TurnStep.REVEAL_OWN else turn.reveal_slot
    return slot_word(slot, labels) if slot is not None else None

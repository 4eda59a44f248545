"""Score tables: the end of a round (points by cause) and the final standings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from coda_pi.i18n import N_, _
from coda_pi.ui import theme
from coda_pi.ui.kept import draw_kept
from coda_pi.ui.looks import seat_colour
from coda_pi.ui.text import blit_text, blit_wrapped, elide, fit_font, floor_font, readable
from coda_pi.ui.theme import RGB, Metrics

if TYPE_CHECKING:
    from coda_pi.referee.shared.game_views import FinalView, RoundEndView

ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def _table(
    surface: pygame.Surface,
    area: pygame.Rect,
    headers: Sequence[str],
    rows: Sequence[tuple[int, Sequence[str]]],
    m: Metrics,
    *,
    name_fraction: float,
    bold_last: bool = True,
    highlight: Sequence[int] = (),
) -> None:
    """A header line, then one line per seat: the seat's name in its colour, then numbers.

    ``rows`` holds (seat, cells) with the name first among the cells.
    """
    # Some forty texts that stay while the screen does (the timer-less end of a round):
    # kept as one image (ui/kept.py).
    key = ("scores", tuple(headers), tuple((seat, tuple(cells)) for seat, cells in rows), m,
           name_fraction, bold_last, tuple(highlight))
    draw_kept(surface, area.inflate(8, 8), key,
              lambda target, dx, dy: _draw_table(target, area.move(dx, dy), headers, rows, m,
                                                 name_fraction=name_fraction,
                                                 bold_last=bold_last, highlight=highlight))


def _draw_table(
    surface: pygame.Surface,
    area: pygame.Rect,
    headers: Sequence[str],
    rows: Sequence[tuple[int, Sequence[str]]],
    m: Metrics,
    *,
    name_fraction: float,
    bold_last: bool,
    highlight: Sequence[int],
) -> None:
    lines = len(rows) + 1
    line_h = area.height // max(lines, 3)
    name_w = round(area.width * name_fraction)
    cols = len(headers) - 1
    col_w = (area.width - name_w) // max(cols, 1)
    # One font for all the numbers and another for the headers, sized by the widest.
    widest_header = max(headers[1:], key=len) if cols else ""
    head_font = fit_font(widest_header or "M", col_w - m.px(1), round(line_h * 0.5))
    cell_font = fit_font("888", col_w - m.px(1), round(line_h * 0.72))
    # Sized by the widest name shown ("2nd Seat 2": wider than "1st Seat 1" though no
    # longer), so a short table's tall lines do not blow the font up past the names.
    text_w = name_w - max(4, m.px(2)) - m.px(1.5)
    name_font = min((fit_font(text, text_w, round(line_h * 0.72))
                     for text in [cells[0] for _seat, cells in rows] + ["Seat 4"]),
                    key=lambda fnt: fnt.get_height())
    # Never below the floor: a name too long for its column at the floor is cut with "…".
    name_font = readable(name_font, surface.get_height())
    top = area.top
    head = pygame.Rect(area.left, top, area.width, line_h)
    for index, text in enumerate(headers):
        rect = _cell(head, index, name_w, col_w)
        blit_text(surface, text, rect, theme.TEXT_DIM, fnt=head_font,
                  align="left" if index == 0 else "center")
    for number, (seat, cells) in enumerate(rows):
        line = pygame.Rect(area.left, top + (number + 1) * line_h, area.width, line_h)
        colour = seat_colour(seat)
        band = line.inflate(0, -max(2, line_h // 8))
        if seat in highlight:
            pygame.draw.rect(surface, theme.dim(colour, 0.55), band, border_radius=line_h // 5)
        name_rect = _cell(line, 0, name_w, col_w)
        swatch = pygame.Rect(name_rect.left, band.top, max(4, m.px(2)), band.height)
        pygame.draw.rect(surface, colour, swatch, border_radius=2)
        text_rect = name_rect.copy()
        text_rect.left = swatch.right + m.px(1.5)
        text_rect.width = name_rect.right - text_rect.left
        blit_text(surface, elide(cells[0], name_font, text_rect.width), text_rect, theme.TEXT,
                  fnt=name_font, align="left")
        for index in range(1, len(cells)):
            rect = _cell(line, index, name_w, col_w)
            ink: RGB = theme.TEXT if (bold_last and index == len(cells) - 1) else theme.TEXT_DIM
            blit_text(surface, cells[index], rect, ink, fnt=cell_font)


def _cell(line: pygame.Rect, index: int, name_w: int, col_w: int) -> pygame.Rect:
    if index == 0:
        return pygame.Rect(line.left, line.top, name_w, line.height)
    return pygame.Rect(line.left + name_w + (index - 1) * col_w, line.top, col_w, line.height)


ROUND_END_LEGEND = N_("G guesses (1 each) · E rows exposed (3)\n"
                      "W round won (5) · B bonus (the winner's standing panels)")
ROUND_END_LEGEND_CARDS = N_("G guesses (1 each) · E rows exposed (3)\n"
                            "W round won (5) · B bonus (the winner's face-down cards)")


def draw_round_end(
    surface: pygame.Surface, area: pygame.Rect, screen: RoundEndView, m: Metrics,
    labels: str = "panels",
) -> None:
    """Each player's points of the round by cause, the round's sum and the running total,
    with a legend under the table saying what each column counts."""
    headers = ("", _("G"), _("E"), _("W"), _("B"), _("round"), _("total"))
    rows = [
        (
            p.seat,
            (p.name, str(p.guesses), str(p.exposures), str(p.win), str(p.bonus),
             str(p.round_total), str(p.total)),
        )
        for p in screen.points
    ]
    line = floor_font(surface.get_height()).get_linesize()
    legend_h = line * 4
    table = pygame.Rect(area.left, area.top, area.width, area.height - legend_h)
    _table(surface, table, headers, rows, m, name_fraction=0.26, highlight=(screen.winner,))
    legend = pygame.Rect(area.left, table.bottom, area.width, legend_h)
    text = ROUND_END_LEGEND_CARDS if labels == "cards" else ROUND_END_LEGEND
    blit_wrapped(surface, _(text), legend, theme.TEXT_DIM, max_lines=4)


def draw_final(surface: pygame.Surface, area: pygame.Rect, screen: FinalView, m: Metrics) -> None:
    """The standings, best first: place, name, each round's (or game's) points, the total."""
    rounds = max((len(s.rounds) for s in screen.standings), default=0)
    if rounds == 1:
        rounds = 0  # one game: its points are the total, shown once, not beside a copy
    column = _("G{number}") if screen.column_prefix == "G" else _("R{number}")
    headers = ("", *(column.format(number=i + 1) for i in range(rounds)), _("total"))
    rows = []
    for s in screen.standings:
        place = _(ORDINALS[s.rank - 1]) if 1 <= s.rank <= len(ORDINALS) else str(s.rank)
        rounds_cells = ([str(p) for p in s.rounds] + [""] * (rounds - len(s.rounds))
                        if rounds else [])
        rows.append((s.seat, (f"{place} {s.name}", *rounds_cells, str(s.total))))
    _table(surface, area, headers, rows, m, name_fraction=0.42, highlight=screen.winners)

"""The results screen: past games, newest first, and the chosen game's players and totals."""

from __future__ import annotations

import pygame

from coda_pi.referee.results import ResultsView
from coda_pi.referee.views import PublicView
from coda_pi.ui import theme
from coda_pi.ui.draw import MenuItem, draw_banner, draw_lines, draw_menu
from coda_pi.ui.layout import Frame, split_columns, split_rows
from coda_pi.ui.looks import seat_colour


def draw_results(surface: pygame.Surface, bands: Frame, screen: ResultsView,
                 view: PublicView) -> None:
    """The list on the left (date and winner), the chosen game's totals on the right."""
    m = bands.metrics
    draw_banner(surface, bands.header, view.title or "Results", theme.PANEL_AREA,
                subtitle=f"{len(screen.rows)} games" if screen.rows else None)
    if screen.error or not screen.rows:
        text = screen.error or "No games played yet"
        draw_lines(surface, bands.body.inflate(0, -bands.body.height // 3), [text],
                   theme.WARNING if screen.error else theme.TEXT_DIM)
        return
    list_area, detail_area = split_columns(bands.body, 0.58, m.margin)
    items = [MenuItem(row.headline) for row in screen.rows]
    draw_menu(surface, list_area, "", items, screen.cursor, max_lines=5)
    row = screen.rows[screen.cursor]
    lines = split_rows(detail_area, 5, max(2, m.margin // 2))
    draw_lines(surface, lines[0], [f"{row.game}, {row.rounds}"], theme.TEXT_DIM)
    # Best first, each player in the colour of their seat.
    order = sorted(range(len(row.players)), key=lambda s: -row.totals[s])
    for rect, seat in zip(lines[1:], order, strict=False):
        draw_banner(surface, rect, f"{row.players[seat]} {row.totals[seat]}", seat_colour(seat))

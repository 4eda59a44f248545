"""The results screen: past games, newest first, and the chosen game's players and totals."""

from __future__ import annotations

import pygame

from coda_pi.i18n import _, ngettext
from coda_pi.referee.shared.results import ResultsView
from coda_pi.referee.shared.views import PublicView
from coda_pi.ui import theme
from coda_pi.ui.draw import MenuItem, draw_banner, draw_menu
from coda_pi.ui.layout import Frame, split_columns, split_rows
from coda_pi.ui.looks import seat_colour
from coda_pi.ui.text import blit_wrapped


def draw_results(surface: pygame.Surface, bands: Frame, screen: ResultsView,
                 view: PublicView) -> None:
    """The list on the left (date and winner), the chosen game's totals on the right."""
    m = bands.metrics
    count = len(screen.rows)
    draw_banner(surface, bands.header, view.title or _("Results"), theme.PANEL_AREA,
                subtitle=ngettext("{count} game", "{count} games", count).format(count=count)
                if screen.rows else None)
    if screen.error or not screen.rows:
        text = screen.error or _("No games played yet")
        blit_wrapped(surface, text, bands.body.inflate(0, -bands.body.height // 3),
                     theme.WARNING if screen.error else theme.TEXT_DIM, align="center",
                     max_lines=4)
        return
    # The list says when; the chosen game's box says what it was and who won.
    list_area, detail_area = split_columns(bands.body, 0.45, m.margin)
    items = [MenuItem(row.date) for row in screen.rows]
    draw_menu(surface, list_area, "", items, screen.cursor, max_lines=5)
    row = screen.rows[screen.cursor]
    lines = split_rows(detail_area, 5, max(2, m.margin // 2))
    summary = row.note or _("{game}, {rounds}").format(game=row.game, rounds=row.rounds)
    blit_wrapped(surface, summary, lines[0], theme.TEXT_DIM, align="center", max_lines=1)
    # Best first, each player in the colour of their seat.
    order = sorted(range(len(row.players)), key=lambda s: -row.totals[s])
    for rect, seat in zip(lines[1:], order, strict=False):
        draw_banner(surface, rect, f"{row.players[seat]} {row.totals[seat]}", seat_colour(seat))

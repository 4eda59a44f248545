"""The post-game review (``coda_pi.referee.shared.review``), drawn: a page of sentences, each
marked green (a bold guess that paid off) or amber (a sure point left untaken)."""

from __future__ import annotations

import pygame

from coda_pi.i18n import _
from coda_pi.referee.shared.review import ReviewView
from coda_pi.ui import theme
from coda_pi.ui.draw import draw_banner
from coda_pi.ui.layout import Frame, split_rows
from coda_pi.ui.text import blit_wrapped


def draw_review(surface: pygame.Surface, bands: Frame, screen: ReviewView) -> None:
    m = bands.metrics
    draw_banner(surface, bands.header, screen.title, theme.PANEL_AREA,
                subtitle=_("page {page} of {pages}").format(page=screen.page, pages=screen.pages))
    slots = split_rows(bands.body, 4, max(2, m.margin // 2))
    for rect, line in zip(slots, screen.lines, strict=False):
        mark = pygame.Rect(rect.left, rect.top, max(4, m.px(1.5)), rect.height)
        pygame.draw.rect(surface, theme.GOOD if line.good else theme.WARNING, mark)
        text = pygame.Rect(mark.right + m.margin, rect.top, rect.right - mark.right - m.margin,
                           rect.height)
        blit_wrapped(surface, line.text, text, theme.TEXT)

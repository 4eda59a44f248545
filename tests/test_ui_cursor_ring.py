"""The orange ring round a panel under the cursor sits in the gap between panels, clear of
its neighbours, and a dial's PREV/NEXT arrows stand clear of the ring (found walking the
quick start, evening 3: the ring covered its neighbours' edges, the arrows touched it).
Checked on the pixels drawn, at every supported size."""

from __future__ import annotations

import pygame
import pytest

from coda_pi.i18n import in_language
from coda_pi.ui import theme
from coda_pi.ui.draw import PanelLook, draw_row
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.samples import sample_scenes
from coda_pi.ui.screens import draw_scene


def _orange(surface: pygame.Surface, x: int, y: int) -> bool:
    return tuple(surface.get_at((x, y)))[:3] == theme.CURSOR


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("count", [3, 6, 9, 13])
def test_the_cursor_ring_leaves_its_neighbours_whole(width: int, height: int,
                                                     count: int) -> None:
    pygame.font.init()
    surface = pygame.Surface((width, height))
    surface.fill(theme.BACKGROUND)
    # A seat's row on the table beside its name tag, a band's height; a number on every
    # third panel (knocked down), the others standing.
    area = pygame.Rect(width // 5, height // 3, width * 4 // 5 - 4, height // 6)
    for marked in (1, count // 2):
        surface.fill(theme.BACKGROUND)
        looks = [PanelLook("D" if i % 2 else "L", None if i % 3 else str(i % 12),
                           marked=i == marked) for i in range(count)]
        rects = draw_row(surface, area, looks)
        assert all(area.contains(r) for r in rects)
        for i, rect in enumerate(rects):
            if i == marked:
                continue
            touched = [(x, y) for x in range(rect.left, rect.right)
                       for y in range(rect.top, rect.bottom) if _orange(surface, x, y)]
            assert touched == [], f"panel {i} beside the cursor on {marked} is covered"
        # Between the ring and each neighbour on its line, a line of background.
        ring = rects[marked]
        for i in (marked - 1, marked + 1):
            if not 0 <= i < count or rects[i].top != ring.top:
                continue
            lo, hi = sorted((ring.centerx, rects[i].centerx))
            y = ring.centery
            cols = [x for x in range(lo, hi) if not _orange(surface, x, y)
                    and not any(r.collidepoint(x, y) for r in rects)]
            assert cols, f"the ring on {marked} touches panel {i}"


def _runs(surface: pygame.Surface, y: int, left: int, right: int) -> int:
    """Separate orange runs along line ``y``."""
    runs, inside = 0, False
    for x in range(left, right):
        now = _orange(surface, x, y)
        runs += now and not inside
        inside = now
    return runs


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("name", ["entry-draw-private", "entry-fix-number", "tp-number",
                                  "turn-guess"])
def test_a_dial_s_arrows_stand_clear_of_its_ring(name: str, width: int, height: int,
                                                 language: str) -> None:
    """Across the dial's middle: arrow, ring, (the panel), ring, arrow: four orange runs,
    not two (an arrow touching the ring is one run with it)."""
    pygame.font.init()
    with in_language(language):
        scene = sample_scenes()[name]
        surface = pygame.Surface((width, height))
        draw_scene(surface, scene)
    # The dial stands in the right third of the screen.
    most = max(_runs(surface, y, width * 2 // 3, width) for y in range(height))
    assert most >= 4, f"{name}: the arrows touch the ring"

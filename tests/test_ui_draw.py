"""The drawing primitives: what a player sees of a panel, the timer, the LEDs, a menu."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coda_pi.ui import theme
from coda_pi.ui.draw import (
    LedLook,
    MenuItem,
    PanelLook,
    draw_banner,
    draw_led_strip,
    draw_menu,
    draw_panel,
    row_rects,
    timer_text,
)
from coda_pi.ui.text import fit_font


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _surface(w: int = 200, h: int = 200) -> pygame.Surface:
    s = pygame.Surface((w, h))
    s.fill(theme.BACKGROUND)
    return s


def _colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    }


@pytest.mark.parametrize(("colour", "face", "digit"), [
    ("D", theme.DARK_PANEL, theme.DARK_PANEL_DIGIT),
    ("L", theme.LIGHT_PANEL, theme.LIGHT_PANEL_DIGIT),
])
def test_a_hidden_panel_shows_only_its_colour_and_a_shown_one_its_number(colour, face, digit):
    rect = pygame.Rect(50, 20, 62, 100)
    hidden = _surface()
    draw_panel(hidden, rect, PanelLook(colour, None))
    inner = rect.inflate(-20, -20)
    assert _colours(hidden, inner) == {face}

    shown = _surface()
    draw_panel(shown, rect, PanelLook(colour, "8"))
    colours = _colours(shown, inner)
    assert face in colours
    assert digit in colours  # the number is drawn in the contrasting colour


def test_dark_panels_are_dark_and_light_panels_are_light():
    def luminance(rgb):
        r, g, b = rgb
        return 0.299 * r + 0.587 * g + 0.114 * b

    assert luminance(theme.DARK_PANEL) < 40 < 200 < luminance(theme.LIGHT_PANEL)
    assert luminance(theme.DARK_PANEL_DIGIT) > 200
    assert luminance(theme.LIGHT_PANEL_DIGIT) < 40


def test_a_knocked_down_panel_keeps_its_size_and_wears_a_red_band_on_top():
    # Its number must read from across the table: a knocked-down panel is not drawn smaller
    # than a standing one; a red band along its top says it is down.
    rect = pygame.Rect(50, 20, 62, 100)
    surface = _surface()
    body = draw_panel(surface, rect, PanelLook("L", "5", down=True))
    assert body == rect
    top_band = pygame.Rect(rect.left + 8, rect.top + 4, rect.width - 16, 4)
    assert theme.BAD in _colours(surface, top_band)
    standing = _surface()
    draw_panel(standing, rect, PanelLook("L", "5"))
    assert theme.BAD not in _colours(standing, top_band)
    assert theme.LIGHT_PANEL in _colours(surface, body)


def test_a_dash_panel_shows_a_bar_not_a_sliver():
    rect = pygame.Rect(50, 20, 62, 100)
    surface = _surface()
    draw_panel(surface, rect, PanelLook("D", "-"))
    digit_pixels = sum(
        1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
        if tuple(surface.get_at((x, y)))[:3] == theme.DARK_PANEL_DIGIT
    )
    assert digit_pixels > rect.width * 0.5 * 5  # a bar at least five pixels thick


@given(st.integers(1, 14), st.integers(60, 800), st.integers(20, 300))
@settings(max_examples=60, deadline=None)
def test_a_row_fits_its_area_without_overlap(count, width, height):
    # Any area at least two pixels per panel wide (the smallest screen gives ten times that).
    width = max(width, 2 * count)
    area = pygame.Rect(10, 10, width, height)
    rects = row_rects(area, count)
    assert len(rects) == count
    for rect in rects:
        assert area.contains(rect)
    for left, right in zip(rects, rects[1:], strict=False):
        assert left.right <= right.left


@given(
    st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=24),
    st.integers(40, 800),
    st.integers(12, 200),
)
@settings(max_examples=80, deadline=None)
def test_fitted_text_fits_its_box(text, width, height):
    fnt = fit_font(text, width, height)
    w, h = fnt.size(text)
    # The smallest font (6) is the floor: below it, text may overflow rather than vanish.
    if fnt.get_height() > pygame.font.Font(None, 6).get_height():
        assert w <= width and h <= height


@pytest.mark.parametrize(("seconds", "shown"), [
    (80, "1:20"), (60, "1:00"), (59.2, "1:00"), (59.0, "0:59"), (5, "0:05"), (0.1, "0:01"),
    (0, "0:00"), (-3, "0:00"),
])
def test_the_timer_reads_minutes_and_seconds_rounded_up(seconds, shown):
    assert timer_text(seconds) == shown


def test_the_led_strip_shows_each_seat_in_its_colour_lit_or_dark():
    surface = _surface(400, 60)
    lamps = draw_led_strip(surface, pygame.Rect(0, 0, 400, 60), [
        LedLook(lit=True), LedLook(lit=False), LedLook(lit=False, blinking=True), LedLook(True),
    ])
    centres = [tuple(surface.get_at(lamp.center))[:3] for lamp in lamps]
    assert centres[0] == theme.SEAT_COLOURS[0]
    assert centres[1] == theme.LED_OFF
    assert centres[2] == theme.LED_OFF  # a blinking LED in its dark phase...
    ring = (lamps[2].centerx, lamps[2].top + 1)
    assert tuple(surface.get_at(ring))[:3] == theme.SEAT_COLOURS[2]  # ...keeps its ring
    assert centres[3] == theme.SEAT_COLOURS[3]


def test_the_four_seat_colours_are_far_apart():
    colours = theme.SEAT_COLOURS
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 150


def test_banner_text_is_dark_on_yellow_and_light_on_blue():
    assert theme.ink_on(theme.SEAT_COLOURS[3]) == theme.INK
    assert theme.ink_on(theme.SEAT_COLOURS[2]) == theme.TEXT
    surface = _surface(300, 60)
    rect = pygame.Rect(0, 0, 300, 60)
    draw_banner(surface, rect, "Dmitri", theme.SEAT_COLOURS[3])
    assert theme.INK in _colours(surface, rect)


def test_the_selected_menu_line_is_highlighted_and_stays_in_view():
    surface = _surface(300, 300)
    rect = pygame.Rect(0, 0, 300, 300)
    items = [MenuItem(f"Item {i}", str(i)) for i in range(10)]
    draw_menu(surface, rect, "", items, 9, max_lines=5)
    # The last item is selected: the highlight must be on screen, in the lower half.
    rows = [y for y in range(300) if tuple(surface.get_at((150, y)))[:3] == theme.CURSOR]
    assert rows and min(rows) > 150

"""Every key screen at 320x240, 480x320 and 800x480: drawn, saved as PNG, and checked for
what a player at the table must be able to see."""

from __future__ import annotations

import dataclasses
import os
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from coda_pi.i18n import LANGUAGES
from coda_pi.ui import theme
from coda_pi.ui.layout import frame
from coda_pi.ui.render_all import SIZES, render_samples
from coda_pi.ui.samples import sample_scenes
from coda_pi.ui.screens import ScreenRenderer, draw_scene

SCENES = sample_scenes()


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _draw(name: str, size: tuple[int, int], **changes) -> pygame.Surface:
    scene = SCENES[name]
    if changes:
        scene = dataclasses.replace(scene, **changes)
    surface = pygame.Surface(size)
    draw_scene(surface, scene)
    return surface


def _share(surface: pygame.Surface, rect: pygame.Rect, colour) -> float:
    counts = Counter(
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.left, rect.right, 2)
        for y in range(rect.top, rect.bottom, 2)
    )
    return counts[tuple(colour)] / max(1, sum(counts.values()))


@pytest.mark.parametrize("language", LANGUAGES)  # one language a test: two workers share them
def test_every_key_screen_renders_to_png_at_every_size_in_every_language(tmp_path, language):
    written = render_samples(tmp_path, languages=[language])
    assert len(written) == len(SCENES) * len(SIZES)
    assert {p.parent.name for p in written} == {language}
    for path in written:
        image = pygame.image.load(str(path))
        w, h = image.get_size()
        assert (w, h) in SIZES
        # Not a blank frame: a screen uses several colours.
        assert _several_colours(image, more_than=5), path.name


def _several_colours(image: pygame.Surface, *, more_than: int) -> bool:
    """Whether the image shows more than ``more_than`` colours (every 7th pixel each way),
    looking no further than it needs to."""
    w, h = image.get_size()
    colours: set[tuple[int, ...]] = set()
    for y in range(0, h, 7):
        colours.update(tuple(image.get_at((x, y)))[:3] for x in range(0, w, 7))
        if len(colours) > more_than:
            return True
    return False


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["turn-choose", "turn-guess", "turn-right", "turn-miss"])
def test_whose_turn_it_is_fills_the_header_in_that_seats_colour(name, size):
    surface = _draw(name, size)
    header = frame(size, led_strip=True).header
    seat = SCENES[name].view.screen.seat
    assert _share(surface, header, theme.SEAT_COLOURS[seat]) > 0.5


@pytest.mark.parametrize("size", SIZES)
def test_a_private_screen_is_framed_in_its_seats_colour_and_the_public_one_is_not(size):
    private = _draw("turn-drawn-private", size)
    public = _draw("turn-choose", size)
    seat_colour = theme.SEAT_COLOURS[SCENES["turn-drawn-private"].private.seat]
    corners = [(1, size[1] // 2), (size[0] - 2, size[1] // 2)]
    assert all(tuple(private.get_at(c))[:3] == seat_colour for c in corners)
    assert all(tuple(public.get_at(c))[:3] != seat_colour for c in corners)


@pytest.mark.parametrize("size", SIZES)
def test_the_last_seconds_of_the_timer_are_red(size):
    calm = _draw("turn-guess", size)
    urgent = _draw("turn-urgent", size)
    body = frame(size, led_strip=True).body
    side = pygame.Rect(body.left + int(body.width * 0.7), body.top, int(body.width * 0.3),
                       body.height // 2)
    assert _share(urgent, side, theme.BAD) > 0.03
    assert _share(calm, side, theme.BAD) == 0


@pytest.mark.parametrize("size", SIZES)
def test_the_led_strip_is_drawn_only_where_there_are_no_real_leds(size):
    with_strip = _draw("turn-guess", size)
    without = _draw("turn-guess", size, show_led_strip=False)
    leds = frame(size, led_strip=True).leds
    assert leds is not None
    # Seat 1's LED is on in this scene: its lamp shows red on the strip.
    assert _share(with_strip, leds, theme.SEAT_COLOURS[0]) > 0.05
    assert _share(without, leds, theme.SEAT_COLOURS[0]) < 0.01


def test_a_blinking_led_changes_the_frame_and_asks_for_a_wake_up():
    renderer = ScreenRenderer()
    scene = SCENES["deal"]
    on = dataclasses.replace(scene, blink_on=True)
    off = dataclasses.replace(scene, blink_on=False)
    assert renderer.time_key(on) != renderer.time_key(off)
    wake = renderer.next_blink(on, 100.1)
    assert wake is not None and 100.1 < wake <= 100.1 + 0.4
    steady = SCENES["turn-choose"]
    assert renderer.next_blink(steady, 100.1) is None
    assert renderer.time_key(dataclasses.replace(steady, blink_on=False)) == renderer.time_key(
        steady)


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_overlay_covers_the_game_and_shows_the_cursor(size):
    plain = _draw("turn-guess", size)
    menu = _draw("menu", size)
    w, h = size
    middle = pygame.Rect(w // 4, h // 4, w // 2, h // 2)
    assert _share(menu, middle, theme.CURSOR) > 0.03
    assert _share(plain, middle, theme.PANEL_AREA) < _share(menu, middle, theme.PANEL_AREA)


def test_a_footer_is_capitalised_at_its_first_letter_but_never_inside_a_count():
    from coda_pi.ui.chrome import sentence_case

    assert sentence_case("¿cuál gana?") == "¿Cuál gana?"
    assert sentence_case("ok to deal") == "Ok to deal"
    assert sentence_case("1 of 3. PREV/NEXT: other games") == "1 of 3. PREV/NEXT: other games"

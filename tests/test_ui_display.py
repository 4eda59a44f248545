"""Opening the screen: sizes, full screen or window, and a screen mounted turned."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from coda_pi.ui.display import has_desktop, open_display, parse_size


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


@pytest.mark.parametrize(("text", "size"), [("480x320", (480, 320)), ("800X480", (800, 480)),
                                            ("320*240", (320, 240))])
def test_sizes_are_read_as_width_by_height(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["big", "480", "480x", "x320", "100x50", "-480x320"])
def test_a_bad_size_says_how_to_write_one(text):
    with pytest.raises(ValueError, match="320x240|WIDTHxHEIGHT"):
        parse_size(text)


def test_the_pi_console_has_no_desktop_and_a_desktop_session_has(monkeypatch):
    monkeypatch.setattr("sys.platform", "linux")
    assert not has_desktop({})
    assert has_desktop({"DISPLAY": ":0"})
    assert has_desktop({"WAYLAND_DISPLAY": "wayland-0"})


def test_a_screen_mounted_turned_is_laid_out_upright_and_shown_turned():
    display = open_display((480, 320), fullscreen=False, rotation=90)
    assert display.screen.get_size() == (320, 480)  # the panel's own, portrait, mode
    assert display.size == (480, 320)  # the layout is landscape
    display.canvas.fill((0, 0, 0))
    display.canvas.fill((255, 0, 0), pygame.Rect(0, 0, 480, 10))  # a red strip on top
    display.present()
    # pygame turns anticlockwise: the upright top edge becomes the screen's left edge.
    assert tuple(display.screen.get_at((2, 240)))[:3] == (255, 0, 0)
    assert tuple(display.screen.get_at((317, 240)))[:3] == (0, 0, 0)


def test_a_window_without_a_size_gets_the_seven_inch_screens():
    display = open_display(None, fullscreen=False)
    assert display.size == (800, 480)


def test_only_what_changed_is_sent_and_the_screen_shows_the_whole_frame():
    display = open_display((480, 320), fullscreen=False)
    display.canvas.fill((0, 0, 40))
    display.present()
    assert display.pixels_pushed == 480 * 320  # the first frame, whole
    display.present()
    assert display.pixels_pushed == 480 * 320  # nothing changed: nothing sent
    display.canvas.fill((250, 200, 0), pygame.Rect(400, 20, 40, 30))  # the timer's digits
    display.present()
    sent = display.pixels_pushed - 480 * 320
    assert 40 * 30 <= sent <= 40 * 48
    assert display.screen.get_at((420, 30))[:3] == (250, 200, 0)
    display.forget()  # a window uncovered: its pixels are unknown
    display.present()
    assert display.pixels_pushed == 2 * 480 * 320 + sent


def test_a_turned_screen_sends_the_changed_part_where_it_lands_turned():
    display = open_display((480, 320), fullscreen=False, rotation=90)
    display.canvas.fill((0, 0, 40))
    display.present()
    display.canvas.fill((250, 200, 0), pygame.Rect(0, 0, 10, 10))  # the upright top left
    display.present()
    assert display.pixels_pushed - 480 * 320 <= 10 * 16
    # pygame turns anticlockwise: the upright top left lands at the screen's bottom left.
    assert display.screen.get_at((5, 475))[:3] == (250, 200, 0)


def test_a_frame_prepared_again_before_it_was_sent_still_sends_the_first_change(
        monkeypatch):
    """The loop prepares a press's frame while the card stores its line, and may draw it
    again before sending (the timer's second, an LED): what the first frame changed must
    reach the screen too. The booted VM showed the setup screen with only the new game's
    footer over it: the second preparation had replaced the first one's rectangles."""
    sent: list[pygame.Rect] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects: sent.extend(rects))
    display = open_display((480, 320), fullscreen=False)
    display.canvas.fill((0, 0, 40))
    display.present()
    sent.clear()
    display.canvas.fill((200, 0, 0), pygame.Rect(0, 0, 480, 200))  # the new screen
    display.prepare()
    display.canvas.fill((250, 200, 0), pygame.Rect(400, 290, 40, 20))  # then the timer
    display.prepare()
    display.send()
    unsent = [(x, y) for y in range(0, 200, 7) for x in (0, 240, 479)
              if not any(r.collidepoint(x, y) for r in sent)]
    assert unsent == []
    assert any(r.colliderect(pygame.Rect(400, 290, 40, 20)) for r in sent)
    sent.clear()
    display.present()  # nothing new: nothing sent again
    assert sent == []

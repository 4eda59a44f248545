"""A menu or question opening over the screen the device shows takes that screen from its
canvas (ui/menu_open.py) instead of drawing it again, and shows exactly the frame drawn
whole: the screen dimmed, the menu, what to press, the LEDs.

A player presses BACK on a turn and waits for the menu: that frame drew the whole turn
again under the dim veil (the worst first frames of issue 34's bench). A canvas taken
wrongly would leave a player the old footer's words, a lamp of the wrong phase or the
timer still running under the menu.
"""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from coda_pi.referee.shared.views import LedState, MenuView, TimerView  # noqa: E402
from coda_pi.ui import chrome, memo, screens  # noqa: E402
from coda_pi.ui.render_all import SIZES  # noqa: E402
from coda_pi.ui.samples import sample_scenes  # noqa: E402
from coda_pi.ui.screens import ScreenRenderer, draw_scene  # noqa: E402
from coda_pi.ui.text import recording_text  # noqa: E402


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield


def _pixels(surface: pygame.Surface) -> bytes:
    return bytes(surface.get_buffer())


def _whole(scene, size: tuple[int, int]) -> bytes:
    """``scene`` drawn from scratch, nothing taken from any cache or canvas."""
    surface = pygame.Surface(size)
    with recording_text():
        draw_scene(surface, scene)
    return _pixels(surface)


def _overlaid() -> dict:
    """The sample screens with a menu, a question or the phones' page over them."""
    return {name: scene for name, scene in sample_scenes().items()
            if scene.private is None and getattr(scene.view, "overlay", None) is not None
            and type(scene.view.screen).__name__ != "ResultsView"}


def _under(scene, *, running: bool = True):
    """The screen the device showed before the menu opened: the same view without it, the
    timer (if any) running, as the menu pauses it, the LEDs in the other blink phase."""
    view = replace(scene.view, overlay=None, version=scene.view.version + 1)
    timer = getattr(view, "timer", None)
    if timer is not None and running:
        view = replace(view, timer=replace(timer, paused=False))
    return replace(scene, view=view, blink_on=not scene.blink_on)


class _Spy:
    """Counts the frames that draw a screen's still part (everything but the timer, the
    choice and the LEDs) from its views."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        original = screens._draw_still

        def counted(*args, **kwargs):
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(screens, "_draw_still", counted)


def test_the_samples_have_menus_questions_and_the_phones_page_over_coda_and_mastermind():
    kinds = {(type(s.view).__name__, type(s.view.overlay).__name__) for s in _overlaid().values()}
    assert {("PublicView", "MenuView"), ("PublicView", "ConfirmView"),
            ("PublicView", "PhonesView"), ("MastermindPublicView", "MenuView")} <= kinds


def test_a_menu_opening_over_the_screen_shown_does_not_draw_that_screen_again(monkeypatch):
    spy = _Spy(monkeypatch)
    for size in SIZES:
        for name, scene in _overlaid().items():
            memo.forget_all()  # no screen dimmed is kept yet: the menu opens the first time
            renderer, surface = ScreenRenderer(), pygame.Surface(size)
            renderer.draw(surface, _under(scene))
            renderer.idle(lambda: False)
            spy.calls = 0
            renderer.draw(surface, scene)
            assert spy.calls == 0, (name, size)
            assert _pixels(surface) == _whole(scene, size), (name, size)


def test_the_menus_cursor_moving_and_the_menu_closing_show_the_frames_drawn_whole(
        monkeypatch):
    """While the cursor moves the screen dimmed is one blit of what was kept: nothing of
    the screen under the menu is drawn again, and every frame is the frame drawn whole."""
    spy = _Spy(monkeypatch)
    scenes = sample_scenes()
    menu = scenes["menu"]
    overlay = menu.view.overlay
    assert isinstance(overlay, MenuView)
    moved = [replace(menu, view=replace(menu.view, overlay=replace(overlay, cursor=c),
                                        version=c), blink_on=c % 2 == 0)
             for c in range(len(overlay.items))]
    under = _under(menu)
    sequence = [under, *moved, _under(menu), menu, scenes["confirm"], under]
    for size in SIZES:
        renderer, surface = ScreenRenderer(), pygame.Surface(size)
        for index, scene in enumerate(sequence):
            spy.calls = 0
            renderer.draw(surface, scene)
            if scene in moved or scene is menu:  # over the same screen, dimmed and kept
                assert spy.calls == 0, (size, index)
            assert _pixels(surface) == _whole(scene, size), (size, index)
            renderer.idle(lambda: False)


@pytest.mark.parametrize("change", ["banner", "timer", "leds", "other screen"])
def test_a_menu_over_a_screen_other_than_the_one_shown_is_drawn_whole(change, monkeypatch):
    """The canvas shows something else than the screen under the menu: another banner, the
    timer a second on, other lamps lit, another screen: it is drawn again, not taken."""
    scenes = sample_scenes()
    menu = scenes["menu"]
    before = _under(menu)
    if change == "banner":
        before = replace(before, view=replace(before.view, banner=scenes["turn-right"]
                                              .view.banner))
    elif change == "timer":
        before = replace(before, view=replace(before.view, timer=TimerView(44, 44, False,
                                                                           False, False)))
    elif change == "leds":
        lit = (LedState.ON, LedState.OFF, LedState.BLINK, LedState.OFF)
        before = replace(before, leds=lit)  # the lamps as the device lit them
    else:
        before = scenes["turn-long-rows"]
    assert before.view != replace(menu.view, overlay=None)
    spy = _Spy(monkeypatch)
    for size in SIZES:
        memo.forget_all()  # nothing kept of the screen dimmed under the menu
        renderer, surface = ScreenRenderer(), pygame.Surface(size)
        renderer.draw(surface, before)
        renderer.idle(lambda: False)
        spy.calls = 0
        renderer.draw(surface, menu)
        # The still part underneath differs: drawn again; only the moving parts differ
        # (the timer, the lamps): taken from the canvas.
        assert spy.calls == (1 if change in ("banner", "other screen") else 0), (change, size)
        assert _pixels(surface) == _whole(menu, size), (change, size)


def test_a_menu_dims_all_the_screen_its_box_leaves_to_be_seen(monkeypatch):
    """The veil skips what the menu's box covers whole (ui/chrome.py's ``_dim_around``):
    every menu, question and phones' page, at every size, shows exactly what the whole
    screen dimmed shows."""
    skipping = {(name, size): _whole(scene, size) for name, scene in _overlaid().items()
                for size in SIZES}

    def whole_screen(surface, box, radius):
        surface.blit(chrome.veil(surface.get_size(), (0, 0, 0, 170)), (0, 0))
        return [surface.get_rect()]  # the rooms dimmed: all of it

    monkeypatch.setattr(chrome, "_dim_around", whole_screen)
    for (name, size), pixels in skipping.items():
        assert pixels == _whole(_overlaid()[name], size), (name, size)


def test_a_menu_over_its_kept_layer_covers_whatever_the_screen_showed_under_its_box(
        monkeypatch):
    """Only what lies around a menu's box is kept of the screen dimmed under it
    (``kept.keep_layer``'s rooms), and put back while the cursor moves: the box is drawn
    over all the rest, whatever the screen showed there (noise, here)."""
    import random

    from coda_pi.ui import kept, mastermind_screens, still

    blitted: list[bool] = []

    def spied(surface, key):
        blitted.append(kept.blit_layer(surface, key))
        return blitted[-1]

    monkeypatch.setattr(screens, "blit_layer", spied)
    monkeypatch.setattr(mastermind_screens, "blit_layer", spied)
    rng = random.Random(5)
    for size in SIZES:
        for name, scene in _overlaid().items():
            memo.forget_all()
            expected = _whole(scene, size)
            draw_scene(pygame.Surface(size), scene)  # the screen dimmed under it is kept
            still._still.clear()  # and not the whole frame: the layer is what is tried
            surface = pygame.Surface(size)
            surface.get_buffer().write(rng.randbytes(surface.get_pitch() * size[1]), 0)
            blitted.clear()
            draw_scene(surface, scene)
            assert blitted == [True], (name, size)
            assert _pixels(surface) == expected, (name, size)

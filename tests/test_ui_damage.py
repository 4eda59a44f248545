"""Damage: only what changed between two frames is sent to the screen."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from coda_pi.ui.damage import Damage  # noqa: E402


def frame(size=(480, 320)) -> pygame.Surface:
    surface = pygame.Surface(size, depth=32)
    surface.fill((10, 20, 30))
    return surface


def covered(rects: list[pygame.Rect]) -> set[tuple[int, int]]:
    return {(x, y) for r in rects for x in range(r.left, r.right) for y in range(r.top, r.bottom)}


def test_the_first_frame_is_sent_whole_and_an_unchanged_one_not_at_all():
    damage, surface = Damage(), frame()
    assert damage.changed(surface) == [pygame.Rect(0, 0, 480, 320)]
    assert damage.changed(surface) == []
    assert damage.pixels == 480 * 320


def test_a_changed_clock_is_sent_as_a_small_rectangle_around_it():
    damage, surface = Damage(), frame()
    damage.changed(surface)
    surface.fill((250, 250, 0), pygame.Rect(350, 40, 60, 30))  # new digits
    rects = damage.changed(surface)
    assert covered(rects) >= covered([pygame.Rect(350, 40, 60, 30)])
    sent = sum(r.width * r.height for r in rects)
    assert sent <= 60 * 48  # the digits' columns, in whole 16-row bands
    assert all(r.left == 350 and r.right == 410 for r in rects)


def test_forget_sends_the_next_frame_whole():
    damage, surface = Damage(), frame()
    damage.changed(surface)
    damage.forget()
    assert damage.changed(surface) == [pygame.Rect(0, 0, 480, 320)]


def test_a_first_frame_kept_once_shown_narrows_the_next_as_one_kept_at_once():
    damage, surface = Damage(), frame()
    damage.keep_first_later()
    assert damage.changed(surface) == [pygame.Rect(0, 0, 480, 320)]
    damage.keep(surface)  # the work after the start's first frame
    surface.fill((250, 250, 0), pygame.Rect(350, 40, 60, 30))
    rects = damage.changed(surface)
    assert covered(rects) >= covered([pygame.Rect(350, 40, 60, 30)])
    assert sum(r.width * r.height for r in rects) <= 60 * 48


def test_a_frame_before_the_first_is_kept_is_sent_whole_and_kept_then():
    # A press answered before the work after the first frame: nothing to compare with yet.
    damage, surface = Damage(), frame()
    damage.keep_first_later()
    damage.changed(surface)
    surface.fill((250, 250, 0), pygame.Rect(350, 40, 60, 30))
    assert damage.changed(surface) == [pygame.Rect(0, 0, 480, 320)]
    damage.keep(surface)  # too late: changed kept this one itself, the surface moved on
    surface.fill((0, 250, 0), pygame.Rect(10, 10, 20, 20))
    rects = damage.changed(surface)
    assert covered(rects) >= covered([pygame.Rect(10, 10, 20, 20)])
    assert sum(r.width * r.height for r in rects) <= 20 * 32


def test_a_screen_forgotten_before_its_first_frame_was_kept_is_sent_whole_again():
    damage, surface = Damage(), frame()
    damage.keep_first_later()
    damage.changed(surface)
    damage.forget()  # uncovered: what is on it is unknown, whatever the surface holds
    damage.keep(surface)
    assert damage.changed(surface) == [pygame.Rect(0, 0, 480, 320)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 99), st.integers(0, 59)), min_size=1, max_size=30),
       st.integers(0, 2**32 - 1))
def test_every_changed_pixel_is_inside_a_rectangle(points, seed):
    rng = random.Random(seed)
    damage, surface = Damage(), frame((100, 60))
    damage.changed(surface)
    for x, y in points:
        surface.set_at((x, y), (rng.randrange(256), 255, 0))
    rects = damage.changed(surface)
    inside = covered(rects)
    assert set(points) <= inside
    assert all(pygame.Rect(0, 0, 100, 60).contains(r) for r in rects)


def test_what_the_devices_renderer_notes_narrows_the_diff_to_the_same_rectangles():
    """The renderer says where a frame over its kept still part differs from its frame
    before (the timer, the LED strip: ui/retained.py); the diff then compares only those
    rows, and finds what comparing every row finds, frame after frame, also when a frame
    was drawn without being diffed or the screen changed in between."""
    from dataclasses import replace

    from coda_pi.referee.shared.views import TimerView
    from coda_pi.ui.retained import frame_note
    from coda_pi.ui.samples import sample_scenes
    from coda_pi.ui.screens import ScreenRenderer

    pygame.font.init()
    scenes = sample_scenes()
    base = scenes["turn-guess"]
    running = [replace(base, view=replace(base.view, timer=TimerView(s, s, s < 20, False, s < 5)),
                       blink_on=s % 2 == 0) for s in (61, 60, 21, 20, 9, 4, 3)]
    sequence = [*running, scenes["turn-long-rows"], *running, scenes["menu"], *running]
    renderer, surface = ScreenRenderer(), pygame.Surface((480, 320))
    copy = pygame.Surface((480, 320))
    noted, whole = Damage(), Damage()
    narrowed = 0
    diffed_before = False
    for index, scene in enumerate(sequence):
        renderer.draw(surface, scene)
        note = frame_note(surface)
        assert note is not None
        if note[1] is not None:  # only the timer's and the strip's rectangles
            narrowed += 1
            assert sum(r.width * r.height for r in note[1]) < 480 * 320 // 4
        if index % 5 == 4:
            diffed_before = False
            continue  # a frame never diffed: the next one is compared whole
        copy.blit(surface, (0, 0))  # no renderer drew the copy: compared whole
        found, expected = noted.changed(surface), whole.changed(copy)
        if note[1] is None and diffed_before:
            # Drawn whole by the renderer (a new screen): the same bands, their whole width.
            expected = _whole_width(expected, 480)
        assert found == expected, index
        diffed_before = True
    assert narrowed >= 3 * (len(running) - 1)  # every frame of a running timer but its first


def _whole_width(rects: list[pygame.Rect], width: int) -> list[pygame.Rect]:
    """``rects`` (in bands, top to bottom) widened to ``width``, touching ones joined."""
    joined: list[pygame.Rect] = []
    for rect in rects:
        wide = pygame.Rect(0, rect.top, width, rect.height)
        if joined and joined[-1].bottom == wide.top:
            joined[-1].height += wide.height
        else:
            joined.append(wide)
    return joined


def test_a_new_screen_from_the_devices_renderer_is_sent_in_whole_bands_it_changed():
    """A frame the renderer drew whole (another screen) is not narrowed column by column:
    narrowing every row of a screen that changed nearly everywhere cost more CPU than
    drawing it. Every band it changed is sent its whole width, and only those: the footer
    two screens share is not sent again."""
    from coda_pi.ui.retained import frame_note
    from coda_pi.ui.samples import sample_scenes
    from coda_pi.ui.screens import ScreenRenderer

    pygame.font.init()
    scenes = sample_scenes()
    renderer, surface = ScreenRenderer(), pygame.Surface((480, 320))
    damage = Damage()
    renderer.draw(surface, scenes["turn-guess"])
    assert damage.changed(surface) == [pygame.Rect(0, 0, 480, 320)]  # the first: whole
    before = pygame.Surface((480, 320))
    for name in ("turn-long-rows", "menu", "turn-guess", "setup"):
        before.blit(surface, (0, 0))
        renderer.draw(surface, scenes[name])
        rects = damage.changed(surface)
        assert frame_note(surface)[1] is None  # drawn whole
        changed_rows = {y for y in range(320)
                        if before.subsurface(0, y, 480, 1).get_buffer().raw
                        != surface.subsurface(0, y, 480, 1).get_buffer().raw}
        assert changed_rows, name
        assert all(r.left == 0 and r.width == 480 for r in rects), name
        sent = {y for r in rects for y in range(r.top, r.bottom)}
        assert changed_rows <= sent, name
        bands = {y // 16 for y in changed_rows}
        assert sent == {y for y in range(320) if y // 16 in bands}, name

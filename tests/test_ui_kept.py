"""Frames drawn from kept work (ui/memo.py, ui/kept.py) are the frames drawn from scratch.

What a frame works out from its views (texts, layouts, a seat's band, the screen under a
menu, a panel, a peg) is kept while the view is unchanged. A kept part that outlived its
view, or that was drawn differently aside than in place, would show a player a wrong or
stale screen: every sample screen is compared, pixel for pixel, drawn in place (the way the
readability tests draw, with nothing kept as an image), drawn with every cache empty, and
drawn again after every other screen has filled the caches.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace
from functools import cache

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from coda_pi.i18n import LANGUAGES, in_language  # noqa: E402
from coda_pi.referee.shared.views import TimerView, TurnStep, TurnView  # noqa: E402
from coda_pi.ui import kept, memo, still  # noqa: E402
from coda_pi.ui.damage import Damage  # noqa: E402
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


def _drawn(scene, size: tuple[int, int]) -> bytes:
    """``scene`` drawn on a new surface, then the loop's idle: the parts drawn in place are
    kept (ui/kept.py) for the next frames to take."""
    surface = pygame.Surface(size)
    draw_scene(surface, scene)
    kept.keep_waiting()
    return _pixels(surface)


def _in_place(scene, size: tuple[int, int]) -> bytes:
    with recording_text():  # nothing is blitted from a kept image while texts are recorded
        return _drawn(scene, size)


@cache
def _sample_in_place(language: str, name: str, size: tuple[int, int]) -> bytes:
    """A sample screen drawn in place: the reference the sample tests of this module compare
    with, drawn once per test process."""
    with in_language(language):
        return _in_place(_samples(language)[name], size)


@cache
def _samples(language: str) -> dict:
    with in_language(language):
        return sample_scenes()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sample_screen_is_the_same_drawn_in_place_cold_and_from_kept_parts(language):
    with in_language(language):
        scenes = sample_scenes()
        names = list(scenes)
        for size in SIZES:
            in_place = {name: _sample_in_place(language, name, size) for name in names}
            for name in names:
                memo.forget_all()
                assert _drawn(scenes[name], size) == in_place[name], (name, size, "cold")
            # Warm, in another order: each screen after the others filled the caches.
            random.Random(size[0]).shuffle(names)
            for name in names:
                _drawn(scenes[name], size)
            for name in names:
                assert _drawn(scenes[name], size) == in_place[name], (name, size, "warm")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sample_screen_drawn_again_from_its_still_part_is_the_same(language):
    """The second frame of a scene is one blit of the first (ui/still.py) and the moving
    parts over it: the screen a player sees does not change."""
    with in_language(language):
        for size in SIZES:
            for name, scene in sample_scenes().items():
                surface = pygame.Surface(size)
                draw_scene(surface, scene)
                first = _pixels(surface)
                surface.fill((255, 0, 255))  # whatever the still part does not cover shows
                draw_scene(surface, scene)
                assert _pixels(surface) == first == _sample_in_place(language, name, size), (
                    name, size)


TIMERS = (TimerView(43, 43, False, False, False), TimerView(42, 42, False, False, False),
          TimerView(10, 10, False, False, False), TimerView(19, 19, True, False, False),
          TimerView(4, 4, True, False, True), TimerView(4, 4, True, True, False),
          TimerView(0, 0, True, False, True))


@pytest.mark.parametrize("name", ["turn-guess", "turn-right", "turn-long-rows"])
def test_a_running_timer_and_blinking_lamps_are_drawn_over_the_still_turn(name):
    """A turn's timer counting down (into the extra time, paused, urgent) and its LEDs
    blinking: frame after frame on one surface, each over the kept rest of the turn, each
    the frame drawn whole; and the rest really is kept (one blit, not drawn again)."""
    base = sample_scenes()[name]
    for size in SIZES:
        surface = pygame.Surface(size)
        for index, timer in enumerate(TIMERS):
            scene = replace(base, view=replace(base.view, timer=timer, version=index),
                            blink_on=index % 2 == 0)
            draw_scene(surface, scene)
            assert _pixels(surface) == _in_place(scene, size), (name, size, timer)
            key = still.still_key(surface, scene)
            assert key is not None and still.blit_still(pygame.Surface(size), key) is not None
    # The timer is in the key only by being there: a turn without one is another still part.
    untimed = replace(base, view=replace(base.view, timer=None))
    surface = pygame.Surface((480, 320))
    assert still.still_key(surface, untimed) != still.still_key(surface, base)
    draw_scene(surface, base)
    draw_scene(surface, untimed)
    assert _pixels(surface) == _in_place(untimed, (480, 320))


def test_the_devices_renderer_on_its_own_canvas_shows_every_frame_as_drawn_whole():
    """The device's renderer keeps what its canvas shows (ui/retained.py) and puts back
    only what lies under the timer and the LED strip: a timer running down from a wide
    "10:00" (nothing of its digits may stay), lamps blinking, other screens in between and
    the turn coming back: frame after frame on one canvas, each the frame drawn whole."""
    scenes = sample_scenes()
    base = scenes["turn-guess"]
    running = [replace(base, view=replace(base.view, timer=timer, version=index),
                       blink_on=index % 2 == 0)
               for index, timer in enumerate((TimerView(600, 600, False, False, False),
                                              TimerView(599, 599, False, False, False),
                                              *TIMERS))]
    sequence = [*running, *scenes.values(), *running, scenes["menu"], *running[:3]]
    for size in SIZES:
        renderer, surface = ScreenRenderer(), pygame.Surface(size)
        for index, scene in enumerate(sequence):
            renderer.draw(surface, scene)
            assert _pixels(surface) == _in_place(scene, size), (size, index)
            renderer.idle(lambda: False)  # as the loop does before it sleeps


def test_with_every_idle_cut_short_a_screens_parts_are_kept_from_its_second_showing(
        monkeypatch):
    """A player pressing on at once stops every loop's idle before it keeps anything: the
    second time a screen shows, its parts are drawn aside in the frame and kept, and from
    the third time on no part is drawn in place. Every frame is the frame drawn whole."""
    size = (480, 320)
    scenes = _samples("en")
    expected = {name: _sample_in_place("en", name, size) for name in scenes}
    memo.forget_all()
    renderer, surface = ScreenRenderer(), pygame.Surface(size)
    in_place: list[object] = []
    queue = kept._waiting.put

    def queued(key, value):
        in_place.append(key)
        return queue(key, value)

    monkeypatch.setattr(kept._waiting, "put", queued)
    drawn_in_place = []
    for _ in range(3):
        in_place.clear()
        for name, scene in scenes.items():
            renderer.draw(surface, scene)
            assert _pixels(surface) == expected[name], name
            renderer.idle(lambda: True)  # a press is waiting: the idle cut short
        drawn_in_place.append(len(set(in_place)))
    assert drawn_in_place[0] > 100
    assert drawn_in_place[2] == 0


def _choices(scene):
    """The scene as PREV/NEXT leave it on its turn's choice: the numbers of a guess, the
    two colours, attack again or stop."""
    turn = scene.view.screen
    if turn.step is TurnStep.VALUE:
        changed = [replace(turn, value_label=v) for v in (*turn.values[:3], turn.values[-1])]
    elif turn.step is TurnStep.CHOOSE_COLOR:
        changed = [replace(turn, color_dark=dark) for dark in (False, True, False)]
    elif turn.step is TurnStep.CONTINUE:
        changed = [replace(turn, attack_again=again) for again in (False, True)]
    else:
        changed = []
    return [replace(scene, view=replace(scene.view, screen=t, version=i))
            for i, t in enumerate(changed)]


def test_pressing_through_a_turns_choice_on_the_devices_canvas_redraws_it_whole():
    """On the device's canvas a press that changes only the choice beside the table (the
    number of a guess, a colour, attack again or stop) redraws only the choice, over what
    lay under it (ui/retained.py); in the long rows' layout, where the number stands on
    the table and in the header, the frame is drawn whole. Each frame as drawn from
    scratch, at every size."""
    turns = {name: scene for name, scene in sample_scenes().items()
             if isinstance(scene.view.screen, TurnView) and _choices(scene)}
    assert {"turn-guess", "turn-choose", "turn-long-rows"} <= set(turns)
    for size in SIZES:
        renderer, surface = ScreenRenderer(), pygame.Surface(size)
        for name, scene in turns.items():
            for index, pressed in enumerate([scene, *_choices(scene), scene]):
                renderer.draw(surface, pressed)
                assert _pixels(surface) == _in_place(pressed, size), (name, size, index)
                renderer.idle(lambda: False)


def test_a_seat_band_follows_its_seat():
    """The table's bands are kept per seat: a panel knocked down between two frames of the
    same screen shows at once, and the band as it was comes back when the view does."""
    before = sample_scenes()["turn-guess"]
    table = before.view.table
    assert table is not None
    seat = table.seats[1]
    down = next(i for i, p in enumerate(seat.row) if not p.revealed)
    row = tuple(replace(p, label="7", revealed=True) if i == down else p
                for i, p in enumerate(seat.row))
    seats = tuple(replace(s, row=row) if s is seat else s for s in table.seats)
    after = replace(before, view=replace(before.view, table=replace(table, seats=seats)))
    size = (480, 320)
    first, second, again = _drawn(before, size), _drawn(after, size), _drawn(before, size)
    assert second != first
    assert second == _in_place(after, size)
    assert again == first


def test_a_new_screens_parts_are_drawn_once_in_its_frame_and_kept_when_the_loop_idles(
        monkeypatch):
    """The frame a press waits for draws each part of a new screen once, in place; drawing
    them aside to keep (a quarter of a new turn's frame) waits for the renderer's idle,
    which a waiting press stops; the frames after it take the kept parts. Every frame is
    the frame drawn in place."""
    from coda_pi.ui import table

    scene = sample_scenes()["turn-guess"]
    size = (480, 320)
    expected = _in_place(scene, size)
    targets: list[pygame.Surface] = []
    real = table._draw_seat

    def counted(target, *args, **kwargs):
        targets.append(target)
        return real(target, *args, **kwargs)

    monkeypatch.setattr(table, "_draw_seat", counted)
    memo.forget_all()
    seats = len(scene.view.table.seats)
    renderer, surface = ScreenRenderer(), pygame.Surface(size)
    renderer.draw(surface, scene)
    assert targets == [surface] * seats  # each seat once, in place
    assert _pixels(surface) == expected
    targets.clear()
    assert renderer.idle(lambda: True) is True  # a press is waiting: nothing done
    assert targets == []
    assert renderer.idle(lambda: False) is False  # nothing left
    assert len(targets) == seats and surface not in targets  # drawn aside, once each
    targets.clear()
    again = pygame.Surface(size)
    draw_scene(again, scene)
    assert targets == []  # every seat from its kept image
    assert _pixels(again) == expected


def test_the_caches_stay_bounded_and_drop_the_oldest_first():
    kept = memo.Memo(3)
    for key in range(10):
        kept.put(key, str(key))
    assert len(kept) == 3
    assert kept.get(0) is None and kept.get(9) == "9"


@pytest.mark.parametrize("depth", [32, 16])
@pytest.mark.parametrize("where", ["inside", "top", "bottom", "left", "right"])
def test_a_part_reaching_the_edge_of_its_room_is_drawn_in_place_not_kept(where, depth):
    """A part that draws on the outermost pixels of the room it said it keeps to may reach
    past it: kept as an image, the rest of it would be cut off. It is drawn in place
    instead, every time (and is not drawn aside again); a part inside its room is kept.
    The pixels are the same either way."""
    from coda_pi.ui import theme

    # From empty caches, as a device starts: what earlier tests in this worker kept (every
    # sample screen) would otherwise decide whether this part is admitted, not its edge.
    for kept_cache in (kept._kept, kept._waiting, kept._never, kept._unkept):
        kept_cache.clear()
    reach = pygame.Rect(30, 20, 60, 40)
    spot = {"inside": (31, 21), "top": (40, 20), "bottom": (88, 59), "left": (30, 50),
            "right": (89, 21)}[where]

    def draw(target: pygame.Surface, dx: int, dy: int) -> None:
        pygame.draw.rect(target, (200, 40, 40), pygame.Rect(40 + dx, 30 + dy, 20, 10))
        target.set_at((spot[0] + dx, spot[1] + dy), (250, 250, 250))

    surface = pygame.Surface((120, 80), depth=depth)
    surface.fill(theme.BACKGROUND)
    expected = surface.copy()
    draw(expected, 0, 0)
    key = ("edge test", where, depth)
    kept.draw_kept(surface, reach, key, draw)  # in place; aside when the loop idles
    assert not kept.keep_waiting()
    full = (key, reach.size, surface.get_height(), surface.get_bitsize(), surface.get_masks())
    assert (kept._kept.get(full) is not None) == (where == "inside")
    assert _pixels(surface) == _pixels(expected)
    surface.fill(theme.BACKGROUND)
    kept.draw_kept(surface, reach, key, draw)  # from the kept image, or in place again
    assert not kept._waiting._entries  # a part reaching its edge is not tried aside again
    assert _pixels(surface) == _pixels(expected)


def test_an_image_cache_holds_at_most_its_budget_of_bytes_and_keeps_what_is_used():
    """Images of a few pixels and of half a screen share a cache: what stays flat is the
    bytes they hold, whatever their number. What the frames keep using (the panels'
    numbers) stays while one-off images come and go."""
    images = memo.Memo(100, budget=3 * 40 * 40 * 4, recent=True)
    used = images.put("used", pygame.Surface((40, 40), depth=32))
    for key in range(20):
        images.put(key, pygame.Surface((40, 40), depth=32))
        assert images.get("used") is used  # used by every frame: never the oldest
        assert images.held <= 3 * 40 * 40 * 4
    assert len(images) == 3
    images.put("large", pygame.Surface((60, 60), depth=32))  # more than two small ones
    assert images.get("used") is None and images.get(19) is None
    assert images.get("large") is not None and images.held <= 3 * 40 * 40 * 4
    pygame.quit()
    assert len(images) == 0 and images.held == 0


def test_pygame_quitting_empties_every_cache():
    # A font or a surface kept past pygame.quit() is a dangling pointer: all of it goes.
    _drawn(sample_scenes()["turn-guess"], (480, 320))
    filled = [cache for cache in memo._caches if len(cache)]
    assert filled
    pygame.quit()
    assert all(len(cache) == 0 for cache in memo._caches)
    pygame.font.init()
    assert _drawn(sample_scenes()["turn-guess"], (480, 320))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 99), st.integers(0, 59)), min_size=1, max_size=20),
       st.integers(0, 2**32 - 1))
def test_a_changed_band_is_sent_from_its_first_changed_column_to_its_last(points, seed):
    """No wider than what changed: the SPI bus carries only those columns."""
    rng = random.Random(seed)
    damage = Damage()
    surface = pygame.Surface((100, 60), depth=32)
    surface.fill((10, 20, 30))
    damage.changed(surface)
    for x, y in points:
        surface.set_at((x, y), (rng.randrange(256), 255, 0))
    rects = damage.changed(surface)
    for rect in rects:
        for top in range(rect.top, rect.bottom, 16):
            xs = [x for x, y in points if top <= y < top + 16]
            assert xs, "a band that did not change was sent"
            assert (rect.left, rect.right) == (min(xs), max(xs) + 1)


def test_a_part_drawn_on_a_window_closed_since_is_kept_all_the_same():
    """A part waits to be kept from its frame to the loop's idle; the window it was drawn
    on may be closed meanwhile (the device's screen opened again, a demo ended): keeping
    it must not touch the closed window's surface (SDL crashes on one)."""
    from coda_pi.ui import theme

    pygame.display.init()
    window = pygame.display.set_mode((100, 80))
    window.fill(theme.BACKGROUND)

    def draw(target: pygame.Surface, dx: int, dy: int) -> None:
        pygame.draw.circle(target, (200, 30, 30), (25 + dx, 25 + dy), 5)

    key = ("closed window test",)
    reach = pygame.Rect(10, 10, 30, 30)
    kept.draw_kept(window, reach, key, draw)
    expected = window.copy()
    pygame.display.quit()
    assert kept.keep_waiting() is False
    surface = pygame.Surface((100, 80), 0, expected)
    surface.fill(theme.BACKGROUND)
    kept.draw_kept(surface, reach, key, draw)
    assert not kept._waiting._entries  # from the kept image
    assert _pixels(surface) == _pixels(expected)


def test_a_new_turn_fits_the_table_again_only_when_a_name_score_or_number_changed(
        monkeypatch):
    """The name width and the rows' fitting are worked out from what they read of the
    seats: the turn passing on (its frame, the seats' lamps) fits nothing again; a panel
    knocked down does. Every frame is the frame drawn in place."""
    from coda_pi.ui import table as drawn_table

    fitted: list[object] = []
    real = drawn_table.row_fits

    def counted(*args, **kwargs):
        fitted.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(drawn_table, "row_fits", counted)
    before = sample_scenes()["turn-guess"]
    table = before.view.table
    assert table is not None
    moved = tuple(replace(s, turn=not s.turn, led=table.seats[0].led if s.turn
                          else table.seats[1].led) for s in table.seats)
    passed_on = replace(before, view=replace(before.view, table=replace(table, seats=moved)))
    seat = table.seats[1]
    down = next(i for i, p in enumerate(seat.row) if not p.revealed)
    row = tuple(replace(p, label="7", revealed=True) if i == down else p
                for i, p in enumerate(seat.row))
    knocked = replace(before, view=replace(before.view, table=replace(
        table, seats=tuple(replace(s, row=row) if s is seat else s for s in table.seats))))
    size = (480, 320)
    memo.forget_all()
    _drawn(before, size)
    assert fitted  # the first frame fits the table
    fitted.clear()
    assert _drawn(passed_on, size) == _in_place(passed_on, size)
    assert fitted == []
    assert _drawn(knocked, size) == _in_place(knocked, size)
    assert fitted

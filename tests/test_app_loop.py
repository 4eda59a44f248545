"""The loop itself: the keyboard path, quitting, sleeping, redrawing only on change, the
missing-GPIO message, and the headless demo tournament."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from gpiozero import Device

from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config, PinConfig
from coda_pi.demo import run_demo, screen_key
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView, SetupView
from coda_pi.replay import replay_file


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


@pytest.fixture
def no_gpio(monkeypatch):
    """A machine without GPIO: gpiozero is asked for a pin factory that does not exist."""
    previous = Device.pin_factory
    Device.pin_factory = None
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no_such_factory")
    yield
    Device.pin_factory = previous


def _app(tmp_path, *, said=None, **options) -> tuple[App, FakeClock]:
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                         setup=SetupDefaults(players=2), sound=False, **options)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=(said.append if said is not None else (lambda text: None)))
    return app, clock


def _key(key: int, down: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key,
                                         mod=0, unicode="", scancode=0))


def test_keys_reach_the_referee_through_the_queue(tmp_path):
    app, _ = _app(tmp_path)
    app.run(max_steps=1)
    assert isinstance(app.scene.view.screen, SetupView)
    assert app.scene.view.screen.cursor == 2  # the setup opens on "Start"
    _key(pygame.K_DOWN)
    _key(pygame.K_DOWN, down=False)
    app.step()
    app.step()
    assert app.scene.view.screen.cursor == 3
    assert app.stats.intents == 2  # one Press, one Release: the queue carried both


def test_a_held_key_is_one_press_and_a_window_losing_focus_releases_it(tmp_path):
    app, _ = _app(tmp_path)
    app.run(max_steps=1)
    _key(pygame.K_RIGHT)
    _key(pygame.K_RIGHT)  # OS key repeat
    _key(pygame.K_RIGHT)
    app.step()
    assert app.scene.view.screen.cursor == 3  # one step on from "Start"
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step()
    app.step()
    assert app.stats.intents == 2 and not app.keyboard.held


def test_closing_the_window_stops_the_loop(tmp_path):
    app, _ = _app(tmp_path)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_steps=50)
    assert not app.running
    assert app.stats.steps == 1


def test_an_idle_screen_is_not_redrawn_and_the_loop_sleeps(tmp_path):
    app, clock = _app(tmp_path)
    app.run(max_steps=1)
    frames = app.stats.frames
    assert not app.redraw()  # nothing changed: nothing drawn
    before = clock.monotonic()
    app.step()  # the setup screen has no deadline: the loop sleeps as long as it may
    assert clock.monotonic() - before >= app.waiter.limit
    assert app.stats.frames == frames


def test_without_gpio_it_says_so_once_and_shows_the_leds_on_screen(tmp_path, no_gpio):
    said: list[str] = []
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data")
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                         sound=False)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), explain=said.append)
    app.run(max_steps=3)
    gpio_lines = [s for s in said if "GPIO" in s]
    assert len(gpio_lines) == 1 and "keyboard" in gpio_lines[0]
    assert app.gpio is None and app.show_led_strip


def test_explain_once_prints_each_sentence_once(capsys):
    from coda_pi.app import explain_once

    say = explain_once()
    say("No GPIO on this machine; using the keyboard.")
    say("No GPIO on this machine; using the keyboard.")
    say("No sound device; the cues will be silent.")
    err = capsys.readouterr().err.splitlines()
    assert err == ["coda-pi: No GPIO on this machine; using the keyboard.",
                   "coda-pi: No sound device; the cues will be silent."]


def test_leaving_without_playing_leaves_no_empty_record(tmp_path):
    app, _ = _app(tmp_path)
    app.run(max_steps=3)
    app.close()
    assert app.records.paths == []
    assert not list((tmp_path / "data").glob("*.jsonl"))


def test_the_headless_demo_plays_a_tournament_whose_record_replays_to_the_final_screen(tmp_path):
    """Undrawn (the same play, test_the_demo_is_repeatable_with_a_seed): its screenshots are
    looked at there."""
    record = tmp_path / "demo.jsonl"
    result = run_demo(Config(data_dir=tmp_path / "data"), headless=True, seed=5, players=2,
                      rounds=3, record=record, size=(320, 240), draw=False)
    assert result.finished
    assert result.records == [record]
    summary = replay_file(record).summary()
    assert summary["error"] is None and summary["finished"]
    assert len(summary["rounds"]) == 3
    assert result.shown_totals == dict(zip(summary["players"], summary["totals"], strict=True))
    assert "roundend-good" in result.screens and result.screens[-1] == "final"


def test_the_demo_is_repeatable_with_a_seed(tmp_path):
    """... and plays the same whether it draws its frames or not (draw=False: no window)."""
    runs = []
    shots = tmp_path / "screens"
    for i, draw in enumerate((True, False)):
        pygame.quit()
        runs.append(run_demo(Config(data_dir=tmp_path / f"d{i}"), headless=True, seed=9,
                             players=2, rounds=1, record=tmp_path / f"r{i}.jsonl",
                             size=(320, 240), draw=draw, screenshots=shots if draw else None))
        assert (pygame.display.get_surface() is not None) is draw  # no window undrawn
    # One PNG per distinct screen: setup, dealing, the turn's steps, round end, final...
    names = sorted(p.name for p in shots.glob("*.png"))
    assert len(names) == len(runs[0].screenshots) == len(runs[0].screens) >= 10
    assert any("setup" in n for n in names) and any("final" in n for n in names)
    assert any("roundend" in n for n in names) and any("private" in n for n in names)
    # The attack is played on the public screen, where the table can follow it.
    assert any("turn-value" in n and "private" not in n for n in names)
    assert len({n.split("-", 1)[1] for n in names}) == len(names)  # no screen twice
    lines = [r.records[0].read_text().splitlines() for r in runs]
    assert len(lines[0]) > 20  # a whole game: header, deals, draws, guesses...
    assert lines[0] == lines[1]
    assert runs[0].shown_totals == runs[1].shown_totals
    assert runs[0].frames == runs[1].frames > 100  # the same screens, drawn or not
    assert runs[0].screens == runs[1].screens and len(runs[0].screens) >= 10
    with pytest.raises(ValueError, match="without drawing"):
        run_demo(Config(data_dir=tmp_path / "d2"), headless=True, draw=False,
                 screenshots=tmp_path / "shots")


def test_screen_keys_tell_the_final_screen_from_the_setup(tmp_path):
    from coda_pi.ui.samples import sample_scenes

    scenes = sample_scenes()
    keys = {name: screen_key(scene) for name, scene in scenes.items()}
    assert keys["setup"] != keys["final"]
    assert keys["turn-guess"] != keys["turn-choose"]
    assert "private" in str(keys["turn-drawn-private"])
    assert isinstance(scenes["final"].view.screen, FinalView)


def test_the_queue_waiter_wakes_for_a_button_at_once_and_for_a_key_soon():
    import threading
    import time

    from coda_pi.app import QueueWaiter
    from coda_pi.devices.intent_queue import IntentQueue
    from coda_pi.referee.shared.signals import Button, Press

    pygame.display.init()
    pygame.display.set_mode((320, 240))
    queue = IntentQueue()
    waiter = QueueWaiter(queue, keyboard_poll=0.05)
    pygame.event.get()  # the window's own "shown" and "exposed" events

    start = time.monotonic()
    assert waiter.wait(0.2) == []  # nothing happens: it sleeps out the timeout
    assert 0.19 <= time.monotonic() - start < 1.0

    pressed: list[float] = []  # when the button was pressed: the timer's thread can start
    # late on a loaded machine, and the waiter can answer only from then on

    def press() -> None:
        pressed.append(time.monotonic())
        queue.put(Press(Button.OK))

    timer = threading.Timer(0.1, press)
    timer.start()
    waiter.wait(None)  # no deadline: only the button can end this sleep
    woke = time.monotonic()
    assert len(queue) == 1 and pressed and pressed[0] <= woke < pressed[0] + 0.5
    queue.drain()

    pygame.event.clear()
    timer = threading.Timer(0.1, lambda: _key(pygame.K_RETURN))
    timer.start()
    events = waiter.wait(5.0)
    while not events:
        events = waiter.wait(5.0)
    assert any(e.type == pygame.KEYDOWN for e in events)


def test_a_three_player_tournament_played_on_the_keyboard_to_the_final_standings(tmp_path):
    from coda_pi.devices.keyboard import DEFAULT_KEYS
    from coda_pi.referee.shared.signals import Cue, Press

    # The config's default pool is "entered": these players enter their real panels.
    from coda_pi.sim.entered import EnteredAutoPlayer as AutoPlayer

    key_of = {}
    for key, button in DEFAULT_KEYS.items():
        key_of.setdefault(button, key)
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
    # The setup menu starts from the config's defaults; the "newcomer" changes players and
    # rounds on the setup screen with the keys, as the menu's prompt says.
    # The keys and the screens' views are what is checked: no frame needs drawing.
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                         sound=False, draw=False)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(4),
                    explain=lambda text: None)
    app.run(max_steps=1)

    def tap(key: int) -> None:
        _key(key)
        app.step()
        _key(key, down=False)
        app.step()

    def item(label: str) -> str:
        screen = app.scene.view.screen
        return next(i.value for i in screen.items if i.label == label)

    def go_to(label: str) -> None:
        while app.scene.view.screen.items[app.scene.view.screen.cursor].label != label:
            tap(pygame.K_DOWN)

    def set_item(label: str, value: str) -> None:
        screen = app.scene.view.screen
        if all(it.label != label for it in screen.items):
            go_to("More")  # the less common choices
            tap(pygame.K_RETURN)
            screen = app.scene.view.screen
        index = next(i for i, it in enumerate(screen.items) if it.label == label)
        while app.scene.view.screen.cursor != index:
            tap(pygame.K_DOWN)
        tap(pygame.K_RETURN)  # edit
        for _ in range(10):
            if item(label).startswith(value):
                break
            tap(pygame.K_RIGHT)
        tap(pygame.K_RETURN)  # keep
        assert item(label).startswith(value)

    set_item("Players", "3")
    set_item("Rounds", "tournament")
    tap(pygame.K_BACKSPACE)  # out of "More"
    go_to("Start")
    player = AutoPlayer(random.Random(8))
    for _ in range(20_000):
        view = app.scene.view
        if isinstance(view.screen, FinalView):
            break
        intents = player.decide(view, app.scene.private)
        assert intents
        for intent in intents:
            _key(key_of[intent.button], down=isinstance(intent, Press))
            app.step()
            clock.advance(0.2)
    final = app.scene.view.screen
    assert isinstance(final, FinalView)
    assert len(final.standings) == 3
    assert Cue.TOURNAMENT_WON in app.cues and app.cues.count(Cue.ROUND_WON) >= 2
    assert app.errors == []
    app.close()
    (path,) = app.records.paths
    summary = replay_file(path).summary()
    assert summary["finished"] and len(summary["rounds"]) == 3
    assert {s.name: s.total for s in final.standings} == dict(
        zip(summary["players"], summary["totals"], strict=True))


def test_an_unfinished_game_is_resumed_from_its_record_after_a_restart(tmp_path):
    from coda_pi.demo import play_until
    from coda_pi.referee.shared.views import TurnView
    from coda_pi.sim.coda import AutoPlayer

    def start(resume: bool) -> App:
        clock = FakeClock()
        config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
        opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=resume,
                             setup=SetupDefaults(players=2), sound=False)
        return build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock),
                         rng=random.Random(2), explain=lambda text: None)

    first = start(resume=False)
    play_until(first, AutoPlayer(random.Random(3)),
               lambda v: isinstance(v.screen, TurnView) and v.table.pool_dark
               + v.table.pool_light < 15)
    rows_before = [[p.revealed for p in s.row] for s in first.scene.view.table.seats]
    first.close()
    pygame.quit()  # the power goes

    again = start(resume=True)
    again.run(max_steps=1)
    view = again.scene.view
    assert isinstance(view.screen, TurnView)  # not the setup menu: the game goes on
    assert [[p.revealed for p in s.row] for s in view.table.seats] == rows_before
    again.close()
    assert again.records.paths == first.records.paths  # the same record, appended to


def test_a_referee_bug_on_one_press_is_logged_and_the_device_carries_on(tmp_path, caplog):
    from coda_pi.referee.shared.signals import Button, Press

    app, _ = _app(tmp_path)
    app.run(max_steps=1)
    real_handle = app.referee.handle
    calls = []

    def broken(intent):
        calls.append(intent)
        if len(calls) == 1:
            raise RuntimeError("a bug")
        real_handle(intent)

    app.referee.handle = broken
    app.queue.put(Press(Button.NEXT))
    app.step()
    assert len(app.errors) == 1 and "a bug" in caplog.text
    _key(pygame.K_DOWN)
    _key(pygame.K_DOWN, down=False)
    app.step()
    app.step()
    assert app.running and app.scene.view.screen.cursor == 3  # the next press works


def test_the_headless_demo_draws_at_the_size_asked_for(tmp_path, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)  # no desktop: run would go full screen
    shots = tmp_path / "shots"
    # The first screens of a game are enough to see the size every frame is drawn at.
    run_demo(Config(data_dir=tmp_path / "data"), headless=True, seed=1, players=2, rounds=1,
             screenshots=shots, size=(320, 240), max_steps=300)
    pngs = list(shots.glob("*.png"))
    assert len(pngs) >= 4  # the setup, the deal, a turn, a private look...
    assert {pygame.image.load(str(p)).get_size() for p in pngs} == {(320, 240)}


def test_a_record_file_holding_a_finished_game_is_never_appended_to(tmp_path):
    record = tmp_path / "mine.jsonl"
    first = run_demo(Config(data_dir=tmp_path / "data"), headless=True, seed=3, players=2,
                     rounds=1, record=record, size=(320, 240), draw=False)
    before = record.read_bytes()
    second = run_demo(Config(data_dir=tmp_path / "data"), headless=True, seed=4, players=2,
                      rounds=1, record=record, size=(320, 240), draw=False)
    assert first.records == [record]
    assert record.read_bytes() == before  # the finished game is untouched
    (new,) = second.records
    assert new != record and new.parent == record.parent
    assert replay_file(new).summary()["finished"]


def test_a_press_waiting_when_the_first_frame_is_shown_is_answered_before_the_put_off_work(
        tmp_path):
    """What a start puts off until its first frame is shown (a game's screens imported, the
    pins) is done before the loop first sleeps; a press already waiting then gets its frame
    first, and the put-off work still runs before the loop sleeps."""
    from coda_pi.referee.shared.signals import Button, Press

    app, _ = _app(tmp_path)
    seen: list[int] = []
    app.later.append(lambda: seen.append(app.stats.frames))
    app.update()  # the first frame
    app.queue.put(Press(Button.NEXT))
    app.step()
    assert seen == [2], "the press's frame was drawn before the work put off"
    assert app.scene.view.screen.cursor == 3 and app.later == []


def test_a_press_during_the_put_off_work_is_answered_then_the_work_goes_on_without_a_sleep(
        tmp_path):
    """The start's put-off work (a game's screens imported, a module at a time) stops for a
    press that comes meanwhile: the press's frame is drawn, and the rest of the work is done
    before the loop sleeps."""
    from coda_pi.referee.shared.signals import Button, Press

    app, clock = _app(tmp_path)
    done: list[int] = []

    def in_two_parts() -> None:
        if not done:
            done.append(app.stats.frames)
            app.queue.put(Press(Button.NEXT))  # pressed while the first part ran
            app.later.append(in_two_parts)  # as the importer does: the press first
            return
        done.append(app.stats.frames)

    app.later[:] = [in_two_parts]  # the device's own put-off work, replaced
    app.update()  # the first frame
    slept = clock.monotonic()
    app.step()
    assert done == [1] and app.stats.frames == 2, "the press's frame, before the rest"
    assert clock.monotonic() == slept, "no sleep with the rest of the work waiting"
    app.step()
    assert done == [1, 2] and app.later == []


def test_the_device_imports_a_games_screens_a_module_at_a_time_around_a_press(
        tmp_path, monkeypatch):
    import importlib

    from coda_pi.app import build
    from coda_pi.referee.shared.signals import Button, Press

    app, _ = _app(tmp_path)
    imported: list[str] = []
    real = importlib.import_module

    def import_module(name: str):
        imported.append(name)
        if len(imported) == 1:
            app.queue.put(Press(Button.NEXT))  # pressed while the first module loads
        return real(name)

    monkeypatch.setattr(build.importlib, "import_module", import_module)
    app.update()  # the first frame
    importer = app.later[-1]
    app.do_later()
    assert len(imported) == 1 and app.scene.view.screen.cursor == 3, \
        "the press was answered after the module being imported"
    assert app.later == [importer], "the other modules wait for the press's frame"
    app.step()
    assert app.later == [] and len(imported) > 10


def test_the_loop_keeps_a_new_screens_parts_in_its_idle_before_it_sleeps_after_any_press(
        tmp_path):
    """A new screen's parts are drawn in place in the frame a press waits for; drawing them
    aside to keep comes after, in the loop's idle before it sleeps: never while a press is
    waiting (that press's frame comes first), once per frame drawn, with no wake-up of its
    own."""
    from coda_pi.referee.shared.signals import Button, Press
    from coda_pi.ui import kept

    app, _ = _app(tmp_path)
    app.update()  # the first frame
    app.do_later()  # what the start put off, done before the loop first sleeps
    assert app.stats.frames == 1 and kept._waiting._entries  # drawn in place, not kept yet
    app.queue.put(Press(Button.NEXT))
    app.step()  # the press waited: straight to its frame, no idle work before it
    assert app.stats.idles == 0 and app.stats.frames == 2
    wakeups = app.stats.wakeups
    app.step()  # nothing waiting: the idle keeps what the frames drew, then the loop sleeps
    assert app.stats.idles == 1 and not kept._waiting._entries and kept._kept._entries
    app.step()  # no frame since: nothing to do in this idle
    assert app.stats.idles == 1 and app.stats.wakeups == wakeups


def test_the_first_press_after_the_start_sends_only_what_it_changed(tmp_path):
    """The first frame's pixels are kept after it is shown (ui/damage.py, keep_first_later),
    in the work before the loop first sleeps: the first press's frame is still compared
    with it, not sent whole."""
    app, _ = _app(tmp_path)
    app.run(max_steps=0)  # the first frame, drawn and shown
    whole = 320 * 240
    assert app.display is not None and app.display.pixels_pushed == whole
    app.step()  # the work put off, then a sleep with nothing to do
    _key(pygame.K_DOWN)  # the setup's cursor moves a line
    _key(pygame.K_DOWN, down=False)
    app.step()
    app.step()
    assert app.scene.view.screen.cursor == 3
    sent = app.display.pixels_pushed - whole
    assert 0 < sent < whole // 2

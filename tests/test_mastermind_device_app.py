"""Mastermind through the real loop: gpiozero MockFactory buttons, the fake clock, SDL's dummy
screen, the record in the data directory; then a restart resumes the unfinished match. Also the
screens drawn at the three supported sizes."""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config
from coda_pi.referee.mastermind.views import MastermindPublicView, MastermindStep
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import FinalView
from coda_pi.replay import replay_file
from coda_pi.ui.mastermind_samples import mastermind_scenes
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.screens import draw_scene


def _app(data: Path, *, resume: bool = False) -> tuple[App, FakeClock]:
    clock = FakeClock()
    config = Config(data_dir=data)
    setup = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"), players=2)
    options = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=resume,
                            setup=setup, bounce_time=None)
    app = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock),
                    rng=random.Random(5), explain=lambda text: None)
    app.run(max_steps=1)
    return app, clock


class Hands:
    """Presses the device's buttons through their mock GPIO pins."""

    def __init__(self, app: App, clock: FakeClock, pins: MockFactory) -> None:
        self.app, self.clock, self.pins = app, clock, pins
        self.button_pins = Config().pins.button_pins()

    def _settle(self) -> None:
        self.app.step()
        while len(self.app.queue):
            self.app.step()

    def down(self, button: Button) -> None:
        self.pins.pin(self.button_pins[button]).drive_low()
        self._settle()
        self.clock.advance(0.2)

    def up(self, button: Button) -> None:
        self.pins.pin(self.button_pins[button]).drive_high()
        self._settle()
        self.clock.advance(0.2)

    def tap(self, button: Button, times: int = 1) -> None:
        for _ in range(times):
            self.down(button)
            self.up(button)

    @property
    def screen(self):
        return self.app.scene.view.screen

    def choose(self, read, want: str) -> None:
        for _ in range(8):
            if read() == want:
                break
            self.tap(Button.NEXT)
        assert read() == want
        self.tap(Button.OK)


def _choose_mastermind_one_game(hands: Hands) -> None:
    for _ in range(len(hands.screen.items)):  # up from "Start" to "Game"
        if hands.screen.items[hands.screen.cursor].label == "Game":
            break
        hands.tap(Button.PREV)
    assert hands.screen.items[hands.screen.cursor].label == "Game"
    hands.tap(Button.OK)
    hands.tap(Button.PREV)  # Coda, Coda with dashes, Mastermind: round to Mastermind
    hands.tap(Button.OK)
    assert "Mastermind" in hands.app.scene.view.title
    # The number of games is under "More", as in Coda's setup.
    labels = [i.label for i in hands.screen.items]
    assert labels[:3] == ["Game", "Mode", "Start"] and "Games" not in labels
    hands.tap(Button.NEXT, labels.index("More"))
    hands.tap(Button.OK)
    assert hands.app.scene.view.title == "More choices"
    hands.tap(Button.NEXT, [i.label for i in hands.screen.items].index("Games"))
    hands.tap(Button.OK)
    hands.choose(lambda: hands.screen.items[hands.screen.cursor].value.strip("<> "), "1")
    hands.tap(Button.BACK)  # out of "More", back on its line
    labels = [i.label for i in hands.screen.items]
    hands.tap(Button.PREV, labels.index("More") - labels.index("Start"))
    assert hands.screen.items[hands.screen.cursor].label == "Start"
    hands.tap(Button.OK)


def _set_code(hands: Hands, code: str) -> None:
    hands.down(Button.SEAT_1)
    for hole, want in enumerate(code):
        hands.choose(lambda h=hole: hands.app.scene.private.code[h], want)
    hands.up(Button.SEAT_1)


def _row(hands: Hands, guess: str) -> None:
    for hole, want in enumerate(guess):
        hands.choose(lambda h=hole: hands.screen.entry[h], want)


def test_a_mastermind_game_pressed_on_mock_gpio_buttons_then_resumed(
    tmp_path, mock_pins, quit_pygame
):
    data = tmp_path / "data"
    app, clock = _app(data)
    hands = Hands(app, clock, mock_pins)
    _choose_mastermind_one_game(hands)
    assert isinstance(app.scene.view, MastermindPublicView)
    assert hands.screen.step is MastermindStep.SET_CODE
    _set_code(hands, "YYRB")
    assert app.scene.private is None  # the button is up: the code is off the screen
    _row(hands, "RRYY")  # by hand: no peg in place; one R and two Y in common
    assert hands.screen.keys == (0, 3)
    frames = app.stats.frames
    app.close()
    [path] = app.records.paths
    assert path.name.startswith("mastermind-")
    assert replay_file(path).summary()["totals"] == [1, 0]

    # A restart resumes the match where it stopped, by Mastermind's referee.
    again, clock = _app(data, resume=True)
    hands = Hands(again, clock, mock_pins)
    assert isinstance(again.scene.view, MastermindPublicView)
    assert [r.guess for r in hands.screen.board] == ["RRYY"]
    _row(hands, "YYRB")
    assert hands.screen.step is MastermindStep.GAME_END and hands.screen.code == "YYRB"
    hands.tap(Button.OK)
    final = hands.screen
    assert isinstance(final, FinalView)
    assert {s.name: s.total for s in final.standings} == {"Ann": 2, "Ben": 0}
    assert Cue.TOURNAMENT_WON in again.cues
    assert again.errors == [] and app.errors == [] and frames > 0
    again.close()
    assert again.records.paths == [path]
    summary = replay_file(path).summary()
    assert summary["finished"] and summary["totals"] == [2, 0]


@pytest.mark.parametrize("size", SIZES)
def test_every_mastermind_screen_draws_at_each_size(size):
    pygame.font.init()
    for name, scene in mastermind_scenes().items():
        surface = pygame.Surface(size)
        surface.fill((1, 2, 3))
        draw_scene(surface, scene)
        # Something was drawn across the frame: the header, the board and the footer.
        colours = {surface.get_at((x, y))[:3] for x in range(0, size[0], 7)
                   for y in range(0, size[1], 7)}
        assert len(colours) > 6, name


def test_the_code_being_set_appears_only_on_the_private_screen():
    pygame.font.init()
    scenes = mastermind_scenes()
    public = pygame.Surface((480, 320))
    draw_scene(public, scenes["mm-set-code"])
    private = pygame.Surface((480, 320))
    draw_scene(private, scenes["mm-code-private"])
    red = (220, 40, 40)  # the code's first peg is red; no red peg on the public screen
    def count(surface: pygame.Surface) -> int:
        return sum(1 for x in range(0, 480, 2) for y in range(64, 280, 2)
                   if surface.get_at((x, y))[:3] == red)
    assert count(private) > 50
    assert count(public) == 0


def test_the_newest_record_is_resumed_whatever_its_game(tmp_path):
    import datetime as dt
    import json

    from coda_pi.datadir import choose_resume, new_record_path

    data = tmp_path / "data"
    data.mkdir()
    older = new_record_path(data, "mastermind", dt.datetime(2026, 11, 20, 9, 0, 0))
    lines = [{"game": "mastermind", "players": ["Ann", "Ben"], "games": 1},
             {"event": "code", "maker": 0, "code": "RGBY"},
             {"event": "guess", "code": "RGBY"}]
    older.write_text("".join(json.dumps(o) + "\n" for o in lines))  # a finished match
    newer = new_record_path(data, "coda", dt.datetime(2026, 11, 21, 9, 0, 0))
    newer.write_text(json.dumps({"game": "coda", "players": ["Ann", "Ben"]}) + "\n"
                     + json.dumps({"event": "round"}) + "\n")
    # The unfinished Coda game of yesterday, not the finished match of the day before.
    assert choose_resume(data).path == newer

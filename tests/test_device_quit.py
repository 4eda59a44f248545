"""Quit from the pause menu: a question first, then the loop stops; the game resumes at the
next start. Coda's referee and Mastermind's (behind the app's GameSwitch) both offer it."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from coda_pi.app import DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config, PinConfig
from coda_pi.referee.mastermind.referee import MastermindReferee
from coda_pi.referee.mastermind.setup import MastermindOptions
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import ConfirmView, DealView, FinalView, MenuView, SetupView
from coda_pi.referee.switch import GameSwitch
from coda_pi.sim.testing import FakeClock as RefereeClock
from coda_pi.sim.testing import MemoryRecord, Table
from tests.test_referee_flow import deal_all, started

ASKED = "Quit coda-pi? The game is saved and resumes at the next start; then unplug."


def _choose(table: Table, label: str) -> None:
    """BACK for the menu, then NEXT to the item and OK, as a player does."""
    table.tap(Button.BACK)
    menu = table.referee.view().overlay
    assert isinstance(menu, MenuView), menu
    assert label in menu.items, menu.items
    for _ in range(len(menu.items)):
        if menu.items[menu.cursor] == label:
            break
        table.tap(Button.NEXT)
        menu = table.referee.view().overlay
    assert menu.items[menu.cursor] == label
    table.tap(Button.OK)


def test_quit_asks_first_and_back_keeps_playing():
    table, record = started()
    deal_all(table)
    lines = len(record.lines)
    _choose(table, "Quit")
    question = table.referee.view().overlay
    assert isinstance(question, ConfirmView) and question.text == ASKED
    assert not table.referee.quit_requested
    table.tap(Button.BACK)  # no: back to the game
    assert table.referee.view().overlay is None
    assert not table.referee.quit_requested
    _choose(table, "Quit")
    table.tap(Button.OK)  # yes
    assert table.referee.quit_requested
    assert len(record.lines) == lines  # nothing to write: every event is already stored


def test_quit_from_the_final_standings_does_not_promise_a_resume():
    table, _ = started()
    _choose(table, "End the game now")
    table.tap(Button.OK)
    assert isinstance(table.referee.view().screen, FinalView)
    _choose(table, "Quit")
    question = table.referee.view().overlay
    assert isinstance(question, ConfirmView)
    assert question.text.startswith("Quit coda-pi?") and "resumes" not in question.text
    table.tap(Button.OK)
    assert table.referee.quit_requested


def test_mastermind_quits_through_the_game_switch():
    clock = RefereeClock()
    referee = MastermindReferee(
        clock=clock, rng=random.Random(1), record=MemoryRecord(),
        options=MastermindOptions(names=("Ann", "Ben")), new_record=MemoryRecord,
    )
    switch = GameSwitch(referee, make_coda=lambda *a: None, clock=clock, rng=random.Random(1),
                        setup=SetupDefaults(), mastermind_record=MemoryRecord)
    table = Table(switch, clock)  # type: ignore[arg-type]
    table.tap(Button.NEXT, 2)  # from "Game" past "Mode" to "Start"
    table.tap(Button.OK)
    assert switch.game is not None
    assert not switch.quit_requested
    _choose(table, "Quit")
    question = switch.view().overlay
    assert isinstance(question, ConfirmView) and question.text == ASKED
    table.tap(Button.OK)
    assert switch.quit_requested


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def _key(app, key: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
        app.step()


def test_the_loop_returns_after_quit_and_the_game_resumes_at_the_next_start(tmp_path):
    def start(resume: bool):
        clock = FakeClock()
        config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
        opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=resume,
                             setup=SetupDefaults(players=2), sound=False)
        return build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock),
                         rng=random.Random(2), explain=lambda text: None)

    app = start(resume=False)
    app.run(max_steps=1)
    setup = app.scene.view.screen
    assert isinstance(setup, SetupView)
    # The setup opens on "Start": OK alone starts.
    assert setup.items[setup.cursor].key == "Start"
    _key(app, pygame.K_RETURN)
    assert isinstance(app.scene.view.screen, DealView)
    _key(app, pygame.K_ESCAPE)
    menu = app.scene.view.overlay
    assert isinstance(menu, MenuView)
    for _ in range(len(menu.items)):
        if app.scene.view.overlay.items[app.scene.view.overlay.cursor] == "Quit":
            break
        _key(app, pygame.K_DOWN)
    _key(app, pygame.K_RETURN)
    assert app.running and isinstance(app.scene.view.overlay, ConfirmView)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="", scancode=0))
    steps = app.stats.steps
    app.run(max_steps=50)  # returns at once: the referee asked to quit
    assert not app.running and app.stats.steps - steps < 3
    assert app.errors == []
    app.close()
    pygame.quit()

    again = start(resume=True)
    again.run(max_steps=1)
    assert isinstance(again.scene.view.screen, DealView)  # not the setup: the game goes on
    again.close()
    assert again.records.paths == app.records.paths

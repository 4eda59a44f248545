"""Past games on the device: "Results" in the setup menu lists them, newest first, with the
date, the players, the winner and the totals; a game just played is there at once."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config, PinConfig
from coda_pi.demo import play_until
from coda_pi.referee.shared.results import ResultsView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import FinalView, SetupView
from coda_pi.replay import replay_file
from coda_pi.sim.coda import AutoPlayer

SPEC = Path(__file__).parent / "records" / "spec"


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def start(data: Path, *, players: int = 2, rounds: int = 1, draw: bool = True) -> App:
    clock = FakeClock()
    config = Config(data_dir=data, pins=PinConfig(gpio_enabled=False))
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, sound=False,
                         resume=False, setup=SetupDefaults(players=players, rounds=rounds),
                         draw=draw)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(5),
                    explain=lambda text: None)
    app.update()
    return app


def tap(app: App, button: Button) -> None:
    app.queue.put(Press(button))
    app.queue.put(Release(button))
    app.update()


def open_results(app: App) -> ResultsView:
    """From the setup menu: move to "Results" (just above "Start") and press OK."""
    for _ in range(40):
        screen = app.scene.view.screen
        assert isinstance(screen, SetupView)
        if screen.items[screen.cursor].label == "Results":
            break
        tap(app, Button.PREV)
    tap(app, Button.OK)
    screen = app.scene.view.screen
    assert isinstance(screen, ResultsView)
    return screen


def test_results_lists_past_games_newest_first_and_goes_back_to_the_setup(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(SPEC / "sweep.jsonl", data / "coda-2026-01-01T10-00-00.jsonl")
    shutil.copy(SPEC / "empty-pool.jsonl", data / "coda-2026-01-03T10-00-00.jsonl")
    shutil.copy(SPEC / "miss-place-undo.jsonl", data / "coda-2026-01-02T10-00-00.jsonl")
    (data / "coda-2026-01-04T10-00-00.unreadable.jsonl").write_text("{garbage\n{}\n")
    app = start(data)
    frames = app.stats.frames
    screen = open_results(app)
    assert app.stats.frames > frames  # drawn
    assert app.scene.view.title == "Results"
    expected = [replay_file(data / n).summary() for n in (
        "coda-2026-01-03T10-00-00.jsonl", "coda-2026-01-02T10-00-00.jsonl",
        "coda-2026-01-01T10-00-00.jsonl")]
    assert [r.players for r in screen.rows] == [tuple(s["players"]) for s in expected]
    assert [r.totals for r in screen.rows] == [tuple(s["totals"]) for s in expected]
    finished, unfinished = screen.rows[0], screen.rows[1]
    best = max(finished.totals)
    winner = finished.players[finished.totals.index(best)]
    assert finished.winners == (winner,) and winner in finished.headline
    assert unfinished.winners == () and "unfinished" in unfinished.headline
    assert finished.rounds == "1 round"
    # PREV/NEXT walk the list, wrapping; the footer says where in the list we are.
    assert screen.cursor == 0 and "1 of 3" in screen.prompt
    tap(app, Button.NEXT)
    assert app.scene.view.screen.cursor == 1
    tap(app, Button.PREV)
    tap(app, Button.PREV)
    assert app.scene.view.screen.cursor == 2
    # Seat buttons do nothing here; BACK goes back to the setup, where the cursor was.
    tap(app, Button.for_seat(0))
    assert isinstance(app.scene.view.screen, ResultsView)
    tap(app, Button.BACK)
    setup = app.scene.view.screen
    assert isinstance(setup, SetupView) and setup.items[setup.cursor].label == "Results"
    assert app.errors == []
    app.close()
    assert list(data.glob("*.jsonl")) and len(list(data.glob("*.jsonl"))) == 4  # untouched


def test_an_empty_data_directory_says_no_games_yet(tmp_path):
    app = start(tmp_path / "nothing-here")
    screen = open_results(app)
    assert screen.rows == () and "No games" in screen.prompt
    tap(app, Button.OK)
    assert isinstance(app.scene.view.screen, SetupView)
    app.close()


def test_a_game_just_played_is_listed_with_the_standings_of_its_final_screen(tmp_path):
    data = tmp_path / "data"
    # What the screens say (their views) is checked, not their pixels: nothing is drawn.
    app = start(data, players=3, rounds=3, draw=False)
    play_until(app, AutoPlayer(random.Random(6)), lambda v: isinstance(v.screen, FinalView))
    final = app.scene.view.screen
    shown = {s.name: s.total for s in final.standings}
    tap(app, Button.OK)  # a new game: the setup menu again
    screen = open_results(app)
    newest = screen.rows[0]
    assert dict(zip(newest.players, newest.totals, strict=True)) == shown
    assert newest.rounds == "3 rounds"
    assert set(newest.winners) == {final.standings[0].name} | {
        s.name for s in final.standings if s.total == final.standings[0].total}
    app.close()


def test_coda_pi_results_lists_the_data_directory_named_in_the_config(tmp_path, monkeypatch,
                                                                       capsys):
    from coda_pi import cli

    data = tmp_path / "srv"
    data.mkdir()
    shutil.copy(SPEC / "sweep.jsonl", data / "coda-2026-01-01T10-00-00.jsonl")
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndirectory = "{data}"\n')
    monkeypatch.setenv("CODA_PI_CONFIG", str(config))
    monkeypatch.setenv("CODA_PI_DATA", str(tmp_path / "elsewhere"))  # the config wins
    assert cli.main(["results", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [r["file"] for r in listed] == ["coda-2026-01-01T10-00-00.jsonl"]

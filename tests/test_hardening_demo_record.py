"""``--record FILE`` holds whatever game is played, and an unfinished FILE is resumed in
every mode (issue 12, item 9): Mastermind writes to FILE, and ``coda-pi demo --table-pool
--record F`` on an unfinished F plays it to its end instead of crashing."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from coda_pi.app import DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config
from coda_pi.demo import run_demo
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.replay import replay_file
from tests.test_mastermind_device_app import Hands, _choose_mastermind_one_game, _row, _set_code


@pytest.fixture(scope="module")
def table_pool_tournament(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("played")
    # Only the records matter here: the frames of table-pool play are drawn and looked at
    # by test_table_pool_device_demo.py and test_demo_readability.py. A table of two: the
    # resume is what is checked (at three and four, with kills, in test_crash_resume.py).
    result = run_demo(Config(), headless=True, seed=5, data_dir=data, players=2, rounds=3,
                      table_pool=True, draw=False)
    pygame.quit()
    assert result.finished
    return result.records[-1]


@pytest.mark.parametrize("fraction", [0.03, 0.25, 0.5, 0.8])
def test_an_unfinished_table_pool_record_is_resumed_by_the_demo_and_played_to_its_end(
        tmp_path, table_pool_tournament, fraction):
    lines = table_pool_tournament.read_bytes().splitlines(keepends=True)
    cut = max(2, int(len(lines) * fraction))
    record = tmp_path / "f.jsonl"
    record.write_bytes(b"".join(lines[:cut]))
    result = run_demo(Config(), headless=True, seed=9, data_dir=tmp_path / "d", record=record,
                      players=2, rounds=3, table_pool=True, draw=False)
    pygame.quit()
    assert result.finished and result.records == [record]
    assert result.shown_totals == result.replay_totals
    # Nothing of the game before the cut was lost or changed.
    assert record.read_bytes().startswith(b"".join(lines[:cut]))
    summary = replay_file(record).summary()
    assert summary["finished"] and summary["error"] is None


def test_a_mastermind_game_goes_to_the_record_named_with_record(tmp_path, mock_pins,
                                                                 quit_pygame):
    record = tmp_path / "elsewhere" / "match.jsonl"
    clock = FakeClock()
    options = DeviceOptions(config=Config(data_dir=tmp_path / "data"), size=(320, 240),
                            fullscreen=False, record=record, bounce_time=None,
                            setup=SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"),
                                                players=2))
    app = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(5),
                    explain=lambda text: None)
    app.run(max_steps=1)
    hands = Hands(app, clock, mock_pins)
    _choose_mastermind_one_game(hands)
    _set_code(hands, "YYRB")
    _row(hands, "RRYY")
    app.close()
    assert app.records.paths == [record]
    assert replay_file(record).summary()["game"] == "mastermind"
    # No game went to the data directory (the remembered setup, setup.json, may).
    assert not list((tmp_path / "data").glob("*.jsonl*"))
    # And a new game after a resumed FILE has finished goes beside it, never into it.
    shutil.copy(Path(__file__).parent / "records" / "spec" / "sweep.jsonl", record)
    before = record.read_bytes()
    again = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock),
                      rng=random.Random(5), explain=lambda text: None)
    new = again.records.new()
    new.write({"game": "coda", "players": ["A", "B"]})
    again.close()
    assert record.read_bytes() == before and new.path is not None
    assert new.path.parent == record.parent and new.path != record

"""The headless demo plays table-pool games: simulated hands hold real panels the device
never sees, and the device keeps the score from what they enter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coda_pi.config import Config
from coda_pi.demo import run_demo
from coda_pi.replay import replay_file
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.deduction import analyze
from coda_pi.rules.deduction_view import Witness


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 11), (4, 2)])
def test_the_demo_plays_a_table_pool_game_that_replays_to_the_final_screen(
        tmp_path: Path, players: int, seed: int) -> None:
    record = tmp_path / "demo.jsonl"
    # The screens gone through are checked, not their pixels: the frames of table-pool play
    # are drawn and read by test_demo_readability.py and test_i18n_leaks.py.
    result = run_demo(Config(data_dir=tmp_path / "data"), headless=True, seed=seed,
                      players=players, rounds=1, record=record, size=(320, 240),
                      table_pool=True, draw=False)
    assert result.finished
    summary = replay_file(record).summary()
    assert summary["error"] is None and summary["finished"]
    assert result.shown_totals == dict(zip(summary["players"], summary["totals"], strict=True))
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    header, events = lines[0], lines[1:]
    assert header["pool"] == "table"
    # The device was told colours only: every dealt and drawn panel is unknown to it.
    assert all(t[1] == "?" for e in events if e["event"] == "deal" for t in e["row"])
    assert all(e["tile"][1] == "?" for e in events if e["event"] == "draw")
    assert not any(e["event"] == "undo" for e in events)  # an honest table: no stop
    assert [e["event"] for e in events].count("bonus") == 1
    # Every position of an honest game is one some deal explains.
    witness = Witness(CodaGame.from_header(header))
    for obj in events:
        witness.apply(parse_event(obj))
        assert analyze(witness.view()).consistent
    # The table-pool screens were on the way: a row's colours, an answer, a number typed.
    names = " ".join(str(key) for key in result.screens)
    assert "colourrow" in names and "judge" in names and "numberentry" in names

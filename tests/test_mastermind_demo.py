"""The headless Mastermind demo (``coda-pi demo --game mastermind``): a simulated player
against the device, both ways round, through the real input path; it resumes an unfinished
record, and its ack log names every line and every kept-aside row once it is stored."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from coda_pi.config import Config
from coda_pi.demo import run_demo
from coda_pi.replay import replay_file
from coda_pi.rules.mastermind import feedback


def _play(tmp_path: Path, record: Path, seed: int, games: int = 2,  # noqa: ANN202
          draw: bool = True):
    try:
        return run_demo(Config(data_dir=tmp_path / "data"), headless=True, seed=seed,
                        record=record, ack_log=tmp_path / "acks.jsonl", size=(320, 240),
                        screenshots=tmp_path / "screens" if draw else None,
                        game="mastermind", games=games, draw=draw)
    finally:
        pygame.quit()


@pytest.mark.parametrize("seed", [1, 8])
def test_the_device_breaks_a_code_then_scores_the_player_breaking_its_own(
        tmp_path: Path, seed: int) -> None:
    record = tmp_path / "match.jsonl"
    result = _play(tmp_path, record, seed)
    assert result.finished and result.records == [record]
    summary = replay_file(record).summary()
    assert summary["error"] is None and summary["finished"]
    assert result.shown_totals == dict(zip(summary["players"], summary["totals"], strict=True))
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    header, events = lines[0], lines[1:]
    assert header["mode"] == "solo" and header["players"] == ["Ann", "Device"]
    codes = [e for e in events if e["event"] == "code"]
    assert [c["maker"] for c in codes] == [0, 1]  # the player's code first, then the device's
    # The device broke the player's code: its rows carry the key pegs the player gave, all
    # true; then the player broke the device's, which scored each row itself (no keys).
    first = events[1: events.index(codes[1])]
    assert first and all(e["keys"] == feedback(codes[0]["code"], e["code"]).to_dict()
                         for e in first)
    assert first[-1]["code"] == codes[0]["code"]
    second = events[events.index(codes[1]) + 1:]
    assert second and all("keys" not in e for e in second)
    assert second[-1]["code"] == codes[1]["code"]
    assert [g["broken"] for g in summary["games"]] == [True, True]
    # Every line acknowledged after it was stored; every row the device showed before the
    # code was known was kept beside the record first, and nothing is left there now.
    acks = [json.loads(line) for line in (tmp_path / "acks.jsonl").read_text().splitlines()]
    assert [a["line"] for a in acks if "line" in a] == lines
    kept = [a["aside"] for a in acks if a.get("aside")]
    assert [len(k["device_rows"]) for k in kept] == list(range(1, len(first) + 1))
    assert [r["code"] for r in kept[-1]["device_rows"]] == [e["code"] for e in first]
    assert not record.with_name(record.name + ".pending").exists()
    names = " ".join(p.name for p in (tmp_path / "screens").glob("*.png"))
    assert "keys" in names and "guess" in names and "final" in names


@pytest.mark.parametrize("cut", [2, 5, 9])
def test_an_unfinished_mastermind_record_is_resumed_and_played_to_its_end(
        tmp_path: Path, cut: int) -> None:
    played = tmp_path / "played"
    played.mkdir()
    whole = played / "match.jsonl"
    _play(played, whole, 3, games=4, draw=False)  # the frames: the test above
    lines = whole.read_bytes().splitlines(keepends=True)
    record = tmp_path / "match.jsonl"
    record.write_bytes(b"".join(lines[:cut]))
    result = _play(tmp_path, record, 30 + cut, games=4, draw=False)
    assert result.finished and result.records == [record]
    assert record.read_bytes().startswith(b"".join(lines[:cut]))
    summary = replay_file(record).summary()
    assert summary["error"] is None and summary["finished"]
    # A void game (a cut that left the player's code in the record but not the rows the
    # player answered to it: the player, who forgot, answers another code) is played again.
    assert len([g for g in summary["games"] if not g["void"]]) == 4
    assert result.shown_totals == dict(zip(summary["players"], summary["totals"], strict=True))

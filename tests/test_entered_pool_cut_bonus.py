"""A round's end cut from its bonus line (issue 31's entered pool): the device writes the
winner's ``bonus`` with the event that ends a round, as a second line; a power cut between
the two leaves a record whose round waits for a bonus nobody is asked for. Started again on
it, the device writes that bonus itself and the tournament goes on (the crash test's kills
found it: a resumed demo stopped there, "the tournament did not finish")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coda_pi.cli import main
from coda_pi.replay import replay_file


def _demo(record: Path, seed: int) -> None:
    assert main(["demo", "--headless", "--no-frames", "--seed", str(seed), "--size", "320x240",
                 "--record", str(record), "--players", "2", "--rounds", "3",
                 "--pool", "entered"]) == 0


@pytest.mark.parametrize("seed", [5, 11])
def test_a_record_cut_between_a_rounds_end_and_its_bonus_is_finished_on_restart(
    tmp_path: Path, seed: int,
) -> None:
    whole = tmp_path / "whole.jsonl"
    _demo(whole, seed)
    lines = whole.read_text().splitlines()
    bonus = next(i for i, line in enumerate(lines) if json.loads(line).get("event") == "bonus")
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:bonus]) + "\n")  # the power cut: the bonus never written
    assert replay_file(cut).game.phase.name == "BONUS"  # the round waits for its bonus

    _demo(cut, seed + 1)  # the device started again on it plays the tournament to its end

    again = cut.read_text().splitlines()
    assert json.loads(again[bonus]) == json.loads(lines[bonus])  # the same bonus, written now
    replayed = replay_file(cut)
    assert replayed.exit_code == 0 and replayed.error is None
    assert replayed.game.phase.name == "FINISHED"

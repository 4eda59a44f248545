"""Mastermind with the device breaking the code: every row it shows is stored first
(issue 12, item 8). The record must hold the code before its rows, and the device learns the
code only at the end, so the rows wait beside the record (NAME.pending, fsynced); a power
cut at any row resumes with every row shown before it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from coda_pi.app.records import PENDING_SUFFIX, Records
from coda_pi.record import RecordWriter
from coda_pi.referee.mastermind.referee import MastermindReferee
from coda_pi.referee.mastermind.setup import MastermindOptions
from coda_pi.referee.mastermind.views import MastermindStep
from coda_pi.referee.shared.signals import Button
from coda_pi.replay import replay_file
from coda_pi.rules.mastermind import feedback
from coda_pi.sim.testing import FakeClock, Table
from tests.test_mastermind_device import _enter_keys, _screen

SECRET = "YKRB"  # the player's, never told to the device


def _new(tmp_path: Path) -> tuple[Table, Path, Records]:
    records = Records(tmp_path, tmp_path / "match.jsonl")
    clock = FakeClock()
    referee = MastermindReferee(
        clock=clock, rng=random.Random(3), record=records.new("mastermind"),
        options=MastermindOptions(names=("Ann", "Ben"), mode="solo", games=1, first=0),
        new_record=records.new)
    table = Table(referee, clock)  # type: ignore[arg-type]
    table.tap(Button.NEXT, 2)  # from "Game" past "Mode" to "Start"
    table.tap(Button.OK)
    return table, tmp_path / "match.jsonl", records


def _resumed(path: Path) -> tuple[Table, Records]:
    """A power cut and a restart: the referee rebuilt from the record and what is beside it."""
    records = Records(path.parent)
    replay = replay_file(path)
    clock = FakeClock()
    referee = MastermindReferee(
        clock=clock, rng=random.Random(99), record=records.resumed(RecordWriter(path)),
        options=MastermindOptions(names=("Ann", "Ben"), mode="solo", games=1, first=0),
        journal=replay.journal, new_record=records.new)
    return Table(referee, clock), records  # type: ignore[arg-type]


def _answer(table: Table) -> bool:
    guess = _screen(table).device_guess
    assert guess is not None
    fb = feedback(SECRET, guess)
    _enter_keys(table, fb.black, fb.white)
    return fb.black == 4


def test_each_row_shown_is_on_the_card_and_a_power_cut_at_any_row_keeps_them_all(tmp_path):
    table, path, records = _new(tmp_path)
    shown_rows: list[list] = []
    while True:
        broken = _answer(table)
        if broken:
            break
        board = [(r.guess, r.black, r.white) for r in _screen(table).board]
        shown_rows.append(board)
        # What the screen shows now is stored: the rows beside the record, one per row.
        kept = json.loads((tmp_path / ("match.jsonl" + PENDING_SUFFIX)).read_text())
        assert [(r["code"], r["keys"]["black"], r["keys"]["white"])
                for r in kept["device_rows"]] == board
    records.close()
    # Broken: the code and every row are in the record, nothing is left beside it.
    assert not (tmp_path / ("match.jsonl" + PENDING_SUFFIX)).exists()
    summary = replay_file(path).summary()
    assert summary["games"][0]["rows"] == len(shown_rows) + 1

    # Now a power cut after each row in turn: the restart shows every row shown before.
    for cut, board in enumerate(shown_rows, 1):
        where = tmp_path / f"cut{cut}"
        where.mkdir()
        table, path, records = _new(where)
        for _ in range(cut):
            _answer(table)
        assert [(r.guess, r.black, r.white) for r in _screen(table).board] == board
        # The power goes: nothing is closed, the next start reads what is on the card.
        again, records2 = _resumed(path)
        assert [(r.guess, r.black, r.white) for r in _screen(again).board] == board
        assert _screen(again).step is MastermindStep.KEYS
        while not _answer(again):
            pass
        records2.close()
        records.close()
        result = replay_file(path).summary()
        assert result["error"] is None and result["games"][0]["broken"]
        assert result["games"][0]["rows"] == len(shown_rows) + 1


def test_a_row_that_cannot_be_stored_is_not_shown(tmp_path, monkeypatch):
    from coda_pi.app import records as records_module

    table, path, _records = _new(tmp_path)
    _answer(table)
    before = [(r.guess, r.black, r.white) for r in _screen(table).board]

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records_module, "write_atomically", full)
    guess = _screen(table).device_guess
    fb = feedback(SECRET, guess)
    if fb.black < 4:
        _enter_keys(table, fb.black, fb.white)
        assert [(r.guess, r.black, r.white) for r in _screen(table).board] == before
        assert "nothing was done" in table.referee.view().banner.text


@pytest.mark.parametrize("breaking_row_kept", [True, False])
def test_a_power_cut_while_the_broken_code_and_its_rows_are_written_keeps_every_row(
        tmp_path, breaking_row_kept):
    """Broken: the device writes the code, then its rows one line at a time, and only then
    lets go of the rows kept beside the record. A power cut between two of those lines
    leaves the code and some rows in the record and all of them beside it: the restart
    writes the rest, so no row the table was shown goes missing."""
    table, path, records = _new(tmp_path)
    while True:
        shown = [(r.guess, r.black, r.white) for r in _screen(table).board]
        guess = _screen(table).device_guess
        if feedback(SECRET, guess).black == 4:
            break
        _answer(table)
    assert len(shown) >= 2, "the strategy broke the code too fast for this test"
    kept = json.loads((tmp_path / ("match.jsonl" + PENDING_SUFFIX)).read_text())
    if breaking_row_kept:  # as the device keeps it, before it writes the code
        kept["device_rows"].append({"code": SECRET, "keys": {"black": 4, "white": 0}})
    _answer(table)  # broken: everything goes into the record
    records.close()
    lines = path.read_text().splitlines()
    # The power went after the code and the first row: the rest never reached the card.
    path.write_text("\n".join(lines[:3]) + "\n")
    (tmp_path / ("match.jsonl" + PENDING_SUFFIX)).write_text(json.dumps(kept))
    again, records2 = _resumed(path)
    records2.close()
    summary = replay_file(path).summary()
    assert summary["error"] is None and summary["games"][0]["broken"]
    assert summary["games"][0]["rows"] == len(shown) + 1
    written = [json.loads(line) for line in path.read_text().splitlines()[2:]]
    assert [(e["code"], e["keys"]["black"], e["keys"]["white"]) for e in written] == [
        *shown, (SECRET, 4, 0)]
    assert not (tmp_path / ("match.jsonl" + PENDING_SUFFIX)).exists()
    assert _screen(again).step is MastermindStep.GAME_END
    assert again.referee.view().banner is None  # nothing refused on the way


def test_a_power_cut_after_the_breaking_answer_was_kept_writes_the_broken_code_at_restart(
        tmp_path):
    """The answer that breaks the code is kept beside the record like every other, then the
    code and the rows are written. A power cut between the two used to leave a restart
    asking the strategy for a row after a broken code (a crash at every start, found by
    the crash test): now the restart writes the game the table finished."""
    table, path, records = _new(tmp_path)
    while not _answer(table):
        pass
    records.close()
    lines = path.read_text().splitlines()
    kept = {"device_rows": [json.loads(line) for line in lines[2:]], "after": 0}
    for row in kept["device_rows"]:
        del row["event"]
    assert kept["device_rows"][-1] == {"code": SECRET, "keys": {"black": 4, "white": 0}}
    path.write_text(lines[0] + "\n")  # the power went before the code was written
    (tmp_path / ("match.jsonl" + PENDING_SUFFIX)).write_text(json.dumps(kept))
    again, records2 = _resumed(path)
    records2.close()
    assert path.read_text().splitlines() == lines
    assert not (tmp_path / ("match.jsonl" + PENDING_SUFFIX)).exists()
    assert _screen(again).step is MastermindStep.GAME_END
    summary = replay_file(path).summary()
    assert summary["games"][0]["broken"] and summary["games"][0]["rows"] == len(lines) - 2

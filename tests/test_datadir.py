"""The data directory: resuming the latest unfinished record, keeping bad ones, results."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import shutil
from pathlib import Path

import pytest

from coda_pi.cli import main
from coda_pi.datadir import choose_resume, new_record_path, record_files, results
from coda_pi.record import RecordWriter, parse_record

SPEC = Path(__file__).parent / "records" / "spec"


def copy(name: str, to: Path, as_name: str) -> Path:
    target = to / as_name
    shutil.copy(SPEC / name, target)
    return target


def test_record_names_sort_by_time_and_never_collide(tmp_path: Path) -> None:
    t = dt.datetime(2026, 11, 22, 14, 3, 9)
    first = new_record_path(tmp_path, "coda", t)
    first.write_text("")
    second = new_record_path(tmp_path, "coda", t)
    later = new_record_path(tmp_path, "coda", t + dt.timedelta(seconds=1))
    assert first.name == "coda-2026-11-22T14-03-09.n1.jsonl"
    assert second != first and not second.exists()
    later.write_text("")
    assert record_files(tmp_path) == [first, later]


def test_the_latest_unfinished_record_is_resumed(tmp_path: Path) -> None:
    copy("sweep.jsonl", tmp_path, "coda-2026-01-01T10-00-00.jsonl")
    latest = copy("miss-place-undo.jsonl", tmp_path, "coda-2026-01-02T10-00-00.jsonl")
    choice = choose_resume(tmp_path)
    assert choice.path == latest
    assert choice.replay is not None and choice.replay.summary()["turn"] == 2


def test_an_unfinished_record_is_replayed_once_to_be_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A restart after play: the unfinished record grew since the results were last kept, so
    # its summary must be worked out again. One replay tells both that it is unfinished and
    # where it stands (a 30-round tournament's is about a third of its resumed start).
    import coda_pi.replay

    latest = copy("miss-place-undo.jsonl", tmp_path, "coda-2026-01-02T10-00-00.jsonl")
    replays = []
    real = coda_pi.replay.replay_lines

    def counted(*args, **kwargs):
        replays.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(coda_pi.replay, "replay_lines", counted)
    choice = choose_resume(tmp_path)
    assert choice.path == latest
    assert choice.replay is not None and choice.replay.summary()["turn"] == 2
    assert len(replays) == 1
    # ... and the results list, later, has it from the cache kept meanwhile.
    assert [r.finished for r in results(tmp_path)] == [False] and len(replays) == 1


def test_a_finished_latest_record_starts_a_new_game(tmp_path: Path) -> None:
    copy("sweep.jsonl", tmp_path, "coda-2026-01-01T10-00-00.jsonl")
    finished = copy("sweep.jsonl", tmp_path, "coda-2026-01-02T10-00-00.jsonl")
    choice = choose_resume(tmp_path)
    assert choice.path is None
    assert finished.exists()  # left alone
    assert choose_resume(tmp_path, record=finished).path is None


def test_an_unfinished_game_is_resumed_though_a_finished_one_has_a_later_name(
    tmp_path: Path,
) -> None:
    """A Pi without a clock can give the newer game the older name: finished records are
    passed over, so the unfinished game is found whatever the names say."""
    unfinished = copy("miss-place-undo.jsonl", tmp_path, "coda-2026-01-01T10-00-00.jsonl")
    copy("sweep.jsonl", tmp_path, "coda-2026-01-02T10-00-00.jsonl")
    assert choose_resume(tmp_path).path == unfinished


def test_a_corrupt_record_is_kept_aside_and_never_resumed(tmp_path: Path) -> None:
    bad = tmp_path / "coda-2026-01-02T10-00-00.jsonl"
    lines = (SPEC / "miss-place-undo.jsonl").read_text().splitlines()
    lines[5] = "{garbage"
    bad.write_text("\n".join(lines) + "\n")
    original = bad.read_bytes()
    choice = choose_resume(tmp_path)
    assert choice.path is None
    assert not bad.exists()
    kept = list(tmp_path.glob("*.unreadable*"))
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert "line 6" in choice.notices[0] and kept[0].name in choice.notices[0]
    assert record_files(tmp_path) == []  # never offered again


def test_a_record_from_a_newer_version_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "coda-2026-01-02T10-00-00.jsonl"
    path.write_text(json.dumps({"game": "coda", "version": 7, "players": ["A", "B"]}) + "\n")
    choice = choose_resume(tmp_path)
    assert choice.path is None
    assert "newer" in choice.notices[0]
    assert list(tmp_path.glob("*.unreadable*"))


def test_a_torn_tail_is_resumed_and_the_writer_starts_a_clean_line(tmp_path: Path) -> None:
    path = tmp_path / "coda-2026-01-02T10-00-00.jsonl"
    text = (SPEC / "miss-place-undo.jsonl").read_text()
    path.write_text(text + '{"event": "dra')
    choice = choose_resume(tmp_path)
    assert choice.path == path
    assert any("cut short" in n for n in choice.notices)
    with RecordWriter(path) as w:
        w.write({"event": "undo"})
    parsed = parse_record(path.read_bytes())
    assert parsed.error is None and parsed.torn_line is None
    assert parsed.lines[-1].obj == {"event": "undo"}
    assert (tmp_path / (path.name + ".torn")).read_text() == '{"event": "dra\n'


def test_results_list_newest_first_with_winners(tmp_path: Path) -> None:
    copy("sweep.jsonl", tmp_path, "coda-2026-01-01T10-00-00.jsonl")
    copy("empty-pool.jsonl", tmp_path, "coda-2026-01-02T10-00-00.jsonl")
    found = list(results(tmp_path))
    assert [r.totals for r in found] == [(31, 3, 0), (42, 0)]
    assert [r.winners for r in found] == [("Ann",), ("Ann",)]


def test_results_command_prints_csv_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    copy("sweep.jsonl", tmp_path, "coda-2026-01-01T10-00-00.jsonl")
    copy("claim-out-of-order.jsonl", tmp_path, "coda-2026-01-02T10-00-00.jsonl")
    assert main(["results", str(tmp_path), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[1]["winners"] == "Ann" and rows[1]["totals"] == "42 / 0"
    assert rows[0]["finished"] == "no" and "line 7" in rows[0]["error"]
    assert main(["results", str(tmp_path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed[1]["players"] == ["Ann", "Ben"] and listed[1]["finished"] is True


def test_standings_export_as_csv(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(SPEC / "empty-pool.jsonl"), "--csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["place", "player", "round 1", "total"]
    assert rows[1:] == [["1", "Ann", "31", "31"], ["2", "Ben", "3", "3"], ["3", "Cy", "0", "0"]]

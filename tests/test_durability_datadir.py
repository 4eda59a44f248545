"""The data directory holds records of both games: the latest is the latest by when it was
started, whatever the game, for resuming and for the results list."""

from __future__ import annotations

import shutil
from pathlib import Path

from coda_pi.datadir import choose_resume, new_record_path, record_files, results

SPEC = Path(__file__).parent / "records" / "spec"
MASTERMIND = Path(__file__).parent / "records" / "mastermind"


def test_records_of_both_games_sort_by_when_they_were_started(tmp_path: Path) -> None:
    older_coda = tmp_path / "coda-2026-01-01T10-00-00.jsonl"
    mastermind = tmp_path / "mastermind-2026-01-02T10-00-00.jsonl"
    newer_coda = tmp_path / "coda-2026-01-03T10-00-00.jsonl"
    for path in (older_coda, mastermind, newer_coda):
        path.write_text("")
    assert record_files(tmp_path) == [older_coda, mastermind, newer_coda]


def test_the_unfinished_coda_game_started_last_is_resumed_though_a_mastermind_name_sorts_after(
    tmp_path: Path,
) -> None:
    unfinished = tmp_path / "coda-2026-01-03T10-00-00.jsonl"
    shutil.copy(SPEC / "miss-place-undo.jsonl", unfinished)
    finished_mm = next(p for p in sorted(MASTERMIND.glob("*.jsonl"))
                       if "error" not in p.name and "bad" not in p.name)
    shutil.copy(finished_mm, tmp_path / "mastermind-2026-01-02T10-00-00.jsonl")
    choice = choose_resume(tmp_path)
    assert choice.path == unfinished
    assert [r.path.name for r in results(tmp_path)][0] == unfinished.name


def test_new_record_names_carry_the_game_and_the_time(tmp_path: Path) -> None:
    import datetime as dt

    t = dt.datetime(2026, 11, 22, 14, 3, 9)
    name = new_record_path(tmp_path, "mastermind", t).name
    assert name == "mastermind-2026-11-22T14-03-09.n1.jsonl"

"""Rebuilding the results cache (``coda-pi results`` on a thousand records, the cache lost):
the count shown as it goes on a terminal, and a rebuild cut short kept up to where it got."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from coda_pi import cli, results_cache
from coda_pi.datadir import new_record_path, results
from coda_pi.progress import TerminalProgress, terminal_progress
from coda_pi.results_cache import ResultsCache

GOLDEN = Path(__file__).parent / "records" / "dashes.jsonl"


def data_dir(tmp_path: Path, count: int) -> tuple[Path, list[Path]]:
    data = tmp_path / "data"
    data.mkdir()
    paths = []
    for _ in range(count):
        paths.append(new_record_path(data, "coda"))  # the next name: a file must be there
        shutil.copy(GOLDEN, paths[-1])
    return data, paths


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_rebuild_says_how_far_it_got_and_only_for_what_it_replays(tmp_path):
    data, _paths = data_dir(tmp_path, 6)
    told: list[tuple[int, int]] = []
    first = list(results(data, progress=lambda done, of: told.append((done, of))))
    assert told == [(i, 6) for i in range(1, 7)]
    assert len(first) == 6
    shutil.copy(GOLDEN, new_record_path(data, "coda"))  # a new game since
    told.clear()
    second = list(results(data, progress=lambda done, of: told.append((done, of))))
    assert told == [(1, 1)]  # the other six came from the cache
    assert second[1:] == first


def test_a_rebuild_cut_short_is_kept_up_to_where_it_got(tmp_path, monkeypatch):
    monkeypatch.setattr(results_cache, "SAVE_EVERY", 0.0)  # a save after every replay
    data, paths = data_dir(tmp_path, 5)
    cache = ResultsCache(data)

    def power_cut_after_three(done: int, of: int) -> None:
        if done == 3:
            raise KeyboardInterrupt  # nothing after this point is saved by the cache

    newest_first = list(reversed(paths))
    with pytest.raises(KeyboardInterrupt):
        cache.fill(newest_first, power_cut_after_three)
    kept = ResultsCache(data)  # what the next look finds on disk
    assert [kept.holds(p) for p in newest_first] == [True, True, True, False, False]
    assert kept.fill(newest_first) == 2
    assert kept.replayed == 2


def test_without_saves_between_a_cut_loses_the_rebuild(tmp_path, monkeypatch):
    """The other side of the test above: the saves in between are what kept the work."""
    monkeypatch.setattr(results_cache, "SAVE_EVERY", 1e9)
    data, paths = data_dir(tmp_path, 3)

    def cut(done: int, of: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ResultsCache(data).fill(paths, cut)
    assert not any(ResultsCache(data).holds(p) for p in paths)


def test_the_progress_line_is_rewritten_in_place_and_cleared():
    now = [0.0]
    out = Tty()
    progress = TerminalProgress(out, lambda d, n: f"{d} of {n}", clock=lambda: now[0])
    progress(1, 100)
    progress(2, 100)  # too soon after the last: not written
    now[0] = 0.5
    progress(50, 100)
    progress(100, 100)  # the last is always written
    assert out.getvalue() == "\r1 of 100\r50 of 100\r100 of 100"
    progress.clear()
    assert out.getvalue().endswith("\r" + " " * len("100 of 100") + "\r")


def test_no_progress_where_the_output_is_not_a_terminal(tmp_path, capsys):
    assert terminal_progress(io.StringIO(), lambda d, n: "x") is None
    data, _paths = data_dir(tmp_path, 3)
    assert cli.main(["results", str(data)]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # a script reading the output gets nothing but the list
    assert len(out.splitlines()) == 3


def test_the_results_command_shows_its_count_on_a_terminal(tmp_path, capsys, monkeypatch):
    data, _paths = data_dir(tmp_path, 3)
    terminal = Tty()
    monkeypatch.setattr("sys.stderr", terminal)
    assert cli.main(["results", str(data)]) == 0
    shown = terminal.getvalue()
    assert "\rreplaying the records: 1 of 3" in shown and "3 of 3" in shown
    assert shown.endswith("\r")  # cleared: the list below starts on a clean line
    assert len(capsys.readouterr().out.splitlines()) == 3

"""A newcomer's first mistakes with files (issue 24): each is met with one sentence that says
what the path is, and nothing is written where it was not asked for."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import tempfile
from pathlib import Path

import pytest

from coda_pi import cli

RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("command", ["demo", "run"])
def test_a_directory_as_record_is_refused_with_one_sentence(tmp_path, capsys, command):
    before = set(tmp_path.parent.iterdir())
    code = cli.main([command, "--record", str(tmp_path), "--size", "320x240",
                     *(["--headless"] if command == "demo" else ["--no-gpio"])])
    err = capsys.readouterr().err
    assert code == 2
    assert "directory" in err and "FIFO" not in err
    assert len(err.strip().splitlines()) == 1
    assert set(tmp_path.parent.iterdir()) == before and not any(tmp_path.iterdir())


def test_a_record_in_a_missing_directory_is_refused_not_made(tmp_path, capsys):
    record = tmp_path / "no" / "such" / "dir" / "x.jsonl"
    code = cli.main(["demo", "--headless", "--record", str(record)])
    err = capsys.readouterr().err
    assert code == 2 and "no directory" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "no").exists()


def test_replay_of_a_file_that_is_no_record_says_so_in_one_sentence(tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text("# coda-pi\n\nA table-side companion.\n")
    assert cli.main(["replay", str(readme)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip() == f"coda-pi replay: {readme} is not a game record: line 1 is not valid JSON"


def test_replay_of_a_directory_points_at_results(tmp_path, capsys):
    assert cli.main(["replay", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip()
    assert "is a directory" in err and "coda-pi results" in err and "\n" not in err


def test_results_of_a_file_says_what_the_file_is(tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text("hello\n")
    assert cli.main(["results", str(readme)]) == 1
    assert "is a file, not a data directory" in capsys.readouterr().err
    record = RECORDS / "dashes.jsonl"
    assert cli.main(["results", str(record)]) == 1
    err = capsys.readouterr().err
    assert "is a game record" in err and f"coda-pi replay {record}" in err
    assert cli.main(["results", str(tmp_path / "nothing")]) == 1
    assert "there is no directory" in capsys.readouterr().err


def test_the_demo_leaves_no_temporary_directory_behind(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    code = cli.main(["demo", "--headless", "--seed", "3", "--players", "2", "--rounds", "1",
                     "--size", "320x240"])
    out = capsys.readouterr().out
    assert code == 0
    assert "the record was not kept" in out and "record: " not in out
    assert list(tmp_path.iterdir()) == []

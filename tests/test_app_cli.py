"""``coda-pi run`` and ``coda-pi demo`` on the command line."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from coda_pi import cli
from coda_pi.cli import run as cli_run
from coda_pi.replay import replay_file


@pytest.mark.parametrize("argv", [[], ["--size", "480x320", "--window"], ["run", "--new"]])
def test_coda_pi_alone_or_with_run_options_runs_the_device(monkeypatch, argv):
    seen = {}
    monkeypatch.setattr(cli_run, "run", lambda args: seen.setdefault("args", args) and 0)
    assert cli.main(argv) == 0
    args = seen["args"]
    assert args.command == "run"
    if "--size" in argv:
        assert args.size == (480, 320) and args.fullscreen is False


def test_a_bad_size_is_refused_with_a_readable_message(capsys):
    with pytest.raises(SystemExit):
        cli.main(["run", "--size", "big"])
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


def test_no_frames_is_refused_where_frames_are_wanted(tmp_path, capsys):
    for args in (["demo", "--no-frames"],
                 ["demo", "--headless", "--no-frames", "--screenshots", str(tmp_path)]):
        assert cli.main(args) == 2
        assert "--no-frames needs --headless" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_the_headless_demo_command_writes_a_record_that_replays_to_the_screen(tmp_path, capsys):
    record = tmp_path / "demo.jsonl"
    # The command and its record are checked; the demo's frames are drawn and looked at in
    # test_app_loop.py (screenshots), so this run draws none.
    code = cli.main(["demo", "--headless", "--no-frames", "--seed", "2", "--players", "2",
                     "--rounds", "1", "--record", str(record), "--size", "320x240"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"record: {record}" in out
    shown = out.split("final screen: ")[1].splitlines()[0]
    summary = replay_file(record).summary()
    for name, total in zip(summary["players"], summary["totals"], strict=True):
        assert f"{name} {total}" in shown

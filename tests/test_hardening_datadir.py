"""The data directory whatever the clock and a second copy do (issue 12, items 2 and 3):
the newest unfinished game is resumed though the clock went back or two games started in
the same second, and a second coda-pi on the same directory is refused with one sentence,
by a lock that dies with its process."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coda_pi.datadir import (
    DataDirBusy,
    choose_resume,
    claim_data_dir,
    new_record_path,
    record_files,
)

ROOT = Path(__file__).parent.parent
SPEC = ROOT / "tests" / "records" / "spec"
FINISHED = SPEC / "sweep.jsonl"
UNFINISHED = SPEC / "miss-place-undo.jsonl"


def test_a_newer_game_named_by_a_clock_that_went_back_is_still_the_one_resumed(tmp_path):
    # A finished game at the true time, then fake-hwclock sets the clock back a day.
    finished = new_record_path(tmp_path, "coda", dt.datetime(2026, 11, 23, 20, 0, 0))
    shutil.copy(FINISHED, finished)
    newer = new_record_path(tmp_path, "coda", dt.datetime(2026, 11, 22, 9, 0, 0))
    shutil.copy(UNFINISHED, newer)
    assert record_files(tmp_path)[-1] == newer
    assert choose_resume(tmp_path).path == newer


def test_many_games_in_the_same_second_keep_their_order(tmp_path):
    t = dt.datetime(2026, 11, 22, 14, 3, 9)
    made = []
    for i in range(12):
        path = new_record_path(tmp_path, "mastermind" if i % 3 else "coda", t)
        shutil.copy(FINISHED if i < 11 else UNFINISHED, path)
        made.append(path)
    assert record_files(tmp_path) == made
    assert choose_resume(tmp_path).path == made[-1]


def test_old_names_with_same_second_suffixes_sort_as_numbers(tmp_path):
    names = ["coda-2026-01-01T10-00-00.jsonl", "coda-2026-01-01T10-00-00-2.jsonl",
             "coda-2026-01-01T10-00-00-9.jsonl", "coda-2026-01-01T10-00-00-10.jsonl"]
    for name in reversed(names):
        (tmp_path / name).write_text("")
    assert [p.name for p in record_files(tmp_path)] == names
    # And a numbered record is newer than every record named before numbering.
    numbered = new_record_path(tmp_path, "coda", dt.datetime(2000, 1, 1))
    numbered.write_text("")
    assert record_files(tmp_path)[-1] == numbered


def test_the_newest_unfinished_game_is_found_behind_finished_ones(tmp_path):
    """An unfinished game is never passed over for a new one without a notice."""
    unfinished = new_record_path(tmp_path, "coda")
    shutil.copy(UNFINISHED, unfinished)
    for _ in range(3):
        shutil.copy(FINISHED, new_record_path(tmp_path, "coda"))
    assert choose_resume(tmp_path).path == unfinished


# --- a second copy -----------------------------------------------------------------------

HOLDER = """
import sys, time
from coda_pi.datadir import claim_data_dir
lock = claim_data_dir(sys.argv[1])
print("held", flush=True)
time.sleep(120)
"""


def _env(tmp_path: Path) -> dict[str, str]:
    config = tmp_path / "config.toml"
    config.write_text("")
    return os.environ | {"PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
                         "SDL_AUDIODRIVER": "dummy", "CODA_PI_CONFIG": str(config)}


def test_a_second_coda_pi_on_the_same_directory_is_refused_in_one_sentence(tmp_path):
    data = tmp_path / "data"
    first = subprocess.Popen([sys.executable, "-c", HOLDER, str(data)], env=_env(tmp_path),
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None and first.stdout.readline().strip() == "held"
        with pytest.raises(DataDirBusy, match="another coda-pi is already using"):
            claim_data_dir(data)
        for command in (["run", "--data-dir", str(data), "--no-gpio"],
                        ["demo", "--headless", "--record", str(data / "r.jsonl")]):
            second = subprocess.run([sys.executable, "-m", "coda_pi.cli", *command],
                                    env=_env(tmp_path), capture_output=True, text=True, timeout=60)
            assert second.returncode == 1
            said = [line for line in second.stderr.splitlines() if "coda-pi" in line]
            assert len(said) == 1 and "another coda-pi is already using" in said[0], \
                second.stderr
            assert "Traceback" not in second.stderr
        assert list(data.iterdir()) == []  # the second wrote nothing
    finally:
        # A crash: the kernel drops the lock with the process, nothing is left stuck.
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    deadline = time.monotonic() + 5
    while True:
        try:
            lock = claim_data_dir(data)
            break
        except DataDirBusy:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    lock.release()


def test_the_lock_works_on_a_read_only_directory(tmp_path):
    data = tmp_path / "ro"
    data.mkdir()
    data.chmod(0o555)
    try:
        with claim_data_dir(data), pytest.raises(DataDirBusy):
            claim_data_dir(data)
    finally:
        data.chmod(0o755)

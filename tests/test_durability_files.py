"""State files other than records are replaced atomically (temp file, fsync, rename, fsync
the directory): whatever happens, the file holds the old contents or the new, never a mix."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coda_pi import record
from coda_pi.record import write_atomically


def test_a_replaced_file_holds_the_new_contents_and_no_temporary_file_is_left(tmp_path):
    path = tmp_path / "state" / "settings.json"
    write_atomically(path, b"old")
    write_atomically(path, b"new")
    assert path.read_bytes() == b"new"
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]


def test_a_failure_before_the_rename_leaves_the_old_contents(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    write_atomically(path, b"old")

    def power_cut(*args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(record.os, "replace", power_cut)
    with pytest.raises(OSError):
        write_atomically(path, b"new contents that never arrive")
    assert path.read_bytes() == b"old"


WRITER = """
import sys
from pathlib import Path
from coda_pi.record import write_atomically
path = Path(sys.argv[1])
n = 0
while True:
    n += 1
    # Each version is large, so a kill can land in the middle of writing one.
    write_atomically(path, (str(n) + "\\n").encode() * 200_000)
    print(n, flush=True)  # one whole version is in place
"""


def test_killed_while_replacing_the_file_is_always_one_whole_version(tmp_path):
    path = tmp_path / "settings.txt"
    write_atomically(path, b"0\n" * 200_000)
    env = os.environ | {"PYTHONPATH": str(Path(__file__).parent.parent)}
    seen = set()
    for delay in (0.0, 0.01, 0.03, 0.05, 0.1, 0.17):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], env=env,
                                stdout=subprocess.PIPE)
        assert proc.stdout is not None
        # Kill only once the writer has replaced the file at least once, however slow the
        # machine (under qemu one version takes seconds), then a little into the next one.
        assert proc.stdout.readline()
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        lines = path.read_bytes().split(b"\n")
        assert lines[-1] == b"" and len(lines) == 200_001
        assert len(set(lines[:-1])) == 1  # one version, whole
        seen.add(int(lines[0]))
    assert max(seen) > 0  # the writer did get to replace the file between the kills

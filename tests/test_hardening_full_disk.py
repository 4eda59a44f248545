"""A full card refuses an event: the record must stay exactly as it was, and the refused line
must never turn up later when space comes back (issue 12, item 1).

The card fills through RLIMIT_FSIZE in a child process (no root needed): the kernel refuses
the bytes past the limit with EFBIG, as a full card refuses them with ENOSPC. As root a real
64 KiB tmpfs is filled too.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from coda_pi.record import RecordWriter, parse_record
from coda_pi.replay import replay_file

ROOT = Path(__file__).parent.parent
SPEC = ROOT / "tests" / "records" / "spec"

# The child: open the record, refuse one line at the size limit, then lift the limit and
# write one more line. It prints what it saw as JSON.
CHILD = r"""
import json, os, resource, sys
from pathlib import Path
from coda_pi.record import RecordWriter
path = Path(sys.argv[1])
before = path.read_bytes()
writer = RecordWriter(path)
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (len(before) + 10, hard))
refused = None
try:
    writer.write({"event": "draw", "seat": 0, "tile": "D5", "note": "x" * 200})
except OSError as err:
    refused = err.errno
after_refusal = path.read_bytes()
resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
writer.write({"event": "timeout", "seat": 0})
writer.close()
print(json.dumps({"refused": refused, "same": after_refusal == before}))
"""


def test_a_line_refused_by_a_full_card_leaves_the_file_as_it_was_and_never_comes_back(
    tmp_path: Path,
) -> None:
    record = tmp_path / "coda.jsonl"
    lines = (SPEC / "miss-place-undo.jsonl").read_bytes().splitlines(keepends=True)
    record.write_bytes(b"".join(lines[:3]))
    before = record.read_bytes()
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHILD, str(record)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["refused"] is not None  # the write did fail
    assert seen["same"]  # and left not one byte behind
    # Space came back: only the next line was added, the refused one never was.
    data = record.read_bytes()
    assert data == before + b'{"event": "timeout", "seat": 0}\n'
    text = parse_record(data)
    assert text.error is None and text.torn_line is None
    assert [line.obj.get("event") for line in text.lines][-1] == "timeout"


def test_a_failed_fsync_cuts_the_line_back_and_the_next_write_goes_on(tmp_path: Path,
                                                                      monkeypatch) -> None:
    from coda_pi import record as record_module

    path = tmp_path / "r.jsonl"
    writer = RecordWriter(path)
    writer.write({"game": "coda", "players": ["A", "B"]})
    before = path.read_bytes()
    real = record_module.os.fsync

    def failing(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record_module.os, "fsync", failing)
    with pytest.raises(OSError):
        writer.write({"event": "round"})
    monkeypatch.setattr(record_module.os, "fsync", real)
    assert path.read_bytes() == before
    writer.write({"event": "round", "first": 0})
    writer.close()
    assert [line.obj for line in parse_record(path.read_bytes()).lines][1] == {
        "event": "round", "first": 0}


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
def test_a_really_full_filesystem_refuses_lines_and_the_record_still_replays(
    tmp_path: Path,
) -> None:
    mount = tmp_path / "card"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        record = mount / "coda.jsonl"
        header = {"game": "coda", "version": 1, "players": ["Ann", "Ben"], "rounds": 1}
        writer = RecordWriter(record)
        writer.write(header)
        refusals = 0
        written = 1
        for i in range(4000):
            try:
                writer.write({"event": "undo" if i % 2 else "round", "pad": "p" * 97})
                written += 1
            except OSError:
                refusals += 1
                if refusals > 5:
                    break
        writer.close()
        assert refusals > 5  # the card did fill
        text = parse_record(record.read_bytes())
        assert text.error is None and text.torn_line is None
        assert len(text.lines) == written
        assert replay_file(record).error is None
    finally:
        subprocess.run(["umount", str(mount)], check=False)

"""The club publisher publishes only what is on the card (principle 5, coda_pi/club/): with
the record's fsync on the fsync thread (beside the loop's frame), a line written and not
yet fsynced is in the file, and the club's reader must not take it (a power cut could
still take it away, and the hub would have heard of an event the table never told)."""

from __future__ import annotations

from pathlib import Path

from club_parts import demo_lines

from coda_pi.club.follow import FollowedRecord
from coda_pi.fsync_thread import FsyncThread
from coda_pi.record import RecordWriter


def test_the_club_reads_no_line_whose_fsync_has_not_returned(tmp_path: Path) -> None:
    header, first, second = demo_lines(seed=7, players=3)[:3]
    path = tmp_path / "coda-2026-11-28-1500.jsonl"
    thread = FsyncThread()
    writer = RecordWriter(path, fsync_thread=thread)
    try:
        writer.write(header)
        writer.settle()
        writer.write(first)  # written; its fsync not begun
        followed = FollowedRecord(path)
        assert followed.read_more() == 1 and [ln.obj for ln in followed.lines] == [header]
        writer.start_fsync()  # begun on the thread: still not vouched for until it returns
        writer.write(second)
        writer.settle()
        assert followed.read_more() == 2
        assert [ln.obj for ln in followed.lines] == [header, first, second]
    finally:
        writer.close()
        thread.close()
    # A file no writer of this process holds open (the records of games before) is read
    # to its last whole line, as before.
    again = FollowedRecord(path)
    assert again.read_more() == 3

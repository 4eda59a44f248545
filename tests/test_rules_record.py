"""Reading a record back: torn tails, corrupt lines, empty files, undo lines, the writer."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_rules_lines import (
    ANN_BEN,
    UNDO,
    deal,
    draw,
    guess,
    header,
    place,
    record_bytes,
    reveal,
    rnd,
    stop,
    timeout,
)

from coda_pi.record import RecordWriter, parse_record
from coda_pi.replay import replay_bytes
from coda_pi.rules.coda_events import parse_event, to_dict

OPENING = [ANN_BEN, rnd(), deal(0, "D1", "D4", "L7", "L10"), deal(1, "D0", "L3", "D6", "L11"),
           draw(0, "D8"), guess(0, 1, 0, "0")]
# A last line with a key the spec does not name and a few multi-byte characters, so the cuts
# also fall inside UTF-8 sequences.
LAST = json.dumps({**guess(0, 1, 1, "3"), "note": "Zoë ✓"}, ensure_ascii=False).encode()

TORN_WARNING = "line 7 was cut short (a write interrupted by a power loss?) and is ignored"


def state(data: bytes) -> dict[str, object]:
    return replay_bytes(data).summary()


@pytest.mark.parametrize("cut", range(1, len(LAST)))
def test_a_last_line_torn_at_any_byte_is_ignored_with_a_warning(cut: int) -> None:
    replay = replay_bytes(record_bytes(*OPENING) + LAST[:cut])
    assert replay.summary() == state(record_bytes(*OPENING))
    assert replay.summary()["error"] is None and replay.exit_code == 0
    assert replay.warnings == [TORN_WARNING]


def test_the_whole_last_line_without_its_newline_counts() -> None:
    replay = replay_bytes(record_bytes(*OPENING) + LAST)
    assert replay.warnings == [] and replay.exit_code == 0
    assert replay.summary()["totals"] == [2, 0]


def test_a_record_ending_in_its_newline_has_nothing_torn() -> None:
    replay = replay_bytes(record_bytes(*OPENING) + LAST + b"\n")
    assert replay.warnings == [] and replay.summary()["totals"] == [2, 0]


def test_the_command_warns_on_stderr_and_exits_0_for_a_torn_tail(tmp_path: Path) -> None:
    record = tmp_path / "torn.jsonl"
    record.write_bytes(record_bytes(*OPENING) + LAST[:20])
    run = subprocess.run([sys.executable, "-m", "coda_pi.cli", "replay", str(record), "--json"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0
    assert TORN_WARNING in run.stderr
    assert json.loads(run.stdout) == state(record_bytes(*OPENING))


def test_a_torn_looking_line_with_a_newline_after_it_is_corruption() -> None:
    replay = replay_bytes(record_bytes(*OPENING) + LAST[:20] + b"\n")
    assert replay.summary()["error"] == {"line": 7, "message": "line 7 is not valid JSON"}
    assert replay.exit_code == 2 and replay.warnings == []


def test_invalid_json_in_the_middle_is_an_error_with_its_line_and_the_state_before_it() -> None:
    data = record_bytes(*OPENING[:5]) + b'{"event": "guess", "seat": 0,\n' + record_bytes(
        guess(0, 1, 0, "0"), guess(0, 1, 1, "3"))
    replay = replay_bytes(data)
    expected = state(record_bytes(*OPENING[:5]))
    expected["error"] = {"line": 6, "message": "line 6 is not valid JSON"}
    assert replay.summary() == expected
    assert replay.exit_code == 2


def test_invalid_utf8_in_the_middle_is_an_error_and_in_a_torn_tail_is_ignored() -> None:
    bad = b'{"event": "draw", "seat": 0, "tile": "D8\xff"}'
    middle = replay_bytes(record_bytes(*OPENING[:4]) + bad + b"\n" + record_bytes(OPENING[5]))
    assert middle.summary()["error"] == {"line": 5, "message": "line 5 is not valid JSON"}
    tail = replay_bytes(record_bytes(*OPENING[:4]) + bad)
    assert tail.summary()["error"] is None and tail.warnings == [
        "line 5 was cut short (a write interrupted by a power loss?) and is ignored"
    ]


@pytest.mark.parametrize("data", [b"", b"\n", b"  \n\n \t\n"])
def test_an_empty_record_has_no_header(data: bytes) -> None:
    replay = replay_bytes(data)
    assert replay.summary() == {
        "game": None, "players": [], "totals": [], "rounds": [], "finished": False,
        "turn": None, "rows": [],
        "error": {"line": 1, "message": "the record is empty: it has no header"},
    }
    assert replay.exit_code == 2


@pytest.mark.parametrize("first", [b"{game: coda}", b'{"game": "coda", \xff}'])
def test_a_header_that_is_not_json_is_named_as_such(first: bytes) -> None:
    replay = replay_bytes(first + b"\n" + record_bytes(rnd()))
    assert replay.summary()["error"] == {"line": 1, "message": "line 1 is not valid JSON"}
    assert replay.exit_code == 2


def test_corruption_after_blank_lines_is_named_at_its_own_line() -> None:
    replay = replay_bytes(b"\n\n{oops\n" + record_bytes(ANN_BEN))
    assert replay.summary()["error"] == {"line": 3, "message": "line 3 is not valid JSON"}


def test_a_record_from_a_newer_version_is_refused_at_its_header() -> None:
    replay = replay_bytes(record_bytes(header(version=2), rnd()))
    assert replay.summary()["error"] == {
        "line": 1, "message": "this record is from a newer coda-pi (record version 2)"
    }
    assert replay.summary()["players"] == ["Ann", "Ben"]


def test_blank_lines_count_in_line_numbers_and_unknown_keys_are_ignored() -> None:
    data = (record_bytes(header(t=1), {**rnd(), "t": 2}) + b"\n   \n"
            + record_bytes(deal(0, "D1", "D4", "L7", "L10"), deal(0, "D2", "D3", "D5", "D7")))
    replay = replay_bytes(data)
    assert replay.summary()["error"] == {"line": 6, "message": "Ann has been dealt already"}


def test_an_error_line_keeps_the_state_after_the_last_good_line() -> None:
    replay = replay_bytes(record_bytes(*OPENING, stop(0, 2), guess(0, 1, 1, "3")))
    summary = replay.summary()
    assert summary["error"] == {"line": 7, "message": "row out of order"}
    assert replay.detail == "D8 cannot stand left of L7"
    assert summary["totals"] == [1, 0] and summary["turn"] == 0


def test_undo_lines_take_back_events_even_across_a_round() -> None:
    sweep = [guess(0, 1, s, v) for s, v in enumerate(["0", "3", "6", "11"])]
    head = header(rounds=2)
    with_undo = record_bytes(head, *OPENING[1:5], *sweep, UNDO, UNDO, guess(0, 1, 2, "6"),
                             guess(0, 1, 3, "11"), rnd(), UNDO, rnd(0))
    without = record_bytes(head, *OPENING[1:5], *sweep, rnd(0))
    assert replay_bytes(with_undo).summary() == replay_bytes(without).summary()
    assert replay_bytes(with_undo).summary()["rounds"] == [{"winner": 0, "points": [42, 0]}]


def test_undo_with_nothing_left_to_take_back_is_an_error() -> None:
    replay = replay_bytes(record_bytes(ANN_BEN, rnd(), UNDO, UNDO))
    assert replay.summary()["error"] == {"line": 4, "message": "there is nothing to undo"}
    assert replay_bytes(record_bytes(ANN_BEN, UNDO)).summary()["error"] == {
        "line": 2, "message": "there is nothing to undo"
    }


def test_parse_record_stops_at_the_first_corrupt_line() -> None:
    text = parse_record(b'{"a": 1}\n\n[2]\nnope\n{"b": 3}\n')
    assert [(line.number, line.obj) for line in text.lines] == [(1, {"a": 1}), (3, [2])]
    assert text.error is not None and (text.error.line, text.torn_line) == (4, None)


EVENTS = [rnd(), rnd(2), deal(1, "D1", "L-", "L7"), draw(0, "L?"), guess(0, 1, 2, "-"),
          guess(0, 1, 2, "7", correct=True), stop(1), stop(1, 3), place(0, 1), place(0, 1, "D5"),
          reveal(2, 0), reveal(2, 0, "L3"), timeout(3), {"event": "bonus", "seat": 0,
                                                         "tiles": ["D3", "L?"]}, UNDO]


@pytest.mark.parametrize("line", EVENTS, ids=lambda e: e["event"])
def test_every_event_writes_back_as_the_line_it_was_read_from(line: dict[str, object]) -> None:
    assert to_dict(parse_event(line)) == line


def test_the_writer_appends_whole_lines_that_read_back(tmp_path: Path) -> None:
    path = tmp_path / "games" / "g.jsonl"
    with RecordWriter(path) as writer:
        for line in OPENING:
            writer.write(line)
    assert path.read_bytes() == b"".join(
        json.dumps(line, ensure_ascii=False).encode() + b"\n" for line in OPENING)
    assert replay_bytes(path.read_bytes()).summary() == state(record_bytes(*OPENING))


def test_reopening_a_torn_record_moves_the_torn_bytes_aside(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(record_bytes(*OPENING) + LAST[:11])
    with RecordWriter(path) as writer:
        writer.write(guess(0, 1, 1, "3"))
    assert (tmp_path / "g.jsonl.torn").read_bytes() == LAST[:11] + b"\n"
    replay = replay_bytes(path.read_bytes())
    assert replay.warnings == [] and replay.summary()["totals"] == [2, 0]


def test_reopening_keeps_a_whole_last_line_that_only_lost_its_newline(tmp_path: Path) -> None:
    # Replay counts such a line (it is valid JSON), so the journal must keep it too: otherwise
    # the device would show an event that its own record no longer holds.
    path = tmp_path / "g.jsonl"
    path.write_bytes(record_bytes(*OPENING) + LAST)
    assert replay_bytes(path.read_bytes()).summary()["totals"] == [2, 0]
    with RecordWriter(path) as writer:
        writer.write(guess(0, 1, 2, "6"))
    replay = replay_bytes(path.read_bytes())
    assert replay.warnings == [] and replay.summary()["totals"] == [3, 0]
    assert not (tmp_path / "g.jsonl.torn").exists()


@pytest.mark.parametrize(
    ("lines", "error"),
    [
        ([ANN_BEN, {"event": ["round"]}], {"line": 2, "message": "unknown event ['round']"}),
        ([header(game=["coda"])],
         {"line": 1, "message": "coda-pi does not know the game ['coda']"}),
        ([ANN_BEN, {"event": {"kind": "round"}}],
         {"line": 2, "message": "unknown event {'kind': 'round'}"}),
    ],
)
def test_a_list_where_a_name_belongs_is_an_error_not_a_crash(
    lines: list[dict[str, object]], error: dict[str, object]
) -> None:
    replay = replay_bytes(record_bytes(*lines))
    assert replay.summary()["error"] == error and replay.exit_code == 2

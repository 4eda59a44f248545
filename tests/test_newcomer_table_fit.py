"""Replay refuses what the device refuses (issue 24): in a table-pool record, two right
answers that leave no possible panel between them (D5 at slot 0, D6 at slot 2, a hidden dark
panel at slot 1) break the rules, though each fits the panels beside it."""

from __future__ import annotations

import json

from coda_pi.referee.pools.mode import pool_mode
from coda_pi.replay import replay_bytes
from coda_pi.rules.coda import CodaSettings

HEADER = {"game": "coda", "players": ["Ann", "Ben"], "hand": 3}
START = [
    {"event": "round"},
    {"event": "deal", "seat": 0, "row": ["D?", "L?", "L?"]},
    {"event": "deal", "seat": 1, "row": ["D?", "D?", "D?"]},
    {"event": "draw", "seat": 0, "tile": "D?"},
    {"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "5", "correct": True},
]
NO_ROOM = {"event": "guess", "seat": 0, "target": 1, "slot": 2, "value": "6", "correct": True}
NO_ROOM_LINE = 2 + len(START)  # the header is line 1


def _replay(*events: dict) -> object:
    text = "\n".join(json.dumps(obj) for obj in (HEADER, *events)) + "\n"
    return replay_bytes(text.encode())


def test_play_going_on_past_a_position_no_deal_fits_is_refused_at_that_line() -> None:
    replay = _replay(*START, NO_ROOM, {"event": "stop", "seat": 0, "slot": 0})
    assert replay.exit_code == 2
    assert replay.error.line == NO_ROOM_LINE
    summary = replay.summary()
    # The state is the one after the last good line: Ben's slot 2 still unknown.
    assert summary["rows"][1][2]["tile"] == "D?"
    assert summary["rows"][1][0]["tile"] == "D5"


def test_an_undo_of_that_line_is_what_the_device_does_and_replays() -> None:
    replay = _replay(*START, NO_ROOM, {"event": "undo"},
                     {"event": "guess", "seat": 0, "target": 1, "slot": 2, "value": "9",
                      "correct": True},
                     {"event": "stop", "seat": 0, "slot": 0})
    assert replay.exit_code == 0 and replay.error is None


def test_a_later_undo_that_takes_that_line_back_replays_too() -> None:
    """The spec's letter: the line is the error "unless a later undo takes it back", not
    only an undo at once (a told-pool correction writes its undo lines later: issue 31)."""
    stop = {"event": "stop", "seat": 0, "slot": 0}
    replay = _replay(*START, NO_ROOM, stop, {"event": "undo"}, {"event": "undo"},
                     {"event": "guess", "seat": 0, "target": 1, "slot": 2, "value": "9",
                      "correct": True}, stop)
    assert replay.exit_code == 0 and replay.error is None
    # An undo that takes back a later line only leaves it standing: still the error.
    replay = _replay(*START, NO_ROOM, stop, {"event": "undo"},
                     {"event": "stop", "seat": 0, "slot": 1})
    assert replay.exit_code == 2 and replay.error.line == NO_ROOM_LINE


def test_a_record_ending_on_that_line_is_broken_yet_the_device_resumes_on_the_halt() -> None:
    """The spec: such a line is the error unless a later undo takes it back, whether or not
    the record ends there. A program reading --json sees the error; the device, which wrote
    the line as it was told and waits for an undo, still resumes on that halt."""
    replay = _replay(*START, NO_ROOM)
    assert replay.exit_code == 2
    assert replay.error.line == NO_ROOM_LINE
    summary = replay.summary()
    assert summary["error"]["line"] == NO_ROOM_LINE
    assert summary["rows"][1][2]["tile"] == "D?"  # the state after the last good line
    assert replay.resumable
    assert any(f"line {NO_ROOM_LINE}" in str(w) and "undo" in str(w) for w in replay.warnings)
    # The device's journal holds the halted line, so the undo it waits for takes it back.
    replay.journal.undo()
    assert replay.journal.game.summary()["rows"] == summary["rows"]


def test_the_data_directory_resumes_a_record_halted_on_that_line(tmp_path) -> None:
    from coda_pi.datadir import _resume

    record = tmp_path / "coda-halted.jsonl"
    record.write_text("\n".join(json.dumps(o) for o in (HEADER, *START, NO_ROOM)) + "\n")
    notices: list[str] = []
    choice = _resume(record, notices)
    assert choice is not None and choice.path == record
    assert record.exists()  # not set aside as broken
    assert any("undo" in str(n) for n in notices)


def test_each_right_answer_alone_fits() -> None:
    assert _replay(*START, {"event": "stop", "seat": 0, "slot": 0}).exit_code == 0
    alone = [*START[:-1], NO_ROOM, {"event": "stop", "seat": 0, "slot": 0}]
    assert _replay(*alone).exit_code == 0


def test_the_device_halts_on_the_same_line() -> None:
    """The device's table pool keeps its game in its own journal and stops on the screen
    naming the contradiction when ``public_analysis`` finds one: on the same line."""
    table = pool_mode("table")
    settings = CodaSettings.from_dict(HEADER)
    before = table.journal(settings, START).game
    after = table.journal(settings, [*START, NO_ROOM]).game
    assert before.public_analysis().contradiction is None
    assert after.public_analysis().contradiction is not None


MISS_AT_5 = {"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "5",
             "correct": False}


def test_a_wrong_answer_taken_back_by_undo_is_forgotten() -> None:
    """A "wrong" heard at Ben's first panel and undone is no longer heard: the same answer
    given right afterwards fits. (Replay's states share what was answered with the states
    before them; an undo that left a miss behind would make this a contradiction.)"""
    replay = _replay(*START[:-1], MISS_AT_5, {"event": "undo"}, START[-1],
                     {"event": "stop", "seat": 0, "slot": 0})
    assert replay.exit_code == 0 and replay.error is None
    assert replay.summary()["rows"][1][0] == {"tile": "D5", "revealed": True}


def test_a_wrong_answer_then_the_same_panel_shown_right_is_refused_at_that_line() -> None:
    """The other side of the same bookkeeping: a miss that stands, and the panel later shown
    to be that number, is a contradiction at the line that showed it, though play went on
    past it (the fit is checked at the round's end and traced back to that line)."""
    place = {"event": "place", "seat": 0, "slot": 0, "tile": "D0"}
    ben = [{"event": "draw", "seat": 1, "tile": "L?"},
           {"event": "guess", "seat": 1, "target": 0, "slot": 2, "value": "11",
            "correct": False},
           {"event": "place", "seat": 1, "slot": 3, "tile": "L0"}]
    shown = {"event": "draw", "seat": 0, "tile": "L?"}
    right = {"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "5",
             "correct": True}
    events = [*START[:-1], MISS_AT_5, place, *ben, shown, right,
              {"event": "stop", "seat": 0, "slot": 0}]
    replay = _replay(*events)
    assert replay.exit_code == 2
    assert replay.error.line == 2 + events.index(right)

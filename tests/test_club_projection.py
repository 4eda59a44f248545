"""Nothing hidden leaves the table during a round: every public payload the publisher builds
from a record line carries colours and face-up numbers only, and full lines go out only once
their round has ended. Checked line by line against the replay of the whole record."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from club_parts import demo_lines

from coda_pi.club.follow import FollowedRecord
from coda_pi.club.projection import public_state
from coda_pi.record import RecordLine, RecordWriter
from coda_pi.replay import replay_lines
from coda_pi.rules.coda import CodaGame, Phase

RECORDS = Path(__file__).parent / "records"


def _good(paths: list[Path]) -> list[Path]:
    """The records that replay without an error (the others stop the publisher early)."""
    return [p for p in paths if p.stem != "torn-tail"
            and json.loads(p.with_suffix(".expected.json").read_text())["error"] is None]


GOLDEN = _good(sorted(RECORDS.glob("*.jsonl")))
TABLE_POOL = _good(sorted((RECORDS / "table-pool").glob("*.jsonl")))


def _game_after(lines: list[dict], n: int) -> CodaGame:
    replay = replay_lines([RecordLine(i + 1, o) for i, o in enumerate(lines[:n])])
    assert replay.error is None
    return replay.game


def _hidden_tiles(game: CodaGame) -> set[str]:
    """The panels standing hidden (and a drawn panel held aside), as the record writes them."""
    out = {f"{s.tile.color.value}{s.tile.value}" for row in game.rows for s in row
           if not s.revealed and s.tile.known}
    if game.drawn is not None and game.drawn.known:
        out.add(f"{game.drawn.color.value}{game.drawn.value}")
    return out


def _check_record(lines: list[dict], tmp_path: Path) -> int:
    path = tmp_path / "game.jsonl"
    with RecordWriter(path) as w:
        for obj in lines:
            w.write(obj)
    followed = FollowedRecord(path)
    followed.read_more()
    assert followed.error is None
    assert [ln.obj for ln in followed.lines] == lines
    checked = 0
    released = 0
    for line in followed.lines:
        game = _game_after(lines, line.seq)
        in_round = game.phase not in (Phase.ROUND, Phase.FINISHED)
        payload = json.dumps({"event": line.public, "state": line.state})
        # The state is the public screen's: a number only where the panel stands face up.
        for seat, row in enumerate(game.rows):
            for slot, s in enumerate(row):
                shown = line.state["rows"][seat][slot]
                assert shown["dark"] == (s.tile.color.value == "D")
                assert shown["value"] == (s.tile.value if s.revealed else None)
        if in_round:
            for tile in _hidden_tiles(game):
                assert not re.search(rf'"{tile}"', payload), (line.seq, tile, payload)
            # Numbers in the event only where the table saw them: a guess said aloud, a
            # panel placed or knocked down face up.
            event = line.public
            if event["event"] in ("deal", "draw"):
                assert all(c in ("D", "L") for c in event.get("row", [event.get("color")]))
            checked += 1
        else:
            released = line.seq
        # Full lines go out only up to the last ended round.
        assert followed.released >= released
    assert followed.released == released
    return checked


@pytest.mark.parametrize("path", GOLDEN + TABLE_POOL, ids=lambda p: p.stem)
def test_no_hidden_panel_in_any_payload_of_the_golden_records(path, tmp_path):
    lines = [json.loads(t) for t in path.read_text().splitlines() if t.strip()]
    assert _check_record(lines, tmp_path) > 0


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 4)])
def test_no_hidden_panel_in_any_payload_of_demo_games(seed, players, tmp_path):
    assert _check_record(demo_lines(seed, players), tmp_path) > 20


def test_a_line_still_being_written_is_not_read(tmp_path):
    lines = demo_lines(1, 2)
    path = tmp_path / "game.jsonl"
    text = "".join(json.dumps(o) + "\n" for o in lines[:5])
    path.write_text(text + json.dumps(lines[5])[:10])  # the device is mid-write
    followed = FollowedRecord(path)
    assert followed.read_more() == 5
    with open(path, "a") as f:
        f.write(json.dumps(lines[5])[10:] + "\n")
    assert followed.read_more() == 1
    assert [ln.seq for ln in followed.lines] == [1, 2, 3, 4, 5, 6]
    assert followed.lines[5].obj == lines[5]


def test_public_state_of_a_fresh_deal_shows_colours_only():
    lines = demo_lines(2, 4)
    game = _game_after(lines, 6)  # header, round, four deals
    state = public_state(game)
    assert all(p["value"] is None for row in state["rows"] for p in row)
    assert [len(r) for r in state["rows"]] == [3, 3, 3, 3]


def test_a_mastermind_record_is_not_followed(tmp_path):
    path = tmp_path / "mm.jsonl"
    path.write_text('{"game": "mastermind", "players": ["A", "B"]}\n')
    followed = FollowedRecord(path)
    followed.read_more()
    assert followed.lines == [] and followed.error == "not a Coda record"

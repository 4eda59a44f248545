"""A hostile table (one with a password) against the hub: messages that would write outside
the hub's directory, take the page down, plant spreadsheet formulas or eat its memory are
dropped at the door, and the well-behaved tables are not touched (issue 22, items 6, 8, 9,
11 and the organiser's key of 12). The broker's part is in test_club_hostile_broker.py."""

from __future__ import annotations

import csv
import io
import json
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from club_parts import demo_lines

from coda_pi.club.follow import FollowedRecord
from coda_pi.club.hub import Hub
from coda_pi.club.messages import MAX_MESSAGE_BYTES
from coda_pi.club.web import HubWeb
from coda_pi.record import RecordWriter


def strict_json(data: bytes) -> Any:
    """JSON as a browser's JSON.parse reads it: NaN and Infinity are errors."""
    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")
    return json.loads(data.decode("utf-8"), parse_constant=refuse)


def play_whole_game(hub: Hub, tmp_path: Path, table: int, players: list[str], seed: int) -> str:
    """A real demo game, every line as a table publishes it (events, then the record)."""
    lines = demo_lines(seed, len(players))
    lines[0] = dict(lines[0], players=players)
    path = tmp_path / f"table{table}" / "coda-2026-11-23T20-00-00.n1.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    with RecordWriter(path) as w:
        w.write_many(lines)
    followed = FollowedRecord(path)
    followed.read_more()
    for line in followed.lines:
        hub.on_message(table, "events", json.dumps({
            "game": path.stem, "seq": line.seq, "event": line.public, "state": line.state,
            "released": followed.released}).encode())
    hub.on_message(table, "record", json.dumps({
        "game": path.stem, "from": 1, "to": followed.released,
        "lines": [ln.obj for ln in followed.lines[:followed.released]]}).encode())
    hub.on_message(table, "status", b"online")
    return path.stem


def is_number(cell: str) -> bool:
    """A negative number is a cell a spreadsheet reads as the number, not a formula."""
    try:
        float(cell)
    except ValueError:
        return False
    return cell.lstrip("-").replace(".", "", 1).isdigit()


def files_under(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file()}


def get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return reply.status, reply.read()


def test_a_game_name_that_climbs_out_of_the_hubs_directory_writes_nothing_there(tmp_path):
    hub_dir = tmp_path / "clubs" / "hub"
    hub = Hub(hub_dir, event="night")
    before = files_under(tmp_path)
    lines = demo_lines(1, 2)
    try:
        for name in ("x/../../../somewhere/victim", "../victim", "/tmp/victim", "..",
                     ".hidden", "a\\..\\b", "ok\n", "x" * 101):
            hub.on_message(1, "record", json.dumps({"game": name, "from": 1,
                                                    "lines": lines}).encode())
            hub.on_message(1, "events", json.dumps({"game": name, "seq": 1,
                                                    "event": {"event": "header"}}).encode())
        made = files_under(tmp_path) - before
        # Only the hub's own night file may have been written, inside its directory.
        assert all(hub_dir in p.parents for p in made), made
        assert not [p for p in made if p.suffix == ".jsonl"], made
        assert hub.games == {}
    finally:
        hub.close()


def test_a_malformed_retained_state_leaves_every_page_answering(tmp_path):
    hub = Hub(tmp_path / "hub", event="night", roster=["Ann", "Ben", "Cy", "Dee"])
    good = play_whole_game(hub, tmp_path, 1, ["Ann", "Ben"], seed=1)
    counted = {s.name: s.points for s in hub.standings()}
    assert counted and any(counted.values())
    web = HubWeb(hub, "127.0.0.1", 0, key="k").start()
    hostile: list[bytes] = [
        json.dumps({"game": "coda-x", "seq": 5, "state": {"players": 7}}).encode(),
        b'{"game": "coda-x", "seq": 6, "state": {"players": ["Eve", "Mal"], "rows": [[], []],'
        b' "out": [false, false], "totals": [NaN, 1], "turn": 0, "round": 1, "rounds": 1,'
        b' "finished": false}}',
        b'{"game": "coda-x", "seq": 7, "state": {"players": ["Eve", "Mal"], "rows": [[], []],'
        b' "out": [false, false], "totals": [1e999, 1], "turn": 0, "round": 1, "rounds": 1,'
        b' "finished": false}}',
        json.dumps({"game": "coda-x", "seq": 8, "state": {
            "players": ["Eve", "Mal"], "rows": [[]], "out": [False], "totals": [0, 0],
            "turn": 5, "round": 1, "rounds": 1, "finished": False}}).encode(),
        b'{"game": "coda-x", "seq": 9, "state": {"players": ["\\ud800", "Mal"]}}',
    ]
    try:
        for payload in hostile:
            hub.on_message(2, "state", payload)
            hub.on_message(2, "events", payload)
        for path in ("", "api/state", "standings.csv", "events.csv", "ratings.csv",
                     "api/proposal"):
            status, body = get(web.url + path)
            assert status == 200 and body, path
        snapshot = strict_json(get(web.url + "api/state")[1])
        assert snapshot["tables"]["1"]["game"] == good
        assert "2" not in snapshot["tables"] or snapshot["tables"]["2"]["state"] is None
        request = urllib.request.Request(web.url + "api/seating?key=k",
                                         data=b"1: Ann, Ben\n2: Cy, Dee")
        with urllib.request.urlopen(request, timeout=10) as reply:
            assert reply.status == 200
        assert {s.name: s.points for s in hub.standings()} == counted
    finally:
        web.close()
        hub.close()
    # The hub's next start, from what it kept, answers as well.
    again = Hub(tmp_path / "hub", event="night")
    web = HubWeb(again, "127.0.0.1", 0).start()
    try:
        assert strict_json(get(web.url + "api/state")[1])["tables"]["1"]["game"] == good
    finally:
        web.close()
        again.close()


def test_one_tables_garbage_leaves_the_other_tables_standings_alone(tmp_path):
    hub = Hub(tmp_path / "hub", event="night")
    play_whole_game(hub, tmp_path, 1, ["Ann", "Ben"], seed=1)
    before = hub.standings()
    lines = demo_lines(2, 2)
    garbage = [
        dict(lines[0], players=7),
        dict(lines[0], players=["Eve", {"x": 1}]),
        {"game": "coda", "players": ["Eve", "Mal"], "rounds": float("inf")},
    ]
    for i, header in enumerate(garbage):
        hub.on_message(2, "record", json.dumps({"game": f"bad{i}", "from": 1,
                                                "lines": [header, *lines[1:]]}).encode())
    hub.on_message(2, "record", json.dumps({"game": "bad", "from": 1, "lines": [[]]}).encode())
    assert hub.standings() == before
    assert hub.snapshot()["standings"]
    hub.close()


@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://x\")", "+1+cmd|' /C calc'!A0",
                                  "-2+3", "@SUM(A1)"])
def test_club_exports_escape_formulas_like_the_devices_csvs(tmp_path, name):
    hub = Hub(tmp_path / "hub", event="night")
    play_whole_game(hub, tmp_path, 1, [name, "Ben"], seed=1)
    # A table's full lines are kept as they came, whatever they hold: events.csv shows them.
    hub.on_message(2, "record", json.dumps({"game": "coda-2", "from": 1, "lines": [
        {"event": name, "seat": name, "value": name, "tile": name, "players": name}]}).encode())
    web = HubWeb(hub, "127.0.0.1", 0).start()
    try:
        for export in ("standings.csv", "events.csv", "ratings.csv"):
            text = get(web.url + export)[1].decode("utf-8")
            cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
            assert "'" + name in cells, export  # the name is there, as text
            risky = [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")
                     and not is_number(c)]
            assert not risky, (export, risky)
    finally:
        web.close()
        hub.close()


def test_an_oversized_message_is_dropped_and_nothing_of_it_kept(tmp_path):
    hub = Hub(tmp_path / "hub", event="night")
    lines = demo_lines(1, 2)
    big = json.dumps({"game": "coda-big", "from": 1,
                      "lines": [lines[0], *lines[1:], *({"pad": "x" * 1000}
                                                        for _ in range(300))]}).encode()
    assert len(big) > MAX_MESSAGE_BYTES
    assert hub.on_message(1, "record", big) == []
    assert hub.games == {}
    assert not list((tmp_path / "hub").rglob("*.jsonl"))
    hub.close()


@pytest.mark.parametrize("key", ["clé", "ключ", "\u00e9" * 40])
def test_a_non_ascii_organisers_key_is_refused_with_an_answer(tmp_path, key):
    hub = Hub(tmp_path / "hub", event="night", roster=["Ann", "Ben"])
    web = HubWeb(hub, "127.0.0.1", 0, key="secret").start()
    try:
        quoted = urllib.parse.quote(key)
        request = urllib.request.Request(f"{web.url}api/next-round?key={quoted}", data=b"")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 403
        assert "organiser" in json.loads(refused.value.read())["error"]
    finally:
        web.close()
        hub.close()


def test_one_table_cannot_fill_the_hub_with_games_and_the_others_still_get_in(tmp_path):
    from coda_pi.club.hub import MAX_GAMES_PER_TABLE

    hub = Hub(tmp_path / "hub", event="night")
    state = {"players": ["Eve", "Mal"], "rows": [], "out": [False, False], "totals": [0, 0],
             "turn": None, "round": 0, "rounds": 1, "finished": False}
    for n in range(MAX_GAMES_PER_TABLE + 50):
        hub.on_message(3, "state", json.dumps({"game": f"coda-spam{n}", "seq": 1,
                                               "state": state}).encode())
    assert sum(1 for t, _ in hub.games if t == 3) == MAX_GAMES_PER_TABLE
    good = play_whole_game(hub, tmp_path, 1, ["Ann", "Ben"], seed=1)
    assert (1, good) in hub.games and {s.name for s in hub.standings()} >= {"Ann", "Ben"}
    hub.close()


@pytest.mark.parametrize("number", ["01", "+1", "\uff11", "1_0", "-1", "0", "1000", " 1"])
def test_a_table_number_the_set_up_never_writes_is_no_table(number):
    from coda_pi.club import topics

    assert topics.table_of(f"coda/cafe/table/{number}/events") is None
    assert topics.table_of("coda/cafe/table/12/events") == (12, "events")

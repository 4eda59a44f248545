"""A whole club night end to end against a real broker: 33 players, 8 tables, three rounds,
the hub reseating between rounds by standing (one bye a round), a spectator listening to
everything. The standings are the replay of every table's record after each round, no
published payload shows a hidden panel, and the CSV exports hold every line and player."""

from __future__ import annotations

import csv
import io
import json
import threading
import urllib.request
from itertools import combinations
from pathlib import Path

import paho.mqtt.client as mqtt
from club_parts import (
    Mosquitto,
    RecordedTable,
    assert_public,
    demo_lines,
    file_lines,
    need_mosquitto,
    public_facts,
    published_lines,
    wait_until,
)

from coda_pi.club import topics
from coda_pi.club.hub import Hub
from coda_pi.club.hub_mqtt import HubLink
from coda_pi.club.projection import published_line
from coda_pi.club.publisher import Publisher
from coda_pi.club.seating import propose
from coda_pi.club.web import HubWeb
from coda_pi.config import ClubConfig
from coda_pi.replay import replay_file

pytestmark = need_mosquitto

PLAYERS = [f"{first} {last}" for first in ("Ana", "Bo", "Cai", "Dee", "Eli", "Fin", "Gus",
                                            "Hal", "Ivy", "Jo", "Kim")
           for last in ("A.", "B.", "C.")]
TABLES = 8


def _post(url: str) -> dict:
    request = urllib.request.Request(url, data=b"", method="POST")
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return reply.read().decode()


_SUMMARIES: dict[Path, dict] = {}


def _points(records: list[Path]) -> dict[str, int]:
    """Each player's points over every game, from the replay of the tables' records."""
    points = {p: 0 for p in PLAYERS}
    for path in records:
        if path not in _SUMMARIES:
            _SUMMARIES[path] = replay_file(path).summary()
        s = _SUMMARIES[path]
        assert s["finished"] and s["error"] is None
        for name, total in zip(s["players"], s["totals"], strict=True):
            points[name] += total
    return points


def test_a_club_night_of_eight_tables_and_three_rounds(tmp_path):
    assert len(PLAYERS) == 33
    broker = Mosquitto(tmp_path).start()
    hub = Hub(tmp_path / "hub", event="2026-11-23", roster=PLAYERS, tables=TABLES)
    link = HubLink(hub, "cafe", "127.0.0.1", broker.port).start()
    web = HubWeb(hub, "127.0.0.1", 0, key="k", on_seating=link.publish_seating).start()
    heard: list[tuple[str, dict]] = []
    spectator = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                            client_id="spectator")
    listening = threading.Event()
    spectator.on_connect = lambda c, u, f, rc, p: (c.subscribe("coda/cafe/#", 1),
                                                   listening.set())
    spectator.on_message = lambda c, u, m: heard.append(
        (m.topic, json.loads(m.payload) if m.payload.startswith(b"{") else m.payload))
    spectator.connect("127.0.0.1", broker.port)
    spectator.loop_start()
    data = [tmp_path / f"device{t}" for t in range(1, TABLES + 1)]
    pubs = []
    records: list[Path] = []
    seatings = []
    try:
        assert link.connected.wait(10) and listening.wait(10)
        for t, d in enumerate(data, 1):
            d.mkdir()
            pubs.append(Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", t), d).start())
        for club_round in (1, 2, 3):
            history = hub.history()
            seating = _post(f"{web.url}api/next-round?key=k")
            assert seating["round"] == club_round
            tables = [list(t) for t in seating["seating"]["tables"]]
            byes = seating["seating"]["byes"]
            seatings.append((tables, byes))
            assert len(tables) == TABLES and all(len(t) == 4 for t in tables)
            assert len(byes) == 1 and sorted(sum(tables, []) + byes) == sorted(PLAYERS)
            if club_round > 1:
                # By standing, and fewer repeat opponents than plain standing order gives.
                ranked = [s.name for s in hub.standings()]
                plain = propose(ranked, None, tables=TABLES)
                assert sum(history.repeats(t) for t in tables) <= \
                    sum(history.repeats(t) for t in plain.tables)
            playing = [
                RecordedTable(data[i], demo_lines((2, 5)[(i + club_round) % 2], 4), names,
                              name=f"coda-2026-11-23T2{club_round}-00-00")
                for i, names in enumerate(tables)
            ]
            while not all(t.done for t in playing):
                for table in playing:
                    table.write(4)  # the tables play at once, lines interleaved
            for table in playing:
                table.close()
            records += [t.path for t in playing]
            wait_until(lambda playing=playing: all(
                (g := hub.games.get((i + 1, t.path.stem))) is not None
                and g.lines == [published_line(o) for o in t.lines]  # no seed
                and g.events == len(t.lines)
                for i, t in enumerate(playing)), 40, f"round {club_round} at the hub")
            assert {s.name: s.points for s in hub.standings()} == _points(records)
            assert {g.round for g in hub.games.values() if g.name.endswith(
                f"T2{club_round}-00-00")} == {club_round}

        # One bye a round, never the same player twice.
        assert len({b for _, byes in seatings for b in byes}) == 3
        # Round 2 and 3 tables met as few old opponents as the standings allowed: no
        # table repeats a whole table of round 1.
        first = [set(t) for t in seatings[0][0]]
        assert not any(set(t) in first for tables, _ in seatings[1:] for t in tables)

        # Nothing hidden in anything published, before its round ended.
        by_game = {(t, p.stem): published_lines(p) for t, p in
                   [(i % TABLES + 1, path) for i, path in enumerate(records)]}
        facts = {key: public_facts(lines) for key, lines in by_game.items()}
        mid_round = 0
        for topic, payload in heard:
            where = topics.table_of(topic)
            if where and where[1] == "events":
                mid_round += assert_public(facts[(where[0], payload["game"])], payload)
            elif where and where[1] == "record":
                key = (where[0], payload["game"])
                assert payload["lines"] == by_game[key][payload["from"] - 1:payload["to"]]
                assert not facts[key][payload["to"] - 1][1]  # its round had ended
        assert mid_round > 1000

        # CSV: every line of every game, every player, the standings as the page shows.
        events = list(csv.DictReader(io.StringIO(_get(f"{web.url}events.csv"))))
        assert len(events) == sum(len(file_lines(p)) for p in records)
        standings = list(csv.DictReader(io.StringIO(_get(f"{web.url}standings.csv"))))
        assert {r["name"]: int(r["points"]) for r in standings} == _points(records)
        ratings = list(csv.DictReader(io.StringIO(_get(f"{web.url}ratings.csv"))))
        assert sorted(r["name"] for r in ratings) == sorted(PLAYERS)
        assert all(int(r["games"]) in (2, 3) for r in ratings)
        state = json.loads(_get(f"{web.url}api/state"))
        assert len(state["tables"]) == TABLES and state["round"] == 3
        # The page's season table is the top of ratings.csv.
        assert [(r["name"], f'{r["rating"]:.1f}') for r in state["ratings"]] == \
            [(r["name"], f'{float(r["rating"]):.1f}') for r in ratings[:10]]
        # A bye's games: two. Everybody else: three.
        assert sorted(int(r["games"]) for r in ratings).count(2) == 3
        assert all(sum(1 for a, b in combinations(t, 2)) == 6 for t in seatings[2][0])
    finally:
        spectator.disconnect()
        spectator.loop_stop()
        for pub in pubs:
            pub.close(flush=0.5)
        web.close()
        link.close()
        hub.close()
        broker.stop()


"""Every game of a table's night reaches the hub and counts once, also a game the broker lost
whole before the table moved on to the next one, with a real Mosquitto on a loopback port.

A table plays games A, B and C of one night. The hub cannot ask for a game it never heard
of, and the table's retained state names only its newest game: so each table also keeps its
night's game list retained (``table/<n>/games``), and the hub asks for every game on it that
it lacks."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from club_parts import (
    Mosquitto,
    RecordedTable,
    demo_lines,
    need_mosquitto,
    published_lines,
    wait_until,
)
from test_club_broker import expected_points, hub_points

from coda_pi.club.hub import Hub
from coda_pi.club.hub_mqtt import HubLink
from coda_pi.club.messages import MAX_LISTED
from coda_pi.club.publisher import Publisher
from coda_pi.config import ClubConfig

pytestmark = need_mosquitto
PLAYERS = ["Ann", "Ben", "Cy"]


class LossyHub:
    """The hub's link, with every message about one game dropped while ``lost`` names it:
    as if the broker had lost them all (it keeps nothing on disk here)."""

    def __init__(self, hub: Hub, port: int) -> None:
        self.link = HubLink(hub, "cafe", "127.0.0.1", port)
        self.lost: str | None = None
        self.dropped = 0
        self._lock = threading.Lock()
        taken = self.link.client.on_message

        def on_message(client: Any, userdata: Any, msg: Any) -> None:
            try:
                game = json.loads(msg.payload).get("game")
            except (ValueError, AttributeError):
                game = None
            if self.lost is not None and game == self.lost:
                with self._lock:
                    self.dropped += 1
                return
            taken(client, userdata, msg)

        self.link.client.on_message = on_message


def night(data: Path) -> list[RecordedTable]:
    """Games A, B and C of one night at one table, the same three players."""
    return [RecordedTable(data, demo_lines(seed, 3), PLAYERS,
                          name=f"coda-2026-11-28T19-{n}0-00.n{n}")
            for n, seed in enumerate((4, 5, 6), 1)]


def missing(hub: Hub, games: list[RecordedTable]) -> list[str]:
    """The games not whole at the hub, line for line, under the table's own name."""
    out = []
    for table in games:
        game = hub.games.get((1, table.path.stem))
        if game is None or game.lines != published_lines(table.path) or \
                game.events != len(game.lines):
            out.append(table.path.stem)
    return out


def wait_for_every_game(hub: Hub, games: list[RecordedTable]) -> None:
    try:
        wait_until(lambda: not missing(hub, games), 30, "A, B and C whole at the hub")
    except AssertionError:
        have = {name: (len(g.lines), g.events, g.released) for (_, name), g in hub.games.items()}
        raise AssertionError(f"not whole at the hub: {missing(hub, games)}; "
                             f"it has (lines, events, released) {have}") from None


def assert_counted_once(hub: Hub, games: list[RecordedTable]) -> None:
    counting, repeats = hub.counting()
    assert sorted(g.name for g in counting) == sorted(t.path.stem for t in games)
    assert repeats == []
    assert hub_points(hub) == expected_points([t.path for t in games])
    assert {s.name: s.games for s in hub.standings()} == {p: len(games) for p in PLAYERS}


def test_a_game_the_broker_lost_whole_is_asked_for_once_the_table_has_moved_on(tmp_path):
    """The broker loses game A whole (the hub took none of it), the table starts B, and the
    broker restarts without its database: the table's state names B, and nothing the hub
    has names A. The table's game list does, so the hub asks for A."""
    broker = Mosquitto(tmp_path).start()
    hub = Hub(tmp_path / "hub", event="night")
    lossy = LossyHub(hub, broker.port)
    lossy.link.start()
    data = tmp_path / "table1"
    data.mkdir()
    a, b, c = games = night(data)
    pub = Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", 1), data, poll=None).start()
    try:
        assert lossy.link.connected.wait(10)
        assert pub.wait_idle(15)  # its first look: a game finished before it is an old one
        lossy.lost = a.path.stem
        a.write()
        pub.tell()
        assert pub.wait_idle(15), "the broker acknowledged the whole of A"
        b.write(5)
        pub.tell()
        assert pub.wait_idle(15)
        wait_until(lambda: lossy.dropped > 0, 10, "A's messages to reach the hub and be lost")
        broker.stop()
        broker.start()
        wait_until(lossy.link.connected.is_set, 15, "the hub back on the broker")
        lossy.lost = None
        b.write()
        c.write()
        pub.tell()
        assert pub.wait_idle(15)
        wait_for_every_game(hub, games)
        assert_counted_once(hub, games)
    finally:
        pub.close(flush=0.5)
        lossy.link.close()
        hub.close()
        broker.stop()


def test_two_games_published_while_the_hub_was_away_reach_it_after_a_broker_restart(
        tmp_path):
    """The hub is away (the broker keeps its session) while the table plays A and B; the
    broker restarts without its database, and with it goes all it kept for the hub. The
    hub comes back, the table plays C: A, B and C each count once."""
    broker = Mosquitto(tmp_path).start()
    hub = Hub(tmp_path / "hub", event="night")
    data = tmp_path / "table1"
    data.mkdir()
    a, b, c = games = night(data)
    first = HubLink(hub, "cafe", "127.0.0.1", broker.port).start()
    again = None
    pub = Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", 1), data, poll=None).start()
    try:
        assert first.connected.wait(10)
        first.close()  # away: the broker queues the table's lines for the hub's session
        assert pub.wait_idle(15)  # its first look: a game finished before it is an old one
        a.write()
        pub.tell()
        b.write()
        pub.tell()
        assert pub.wait_idle(15), "the broker acknowledged A and B"
        broker.stop()
        broker.start()
        again = HubLink(hub, "cafe", "127.0.0.1", broker.port).start()
        assert again.connected.wait(10)
        c.write()
        pub.tell()
        assert pub.wait_idle(15)
        wait_for_every_game(hub, games)
        assert_counted_once(hub, games)
    finally:
        pub.close(flush=0.5)
        if again is not None:
            again.close()
        hub.close()
        broker.stop()


def retained_list(port: int) -> list[dict[str, Any]]:
    """The game list the broker keeps for table 1, as a hub that starts reads it."""
    got: list[bytes] = []
    reader = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                         client_id="reader")
    reader.on_message = lambda c, u, m: got.append(m.payload) if m.retain else None
    reader.on_connect = lambda c, u, f, rc, p: c.subscribe("coda/cafe/table/1/games", qos=1)
    reader.connect("127.0.0.1", port)
    reader.loop_start()
    try:
        wait_until(lambda: got, 10, "the retained game list")
    finally:
        reader.disconnect()
        reader.loop_stop()
    listed = json.loads(got[-1])["games"]
    assert isinstance(listed, list)
    return listed


def test_the_list_names_the_nights_newest_games_and_no_older_ones(tmp_path):
    """Old games stay home (finished before the club was set up, or last modified a night
    ago), and a night of more games than a list holds names the newest."""
    broker = Mosquitto(tmp_path).start()
    data = tmp_path / "table1"
    data.mkdir()
    club = ClubConfig("127.0.0.1", broker.port, "cafe", 1)
    before_the_club = RecordedTable(data, demo_lines(4, 3), PLAYERS,
                                    name="coda-2026-11-20T19-00-00.n1")
    before_the_club.write()
    pub = Publisher(club, data).start()
    try:
        assert pub.wait_idle(15)  # its first look: the game before the club stays home
        last_week = RecordedTable(data, demo_lines(5, 3), PLAYERS,
                                  name="coda-2026-11-21T19-00-00.n2")
        last_week.write()
        assert pub.wait_idle(15)
        pub.close(flush=0.5)
        a_day = time.time() - 24 * 3600
        os.utime(last_week.path, (a_day, a_day))
        tonight = [RecordedTable(data, demo_lines(6, 3), PLAYERS,
                                 name=f"coda-2026-11-28T19-00-00.n{n}")
                   for n in range(3, 3 + MAX_LISTED + 2)]
        for n, table in enumerate(tonight[:2]):
            table.write(2 + n)
        # Told, not polling: a game is listed with the line it had when the publisher first
        # saw it (the line it began at, for a live table), and a poll could catch one of
        # these games between its writes. Its later lines travel as events.
        pub = Publisher(club, data, poll=None).start()
        assert pub.wait_idle(15)
        # Idle is every line acknowledged; the list goes after the lines, so the broker may
        # take it a moment later, and keeps last night's list until then.
        listed = [{"game": t.path.stem, "seq": t.written, "released": 1} for t in tonight[:2]]
        wait_until(lambda: retained_list(broker.port) == listed, 10, f"the list {listed}")
        for n, table in enumerate(tonight[2:]):
            table.write(2 + n % 5)
        pub.tell()
        assert pub.wait_idle(15)
        newest = tonight[-MAX_LISTED:]
        wait_until(lambda: [g["game"] for g in retained_list(broker.port)] ==
                   [t.path.stem for t in newest], 10, "the newest games listed")
        assert [g["seq"] for g in retained_list(broker.port)] == [t.written for t in newest]
    finally:
        pub.close(flush=0.5)
        broker.stop()

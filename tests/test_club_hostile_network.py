"""A stranger with two tables' passwords against the real hub and a real Mosquitto set up as
`coda-pi club broker-setup` sets it up (issue 30, items 6 and 7). Hypothesis drives what the
stranger publishes: real games published again under new record names, other seeds and
timestamps, with an event taken back and played again, and with a player's name spelt with
look-alike characters; new games whose players look like the club's players; game lists
naming its copies, each claiming more lines than it sent; floods of retained messages on
any topic under the tables' names. After each case the standings are exactly those of each
game counted once (the first publication of each), no two unmarked rows look alike; at the
end the broker keeps of each table only a state, a status and a game list the hub takes
(the ACL allows five topics, the hub clears the rest). The number of cases is printed
(``HOSTILE_CASES`` in the environment sets it)."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from club_parts import Mosquitto, demo_lines, need_mosquitto, wait_until
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coda_pi.club.broker import MAX_PACKET_BYTES, write_setup
from coda_pi.club.hub import Hub
from coda_pi.club.hub_mqtt import HubLink
from coda_pi.club.messages import MAX_LISTED, MAX_SEQ
from coda_pi.club.names import skeleton

pytestmark = need_mosquitto

CASES = int(os.environ.get("HOSTILE_CASES", "40"))
STRANGERS = (2, 3)  # the tables whose passwords the stranger has
LEAVES = ("events", "record", "state", "status", "games")
# Spellings that read as the name they stand for: a copy under them is the same game.
LOOK_ALIKE = {"Ann": ["Ann\u200b", "\uff21nn", "\u0410nn", "Ann\u2060", "A\u200dnn"],
              "Ben": ["\u0392en", "Ben\ufeff", "\uff22\uff45\uff4e"]}


def base_games() -> list[list[dict[str, Any]]]:
    """The club's real games: two of them dealt alike and played differently."""
    games = [demo_lines(seed, 2) for seed in (1, 2, 3)]
    games += [demo_lines(7, 2, play_seed=100), demo_lines(7, 2, play_seed=200)]
    return [[dict(g[0], players=["Ann", "Ben"]), *g[1:]] for g in games]


def variant(lines: list[dict[str, Any]], n: int, players: list[str], undo: bool
            ) -> list[dict[str, Any]]:
    header = dict(lines[0], players=players, seed=f"{n:032x}", t=1_700_000_000 + n)
    body = [dict(obj, t=1_700_000_000 + n + i) for i, obj in enumerate(lines[1:])]
    if undo:
        middle = len(body) // 2
        body = [*body[:middle + 1], {"event": "undo"}, *body[middle:]]
    return [header, *body]


publish_game = st.fixed_dictionaries({
    "kind": st.just("game"), "game": st.integers(0, 4), "table": st.sampled_from(STRANGERS),
    "n": st.integers(0, 10**6), "undo": st.booleans(),
    "ann": st.one_of(st.just("Ann"), st.sampled_from(LOOK_ALIKE["Ann"])),
    "ben": st.one_of(st.just("Ben"), st.sampled_from(LOOK_ALIKE["Ben"])),
})
flood = st.fixed_dictionaries({
    "kind": st.just("flood"), "table": st.sampled_from(STRANGERS),
    "topics": st.lists(st.one_of(st.sampled_from(LEAVES),
                                 st.text("abcxyz/0123", min_size=1, max_size=12)),
                       min_size=1, max_size=40),
    "size": st.integers(0, 20_000),
})
listing = st.fixed_dictionaries({
    "kind": st.just("list"), "table": st.sampled_from(STRANGERS),
    "names": st.integers(1, MAX_LISTED), "seq": st.integers(1, MAX_SEQ),
})
actions = st.lists(st.one_of(publish_game, publish_game, flood, listing), min_size=1,
                   max_size=4)


def standings(hub: Hub) -> dict[str, tuple[int, int, int, str | None]]:
    return {s.name: (s.points, s.games, s.wins, s.looks_like) for s in hub.standings()}


def test_the_hub_counts_each_game_once_against_a_stranger_on_the_network(tmp_path):
    setup = write_setup(tmp_path / "broker", "cafe", 3, bind="127.0.0.1")
    (tmp_path / "mq").mkdir()
    broker = Mosquitto(tmp_path / "mq")
    conf = setup.conf.read_text().replace("listener 1883 127.0.0.1",
                                          f"listener {broker.port} 127.0.0.1")
    broker.conf.write_text(conf + "persistence false\n"
                           + ("user root\n" if os.getuid() == 0 else ""))
    broker.start()
    hub = Hub(tmp_path / "hub", event="night")
    truth = Hub(tmp_path / "truth", event="night")  # each game once, by the test's own hand
    link = HubLink(hub, "cafe", "127.0.0.1", broker.port,
                   password=setup.passwords["hub"]).start()
    strangers: dict[int, mqtt.Client] = {}
    games = base_games()
    published: set[int] = set()
    names: dict[int, list[str]] = {t: [] for t in STRANGERS}  # the record names each sent
    cases = [0]
    sent = [0]
    try:
        assert link.connected.wait(10)
        for t in STRANGERS:
            client = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                                 client_id=f"coda-cafe-table-{t}")
            client.username_pw_set(f"table{t}", setup.passwords[f"table{t}"])
            on = threading.Event()
            client.on_connect = lambda c, u, f, rc, p, on=on: on.set()
            client.connect("127.0.0.1", broker.port)
            client.loop_start()
            assert on.wait(10)
            strangers[t] = client

        @settings(max_examples=CASES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(actions)
        def case(steps: list[dict[str, Any]]) -> None:
            cases[0] += 1
            for step in steps:
                client = strangers[step["table"]]
                root = f"coda/cafe/table/{step['table']}"
                if step["kind"] == "flood":
                    for topic in step["topics"]:
                        client.publish(f"{root}/{topic}", b"x" * step["size"], qos=1,
                                       retain=True)
                    continue
                if step["kind"] == "list":
                    # The table's copies, each said to go on past what was sent: the hub
                    # asks for the rest, which never comes, and counts nothing more.
                    listed = names[step["table"]][-step["names"]:]
                    doc = json.dumps({"games": [
                        {"game": n, "seq": step["seq"], "released": step["seq"]}
                        for n in listed]}).encode()
                    client.publish(f"{root}/games", doc, qos=1, retain=True)
                    continue
                lines = variant(games[step["game"]], step["n"], [step["ann"], step["ben"]],
                                step["undo"])
                # A new record name each time: a name the table used already is that game
                # (its lines by number), which tells the hub nothing new.
                sent[0] += 1
                name = f"coda-2026-11-23T20-00-00.n{sent[0]}"
                names[step["table"]].append(name)
                doc = json.dumps({"game": name, "from": 1, "lines": lines}).encode()
                client.publish(f"{root}/record", doc, qos=1)
                if step["game"] not in published:
                    # The first publication of a game is the one that counts.
                    published.add(step["game"])
                    truth.on_message(1, "record", json.dumps({
                        "game": f"coda-2026-11-23T1{step['game']}-00-00", "from": 1,
                        "lines": lines}).encode())
            # A status after it all on each connection: once the hub shows it, the hub has
            # taken everything before it (one client's messages arrive in order).
            mark = ("online", "offline")[cases[0] % 2]
            for t, client in strangers.items():
                client.publish(f"coda/cafe/table/{t}/status", mark, qos=1,
                               retain=True).wait_for_publish(10)
            with hub.lock:
                assert hub.lock.wait_for(
                    lambda: all(hub.status.get(t) == mark for t in STRANGERS), timeout=10), \
                    "the hub to take the case's messages"
            got = standings(hub)
            assert got == standings(truth)
            assert sum(games for _, games, _, _ in got.values()) == 2 * len(published)
            unmarked = [skeleton(name) for name, row in got.items() if row[3] is None]
            assert len(unmarked) == len(set(unmarked)), got

        case()
        print(f"\nhostile network: {cases[0]} cases, each game counted once")
        assert cases[0] >= min(CASES, 20)
        time.sleep(0.5)  # the hub's last clearing publishes reach the broker
        for t, client in strangers.items():  # and the tables say they are there
            client.publish(f"coda/cafe/table/{t}/status", "online", qos=1,
                           retain=True).wait_for_publish(10)
    finally:
        link.close()
        for client in strangers.values():
            client.disconnect()
            client.loop_stop()
    # What the broker keeps for the stranger's tables: read as the hub reads it.
    kept: list[tuple[str, int]] = []
    reader = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                         client_id="coda-hub-cafe")
    reader.username_pw_set("hub", setup.passwords["hub"])
    reader.on_message = lambda c, u, m: kept.append((m.topic, len(m.payload))) \
        if m.retain else None
    try:
        reader.connect("127.0.0.1", broker.port)
        reader.loop_start()
        reader.subscribe("coda/cafe/#", qos=1)
        wait_until(lambda: sum(t.endswith("/status") for t, _ in kept) == len(STRANGERS), 10,
                   "the retained statuses")
        time.sleep(0.3)  # every retained message comes at once, on the subscription
        # The state, the status and the game list, and only as the hub takes them: the hub
        # cleared the rest.
        allowed = {f"coda/cafe/table/{t}/{leaf}" for t in STRANGERS
                   for leaf in ("state", "status", "games")}
        assert {t for t, _ in kept} <= allowed and len(kept) <= len(allowed), kept
        assert all(size <= MAX_PACKET_BYTES for _, size in kept)
    finally:
        reader.disconnect()
        reader.loop_stop()
        hub.close()
        truth.close()
        broker.stop()


def test_a_name_written_to_look_like_a_players_is_no_new_player(tmp_path: Path):
    """The look-alike spellings the hostile test uses really are the names they copy."""
    for name, spellings in LOOK_ALIKE.items():
        for spelling in spellings:
            assert spelling != name and skeleton(spelling) == skeleton(name), spelling

"""Tables, a real Mosquitto and the hub: outages lose nothing and count nothing twice, and
the broker's ACL keeps each table to its own topics. The broker runs on a free loopback port."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from club_parts import (
    Mosquitto,
    RecordedTable,
    demo_lines,
    file_lines,
    need_mosquitto,
    published_lines,
    wait_until,
)

from coda_pi.club.broker import write_setup
from coda_pi.club.cursor import CURSOR_NAME
from coda_pi.club.hub import Hub
from coda_pi.club.hub_mqtt import HubLink
from coda_pi.club.publisher import Publisher
from coda_pi.config import ClubConfig
from coda_pi.replay import replay_file

pytestmark = need_mosquitto
ROOT = Path(__file__).resolve().parent.parent


def expected_points(records: list[Path]) -> dict[str, int]:
    """What every table's record replays to: points per player over the ended rounds."""
    points: dict[str, int] = {}
    for path in records:
        s = replay_file(path).summary()
        for r in s["rounds"]:
            for name, n in zip(s["players"], r["points"], strict=True):
                points[name] = points.get(name, 0) + n
    return points


def hub_points(hub: Hub) -> dict[str, int]:
    return {s.name: s.points for s in hub.standings()}


def hub_has_everything(hub: Hub, records: dict[int, Path]) -> bool:
    for table, path in records.items():
        game = hub.games.get((table, path.stem))
        if game is None or game.lines != published_lines(path) or \
                game.events != len(game.lines):
            return False
    return True


def test_broker_restart_and_publisher_restart_lose_nothing_and_repeat_nothing(tmp_path):
    broker = Mosquitto(tmp_path).start()
    hub = Hub(tmp_path / "hub", event="night")
    link = HubLink(hub, "cafe", "127.0.0.1", broker.port).start()
    tables, pubs, records = [], {}, {}
    try:
        assert link.connected.wait(10)
        for t, (seed, players) in enumerate([(1, 2), (2, 4), (3, 3)], 1):
            data = tmp_path / f"table{t}"
            data.mkdir()
            names = [f"T{t}-{i}" for i in range(players)]
            table = RecordedTable(data, demo_lines(seed, players), names)
            tables.append(table)
            records[t] = table.path
            pubs[t] = Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", t), data).start()
        for table in tables:
            table.write(15)
        wait_until(lambda: all(g.events >= 15 for g in hub.games.values())
                   and len(hub.games) == 3, 15, "the first lines at the hub")

        broker.stop()  # mid-game: the tables play on, nothing waits for the broker
        started = time.monotonic()
        for table in tables:
            table.write(20)
        assert time.monotonic() - started < 2.0
        # A table's device restarts during the outage: its cursor is all it remembers.
        pubs[2].close(flush=0.2)
        cursor = json.loads((tmp_path / "table2" / CURSOR_NAME).read_text())
        acked = cursor["files"][records[2].stem]["events"]
        assert 15 <= acked < tables[1].written
        pubs[2] = Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", 2),
                            tmp_path / "table2").start()

        broker.start()
        for table in tables:
            table.write()
        for pub in pubs.values():
            assert pub.wait_idle(20)
        wait_until(lambda: hub_has_everything(hub, records), 20, "every line at the hub")
        assert hub_points(hub) == expected_points(list(records.values()))
        # The hub's own copy of each game is the record, line for line: nothing lost, no
        # line twice, so the standings count each point once.
        for t, path in records.items():
            kept = tmp_path / "hub" / "night" / f"table{t}-{path.stem}.jsonl"
            assert file_lines(kept) == published_lines(path)  # all but the seed
            state = hub.table_view(t)["state"]
            assert state["finished"] and state["totals"] == replay_file(path).summary()["totals"]
            # Delivered whole: the cursor says so, and the next start does not read it again.
            cursor_file = tmp_path / f"table{t}" / CURSOR_NAME
            n = len(file_lines(path))
            want = {"events": n, "record": n, "skip": False, "done": True}
            wait_until(lambda f=cursor_file, name=path.stem, want=want:
                       json.loads(f.read_text())["files"][name] == want,
                       10, "the cursor to mark the game delivered")
    finally:
        for pub in pubs.values():
            pub.close(flush=0.5)
        link.close()
        hub.close()
        broker.stop()


def test_a_hub_started_late_asks_for_what_it_missed(tmp_path):
    broker = Mosquitto(tmp_path).start()
    data = tmp_path / "table1"
    data.mkdir()
    table = RecordedTable(data, demo_lines(1, 2), ["Ann", "Ben"])
    pub = Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", 1), data).start()
    link = None
    hub = Hub(tmp_path / "hub", event="night")
    try:
        table.write(30)
        assert pub.wait_idle(10)  # acknowledged by the broker, and nobody listening yet
        link = HubLink(hub, "cafe", "127.0.0.1", broker.port).start()
        table.write()
        wait_until(lambda: hub_has_everything(hub, {1: table.path}), 20, "the whole game")
        assert hub_points(hub) == expected_points([table.path])
    finally:
        pub.close(flush=0.5)
        if link is not None:
            link.close()
        hub.close()
        broker.stop()


def _club_config(path: Path, port: int, table: int) -> Path:
    path.write_text(f'[club]\nhost = "127.0.0.1"\nport = {port}\nclub = "cafe"\n'
                    f"table = {table}\n")
    return path


def test_headless_demo_tables_publish_through_the_device_and_catch_up_after_an_outage(
        tmp_path):
    """Real devices (`coda-pi demo --headless`, the app with its [club] hook) while the
    broker goes down mid-game; the next start of the publisher catches up from its cursor."""
    broker = Mosquitto(tmp_path).start()
    hub = Hub(tmp_path / "hub", event="night")
    link = HubLink(hub, "cafe", "127.0.0.1", broker.port).start()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    procs, records = [], {}
    try:
        assert link.connected.wait(10)
        for t, rounds in ((1, 3), (2, 1)):
            data = tmp_path / f"table{t}"
            data.mkdir()
            records[t] = data / "coda-night.jsonl"
            config = _club_config(tmp_path / f"club{t}.toml", broker.port, t)
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "coda_pi.cli", "demo", "--headless", "--no-frames",
                 "--seed", str(t),
                 "--players", "3", "--rounds", str(rounds), "--record", str(records[t]),
                 "--config", str(config)],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
        wait_until(lambda: records[1].exists() and len(file_lines(records[1])) >= 20, 60,
                   "table 1 to be mid-game")
        broker.stop()
        for proc in procs:
            _, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err.decode()
        broker.start()
        assert wait_until(link.connected.is_set, 15, "the hub back on the broker")
        # The devices' next start: each publishes from its cursor (both at once).
        catch_up = [subprocess.Popen(
            [sys.executable, "-m", "coda_pi.cli", "club", "publish", "--config",
             str(tmp_path / f"club{t}.toml"), "--data-dir", str(tmp_path / f"table{t}"),
             "--until-done", "30"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            for t in records]
        for proc in catch_up:
            out, _ = proc.communicate(timeout=90)
            assert proc.returncode == 0, out
            assert "every line acknowledged" in out
        # The broker (no persistence: as after a crash, docs/club.md) lost what it still
        # held for the hub when it stopped, though the tables had their acknowledgements:
        # the hub asks for the gap, and a device answers once it runs again (the publisher
        # above ended as soon as its own lines were acknowledged, before any ask).
        running = [subprocess.Popen(
            [sys.executable, "-m", "coda_pi.cli", "club", "publish", "--config",
             str(tmp_path / f"club{t}.toml"), "--data-dir", str(tmp_path / f"table{t}")],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            for t in records]
        procs.extend(running)
        wait_until(lambda: hub_has_everything(hub, records), 60, "every demo line at the hub")
        for proc in running:  # (the hub may have had everything before they even started)
            proc.terminate()
            proc.communicate(timeout=30)
        assert hub_points(hub) == expected_points(list(records.values()))
        assert all(hub.table_view(t)["state"]["finished"] for t in records)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        link.close()
        hub.close()
        broker.stop()


def test_tables_authenticate_and_write_only_their_own_topics(tmp_path):
    setup = write_setup(tmp_path / "broker", "cafe", 2, bind="127.0.0.1")
    broker = Mosquitto(tmp_path)
    conf = setup.conf.read_text().replace("listener 1883 127.0.0.1",
                                          f"listener {broker.port} 127.0.0.1")
    # As root, mosquitto would read the files as user mosquitto, who cannot enter pytest's
    # private temporary directory; the installed set-up lives in /etc/mosquitto instead.
    broker.conf.write_text(conf + "persistence false\n" + ("user root\n" if os.getuid() == 0
                                                             else ""))
    broker.start()
    seen: list[tuple[str, bytes]] = []
    got = threading.Event()

    def client(user: str | None, password: str | None = None) -> mqtt.Client:
        c = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                        client_id=f"test-{user}-{time.monotonic_ns()}")
        if user:
            c.username_pw_set(user, password)
        return c

    try:
        spectator = client("hub", setup.passwords["hub"])  # reads everything of the club
        spectator.on_message = lambda c, u, m: (seen.append((m.topic, m.payload)), got.set())
        subscribed = threading.Event()  # the broker acknowledged the subscription
        spectator.on_connect = lambda c, u, f, rc, p: c.subscribe("coda/cafe/#", 1)
        spectator.on_subscribe = lambda c, u, mid, rcs, p: subscribed.set()
        spectator.connect("127.0.0.1", broker.port)
        spectator.loop_start()
        assert subscribed.wait(5)

        table1 = client("table1", setup.passwords["table1"])
        table1.connect("127.0.0.1", broker.port)
        table1.loop_start()
        table1.publish("coda/cafe/table/2/events", b"forged", qos=1).wait_for_publish(5)
        table1.publish("coda/cafe/table/1/events", b"mine", qos=1).wait_for_publish(5)
        assert got.wait(5)
        time.sleep(0.5)  # anything forged would have arrived by now
        assert seen == [("coda/cafe/table/1/events", b"mine")]

        refused = threading.Event()
        intruder = client("table1", "wrong")
        intruder.on_connect = lambda c, u, f, rc, p: refused.set() if rc.is_failure else None
        intruder.connect("127.0.0.1", broker.port)
        intruder.loop_start()
        assert refused.wait(5)
        for c in (spectator, table1, intruder):
            c.disconnect()
            c.loop_stop()
    finally:
        broker.stop()


@pytest.mark.parametrize("leaf", ["events", "record", "state"])
def test_the_hub_shrugs_off_garbage(tmp_path, leaf):
    hub = Hub(tmp_path, event="n")
    for payload in (b"", b"not json", b"[]", b'{"game": 3}', b'{"game": "g", "seq": "x"}',
                    b'{"game": "g", "from": 1, "lines": "x"}'):
        hub.on_message(1, leaf, payload)  # must not raise
    assert hub.standings() == []
    assert all(not g.lines and g.live is None for g in hub.games.values())


def test_old_games_stay_home_and_a_missing_broker_blocks_nothing(tmp_path):
    data = tmp_path / "table1"
    data.mkdir()
    old = RecordedTable(data, demo_lines(1, 2), ["Old", "Game"], name="coda-2026-01-01T20-00-00")
    old.write()
    old.close()
    unfinished = RecordedTable(data, demo_lines(2, 4), ["Ann", "Ben", "Cy", "Dee"],
                               name="coda-2026-11-23T20-00-00")
    unfinished.write(10)
    broker = Mosquitto(tmp_path)  # not started yet: nobody answers on its port
    started = time.monotonic()
    pub = Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", 1), data).start()
    assert time.monotonic() - started < 0.5  # the device's start does not wait for it
    hub = Hub(tmp_path / "hub", event="night")
    link = None
    try:
        unfinished.write(10)  # play goes on, broker or not
        broker.start()
        link = HubLink(hub, "cafe", "127.0.0.1", broker.port).start()
        unfinished.write()
        wait_until(lambda: hub_has_everything(hub, {1: unfinished.path}), 20, "the new game")
        assert [name for (_, name) in hub.games] == [unfinished.path.stem]
    finally:
        pub.close(flush=0.5)
        if link is not None:
            link.close()
        hub.close()
        broker.stop()

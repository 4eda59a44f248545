"""What a hostile table costs the hub (issue 22, item 11), and what the checks at its door cost.

- Memory: a hub on a real Mosquitto with the club's set-up (`coda-pi club broker-setup`'s
  mosquitto.conf); a table with its password sends ten 10 MB messages, then ten just under the
  broker's packet limit (the hub refuses them). Figures: the hub's RSS before, after each
  burst, and how many of the big messages reached the hub at all.
- Speed: one real events message checked (coda_pi.club.messages.decode: size, strict JSON,
  depth, JSON Schema, name pattern) against json.loads alone, per message, on this machine.
- Republished games (issue 30, item 6): one real three-round game published again three
  times under new record names, other seeds and timestamps; what the hub counts for each
  player against the truth (the game once) and against counting every record name.
- Look-alike names: Ann's games under "Ann", "Ann" + zero-width space, fullwidth, Cyrillic
  "А" and a right-to-left override: the rows the standings show, and how many read as "Ann"
  with no mark.
- Retained flood (issue 30, item 7): a table with its password publishes 400 retained
  messages of 200 kB on topics of its own (and one on each of its five topics); the broker's
  RSS before and after and what it keeps retained, with the old ``table/N/#`` ACL, with the
  set-up's (the five named topics), and with it and the hub listening (it clears the rest).

Run: .venv/bin/python bench/bench_club_hostile.py   (needs mosquitto: apt install mosquitto)
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import sys
import tempfile
import threading
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import paho.mqtt.client as mqtt  # noqa: E402
from club_parts import MOSQUITTO, Mosquitto, demo_lines  # noqa: E402

from coda_pi.club import topics  # noqa: E402
from coda_pi.club.broker import MAX_PACKET_BYTES, write_setup  # noqa: E402
from coda_pi.club.follow import FollowedRecord  # noqa: E402
from coda_pi.club.hub import Hub  # noqa: E402
from coda_pi.club.hub_mqtt import HubLink  # noqa: E402
from coda_pi.club.messages import decode  # noqa: E402
from coda_pi.record import RecordWriter  # noqa: E402


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def burst(port: int, password: str, size: int, count: int) -> None:
    """``count`` messages of ``size`` bytes from table 1 in a process of its own (its memory
    is not the hub's), each on a fresh connection (the broker drops a client whose packet is
    over its limit)."""
    child = mp.get_context("fork").Process(target=_burst, args=(port, password, size, count))
    child.start()
    child.join(120)


def _burst(port: int, password: str, size: int, count: int) -> None:
    for _ in range(count):
        done = threading.Event()
        client = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                             client_id="coda-cafe-table-1")
        client.username_pw_set("table1", password)
        client.on_connect = lambda c, u, f, rc, p, d=done: d.set()
        client.connect("127.0.0.1", port)
        client.loop_start()
        done.wait(5)
        client.publish("coda/cafe/table/1/state", b"x" * size, qos=0)
        time.sleep(0.3)
        client.disconnect()
        client.loop_stop()


def memory(tmp: Path) -> None:
    setup = write_setup(tmp / "broker", "cafe", 2, bind="127.0.0.1")
    (tmp / "mq").mkdir()
    broker = Mosquitto(tmp / "mq")
    conf = setup.conf.read_text().replace("listener 1883 127.0.0.1",
                                          f"listener {broker.port} 127.0.0.1")
    broker.conf.write_text(conf + "persistence false\n"
                           + ("user root\n" if os.getuid() == 0 else ""))
    broker.start()
    hub = Hub(tmp / "hub", event="night")
    link = HubLink(hub, "cafe", "127.0.0.1", broker.port, password=setup.passwords["hub"])
    seen = [0]
    original = hub.on_message

    def counting(table: int, leaf: str, payload: bytes) -> list:
        seen[0] += len(payload) > 100_000  # only the bursts' messages are that big
        return original(table, leaf, payload)

    hub.on_message = counting  # type: ignore[method-assign]
    link.start()
    try:
        link.connected.wait(10)
        time.sleep(0.5)
        print(f"hub RSS at start: {rss_mb():.1f} MB")
        burst(broker.port, setup.passwords["table1"], 10 * 1024 * 1024, 10)
        time.sleep(1)
        print(f"after ten 10 MB messages: {rss_mb():.1f} MB; reached the hub: {seen[0]}")
        seen[0] = 0
        burst(broker.port, setup.passwords["table1"], MAX_PACKET_BYTES - 4096, 10)
        time.sleep(1)
        print(f"after ten {(MAX_PACKET_BYTES - 4096) // 1024} KiB messages (over the hub's "
              f"limit, under the broker's): {rss_mb():.1f} MB; reached the hub: {seen[0]}, "
              f"kept: {len(hub.games)} games")
    finally:
        link.close()
        hub.close()
        broker.stop()


def speed(tmp: Path) -> None:
    path = tmp / "coda-2026-11-23T20-00-00.n1.jsonl"
    with RecordWriter(path) as w:
        w.write_many(demo_lines(2, 4))
    followed = FollowedRecord(path)
    followed.read_more()
    line = followed.lines[len(followed.lines) // 2]
    payload = json.dumps({"game": path.stem, "seq": line.seq, "event": line.public,
                          "state": line.state, "released": followed.released}).encode()
    decode("events", payload)  # the schema compiled once, as at the hub's first message
    n = 5000
    checked = min(timeit.repeat(lambda: decode("events", payload), number=n, repeat=3)) / n
    parsed = min(timeit.repeat(lambda: json.loads(payload), number=n, repeat=3)) / n
    print(f"an events message of {len(payload)} bytes: checked in {checked * 1e6:.0f} us, "
          f"json.loads alone {parsed * 1e6:.0f} us ({1 / checked:.0f} messages/s checked)")


def _publish(hub: Hub, table: int, name: str, lines: list[dict]) -> None:
    hub.on_message(table, "record", json.dumps({"game": name, "from": 1,
                                                "lines": lines}).encode())


def _counts(hub: Hub) -> dict[str, tuple[int, int, int]]:
    return {s.name: (s.points, s.games, s.wins) for s in hub.standings()}


def _per_record(games: list[list[dict]]) -> dict[str, tuple[int, int, int]]:
    """What counting every record name as a game gives (main before issue 30)."""
    from coda_pi.record import RecordLine
    from coda_pi.replay import replay_lines

    out: dict[str, tuple[int, int, int]] = {}
    for lines in games:
        s = replay_lines([RecordLine(i + 1, o) for i, o in enumerate(lines)]).summary()
        top = max(s["totals"])
        for p, n in zip(s["players"], s["totals"], strict=True):
            pts, g, w = out.get(p, (0, 0, 0))
            out[p] = (pts + n, g + 1, w + (n == top))
    return out


def republished(tmp: Path) -> None:
    lines = demo_lines(1, 2, rounds=3)
    copies = [lines]
    for n in range(1, 4):
        header = dict(lines[0], seed=f"{n:032x}", t=1_700_000_000 + n)
        copies.append([header, *(dict(o, t=1_700_000_000 + n + i)
                                 for i, o in enumerate(lines[1:]))])
    truth = Hub(tmp / "truth", event="night")
    _publish(truth, 1, "coda-2026-11-23T20-00-00", lines)
    hub = Hub(tmp / "republished", event="night")
    for n, copy in enumerate(copies):
        _publish(hub, 1 + n % 2, f"coda-2026-11-23T2{n}-00-00.n{n}", copy)
    for name, (points, games, wins) in sorted(_counts(hub).items()):
        t_points, t_games, t_wins = _counts(truth)[name]
        r_points, r_games, r_wins = _per_record(copies)[name]
        print(f"republished game (x{len(copies)} record names): {name}: hub {wins} wins "
              f"{points} points in {games} games; truth {t_wins} wins {t_points} points in "
              f"{t_games}; counting every record name {r_wins} wins {r_points} points in "
              f"{r_games}")
    print(f"  not counted at the hub: {len(hub.snapshot()['not_counted'])} copies")
    hub.close()
    truth.close()


def look_alikes(tmp: Path) -> None:
    from coda_pi.club.names import skeleton

    spellings = ["Ann", "Ann\u200b", "\uff21\uff4e\uff4e", "\u0410nn", "\u202ennA"]
    hub = Hub(tmp / "names", event="night")
    for i, name in enumerate(spellings):
        lines = demo_lines(1 + i, 2)
        _publish(hub, 1, f"coda-2026-11-23T2{i}-00-00",
                 [dict(lines[0], players=[name, f"Opponent {i}"]), *lines[1:]])
    rows = [s for s in hub.standings() if not s.name.startswith("Opponent")]
    plain = [s for s in rows if skeleton(s.name) == skeleton("Ann") and s.looks_like is None]
    print(f"look-alike names: {len(spellings)} spellings of Ann -> {len(rows)} rows "
          f"({', '.join(repr(s.name) + (' marked' if s.looks_like else '') for s in rows)}); "
          f"rows that read as Ann unmarked: {len(plain)} (truth 1; counting by spelling "
          f"{len(spellings)})")
    hub.close()


def _broker_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def retained_flood(tmp: Path, *, old_acl: bool, with_hub: bool = False, count: int = 400,
                   size: int = 200_000) -> None:
    where = tmp / ("flood-old" if old_acl else "flood-hub" if with_hub else "flood")
    setup = write_setup(where / "broker", "cafe", 2, bind="127.0.0.1")
    if old_acl:  # main's ACL before issue 30: the whole subtree
        acl = setup.directory / "acl"
        text = acl.read_text().split("\nuser table1\n")[0]
        acl.write_text(text + "\nuser table1\ntopic readwrite coda/cafe/table/1/#\n")
    (where / "mq").mkdir(parents=True)
    broker = Mosquitto(where / "mq")
    conf = setup.conf.read_text().replace("listener 1883 127.0.0.1",
                                          f"listener {broker.port} 127.0.0.1")
    broker.conf.write_text(conf + "persistence false\n"
                           + ("user root\n" if os.getuid() == 0 else ""))
    broker.start()
    assert broker.proc is not None
    hub = link = None
    if with_hub:
        hub = Hub(where / "hub", event="night")
        link = HubLink(hub, "cafe", "127.0.0.1", broker.port,
                       password=setup.passwords["hub"]).start()
        link.connected.wait(10)
    try:
        time.sleep(0.3)
        before = _broker_rss_mb(broker.proc.pid)
        client = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                             client_id="coda-cafe-table-1")
        client.username_pw_set("table1", setup.passwords["table1"])
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        payload = b"x" * size
        info = None
        for i in range(count):
            info = client.publish(f"coda/cafe/table/1/flood/{i}", payload, qos=1, retain=True)
        leaves = [topic.rsplit("/", 1)[1] for topic in topics.written_by_table("cafe", 1)]
        for leaf in leaves:
            info = client.publish(f"coda/cafe/table/1/{leaf}", payload, qos=1, retain=True)
        assert info is not None
        info.wait_for_publish(60)
        client.disconnect()
        client.loop_stop()
        time.sleep(1.0)
        after = _broker_rss_mb(broker.proc.pid)
        if link is not None:
            link.close()
        kept = _retained(broker.port, setup.passwords["hub"])
        acl_name = ("table/N/# (before issue 30)" if old_acl
                    else f"the {len(leaves)} named topics")
        print(f"retained flood, {count + len(leaves)} retained messages of {size // 1000} kB, ACL "
              f"{acl_name}{', the hub listening' if with_hub else ', no hub'}: broker RSS "
              f"{before:.1f} MB before, {after:.1f} MB after; retained kept: {len(kept)} "
              f"({sum(kept.values()) / 1e6:.1f} MB)")
    finally:
        if hub is not None:
            hub.close()
        broker.stop()


def _retained(port: int, password: str) -> dict[str, int]:
    """topic -> size of every retained message under the club, read as the hub."""
    kept: dict[str, int] = {}
    reader = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                         client_id="coda-hub-cafe")
    reader.username_pw_set("hub", password)
    reader.on_message = lambda c, u, m: kept.__setitem__(m.topic, len(m.payload)) \
        if m.retain and m.payload else None
    reader.connect("127.0.0.1", port)
    reader.loop_start()
    reader.subscribe("coda/cafe/#", qos=1)
    time.sleep(1.5)
    reader.disconnect()
    reader.loop_stop()
    return kept


def main() -> int:
    with tempfile.TemporaryDirectory() as d:
        speed(Path(d))
        republished(Path(d))
        look_alikes(Path(d))
        if MOSQUITTO is None:
            print("no mosquitto: the memory figures need it (apt install mosquitto)")
            return 0
        retained_flood(Path(d), old_acl=True)
        retained_flood(Path(d), old_acl=False)
        retained_flood(Path(d), old_acl=False, with_hub=True)
        memory(Path(d))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What a hostile table costs the hub (issue 22, item 11), and what the checks at its door cost.

- Memory: a hub on a real Mosquitto with the club's set-up (`coda-pi club broker-setup`'s
  mosquitto.conf); a table with its password sends ten 10 MB messages, then ten just under the
  broker's packet limit (the hub refuses them). Figures: the hub's RSS before, after each
  burst, and how many of the big messages reached the hub at all.
- Speed: one real events message checked (coda_pi.club.messages.decode: size, strict JSON,
  depth, JSON Schema, name pattern) against json.loads alone, per message, on this machine.

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


def main() -> int:
    with tempfile.TemporaryDirectory() as d:
        speed(Path(d))
        if MOSQUITTO is None:
            print("no mosquitto: the memory figures need it (apt install mosquitto)")
            return 0
        memory(Path(d))
    return 0


if __name__ == "__main__":
    sys.exit(main())

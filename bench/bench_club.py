"""A club night at scale: 50 simulated tables through one Mosquitto and one hub.

Each table is a data directory whose "device" writes a real demo game's lines durably
(fsync per line, as the device does) and a Publisher that follows them, as on a table; the
tables run in two worker processes (a table is its own Pi in a club). The hub (MQTT link,
replay, web page) runs in this process, and a page client follows its live stream.

Two phases:
- paced: every table writes a line every PACE seconds (a busy club is far slower: a line
  every few seconds). Figures: the delay from a table's record write returning to the page's
  stream carrying that line (p50, p99, max).
- flood: every table writes a whole new game as fast as it can. Figure: lines per second
  through broker and hub (public events at the hub, full lines counted by replay).
Also: the hub's memory (RSS, and its growth over the run).
Run: .venv/bin/python bench/bench_club.py [--tables 50] [--pace 0.2]
Needs mosquitto (apt install mosquitto).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from club_parts import MOSQUITTO, Mosquitto, RecordedTable, demo_lines  # noqa: E402

from coda_pi.club.hub import Hub  # noqa: E402
from coda_pi.club.hub_mqtt import HubLink  # noqa: E402
from coda_pi.club.publisher import Publisher  # noqa: E402
from coda_pi.club.web import HubWeb  # noqa: E402
from coda_pi.config import ClubConfig  # noqa: E402


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def worker(tables: list[int], games: list[list[dict]], port: int, root: str, pace: float,
           start: float, results: str) -> None:
    """Runs some tables: their devices' writes and their publishers."""
    pubs = []
    writers: dict[int, RecordedTable] = {}
    for t in tables:
        data = Path(root) / f"table{t}"
        data.mkdir()
        names = [f"T{t}-{i}" for i in range(4)]
        writers[t] = RecordedTable(data, games[t % len(games)], names,
                                   name="coda-2026-11-23T20-00-00")
        pubs.append(Publisher(ClubConfig("127.0.0.1", port, "bench", t), data).start())
    while time.time() < start:
        time.sleep(0.01)
    times: dict[str, list[float]] = {}
    # Paced: the tables take turns, each a line every `pace` seconds.
    step = pace / len(tables)
    due = time.time()
    while not all(w.done for w in writers.values()):
        for w in writers.values():
            if not w.done:
                w.write(1)
            due += step
            time.sleep(max(0.0, due - time.time()))
    for t, w in writers.items():
        times[f"{t}"] = w.times
        w.close()
    # Flood: a second game per table, as fast as the disk allows.
    flood = {t: RecordedTable(Path(root) / f"table{t}", games[(t + 1) % len(games)],
                              [f"T{t}-{i}" for i in range(4)], name="coda-2026-11-23T21-00-00")
             for t in tables}
    flood_start = time.time()
    while not all(w.done for w in flood.values()):
        for w in flood.values():
            w.write(5)
    flood_end = time.time()
    for p in pubs:
        p.wait_idle(120)
    Path(results).write_text(json.dumps({"paced": times, "flood": [flood_start, flood_end],
                                         "lines": sum(len(w.lines) for w in flood.values())}))
    for p in pubs:
        p.close(flush=1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--pace", type=float, default=0.2,
                    help="seconds between two lines of one table in the paced phase")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if MOSQUITTO is None:
        print("bench_club: needs mosquitto (apt install mosquitto)")
        return 1
    print("making the demo games...", flush=True)
    games = [demo_lines(seed, 4) for seed in (2, 5, 7, 11)]
    root = Path(tempfile.mkdtemp(prefix="bench-club-"))
    # As `coda-pi club broker-setup` configures it (coda_pi/club/broker.py).
    broker = Mosquitto(root, extra="allow_anonymous true\nmax_queued_messages 20000\n").start()
    rss_start = rss_mb()
    hub = Hub(root / "hub", event="bench")
    link = HubLink(hub, "bench", "127.0.0.1", broker.port).start()
    web = HubWeb(hub, "127.0.0.1", 0).start()
    assert link.connected.wait(10)
    seen: dict[tuple[int, int], float] = {}  # (table, seq) -> when the page's stream had it
    stop = threading.Event()

    def page() -> None:
        with urllib.request.urlopen(f"{web.url}api/stream", timeout=600) as stream:
            for raw in stream:
                if raw.startswith(b"data:"):
                    now = time.time()
                    for t in json.loads(raw[5:])["tables"].values():
                        if t["game"] and t["game"].endswith("T20-00-00"):
                            seen.setdefault((t["table"], t["seq"]), now)
                if stop.is_set():
                    return

    threading.Thread(target=page, daemon=True).start()
    start = time.time() + 3.0 + args.tables * 0.05
    ctx = mp.get_context("spawn")
    procs = []
    per = [list(range(1, args.tables + 1))[i::args.workers] for i in range(args.workers)]
    for i, tables in enumerate(per):
        p = ctx.Process(target=worker, args=(tables, games, broker.port, str(root), args.pace,
                                             start, str(root / f"result{i}.json")))
        p.start()
        procs.append(p)
    print(f"{args.tables} tables in {args.workers} processes, broker on port {broker.port}",
          flush=True)
    cpu0 = os.times()
    for p in procs:
        p.join()
    results = [json.loads((root / f"result{i}.json").read_text()) for i in range(len(procs))]
    expected = sum(len(games[t % len(games)]) + len(games[(t + 1) % len(games)])
                   for t in range(1, args.tables + 1))
    deadline = time.time() + 60
    while time.time() < deadline:
        done = sum(min(len(g.lines), g.events) for g in hub.games.values())
        if done >= expected:
            break
        time.sleep(0.1)
    hub_done = time.time()
    stop.set()
    cpu1 = os.times()

    delays = []
    for res in results:
        for table, times in res["paced"].items():
            for seq, written in enumerate(times, 1):
                # The page shows a table's newest line; a line skipped by a coalesced update
                # is on the page once a later one is.
                shown = min((v for (t, s), v in seen.items() if t == int(table) and s >= seq),
                            default=None)
                if shown is not None:
                    delays.append(shown - written)
    delays.sort()
    flood_start = min(r["flood"][0] for r in results)
    flood_lines = sum(r["lines"] for r in results)
    counted = sum(min(len(g.lines), g.events) for g in hub.games.values())
    print(f"tables: {args.tables}; lines counted by the hub: {counted} of {expected}; "
          f"repeats dropped: {hub.duplicates}")
    if delays:
        q = statistics.quantiles(delays, n=100)
        print(f"paced (a line per table every {args.pace} s, "
              f"{args.tables / args.pace:.0f} lines/s in all): record write -> page update "
              f"p50 {q[49] * 1000:.0f} ms, p99 {q[98] * 1000:.0f} ms, "
              f"max {delays[-1] * 1000:.0f} ms over {len(delays)} lines")
    print(f"flood: {flood_lines} lines in {hub_done - flood_start:.1f} s = "
          f"{flood_lines / (hub_done - flood_start):.0f} events/s through broker and hub "
          f"(tables' writes took {max(r['flood'][1] for r in results) - flood_start:.1f} s)")
    print(f"hub: RSS {rss_mb():.0f} MB (grew {rss_mb() - rss_start:.0f} MB over the run), "
          f"CPU {cpu1.user - cpu0.user + cpu1.system - cpu0.system:.1f} s "
          f"(this process: hub, page, stream client)")
    web.close()
    link.close()
    hub.close()
    broker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long a freshly started hub takes over its first messages, cold and warmed up.

A hub that has just started (or reconnected to a restarted broker) is sent every table's
queued lines at once. Each child here is a fresh interpreter, as a hub just started: it
makes a Hub and takes one table's game as the broker would hand it over (a public event per
line, the round's full lines at its end), timing each message. "cold" takes them straight
away; "warm" first calls Hub.warm_up (as HubLink.start does before it subscribes), timed on
its own. The children alternate, so both see the same load.

Figures per child: the warm-up, the first message, the first 20 messages, and the median of
the later ones (the steady cost). The ratio is cold over warm for the first 20 messages.
Run: .venv/bin/python bench/bench_hub_first_messages.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST = 20


def payloads() -> list[tuple[str, str]]:
    """(leaf, payload) of one real demo game, in the order a table publishes them."""
    sys.path.insert(0, str(ROOT / "tests"))
    from club_parts import demo_lines

    from coda_pi.club.follow import FollowedRecord
    from coda_pi.club.projection import events_payload, record_payload

    record = FollowedRecord(Path("bench"))
    out: list[tuple[str, str]] = []
    released = 0
    for obj in demo_lines(1, 3, rounds=2):
        record.take(obj)
        line = record.lines[-1]
        out.append(("events", json.dumps(events_payload("coda-bench", line.seq, line.public,
                                                        line.state, record.released))))
        if record.released > released:
            lines = [ln.obj for ln in record.lines[released:record.released]]
            out.append(("record", json.dumps(record_payload("coda-bench", released + 1,
                                                            lines))))
            released = record.released
    return out


def child(mode: str, path: str) -> None:
    messages = json.loads(Path(path).read_text())
    from coda_pi.club.hub import Hub

    with tempfile.TemporaryDirectory() as d:
        hub = Hub(Path(d), event="bench")
        warm = 0.0
        if mode == "warm":
            started = time.perf_counter()
            hub.warm_up()
            warm = time.perf_counter() - started
        took = []
        for leaf, payload in messages:
            started = time.perf_counter()
            hub.on_message(1, leaf, payload.encode())
            took.append(time.perf_counter() - started)
        hub.close()
    print(json.dumps({"warm_up": warm, "first": took[0], "first20": sum(took[:FIRST]),
                      "steady": statistics.median(took[FIRST:]), "n": len(took)}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--child", choices=("cold", "warm"), help=argparse.SUPPRESS)
    ap.add_argument("--messages", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.messages)
        return 0
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(payloads(), f)
    try:
        print(f"first {FIRST} messages of a fresh hub (ms); cold = as on main before warm_up")
        for rep in range(1, args.repeats + 1):
            got = {}
            for mode in ("cold", "warm"):
                out = subprocess.run([sys.executable, __file__, "--child", mode, "--messages",
                                      f.name], env=env, capture_output=True, text=True,
                                     check=True, timeout=300)
                got[mode] = json.loads(out.stdout.strip().splitlines()[-1])
                g = got[mode]
                print(f"  run {rep} {mode}: warm-up {g['warm_up'] * 1e3:6.1f}  first "
                      f"{g['first'] * 1e3:6.1f}  first {FIRST} {g['first20'] * 1e3:6.1f}  "
                      f"steady {g['steady'] * 1e3:5.2f} per message ({g['n']} messages)  "
                      f"load {os.getloadavg()[0]:.2f}")
            ratio = got["cold"]["first20"] / got["warm"]["first20"]
            print(f"  run {rep}: the first {FIRST} messages take {ratio:.1f}x as long cold")
    finally:
        os.unlink(f.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

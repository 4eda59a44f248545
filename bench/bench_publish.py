#!/usr/bin/env python3
"""What the loop's companions cost the device: seat pods and phones publishing each seat's
private screen after every loop update.

A demo tournament (seed 36, four players, ``--rounds`` rounds, the device's or the entered
pool) is played headless with either four seat pods on the stand-in I2C bus or four phones,
every seat paired (the loop's ``PhoneBridge`` without its server: what the device itself
spends, not what HTTPS does). Printed per tournament:

- ``cpu``: the whole process's CPU for the tournament (the pods' writer thread included);
- ``publish``: the loop thread's CPU inside the companion's ``publish``;
- ``builds/press``: how many times per button press a seat's private view (pods) or a seat's
  whole page (phones: ``seat_page``; a page whose public part alone is made again when only
  the timer's seconds moved is not counted) was built, and ``same``: the share of those
  builds equal to the last one built for that seat (work that changed nothing).

With ``--against OTHER`` (another checkout, e.g. a detached worktree of integ) the same
tournaments run on both trees, one child process each, alternated ``--repeat`` times, so a
loaded machine weighs on both alike: read the ratio this/other within a run. The load
average is printed beside each figure.

    .venv/bin/python bench/bench_publish.py [--rounds 3] [--repeat 3] [--against /tmp/integ]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CASES = (("pods", "device"), ("pods", "entered"), ("phones", "device"), ("phones", "entered"))


def measure(kind: str, pool: str, rounds: int) -> dict[str, float]:
    """One tournament with ``kind`` ("pods" or "phones") at every seat; its figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from coda_pi.config import Config
    from coda_pi.demo import run_demo
    from coda_pi.devices.intent_queue import IntentQueue
    from coda_pi.phones import bridge as bridge_module
    from coda_pi.phones.bridge import PhoneBridge
    from coda_pi.pods import start
    from coda_pi.pods.companion import PodsCompanion
    from coda_pi.pods.settings import PodsConfig
    from coda_pi.referee.shared.base import BaseReferee
    from coda_pi.referee.shared.signals import Press
    from coda_pi.sim.pod_bus import four_pods

    counts: Counter[str] = Counter()
    last: dict[int, Any] = {}
    spent = [0.0]

    def built(seat: int, made: Any) -> None:
        counts["builds"] += 1
        counts["same"] += seat in last and last[seat] == made
        last[seat] = made

    def timed(publish: Any) -> Any:
        def measured(self: Any, referee: Any) -> None:
            start_ = time.thread_time()
            publish(self, referee)
            spent[0] += time.thread_time() - start_
            counts["publishes"] += 1
        return measured

    put = IntentQueue.put

    def counted_put(self: IntentQueue, intent: Any) -> None:
        counts["presses"] += isinstance(intent, Press)
        put(self, intent)

    IntentQueue.put = counted_put  # type: ignore[method-assign]
    if kind == "pods":
        start.BUS_OPENER = lambda port: four_pods()
        private_view_of = BaseReferee.private_view_of

        def counted_view(self: BaseReferee, seat: int) -> Any:
            view = private_view_of(self, seat)
            built(seat, view)
            return view

        BaseReferee.private_view_of = counted_view  # type: ignore[method-assign]
        PodsCompanion.publish = timed(PodsCompanion.publish)  # type: ignore[method-assign]
    else:
        seat_page = bridge_module.seat_page

        def counted_page(referee: Any, seat: int, *args: Any) -> Any:
            page = seat_page(referee, seat, *args)
            built(seat, page)  # compared as the dict: a JSON encoding here would be ours
            return page

        bridge_module.seat_page = counted_page  # type: ignore[assignment]
        PhoneBridge.publish = timed(PhoneBridge.publish)  # type: ignore[method-assign]

        def phones_instead(config: Any, companion: Any, sources: Any, closers: Any,
                           **kw: Any) -> tuple[Any, list[Any]]:
            # The pods' place in build_app, taken by four phones paired as the table's OK
            # pairs them (the pods stay off): the loop's companion is the phones'.
            phones = PhoneBridge()
            for seat in range(4):
                assert phones.pairings.complete(phones.pairings.request(seat).rid)
            return phones, list(sources)

        start.join_pods = phones_instead  # type: ignore[assignment]
    begin = time.process_time()
    result = run_demo(Config(pods=PodsConfig(enabled=True)), headless=True, seed=36,
                      players=4, rounds=rounds, draw=False, pool=pool)
    cpu = time.process_time() - begin
    assert result.finished and result.shown_totals == result.replay_totals
    presses = max(1, counts["presses"])
    return {"cpu": cpu, "publish": spent[0], "presses": float(counts["presses"]),
            "publishes": float(counts["publishes"]), "builds": float(counts["builds"]),
            "builds_per_press": counts["builds"] / presses,
            "same": counts["same"] / max(1, counts["builds"])}


def _child(tree: Path, kind: str, pool: str, rounds: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", kind, pool,
                          "--rounds", str(rounds)], env=env, capture_output=True, text=True,
                         check=True, cwd=tree)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _line(name: str, got: dict[str, float]) -> str:
    return (f"{name}: cpu {got['cpu']:5.2f} s  publish {got['publish']:5.2f} s  "
            f"builds/press {got['builds_per_press']:5.1f}  same {got['same']:4.0%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each tournament")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case on each tree")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--only", choices=("pods", "phones"), help="one kind of companion")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "POOL"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(*args.child, args.rounds)))
        return 0
    trees = {"this": ROOT} | ({"other": args.against.resolve()} if args.against else {})
    cases = [c for c in CASES if args.only in (None, c[0])]
    for kind, pool in cases:
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        print(f"\n{kind}, {pool} pool, 4 players, {args.rounds} rounds (seed 36)")
        for run in range(args.repeat):
            for name, tree in trees.items():
                runs[name].append(_child(tree, kind, pool, args.rounds))
                print(f"  run {run + 1} {_line(name, runs[name][-1])}  "
                      f"(load {os.getloadavg()[0]:.2f})")
        medians = {name: {k: statistics.median(r[k] for r in got) for k in got[0]}
                   for name, got in runs.items()}
        for name, got in medians.items():
            print(f"  median {_line(name, got)}")
        if "other" in medians:
            this, other = medians["this"], medians["other"]
            print(f"  this/other: cpu {this['cpu'] / other['cpu']:.2f}  publish "
                  f"{this['publish'] / max(other['publish'], 1e-9):.2f}  builds/press "
                  f"{this['builds_per_press']:.1f} vs {other['builds_per_press']:.1f}  "
                  f"(load now {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

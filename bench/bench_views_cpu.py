#!/usr/bin/env python3
"""The CPU of the view code every screen, phone, pod and twin-world test pays: the referee's
public view, a seat's private view and every seat's phone page, asked at each press of
whole device-pool and table-pool games played by the simulated players (as the twin-world
tests and a device with phones ask them).

Printed: microseconds of CPU per call of each, per source tree. With ``--against OTHER``
(another checkout, e.g. /work/main) the same games run on both trees, one child process a
round, alternated (``--rounds``), so a loaded machine weighs on both alike: the ratio of
this tree to OTHER is the figure to read. The load average is printed beside.

    .venv/bin/python bench/bench_views_cpu.py [--games 6] [--rounds 3] [--against /work/main]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measure(games: int) -> dict[str, float]:
    """µs of CPU per call of view, private view and one seat's page, over ``games`` games."""
    from coda_pi.phones.seat_views import seat_page
    from coda_pi.referee.coda.referee import Referee
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.referee.shared.views import FinalView
    from coda_pi.sim.coda import AutoPlayer
    from coda_pi.sim.table_pool import TablePoolAutoPlayer
    from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

    spent = {"view": 0.0, "private": 0.0, "page": 0.0}
    calls = {"view": 0, "private": 0, "page": 0}
    for game in range(games):
        pool = ("device", "table")[game % 2]
        setup = SetupDefaults(names=("Ann", "Ben", "Cy", "Di"), players=2 + game % 3,
                              dashes=game % 4 < 2, rounds=1, pool=pool, timer=False)
        clock = FakeClock()
        referee = Referee(clock=clock, rng=random.Random(game), record=MemoryRecord(),
                          setup=setup)
        table = Table(referee, clock)
        rng = random.Random(game + 1)
        player: Any = AutoPlayer(rng) if pool == "device" else TablePoolAutoPlayer(rng)
        for _ in range(3000):
            start = _cpu()
            public = referee.view()
            spent["view"] += _cpu() - start
            calls["view"] += 1
            if isinstance(public.screen, FinalView):
                break
            start = _cpu()
            private = referee.private_view()
            spent["private"] += _cpu() - start
            calls["private"] += 1
            if referee.game is not None:
                start = _cpu()
                for seat in range(referee.game.seats):
                    seat_page(referee, seat, public)
                spent["page"] += _cpu() - start
                calls["page"] += referee.game.seats
            intents = player.decide(public, private)
            if not intents:
                break
            for intent in intents:
                table.send(intent)
    return {name: 1e6 * spent[name] / max(1, calls[name]) for name in spent} | {
        "presses": float(calls["view"])}


def _child(tree: Path, games: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, __file__, "--child", "--games", str(games)],
                         env=env, capture_output=True, text=True, check=True, cwd=tree)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.games)))
        return 0
    trees = {"this": ROOT} | ({"other": args.against.resolve()} if args.against else {})
    figures: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for round_ in range(args.rounds):
        for name, tree in trees.items():
            figures[name].append(_child(tree, args.games))
        print(f"round {round_ + 1}: load {os.getloadavg()[0]:.2f}  " + "  ".join(
            f"{name}: " + " ".join(f"{k} {v:.0f}" for k, v in figures[name][-1].items())
            for name in trees))
    print(f"µs CPU per call, median of {args.rounds} rounds ({args.games} games each; "
          f"load now {os.getloadavg()[0]:.2f})")
    for part in ("view", "private", "page"):
        medians = {name: statistics.median(f[part] for f in runs)
                   for name, runs in figures.items()}
        line = f"  {part:<8}" + "".join(f" {name} {m:8.1f}" for name, m in medians.items())
        if "other" in medians:
            line += f"   this/other {medians['this'] / medians['other']:.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

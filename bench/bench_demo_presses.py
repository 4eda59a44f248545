"""Press to frame over the fixed-seed demo (seed 7, 3 seats), this checkout beside others, in
alternating child processes: bench_frames.py's demo-press figures alone, run after run.

Each child plays the demo twice (cold, then warm) through the device's loop and times each
loop pass that applied a press or a release (``bench_frames.demo_press_figures``): CPU of
the loop's thread plus the fsync thread's for the pass (the simulated players' thinking
taken out), and its wall time, press to frame shown, the card's fsync included. The
machine may be shared: each run prints its load average, and the checkouts alternate so a
burst of load hits both; compare within a run (the ratio column), not across runs.

Goal (issue 34): warm p99 under 1.3 ms of CPU here, 20 ms on a Zero (x15).

    .venv/bin/python bench/bench_demo_presses.py --against /tmp/main [--runs 3] [--rounds 1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ZERO_FACTOR = 15  # README "On the Pi": a Zero 2 W is 10-15x slower per core; the slow end
GOAL_MS = 1.3


def child(root: Path, rounds: int) -> dict[str, Any]:
    sys.path.insert(0, str(root))
    sys.path.insert(1, str(HERE))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import coda_pi

    if not Path(coda_pi.__file__).resolve().is_relative_to(root.resolve()):
        raise SystemExit(f"imported {coda_pi.__file__}, not {root}'s coda_pi")
    from bench_frames import demo_press_figures

    return demo_press_figures(rounds)


def run_child(root: Path, rounds: int) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(root),
               "--rounds", str(rounds)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def figure(result: dict[str, Any], kind: str, name: str) -> float:
    value: Any = result[kind]
    for key in name.split("."):
        value = value.get(key, float("nan")) if isinstance(value, dict) else float("nan")
    return float(value)


ROWS = (("p50_ms", "CPU p50"), ("p99_ms", "CPU p99"), ("wall.p50_ms", "wall p50"),
        ("wall.p99_ms", "wall p99"), ("fsync_thread_per_press_ms", "fsync thread CPU/press"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another checkout to measure beside this one (repeatable)")
    parser.add_argument("--runs", type=int, default=3, help="runs, each every checkout once")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the demo")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(child(args.child, args.rounds)))
        return 0
    roots = [HERE.parent, *args.against]
    for index, root in enumerate(roots):
        print(f"[{index + 1}] {root}")
    every: list[list[dict[str, Any]]] = [[] for _ in roots]
    for run in range(args.runs):
        results = []
        loads = []
        for index, root in enumerate(roots):  # alternating: a burst of load hits both
            loads.append(os.getloadavg()[0])
            results.append(run_child(root, args.rounds))
            every[index].append(results[-1])
        print(f"run {run + 1}: load average {', '.join(f'{x:.1f}' for x in loads)}; ms "
              f"({results[0]['warm']['presses']} passes each)")
        print(f"  {'':<32}" + "".join(f"{f'[{i + 1}]':>10}" for i in range(len(roots)))
              + ("   [1]/[2]" if len(roots) > 1 else ""))
        for kind in ("cold", "warm"):
            for key, label in ROWS:
                values = [figure(r, kind, key) for r in results]
                ratio = f"{values[0] / values[1]:9.2f}x" if len(values) > 1 and values[1] else ""
                print(f"  {kind + ' ' + label:<32}" + "".join(f"{v:10.3f}" for v in values)
                      + f" {ratio}")
    print(f"median over the runs, warm p99 (goal < {GOAL_MS} ms here, < 20 ms on a Zero):")
    for index, root in enumerate(roots):
        p99 = statistics.median(figure(r, "warm", "p99_ms") for r in every[index])
        wall = statistics.median(figure(r, "warm", "wall.p99_ms") for r in every[index])
        print(f"  [{index + 1}] CPU p99 {p99:.3f} ms (x{ZERO_FACTOR}: {p99 * ZERO_FACTOR:.1f} "
              f"ms on a Zero); wall p99 {wall:.3f} ms   {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

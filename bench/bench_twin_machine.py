#!/usr/bin/env python3
"""How much the twin-world machine (tests/test_twin_machine.py) explores, and how fast.

Runs the machine once with the given budget (the suite's is 30 examples of 50 steps) and
prints what it explored: runs, presses sent to both worlds, moments compared, private views
compared, pairs parted, refusals checked for silence, presses world A played on alone,
fixes tried, places only one world allowed, probes entered, round ends reached, and the CPU
seconds it took.

    .venv/bin/python bench/bench_twin_machine.py [--examples 30] [--steps 60] [--pools ...]
"""

from __future__ import annotations

import argparse
import ast
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=30)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--pools", default="device,table,entered,entered,entered,entered")
    args = parser.parse_args(argv)
    env = dict(os.environ, TWIN_EXAMPLES=str(args.examples), TWIN_STEPS=str(args.steps),
               TWIN_POOLS=args.pools, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_twin_machine.py", "-q", "-s", "-x",
         "-p", "no:cacheprovider"], cwd=ROOT, env=env, capture_output=True, text=True,
        check=False)
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    stats = next((line.split(":", 1)[1] for line in out.stdout.splitlines()
                  if line.startswith("twin machine:")), None)
    verdict = next((line for line in reversed(out.stdout.splitlines())
                    if "passed" in line or "failed" in line), out.stdout[-500:])
    print(f"budget: {args.examples} examples x {args.steps} steps, pools {args.pools}")
    print(f"result: {verdict}")
    if stats is not None:
        for name, value in ast.literal_eval(stats.strip()).items():
            print(f"  {name:>13}: {value}")
    print(f"cpu {usage.ru_utime + usage.ru_stime:.1f} s, wall {wall:.1f} s")
    return 0 if out.returncode == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())

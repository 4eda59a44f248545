"""The large button storm: many seeded runs of tests/storm.py in each mode, printing presses,
games finished, power cuts and violations (which must be zero).

Each step is a random press, chatter, a long hold, a wait that runs the timer out, a move of
the simulated table, or a power cut (the referee dropped and rebuilt from the card); after
every step the screen's game must replay equal from the record, every Mastermind row shown
must be stored, and no public view may name a hidden panel.

    .venv/bin/python bench/bench_storm.py [--steps 20000] [--seeds 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.storm import MODES, storm  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="steps per run")
    parser.add_argument("--seeds", type=int, default=3, help="runs per mode")
    args = parser.parse_args()
    print(f"{'mode':<11}{'steps':>8}{'presses':>9}{'games':>7}{'cuts':>6}{'checks':>8}"
          f"{'violations':>12}{'seconds':>9}")
    total = 0
    for mode in MODES:
        for seed in range(args.seeds):
            with tempfile.TemporaryDirectory() as tmp:
                started = time.perf_counter()
                f = storm(Path(tmp), mode, seed, args.steps)
                took = time.perf_counter() - started
            total += len(f.violations)
            print(f"{mode:<11}{f.steps:>8}{f.presses:>9}{f.games_finished:>7}"
                  f"{f.power_cuts:>6}{f.checks:>8}{len(f.violations):>12}{took:>9.1f}")
            for v in f.violations[:3]:
                print(f"    {v[:200]}")
    print(f"violations in all: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())

"""Mastermind figures: the shipped codebreakers' average and worst, and how fast they play.

    .venv/bin/python bench/bench_mastermind.py                # strategies and move times
    .venv/bin/python bench/bench_mastermind.py --regenerate   # also time the search (minutes)
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coda_pi.rules.mastermind import all_codes, feedback  # noqa: E402
from coda_pi.rules.mastermind_strategy import Strategy  # noqa: E402

OPTIMUM = {False: Fraction(5625, 1296), True: Fraction(11228, 2401)}


def board(blanks: bool) -> str:
    return "7x4 (blanks)" if blanks else "6x4"


def strategy_figures(blanks: bool) -> None:
    strategy = Strategy.load(4, blanks)
    codes = all_codes(4, blanks)
    lengths = [len(strategy.tree_path(code)) for code in codes]
    total = sum(lengths)
    best = OPTIMUM[blanks]
    print(
        f"{board(blanks):>13}: {len(codes)} secrets, total {total}, average "
        f"{total / len(codes):.4f}, worst {max(lengths)}; known optimum "
        f"{int(best * len(codes))}/{len(codes)} = {float(best):.4f} "
        f"({'reached' if Fraction(total, len(codes)) == best else 'not reached'})"
    )
    spread = {n: lengths.count(n) for n in sorted(set(lengths))}
    print(f"{'':>13}  secrets by guesses needed: {spread}")


def move_times(blanks: bool) -> None:
    strategy = Strategy.load(4, blanks)
    codes = all_codes(4, blanks)
    rng = random.Random(1)
    # On the tree: the rows of real games, every prefix.
    positions = []
    for secret in rng.sample(codes, 200):
        rows = []
        for guess in strategy.tree_path(secret)[:-1]:
            positions.append(list(rows))
            rows.append((guess, feedback(secret, guess)))
    started = time.perf_counter()
    for rows in positions:
        strategy.next_guess(rows)
    on_tree = (time.perf_counter() - started) / len(positions)
    # Off the tree: a human breaker's own first rows, then the device takes over.
    off = []
    for secret in rng.sample(codes, 20):
        rows = []
        for guess in rng.sample(codes, 2):
            rows.append((guess, feedback(secret, guess)))
        started = time.perf_counter()
        strategy.next_guess(rows)
        off.append(time.perf_counter() - started)
    print(
        f"{board(blanks):>13}: next_guess on the tree {on_tree * 1e6:.1f} us "
        f"({len(positions)} positions); off the tree (2 random rows) mean "
        f"{sum(off) / len(off) * 1e3:.1f} ms, worst {max(off) * 1e3:.1f} ms"
    )


def feedback_speed() -> None:
    codes = all_codes()
    pairs = [(a, b) for a in codes[::7] for b in codes[::5]]
    started = time.perf_counter()
    for a, b in pairs:
        feedback(a, b)
    seconds = time.perf_counter() - started
    print(f"feedback(): {len(pairs) / seconds / 1e6:.2f} million calls per second")


def regenerate_time() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("6x4", "7x4"):
            started = time.monotonic()
            subprocess.run(
                [sys.executable, str(ROOT / "tools" / "mastermind_solver.py"),
                 "--board", name, "--out", tmp],
                check=True,
            )
            print(f"regenerate {name}: {time.monotonic() - started:.1f} s (compile and search)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--regenerate", action="store_true", help="time the strategy search")
    args = parser.parse_args()
    for blanks in (False, True):
        strategy_figures(blanks)
    for blanks in (False, True):
        move_times(blanks)
    feedback_speed()
    if args.regenerate:
        regenerate_time()
    else:
        print("search time: bench/bench_mastermind.py --regenerate "
              "(or: time .venv/bin/python tools/mastermind_solver.py --out /tmp)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

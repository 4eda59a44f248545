#!/usr/bin/env python3
"""How many bits of another seat's hidden row a determined player gets from entry clashes.

Entered-pool play (``coda_pi/referee/pools/entered/mode.py``): when an entry names a panel that
another row already holds by its entry, the device refuses it. Since issue 20 it says only
"look at your panels again" (``entry_views.clash_message``); before, it named the panel.
What is left by design is that a clash happened at all. Here Ben, entering his starting row
second, probes as hard as he can for Ann's row: he enters rows made of panels he hopes Ann
holds (padded with his own real panels, which never clash), one after another, choosing each
probe from what the answers so far allow (the probe that splits the rows still possible most
evenly). Ann's row is every 4-panel row of the 20 panels Ben does not hold, equally likely
(two players, no dashes: C(20, 4) = 4845 rows, 12.24 bits); the answers are a function of
her row, so the mutual information is the entropy of the answers, computed exactly over all
4845 rows (no sampling):

- ``named``: the message before issue 20, naming the first clashing panel (free probes);
- ``clash, free``: today's message; a probe that does not clash is accepted and written as
  Ben's deal, so the free probing ends there (at most log2(N + 1) bits for N probes);
- ``clash, undo``: today's message, Ben also undoing each accepted probe (each undo is a
  line in the record and a question on the public screen: everybody sees it happen).

Run: ``.venv/bin/python bench/bench_leak_bits.py [--probes 1,2,4,8,16,32]``. It prints a
table of bits per number of probes.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

from coda_pi.rules.tiles import full_set

Answer = object
Rule = Callable[[int, tuple[int, ...]], Answer]  # (Ann's row as a bit mask, probe) -> answer


def clash(row: int, probe: tuple[int, ...]) -> Answer:
    """Today's answer: whether any panel of the probe is in Ann's row."""
    return any(row >> t & 1 for t in probe)


def named(row: int, probe: tuple[int, ...]) -> Answer:
    """The answer before issue 20: the first panel of the probe that Ann holds, or None."""
    return next((t for t in probe if row >> t & 1), None)


def _entropy_of_split(rows: Sequence[int], probe: tuple[int, ...], rule: Rule) -> float:
    counts: dict[Answer, int] = defaultdict(int)
    for row in rows:
        counts[rule(row, probe)] += 1
    n = len(rows)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _best_probe(rows: Sequence[int], tiles: int, rule: Rule, rng: random.Random,
                tries: int) -> tuple[int, ...]:
    """The probe (1 to 4 panels) whose answer is most uncertain over the rows still possible."""
    seen = 0
    for row in rows:
        seen |= row
    open_tiles = [t for t in range(tiles) if seen >> t & 1]
    best, best_h = (open_tiles[0],), -1.0
    for size in range(1, 5):
        for _ in range(tries):
            if len(open_tiles) < size:
                break
            probe = tuple(sorted(rng.sample(open_tiles, size)))
            h = _entropy_of_split(rows, probe, rule)
            if h > best_h:
                best, best_h = probe, h
    return best


def information(rows: list[int], tiles: int, probes: int, rule: Rule, *, stop_when_taken: bool,
                seed: int = 1, tries: int = 6) -> float:
    """The exact mutual information (bits) between Ann's row, uniform over ``rows``, and the
    answers to an adaptive prober's ``probes`` probes."""
    total = len(rows)
    bits = 0.0
    rng = random.Random(seed)
    stack: list[tuple[list[int], int]] = [(rows, probes)]
    while stack:
        group, left = stack.pop()
        if left == 0 or len(group) == 1:
            bits += len(group) / total * math.log2(total / len(group))
            continue
        probe = _best_probe(group, tiles, rule, rng, tries)
        parts: dict[Answer, list[int]] = defaultdict(list)
        for row in group:
            parts[rule(row, probe)].append(row)
        for answer, part in parts.items():
            if stop_when_taken and answer in (False, None):
                bits += len(part) / total * math.log2(total / len(part))  # accepted: it ends
            else:
                stack.append((part, left - 1))
    return bits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probes", default="1,2,4,8,16,32")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.probes.split(",")]
    box = sorted(full_set(dashes=False), key=str)
    rng = random.Random(20)
    bens = set(rng.sample(box, 4))
    others = [t for t in box if t not in bens]
    rows = [sum(1 << i for i in combo) for combo in itertools.combinations(range(len(others)), 4)]
    prior = math.log2(len(rows))
    print(f"Ann's row: one of {len(rows)} rows of 4 panels ({prior:.2f} bits); Ben holds "
          f"{', '.join(sorted(str(t) for t in bens))}")
    print(f"{'probes':>6}  {'named (main)':>12}  {'clash, free':>11}  {'clash, undo':>11}  "
          f"{'bound log2(N+1)':>15}")
    started = time.perf_counter()
    for n in counts:
        old = information(rows, len(others), n, named, stop_when_taken=True)
        free = information(rows, len(others), n, clash, stop_when_taken=True)
        undo = information(rows, len(others), n, clash, stop_when_taken=False)
        print(f"{n:>6}  {old:>12.2f}  {free:>11.2f}  {undo:>11.2f}  {math.log2(n + 1):>15.2f}")
    print(f"({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

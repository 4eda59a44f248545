"""Time the deduction engine's full marginals on 4-player positions with dashes.

Three positions from one seeded true deal: the start of a round (every panel standing, a
drawn panel held), the middle (rows grown, some panels down, some "wrong" answers) and the
end (a few panels standing). Each is analysed from the public view and from one seat, and the
brute-force enumerator of the tests runs on the same position (stopped after a number of
deals when it would take too long). Times are CPU times.
Run: .venv/bin/python bench/bench_deduction.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_deduction_bruteforce import enumerate_deals  # noqa: E402

from coda_pi.rules.deduction import Panel, View, analyze  # noqa: E402
from coda_pi.rules.tiles import Tile, full_set, sorted_row  # noqa: E402

BRUTE_LIMIT = 1_000_000  # deals before the enumerator is called off
NAMES = ("Ann", "Ben", "Cy", "Di")


def true_rows(rng: random.Random, lengths: list[int]) -> tuple[list[list[Tile]], list[Tile]]:
    box = sorted(full_set(dashes=True), key=str)
    rng.shuffle(box)
    # Both dashes stand in rows: the hardest case for the counting.
    dashes = [t for t in box if t.dash]
    rest = [t for t in box if not t.dash]
    rows = []
    for seat, n in enumerate(lengths):
        tiles = [rest.pop() for _ in range(n - (1 if seat < 2 else 0))]
        row = sorted_row(tiles)
        if seat < 2:
            row.insert(rng.randint(0, len(row)), dashes[seat])
        rows.append(row)
    return rows, rest


def position(rng: random.Random, lengths: list[int], down: float, viewer: int | None) -> View:
    rows, rest = true_rows(rng, lengths)
    drawn_tile = rest.pop()
    panels = []
    for seat, row in enumerate(rows):
        out = []
        for tile in row:
            if rng.random() < down:
                out.append(Panel(tile.color, tile, revealed=True))
            elif seat == viewer:
                out.append(Panel(tile.color, tile))
            else:
                wrong = [str(n) for n in range(12) if str(n) != tile.value]
                misses = frozenset(rng.sample(wrong, rng.choice([0, 0, 1, 2])) if down else ())
                out.append(Panel(tile.color, missed=misses))
        panels.append(tuple(out))
    drawn = Panel(drawn_tile.color, drawn_tile if viewer == 0 else None)
    return View(tuple(panels), True, drawn, 0, NAMES)


def time_engine(view: View, repeat: int = 15) -> tuple[float, float, int]:
    """Best and median CPU time of a full analysis (counts and every marginal).

    CPU time, not wall time: the bench often shares two cores with test runs, and wall time
    then measures the neighbours. Run it on a quiet machine to compare the two.
    """
    runs = []
    worlds = 0
    for _ in range(repeat):
        t0 = time.process_time()
        worlds = analyze(view).worlds
        runs.append(time.process_time() - t0)
    return min(runs), statistics.median(runs), worlds


def main() -> None:
    rng = random.Random(2026)
    cases = [
        ("start", [3, 3, 3, 3], 0.0),
        ("middle", [5, 5, 4, 4], 0.35),
        ("end", [6, 6, 5, 5], 0.75),
    ]
    print(f"{'position':<16}{'hidden':>7}{'worlds':>18}{'best ms':>9}{'median ms':>11}"
          f"{'brute ms':>15}{'speed-up':>14}")
    for label, lengths, down in cases:
        for viewer in (None, 1):
            view = position(random.Random(rng.random()), lengths, down, viewer)
            hidden = sum(1 for row in view.rows for p in row if p.tile is None)
            best, median, worlds = time_engine(view)
            t0 = time.process_time()
            brute = enumerate_deals(view, limit=BRUTE_LIMIT)
            brute_s = time.process_time() - t0
            name = f"{label} {'public' if viewer is None else 'seat 1'}"
            if brute.worlds < BRUTE_LIMIT:
                assert brute.worlds == worlds, (brute.worlds, worlds)
                ratio = f"{brute_s / median:,.0f}x"
                brute_txt = f"{brute_s * 1000:,.2f}"
            else:
                # Called off: the time it would need at the rate it ran is a lower bound.
                rate = brute.worlds / brute_s
                ratio = f">{worlds / rate / median:,.0f}x"
                brute_txt = f">{worlds / rate * 1000:,.0f}"
            print(f"{name:<16}{hidden:>7}{worlds:>18,}{best * 1000:>9.2f}{median * 1000:>11.2f}"
                  f"{brute_txt:>15}{ratio:>14}")
    worst = 0.0
    for seed in range(20):
        view = position(random.Random(seed), [3, 3, 3, 3], 0.0, None)
        worst = max(worst, time_engine(view, repeat=5)[0])
    print(f"start public, slowest of 20 deals (best of 5 runs each): {worst * 1000:.2f} ms")
    # Beyond the box's hands: four players dealt four each (a header override).
    view = position(random.Random(1), [4, 4, 4, 4], 0.0, None)
    best, median, worlds = time_engine(view, repeat=5)
    print(f"start public with hands of 4 (16 standing, {worlds:,} deals): "
          f"{best * 1000:.2f} ms best, {median * 1000:.2f} ms median")


if __name__ == "__main__":
    main()

"""Time the deduction engine's full marginals (goal: under 10 ms for any position).

Three positions from one seeded true deal: the start of a round (every panel standing, a
drawn panel held), the middle (rows grown, some panels down, some "wrong" answers) and the
end (a few panels standing). Each is analysed from the public view and from one seat, and the
brute-force enumerator of the tests runs on the same position (stopped after a number of
deals when it would take too long). Then the worst of many random starting deals (the
hardest moment: every panel standing) for 2, 3 and 4 players, hands of 3 and 4 (4 players
dealt 4 each is a header override), dashes on and off, from the public and one seat.
Times are CPU times.
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
DEALS = 50  # random starting deals per configuration


def true_rows(
    rng: random.Random, lengths: list[int], with_dashes: bool = True
) -> tuple[list[list[Tile]], list[Tile]]:
    box = sorted(full_set(dashes=with_dashes), key=str)
    rng.shuffle(box)
    # Both dashes stand in rows (of the first two seats): the hardest case for the counting.
    dashes = [t for t in box if t.dash]
    rest = [t for t in box if not t.dash]
    rows = []
    for seat, n in enumerate(lengths):
        dashed = seat < len(dashes)
        tiles = [rest.pop() for _ in range(n - (1 if dashed else 0))]
        row = sorted_row(tiles)
        if dashed:
            row.insert(rng.randint(0, len(row)), dashes[seat])
        rows.append(row)
    return rows, rest


def position(
    rng: random.Random, lengths: list[int], down: float, viewer: int | None,
    with_dashes: bool = True,
) -> View:
    rows, rest = true_rows(rng, lengths, with_dashes)
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
    return View(tuple(panels), with_dashes, drawn, 0, NAMES)


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
    if "--starts" in sys.argv:  # only the worst-of-many-deals table
        worst_starts()
        return
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
    # Four players dealt four each (a header override): the most panels standing at once.
    for viewer in (None, 1):
        view = position(random.Random(1), [4, 4, 4, 4], 0.0, viewer)
        best, median, worlds = time_engine(view, repeat=7)
        name = "public" if viewer is None else "seat 1"
        print(f"start 4x4 {name} (16 standing, {worlds:,} deals): "
              f"{best * 1000:.2f} ms best, {median * 1000:.2f} ms median")
    worst_midround()
    worst_starts()


def worst_midround(tries: int = 40) -> None:
    """Worst-ish positions later in a round: rows grown to 17-20 panels, a few down, some
    "wrong" answers, and 14 to 16 still hidden (never more than the 16 dealt: a panel joins
    a row hidden only after a right guess knocked one down)."""
    worst = (0.0, "")
    for lengths in ([5, 5, 4, 4], [5, 5, 5, 4], [5, 5, 5, 5]):
        for seed in range(tries):
            view = position(random.Random(seed), lengths, 0.12, None)
            hidden = sum(1 for row in view.rows for p in row if p.tile is None)
            if not 14 <= hidden <= 16:
                continue
            t = time_engine(view, repeat=3)[0]
            worst = max(worst, (t, f"rows {lengths}, seed {seed}, {hidden} hidden"))
    print(f"mid-round public, slowest with 14-16 hidden: {worst[0] * 1000:.2f} ms ({worst[1]})")


def worst_starts(deals: int = DEALS) -> None:
    """The slowest of many random starting deals per configuration (best of 3 runs each)."""
    print(f"\nslowest of {deals} random starting deals, best of 3 runs each (ms):")
    print(f"{'players':>7}{'hand':>5}{'dashes':>7}{'public':>9}{'seat 1':>9}  worst deal (public)")
    for players in (2, 3, 4):
        for hand in (3, 4):
            for with_dashes in (True, False):
                worst = {None: (0.0, 0), 1: (0.0, 0)}
                for seed in range(deals):
                    for viewer in (None, 1):
                        view = position(random.Random(seed), [hand] * players, 0.0, viewer,
                                        with_dashes)
                        t = time_engine(view, repeat=3)[0]
                        worst[viewer] = max(worst[viewer], (t, seed))
                print(f"{players:>7}{hand:>5}{'on' if with_dashes else 'off':>7}"
                      f"{worst[None][0] * 1000:>9.2f}{worst[1][0] * 1000:>9.2f}"
                      f"  seed {worst[None][1]}")


if __name__ == "__main__":
    main()

"""Time the told pool's fit check: whether what the table has seen still fits some
arrangement of the hidden panels, asked each time the game moves (``looks.pinned_look``).

Simulated tables (``EnteredAutoPlayer``) play three-round tournaments in entered-pool play
on a fake clock; every press is timed as the referee handles it (CPU time), and the fit
check alone inside those presses. The share of the press time the check takes is the
figure to read (a ratio within one run, so a loaded machine moves it little); the load
average is printed beside it.
Run: .venv/bin/python bench/bench_told_fit_check.py [--tournaments N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from bench_entry_presses import entered_tournament

from coda_pi.referee.pools.entered import mode

checks: list[float] = []


def _timed(real: Any) -> Any:
    def check(game: Any) -> Any:
        start = time.process_time()
        try:
            return real(game)
        finally:
            checks.append(time.process_time() - start)
    return check


def play(players: int, dashes: bool, seed: int) -> list[float]:
    """One tournament; the CPU time of each press the referee handled."""
    presses: list[float] = []

    def timed(table: Any, intent: Any) -> None:
        start = time.process_time()
        table.send(intent)
        presses.append(time.process_time() - start)

    entered_tournament(players, dashes, seed, timed)
    return presses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=3, help="per table (3)")
    args = parser.parse_args()
    mode.pinned_look = _timed(mode.pinned_look)  # type: ignore[assignment]
    print(f"load average {os.getloadavg()[0]:.2f}; {args.tournaments} tournaments per table")
    print(f"{'table':<20}{'presses':>8}{'press ms':>10}{'p95':>7}{'checks':>8}"
          f"{'check ms':>10}{'max':>7}{'share':>8}")
    for dashes in (False, True):
        for players in (2, 3, 4):
            checks.clear()
            presses: list[float] = []
            for seed in range(args.tournaments):
                presses += play(players, dashes, seed)
            share = sum(checks) / sum(presses)
            name = f"{players} players{', dashes' if dashes else ''}"
            p95 = statistics.quantiles(presses, n=20)[-1]
            print(f"{name:<20}{len(presses):>8}{1000 * statistics.mean(presses):>10.3f}"
                  f"{1000 * p95:>7.2f}{len(checks):>8}{1000 * statistics.mean(checks):>10.3f}"
                  f"{1000 * max(checks):>7.2f}{share:>8.1%}")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

"""Time the told pool's fit check: whether what the table has seen still fits some
arrangement of the hidden panels, asked each time the game moves (``looks.table_misfit``),
against the check as it was (the whole deduction analysis, ``analyze``), in one run.

Simulated tables (``EnteredAutoPlayer``) play three-round tournaments in entered-pool play
on a fake clock; every press is timed as the referee handles it (CPU time), and the fit
check alone inside those presses. At each check the old check is timed too, on the same
game, right beside it (which goes first alternates), so both see the same load. Figures:
the check's mean and worst (ms), the old one's, how many times faster, and the share of
the press time each takes (the old share: the press as it was, with the old check in it).
Shares and the speed-up are ratios within one run, so a loaded machine moves them little;
the load average is printed beside them.
Run: .venv/bin/python bench/bench_told_fit_check.py [--tournaments N] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from bench_entry_presses import entered_tournament

from coda_pi.referee.pools.entered import mode
from coda_pi.rules.deduction import analyze
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.table_fit import FittedGame

checks: list[float] = []
olds: list[float] = []


def old_misfit(game: FittedGame) -> str | None:
    """The check as it was before deduction_fit: the whole analysis, its contradiction."""
    if not game._has_unknown():
        return None
    return analyze(Witness(game, game.misses).view(None)).contradiction


def old_check(game: Any) -> None:
    """What main's check did per game move: the misfit, and the pinned panels' trials
    only when nothing fits (never in the demo's games: their entries are right)."""
    seen = game.seen
    if isinstance(seen, FittedGame) and old_misfit(seen) is not None:
        for seat, row in enumerate(seen.rows):
            for slot, _ in enumerate(row):
                if seen.misses[seat][slot]:
                    trial = seen.copy()
                    assert isinstance(trial, FittedGame)
                    cleared = list(seen.misses[seat])
                    cleared[slot] = frozenset()
                    trial.misses = [*seen.misses[:seat], cleared, *seen.misses[seat + 1:]]
                    old_misfit(trial)


def _timed(real: Any) -> Any:
    def check(game: Any, *args: Any) -> Any:
        old_first = len(checks) % 2 == 0
        if old_first:
            start = time.process_time()
            old_check(game)
            olds.append(time.process_time() - start)
        start = time.process_time()
        try:
            return real(game, *args)
        finally:
            checks.append(time.process_time() - start)
            if not old_first:
                start = time.process_time()
                old_check(game)
                olds.append(time.process_time() - start)
    return check


def play(players: int, dashes: bool, seed: int) -> list[float]:
    """One tournament; the CPU time of each press the referee handled (without the old
    check timed beside the new one)."""
    presses: list[float] = []

    def timed(table: Any, intent: Any) -> None:
        before = sum(olds)
        start = time.process_time()
        table.send(intent)
        presses.append(time.process_time() - start - (sum(olds) - before))

    entered_tournament(players, dashes, seed, timed)
    return presses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=3, help="per table (3)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of the whole table (1)")
    args = parser.parse_args()
    mode.table_misfit = _timed(mode.table_misfit)  # type: ignore[assignment]
    for run in range(args.repeat):
        print(f"run {run + 1}: load average {os.getloadavg()[0]:.2f}; "
              f"{args.tournaments} tournaments per table")
        print(f"{'table':<20}{'presses':>8}{'press ms':>9}{'checks':>7}{'check ms':>9}"
              f"{'max':>6}{'old ms':>8}{'max':>6}{'faster':>7}{'share':>7}{'old':>7}")
        for dashes in (False, True):
            for players in (2, 3, 4):
                checks.clear()
                olds.clear()
                presses: list[float] = []
                for seed in range(args.tournaments):
                    presses += play(players, dashes, seed)
                new, old = sum(checks), sum(olds)
                share = new / sum(presses)
                old_share = old / (sum(presses) - new + old)
                name = f"{players} players{', dashes' if dashes else ''}"
                print(f"{name:<20}{len(presses):>8}{1000 * statistics.mean(presses):>9.3f}"
                      f"{len(checks):>7}{1000 * statistics.mean(checks):>9.3f}"
                      f"{1000 * max(checks):>6.2f}{1000 * statistics.mean(olds):>8.3f}"
                      f"{1000 * max(olds):>6.2f}{old / new:>7.1f}{share:>7.1%}"
                      f"{old_share:>7.1%}")
        print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

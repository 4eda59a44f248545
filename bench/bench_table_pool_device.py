"""Time the device's work per button press in table-pool play, the order check included.

In table-pool play every entry (a row's colours, a draw, an answer, a fallen number) is
followed by the deduction engine's check of the public position. Simulated hands
(``TablePoolAutoPlayer``) play whole 4-player games with dashes on a fake clock; each press
and release is timed as the referee handles it and draws its views, in CPU time. The
check alone is timed on every position the games went through.
Run: .venv/bin/python bench/bench_table_pool_device.py
"""

from __future__ import annotations

import random
import statistics
import time

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.table.game import WitnessedGame
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView
from coda_pi.sim.table_pool import TablePoolAutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

GAMES = 5


def play(seed: int) -> tuple[list[float], list[float]]:
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben", "Cy", "Di"), players=4, dashes=True,
                          pool="table", timer=False)
    referee = Referee(clock=clock, rng=random.Random(seed), record=MemoryRecord(), setup=setup)
    table = Table(referee, clock)
    player = TablePoolAutoPlayer(random.Random(seed + 1))
    presses: list[float] = []
    checks: list[float] = []
    for _ in range(20_000):
        view = referee.view()
        if isinstance(view.screen, FinalView):
            break
        for intent in player.decide(view):
            before = len(referee.journal.events) if referee.journal else 0
            start = time.process_time()
            table.send(intent)
            referee.view()
            referee.private_view()
            presses.append(time.process_time() - start)
            journal = referee.journal
            if journal is not None and len(journal.events) != before:
                game = journal.game
                assert isinstance(game, WitnessedGame)
                start = time.process_time()
                game.public_analysis()
                checks.append(time.process_time() - start)
    else:
        raise SystemExit(f"game {seed} did not finish")
    return presses, checks


def main() -> None:
    presses: list[float] = []
    checks: list[float] = []
    for seed in range(GAMES):
        p, c = play(seed)
        presses += p
        checks += c
    ms = [t * 1000 for t in sorted(presses)]
    cs = [t * 1000 for t in sorted(checks)]
    print(f"{GAMES} four-player table-pool games with dashes: {len(ms)} button edges, "
          f"{len(cs)} positions checked")
    print(f"per button edge (handle + views): median {statistics.median(ms):.2f} ms, "
          f"p99 {ms[int(len(ms) * 0.99)]:.2f} ms, max {ms[-1]:.2f} ms")
    print(f"order check alone per position: median {statistics.median(cs):.2f} ms, "
          f"p99 {cs[int(len(cs) * 0.99)]:.2f} ms, max {cs[-1]:.2f} ms")


if __name__ == "__main__":
    main()

"""Replay of a table-pool record, with the fit check replay does since issue 24.

Replay refuses a table-pool line after which no arrangement of the unseen panels fits (as
the device halts there). The deduction engine answers that; asked after every line it cost
about 1.4 ms a line on a laptop, so replay asks it only where play could go on past a misfit
(before an undo or a round, at the end) and bisects back when one is found
(``rules/table_fit.FitWatch``). The told pool writes its records the same way (``D?``,
``L?``), so its replay pays the same check. This prints, for a headless demo tournament in
each pool (three players, three rounds, seed 3): replay's CPU time per line as shipped, as
it was while every copy of the game deep-copied the "wrong" answers heard (three copies a
line: the journal's snapshot, the game's own, the fit watch's), the same record with the
check left out, and with the engine asked after every line; best of --runs.

    .venv/bin/python bench/bench_replay_table_pool.py [--runs 5] [--seed 3] [--pool told]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from coda_pi import replay as replay_module  # noqa: E402
from coda_pi.config import Config  # noqa: E402
from coda_pi.demo import run_demo  # noqa: E402
from coda_pi.record import read_record  # noqa: E402
from coda_pi.rules.coda import CodaGame  # noqa: E402
from coda_pi.rules.table_fit import FittedGame  # noqa: E402

POOLS = {"table": "table", "told": "entered"}


class DeepCopiedGame(FittedGame):
    """The fitted game as it copied before the answers were shared: a deep copy a copy."""

    def _copied_extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        return CodaGame._copied_extra(self, extra)


def best_cpu(action: object, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        action()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def replay_with(game_class: type[FittedGame], lines: list[Any]) -> None:
    """Replay as shipped, with the fitted game's class swapped for ``game_class``."""
    shipped = replay_module._fitted_journal
    replay_module._fitted_journal = lambda header: replay_module.journal_of(  # type: ignore[assignment]
        game_class.from_header(header))
    try:
        assert replay_module.replay_lines(lines).error is None
    finally:
        replay_module._fitted_journal = shipped


def bench_pool(pool: str, seed: int, runs: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-table-pool-") as tmp:
        record = Path(tmp) / "pool.jsonl"
        run_demo(Config(data_dir=Path(tmp)), headless=True, seed=seed, players=3,
                 rounds=3, size=(320, 240), data_dir=Path(tmp), record=record,
                 pool=POOLS[pool])
        lines = read_record(record).lines
    count = len(lines)

    def shipped() -> None:
        assert replay_module.replay_lines(lines).error is None

    def deep_copies() -> None:
        replay_with(DeepCopiedGame, lines)

    def unchecked() -> None:
        journal = replay_module.start_journal(lines[0].obj)
        for line in lines[1:]:
            journal.apply(line.obj)

    def every_line() -> None:
        journal = replay_module.journal_of(FittedGame.from_header(lines[0].obj))
        for line in lines[1:]:
            journal.apply(line.obj)
            assert journal.game.misfit() is None

    shipped()  # the engine's first import is not replay's cost
    print(f"{pool} pool, {count} lines (seed {seed}):")
    for name, action in (("as shipped (checked where play could go on)", shipped),
                         ("the same with deep copies (before)", deep_copies),
                         ("no fit check (before issue 24)", unchecked),
                         ("the engine after every line", every_line)):
        cpu = best_cpu(action, runs)
        print(f"  {name}: {1e3 * cpu:.1f} ms CPU, {1e6 * cpu / count:.0f} us a line")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--pool", choices=sorted(POOLS), action="append",
                        help="the pool to replay (both when not given)")
    args = parser.parse_args()
    for pool in args.pool or ("table", "told"):
        bench_pool(pool, args.seed, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())

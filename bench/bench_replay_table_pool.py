"""Replay of a table-pool record, with the fit check replay does since issue 24.

Replay refuses a table-pool line after which no arrangement of the unseen panels fits (as
the device halts there). The deduction engine answers that; asked after every line it cost
about 1.4 ms a line on a laptop, so replay asks it only where play could go on past a misfit
(before an undo or a round, at the end) and bisects back when one is found
(``rules/table_fit.FitWatch``). This prints, for a headless demo tournament in the table's
pool (three players, three rounds, seed 3): replay's CPU time per line as shipped, the same
record with the check left out, and with the engine asked after every line; best of --runs.

    .venv/bin/python bench/bench_replay_table_pool.py [--runs 3] [--seed 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from coda_pi import replay as replay_module  # noqa: E402
from coda_pi.config import Config  # noqa: E402
from coda_pi.demo import run_demo  # noqa: E402
from coda_pi.record import read_record  # noqa: E402
from coda_pi.rules.table_fit import FittedGame  # noqa: E402


def best_cpu(action: object, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        action()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--pool", default="table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-table-pool-") as tmp:
        record = Path(tmp) / "table.jsonl"
        run_demo(Config(data_dir=Path(tmp)), headless=True, seed=args.seed, players=3,
                 rounds=3, size=(320, 240), data_dir=Path(tmp), record=record, pool=args.pool)
        lines = read_record(record).lines
    count = len(lines)

    def shipped() -> None:
        assert replay_module.replay_lines(lines).error is None

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
    for name, action in (("as shipped (checked where play could go on)", shipped),
                         ("no fit check (before issue 24)", unchecked),
                         ("the engine after every line", every_line)):
        cpu = best_cpu(action, args.runs)
        print(f"{name}: {1e3 * cpu:.1f} ms CPU for {count} lines, "
              f"{1e6 * cpu / count:.0f} us a line")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Replay of a Coda record, per line, at 50 / 500 / 1,600 / 5,000 lines; and undo.

Replay is what ``coda-pi replay``, ``analyze``, ``standings``, ``results``, the review and
the device's resume all do first, so it must cost the same per line however long the record
(goal: flat, under 30 us a line here). The records are random legal play with a few undos
(bench/records.py), unfinished, three players with dashes; the time is ``replay_bytes``
(parsing the JSON lines included), the best of --runs, as CPU time of this process (a
machine shared with other work stretches wall time far more) and as wall time. Also: one
undo on the journal at the end of each record, and the Python heap the replayed journal
holds.

    .venv/bin/python bench/bench_replay.py [--runs 3] [--lines 50,500,1600,5000] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from records import coda_record  # noqa: E402

from coda_pi.replay import replay_bytes  # noqa: E402


def measure(lines: int, runs: int) -> dict[str, Any]:
    data = "".join(json.dumps(line) + "\n" for line in coda_record(lines)).encode()
    best = best_wall = float("inf")
    for _ in range(runs):
        start, start_wall = time.process_time(), time.perf_counter()
        replay = replay_bytes(data)
        best = min(best, time.process_time() - start)
        best_wall = min(best_wall, time.perf_counter() - start_wall)
    assert replay.error is None, replay.error
    journal = replay.journal
    assert journal is not None
    start = time.perf_counter()
    journal.undo()
    undo = time.perf_counter() - start
    tracemalloc.start()
    kept = replay_bytes(data)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return {"lines": lines, "seconds": best, "per_line_us": best / lines * 1e6,
            "wall_per_line_us": best_wall / lines * 1e6,
            "undo_ms": undo * 1000, "heap_mib": held / 2**20,
            "rounds": replay.game.round_number}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lines", default="50,500,1600,5000")
    parser.add_argument("--json", action="store_true", help="one JSON object per size")
    args = parser.parse_args()
    sizes = [int(n) for n in args.lines.split(",")]
    results = [measure(n, args.runs) for n in sizes]
    if args.json:
        print(json.dumps(results))
        return 0
    print(f"replay of an unfinished Coda record (3 players, dashes), best of {args.runs}")
    print(f"  {'lines':>6} {'rounds':>6} {'CPU':>10} {'per line':>10} {'(wall)':>10} "
          f"{'undo':>9} {'heap':>9}")
    for r in results:
        print(f"  {r['lines']:>6} {r['rounds']:>6} {r['seconds'] * 1000:>8.1f} ms "
              f"{r['per_line_us']:>7.1f} us {r['wall_per_line_us']:>7.1f} us "
              f"{r['undo_ms']:>6.3f} ms {r['heap_mib']:>5.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

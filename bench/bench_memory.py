"""Memory over many tournaments in one process: does the device's heap stay flat?

The fixed-seed demo (3 seats, drawn at 480x320 on the dummy video driver, the device's
loop, referee, records and drawing) plays ``--tournaments`` tournaments one after another
in one process, as a device left on for a club night does. After each, garbage collected,
the Python heap in use (tracemalloc) and the process's resident size are read. Printed:
the heap after each, and the growth per tournament from the second on (the first fills the
caches, which are bounded: ui/memo.py), as a least-squares slope. Goal: flat, 0 MiB per
tournament (today about 0.16 MiB). ``--top`` lists where the heap grew between the second
tournament and the last.

    .venv/bin/python bench/bench_memory.py [--tournaments 10] [--rounds 1] [--top 10]
                                           [--against CHECKOUT]

``--against``: another checkout, measured by this script in a child process each, in the
same run.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def resident_mib() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def slope(values: list[float]) -> float:
    """The least-squares growth per step of ``values``."""
    n = len(values)
    if n < 2:
        return 0.0
    mean_x, mean_y = (n - 1) / 2, sum(values) / n
    num = sum((i - mean_x) * (v - mean_y) for i, v in enumerate(values))
    return num / sum((i - mean_x) ** 2 for i in range(n))


def child(root: Path, tournaments: int, rounds: int, top: int) -> dict[str, Any]:
    sys.path.insert(0, str(root))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import coda_pi
    from coda_pi.config import Config
    from coda_pi.demo import run_demo

    if not Path(coda_pi.__file__).resolve().is_relative_to(root.resolve()):
        raise SystemExit(f"imported {coda_pi.__file__}, not {root}'s coda_pi")
    tracemalloc.start(8 if top else 1)  # tracebacks only to say where it grew
    heap, rss = [], []
    second = None
    with tempfile.TemporaryDirectory(prefix="coda-pi-bench-memory-") as tmp:
        for index in range(tournaments):
            # Every tournament's records in the one data directory, as on the device.
            run_demo(Config(), headless=True, seed=7 + index, data_dir=Path(tmp),
                     size=(480, 320), players=3, rounds=rounds)
            gc.collect()
            heap.append(tracemalloc.get_traced_memory()[0] / 2**20)
            # Less tracemalloc's own tables, which grow with what it traces: not the device's.
            rss.append(resident_mib() - tracemalloc.get_tracemalloc_memory() / 2**20)
            if index == 1:
                second = tracemalloc.take_snapshot()
        grew: list[str] = []
        if second is not None and top:
            last = tracemalloc.take_snapshot()
            for stat in last.compare_to(second, "traceback")[:top]:
                frames = [f for f in stat.traceback if "coda_pi" in f.filename] or \
                    list(stat.traceback)
                where = frames[-1]
                grew.append(f"{stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks  "
                            f"{where.filename.split('coda_pi/')[-1]}:{where.lineno}")
    return {"root": str(root), "heap": heap, "rss": rss, "grew": grew}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=1, help="rounds per tournament")
    parser.add_argument("--top", type=int, default=10, help="where the heap grew (0: not)")
    parser.add_argument("--against", type=Path, action="append", default=[])
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(child(args.child, args.tournaments, args.rounds, args.top)))
        return 0
    results = []
    for root in [HERE.parent, *args.against]:
        command = [sys.executable, str(Path(__file__).resolve()), "--child", str(root),
                   "--tournaments", str(args.tournaments), "--rounds", str(args.rounds),
                   "--top", str(args.top)]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        results.append(json.loads(out.strip().splitlines()[-1]))
    print(f"memory over {args.tournaments} demo tournaments in one process ({args.rounds} "
          f"round(s) each, 3 seats, 480x320); load average {os.getloadavg()[0]:.1f}")
    for r in results:
        heap, rss = r["heap"], r["rss"]
        print(f"  {r['root']}")
        print("    Python heap after each (MiB): " + " ".join(f"{h:.2f}" for h in heap))
        print("    resident after each (MiB):    " + " ".join(f"{mib:.1f}" for mib in rss))
        print(f"    growth per tournament from the second on: heap {slope(heap[1:]):+.3f} "
              f"MiB, resident {slope(rss[1:]):+.3f} MiB  (goal: flat, 0; today about "
              "0.16 MiB)")
        half = len(heap) // 2
        # Once the bounded caches are full (a few tournaments in): what still grows. Resident
        # size also keeps what the allocator freed but holds for reuse (glibc; a
        # malloc_trim after each tournament gives it back), not only what the device keeps.
        print(f"    ... over the last {len(heap) - half}: heap {slope(heap[half:]):+.3f} MiB, "
              f"resident {slope(rss[half:]):+.3f} MiB a tournament")
        for line in r["grew"]:
            print(f"      {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

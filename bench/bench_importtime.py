"""What ``coda-pi run`` imports before its first frame, and what each import costs.

Each run is a fresh process of bench/startup_child.py (the real command, stopped at its
first frame, as bench_startup.py runs it) under ``python -X importtime``; the figures are
the median over the runs of each module's own import time (``self``: its body, without
the modules it imports) and of its cumulative time. The top of the list is where the start
goes; a module missing from it is one the first frame did not need.

    .venv/bin/python bench/bench_importtime.py [--runs 5] [--as pi|laptop] [--top 10]
                                               [--driver dummy|x11] [--json]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import bench_startup

ROOT = Path(__file__).resolve().parent.parent


def import_times(machine: str, size: str) -> tuple[dict[str, int], dict[str, int]]:
    """One start to the first frame: each module's self and cumulative import time (us)."""
    data_dir = Path(tempfile.mkdtemp(prefix="coda-pi-bench-"))
    env = bench_startup.child_env(machine, data_dir)
    cmd = [sys.executable, "-X", "importtime", str(bench_startup.CHILD), "--",
           "--size", size, "--window", "--data-dir", str(data_dir)]
    proc = subprocess.run(cmd, capture_output=True, env=env, cwd=ROOT, text=True,
                          stdin=subprocess.DEVNULL, timeout=120, check=False)
    if proc.returncode != 0 or not proc.stdout:
        raise SystemExit(f"coda-pi run did not reach its first frame (exit {proc.returncode})")
    own: dict[str, int] = {}
    cumulative: dict[str, int] = {}
    for line in proc.stderr.splitlines():
        # "import time:  self [us] |  cumulative | imported package"
        if not line.startswith("import time:") or "[us]" in line:
            continue
        self_us, cumulative_us, name = line[len("import time:"):].split("|")
        module = name.strip()
        own[module] = int(self_us)
        cumulative[module] = int(cumulative_us)
    return own, cumulative


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--as", dest="machine", choices=("pi", "laptop"), default="laptop")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--driver", default="dummy", help="SDL's video driver")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    bench_startup.DRIVER = args.driver
    compileall.compile_dir(ROOT / "coda_pi", quiet=1)
    import_times(args.machine, args.size)  # warm-up: disk cache, kept dataclass code
    runs = [import_times(args.machine, args.size) for _ in range(args.runs)]
    modules = set().union(*(own for own, _ in runs))

    def median(index: int, module: str) -> float:
        return statistics.median(run[index].get(module, 0) for run in runs) / 1000

    ranked = sorted(modules, key=lambda m: -median(0, m))
    total = statistics.median(sum(own.values()) for own, _ in runs) / 1000
    ours = [m for m in modules if m == "coda_pi" or m.startswith("coda_pi.")]
    if args.json:
        print(json.dumps({"modules": len(modules), "coda_pi_modules": len(ours),
                          "total_self_ms": total,
                          "top": [[m, median(0, m), median(1, m)]
                                  for m in ranked[:args.top]]}))
        return 0
    print(f"imports of coda-pi run to its first frame ({args.machine}, SDL {args.driver}), "
          f"median of {args.runs} processes under -X importtime (load average "
          f"{os.getloadavg()[0]:.2f})")
    print(f"  {len(modules)} modules imported, of which coda_pi's {len(ours)}; "
          f"all imports' own time {total:.1f} ms (importtime's figures, inflated by its "
          "own bookkeeping)")
    print(f"  top {args.top} by own time:        self ms  cumulative ms")
    for module in ranked[:args.top]:
        print(f"    {module:<32} {median(0, module):6.1f}  {median(1, module):8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

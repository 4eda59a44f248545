"""What ``coda-pi run`` imports before its first frame, and what each import costs.

Each run is a fresh process of bench/startup_child.py (the real command, stopped at its
first frame, as bench_startup.py runs it) under ``python -X importtime``; the figures are
the median over the runs of each module's own import time (``self``: its body, without
the modules it imports) and of its cumulative time. The top of the list is where the start
goes; a module missing from it is one the first frame did not need.

    .venv/bin/python bench/bench_importtime.py [--runs 5] [--as pi|laptop] [--top 10]
                                               [--driver dummy|x11] [--least] [--json]
                                               [--cpu] [--against CHECKOUT] [--service]

--cpu times each import's CPU instead (process_time): -X importtime times the wall clock,
which a machine busy with other work stretches.

--against CHECKOUT lists another checkout's imports too (its own startup_child.py), measured
in the same run, alternating: today's top ten beside the new one.
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
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import bench_startup

ROOT = Path(__file__).resolve().parent.parent


Times = tuple[dict[str, int], dict[str, int]]

# --cpu: each import's CPU time (time.process_time), taken by wrapping the import system's
# _find_and_load (which the import statement calls for a module not yet loaded) before the
# child runs. -X importtime times the wall clock, which a machine busy with other work
# stretches by whatever ran meanwhile; CPU time it does not. The modules the interpreter
# loads before any script runs (site's) are not in it, as they are the same for any start.
#
# The child runs as a script does, its code executed as __main__, not with runpy.run_path:
# that imports pkgutil (and with it typing, through functools.singledispatch), which the
# start does not, and which the figures counted as the start's (about 3 ms here).
CPU_TIMES = """
import _frozen_importlib, json, os, sys, time
sys.argv = sys.argv[1:]
find_and_load, now = _frozen_importlib._find_and_load, time.process_time
stack, own, cumulative = [0.0], {}, {}
def timed(name, import_):
    if name in sys.modules:
        return find_and_load(name, import_)
    start = now()
    stack.append(0.0)
    try:
        return find_and_load(name, import_)
    finally:
        spent, inner = now() - start, stack.pop()
        stack[-1] += spent
        own.setdefault(name, spent - inner)
        cumulative.setdefault(name, spent)
_frozen_importlib._find_and_load = timed
def report():
    with open(os.environ["CODA_PI_BENCH_CPU_TIMES"], "w") as out:
        json.dump([own, cumulative], out)
import atexit
atexit.register(report)
sys.path.insert(0, os.path.dirname(sys.argv[0]))
with open(sys.argv[0], "rb") as script:
    code = compile(script.read(), sys.argv[0], "exec")
exec(code, {"__name__": "__main__", "__file__": sys.argv[0], "__builtins__": __builtins__})
"""
CPU = False  # --cpu


def import_times(machine: str, size: str, checkout: Path = ROOT) -> Times:
    """One start to the first frame: each module's self and cumulative import time (us;
    CPU time with --cpu)."""
    data_dir = Path(tempfile.mkdtemp(prefix="coda-pi-bench-"))
    env = bench_startup.child_env(machine, data_dir)
    child = [str(checkout / "bench" / "startup_child.py"), "--",
             *bench_startup.child_args(size, data_dir)]
    cpu_file = data_dir.parent / f"{data_dir.name}.cpu.json"
    if CPU:
        env["CODA_PI_BENCH_CPU_TIMES"] = str(cpu_file)
        cmd = [sys.executable, "-c", CPU_TIMES, *child]
    else:
        cmd = [sys.executable, "-X", "importtime", *child]
    proc = subprocess.run(cmd, capture_output=True, env=env, cwd=checkout, text=True,
                          stdin=subprocess.DEVNULL, timeout=120, check=False)
    if proc.returncode != 0 or not proc.stdout:
        raise SystemExit(f"coda-pi run did not reach its first frame (exit {proc.returncode})")
    # Only the modules loaded at the first frame: an import that failed (pygame's mixer,
    # left out: coda_pi/pygame_import.py) has its line too.
    loaded = set(json.loads(proc.stdout.splitlines()[0])["modules"])
    own: dict[str, int] = {}
    cumulative: dict[str, int] = {}
    if CPU:
        spent_own, spent_cumulative = json.loads(cpu_file.read_text())
        for module, seconds in spent_own.items():
            if module in loaded:
                own[module] = round(seconds * 1e6)
                cumulative[module] = round(spent_cumulative[module] * 1e6)
        return own, cumulative
    for line in proc.stderr.splitlines():
        # "import time:  self [us] |  cumulative | imported package"
        if not line.startswith("import time:") or "[us]" in line:
            continue
        self_us, cumulative_us, name = line[len("import time:"):].split("|")
        module = name.strip()
        if module not in loaded:
            continue
        own[module] = int(self_us)
        cumulative[module] = int(cumulative_us)
    return own, cumulative


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--as", dest="machine", choices=("pi", "laptop"), default="laptop")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--service", action="store_true",
                        help="a bare `coda-pi run` as the service starts it "
                        "(bench_startup.py --service)")
    parser.add_argument("--driver", default="dummy", help="SDL's video driver")
    parser.add_argument("--least", action="store_true",
                        help="each figure's least over the runs, not its median: importtime "
                        "times the wall, which a busy machine only lengthens")
    parser.add_argument("--cpu", action="store_true",
                        help="CPU time (process_time) of each import instead of -X importtime's "
                        "wall time: what a busy machine does not stretch")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--against", type=Path,
                        help="another checkout of coda-pi, measured in the same run")
    args = parser.parse_args()
    bench_startup.DRIVER = args.driver
    if args.service:  # as bench_startup.py --service: the service's bare `coda-pi run`
        bench_startup.SERVICE = True
        args.size = bench_startup.SERVICE_SIZE
    global CPU
    CPU = args.cpu
    checkouts = {"this checkout": ROOT}
    if args.against is not None:
        checkouts[str(args.against)] = args.against.resolve()
    for checkout in checkouts.values():
        compileall.compile_dir(checkout / "coda_pi", quiet=1)
        import_times(args.machine, args.size, checkout)  # warm-up: disk cache, kept code
    runs: dict[str, list[Times]] = {name: [] for name in checkouts}
    for _ in range(args.runs):  # alternating, so a burst of load hits each alike
        for name, checkout in checkouts.items():
            runs[name].append(import_times(args.machine, args.size, checkout))
    pick = min if args.least else statistics.median
    figures = {name: summary(measured, args.top, pick) for name, measured in runs.items()}
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"imports of coda-pi run to its first frame ({args.machine}, SDL {args.driver}), "
          f"{'least' if args.least else 'median'} of {args.runs} processes "
          + ("timing each import's CPU (--cpu) " if CPU else "under -X importtime ")
          + f"(load average {os.getloadavg()[0]:.2f}); "
          + ("the timing's own bookkeeping included" if CPU
             else "importtime's figures, inflated by its own bookkeeping"))
    for name, found in figures.items():
        print(f"  {name}: {found['modules']} modules imported, of which coda_pi's "
              f"{found['coda_pi_modules']}; all imports' own time {found['total_self_ms']:.1f} ms")
        print(f"    top {args.top} by own time:        self ms  cumulative ms")
        for module, own, cumulative in found["top"]:
            print(f"      {module:<32} {own:6.1f}  {cumulative:8.1f}")
    return 0


def summary(runs: list[Times], top: int,
            pick: Callable[[Iterable[float]], float] = statistics.median) -> dict[str, Any]:
    """The median figures of one checkout's runs: module counts, total, the top ``top``."""
    modules = set().union(*(own for own, _ in runs))

    def median(index: int, module: str) -> float:
        return pick(run[index].get(module, 0) for run in runs) / 1000

    ranked = sorted(modules, key=lambda m: -median(0, m))
    ours = [m for m in modules if m == "coda_pi" or m.startswith("coda_pi.")]
    return {"modules": len(modules), "coda_pi_modules": len(ours),
            "total_self_ms": pick(sum(own.values()) for own, _ in runs) / 1000,
            "top": [[m, median(0, m), median(1, m)] for m in ranked[:top]]}


if __name__ == "__main__":
    sys.exit(main())

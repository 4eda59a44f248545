#!/usr/bin/env python3
"""What the suite's workers spend before their first test: the interpreter, the imports and
the collection of every test module, with the bytecode kept between runs
(tests/bytecode_kept.py) and without it, measured in one run, interleaved.

Each round runs pytest with ``-n WORKERS`` over the whole suite with a ``-k`` that selects
no test (so the workers start and collect, and run nothing), under
``PYTHONDONTWRITEBYTECODE`` as the checkouts have it, in four ways: the bytecode not kept
(``-p no:bytecode_kept``, as before), kept but cold (an empty cache folder: a fresh
clone), kept and warm, and kept from the interpreter's start as ./test runs it
(``PYTHONPYCACHEPREFIX``: the entry-point plugins' rewritten modules kept too). It prints
the CPU of the whole process tree (the figure that does not depend on how busy the machine
is) and the wall time, with the load average.

    .venv/bin/python bench/bench_suite_start.py [--workers 4] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def start(workers: int, extra: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one start of the suite that runs no test."""
    cpu, wall = children_cpu(), time.monotonic()
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                    "-n", str(workers), "-k", "no_test_has_this_name", *extra, "tests"],
                   cwd=ROOT, env=env, capture_output=True, check=False)
    return children_cpu() - cpu, time.monotonic() - wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", GPIOZERO_PIN_FACTORY="mock",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("CODA_PI_PYCACHE", None)
    from_the_start = {key: value for key, value in env.items()
                      if key != "PYTHONDONTWRITEBYTECODE"}
    from_the_start["PYTHONPYCACHEPREFIX"] = str(ROOT / ".venv" / "pycache")
    start(args.workers, [], env)  # the venv's cache warm for the "kept, warm" runs
    start(args.workers, [], from_the_start)  # and for "from the start"
    print(f"{args.workers} workers; CPU s (wall s) of a start that runs no test")
    for round_number in range(1, args.rounds + 1):
        with tempfile.TemporaryDirectory(prefix="coda-pi-cold-pycache-") as empty:
            ways = {
                # (Not its test either: importing the plugin there keeps the bytecode.)
                "not kept": start(args.workers, ["-p", "no:bytecode_kept", "--ignore",
                                                 "tests/test_bytecode_kept.py"], env),
                "kept, cold": start(args.workers, [], {**env, "CODA_PI_PYCACHE": empty}),
                "kept, warm": start(args.workers, [], env),
                "from the start": start(args.workers, [], from_the_start),
            }
        shown = "   ".join(f"{name} {cpu:5.1f} ({wall:4.1f})"
                           for name, (cpu, wall) in ways.items())
        print(f"round {round_number}: {shown}   load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

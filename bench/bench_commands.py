"""`coda-pi analyze` (and replay, --help) as whole processes: what a person at a shell waits.

Each figure is the median wall time of --runs fresh processes of ``python -m coda_pi.cli``
(interpreter start and every import included), beside a bare ``python -c pass`` for
reference, and the median CPU time (user + system) of the same processes, which a busy
machine does not inflate. The record is an unfinished three-player tournament with dashes
in the middle of its third round (bench/records.py). Goal: each command imports only what it uses.

    .venv/bin/python bench/bench_commands.py [--runs 7] [--json]
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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from records import coda_record, write_record  # noqa: E402


def timed(argv: list[str], runs: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``python ARGV``."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    walls, cpus = [], []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, *argv], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        walls.append(time.perf_counter() - start)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            raise SystemExit(f"python {' '.join(argv)} exited {proc.returncode}")
        cpus.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "coda_pi", quiet=1)  # as an install has it
    lines = coda_record(10_000, seed=3, rounds=3, stop_in_round=3)
    record = write_record(Path(tempfile.mkdtemp(prefix="coda-pi-bench-")) / "t.jsonl", lines)
    cli = ["-m", "coda_pi.cli"]
    commands = {
        "python": ["-c", "pass"],
        "help": [*cli, "--help"],
        "replay": [*cli, "replay", str(record)],
        "analyze": [*cli, "analyze", str(record)],
    }
    figures: dict[str, float] = {}
    for name, argv in commands.items():
        figures[f"{name}_ms"], figures[f"{name}_cpu_ms"] = timed(argv, args.runs)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"commands as processes, median of {args.runs} (a {len(lines)}-line record)")
    shown = {"python": "python -c pass", "help": "coda-pi --help",
             "replay": "coda-pi replay RECORD", "analyze": "coda-pi analyze RECORD"}
    for name, text in shown.items():
        print(f"  {text:<24} {figures[name + '_ms']:7.1f} ms wall, "
              f"{figures[name + '_cpu_ms']:7.1f} ms CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())

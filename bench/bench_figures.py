"""Every figure of the "fast on a Pi Zero 2 W" table, each beside its goal.

Runs the benchmarks that measure them (each in its own process, as its own script does)
and prints one table; --json prints the figures as a list for tools/arm64-check, which runs
this natively and in an arm64 root under qemu and shows both side by side. The goals are
for this machine (a Zero 2 W is roughly 10-15x slower per core); under emulation read the
figures as a rough stand-in for a slow ARM core, not against the goals.

    .venv/bin/python bench/bench_figures.py [--quick] [--realtime] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent


def run_json(script: str, *args: str) -> Any:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               GPIOZERO_PIN_FACTORY="mock", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, str(BENCH / script), *args, "--json"], env=env,
                         capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL)
    if out.returncode != 0:
        raise SystemExit(f"{script} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def figure(name: str, value: float, unit: str, goal: str) -> dict[str, Any]:
    return {"name": name, "value": round(value, 3), "unit": unit, "goal": goal}


def collect(quick: bool, realtime: bool = False) -> list[dict[str, Any]]:
    runs = "2" if quick else "5"
    first = ["--realtime"] if realtime else []
    figures = []
    for r in run_json("bench_replay.py", "--runs", "1" if quick else "3"):
        figures.append(figure(f"replay per line, {r['lines']} lines", r["per_line_us"], "us",
                              "< 30 us, flat"))
    longest = r
    figures.append(figure(f"replay heap held, {longest['lines']} lines", longest["heap_mib"],
                          "MiB", ""))
    resume = run_json("bench_startup.py", "--runs", runs, "--resume", *first)
    figures.append(figure("resume 30-round record to first frame", resume["first_frame_ms"],
                          "ms", "< 500 ms"))
    figures.append(figure("  resume, CPU time", resume["cpu_ms"], "ms", ""))
    start = run_json("bench_startup.py", "--runs", runs, *first)
    figures.append(figure("start to first frame", start["first_frame_ms"], "ms", "< 200 ms"))
    figures.append(figure("  start, CPU time", start["cpu_ms"], "ms", ""))
    figures.append(figure("  modules loaded at the first frame", start["modules"], "", ""))
    laptop = run_json("bench_startup.py", "--runs", runs, "--as", "laptop", *first)
    figures.append(figure("start to first frame, laptop (no GPIO)", laptop["first_frame_ms"],
                          "ms", "< 200 ms"))
    figures.append(figure("  laptop start, CPU time", laptop["cpu_ms"], "ms", ""))
    commands = run_json("bench_commands.py", "--runs", runs)
    figures.append(figure("coda-pi analyze as a process", commands["analyze_ms"], "ms",
                          "imports only its own"))
    figures.append(figure("  analyze, CPU time", commands["analyze_cpu_ms"], "ms", ""))
    figures.append(figure("  python -c pass, CPU time", commands["python_cpu_ms"], "ms", ""))
    idle = run_json("bench_idle_cpu.py", "--seconds", "5" if quick else "20")
    figures.append(figure("idle CPU, timer running", idle["cpu_percent"], "%",
                          "< 2% of a Zero's core"))
    figures.append(figure("idle wake-ups", idle["wakeups_per_s"], "/s", "<= ~10 /s"))
    budget = run_json("bench_frame_budget.py", "--seconds", "5" if quick else "10")
    figures.append(figure("pixels sent while the timer runs, 480x320", budget["pixels_per_s"],
                          "/s", "the changed part only"))
    figures.append(figure("  as whole frames", budget["whole_frames_pixels_per_s"], "/s", ""))
    figures.append(figure("peak memory (RSS)", max(resume["rss_mib"], start["rss_mib"]), "MiB",
                          "< 60 MiB"))
    # Wall times on a shared machine grow with its load; the CPU times do not.
    figures.append(figure("load average (1 min) at the end", os.getloadavg()[0], "", ""))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, a shorter idle")
    parser.add_argument("--realtime", action="store_true",
                        help="time the starts first in line for a CPU (root only): on a busy "
                        "machine, close to what an idle one gives")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = collect(args.quick, args.realtime)
    names = [f["name"] for f in figures]
    assert len(set(names)) == len(names), "each figure needs a name of its own"
    if args.json:
        print(json.dumps(figures))
        return 0
    width = max(len(f["name"]) for f in figures)
    print(f"{'figure':<{width}}  {'here':>12}  goal")
    for f in figures:
        print(f"{f['name']:<{width}}  {f['value']:>8.4g} {f['unit']:<3}  {f['goal']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

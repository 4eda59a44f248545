"""How long ``coda-pi run`` takes to end after SIGTERM (what ``systemctl stop``, ``restart``,
``reboot`` and ``poweroff`` send), and how often it wakes while it waits, on a few screens.

Each run is a fresh process of the real command with SDL's dummy driver (the quiet loop, as
on the console), resumed on the screen named (the records of tests/test_stop_signals.py),
left until it sleeps in its loop, then sent the signal. Figures per screen:

  wake-ups a second   voluntary context switches of all its threads over --idle seconds
                      while it waits on that screen (the guess timer's second counts)
  SIGTERM -> exit     wall time from the signal to the process's exit (record closed,
                      pygame shut down, exit status 0)

    .venv/bin/python bench/bench_stop.py [--runs 3] [--idle 5] [--signal TERM|INT|HUP]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.test_stop_signals import SCREENS, _prepare, _run, _stop, _wait_idle  # noqa: E402

SHOWN = ("setup", "turn with timer", "entry", "Mastermind", "between games")


def _switches(pid: int) -> int:
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        for line in (task / "status").read_text().splitlines():
            if line.startswith("voluntary_ctxt_switches"):
                total += int(line.split()[1])
    return total


def measure(name: str, signum: signal.Signals, idle: float, scratch: Path) -> tuple[float, float]:
    scratch.mkdir(parents=True)
    _, record, env = _prepare(scratch, SCREENS[name])
    proc = _run(env, record)
    _wait_idle(proc)
    before = _switches(proc.pid)
    time.sleep(idle)
    wakeups = (_switches(proc.pid) - before) / idle
    code, err, seconds = _stop(proc, signum)
    if code != 0:
        raise SystemExit(f"{name}: exit {code}: {err}")
    return wakeups, seconds


def main() -> int:
    import tempfile

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--idle", type=float, default=5.0)
    p.add_argument("--signal", choices=("TERM", "INT", "HUP"), default="TERM")
    a = p.parse_args()
    signum = signal.Signals[f"SIG{a.signal}"]
    print(f"coda-pi run, SIGTERM to exit and idle wake-ups, {a.runs} runs a screen "
          f"(SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}, signal SIG{a.signal})")
    print(f"{'screen':<18} {'wake-ups/s':>11} {'stop median':>12} {'stop max':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in SHOWN:
            got = [measure(name, signum, a.idle, Path(tmp) / f"{name}-{i}".replace(" ", "-"))
                   for i in range(a.runs)]
            wakes = statistics.median(w for w, _ in got)
            stops = [s for _, s in got]
            print(f"{name:<18} {wakes:>11.1f} {statistics.median(stops) * 1000:>9.0f} ms "
                  f"{max(stops) * 1000:>6.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

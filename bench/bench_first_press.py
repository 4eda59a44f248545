"""The first presses after ``coda-pi run`` starts, in CPU: what the start left for them.

A start that puts off work until after its first frame must not leave it to the first
press: a press that waits for imports is felt, a start a few milliseconds shorter is not.
Each run is a fresh process of the real command (as bench_startup.py starts it: the
appliance's config and mock pins with ``--as pi``, SDL's dummy driver, an empty data
directory). Once the first frame is drawn, the loop's work before its first sleep is done
(``App.do_later``, as ``App.step`` does it; its CPU is shown too: what a start puts off
lands there), then these presses follow, each a press and a
release handled and drawn as the loop does after it wakes (``App.update``):

  NEXT, PREV      the setup menu's cursor moved down and back: the first press of a start
  NEXT, PREV      the same again: a press like any other, to compare the first with
  OK              the game started from the setup ("Start"): the record's header written,
                  the first round's screen entered and drawn

--against CHECKOUT measures another checkout (its coda_pi) in the same run, alternating.

    .venv/bin/python bench/bench_first_press.py [--runs 7] [--as pi|laptop] [--against DIR]
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

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from coda_pi.cli import main
from coda_pi.app import loop

def presses(app, **_):
    app.update()  # the first frame
    cpu = time.process_time()
    app.do_later()  # the loop's work before its first sleep
    later = time.process_time() - cpu
    from coda_pi.referee.shared.signals import Button, Press, Release
    figures = []
    for name in ("NEXT", "PREV", "NEXT", "PREV", "OK"):
        button = Button[name]
        frames = app.stats.frames
        cpu = time.process_time()
        app.queue.put(Press(button))
        app.queue.put(Release(button))
        app.update()
        figures.append({"button": name, "cpu": time.process_time() - cpu,
                        "drawn": app.stats.frames - frames})
    figures.append({"screen": type(app.referee.view().screen).__name__, "later": later})
    print(json.dumps(figures), file=sys.__stdout__, flush=True)

loop.App.run = presses
sys.exit(main(["run", "--window", "--size", sys.argv[2], "--data-dir", sys.argv[3]]))
"""

NAMES = ("first NEXT", "first PREV", "NEXT again", "PREV again", "OK: the game starts")


def run(checkout: Path, machine: str, size: str) -> list[dict]:
    data_dir = Path(tempfile.mkdtemp(prefix="coda-pi-bench-"))
    env = bench_startup.child_env(machine, data_dir)
    done = subprocess.run([sys.executable, "-c", CHILD, str(checkout), size, str(data_dir)],
                          env=env, cwd=checkout, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, check=False)
    if done.returncode != 0 or not done.stdout:
        raise SystemExit(f"the presses did not run in {checkout}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--as", dest="machine", choices=("pi", "laptop"), default="pi")
    parser.add_argument("--against", type=Path,
                        help="another checkout of coda-pi, measured in the same run")
    args = parser.parse_args()
    checkouts = {"this checkout": ROOT}
    if args.against is not None:
        checkouts[str(args.against)] = args.against.resolve()
    for checkout in checkouts.values():
        compileall.compile_dir(checkout / "coda_pi", quiet=1)
        run(checkout, args.machine, args.size)  # warm-up: disk cache, kept code
    runs: dict[str, list[list[dict]]] = {name: [] for name in checkouts}
    for _ in range(args.runs):  # alternating, so a burst of load hits each alike
        for name, checkout in checkouts.items():
            runs[name].append(run(checkout, args.machine, args.size))
    print(f"the first presses after a start of coda-pi run (as {args.machine}, {args.size}), "
          f"CPU ms, median of {args.runs} fresh processes (load average "
          f"{os.getloadavg()[0]:.2f})")
    print(f"  {'':<28}" + "".join(f"{name[:22]:>24}" for name in checkouts))
    for index, label in enumerate(NAMES):
        cells = []
        for measured in runs.values():
            cpu = statistics.median(r[index]["cpu"] for r in measured) * 1000
            drawn = measured[-1][index]["drawn"]
            cells.append(f"{cpu:8.2f} ms ({drawn} frame{'s' if drawn != 1 else ''})")
        print(f"  {label:<28}" + "".join(f"{cell:>24}" for cell in cells))
    cells = [f"{statistics.median(r[-1]['later'] for r in measured) * 1000:8.2f} ms"
             for measured in runs.values()]
    print(f"  {'before them: the first idle':<28}" + "".join(f"{cell:>24}" for cell in cells))
    print("    (after the first frame, before the loop first sleeps: the pins opened, what the "
          "first frame did not need)")
    for name, measured in runs.items():
        first = statistics.median(r[0]["cpu"] for r in measured)
        again = statistics.median(r[2]["cpu"] for r in measured)
        print(f"  {name}: the first press costs {first / again:.2f}x the same press later; "
              f"after OK the screen is {measured[-1][-1]['screen']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Press to frame over the fixed-seed demo (seed 7, 3 seats), this checkout beside others, in
alternating child processes: bench_frames.py's demo-press figures alone, run after run.

Each child plays the demo twice (cold, then warm) through the device's loop and times each
loop pass that applied a press or a release (``bench_frames.demo_press_figures``): CPU of
the loop's thread plus the fsync thread's for the pass (the simulated players' thinking
taken out), and its wall time, press to frame shown, the card's fsync included. The
machine may be shared: each run prints its load average, and the checkouts alternate so a
burst of load hits both; compare within a run (the ratio column), not across runs.

Goal (issue 34): warm p99 under 1.3 ms of CPU here, 20 ms on a Zero (x15).

``--split``: instead, what the slowest presses are made of: the warm tournament's passes
with each part's CPU on the loop's thread (the referee with the record line's encoding and
write inside it, the views, the drawing, the frame sent), the fsync thread's CPU, and the
event lines each wrote; the slowest 1% listed, and the means over the passes that wrote a
line and those that did not.

    .venv/bin/python bench/bench_demo_presses.py --against /tmp/main [--runs 3] [--rounds 1]
    .venv/bin/python bench/bench_demo_presses.py --split [--against /tmp/main]

``--card-ms MS``: every record fsync takes MS milliseconds more, asleep (an SD card's
fsync is milliseconds; this machine's disk is faster): the wall time then shows what
drawing while the card works saves, CPU unchanged.

``--phones``: the device with phones on (their server on 127.0.0.1, no phone paired): the
loop has the phones' bridge as its companion, which publishes after every pass; a checkout
that fsyncs inline with a companion (before the one settle for every table) shows it in
the wall time.

    .venv/bin/python bench/bench_demo_presses.py --phones --card-ms 10 --against /tmp/main
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ZERO_FACTOR = 15  # README "On the Pi": a Zero 2 W is 10-15x slower per core; the slow end
GOAL_MS = 1.3


def slow_card(milliseconds: float) -> None:
    """Every fsync the record module makes sleeps ``milliseconds`` first, as a slower card."""
    import time

    from coda_pi import record

    class Os:
        def __getattr__(self, name: str) -> Any:
            return getattr(os, name)

        @staticmethod
        def fsync(fd: int) -> None:
            time.sleep(milliseconds / 1000)
            os.fsync(fd)

    record.os = Os()  # type: ignore[assignment]


def phones_on() -> None:
    """Phones on, served on loopback only (port 0 at 127.0.0.1), whatever the config says:
    the demo's device then has the phones' bridge as its loop's companion."""
    from coda_pi import remembered_phones
    from coda_pi.phones import start

    serve = start.start_phones

    def on_loopback(queue: Any, data_dir: Path, **options: Any) -> Any:
        return serve(queue, data_dir, **{**options, "port": 0, "host": "127.0.0.1"})

    remembered_phones.phones_wanted = lambda *args, **kwargs: True  # type: ignore[assignment]
    start.start_phones = on_loopback  # type: ignore[assignment]


def child(root: Path, rounds: int, card_ms: float = 0.0, phones: bool = False
          ) -> dict[str, Any]:
    sys.path.insert(0, str(root))
    sys.path.insert(1, str(HERE))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import coda_pi

    if not Path(coda_pi.__file__).resolve().is_relative_to(root.resolve()):
        raise SystemExit(f"imported {coda_pi.__file__}, not {root}'s coda_pi")
    from bench_frames import demo_press_figures

    if card_ms:
        slow_card(card_ms)
    if phones:
        phones_on()
    return demo_press_figures(rounds)


PARTS = ("referee", "encode", "write", "views", "draw", "present", "fsync thread")


def split_child(root: Path, rounds: int) -> dict[str, Any]:
    """Each warm pass's CPU by part (see the module's docstring), the lines it wrote."""
    sys.path.insert(0, str(root))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile
    import time

    from coda_pi import record
    from coda_pi.app.loop import App
    from coda_pi.config import Config
    from coda_pi.demo import SimulatedTable, run_demo
    from coda_pi.ui.display import Display
    from coda_pi.ui.screens import ScreenRenderer

    parts: dict[str, float] = {}
    lines: list[str] = []

    def timed(part: str, action: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time()
            try:
                return action(*args, **kwargs)
            finally:
                parts[part] = parts.get(part, 0.0) + time.thread_time() - start
        return run

    line_bytes = record._line_bytes

    def encode(obj: dict[str, Any]) -> bytes:
        lines.append(str(obj.get("event", "header")))
        return line_bytes(obj)

    class Os:  # the record module's os, its writes timed (the fsync thread's are not)
        def __getattr__(self, name: str) -> Any:
            return getattr(os, name)

        write = staticmethod(timed("write", os.write))

    record._line_bytes = timed("encode", encode)
    record.os = Os()  # type: ignore[assignment]
    ScreenRenderer.draw = timed("draw", ScreenRenderer.draw)  # type: ignore[method-assign]
    # The frame found and sent: in two steps where the loop prepares it while the card works.
    for name in ("prepare", "send") if hasattr(Display, "send") else ("present",):
        setattr(Display, name, timed("present", getattr(Display, name)))
    update, poll = App.update, SimulatedTable.poll
    passes: list[dict[str, Any]] = []
    thinking = [0.0]
    wrapped: set[int] = set()

    def fsync_cpu(app: Any) -> float:
        thread = getattr(getattr(app, "records", None), "fsync_thread", None)
        return 0.0 if thread is None else float(thread.cpu_seconds)

    def timed_update(self: Any) -> None:
        if id(self.referee) not in wrapped:
            wrapped.add(id(self.referee))
            self.referee.handle = timed("referee", self.referee.handle)
            self.referee.view = timed("views", self.referee.view)
            self.referee.private_view = timed("views", self.referee.private_view)
        intents, fsynced = self.stats.intents, fsync_cpu(self)
        parts.clear()
        lines.clear()
        thinking[0] = 0.0
        start = time.thread_time()
        update(self)
        spent = time.thread_time() - start - thinking[0]
        if self.stats.intents > intents:
            passes.append({**parts, "fsync thread": fsync_cpu(self) - fsynced,
                           "total": spent + fsync_cpu(self) - fsynced, "lines": list(lines)})

    def timed_poll(self: Any) -> None:
        start = time.thread_time()
        poll(self)
        thinking[0] += time.thread_time() - start

    App.update = timed_update  # type: ignore[method-assign]
    SimulatedTable.poll = timed_poll  # type: ignore[method-assign]
    for _ in ("cold", "warm"):
        passes.clear()
        with tempfile.TemporaryDirectory(prefix="coda-pi-bench-presses-") as tmp:
            run_demo(Config(), headless=True, seed=7, data_dir=Path(tmp), size=(480, 320),
                     players=3, rounds=rounds)
    return {"passes": passes}


def print_split(root: Path, result: dict[str, Any]) -> None:
    passes = sorted(result["passes"], key=lambda p: p["total"])
    count = len(passes)
    print(f"{root}: warm tournament, {count} passes; CPU ms by part (referee: with the "
          "line's encoding and write inside; the fsync thread's beside)")
    header = "".join(f"{part:>9}" for part in (*PARTS, "total"))
    print(f"  {'':<24}{header}")

    def line(label: str, chosen: list[dict[str, Any]], note: str = "") -> None:
        if not chosen:
            return
        cells = "".join(f"{statistics.mean(p.get(part, 0.0) for p in chosen) * 1000:9.3f}"
                        for part in (*PARTS, "total"))
        print(f"  {label:<24}{cells}  {note}")

    for p in passes[int(count * 0.99):]:
        line("one of the slowest 1%", [p], ", ".join(p["lines"]) or "(no line)")
    line(f"mean, writing ({sum(1 for p in passes if p['lines'])})",
         [p for p in passes if p["lines"]])
    line(f"mean, not writing ({sum(1 for p in passes if not p['lines'])})",
         [p for p in passes if not p["lines"]])


def run_child(root: Path, rounds: int, split: bool = False, card_ms: float = 0.0,
              phones: bool = False) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(root),
               "--rounds", str(rounds), "--card-ms", str(card_ms),
               *(["--split"] if split else []), *(["--phones"] if phones else [])]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def figure(result: dict[str, Any], kind: str, name: str) -> float:
    value: Any = result[kind]
    for key in name.split("."):
        value = value.get(key, float("nan")) if isinstance(value, dict) else float("nan")
    return float(value)


ROWS = (("p50_ms", "CPU p50"), ("p99_ms", "CPU p99"), ("wall.p50_ms", "wall p50"),
        ("wall.p99_ms", "wall p99"), ("fsync_thread_per_press_ms", "fsync thread CPU/press"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another checkout to measure beside this one (repeatable)")
    parser.add_argument("--runs", type=int, default=3, help="runs, each every checkout once")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the demo")
    parser.add_argument("--split", action="store_true",
                        help="what the slowest presses are made of, part by part")
    parser.add_argument("--card-ms", type=float, default=0.0,
                        help="milliseconds more asleep in every record fsync (a slow card)")
    parser.add_argument("--phones", action="store_true",
                        help="phones on (served on loopback, none paired)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        if args.split:
            print(json.dumps(split_child(args.child, args.rounds)))
        else:
            print(json.dumps(child(args.child, args.rounds, args.card_ms, args.phones)))
        return 0
    roots = [HERE.parent, *args.against]
    if args.split:
        for root in roots:
            print(f"load average {os.getloadavg()[0]:.1f}")
            print_split(root, run_child(root, args.rounds, split=True))
        return 0
    for index, root in enumerate(roots):
        print(f"[{index + 1}] {root}")
    if args.card_ms:
        print(f"every record fsync {args.card_ms:g} ms slower (asleep): a slow card")
    if args.phones:
        print("phones on (served on 127.0.0.1, none paired)")
    every: list[list[dict[str, Any]]] = [[] for _ in roots]
    for run in range(args.runs):
        results = []
        loads = []
        for index, root in enumerate(roots):  # alternating: a burst of load hits both
            loads.append(os.getloadavg()[0])
            results.append(run_child(root, args.rounds, card_ms=args.card_ms,
                                     phones=args.phones))
            every[index].append(results[-1])
        print(f"run {run + 1}: load average {', '.join(f'{x:.1f}' for x in loads)}; ms "
              f"({results[0]['warm']['presses']} passes each)")
        print(f"  {'':<32}" + "".join(f"{f'[{i + 1}]':>10}" for i in range(len(roots)))
              + ("   [1]/[2]" if len(roots) > 1 else ""))
        for kind in ("cold", "warm"):
            for key, label in ROWS:
                values = [figure(r, kind, key) for r in results]
                ratio = f"{values[0] / values[1]:9.2f}x" if len(values) > 1 and values[1] else ""
                print(f"  {kind + ' ' + label:<32}" + "".join(f"{v:10.3f}" for v in values)
                      + f" {ratio}")
    print(f"median over the runs, warm p99 (goal < {GOAL_MS} ms here, < 20 ms on a Zero):")
    for index, root in enumerate(roots):
        p99 = statistics.median(figure(r, "warm", "p99_ms") for r in every[index])
        wall = statistics.median(figure(r, "warm", "wall.p99_ms") for r in every[index])
        print(f"  [{index + 1}] CPU p99 {p99:.3f} ms (x{ZERO_FACTOR}: {p99 * ZERO_FACTOR:.1f} "
              f"ms on a Zero); wall p99 {wall:.3f} ms   {root}")
    per_press_rows(every)
    return 0


def per_press_rows(every: list[list[dict[str, Any]]]) -> None:
    """The demo plays the same presses every run: each press's median over the runs takes
    most of a shared machine's bursts out, and p50/p99 are taken over those medians."""
    if any("each_cpu_ms" not in r["warm"] for runs in every for r in runs):
        return  # a bench_frames.py without the passes listed
    print(f"per-press medians over the {len(every[0])} runs, then p50 / p99 over the "
          "presses (ms):")
    for kind in ("cold", "warm"):
        for what in ("cpu", "wall"):
            cells = []
            for runs in every:
                each = [r[kind][f"each_{what}_ms"] for r in runs]
                medians = sorted(statistics.median(values) for values in zip(*each,
                                                                             strict=True))
                cells.append(f"{medians[len(medians) // 2]:8.3f} / "
                             f"{medians[int(len(medians) * 0.99)]:7.3f}")
            print(f"  {kind} {what:<5}" + "".join(f"  [{i + 1}] {c}"
                                                 for i, c in enumerate(cells)))


if __name__ == "__main__":
    sys.exit(main())

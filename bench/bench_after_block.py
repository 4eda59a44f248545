"""Is the loop slower right after a record line's fsync, and why: the CPU of one fixed piece
of the device's work (two warm frames drawn) timed right after each kind of pause.

A press that writes a record line fsyncs it before its frame is drawn (design principle 5),
and those presses are the slowest. This separates the fsync's own CPU from what comes after
it, and what comes after it from any other way of leaving the CPU for a moment:

- **none**: straight after the work before it (the baseline);
- **busy**: a 0.3 ms busy wait (the thread keeps the CPU);
- **sleep**: a 0.3 ms sleep (the thread leaves the CPU; other work may run on it);
- **fsync tmpfs**: a line appended and fsynced in /dev/shm (no device: the call returns
  without sleeping);
- **fsync disk** / **fdatasync disk**: a line appended and synced where the records go
  (``--dir``; the data directory's file system).

Printed per kind: the work's CPU (``time.thread_time``) p50 and p90, and the pause's own CPU
and wall time. On the machine of issue 34 (two cores shared by a dozen busy processes) the
work took 1.5-1.7 times as long after an fsync to the disk as after nothing, and as long
after a plain sleep; an fsync that does not sleep (tmpfs) and a busy wait cost nothing
after them. So the slowness is the thread's caches gone cold while it slept (other
processes ran on its core, or it woke on the other one), not the fsync: fdatasync, which
sleeps as long, does not help.

    .venv/bin/python bench/bench_after_block.py [--rounds N] [--dir DIR] [--pin]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
LINE = b'{"event": "guess", "seat": 1, "target": 2, "slot": 3, "value": "7"}\n'
KINDS = ("none", "busy", "sleep", "fsync tmpfs", "fsync disk", "fdatasync disk")
PAUSE_SECONDS = 0.0003


def work() -> Callable[[], None]:
    """Two sample screens drawn in turn from warm caches: a new frame's kind of work."""
    import pygame

    from coda_pi.ui.samples import sample_scenes
    from coda_pi.ui.screens import draw_scene

    pygame.font.init()
    scenes = sample_scenes()
    first, second = scenes["round-end"], scenes["turn-guess"]
    surface = pygame.Surface((480, 320))

    def draw() -> None:
        draw_scene(surface, first)
        draw_scene(surface, second)

    for _ in range(5):
        draw()
    return draw


def pauses(disk: Path, shm: Path) -> dict[str, Callable[[], None]]:
    fds = {name: os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
           for name, path in (("disk", disk), ("tmpfs", shm))}

    def busy() -> None:
        end = time.perf_counter() + PAUSE_SECONDS
        while time.perf_counter() < end:
            pass

    def synced(sync: Callable[[int], None], fd: int) -> Callable[[], None]:
        def pause() -> None:
            os.write(fd, LINE)
            sync(fd)
        return pause

    fdatasync = getattr(os, "fdatasync", os.fsync)
    return {"none": lambda: None, "busy": busy, "sleep": lambda: time.sleep(PAUSE_SECONDS),
            "fsync tmpfs": synced(os.fsync, fds["tmpfs"]),
            "fsync disk": synced(os.fsync, fds["disk"]),
            "fdatasync disk": synced(fdatasync, fds["disk"])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--dir", type=Path, default=HERE.parent,
                        help="where the disk's file goes (default: this checkout's)")
    parser.add_argument("--pin", action="store_true", help="stay on one CPU")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(HERE.parent))
    if args.pin:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    draw = work()
    with tempfile.TemporaryDirectory(dir=args.dir) as disk, \
            tempfile.TemporaryDirectory(dir="/dev/shm") as shm:
        kinds = pauses(Path(disk) / "probe.jsonl", Path(shm) / "probe.jsonl")
        spent: dict[str, list[float]] = {kind: [] for kind in KINDS}
        paused: dict[str, list[tuple[float, float]]] = {kind: [] for kind in KINDS}
        for _ in range(args.rounds):
            for kind in KINDS:  # interleaved: a burst of load hits every kind alike
                cpu, wall = time.thread_time(), time.perf_counter()
                kinds[kind]()
                paused[kind].append((time.thread_time() - cpu, time.perf_counter() - wall))
                start = time.thread_time()
                draw()
                spent[kind].append(time.thread_time() - start)
    base = statistics.median(spent["none"])
    print(f"the same work (two warm frames) right after each pause, CPU; load average "
          f"{os.getloadavg()[0]:.1f}; CPUs {sorted(os.sched_getaffinity(0))}")
    print(f"  {'pause':<16}{'work p50':>10}{'p90':>9}{'x none':>8}{'pause CPU':>11}"
          f"{'wall':>9}")
    for kind in KINDS:
        times = sorted(spent[kind])
        p50, p90 = times[len(times) // 2], times[int(len(times) * 0.9)]
        print(f"  {kind:<16}{p50 * 1000:8.3f}ms{p90 * 1000:7.3f}ms{p50 / base:7.2f}x"
              f"{statistics.median(c for c, _ in paused[kind]) * 1000:9.3f}ms"
              f"{statistics.median(w for _, w in paused[kind]) * 1000:7.3f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

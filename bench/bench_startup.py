"""Start to first frame, and peak memory, of ``coda-pi run``.

Each run is a fresh Python process (SDL's dummy video driver, mock GPIO pins, the default
config, an empty data directory) that does what ``coda-pi run`` does up to its first frame
on the screen, then exits. Figures:

  process start -> first frame   wall time from spawning the process (interpreter start and
                                 every import included) to the first frame flipped
  imports / build / first draw   the parts, timed inside the process
  peak RSS                       resource.getrusage ru_maxrss (the whole process: Python,
                                 SDL, pygame, gpiozero)
  Python heap peak               tracemalloc's peak, in a separate run (tracing slows it)

    .venv/bin/python bench/bench_startup.py [--runs 5] [--size WxH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(size: str, trace: bool) -> None:
    t0 = time.perf_counter()
    if trace:
        import tracemalloc

        tracemalloc.start()
    import resource

    import pygame

    from coda_pi.app import DeviceOptions, build_app
    from coda_pi.config import load_config
    from coda_pi.ui.display import parse_size

    t_imports = time.perf_counter()
    config, _ = load_config(None)
    first: dict[str, float] = {}

    def on_frame(scene, surface) -> None:
        first.setdefault("frame", time.perf_counter())

    options = DeviceOptions(config=config, size=parse_size(size), fullscreen=False,
                            data_dir=Path(tempfile.mkdtemp(prefix="coda-pi-bench-")))
    app = build_app(options, on_frame=on_frame, explain=lambda text: None)
    t_built = time.perf_counter()
    app.update()  # the first pass of the loop: draws the first frame
    out = {
        "imports": t_imports - t0,
        "build": t_built - t_imports,
        "draw": first["frame"] - t_built,
        "in_process": first["frame"] - t0,
        "maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }
    if trace:
        import tracemalloc

        out["heap_peak"] = tracemalloc.get_traced_memory()[1]
    app.close()
    pygame.quit()
    print(json.dumps(out), flush=True)


def run_child(size: str, trace: bool) -> tuple[float, dict[str, float]]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               GPIOZERO_PIN_FACTORY="mock", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CODA_PI_CONFIG=str(Path(tempfile.gettempdir()) / "coda-pi-bench-none.toml"))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--size", size]
    if trace:
        cmd.append("--trace")
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                            cwd=ROOT, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    # The first frame was flipped just before the line was written.
    wall = time.perf_counter() - start
    proc.wait()
    return wall, json.loads(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(ROOT))
        child(args.size, args.trace)
        return 0
    walls, parts = [], []
    for _ in range(args.runs):
        wall, figures = run_child(args.size, trace=False)
        walls.append(wall)
        parts.append(figures)
    _, traced = run_child(args.size, trace=True)

    def med(key: str) -> float:
        return statistics.median(p[key] for p in parts) * 1000

    print(f"start to first frame of coda-pi run, {args.size}, SDL dummy driver, mock GPIO, "
          f"median of {args.runs} fresh processes")
    print(f"  process start -> first frame  {statistics.median(walls) * 1000:7.1f} ms "
          f"(min {min(walls) * 1000:.1f}, max {max(walls) * 1000:.1f})")
    print(f"    imports {med('imports'):.1f} ms, build (screen, GPIO, sound, referee) "
          f"{med('build'):.1f} ms, first draw {med('draw'):.1f} ms")
    rss = statistics.median(p["maxrss_kib"] for p in parts)
    print(f"  peak RSS {rss / 1024:.1f} MiB;  Python heap peak (tracemalloc) "
          f"{traced['heap_peak'] / 1024 / 1024:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

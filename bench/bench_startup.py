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

With --resume the data directory holds an unfinished 30-round tournament (about 1,400
lines, bench/records.py), so the first frame is the resumed game: the record is replayed
first. The child imports coda_pi.cli first, as the `coda-pi` command does.

    .venv/bin/python bench/bench_startup.py [--runs 5] [--size WxH] [--resume] [--json]
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


def child(size: str, trace: bool, resume: Path | None) -> None:
    t0 = time.perf_counter()
    if trace:
        import tracemalloc

        tracemalloc.start()
    import importlib
    import resource

    importlib.import_module("coda_pi.cli")  # what `coda-pi` imports first, before pygame
    import pygame

    from coda_pi.app import DeviceOptions, build_app
    from coda_pi.config import load_config
    from coda_pi.ui.display import parse_size

    t_imports = time.perf_counter()
    config, _ = load_config(None)
    first: dict[str, float] = {}

    def on_frame(scene, surface) -> None:
        first.setdefault("frame", time.perf_counter())

    data_dir = Path(tempfile.mkdtemp(prefix="coda-pi-bench-"))
    if resume is not None:
        (data_dir / "coda-2026-01-01T00-00-00.jsonl").write_bytes(resume.read_bytes())
    options = DeviceOptions(config=config, size=parse_size(size), fullscreen=False,
                            data_dir=data_dir)
    app = build_app(options, on_frame=on_frame, explain=lambda text: None)
    t_built = time.perf_counter()
    app.update()  # the first pass of the loop: draws the first frame
    out = {
        "imports": t_imports - t0,
        "build": t_built - t_imports,
        "draw": first["frame"] - t_built,
        "in_process": first["frame"] - t0,
        "cpu": sum(resource.getrusage(resource.RUSAGE_SELF)[:2]),
        "maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }
    if trace:
        import tracemalloc

        out["heap_peak"] = tracemalloc.get_traced_memory()[1]
    app.close()
    pygame.quit()
    print(json.dumps(out), flush=True)


def run_child(size: str, trace: bool, resume: Path | None = None
              ) -> tuple[float, dict[str, float]]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               GPIOZERO_PIN_FACTORY="mock", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CODA_PI_CONFIG=str(Path(tempfile.gettempdir()) / "coda-pi-bench-none.toml"))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--size", size]
    if trace:
        cmd.append("--trace")
    if resume is not None:
        cmd += ["--resume-record", str(resume)]
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
    parser.add_argument("--resume", action="store_true",
                        help="resume an unfinished 30-round tournament")
    parser.add_argument("--resume-record", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(ROOT))
        child(args.size, args.trace, args.resume_record)
        return 0
    # An installed coda-pi has its bytecode compiled (pip does it); a checkout run with
    # PYTHONDONTWRITEBYTECODE would compile every module in every process instead.
    compileall.compile_dir(ROOT / "coda_pi", quiet=1)
    record = None
    if args.resume:
        sys.path.insert(0, str(ROOT))
        sys.path.insert(0, str(ROOT / "bench"))
        from records import unfinished_tournament, write_record

        record = write_record(Path(tempfile.mkdtemp(prefix="coda-pi-bench-")) / "t.jsonl",
                              unfinished_tournament(30))
    walls, parts = [], []
    for _ in range(args.runs):
        wall, figures = run_child(args.size, False, record)
        walls.append(wall)
        parts.append(figures)
    _, traced = run_child(args.size, True, record)

    def med(key: str) -> float:
        return statistics.median(p[key] for p in parts) * 1000

    rss = statistics.median(p["maxrss_kib"] for p in parts)
    if args.json:
        print(json.dumps({"first_frame_ms": statistics.median(walls) * 1000,
                          "cpu_ms": med("cpu"),
                          "imports_ms": med("imports"), "build_ms": med("build"),
                          "draw_ms": med("draw"), "rss_mib": rss / 1024,
                          "heap_peak_mib": traced["heap_peak"] / 2**20}))
        return 0
    what = "resuming an unfinished 30-round tournament" if record else "an empty data directory"
    print(f"start to first frame of coda-pi run, {args.size}, {what}, SDL dummy driver, "
          f"mock GPIO, median of {args.runs} fresh processes")
    print(f"  process start -> first frame  {statistics.median(walls) * 1000:7.1f} ms "
          f"(min {min(walls) * 1000:.1f}, max {max(walls) * 1000:.1f})")
    print(f"    CPU time to the first frame {med('cpu'):.1f} ms (what a busy machine does not "
          "inflate)")
    print(f"    imports {med('imports'):.1f} ms, build (screen, GPIO, sound, referee) "
          f"{med('build'):.1f} ms, first draw {med('draw'):.1f} ms")
    print(f"  peak RSS {rss / 1024:.1f} MiB;  Python heap peak (tracemalloc) "
          f"{traced['heap_peak'] / 1024 / 1024:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

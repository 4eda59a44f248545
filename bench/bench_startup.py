"""Start to first frame, and peak memory, of ``coda-pi run``.

Each run is a fresh process of the real command (bench/startup_child.py: what the
``coda-pi`` console script does, stopped after the loop's first pass draws and flips the
first frame) with SDL's dummy video driver, the default config and an empty data directory.
Figures:

  process start -> first frame   wall time from spawning the process (interpreter start and
                                 every import included) to the first frame flipped
  CPU time                       user + system time of the process up to the first frame:
                                 what a busy machine does not inflate
  modules                        how many modules are loaded at the first frame
  peak RSS                       the process's ru_maxrss (Python, SDL, pygame, gpiozero)
  Python heap peak               tracemalloc's peak, in a separate run (tracing slows it)
  against bare pygame            the same figures of a bare pygame program (import pygame,
                                 pygame.init(), set_mode, fill, flip), measured in the same
                                 run, alternating with the device's processes: goal, the
                                 device's first frame at most 1.2x the bare one's (CPU time,
                                 which a busy machine does not inflate; wall time beside it)

--against CHECKOUT measures another checkout's ``coda-pi run`` (its own startup_child.py)
in the same run, alternating: today's figure beside the new one. Given twice or more, each
checkout is measured so, in turn with the others (an old commit, main and the new code).

--as pi (the default) starts it as the appliance does: the appliance's config
(firmware/config.example.toml, which install.sh puts in /etc/coda-pi) and gpiozero's mock
pins with PWM standing in for a Pi's, so the buttons, the seat LEDs and the piezo are all
opened. --as laptop gives it an empty config file (every default) and no pin factory, as on
a laptop, where no GPIO loads and the keyboard and the desktop's speaker stand in. With
--resume the data directory holds an unfinished 30-round tournament (about 1,400 lines,
bench/records.py), so the first frame is the resumed game: the record is replayed first.

    .venv/bin/python bench/bench_startup.py [--runs 5] [--size WxH] [--as pi|laptop]
                                            [--resume] [--realtime] [--json]
                                            [--against CHECKOUT] [--service]

--service starts it with the service's command line (firmware/coda-pi.service): a bare
``coda-pi run``, the data directory from $CODA_PI_DATA, full screen at the display's own
size (SDL's dummy display: 1024x768, the bare pygame program's size then too). Without it
the command line names the size, a window and the data directory, which argparse parses.
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "startup_child.py"


APPLIANCE_CONFIG = ROOT / "firmware" / "config.example.toml"
REALTIME = False  # --realtime
DRIVER = "dummy"  # --driver: SDL's video driver (x11 under Xvfb: a real window's path)
SERVICE = False  # --service: a bare `coda-pi run`, its data directory from $CODA_PI_DATA
SERVICE_SIZE = "1024x768"  # SDL's dummy display: the size a full screen takes there


def _realtime() -> None:
    # In the child, before it runs: first in line for a CPU, as on an idle machine.
    os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(10))


BARE = """
import json, sys, time
import pygame
pygame.init()
w, h = (int(x) for x in sys.argv[1].split("x"))
screen = pygame.display.set_mode((w, h))
screen.fill((52, 58, 70))
pygame.display.flip()
sys.stdout.write(json.dumps({"cpu": time.process_time()}) + "\\n")
sys.stdout.flush()
pygame.quit()
"""
GOAL = 1.2  # the device's first frame, at most this many bare pygame first frames


def run_bare(size: str) -> tuple[float, float]:
    """Wall seconds and CPU seconds of a bare pygame program to its first frame."""
    env = dict(os.environ, SDL_VIDEODRIVER=DRIVER, SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", BARE, size], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env, text=True,
                            stdin=subprocess.DEVNULL,
                            preexec_fn=_realtime if REALTIME else None)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    wall = time.perf_counter() - start
    proc.stdout.close()
    proc.wait()
    return wall, json.loads(line)["cpu"]


def child_env(machine: str, data_dir: Path) -> dict[str, str]:
    """The environment of a device's start as ``machine`` (pi or laptop), its config beside
    ``data_dir``."""
    env = dict(os.environ, SDL_VIDEODRIVER=DRIVER, SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    # As installed: what a start compiles is kept for the next (the warm-up run's), which
    # PYTHONDONTWRITEBYTECODE, set for a checkout, would forbid.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for name in ("GPIOZERO_PIN_FACTORY", "GPIOZERO_MOCK_PIN_CLASS", "PIGPIO_ADDR"):
        env.pop(name, None)
    if SERVICE:
        env["CODA_PI_DATA"] = str(data_dir)
    if machine == "pi":
        env.update(CODA_PI_CONFIG=str(APPLIANCE_CONFIG), GPIOZERO_PIN_FACTORY="mock",
                   GPIOZERO_MOCK_PIN_CLASS="mockpwmpin")
    else:
        config = data_dir.parent / f"{data_dir.name}.toml"
        config.write_text("")
        env["CODA_PI_CONFIG"] = str(config)
    return env


def child_args(size: str, data_dir: Path) -> list[str]:
    """The command line after ``coda-pi run``: none with --service (as the service starts
    it; child_env names the data directory), else the size, a window, the data directory."""
    return [] if SERVICE else ["--size", size, "--window", "--data-dir", str(data_dir)]


def run_child(size: str, machine: str, trace: bool, resume: Path | None = None,
              child: Path = CHILD) -> tuple[float, dict[str, Any]]:
    """Wall seconds to the first frame and the child's own figures (peak RSS included)."""
    data_dir = Path(tempfile.mkdtemp(prefix="coda-pi-bench-"))
    env = child_env(machine, data_dir)
    if resume is not None:
        (data_dir / "coda-2026-01-01T00-00-00.jsonl").write_bytes(resume.read_bytes())
    cmd = [sys.executable, str(child), *(["--trace"] if trace else []), "--",
           *child_args(size, data_dir)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
                            cwd=child.parent.parent, text=True, stdin=subprocess.DEVNULL,
                            preexec_fn=_realtime if REALTIME else None)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    # The first frame was flipped just before the line was written.
    wall = time.perf_counter() - start
    proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if not line or proc.returncode != 0:
        raise SystemExit(f"coda-pi run did not reach its first frame (exit {proc.returncode}):"
                         f" {' '.join(cmd)}")
    figures = json.loads(line)
    figures["maxrss_kib"] = usage.ru_maxrss
    return wall, figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--as", dest="machine", choices=("pi", "laptop"), default="pi",
                        help="as the appliance starts, on mock pins (default), or as on a "
                        "laptop without GPIO")
    parser.add_argument("--resume", action="store_true",
                        help="resume an unfinished 30-round tournament")
    parser.add_argument("--modules", action="store_true",
                        help="also list the modules loaded at the first frame")
    parser.add_argument("--realtime", action="store_true",
                        help="run each process first in line for a CPU (SCHED_FIFO, root "
                        "only): on a busy machine, close to the wall time of an idle one")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    parser.add_argument("--driver", default="dummy",
                        help="SDL's video driver (x11: a real window, say under Xvfb)")
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another checkout of coda-pi, measured in the same run "
                        "(again for a third: each alternating with the others)")
    parser.add_argument("--service", action="store_true",
                        help="a bare `coda-pi run` as the service starts it (full screen: "
                        f"{SERVICE_SIZE} on SDL's dummy display)")
    args = parser.parse_args()
    if args.service:
        global SERVICE
        SERVICE = True
        args.size = SERVICE_SIZE
    if args.realtime:
        global REALTIME
        try:
            _realtime()  # here too: the parent reads the child's line the moment it is written
        except PermissionError:
            parser.error("--realtime needs root (SCHED_FIFO)")
        REALTIME = True
    # An installed coda-pi has its bytecode compiled (pip does it); a checkout run with
    # PYTHONDONTWRITEBYTECODE would compile every module in every process instead.
    global DRIVER
    DRIVER = args.driver
    compileall.compile_dir(ROOT / "coda_pi", quiet=1)
    for checkout in args.against:
        compileall.compile_dir(checkout / "coda_pi", quiet=1)
    record = None
    if args.resume:
        sys.path.insert(0, str(ROOT))
        sys.path.insert(0, str(ROOT / "bench"))
        from records import unfinished_tournament, write_record

        record = write_record(Path(tempfile.mkdtemp(prefix="coda-pi-bench-")) / "t.jsonl",
                              unfinished_tournament(30))
    walls, parts = [], []
    others = {checkout: checkout / "bench" / "startup_child.py" for checkout in args.against}
    bare_walls: list[float] = []
    bare_cpus: list[float] = []
    other_walls: dict[Path, list[float]] = {checkout: [] for checkout in others}
    other_cpus: dict[Path, list[float]] = {checkout: [] for checkout in others}
    # The first start of each pays for the disk cache, and an installed coda-pi's first
    # start keeps what it compiled (bytecode, dataclass methods: coda_pi/dataclass_code.py)
    # as an install's first run does: not counted.
    run_bare(args.size)
    run_child(args.size, args.machine, False, record)
    for other in others.values():
        run_child(args.size, args.machine, False, record, other)
    for _ in range(args.runs):  # alternating, so a burst of load hits each alike
        wall, figures = run_child(args.size, args.machine, False, record)
        walls.append(wall)
        parts.append(figures)
        wall, cpu = run_bare(args.size)
        bare_walls.append(wall)
        bare_cpus.append(cpu)
        for checkout, other in others.items():
            wall, figures = run_child(args.size, args.machine, False, record, other)
            other_walls[checkout].append(wall)
            other_cpus[checkout].append(figures["cpu"])
    _, traced = run_child(args.size, args.machine, True, record)

    def med(key: str) -> float:
        return statistics.median(p[key] for p in parts) * 1000

    rss = statistics.median(p["maxrss_kib"] for p in parts)
    modules = parts[-1]["modules"]
    ours = [m for m in modules if m == "coda_pi" or m.startswith("coda_pi.")]
    load = os.getloadavg()[0]
    bare_cpu = statistics.median(bare_cpus) * 1000
    bare_wall = statistics.median(bare_walls) * 1000
    if args.json:
        print(json.dumps({"first_frame_ms": statistics.median(walls) * 1000,
                          "bare_cpu_ms": bare_cpu, "bare_first_frame_ms": bare_wall,
                          "cpu_ratio": med("cpu") / bare_cpu,
                          "realtime": REALTIME,
                          "cpu_ms": med("cpu"), "in_process_ms": med("in_process"),
                          "draw_ms": med("draw"), "modules": len(modules),
                          "coda_pi_modules": len(ours), "rss_mib": rss / 1024,
                          "heap_peak_mib": traced["heap_peak"] / 2**20, "load": load,
                          "driver": parts[-1].get("driver", DRIVER),
                          **({"against_cpu_ratio": statistics.median(
                              other_cpus[args.against[0]]) * 1000 / bare_cpu}
                             if args.against else {}),
                          "against_cpu_ratios": {
                              str(checkout): statistics.median(cpus) * 1000 / bare_cpu
                              for checkout, cpus in other_cpus.items()}}))
        return 0
    what = "resuming an unfinished 30-round tournament" if record else "an empty data directory"
    pins = ("the appliance's config, mock GPIO pins" if args.machine == "pi"
            else "every default, no GPIO")
    first = " (SCHED_FIFO: first in line for a CPU)" if REALTIME else ""
    driver = parts[-1].get("driver", DRIVER)
    print(f"start to first frame of coda-pi run, {args.size}, {what}, SDL {driver} driver, "
          f"{pins}, median of {args.runs} fresh processes{first} (load average {load:.2f})")
    print(f"  process start -> first frame  {statistics.median(walls) * 1000:7.1f} ms "
          f"(min {min(walls) * 1000:.1f}, max {max(walls) * 1000:.1f})")
    print(f"    CPU time to the first frame {med('cpu'):.1f} ms (what a busy machine does not "
          "inflate)")
    print(f"    in the process: {med('cli_import'):.1f} ms to import the command, "
          f"{med('to_loop'):.1f} ms to the loop (screen, GPIO, sound, referee built), "
          f"first frame {med('draw'):.1f} ms later")
    print(f"  modules loaded at the first frame: {len(modules)}, of which coda_pi's "
          f"{len(ours)}")
    if args.modules:
        for name in modules:
            print(f"    {name}")
    print(f"  peak RSS {rss / 1024:.1f} MiB;  Python heap peak (tracemalloc) "
          f"{traced['heap_peak'] / 1024 / 1024:.1f} MiB")
    print(f"  against a bare pygame init + set_mode + flip ({bare_cpu:.1f} ms CPU, "
          f"{bare_wall:.1f} ms wall), goal at most {GOAL}x:")
    print(f"    this checkout   {med('cpu') / bare_cpu:5.2f}x CPU  "
          f"{statistics.median(walls) * 1000 / bare_wall:5.2f}x wall")
    print(f"    this checkout's CPU {med('cpu'):.1f} ms")
    for checkout, cpus in other_cpus.items():
        other_cpu = statistics.median(cpus) * 1000
        print(f"    {str(checkout):<15} {other_cpu / bare_cpu:5.2f}x "
              f"CPU  {statistics.median(other_walls[checkout]) * 1000 / bare_wall:5.2f}x wall  "
              f"({other_cpu:.1f} ms CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

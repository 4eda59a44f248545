"""CPU while waiting for a decision with the guess timer running: percent of one core.

Goal: under 2%, against a plain 60 FPS loop measured beside it. The device: real referee on
the real monotonic clock, mock GPIO pins, the real loop (asleep in its waiter until the
timer's next second), the 800x480 turn screen with the timer counting down. The plain loop
draws the same scene 60 times a second with pygame.time.Clock.tick(60), as a game loop does.
CPU is user + system time of the whole process (every thread: gpiozero's, the piezo's)
over the wall time, from resource.getrusage. Wake-ups are the voluntary context switches of
every thread of the process (/proc/self/task/*/status): each is a sleep that ended, whether
the loop, SDL or a gpiozero thread slept. Goal: at most ~10 a second when nothing happens
but the timer's once-a-second redraw.

With a club and phones on (a real Mosquitto on a free loopback port, when one is installed;
the phones' HTTPS server on 127.0.0.1) the same wait is measured again, and the wake-ups are
printed per thread: goal, none beyond the timer's (the loop's one a second). ``--against
CHECKOUT`` measures that wait of another checkout too, in a child process of this script.

    .venv/bin/python bench/bench_idle_cpu.py [--seconds 30] [--size WxH] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# --root CHECKOUT (the child of --against): that checkout's coda_pi, imported below.
ROOT = (Path(sys.argv[sys.argv.index("--root") + 1]) if "--root" in sys.argv[:-1]
        else Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory, MockPWMPin  # noqa: E402

from coda_pi.app import (  # noqa: E402
    App,
    DeviceOptions,
    MonotonicClock,
    QueueWaiter,
    SdlWaiter,
    Waiter,
    build_app,
)
from coda_pi.config import Config  # noqa: E402
from coda_pi.demo import play_until  # noqa: E402
from coda_pi.devices.buzzer import RecordingSounder  # noqa: E402
from coda_pi.devices.intent_queue import IntentQueue  # noqa: E402
from coda_pi.referee.shared.signals import Button, Release  # noqa: E402
from coda_pi.referee.shared.views import TurnStep, TurnView  # noqa: E402
from coda_pi.sim.coda import AutoPlayer  # noqa: E402
from coda_pi.ui.display import parse_size  # noqa: E402
from coda_pi.ui.screens import draw_scene  # noqa: E402


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def sleeps_ended() -> int:
    """Voluntary context switches of every thread of this process so far."""
    return sum(sleeps_by_thread().values())


def sleeps_by_thread() -> dict[str, int]:
    """Voluntary context switches so far per thread of this process, by the thread's name
    (Python's for its own threads, the kernel's for SDL's and the others)."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    found: dict[str, int] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            text = (task / "status").read_text()
            comm = (task / "comm").read_text().strip()
        except OSError:  # a thread that ended meanwhile
            continue
        name = names.get(int(task.name), comm)
        if int(task.name) == os.getpid():
            name = "main (the loop)"
        for line in text.splitlines():
            if line.startswith("voluntary_ctxt_switches:"):
                found[name] = found.get(name, 0) + int(line.split()[1])
    return found


def waiting_app(size: tuple[int, int], waiter: Waiter | None,
                queue: IntentQueue | None = None, config: Config | None = None) -> App:
    from coda_pi.referee.shared.setup import SetupDefaults

    if config is None:
        config = Config(data_dir=Path(tempfile.mkdtemp(prefix="coda-pi-bench-")))
    setup = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"), players=3, first_seconds=600,
                          extra_seconds=60)
    options = DeviceOptions(config=config, size=size, fullscreen=False, resume=False,
                            setup=setup, bounce_time=None)
    app = build_app(options, clock=MonotonicClock(), rng=random.Random(1), waiter=waiter,
                    queue=queue,
                    sounder=RecordingSounder(), explain=lambda text: None)
    play_until(app, AutoPlayer(random.Random(2)),
               lambda v: isinstance(v.screen, TurnView) and v.screen.step is TurnStep.SLOT)
    if app.scene is not None and app.scene.private is not None:
        app.queue.put(Release(Button.for_seat(app.scene.private.seat)))
        app.step()
    assert app.scene is not None and app.scene.view.timer is not None
    return app


def measure_device(size: tuple[int, int], seconds: float, waiter: Waiter | None = None,
                   queue: IntentQueue | None = None) -> tuple[float, int, int, float]:
    """CPU percent, loop steps, frames, and wake-ups (sleeps ended) per second."""
    app = waiting_app(size, waiter, queue)
    steps, frames = app.stats.steps, app.stats.frames
    end = time.monotonic() + seconds
    cpu0, wall0, sleeps0 = cpu_seconds(), time.monotonic(), sleeps_ended()
    app.run(until=lambda: time.monotonic() >= end)
    cpu, wall = cpu_seconds() - cpu0, time.monotonic() - wall0
    sleeps = sleeps_ended() - sleeps0
    woke, drew = app.stats.steps - steps, app.stats.frames - frames
    app.close()
    return 100.0 * cpu / wall, woke, drew, sleeps / wall


@contextmanager
def mosquitto() -> Iterator[int | None]:
    """A real broker on a free loopback port (its port), None when none is installed."""
    path = shutil.which("mosquitto") or ("/usr/sbin/mosquitto"
                                         if Path("/usr/sbin/mosquitto").exists() else None)
    if path is None:
        yield None
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    directory = Path(tempfile.mkdtemp(prefix="coda-pi-bench-broker-"))
    conf = directory / "mosquitto.conf"
    conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
    proc = subprocess.Popen([path, "-c", str(conf)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield port
    finally:
        proc.terminate()
        proc.wait(5)


def measure_club_phones(size: tuple[int, int], seconds: float
                        ) -> tuple[float, float, dict[str, float], bool]:
    """The device waiting at a guess with a club (when a broker is installed) and phones on:
    CPU percent, wake-ups per second, per thread, and whether a club was on."""
    from coda_pi.config import ClubConfig, PhonesConfig
    from coda_pi.phones import start as phones_start

    serve = phones_start.start_phones

    def on_loopback(*args: object, **kw: object) -> object:
        kw["host"] = "127.0.0.1"  # the bench sends nothing beyond this machine
        kw["port"] = 0
        return serve(*args, **kw)  # type: ignore[arg-type]

    phones_start.start_phones = on_loopback  # type: ignore[assignment]
    try:
        with mosquitto() as port:
            club = None if port is None else ClubConfig("127.0.0.1", port, "bench", 1)
            config = Config(data_dir=Path(tempfile.mkdtemp(prefix="coda-pi-bench-")),
                            club=club, phones=PhonesConfig(enabled=True))
            app = waiting_app(size, None, config=config)
            time.sleep(1.0)  # the club's first publishing and the cursor's save settle
            end = time.monotonic() + seconds
            cpu0, wall0, sleeps0 = cpu_seconds(), time.monotonic(), sleeps_by_thread()
            app.run(until=lambda: time.monotonic() >= end)
            cpu, wall = cpu_seconds() - cpu0, time.monotonic() - wall0
            sleeps = sleeps_by_thread()
            app.close()
    finally:
        phones_start.start_phones = serve  # type: ignore[assignment]
    per_thread = {name: (count - sleeps0.get(name, 0)) / wall
                  for name, count in sleeps.items()}
    return 100.0 * cpu / wall, sum(per_thread.values()), per_thread, club is not None


def measure_60fps(size: tuple[int, int], seconds: float) -> tuple[float, int]:
    app = waiting_app(size, None)
    scene = app.scene
    assert scene is not None and app.display is not None
    tick = pygame.time.Clock()
    frames = 0
    end = time.monotonic() + seconds
    cpu0, wall0 = cpu_seconds(), time.monotonic()
    while time.monotonic() < end:
        pygame.event.pump()
        draw_scene(app.display.canvas, scene)
        app.display.present()
        frames += 1
        tick.tick(60)
    cpu, wall = cpu_seconds() - cpu0, time.monotonic() - wall0
    app.close()
    return 100.0 * cpu / wall, frames


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--size", type=parse_size, default=(800, 480))
    parser.add_argument("--json", action="store_true",
                        help="only the device loop's figures, as one JSON object")
    parser.add_argument("--against", type=Path, help="another checkout: its club and phones "
                        "wait measured too, in a child process")
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--club-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    if args.club_json:
        percent, wakes, per_thread, club = measure_club_phones(args.size, args.seconds)
        print(json.dumps({"cpu_percent": percent, "wakeups_per_s": wakes,
                          "per_thread": per_thread, "club": club}))
        pygame.quit()
        return 0
    if args.json:
        percent, _, drew, wakes = measure_device(args.size, args.seconds)
        print(json.dumps({"cpu_percent": percent, "wakeups_per_s": wakes,
                          "frames_per_s": drew / args.seconds}))
        pygame.quit()
        return 0
    w, h = args.size
    driver = os.environ.get("SDL_VIDEODRIVER")
    print(f"idle CPU over {args.seconds:.0f} s, waiting for a decision with the timer running, "
          f"{w}x{h}, SDL video driver {driver}")
    percent, woke, drew, wakes = measure_device(args.size, args.seconds)
    print(f"  coda-pi loop      {percent:6.2f}% of one core, {wakes:6.1f} wake-ups/s  "
          f"({woke} loop steps, {drew} frames; the app's own waiter)")
    for poll, what in ((0.025, "with buttons"), (0.010, "keyboard only")):
        queue = IntentQueue()
        percent, woke, drew, wakes = measure_device(args.size, args.seconds,
                                                    QueueWaiter(queue, keyboard_poll=poll), queue)
        print(f"  ... polling keys  {percent:6.2f}% of one core, {wakes:6.1f} wake-ups/s  "
              f"(every {poll * 1000:.0f} ms, as under a window system {what})")
    percent, woke, drew, wakes = measure_device(args.size, args.seconds, SdlWaiter())
    print(f"  ... in SDL's wait {percent:6.2f}% of one core, {wakes:6.1f} wake-ups/s  "
          f"({woke} loop steps, {drew} frames; pygame.event.wait, which looks every 1 ms)")
    percent, wakes, per_thread, club = measure_club_phones(args.size, args.seconds)
    what = "a club (Mosquitto on loopback) and phones" if club else "phones (no Mosquitto)"
    print(f"  with {what} on: {percent:6.2f}% of one core, {wakes:6.1f} wake-ups/s "
          "(goal: the loop's 1 a second, the timer's, and nothing else; load average "
          f"{os.getloadavg()[0]:.1f})")
    for name, rate in sorted(per_thread.items(), key=lambda item: -item[1]):
        if rate >= 0.05:
            print(f"      {name:<28} {rate:6.1f} wake-ups/s")
    if args.against is not None:
        command = [sys.executable, str(Path(__file__).resolve()), "--root", str(args.against),
                   "--club-json", "--seconds", str(args.seconds),
                   "--size", f"{args.size[0]}x{args.size[1]}"]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        other = json.loads(out.strip().splitlines()[-1])
        print(f"  ... {args.against}: {other['cpu_percent']:6.2f}% of one core, "
              f"{other['wakeups_per_s']:6.1f} wake-ups/s (load average "
              f"{os.getloadavg()[0]:.1f})")
        for name, rate in sorted(other["per_thread"].items(), key=lambda item: -item[1]):
            if rate >= 0.05:
                print(f"      {name:<28} {rate:6.1f} wake-ups/s")
    percent60, frames = measure_60fps(args.size, args.seconds)
    print(f"  plain 60 FPS loop {percent60:6.2f}% of one core  ({frames} frames)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

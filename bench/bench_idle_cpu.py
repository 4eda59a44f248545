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

    .venv/bin/python bench/bench_idle_cpu.py [--seconds 30] [--size WxH] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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
    total = 0
    for status in Path("/proc/self/task").glob("*/status"):
        try:
            text = status.read_text()
        except OSError:  # a thread that ended meanwhile
            continue
        for line in text.splitlines():
            if line.startswith("voluntary_ctxt_switches:"):
                total += int(line.split()[1])
    return total


def waiting_app(size: tuple[int, int], waiter: Waiter | None,
                queue: IntentQueue | None = None) -> App:
    from coda_pi.referee.shared.setup import SetupDefaults

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
    args = parser.parse_args()
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
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
    percent60, frames = measure_60fps(args.size, args.seconds)
    print(f"  plain 60 FPS loop {percent60:6.2f}% of one core  ({frames} frames)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

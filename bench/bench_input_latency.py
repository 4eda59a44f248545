"""Button edge to frame on screen: p50 and p99 over 1,000 presses (goal: p99 under 20 ms).

The whole device on one machine: gpiozero MockFactory pins, the real IntentQueue, the real
loop asleep in pygame.event.wait (SDL_VIDEODRIVER=dummy unless set), the real referee on the
real monotonic clock, drawing the 800x480 turn screen (the largest layout). A game is played
up to a guess, then a second thread (standing in for gpiozero's own) presses NEXT on its mock
pin 1,000 times, each press changing the number on the screen. The time runs from just
before pin.drive_low() to just after the frame showing the new number has been flipped.

A real Pi adds the kernel's edge delivery and the debounce filter (10 ms under lgpio, see
coda_pi.devices.gpio.DEFAULT_BOUNCE_TIME), and draws more slowly.

    .venv/bin/python bench/bench_input_latency.py [--presses N] [--size WxH]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tempfile  # noqa: E402

import pygame  # noqa: E402
from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory, MockPWMPin  # noqa: E402

from coda_pi.app import App, DeviceOptions, MonotonicClock, build_app  # noqa: E402
from coda_pi.config import Config  # noqa: E402
from coda_pi.demo import play_until  # noqa: E402
from coda_pi.devices.buzzer import RecordingSounder  # noqa: E402
from coda_pi.referee.shared.setup import SetupDefaults  # noqa: E402
from coda_pi.referee.shared.signals import Button, Release  # noqa: E402
from coda_pi.referee.shared.views import TurnStep, TurnView  # noqa: E402
from coda_pi.sim.coda import AutoPlayer  # noqa: E402
from coda_pi.ui.display import parse_size  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{name:<22} n={len(ms):5d}  p50 {percentile(ms, 0.50):7.2f} ms  "
        f"p99 {percentile(ms, 0.99):7.2f} ms  max {max(ms):7.2f} ms  "
        f"mean {statistics.fmean(ms):7.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--size", type=parse_size, default=(800, 480))
    parser.add_argument("--screenshot", type=Path, help="save the measured screen as PNG")
    args = parser.parse_args()

    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    config = Config(data_dir=Path(tempfile.mkdtemp(prefix="coda-pi-bench-")))
    # A long first period: the timer runs (the loop wakes each second) but never expires.
    setup = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"), players=2, first_seconds=600,
                          extra_seconds=60)
    options = DeviceOptions(config=config, size=args.size, fullscreen=False, resume=False,
                            setup=setup, bounce_time=None)
    frames: list[float] = []
    frame_seen = threading.Condition()

    def on_frame(scene, surface) -> None:
        with frame_seen:
            frames.append(time.perf_counter())
            frame_seen.notify_all()

    app: App = build_app(options, clock=MonotonicClock(), rng=random.Random(1),
                         sounder=RecordingSounder(), on_frame=on_frame,
                         explain=lambda text: None)
    player = AutoPlayer(random.Random(2))
    play_until(app, player, lambda v: isinstance(v.screen, TurnView)
               and v.screen.step is TurnStep.VALUE)
    if app.scene is not None and app.scene.private is not None:
        # Let go of the seat button: the public table (the busiest screen) is redrawn.
        app.queue.put(Release(Button.for_seat(app.scene.private.seat)))
        app.step()
    assert app.scene is not None and app.scene.private is None
    if args.screenshot:
        pygame.image.save(app.display.canvas, str(args.screenshot))
    pin = factory.pin(config.pins.next)
    assert config.pins.button_pins()[Button.NEXT] == config.pins.next

    latencies: list[float] = []
    done = threading.Event()

    def presser() -> None:
        rng = random.Random(3)
        try:
            for _ in range(args.presses):
                for pressing, drive in ((True, pin.drive_low), (False, pin.drive_high)):
                    with frame_seen:
                        seen = len(frames)
                    start = time.perf_counter()
                    drive()
                    with frame_seen:
                        if not frame_seen.wait_for(lambda s=seen: len(frames) > s, timeout=2.0):
                            raise RuntimeError("no frame followed a button edge")
                        end = frames[seen]
                    if pressing:
                        latencies.append(end - start)
                    # People do not press in lockstep with the frames.
                    time.sleep(rng.uniform(0.002, 0.02))
        finally:
            done.set()
            app.queue.wake()  # the loop sees done at once

    thread = threading.Thread(target=presser, daemon=True)
    draw_times: list[float] = []
    renderer_draw = app.renderer.draw

    def timed_draw(surface, scene) -> None:
        t = time.perf_counter()
        renderer_draw(surface, scene)
        draw_times.append(time.perf_counter() - t)

    app.renderer.draw = timed_draw  # type: ignore[method-assign]
    thread.start()
    app.run(until=done.is_set)
    thread.join()
    app.close()
    pygame.quit()
    w, h = args.size
    print(f"button edge to frame, {w}x{h}, SDL video driver "
          f"{os.environ.get('SDL_VIDEODRIVER')}, {len(latencies)} presses of NEXT on the guess")
    report("edge -> frame flipped", latencies)
    report("drawing one frame", draw_times)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long from a button's edge to its Press in the intent queue, and to the loop awake.

Two figures over 1,000 presses on gpiozero MockFactory pins (real gpiozero DigitalInputDevice,
real IntentQueue, SDL's dummy video driver):

  edge -> queue   pin.drive_low() until the Press is in the IntentQueue, on the thread that
                  drives the pin (gpiozero's callback chain plus the queue's put and the
                  wake-up post).
  edge -> loop    pin.drive_low() on another thread (as gpiozero's own thread would) until
                  the main thread, asleep in pygame.event.wait(), has woken and drained the
                  Press: the part of "button edge to frame" that belongs to the devices.

A real Pi adds the kernel's edge delivery and, under lgpio, the debounce filter
(coda_pi.devices.gpio.DEFAULT_BOUNCE_TIME), neither of which a mock pin has.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/bench_gpio_edge.py [--presses N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from coda_pi.devices.gpio import GpioButtons  # noqa: E402
from coda_pi.devices.intent_queue import INTENT_EVENT, IntentQueue  # noqa: E402
from coda_pi.referee.shared.signals import Button, Press  # noqa: E402

PIN = 22


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{name:<14} n={len(ms):5d}  p50 {percentile(ms, 0.50):7.3f} ms  "
        f"p99 {percentile(ms, 0.99):7.3f} ms  max {max(ms):7.3f} ms  "
        f"mean {statistics.fmean(ms):7.3f} ms"
    )


def edge_to_queue(factory: MockFactory, presses: int) -> list[float]:
    """On the driving thread: the Press is in the queue when drive_low() returns."""
    queue = IntentQueue()
    buttons = GpioButtons({Button.OK: PIN}, queue.put)
    pin = factory.pin(PIN)
    timings: list[float] = []
    try:
        for _ in range(presses):
            start = time.perf_counter()
            pin.drive_low()
            arrived = queue.drain()
            timings.append(time.perf_counter() - start)
            assert arrived == [Press(Button.OK)], arrived
            pin.drive_high()
            queue.drain()
            pygame.event.clear()
    finally:
        buttons.close()
    return timings


def edge_to_loop(factory: MockFactory, presses: int, *, sleep_in_pygame: bool) -> list[float]:
    """A presser thread drives the pin; the main thread sleeps like the app's loop, in
    pygame.event.wait() or (for a loop with no pygame events to watch) IntentQueue.wait()."""
    queue = IntentQueue()
    buttons = GpioButtons({Button.OK: PIN}, queue.put)
    pin = factory.pin(PIN)
    pressed_at: list[float] = []
    handled = threading.Event()
    timings: list[float] = []

    def presser() -> None:
        rng = random.Random(1)
        for _ in range(presses):
            # Let the loop fall properly asleep before the next edge.
            time.sleep(rng.uniform(0.001, 0.003))
            pressed_at.append(time.perf_counter())
            pin.drive_low()
            handled.wait()
            handled.clear()
            pin.drive_high()

    thread = threading.Thread(target=presser, name="bench presser")
    thread.start()
    try:
        while len(timings) < presses:
            if sleep_in_pygame:
                if pygame.event.wait(1000).type != INTENT_EVENT:
                    continue
            elif not queue.wait(1.0):
                continue
            for intent in queue.drain():
                if isinstance(intent, Press):
                    timings.append(time.perf_counter() - pressed_at[-1])
                    handled.set()
    finally:
        thread.join()
        buttons.close()
    return timings


def idle_cpu(sleep_in_pygame: bool, seconds: float = 3.0) -> float:
    """Percent of one core spent by this process asleep with nothing happening."""
    queue = IntentQueue()
    wall, cpu = time.perf_counter(), time.process_time()
    if sleep_in_pygame:
        pygame.event.wait(round(seconds * 1000))
    else:
        queue.wait(seconds)
    return 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=1000)
    args = parser.parse_args()

    pygame.display.init()
    pygame.display.set_mode((320, 240))
    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    try:
        print(f"gpio edge latency, {args.presses} presses, mock pins, SDL video driver "
              f"{pygame.display.get_driver()}")
        report("edge -> queue", edge_to_queue(factory, args.presses))
        report("edge -> loop", edge_to_loop(factory, args.presses, sleep_in_pygame=True))
        report("  (queue.wait)", edge_to_loop(factory, args.presses, sleep_in_pygame=False))
        pygame.event.clear()
        print(f"CPU asleep 3 s: pygame.event.wait {idle_cpu(True):5.2f} %   "
              f"IntentQueue.wait {idle_cpu(False):5.2f} %  (of one core)")
    finally:
        factory.reset()
        Device.pin_factory = previous
        pygame.display.quit()


if __name__ == "__main__":
    main()

"""Pixels sent to the screen per second while the guess timer runs: the SPI panel's budget.

A 480x320 SPI panel takes 16 bits a pixel over a bus of about 32 MHz: a whole frame is
about 77 ms of bus time. The device redraws when what it shows changes (the timer once a
second, a blinking LED) and the display sends only the rectangles that changed
(coda_pi/ui/damage.py). The loop is the real one (bench_idle_cpu's: mock GPIO, the real
monotonic clock, the turn screen with the timer counting down); the count is the display's
own (``Display.pixels_pushed``), beside what whole frames would have sent.

    .venv/bin/python bench/bench_frame_budget.py [--seconds 10] [--size 480x320] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bench_idle_cpu import waiting_app
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from coda_pi.ui.display import parse_size

SPI_HZ = 32_000_000
BITS_PER_PIXEL = 16


def measure(size: tuple[int, int], seconds: float) -> dict[str, float]:
    app = waiting_app(size, None)
    display = app.display
    assert display is not None
    frames, pushed = app.stats.frames, display.pixels_pushed
    end = time.monotonic() + seconds
    start = time.monotonic()
    app.run(until=lambda: time.monotonic() >= end)
    wall = time.monotonic() - start
    frames, pushed = app.stats.frames - frames, display.pixels_pushed - pushed
    app.close()
    whole = frames * size[0] * size[1]
    return {"frames_per_s": frames / wall, "pixels_per_s": pushed / wall,
            "whole_frames_pixels_per_s": whole / wall,
            "bus_ms_per_s": pushed / wall * BITS_PER_PIXEL / SPI_HZ * 1000,
            "whole_bus_ms_per_s": whole / wall * BITS_PER_PIXEL / SPI_HZ * 1000}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", type=parse_size, default=(480, 320))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    figures = measure(args.size, args.seconds)
    if args.json:
        print(json.dumps(figures))
        return 0
    w, h = args.size
    print(f"pixels sent while the guess timer runs, {w}x{h}, {args.seconds:.0f} s")
    print(f"  frames              {figures['frames_per_s']:8.2f} /s")
    print(f"  pixels sent         {figures['pixels_per_s']:8.0f} /s  "
          f"({figures['bus_ms_per_s']:.1f} ms/s of a {SPI_HZ // 1_000_000} MHz SPI bus)")
    print(f"  as whole frames     {figures['whole_frames_pixels_per_s']:8.0f} /s  "
          f"({figures['whole_bus_ms_per_s']:.1f} ms/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

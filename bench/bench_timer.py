"""Guess timer expiry error against its deadline, over 100 short timers (goal: under 10 ms).

The real referee, the real loop and waiter on the real monotonic clock, a 480x320 screen on
SDL's dummy driver. The setup uses the shortest timer the referee allows (1 s + 1 s extra);
simulated players play everything except the decisions, which they leave to run out. For
each expiry the figure is how late the loop's tick that announced TIME_UP ran after the
deadline the referee had asked to be woken at (``next_deadline()``).

    .venv/bin/python bench/bench_timer.py [--timers 100]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
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

from coda_pi.app import App, DeviceOptions, MonotonicClock, build_app  # noqa: E402
from coda_pi.config import Config  # noqa: E402
from coda_pi.devices.buzzer import RecordingSounder  # noqa: E402
from coda_pi.referee.shared.setup import SetupDefaults  # noqa: E402
from coda_pi.referee.shared.signals import Button, Cue, Press, Release  # noqa: E402
from coda_pi.referee.shared.views import FinalView  # noqa: E402
from coda_pi.sim.coda import AutoPlayer  # noqa: E402


class LeaveDecisionsToTheTimer:
    """Plays every step at once, except a running timer's decision: that it never makes."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.player = AutoPlayer(random.Random(5))

    def next_deadline(self) -> float | None:
        view = self.app.referee.view()
        return None if view.timer is not None else self.app.clock.monotonic()

    def poll(self) -> None:
        referee = self.app.referee
        view = referee.view()
        if view.timer is not None:
            return
        intents = self.player.decide(view, referee.private_view())
        if not intents and isinstance(view.screen, FinalView):
            intents = [Press(Button.OK), Release(Button.OK)]  # a new game
        for intent in intents:
            self.app.queue.put(intent)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timers", type=int, default=100)
    args = parser.parse_args()
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    config = Config(data_dir=Path(tempfile.mkdtemp(prefix="coda-pi-bench-")))
    setup = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"), players=2, first_seconds=1,
                          extra_seconds=1)
    options = DeviceOptions(config=config, size=(480, 320), fullscreen=False, resume=False,
                            setup=setup, bounce_time=None)
    app = build_app(options, clock=MonotonicClock(), rng=random.Random(1),
                    sounder=RecordingSounder(), explain=lambda text: None)
    referee = app.referee
    errors: list[float] = []
    state = {"deadline": None, "ticked": 0.0}
    tick, take_cues = referee.tick, referee.take_cues

    def timed_tick() -> None:
        state["deadline"] = referee.next_deadline()
        state["ticked"] = time.monotonic()
        tick()

    def watched_cues() -> list[Cue]:
        cues = take_cues()
        if Cue.TIME_UP in cues and state["deadline"] is not None:
            errors.append(state["ticked"] - state["deadline"])
        return cues

    referee.tick = timed_tick  # type: ignore[method-assign]
    referee.take_cues = watched_cues  # type: ignore[method-assign]
    app.sources.append(LeaveDecisionsToTheTimer(app))
    started = time.monotonic()
    app.run(until=lambda: len(errors) >= args.timers)
    app.close()
    pygame.quit()
    ms = sorted(e * 1000 for e in errors)
    print(f"guess timer expiry, {len(ms)} timers of 1 s + 1 s, waiter "
          f"{type(app.waiter).__name__}, {time.monotonic() - started:.0f} s in all")
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    print(f"  late by: p50 {ms[len(ms) // 2]:.3f} ms  p99 {p99:.3f} ms  "
          f"max {ms[-1]:.3f} ms  mean {statistics.fmean(ms):.3f} ms  min {ms[0]:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

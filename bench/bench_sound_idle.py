"""Wake-ups of an idle process with the desktop's sound device, kept open or closed when idle.

An open mixer plays silence in buffers: SDL's audio thread wakes for each (22050 Hz / 512
samples: 43 a second), whether a cue sounds or not. ``ToneSounder`` now closes the mixer
``MIXER_IDLE_CLOSE`` seconds after the last cue and opens it again for the next one. Printed:
wake-ups per second (voluntary context switches of every thread of the process, as in
bench_idle_cpu.py) while nothing plays, the mixer kept open (as before) and closed when
idle (as now, after its idle seconds); what opening it again costs the next cue (the
time ``play`` takes on a closed mixer, against one on an open mixer); and what the device's
first cue costs on a laptop, where the mixer is imported and opened only then
(``MixerOnFirstCue``, coda_pi/pygame_import.py: not at start), in fresh processes.

    .venv/bin/python bench/bench_sound_idle.py [--seconds 10] [--json]

SDL_AUDIODRIVER chooses the device (dummy unless set: it wakes as a real one does).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402
from bench_idle_cpu import sleeps_ended  # noqa: E402  (one way to count wake-ups)

from coda_pi.devices.buzzer import MIXER_IDLE_CLOSE, ToneSounder  # noqa: E402
from coda_pi.referee.shared.signals import Cue  # noqa: E402


def idle_wakeups(sounder: ToneSounder, seconds: float) -> float:
    """Wake-ups a second over ``seconds`` of nothing to play, after the sounder's own idle
    time has passed. The main thread sleeps as the device's loop does: until the sounder's
    deadline (closing the mixer there), else through the whole window in one sleep."""
    sounder.play(Cue.COUNTDOWN)
    while (deadline := sounder.next_deadline()) is not None:
        time.sleep(max(0.0, deadline - time.monotonic()) + 0.01)
        sounder.poll()
    start, before = time.monotonic(), sleeps_ended()
    time.sleep(seconds)
    return (sleeps_ended() - before) / (time.monotonic() - start)


def play_ms(sounder: ToneSounder, runs: int = 7) -> float:
    """Median milliseconds ``play`` takes; a sounder made with ``idle_close=0`` has closed
    its mixer (``poll``) before each, so every cue opens it again."""
    times = []
    for _ in range(runs):
        while (deadline := sounder.next_deadline()) is not None:
            # Let the last cue sound out (the device may play it a little late) and the
            # mixer close.
            time.sleep(max(0.0, deadline - time.monotonic()) + 0.01)
            sounder.poll()
        start = time.perf_counter()
        sounder.play(Cue.COUNTDOWN)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


FIRST_CUE = """
import sys, time
from coda_pi.pygame_import import leave_out_unused_pygame
leave_out_unused_pygame()  # as the command line does
import pygame
from coda_pi.devices.sound_on_first_cue import MixerOnFirstCue
from coda_pi.referee.shared.signals import Cue
sounder = MixerOnFirstCue(explain=print)
start = time.perf_counter()
sounder.play(Cue.COUNTDOWN)
first = time.perf_counter() - start
start = time.perf_counter()
sounder.play(Cue.COUNTDOWN)
print(first * 1000, (time.perf_counter() - start) * 1000)
sounder.close()
"""


def first_cue_ms(runs: int = 5) -> tuple[float, float]:
    """The device's first cue and its second, in ms (medians of fresh processes)."""
    import subprocess

    firsts, seconds = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", FIRST_CUE], capture_output=True, text=True,
                             check=True, timeout=60, cwd=Path(__file__).resolve().parent.parent)
        first, second = (float(x) for x in out.stdout.split()[-2:])
        firsts.append(first)
        seconds.append(second)
    return statistics.median(firsts), statistics.median(seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    kept = ToneSounder.open(idle_close=None)
    kept_rate = idle_wakeups(kept, args.seconds)
    kept.close()
    pygame.mixer.quit()
    closing = ToneSounder.open()
    closing_rate = idle_wakeups(closing, args.seconds)
    assert not pygame.mixer.get_init(), "the idle mixer should be closed by now"
    closing.close()
    warm_sounder = ToneSounder.open(idle_close=None)
    warm = play_ms(warm_sounder)
    warm_sounder.close()
    cold_sounder = ToneSounder.open(idle_close=0.0)
    reopen = play_ms(cold_sounder)
    cold_sounder.close()
    first_cue, second_cue = first_cue_ms()
    figures = {"driver": os.environ["SDL_AUDIODRIVER"],
               "kept_open_wakeups_per_s": round(kept_rate, 1),
               "closed_when_idle_wakeups_per_s": round(closing_rate, 1),
               "play_on_closed_mixer_ms": round(reopen, 2),
               "play_on_open_mixer_ms": round(warm, 2),
               "idle_close_s": MIXER_IDLE_CLOSE,
               "device_first_cue_ms": round(first_cue, 2),
               "device_second_cue_ms": round(second_cue, 2)}
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"sound device idle, SDL audio driver {figures['driver']}, {args.seconds:.0f} s each")
    print(f"  mixer kept open (before)     {kept_rate:6.1f} wake-ups/s")
    print(f"  closed when idle (now)       {closing_rate:6.1f} wake-ups/s  "
          f"(after {MIXER_IDLE_CLOSE:.0f} s without a cue)")
    print(f"  a cue on the closed mixer    {reopen:6.2f} ms to play (opens it again)")
    print(f"  a cue on the open mixer      {warm:6.2f} ms to play")
    print(f"  a laptop device's first cue  {first_cue:6.2f} ms to play (imports the mixer and "
          f"opens it: not at start), its second {second_cue:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

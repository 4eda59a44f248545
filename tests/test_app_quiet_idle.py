"""A quiet idle: on the console the loop wakes only for a button, a key, or a deadline."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from coda_pi.app import QueueWaiter, QuietWaiter, choose_waiter  # noqa: E402
from coda_pi.devices.input_watch import InputWatch  # noqa: E402
from coda_pi.devices.intent_queue import IntentQueue  # noqa: E402
from coda_pi.referee.shared.signals import Button, Press  # noqa: E402


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.display.set_mode((320, 240))
    pygame.event.get()  # the window's own "shown" and "exposed" events
    yield
    pygame.quit()


# Counted in a process of its own: a sleep the kernel ends counts as one voluntary switch,
# but so does every wait for the GIL, and a test worker has threads of its own (pytest-xdist's
# and any a test left) that hold it now and then: with one busy thread beside it, the quiet
# waiter's one sleep counted 4 to 10. Alone, only the waiter's own sleeps count.
SLEEPS_COUNTED = """
import json, os, threading, time
from pathlib import Path
import pygame
from coda_pi.app import QueueWaiter, QuietWaiter
from coda_pi.devices.intent_queue import IntentQueue

def sleeps_ended_by_this_thread():
    status = Path(f"/proc/self/task/{threading.get_native_id()}/status").read_text()
    line = next(x for x in status.splitlines() if x.startswith("voluntary_ctxt_switches:"))
    return int(line.split()[1])

pygame.display.init()
pygame.display.set_mode((320, 240))
pygame.event.get()  # the window's own "shown" and "exposed" events
waiter = QuietWaiter(IntentQueue())
before, start = sleeps_ended_by_this_thread(), time.monotonic()
got = waiter.wait(0.3)
slept = time.monotonic() - start
quiet = sleeps_ended_by_this_thread() - before
# The keyboard-polling waiter looks every 10 ms: about 100 wake-ups in a second.
poll = QueueWaiter(IntentQueue(), keyboard_poll=0.010)
before = sleeps_ended_by_this_thread()
polled_got = poll.wait(1.0)
polled = sleeps_ended_by_this_thread() - before
print(json.dumps({"got": len(got) + len(polled_got), "slept": slept, "quiet": quiet,
                  "polled": polled}))
"""


def test_the_quiet_waiter_sleeps_out_a_deadline_in_one_sleep():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", SLEEPS_COUNTED], capture_output=True,
                          text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["got"] == 0 and 0.29 <= seen["slept"] < 2.0
    # The polling waiter shows that the count sees wake-ups: about 100, fewer on a loaded
    # machine, whose CPUs come late to each (6 to 14 seen in 0.3 s, where 30 were due):
    # in a second, still far above the quiet waiter's one sleep.
    assert seen["quiet"] <= 3 < seen["polled"], seen


def acted_later(seconds: float, action: Callable[[], object]) -> list[float]:
    """Does ``action`` on another thread ``seconds`` from now; the list gets the moment it
    did. A test's clock read after ``Timer.start`` could come after the timer's own start:
    on a loaded machine the timer's thread ran first and the wait looked 15 ms long."""
    acted: list[float] = []

    def act() -> None:
        acted.append(time.monotonic())
        action()

    threading.Timer(seconds, act).start()
    return acted


def woke_soon_after(acted: list[float]) -> bool:
    """The sleep ended after the act (nothing else ended it) and soon after (the act did)."""
    woke = time.monotonic()
    assert acted, "the sleep ended before the act"
    assert acted[0] <= woke < acted[0] + 1.0, f"woke {woke - acted[0]:.3f} s after the act"
    return True


def test_a_button_or_a_wake_ends_the_sleep_at_once(screen):
    queue = IntentQueue()
    waiter = QuietWaiter(queue)
    pressed = acted_later(0.05, lambda: queue.put(Press(Button.OK)))
    waiter.wait(None)  # no deadline: only the button can end this sleep
    assert woke_soon_after(pressed)
    assert queue.drain() == [Press(Button.OK)]
    pygame.event.get()  # the queue's wake-up event, as the loop would take it
    woken = acted_later(0.05, queue.wake)
    assert waiter.wait(None) == []  # a key for SDL to read: the loop pumps, nothing else
    assert woke_soon_after(woken)


def test_events_already_in_pygames_queue_are_returned_without_sleeping(screen):
    waiter = QuietWaiter(IntentQueue())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="", scancode=0))
    start = time.monotonic()
    events = waiter.wait(5.0)
    assert time.monotonic() - start < 1.0
    assert [e.type for e in events] == [pygame.KEYDOWN]


@pytest.mark.parametrize(("driver", "kind"), [
    ("kmsdrm", QuietWaiter), ("dummy", QuietWaiter), ("offscreen", QuietWaiter),
    ("x11", QueueWaiter), ("wayland", QueueWaiter), (None, QueueWaiter),
])
def test_only_a_window_system_needs_the_keyboard_polled(driver, kind):
    assert isinstance(choose_waiter(IntentQueue(), driver=driver), kind)


def test_a_key_on_an_input_device_wakes_the_quiet_loop(screen, tmp_path):
    """The console's keyboard through InputWatch, with a FIFO standing in for the device."""
    os.mkfifo(tmp_path / "event0")
    queue = IntentQueue()
    watch = InputWatch(queue.wake, directory=tmp_path).start()
    fd = os.open(tmp_path / "event0", os.O_WRONLY | os.O_NONBLOCK)
    try:
        typed = acted_later(0.05, lambda: os.write(fd, b"\0" * 24))
        QuietWaiter(queue).wait(5.0)
        assert woke_soon_after(typed)  # the key, not the deadline 5 s away
    finally:
        os.close(fd)
        watch.close()


def sdl_video_drivers() -> list[str]:
    """The video drivers of the system's SDL (the one install.sh builds pygame against), by
    the names SDL reports; empty where there is no system SDL."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("SDL2-2.0") or ctypes.util.find_library("SDL2")
    if name is None:
        return []
    sdl = ctypes.CDLL(name)
    sdl.SDL_GetVideoDriver.restype = ctypes.c_char_p
    return [sdl.SDL_GetVideoDriver(i).decode() for i in range(sdl.SDL_GetNumVideoDrivers())]


def test_the_console_driver_takes_the_quiet_path_by_the_name_sdl_reports(
        tmp_path, monkeypatch, quit_pygame):
    """Debian's SDL calls its console driver "KMSDRM" (issue 22: compared with "kmsdrm",
    the console never took the quiet path and polled SDL every 10 ms)."""
    from coda_pi.app import DeviceOptions, build_app
    from coda_pi.config import Config
    from coda_pi.devices import input_watch

    kms = [d for d in sdl_video_drivers() if d.lower() == "kmsdrm"]
    if not kms:
        pytest.skip("no system SDL with a kmsdrm driver (apt install libsdl2-2.0-0)")
    reported = kms[0]
    assert isinstance(choose_waiter(IntentQueue(), buttons=True, driver=reported), QuietWaiter)
    # The device as built on the console: SDL reports that name (no KMS device here to open
    # it for real), and the keyboard watcher must start, or the quiet loop never sees a key.
    started: list[InputWatch] = []
    real_start = input_watch.InputWatch.start

    def start(self: InputWatch) -> InputWatch:
        started.append(self)
        return real_start(self)

    monkeypatch.setattr(input_watch.InputWatch, "start", start)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: reported)
    app = build_app(DeviceOptions(config=Config(data_dir=tmp_path), size=(320, 240),
                                  fullscreen=False, gpio=False, sound=False, resume=False),
                    explain=lambda text: None)
    try:
        assert isinstance(app.waiter, QuietWaiter)
        assert len(started) == 1
    finally:
        app.close()

"""InputWatch wakes the loop when an input device has something to read, and only then.

Real /dev/input devices need permissions and hardware, so these tests give it a directory of
FIFOs named like event devices: writing to one is a key press arriving, closing the writer
is the device unplugged, and a new FIFO is a keyboard plugged in later.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from coda_pi.devices.input_watch import InputWatch


class Wakes:
    def __init__(self) -> None:
        self.count = 0
        self.event = threading.Event()

    def __call__(self) -> None:
        self.count += 1
        self.event.set()


def wait_until(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.005)
    return check()


@pytest.fixture
def devices(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "event0")
    os.mkfifo(tmp_path / "event1")
    (tmp_path / "mouse0").write_text("")  # not an event device: never opened
    return tmp_path


@pytest.fixture
def watch(devices: Path) -> Iterator[tuple[InputWatch, Wakes]]:
    wakes = Wakes()
    w = InputWatch(wakes, directory=devices).start()
    yield w, wakes
    w.close()


def writer(path: Path) -> int:
    return os.open(path, os.O_WRONLY | os.O_NONBLOCK)


def test_it_listens_to_every_event_device_and_stays_asleep_while_nothing_comes(watch):
    w, wakes = watch
    assert w.watching == ["event0", "event1"]
    time.sleep(0.2)
    assert wakes.count == 0


def test_input_on_a_device_wakes_the_loop_once_per_burst(watch, devices):
    w, wakes = watch
    fd = writer(devices / "event1")
    try:
        os.write(fd, b"\0" * 24 * 3)  # a key press: a few input_event structs at once
        assert wakes.event.wait(2)
        assert wait_until(lambda: w.wakes == 1)
        time.sleep(0.1)
        assert wakes.count == 1  # what it read is gone: no second wake-up for the same keys
        wakes.event.clear()
        os.write(fd, b"\0" * 24)
        assert wakes.event.wait(2) and wakes.count == 2
    finally:
        os.close(fd)


def test_an_unplugged_device_is_dropped_and_a_new_one_is_found(watch, devices):
    w, wakes = watch
    fd = writer(devices / "event0")
    os.close(fd)  # the writer gone: end of file, as an unplugged keyboard's ENODEV
    assert wait_until(lambda: w.watching == ["event1"])
    os.mkfifo(devices / "event7")  # plugged in while the loop sleeps
    assert wait_until(lambda: "event7" in w.watching)
    fd = writer(devices / "event7")
    try:
        os.write(fd, b"\0" * 24)
        assert wakes.event.wait(2)
    finally:
        os.close(fd)


def test_a_device_it_cannot_open_is_skipped(tmp_path):
    (tmp_path / "event0").symlink_to(tmp_path / "gone")  # a node removed as it was found
    os.mkfifo(tmp_path / "event1")
    w = InputWatch(lambda: None, directory=tmp_path).start()
    try:
        assert w.watching == ["event1"]
    finally:
        w.close()


def test_close_stops_the_thread_and_lets_go_of_the_devices(devices):
    w = InputWatch(lambda: None, directory=devices).start()
    w.close()
    assert w.watching == []
    assert not any(t.name == "coda-pi-input-watch" and t.is_alive()
                   for t in threading.enumerate())
    w.close()  # twice is fine

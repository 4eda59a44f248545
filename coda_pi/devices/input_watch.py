"""Waking the loop for a keyboard on the Pi's console without looking for keys on a timer.

On the console SDL (kmsdrm) reads the keyboard from the kernel's input devices
(``/dev/input/event*``) only when the loop pumps its event queue, so a loop that sleeps
until a deadline would see a key late, and one that pumps every few milliseconds wakes a
hundred times a second for nothing. ``InputWatch`` sleeps on those same devices in a thread
(``poll``): each open file of an input device gets its own copy of every event, so reading
and dropping ours takes nothing from SDL. When one has something to read it calls ``wake``
(the ``IntentQueue``'s), and the loop pumps SDL, which reads the key from its own file.
Devices plugged in later are found through inotify on the directory, so an idle device
wakes for nothing at all.

A device it may not open (no permission: not in the ``input`` group, as SDL would need too)
is skipped. Where there are no input devices at all the thread still waits for new ones.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import logging
import os
import select
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

INPUT_DIR = Path("/dev/input")
_IN_CREATE = 0x100
_IN_ATTRIB = 0x4  # udev sets the permissions after the node appears
_IN_NONBLOCK = 0o4000
_IN_CLOEXEC = 0o2000000
_READ_SIZE = 24 * 64  # 64 input_event structs at a time (24 bytes each on 64-bit)


class InputWatch:
    """Calls ``wake`` from its own thread whenever an input device has something to read."""

    def __init__(self, wake: Callable[[], None], *, directory: Path = INPUT_DIR) -> None:
        self._wake = wake
        self._directory = Path(directory)
        self._devices: dict[int, str] = {}  # fd -> file name
        self._poll = select.poll()
        self._stop_r, self._stop_w = os.pipe()
        self._poll.register(self._stop_r, select.POLLIN)
        self._inotify = _inotify_watch(self._directory)
        if self._inotify is not None:
            self._poll.register(self._inotify, select.POLLIN)
        self._thread = threading.Thread(target=self._run, name="coda-pi-input-watch",
                                        daemon=True)
        self.wakes = 0  # how many times it woke the loop, for tests and benchmarks

    @property
    def watching(self) -> list[str]:
        """The names of the devices it listens to now."""
        return sorted(self._devices.values())

    def start(self) -> InputWatch:
        self._scan()
        self._thread.start()
        return self

    def close(self) -> None:
        if self._stop_w < 0:
            return
        os.write(self._stop_w, b"x")
        if self._thread.is_alive():
            self._thread.join(timeout=2)
        for fd in [*self._devices, self._stop_r, self._stop_w, self._inotify]:
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._devices.clear()
        self._stop_w = -1

    # -- the thread --------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            try:
                ready = self._poll.poll()
            except InterruptedError:
                continue
            woke = False
            for fd, _ in ready:
                if fd == self._stop_r:
                    return
                if fd == self._inotify:
                    _drain(fd)
                    self._scan()
                elif self._read(fd):
                    woke = True
            if woke:
                self.wakes += 1
                self._wake()

    def _read(self, fd: int) -> bool:
        """Drops what the device has to read: True when it had something."""
        got = False
        while True:
            try:
                data = os.read(fd, _READ_SIZE)
            except BlockingIOError:
                return got
            except OSError as err:  # ENODEV: unplugged
                self._forget(fd, err.strerror or str(err))
                return got
            if not data:  # end of file: the device is gone
                self._forget(fd, "closed")
                return got
            got = True

    def _forget(self, fd: int, why: str) -> None:
        name = self._devices.pop(fd, "?")
        log.debug("input device %s gone (%s)", name, why)
        with contextlib.suppress(OSError):
            self._poll.unregister(fd)
        with contextlib.suppress(OSError):
            os.close(fd)

    def _scan(self) -> None:
        known = set(self._devices.values())
        try:
            names = sorted(p.name for p in self._directory.glob("event*"))
        except OSError:
            return
        for name in names:
            if name in known:
                continue
            try:
                fd = os.open(self._directory / name, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
            except OSError as err:
                if err.errno not in (errno.EACCES, errno.EPERM, errno.ENOENT, errno.ENXIO):
                    log.debug("cannot open %s: %s", name, err)
                continue
            self._devices[fd] = name
            self._poll.register(fd, select.POLLIN)


def _inotify_watch(directory: Path) -> int | None:
    """An inotify descriptor that becomes readable when a device node appears in
    ``directory``; None where inotify is not there (then new devices are not noticed)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
    except (OSError, AttributeError):
        return None
    if fd < 0:
        return None
    if libc.inotify_add_watch(fd, os.fsencode(directory), _IN_CREATE | _IN_ATTRIB) < 0:
        os.close(fd)
        return None
    return int(fd)


def _drain(fd: int) -> None:
    with contextlib.suppress(OSError):
        while os.read(fd, 4096):
            pass

"""What the tests of one settle for every table share (tests/test_settle_every_table.py and
its crash child, tests/settle_crash_child.py): a card whose record fsync the test holds,
what reached each table noted as it went, and a game brought to seat 1's draw on phones."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from phones_device import Device, Phone, pair

from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import DealView, TurnStep, TurnView
from coda_pi.sim.pod_bus import StandInBus


class Card:
    """``os.fsync`` of a record that, once ``hold`` is called, blocks at the next record
    fsync until ``release``; other fsyncs (directories, the certificate) go through."""

    def __init__(self, on_blocked: Callable[[], None] = lambda: None) -> None:
        self._fsync = os.fsync
        self._holding = False
        self._on_blocked = on_blocked
        self.blocked = threading.Event()  # an fsync of a record is waiting for the card
        self.released = threading.Event()

    def hold(self) -> None:
        self._holding = True

    def release(self) -> None:
        self.released.set()

    def fsync(self, fd: int) -> None:
        if self._holding and os.readlink(f"/proc/self/fd/{fd}").endswith(".jsonl"):
            self._holding = False
            self.blocked.set()
            self._on_blocked()
            self.released.wait(30)
        self._fsync(fd)


class Tells:
    """What reached each table, in order, each noted with whether the card had let the
    line go by then."""

    def __init__(self, card: Card, also: Callable[[str], None] = lambda what: None) -> None:
        self.card = card
        self.seen: list[tuple[str, bool]] = []
        self._lock = threading.Lock()
        self.watching = False
        self._also = also  # told of each too (the crash child writes them to a file)

    def add(self, what: str) -> None:
        if self.watching:
            with self._lock:
                self.seen.append((what, self.card.released.is_set()))
                self._also(what)

    def early(self) -> list[str]:
        with self._lock:
            return [what for what, released in self.seen if not released]

    def kinds(self) -> set[str]:
        with self._lock:
            return {what.split(":")[0] for what, _released in self.seen}


def watch_bus(bus: StandInBus, tells: Tells) -> None:
    """Every transfer on the pods' bus is something sent to a pod's glass."""
    for name in ("write_byte", "write_i2c_block_data", "i2c_rdwr"):
        real = getattr(bus, name)

        def sending(*args: Any, _real: Any = real, _name: str = name) -> Any:
            tells.add(f"pod:{_name}")
            return _real(*args)

        setattr(bus, name, sending)


def to_seat_one_s_draw(device: Device) -> tuple[Phone, Phone]:
    """Two phones paired, a device-dealt game dealt on them, seat 1 to draw."""
    ann, ben = device.phone(), device.phone()
    pair(device, ann, 0)
    pair(device, ben, 1)
    device.press(Button.OK)
    device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
    for seat, phone in ((0, ann), (1, ben)):
        phone.tap(kind="key", key="ok")
        phone.tap(kind="key", key="ok")
        device.until(lambda s=seat: not isinstance(v := device.app.scene.view.screen,
                                                   DealView) or v.seat != s)
    device.until(lambda: isinstance(s := device.app.scene.view.screen, TurnView)
                 and s.step is TurnStep.CHOOSE_COLOR and s.seat == 0)
    return ann, ben


def record_events(data: Path) -> list[Any]:
    """The events of the record the device wrote in ``data``, in order."""
    record = next(data.glob("coda-*.jsonl"))
    return [json.loads(line).get("event") for line in record.read_text().splitlines()]

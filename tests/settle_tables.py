"""What the tests of one settle for every table share (tests/test_settle_every_table.py and
its crash child, tests/settle_crash_child.py): a card whose record fsync the test holds,
what reached each table noted as it went, and a game brought to seat 1's draw on phones."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from phones_device import Device

from coda_pi.app.loop import BLINK_SECONDS
from coda_pi.referee.shared.views import TurnStep, TurnView


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


def drawn(view: Any) -> bool:
    """The view shows seat 1's draw made: the table is past seat 1 choosing a colour."""
    screen = view.screen
    return not (isinstance(screen, TurnView) and screen.step is TurnStep.CHOOSE_COLOR
                and screen.seat == 0)


def watch_tables(app: Any, tells: Tells) -> None:
    """What reaches the device's glass and the pods of the draw: a frame sent that shows
    it (a blinking LED's frame does not), a pod given a view other than the one it shows
    (its text turning, its glass going dark do not). The pods are the loop's companion's
    second (phones first, as build_app joins them)."""
    send = app.display.send

    def sending() -> None:
        if drawn(app.scene.view):
            tells.add("glass")
        send()

    app.display.send = sending
    for seat, pod in app.companion.second.pods.items():
        update = pod.update

        def updating(view: Any, now: float, _pod: Any = pod, _update: Any = update,
                     _seat: int = seat) -> int:
            if view != _pod._view:  # a new frame for the glass, not the one it shows
                tells.add(f"pod:{_seat + 1}")
            return int(_update(view, now))

        pod.update = updating


def record_events(data: Path) -> list[Any]:
    """The events of the record the device wrote in ``data``, in order."""
    record = next(data.glob("coda-*.jsonl"))
    return [json.loads(line).get("event") for line in record.read_text().splitlines()]


def quiet(device: Device) -> None:
    """Until the table is still: every intent drawn, the pods' writer idle, and no pod's
    view changed over a blink of the screen's LEDs (a pass the clock wakes may still change
    one: seat 2's row after its deal leaves its pod a moment later)."""
    app = device.app
    pods = app.companion.second.pods

    def views() -> list[Any]:
        return [pod._view for pod in pods.values()]

    before: list[Any] | None = None
    end = time.monotonic() + 30
    while before != (now := views()):
        assert time.monotonic() < end, "the pods' views never stopped changing"
        before = now
        device.settled()
        assert app.companion.second.writer.wait_idle(10)
        time.sleep(BLINK_SECONDS * 1.5)

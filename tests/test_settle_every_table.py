"""Write before you tell, at every table (principle 5): with phones and pods on, nothing of a
tap or a press that writes a record line reaches the tapping phone's answer, any phone's
page, any pod's glass or the device's own screen before the line's fsync has returned.

The card here is a stand-in whose fsync of a record blocks until the test lets it go: what
the device sends meanwhile is exactly what it would have told of an event a power cut could
still take away. Everything runs for real: the loop on its thread, the phones' server on
loopback, the pods' writer thread on a stand-in I2C bus.
"""

from __future__ import annotations

import errno
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from phones_device import Device, Phone, pair, running_device

from coda_pi.pods import start as pods_start
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import DealView, TurnStep, TurnView
from coda_pi.sim.pod_bus import StandInBus, four_pods

LEAK_SECONDS = 0.5
"""How long the card is held once the fsync began: time enough for a tell that does not
wait for it to get out (a loop pass here is milliseconds)."""


class Card:
    """``os.fsync`` of a record that, once ``hold`` is called, blocks at the next record
    fsync until ``release``; other fsyncs (directories, the certificate) go through."""

    def __init__(self) -> None:
        self._fsync = os.fsync
        self._holding = False
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
            self.released.wait(30)
        self._fsync(fd)


class Tells:
    """What reached each table, in order, each noted with whether the card had let the
    line go by then."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.seen: list[tuple[str, bool]] = []
        self._lock = threading.Lock()
        self.watching = False

    def add(self, what: str) -> None:
        if self.watching:
            with self._lock:
                self.seen.append((what, self.card.released.is_set()))

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


@contextmanager
def polling(phone: Phone, name: str, tells: Tells) -> Iterator[None]:
    """The phone's long poll for a newer page, as its page's script keeps one open."""
    status, got = phone.page()
    assert status == 200
    after = got["v"]
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            status, got = phone.request("GET", f"/api/page?after={after}&wait=1")
            if status == 200:
                tells.add(f"page:{name}")
                return

    thread = threading.Thread(target=poll, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(10)


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


def _record_events(data: Path) -> list[Any]:
    import json

    record = next(data.glob("coda-*.jsonl"))
    return [json.loads(line).get("event") for line in record.read_text().splitlines()]


@pytest.mark.parametrize("by", ["a phone's tap", "the device's button"])
def test_nothing_of_an_event_reaches_any_table_before_its_line_is_on_the_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, by: str) -> None:
    card = Card()
    tells = Tells(card)
    bus = four_pods()
    watch_bus(bus, tells)
    monkeypatch.setattr(pods_start, "BUS_OPENER", lambda port: bus)
    monkeypatch.setattr(os, "fsync", card.fsync)
    with running_device(tmp_path, pool="device", pods=True) as device:
        app = device.app
        ann, ben = to_seat_one_s_draw(device)
        device.settled()
        writer = app.companion.second.writer
        assert writer.wait_idle(10)
        events = _record_events(tmp_path / "data")
        send = app.display.send

        def sending() -> None:
            tells.add("glass")
            send()

        app.display.send = sending  # type: ignore[method-assign]
        answers: list[int] = []
        with polling(ann, "seat 1", tells), polling(ben, "seat 2", tells):
            time.sleep(0.1)  # both polls are waiting at the server
            tells.watching = True
            card.hold()
            if by == "a phone's tap":
                def tap() -> None:
                    answers.append(ann.tap(kind="key", key="ok"))  # seat 1 draws
                    tells.add("answer")

                tapping = threading.Thread(target=tap, daemon=True)
                tapping.start()
            else:
                device.press(Button.OK)  # seat 1 draws on the device's OK
            assert card.blocked.wait(10), "the draw's line never reached the card"
            time.sleep(LEAK_SECONDS)
            early = tells.early()
            card.release()
            wanted = {"glass", "page", "pod"} | ({"answer"} if by == "a phone's tap"
                                                 else set())
            device.until(lambda: wanted <= tells.kinds())
        if by == "a phone's tap":
            tapping.join(10)
            assert answers == [200]  # done, once it was on the card
    # Not one table heard of the draw while its line could still be lost ...
    assert early == []
    # ... and every one of them did once it was on the card.
    assert _record_events(tmp_path / "data") == [*events, "draw"]


def test_a_tap_whose_line_the_card_refuses_late_is_answered_not_done_with_the_card_s_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop judged the tap done (its line written), then the card refused the fsync: the
    phone is told it was not done and why, as when the card refuses the write at once (as
    on main, where the fsync was in the write with phones on); its page and the record are
    the game as the card holds it."""
    real = os.fsync
    refusing = threading.Event()

    def fsync(fd: int) -> None:
        if refusing.is_set() and os.readlink(f"/proc/self/fd/{fd}").endswith(".jsonl"):
            refusing.clear()
            raise OSError(errno.EIO, "Input/output error")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with running_device(tmp_path, pool="device") as device:
        ann, _ben = to_seat_one_s_draw(device)
        device.settled()
        record = next((tmp_path / "data").glob("coda-*.jsonl"))
        before = record.read_bytes()
        status, page = ann.page()
        refusing.set()
        answered, got = ann.request("POST", "/api/tap", {"kind": "key", "key": "ok"})
        device.settled()
        assert (answered, got["refused"], got["reload"]) == (409, True, False)
        assert "input/output error" in got["why"] and "record" in got["why"]
        assert record.read_bytes() == before  # not a byte of the draw stayed
        # The phone's next page (the card's trouble said) still asks seat 1 to draw.
        reloaded = device.until(lambda: (p := ann.page())[0] == 200 and p[1]["v"] > page["v"]
                                and p[1])
        assert reloaded["page"]["actions"] == page["page"]["actions"]
        assert device.app.errors == []

"""The pods' bus writes run on a thread of their own (coda_pi/pods/writer.py): the loop's
update never waits for the bus, a newer frame overtakes one still on its way, a pod that
fails on that thread hands its seat back to hold-to-see, and a stop leaves every glass dark.

The bus is the stand-in (coda_pi/sim/pod_bus.py); a gate on it holds every write until the
test lets it through, as a slow or busy bus would.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from luma.core.device import dummy
from luma.core.interface.serial import i2c
from PIL import Image, ImageDraw

from coda_pi.pods import start
from coda_pi.pods.bus import Multiplexer
from coda_pi.pods.companion import PodsCompanion
from coda_pi.pods.draw import draw_private
from coda_pi.pods.panel import PodPanel, make_device, open_panel
from coda_pi.pods.seat_pod import SeatPod
from coda_pi.pods.settings import Controller, PodsConfig
from coda_pi.pods.writer import PASSED_OVER_LIMIT, BusWriter
from coda_pi.referee.shared.seat_screens import LookAtPhoneView
from coda_pi.referee.shared.signals import Button, Press
from coda_pi.sim.pod_bus import StandInBus, StandInPanel
from coda_pi.sim.pod_samples import pod_samples
from coda_pi.sim.testing import FakeClock

ROOT = Path(__file__).resolve().parent.parent
WAIT = 10.0  # seconds: far more than any write here needs; a failure, not a timing


class GatedBus(StandInBus):
    """The stand-in bus, whose writes wait while the gate is shut (a bus held up)."""

    def __init__(self) -> None:
        super().__init__({ch: StandInPanel(sh1106=True) for ch in range(4)})
        self.gate = threading.Event()
        self.gate.set()
        self.waiting = threading.Event()  # a write is waiting at the shut gate

    def _pass(self) -> None:
        if not self.gate.is_set():
            self.waiting.set()
            self.gate.wait()

    def write_byte(self, i2c_addr: int, value: int) -> None:
        self._pass()
        super().write_byte(i2c_addr, value)

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Sequence[int]) -> None:
        self._pass()
        super().write_i2c_block_data(i2c_addr, register, data)

    def i2c_rdwr(self, *messages: Any) -> None:
        self._pass()
        super().i2c_rdwr(*messages)


class Table:
    """The referee as the pods ask it: each seat's private view, and the banners."""

    def __init__(self, views: dict[int, Any]) -> None:
        self.views = views
        self.notices: list[str] = []
        self.acting: int | None = None  # the seat whose move the game waits for

    def private_view_of(self, seat: int) -> Any:
        return self.views.get(seat)

    def notify(self, text: str, kind: Any = None) -> None:
        self.notices.append(text)

    def acting_seat(self) -> int | None:
        return self.acting


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.convert("1").tobytes() == b.convert("1").tobytes()


def lit_but(*holes: tuple[int, int, int, int]) -> Image.Image:
    """A frame with every pixel lit but the ``holes``."""
    image = Image.new("1", (128, 64), 1)
    draw = ImageDraw.Draw(image)
    for box in holes:
        draw.rectangle(box, fill=0)
    return image


def test_a_press_s_update_does_not_wait_for_the_bus(monkeypatch):
    bus = GatedBus()
    monkeypatch.setattr(start, "BUS_OPENER", lambda port: bus)
    pods = start.start_pods(PodsConfig(enabled=True), clock=FakeClock().monotonic,
                            explain=print)
    view = pod_samples()["drawn"]
    table = Table({0: view})
    bus.gate.clear()  # the bus is held up from here
    published = threading.Thread(target=pods.publish, args=(table,), daemon=True)
    try:
        published.start()
        published.join(WAIT / 4)
        assert not published.is_alive(), "the loop's update waited for the bus"
        assert bus.waiting.wait(WAIT), "nothing was sent to the pod"
        # The shared screen points the held seat at its pod while the pod's frame is on
        # its way: the loop draws that frame now.
        assert isinstance(pods.shared_private(view), LookAtPhoneView)
    finally:
        bus.gate.set()
    published.join(WAIT)
    assert pods.writer is not None and pods.writer.wait_idle(WAIT)
    glass = bus.panels[0]
    assert glass is not None and glass.lit
    assert same(glass.glass(), draw_private(view).image)
    pods.close()


def test_a_newer_frame_overtakes_one_still_on_the_bus():
    bus = GatedBus()
    mux = Multiplexer(bus)
    pod = PodPanel(make_device(Controller.SH1106, i2c(bus=mux.channel(1), address=0x3C)),
                   Controller.SH1106)
    writer = BusWriter().start()
    panel = writer.queued(pod)
    first = lit_but()  # all eight pages lit
    assert panel.show(first) == 8
    assert writer.wait_idle(WAIT)
    sent = pod.pages_sent
    bus.gate.clear()
    bus.waiting.clear()
    second = Image.new("1", (128, 64))  # every page differs from the first
    assert panel.show(second) == 8
    assert bus.waiting.wait(WAIT)  # the writer is on the second frame's first page
    third = lit_but((5, 40, 9, 44))  # the first, but for page 5
    fourth = lit_but((5, 40, 9, 44), (0, 8, 3, 9))  # ... and page 1
    panel.show(third)
    panel.show(fourth)
    bus.gate.set()
    assert writer.wait_idle(WAIT)
    glass = bus.panels[1]
    assert glass is not None and same(glass.glass(), fourth)
    # The second frame's first page went out, then it gave way: the newest frame's pages
    # that differ from what the glass held then (page 0 back, pages 1 and 5) and no more;
    # neither the rest of the second frame nor the third crossed the bus.
    assert pod.pages_sent - sent == 1 + 3
    writer.close()


class FailingDummy:
    """luma's dummy device whose cable is pulled after ``good`` frames: OSError."""

    def __init__(self, good: int) -> None:
        self.device = dummy(width=128, height=64, mode="1")
        self.mode = self.device.mode
        self.good = good

    def display(self, image: Image.Image) -> None:
        if self.good <= 0:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.good -= 1
        self.device.display(image)

    def hide(self) -> None:
        pass

    def show(self) -> None:
        pass


def test_a_pod_that_fails_on_the_writer_s_thread_hands_its_seat_back():
    woken = threading.Event()
    writer = BusWriter(on_failure=woken.set)
    samples = pod_samples()
    pods = PodsCompanion({0: SeatPod(0, writer.queued(PodPanel(FailingDummy(3), None))),
                          1: SeatPod(1, writer.queued(PodPanel(dummy(width=128, height=64,
                                                                     mode="1"), None)))},
                         FakeClock().monotonic, writer=writer.start())
    views = [samples[name] for name in ("deal", "drawn", "claim-refused", "row")]
    table = Table({})
    for turn in range(40):  # the loop goes on while the writer fails seat 1's pod
        view = views[turn % len(views)]
        table.views = {0: view, 1: dataclasses.replace(view, seat=1)}
        pods.publish(table)
    assert woken.wait(WAIT), "the writer did not wake the loop"
    pods.poll()  # the loop, woken, looks
    pods.publish(table)
    assert set(pods.pods) == {1} and pods.failed == {0}
    assert table.notices == ["Seat 1's own screen does not answer: that seat holds its "
                             "button to see, and the others look away"]
    # Seat 1 holds its button and sees its view on the shared screen, as without pods;
    # seat 2's pod goes on showing seat 2's.
    assert pods.shared_private(table.views[0]) == table.views[0]
    assert isinstance(pods.shared_private(table.views[1]), LookAtPhoneView)
    assert writer.wait_idle(WAIT)
    assert same(pods.pods[1].panel.device.image, draw_private(table.views[1]).image)
    pods.close()
    assert not writer.alive


def test_closing_the_pods_ends_the_writer_and_leaves_every_glass_dark_and_blank(monkeypatch):
    bus = GatedBus()
    monkeypatch.setattr(start, "BUS_OPENER", lambda port: bus)
    pods = start.start_pods(PodsConfig(enabled=True), clock=FakeClock().monotonic,
                            explain=print)
    samples = pod_samples()
    pods.publish(Table({seat: dataclasses.replace(samples["row"], seat=seat)
                        for seat in range(4)}))
    pods.close()
    assert not [t for t in threading.enumerate() if t.name == "pods-bus-writer"]
    for panel in bus.panels.values():
        assert panel is not None and not panel.lit and panel.glass().getbbox() is None


# `coda-pi run` with four pods on the stand-in bus, resumed on a turn (the seat to play has
# its row on its pod); SIGTERM once that pod is lit. What the process leaves behind is printed.
RUN_AND_STOP = """
import json, os, signal, sys, threading, time
from coda_pi.pods import start
from coda_pi.sim.pod_bus import four_pods

bus = four_pods()
start.BUS_OPENER = lambda port: bus

def stop_once_lit():
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        # luma lights each panel as it opens it (with a clear): past that, a seat's frame.
        if any(p.lit and p.data_bytes > 8 * 128 for p in bus.panels.values()):
            os.kill(os.getpid(), signal.SIGTERM)
            return
        time.sleep(0.05)
    print("no pod was ever lit", [p.data_bytes for p in bus.panels.values()], file=sys.stderr)
    os.kill(os.getpid(), signal.SIGTERM)

threading.Thread(target=stop_once_lit, daemon=True).start()
from coda_pi.cli import main
code = main(sys.argv[1:])
print(json.dumps({
    "code": code,
    "writers": [t.name for t in threading.enumerate() if t.name == "pods-bus-writer"],
    "lit": [p.lit for p in bus.panels.values()],
    "blank": [p.glass().getbbox() is None for p in bus.panels.values()],
    "written": [p.data_bytes for p in bus.panels.values()],
}))
"""


def test_sigterm_stops_the_writer_and_darkens_every_pod(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    record = data / "coda-2026-11-26T00-00-00.n1.jsonl"
    tournament = ROOT / "tests" / "records" / "tournament-3-rounds.jsonl"
    record.write_text("".join(tournament.read_text().splitlines(keepends=True)[:5]))
    config = tmp_path / "config.toml"
    config.write_text("[pods]\nenabled = true\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CODA_PI_DATA": str(data), "CODA_PI_CONFIG": str(config), "HOME": str(tmp_path),
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "LANGUAGE": "en"}
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_STOP, "run", "--no-gpio", "--no-sound", "--size",
         "480x320", "--record", str(record)],
        capture_output=True, text=True, timeout=90, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    left = json.loads(done.stdout.strip().splitlines()[-1])
    assert left["code"] == 0 and left["writers"] == []
    assert max(left["written"]) > 8 * 128, "no pod showed anything before the stop"
    assert left["lit"] == [False] * 4 and left["blank"] == [True] * 4


def test_a_pod_overtaken_mid_frame_finishes_its_newest_before_the_others_get_the_bus():
    # A pod that changes again and again while the bus is slow must still get a whole
    # frame out: sent to the back of the queue each time it is overtaken, it could starve.
    bus = GatedBus()
    mux = Multiplexer(bus)
    pods = [PodPanel(make_device(Controller.SH1106, i2c(bus=mux.channel(ch), address=0x3C)),
                     Controller.SH1106) for ch in range(2)]
    writer = BusWriter()
    shown: list[tuple[int, int]] = []
    writer.on_shown = lambda panel, generation: shown.append((panels.index(panel), generation))
    panels = [writer.queued(pod) for pod in pods]
    writer.start()
    bus.gate.clear()
    panels[0].show(lit_but())  # seat 1's frame starts, held at the bus
    assert bus.waiting.wait(WAIT)
    panels[1].show(lit_but((0, 0, 9, 9)))  # seat 2's frame waits its turn
    panels[0].show(lit_but((50, 50, 60, 60)))  # seat 1's changes again mid-write
    newest = panels[0].generation
    bus.gate.set()
    assert writer.wait_idle(WAIT)
    assert shown == [(0, newest), (1, panels[1].generation)]
    assert same(bus.panels[0].glass(), lit_but((50, 50, 60, 60)))  # type: ignore[union-attr]
    writer.close()


def gated_pods(count: int) -> tuple[GatedBus, BusWriter, list[Any], list[tuple[int, int]]]:
    """``count`` SH1106 pods on the gated bus, their writer started, and the order in
    which their wishes reach the glass: (pod, wish number)."""
    bus = GatedBus()
    mux = Multiplexer(bus)
    writer = BusWriter()
    shown: list[tuple[int, int]] = []
    panels = [writer.queued(open_panel(Controller.SH1106, mux.channel(ch)))
              for ch in range(count)]
    writer.on_shown = lambda panel, generation: shown.append((panels.index(panel), generation))
    writer.start()
    return bus, writer, panels, shown


def underline(x: int) -> Image.Image:
    """A small change: an underline at column ``x``, one page's few columns."""
    image = Image.new("1", (128, 64))
    ImageDraw.Draw(image).rectangle((x, 30, x + 10, 31), fill=1)
    return image


def test_when_several_pods_wait_the_smallest_change_goes_first():
    # A turn passing: one pod's whole new frame and another's cursor wait together behind
    # a frame on the bus; the cursor is out in a few ms, not after the whole frame.
    bus, writer, panels, shown = gated_pods(3)
    bus.gate.clear()
    panels[0].show(lit_but())  # held at the bus
    assert bus.waiting.wait(WAIT)
    panels[1].show(lit_but((0, 0, 9, 9)))  # a whole frame, asked first
    panels[2].show(underline(40))
    bus.gate.set()
    assert writer.wait_idle(WAIT)
    assert [pod for pod, _ in shown] == [0, 2, 1]
    writer.close()


def test_the_pod_of_the_seat_that_pressed_goes_before_smaller_changes():
    bus, writer, panels, shown = gated_pods(3)
    bus.gate.clear()
    panels[0].show(lit_but())
    assert bus.waiting.wait(WAIT)
    panels[2].show(underline(40))  # another pod's small change, asked first
    writer.favour(panels[1])
    panels[1].show(lit_but((0, 0, 9, 9)))  # the presser's whole new frame
    bus.gate.set()
    assert writer.wait_idle(WAIT)
    assert [pod for pod, _ in shown] == [0, 1, 2]
    writer.close()


def test_a_whole_frame_passed_over_again_and_again_for_smaller_ones_gets_its_turn():
    bus, writer, panels, shown = gated_pods(3)
    record = writer.on_shown
    steps = iter(range(2, 12))

    def another_small_change(panel: Any, generation: int) -> None:
        # Each time a pod's change is on its glass, pod 0 or 2 has another cursor move:
        # there is always a smaller change waiting than pod 1's whole frame.
        assert record is not None
        record(panel, generation)
        step = next(steps, None)
        if step is not None:
            panels[2 if step % 2 else 0].show(underline(10 * step))

    writer.on_shown = another_small_change
    bus.gate.clear()
    panels[0].show(underline(0))  # held at the bus
    assert bus.waiting.wait(WAIT)
    panels[1].show(lit_but((0, 0, 9, 9)))  # a whole frame, waiting
    panels[2].show(underline(10))
    bus.gate.set()
    assert writer.wait_idle(WAIT)
    order = [pod for pod, _ in shown]
    # Pod 1's frame goes next once it was passed over PASSED_OVER_LIMIT times (which of
    # pods 0 and 2 went before it depends on their changes' costs, a byte apart).
    assert order.index(1) == PASSED_OVER_LIMIT + 1, order
    assert set(order[: PASSED_OVER_LIMIT + 1]) == {0, 2}, order
    writer.close()


def test_the_seat_whose_move_it_was_has_its_pod_written_first(monkeypatch):
    # Seat 3 presses OK; the same update moves seat 2's cursor (a few columns) and gives
    # seat 3 a new view (most of a frame): seat 3, who pressed and looks at their pod, is
    # served first, though seat 2's change is the smaller.
    bus = GatedBus()
    monkeypatch.setattr(start, "BUS_OPENER", lambda port: bus)
    pods = start.start_pods(PodsConfig(enabled=True), clock=FakeClock().monotonic,
                            explain=print)
    assert pods.writer is not None
    samples = pod_samples()
    reveal = samples["reveal"]
    cursor_at = [dataclasses.replace(reveal, seat=1, cursor=slot, row=tuple(
        dataclasses.replace(p, highlight=i == slot) for i, p in enumerate(reveal.row)))
        for slot in (2, 3)]
    drawn = samples["drawn"]
    table = Table({0: drawn, 1: cursor_at[0], 2: dataclasses.replace(reveal, seat=2)})
    pods.publish(table)
    assert pods.writer.wait_idle(WAIT)
    shown: list[int] = []
    glasses = [pods.pods[seat].panel for seat in range(4)]
    pods.writer.on_shown = lambda panel, generation: shown.append(glasses.index(panel))
    bus.gate.clear()
    table.views = {**table.views, 0: dataclasses.replace(drawn, prompt="x")}
    pods.publish(table)  # seat 1's pod: a change held at the bus
    assert bus.waiting.wait(WAIT)
    table.acting = 2
    pods.take(table, Press(Button.OK))
    table.views = {**table.views, 1: cursor_at[1],
                   2: dataclasses.replace(samples["row"], seat=2)}
    pods.publish(table)
    bus.gate.set()
    assert pods.writer.wait_idle(WAIT)
    assert shown[:3] == [0, 2, 1], shown
    pods.close()


def test_a_pod_going_dark_switches_off_at_once_and_blanks_after_the_others_changes():
    # Seat 2's private moment ends (dark, then its memory blanked: a whole frame to erase)
    # while seat 3's pod has a new frame to show: seat 2's glass goes dark at once, seat
    # 3's frame is shown next, and the blank nobody sees goes last.
    bus, writer, panels, shown = gated_pods(3)
    panels[1].show(lit_but())
    assert writer.wait_idle(WAIT)
    glass_lit: list[bool] = []
    record = writer.on_shown
    assert record is not None

    def noting(panel: Any, generation: int) -> None:
        glass_lit.append(bus.panels[1].lit)  # type: ignore[union-attr]
        record(panel, generation)

    writer.on_shown = noting
    shown.clear()
    bus.gate.clear()
    panels[0].show(underline(0))  # held at the bus
    assert bus.waiting.wait(WAIT)
    panels[1].off()
    panels[1].show(Image.new("1", (128, 64)))
    panels[2].show(lit_but((0, 0, 9, 9)))  # most of a frame: more than the off command
    bus.gate.set()
    assert writer.wait_idle(WAIT)
    order = [pod for pod, _ in shown]
    assert order == [0, 1, 2, 1], order
    assert glass_lit[1] is False  # seat 2's glass was dark before seat 3's frame went out
    glass = bus.panels[1]
    assert glass is not None and not glass.lit and glass.glass().getbbox() is None
    writer.close()

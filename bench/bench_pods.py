#!/usr/bin/env python3
"""What a seat pod's update costs on the I2C bus: pages, bytes and milliseconds per update.

A seat's private moments in a turn, as its pod shows them (coda_pi/sim/pod_samples.py): the
deal, the dash moved along the row, a drawn panel, the claim's cursor moved three times, a
refusal, the row; each shown on one pod of four behind a TCA9548A on the stand-in bus
(coda_pi/sim/pod_bus.py), which counts every byte that would cross the wire (addresses,
control bytes and the multiplexer's channel selects included). Times are the wire's:
bytes x 9 bits (8 and an acknowledge) + a start and a stop per transaction, at the bus speed;
the Pi's own overhead per transaction (tens of microseconds) comes on top. Compared with
luma's own ``display()``, which sends the whole frame every time. Also the CPU time to draw
a frame and find its changed pages, on this machine.

Then whole demo tournaments with four pods: the bus time of each loop update, every pod's
pages together (an event that changes several pods sends them one after another on the
one bus). Then the worst case from event to glass for one pod: drawing a frame here plus
a whole frame on the bus (a Pi draws slower than this machine: scale the drawing part).

Last, press to pod shown: each demo tournament's pod updates (device and entered pool, four
players, ``--rounds``), one press every ``--gap`` ms, onto four SH1106 pods on one bus,
written by the pods' writer (coda_pi/pods/writer.py) in four styles in the same run:
whole changed pages, the pods in the order their wishes came; the changed columns only,
each span's addressing and data a call each; the same, the pod of the seat that pressed
first, then the cheapest; and all that with a change's messages batched into few calls
(the device's). All four share the device's seat pod and writer otherwise (a dark pod's
memory blanked, after the others' changes), so the first rows are not an older main's:
hardware/pods.md keeps those. The figures are in wire time: each message takes its bytes'
time at the bus speed, each call ``--overhead-us`` more (a Pi's ioctl), and nothing else
takes any, so they are the same on any machine and any load; the drawing (see the CPU
line) comes on top. ``--real-time N`` adds N runs on a bus that sleeps its wire
time (``PacedBus``) with the writer's own thread, where this machine's load shows.

Run: ``.venv/bin/python bench/bench_pods.py [--hz 400000,100000] [--only-latency] [--slow]
[--real-time N]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import time
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from luma.core.interface.serial import i2c  # noqa: E402

from coda_pi.pods.bus import BITS_PER_BYTE, BITS_PER_TRANSACTION, MeteredBus, Multiplexer, Traffic  # noqa: E402
from coda_pi.pods.draw import draw_private  # noqa: E402
from coda_pi.pods.pages import to_pages  # noqa: E402
from coda_pi.pods.panel import PodPanel, make_device, open_panel  # noqa: E402
from coda_pi.pods.settings import Controller  # noqa: E402
from coda_pi.pods.spans import changed_spans  # noqa: E402
from coda_pi.referee.shared.views import PrivateView  # noqa: E402
from coda_pi.sim.pod_bus import PacedBus, four_pods  # noqa: E402
from coda_pi.sim.pod_samples import pod_samples  # noqa: E402


def moments() -> list[tuple[str, PrivateView]]:
    s = pod_samples()
    deal = s["deal"]
    moved = dataclasses.replace(deal, row=tuple(
        dataclasses.replace(p, highlight=i == 3) for i, p in enumerate(deal.row)), cursor=3)
    claim = s["claim-refused"]
    out = [("deal", deal), ("dash moved", moved), ("drawn", s["drawn"])]
    for slot in (0, 2, 3):
        row = list(claim.row)
        drawn = row.pop(claim.cursor or 0)
        row.insert(slot, drawn)
        out.append((f"claim at {slot}", dataclasses.replace(
            claim, row=tuple(dataclasses.replace(p, highlight=i == slot)
                             for i, p in enumerate(row)), cursor=slot, message=None)))
    out += [("refused", claim), ("row", s["row"])]
    return out


def run(controller: Controller, hz_list: list[int]) -> Traffic:
    """Print the table; return the traffic of a whole frame (the worst update)."""
    bus = four_pods(sh1106=controller is Controller.SH1106)
    meter = MeteredBus(bus)
    mux = Multiplexer(meter)
    pods = [open_panel(controller, mux.channel(ch)) for ch in range(4)]
    # Another pod wrote last, so each update also pays for selecting its channel again.
    print(f"\n{controller.value}: one update of seat 3's pod (after seat 1's)")
    head = "".join(f"{f'ms @{hz // 1000} kHz':>14}" for hz in hz_list)
    print(f"{'moment':<14}{'pages':>6}{'bytes':>7}{head}")
    totals = Traffic()
    for name, view in moments():
        pods[0].show(draw_private(dataclasses.replace(view, seat=0)).image)
        meter.traffic = Traffic()
        pages = pods[2].show(draw_private(view).image)
        t = meter.traffic
        totals.transactions += t.transactions
        totals.wire_bytes += t.wire_bytes
        ms = "".join(f"{t.seconds(hz) * 1000:>14.2f}" for hz in hz_list)
        print(f"{name:<14}{pages:>6}{t.wire_bytes:>7}{ms}")
    # luma's display(): the whole frame, every time.
    meter.traffic = Traffic()
    pods[2].device.display(draw_private(moments()[0][1]).image)
    full = meter.traffic
    ms = "".join(f"{full.seconds(hz) * 1000:>14.2f}" for hz in hz_list)
    print(f"{'full frame':<14}{8:>6}{full.wire_bytes:>7}{ms}")
    n = len(moments())
    mean = Traffic(totals.transactions // n, totals.wire_bytes // n)
    ms = "".join(f"{mean.seconds(hz) * 1000:>14.2f}" for hz in hz_list)
    print(f"{'mean update':<14}{'':>6}{mean.wire_bytes:>7}{ms}")
    return full


def tournament(hz_list: list[int], pool: str) -> None:
    """A whole demo tournament (4 players, 3 rounds) with four pods on the metered stand-in
    bus: the bus time of each loop update that sent anything to a pod, all pods together."""
    from coda_pi.config import Config
    from coda_pi.demo import run_demo
    from coda_pi.pods import start
    from coda_pi.pods.companion import PodsCompanion
    from coda_pi.pods.settings import PodsConfig

    meter = MeteredBus(four_pods())
    start.BUS_OPENER = lambda port: meter
    per_update: list[int] = []
    last = [0]
    publish = PodsCompanion.publish

    def settled(self: PodsCompanion, referee: Any) -> None:
        # The writer thread sends the pages after the loop's update: wait for it here, so
        # that each update's bytes are counted with that update's frame.
        publish(self, referee)
        if self.writer is not None:
            self.writer.wait_idle(10)

    PodsCompanion.publish = settled  # type: ignore[method-assign]

    def seen(scene: object, surface: object) -> None:
        sent = meter.traffic.wire_bytes - last[0]
        last[0] = meter.traffic.wire_bytes
        if sent:
            per_update.append(sent)

    try:
        run_demo(Config(pods=PodsConfig(enabled=True)), headless=True, seed=36, players=4,
                 rounds=3, draw=False, pool=pool, on_frame=seen)
    finally:
        PodsCompanion.publish = publish  # type: ignore[method-assign]
    per_update = per_update[1:]  # the first holds luma's four power-on clears
    per_update.sort()
    print(f"\na {pool}-pool tournament, 4 players, 3 rounds: {len(per_update)} updates sent to "
          f"pods; bus time of an update, all pods together")
    for hz in hz_list:
        ms = [b * BITS_PER_BYTE / hz * 1000 for b in per_update]
        p95 = ms[int(len(ms) * 0.95)]
        print(f"  {hz // 1000:>4} kHz: median {statistics.median(ms):6.2f} ms, 95th "
              f"percentile {p95:6.2f} ms, worst {ms[-1]:6.2f} ms, over 50 ms: "
              f"{sum(m > 50 for m in ms)}")


def cpu() -> float:
    """Print and return the median CPU milliseconds to draw a frame and find its pages."""
    views = [v for _, v in moments()]
    draw_ms, diff_ms = [], []
    for _ in range(20):
        shown = to_pages(draw_private(views[-1]).image)
        for view in views:
            t0 = time.perf_counter()
            image = draw_private(view).image
            t1 = time.perf_counter()
            pages = to_pages(image)
            changed_spans(shown, pages, Controller.SH1106)  # against the frame before
            t2 = time.perf_counter()
            shown = pages
            draw_ms.append((t1 - t0) * 1000)
            diff_ms.append((t2 - t1) * 1000)
    print(f"\nCPU on this machine: draw {statistics.median(draw_ms):.2f} ms, pages and "
          f"changed columns {statistics.median(diff_ms):.3f} ms per frame (median of "
          f"{len(draw_ms)}; load {os.getloadavg()[0]:.1f})")
    return statistics.median(draw_ms) + statistics.median(diff_ms)


@dataclasses.dataclass(frozen=True)
class Update:
    """What the four pods were to show after one loop update, and the seat whose press it
    answers (the seat the game waited for when the press came)."""

    views: tuple[Any, ...]
    acted: int | None


def recorded_updates(pool: str, rounds: int) -> list[Update]:
    """The pod updates of a demo tournament, the updates that changed none of the pods'
    views left out: they cost the pods nothing."""
    from coda_pi.config import Config
    from coda_pi.demo import run_demo
    from coda_pi.pods import start
    from coda_pi.pods.companion import PodsCompanion
    from coda_pi.pods.settings import PodsConfig

    start.BUS_OPENER = lambda port: four_pods()
    seen: list[Update] = []
    acting: list[int | None] = [None]
    publish = PodsCompanion.publish

    def recording(self: PodsCompanion, referee: Any) -> None:
        views = tuple(PodsCompanion.shown_view(referee, seat) for seat in range(4))
        seen.append(Update(views, acting[0]))
        acting[0] = referee.acting_seat()  # who the next press comes from
        publish(self, referee)

    PodsCompanion.publish = recording  # type: ignore[method-assign]
    try:
        run_demo(Config(pods=PodsConfig(enabled=True)), headless=True, seed=36, players=4,
                 rounds=rounds, draw=False, pool=pool)
    finally:
        PodsCompanion.publish = publish  # type: ignore[method-assign]
    return [u for i, u in enumerate(seen) if i == 0 or u.views != seen[i - 1].views]


class Replayed:
    """The referee as the pods ask it, replaying recorded views."""

    views: tuple[Any, ...] = (None,) * 4
    acting: int | None = None

    def private_view_of(self, seat: int) -> Any:
        return self.views[seat]

    def acting_seat(self) -> int | None:
        return self.acting

    def notify(self, text: str, kind: Any = None) -> None:
        raise AssertionError(f"a pod failed in the bench: {text}")


class PagesPanel(PodPanel):
    """Before: whole changed pages (main's panel before the column spans)."""

    def send(self, pages: Any, superseded: Any = None, *, light: bool = False) -> int:
        from coda_pi.pods.pages import changed_runs

        sent = 0
        for first, last in changed_runs(self.shown, pages):
            for page in range(first, last + 1):
                if sent and superseded is not None and superseded():
                    return sent
                self.device.command(0xB0 | page, 0x02, 0x10)
                self.device.data(list(pages[page]))
                self._shown = (*self._shown[:page], pages[page], *self._shown[page + 1 :])
                sent += 1
        return sent


class UnbatchedPanel(PodPanel):
    """Between: each span's addressing whole in a call of its own and its data in another
    (main before the calls were batched)."""

    def send(self, pages: Any, superseded: Any = None, *, light: bool = False) -> int:
        from smbus2 import i2c_msg

        from coda_pi.pods.spans import addressing

        assert self.controller is not None and self._bus is not None
        written: set[int] = set()
        for span in changed_spans(self.shown, pages, self.controller):
            if written and span.page not in written and superseded is not None \
                    and superseded():
                break
            commands, _ = addressing(span, None, self.controller)
            self.device.command(*commands)
            data = list(pages[span.page][span.first : span.last + 1])
            self._bus.i2c_rdwr(i2c_msg.write(0x3C, [0x40, *data]))
            self._hold(pages, [span], written)
        return len(written)


def oldest_first(writer: Any) -> Any:
    """Before: the writer takes the pods' wishes in the order they came."""
    writer._next = lambda: next(iter(writer._wishes))  # noqa: SLF001
    return writer


STYLES = ("pages, oldest first", "spans, oldest first", "spans, acted + cheapest first",
          "+ one call per pod's change")
# The panel each style writes with.
PANELS: dict[str, type[PodPanel]] = {STYLES[0]: PagesPanel, STYLES[1]: UnbatchedPanel,
                                     STYLES[2]: UnbatchedPanel, STYLES[3]: PodPanel}
ORDERED = {STYLES[2], STYLES[3]}  # the acting seat's pod first, then the cheapest


def replay(updates: list[Update], hz: int, *, style: str,
           gap: float) -> tuple[list[float], list[tuple[float, int, int]]]:
    """(the loop's ms in the pods per update, (press-to-glass ms, seat, update) per pod
    changed); the pods are written by the writer thread, in ``style``."""
    from coda_pi.pods.companion import PodsCompanion
    from coda_pi.pods.seat_pod import SeatPod
    from coda_pi.pods.writer import BusWriter
    from coda_pi.referee.shared.signals import Button, Press

    mux = Multiplexer(PacedBus(four_pods(), hz))
    writer = BusWriter()
    if style not in ORDERED:
        oldest_first(writer)
    done: list[list[tuple[int, float]]] = [[] for _ in range(4)]
    glasses: list[Any] = []
    kind = PANELS[style]
    for seat in range(4):
        panel = kind(make_device(Controller.SH1106, i2c(bus=mux.channel(seat), address=0x3C)),
                     Controller.SH1106, bus=mux.channel(seat))
        glasses.append(writer.queued(panel))

    def shown(panel: Any, generation: int) -> None:
        done[glasses.index(panel)].append((generation, time.perf_counter()))

    writer.on_shown = shown
    writer.start()
    pods = PodsCompanion({seat: SeatPod(seat, glasses[seat]) for seat in range(4)},
                         time.monotonic, writer=writer)
    table = Replayed()
    loop_ms: list[float] = []
    asked: list[tuple[int, int, float, int]] = []  # (seat, its wish's number, press, update)
    start_at = time.perf_counter() + 0.1
    for i, update in enumerate(updates):
        pressed = start_at + i * gap
        time.sleep(max(0.0, pressed - time.perf_counter()))
        before = [g.generation for g in glasses]
        table.acting = update.acted
        if style in ORDERED:
            pods.take(table, Press(Button.NEXT))  # the acting seat's press
        table.views = update.views
        t0 = time.perf_counter()
        pods.publish(table)
        loop_ms.append((time.perf_counter() - t0) * 1000)
        asked += [(seat, g.generation, pressed, i) for seat, g in enumerate(glasses)
                  if g.generation != before[seat]]
    writer.wait_idle(60)
    latency = [((next(t for n, t in done[seat] if n >= number) - pressed) * 1000, seat, i)
               for seat, number, pressed, i in asked]
    pods.close()
    return loop_ms, latency


class WireClock:
    """Virtual time: the bus's wire is the only thing that takes any."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class WireBus(PacedBus):
    """A bus whose transactions advance the virtual clock by their wire time (as
    ``PacedBus`` sleeps it), plus ``overhead`` seconds a call (the Pi's ioctl: one
    ``i2c_rdwr`` of several messages is one)."""

    def __init__(self, bus: Any, hz: int, clock: WireClock, overhead: float) -> None:
        super().__init__(bus, hz)
        self.clock = clock
        self.overhead = overhead

    def _wire(self, payload: int) -> None:
        self.clock.now += ((1 + payload) * BITS_PER_BYTE + BITS_PER_TRANSACTION) / self.hz

    def _call(self) -> None:
        self.clock.now += self.overhead


def wire_replay(updates: list[Update], hz: int, *, style: str, gap: float,
                overhead: float) -> list[tuple[float, int, int]]:
    """(press-to-glass ms, seat, update) per pod changed, in virtual time: the writer's
    own choices (what goes next, a frame overtaken mid-write) made as its thread makes
    them, each transaction taking its wire time and nothing else (the drawing, a few ms
    a frame, and this machine's load are left out: the same figures every run)."""
    from coda_pi.pods.companion import PodsCompanion
    from coda_pi.pods.seat_pod import SeatPod
    from coda_pi.pods.writer import BusWriter
    from coda_pi.referee.shared.signals import Button, Press

    clock = WireClock()
    mux = Multiplexer(WireBus(four_pods(), hz, clock, overhead))
    writer = BusWriter()  # never started: its thread's steps are taken here, in order
    if style not in ORDERED:
        oldest_first(writer)
    kind = PANELS[style]
    glasses = [writer.queued(kind(make_device(Controller.SH1106, i2c(
        bus=mux.channel(seat), address=0x3C)), Controller.SH1106,
        bus=None if kind is PagesPanel else mux.channel(seat))) for seat in range(4)]
    done: list[list[tuple[int, float]]] = [[] for _ in range(4)]
    writer.on_shown = lambda panel, n: done[glasses.index(panel)].append((n, clock.now))
    pods = PodsCompanion({seat: SeatPod(seat, glasses[seat]) for seat in range(4)}, clock,
                         writer=writer)
    clock.now = 0.0  # luma's power-on clears are not the game's
    table = Replayed()
    asked: list[tuple[int, int, float, int]] = []
    upcoming = list(enumerate(updates))

    def presses_due() -> None:
        while upcoming and upcoming[0][0] * gap <= clock.now:
            i, update = upcoming.pop(0)
            before = [g.generation for g in glasses]
            table.acting = update.acted
            if style in ORDERED:
                pods.take(table, Press(Button.NEXT))
            table.views = update.views
            pods.publish(table)
            asked.extend((seat, g.generation, i * gap, i) for seat, g in enumerate(glasses)
                         if g.generation != before[seat])

    superseded = writer._superseded  # noqa: SLF001
    writer._superseded = lambda panel: (presses_due(), superseded(panel))[1]  # type: ignore[method-assign]  # noqa: SLF001,E501
    while upcoming or writer._wishes:  # noqa: SLF001
        presses_due()
        if not writer._wishes:  # noqa: SLF001
            clock.now = upcoming[0][0] * gap  # the bus idles until the next press
            continue
        panel = writer._next()  # noqa: SLF001
        wish = writer._wishes.pop(panel)  # noqa: SLF001
        while not writer._write(panel, wish):  # noqa: SLF001
            wish = writer._wishes.pop(panel)  # noqa: SLF001
    return [((next(t for n, t in done[seat] if n >= number) - pressed) * 1000, seat, i)
            for seat, number, pressed, i in asked]


def spread(ms: list[float]) -> str:
    ms = sorted(ms)
    return (f"p50 {ms[len(ms) // 2]:6.1f}  p95 {ms[int(len(ms) * 0.95)]:6.1f}  "
            f"max {ms[-1]:6.1f} ms")


def press_to_glass(hz_list: list[int], gap_ms: float, rounds: int, overhead_us: float,
                   show_slow: bool, real_time: int) -> None:
    """Press to pod shown, before (whole pages, the pods in the order their wishes came),
    between (column spans, that order) and after (column spans; the acting seat's pod
    first, then the cheapest): in wire time, then ``real_time`` runs on a paced bus."""
    for pool in ("device", "entered"):
        updates = recorded_updates(pool, rounds)
        print(f"\npress to pod shown: a {pool}-pool tournament ({rounds} rounds, "
              f"{len(updates)} pod updates), a press every {gap_ms:.0f} ms, four SH1106 pods "
              f"on one bus; wire time + {overhead_us:.0f} us a transaction")
        for hz in hz_list:
            for style in STYLES:
                latency = wire_replay(updates, hz, style=style, gap=gap_ms / 1000,
                                      overhead=overhead_us / 1e6)
                ms = [m for m, _, _ in latency]
                over = [x for x in latency if x[0] > 50]
                print(f"  {hz // 1000:>4} kHz {style:<30} ({len(ms)}): {spread(ms)}; "
                      f"over 50 ms: {len(over)}")
                if show_slow and style == STYLES[-1]:
                    for m, seat, i in sorted(over, reverse=True):
                        changed = sum(a != b for a, b in zip(
                            updates[i].views, updates[i - 1].views if i else (None,) * 4,
                            strict=True))
                        print(f"{'':>10}{m:6.1f} ms: seat {seat + 1}, update {i}, "
                              f"{changed} pods changed, acted: {updates[i].acted}")
            for run_no in range(real_time):
                load = os.getloadavg()[0]
                for style in STYLES:
                    _, latency = replay(updates, hz, style=style, gap=gap_ms / 1000)
                    ms = [m for m, _, _ in latency]
                    print(f"  {hz // 1000:>4} kHz real time, run {run_no + 1}, load "
                          f"{load:4.1f}: {style:<30} {spread(ms)}; over 50 ms: "
                          f"{sum(m > 50 for m in ms)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hz", default="400000,100000",
                        help="bus speeds in Hz, comma-separated (default: 400000,100000)")
    parser.add_argument("--gap", type=float, default=150.0,
                        help="ms between replayed presses (default: 150, a quick player)")
    parser.add_argument("--only-latency", action="store_true",
                        help="only press to pod shown, before/after, interleaved")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of each replayed tournament (default: 3)")
    parser.add_argument("--real-time", type=int, default=0, metavar="N",
                        help="also N runs in real time on a paced bus and the writer thread "
                        "(this machine's load shows in them)")
    parser.add_argument("--overhead-us", type=float, default=0.0,
                        help="the Pi's time per I2C transaction on top of the wire's, in "
                        "microseconds, for the wire-time figures (default: 0)")
    parser.add_argument("--slow", action="store_true",
                        help="list each change over 50 ms (after) and what else changed")
    args = parser.parse_args()
    hz_list = [int(h) for h in args.hz.split(",")]
    latency = lambda: press_to_glass(  # noqa: E731
        hz_list, args.gap, args.rounds, args.overhead_us, args.slow, args.real_time)
    if args.only_latency:
        latency()
        return
    worst = max((run(controller, hz_list) for controller in Controller),
                key=lambda t: t.wire_bytes)
    for pool in ("device", "entered"):
        tournament(hz_list, pool)
    cpu_ms = cpu()
    for hz in hz_list:
        total = cpu_ms + worst.seconds(hz) * 1000
        print(f"event to glass, a whole frame at {hz // 1000} kHz: {cpu_ms:.1f} ms drawing + "
              f"{worst.seconds(hz) * 1000:.1f} ms on the bus = {total:.1f} ms (the issue asks "
              f"for 50 ms)")
    latency()


if __name__ == "__main__":
    main()

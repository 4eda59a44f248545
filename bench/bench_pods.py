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

Last, in real time, before and after the pods' writer thread (coda_pi/pods/writer.py): a
tournament's pod updates replayed one press every ``--gap`` ms onto four pods on a bus that
takes as long as the wire would (``PacedBus``): the loop's time in the pods per update (what
the shared screen's frame waits for) and, per pod changed, the time from the press to its
glass showing the change (a press that comes while the loop is still busy waits for it).

Run: ``.venv/bin/python bench/bench_pods.py [--hz 400000,100000]``.
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

from coda_pi.pods.bus import BITS_PER_BYTE, MeteredBus, Multiplexer, Traffic  # noqa: E402
from coda_pi.pods.draw import draw_private  # noqa: E402
from coda_pi.pods.pages import changed_runs, to_pages  # noqa: E402
from coda_pi.pods.panel import PodPanel, make_device  # noqa: E402
from coda_pi.pods.settings import Controller  # noqa: E402
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
    pods = [PodPanel(make_device(controller, i2c(bus=mux.channel(ch), address=0x3C)),
                     controller) for ch in range(4)]
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
        for view in views:
            t0 = time.perf_counter()
            image = draw_private(view).image
            t1 = time.perf_counter()
            changed_runs(None, to_pages(image))
            t2 = time.perf_counter()
            draw_ms.append((t1 - t0) * 1000)
            diff_ms.append((t2 - t1) * 1000)
    print(f"\nCPU on this machine: draw {statistics.median(draw_ms):.2f} ms, pages and diff "
          f"{statistics.median(diff_ms):.3f} ms per frame (median of {len(draw_ms)})")
    return statistics.median(draw_ms) + statistics.median(diff_ms)


def recorded_updates(pool: str) -> list[tuple[Any, ...]]:
    """What the four pods were to show after each loop update of a demo tournament (one
    round), the updates that changed none of it left out: they cost the pods nothing."""
    from coda_pi.config import Config
    from coda_pi.demo import run_demo
    from coda_pi.pods import start
    from coda_pi.pods.companion import PodsCompanion
    from coda_pi.pods.settings import PodsConfig

    start.BUS_OPENER = lambda port: four_pods()
    seen: list[tuple[Any, ...]] = []
    publish = PodsCompanion.publish

    def recording(self: PodsCompanion, referee: Any) -> None:
        seen.append(tuple(PodsCompanion.shown_view(referee, seat) for seat in range(4)))
        publish(self, referee)

    PodsCompanion.publish = recording  # type: ignore[method-assign]
    try:
        run_demo(Config(pods=PodsConfig(enabled=True)), headless=True, seed=36, players=4,
                 rounds=1, draw=False, pool=pool)
    finally:
        PodsCompanion.publish = publish  # type: ignore[method-assign]
    return [u for i, u in enumerate(seen) if i == 0 or u != seen[i - 1]]


class Replayed:
    """The referee as the pods ask it, replaying recorded views."""

    views: tuple[Any, ...] = (None,) * 4

    def private_view_of(self, seat: int) -> Any:
        return self.views[seat]

    def notify(self, text: str, kind: Any = None) -> None:
        raise AssertionError(f"a pod failed in the bench: {text}")


class TimedGlass:
    """A panel written on the loop's thread (as before the writer), noting when each change
    is on the glass, numbered as the writer numbers its wishes."""

    def __init__(self, panel: PodPanel, done: list[tuple[int, float]]) -> None:
        self.panel = panel
        self.done = done
        self.generation = 0

    @property
    def lit(self) -> bool:
        return self.panel.lit

    @property
    def device(self) -> Any:
        return self.panel.device

    def _shown(self) -> None:
        self.generation += 1
        self.done.append((self.generation, time.perf_counter()))

    def show(self, image: Any) -> int:
        sent = self.panel.show(image)
        if sent:
            self._shown()
        return sent

    def off(self) -> None:
        if self.panel.lit:
            self.panel.off()
            self._shown()

    def on(self) -> None:
        if not self.panel.lit:
            self.panel.on()
            self._shown()


def replay(updates: list[tuple[Any, ...]], hz: int, *, threaded: bool,
           gap: float) -> tuple[list[float], list[float]]:
    """(the loop's ms in the pods per update, press-to-glass ms per pod changed)."""
    from coda_pi.pods.companion import PodsCompanion
    from coda_pi.pods.seat_pod import SeatPod
    from coda_pi.pods.writer import BusWriter

    mux = Multiplexer(PacedBus(four_pods(), hz))
    writer = BusWriter() if threaded else None
    done: list[list[tuple[int, float]]] = [[] for _ in range(4)]
    glasses: list[Any] = []
    for seat in range(4):
        panel = PodPanel(make_device(Controller.SH1106, i2c(bus=mux.channel(seat),
                                                            address=0x3C)), Controller.SH1106)
        glasses.append(TimedGlass(panel, done[seat]) if writer is None
                       else writer.queued(panel))
    if writer is not None:
        def shown(panel: Any, generation: int) -> None:
            done[glasses.index(panel)].append((generation, time.perf_counter()))

        writer.on_shown = shown
        writer.start()
    pods = PodsCompanion({seat: SeatPod(seat, glasses[seat]) for seat in range(4)},
                         time.monotonic, writer=writer)
    table = Replayed()
    loop_ms: list[float] = []
    asked: list[tuple[int, int, float]] = []  # (seat, its wish's number, the press's time)
    start_at = time.perf_counter() + 0.1
    for i, views in enumerate(updates):
        pressed = start_at + i * gap
        time.sleep(max(0.0, pressed - time.perf_counter()))  # late when the loop was busy
        before = [g.generation for g in glasses]
        table.views = views
        t0 = time.perf_counter()
        pods.publish(table)
        loop_ms.append((time.perf_counter() - t0) * 1000)
        asked += [(seat, g.generation, pressed) for seat, g in enumerate(glasses)
                  if g.generation != before[seat]]
    if writer is not None:
        writer.wait_idle(30)
    latency = [(next(t for n, t in done[seat] if n >= number) - pressed) * 1000
               for seat, number, pressed in asked]
    pods.close()
    return loop_ms, latency


def spread(ms: list[float]) -> str:
    ms = sorted(ms)
    return (f"p50 {ms[len(ms) // 2]:6.1f}  p95 {ms[int(len(ms) * 0.95)]:6.1f}  "
            f"max {ms[-1]:6.1f} ms")


def writer_thread(hz_list: list[int], gap_ms: float) -> None:
    updates = recorded_updates("device")
    print(f"\nbefore/after the writer thread: a device-pool round's {len(updates)} pod "
          f"updates, a press every {gap_ms:.0f} ms, four SH1106 pods on a bus as slow as its "
          "wire")
    for hz in hz_list:
        for threaded in (False, True):
            loop_ms, latency = replay(updates, hz, threaded=threaded, gap=gap_ms / 1000)
            mode = "after (writer thread)" if threaded else "before (on the loop)"
            over = sum(m > 50 for m in latency)
            print(f"  {hz // 1000:>4} kHz {mode:<22} loop in the pods per update: "
                  f"{spread(loop_ms)}")
            print(f"  {'':>8} {'':<22} press to pod shown ({len(latency)}):      "
                  f"{spread(latency)}; over 50 ms: {over}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hz", default="400000,100000",
                        help="bus speeds in Hz, comma-separated (default: 400000,100000)")
    parser.add_argument("--gap", type=float, default=150.0,
                        help="ms between replayed presses (default: 150, a quick player)")
    parser.add_argument("--only-writer", action="store_true",
                        help="only the before/after of the writer thread")
    args = parser.parse_args()
    hz_list = [int(h) for h in args.hz.split(",")]
    if args.only_writer:
        writer_thread(hz_list, args.gap)
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
    writer_thread(hz_list, args.gap)


if __name__ == "__main__":
    main()

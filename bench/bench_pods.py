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
one bus). Last, the worst case from event to glass for one pod: drawing a frame here plus
a whole frame on the bus (a Pi draws slower than this machine: scale the drawing part).

Run: ``.venv/bin/python bench/bench_pods.py [--hz 400000,100000]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from luma.core.interface.serial import i2c  # noqa: E402

from coda_pi.pods.bus import BITS_PER_BYTE, MeteredBus, Multiplexer, Traffic  # noqa: E402
from coda_pi.pods.draw import draw_private  # noqa: E402
from coda_pi.pods.pages import changed_runs, to_pages  # noqa: E402
from coda_pi.pods.panel import PodPanel, make_device  # noqa: E402
from coda_pi.pods.settings import Controller  # noqa: E402
from coda_pi.referee.shared.views import PrivateView  # noqa: E402
from coda_pi.sim.pod_bus import four_pods  # noqa: E402
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
    from coda_pi.pods.settings import PodsConfig

    meter = MeteredBus(four_pods())
    start.BUS_OPENER = lambda port: meter
    per_update: list[int] = []
    last = [0]

    def seen(scene: object, surface: object) -> None:
        sent = meter.traffic.wire_bytes - last[0]
        last[0] = meter.traffic.wire_bytes
        if sent:
            per_update.append(sent)

    run_demo(Config(pods=PodsConfig(enabled=True)), headless=True, seed=36, players=4,
             rounds=3, draw=False, pool=pool, on_frame=seen)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hz", default="400000,100000",
                        help="bus speeds in Hz, comma-separated (default: 400000,100000)")
    hz_list = [int(h) for h in parser.parse_args().hz.split(",")]
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


if __name__ == "__main__":
    main()

"""What answering a phone's tap truthfully costs the loop: a tap is judged (done, refused,
or made from a page the device left) by looking at the record, the public view and the
seat's own view before and after it (coda_pi/phones/tap_answer.py), and a tap that names
its page's version is checked against what the page offers now.

Whole device-pool tournaments of two seats are played by phone taps in-process
(tests/phones_play.py: the referee, the bridge, every tap checked as the server checks it),
three ways, interleaved game by game so the machine's load falls on all three alike:

- bare:   the tap done (apart from the device's held buttons) and answered "done", unjudged;
- judged: the tap judged, as the device does it for a tap without a version;
- judged+v: judged, and its page's version checked (as the seat page's script sends it).

Printed: the loop's CPU per tap (thread_time, median over games) for each way, the ratios
to bare, and, for scale, the CPU per tap of making the seats' pages after it (which the
loop does after every tap anyway); the load average beside them.

Run: .venv/bin/python bench/bench_tap_answer.py [--games N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from phones_play import TappedTable, coda_table, play_coda  # noqa: E402

from coda_pi.phones.actions import PhoneIntent, Ticket  # noqa: E402
from coda_pi.phones.bodies import checked  # noqa: E402
from coda_pi.phones.bridge import PhoneBridge  # noqa: E402
from coda_pi.phones.server import _intent  # noqa: E402
from coda_pi.phones.tap_answer import DONE, TapAnswer  # noqa: E402
from coda_pi.phones.taps import do_tap  # noqa: E402

WAYS = ("bare", "judged", "judged+v")


class BareBridge(PhoneBridge):
    """The tap done and answered "done" without looking at what it did."""

    def _tap(self, referee: Any, intent: PhoneIntent) -> TapAnswer:
        with referee.phone_presses():
            do_tap(referee, intent)
        return DONE


class Timed(TappedTable):
    """A table whose taps' time on the loop is counted (the bridge's ``take``), and the
    pages' making after each (``publish``)."""

    versioned = False
    took = 0.0
    paged = 0.0

    def tap(self, seat: int, **body: Any) -> None:
        if self.versioned:
            page = self.bridge.wait_page(seat, -1, 0)
            body = dict(body, v=page[0] if page else 0)
        intent = _intent(seat, checked("/api/tap", json.dumps(body).encode()), Ticket())
        start = time.thread_time()
        self.bridge.take(self.referee, intent)
        self.bridge.settled(self.referee, True)  # answered, as the loop does once settled
        middle = time.thread_time()
        self.bridge.publish(self.referee)
        self.took += middle - start
        self.paged += time.thread_time() - middle
        self.taps += 1

    def _after(self) -> None:  # no page list kept: the bench makes the pages in ``tap``
        self.bridge.publish(self.referee)


def one_game(way: str, seed: int) -> tuple[float, float, int]:
    """CPU per tap on the loop (taking it; making the pages after it), and the taps."""
    plain = coda_table(seed=seed)
    bridge = BareBridge() if way == "bare" else PhoneBridge()
    table = Timed(plain.referee, plain.seats, bridge=bridge)
    table.versioned = way == "judged+v"
    play_coda(table)
    return table.took / table.taps, table.paged / table.taps, table.taps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args()
    took: dict[str, list[float]] = {way: [] for way in WAYS}
    paged: list[float] = []
    taps = 0
    for game in range(args.games):
        for way in WAYS:  # interleaved: each game's seed played the three ways in a row
            per_tap, pages, taps = one_game(way, seed=100 + game)
            took[way].append(per_tap)
            if way == "judged+v":
                paged.append(pages)
    bare = statistics.median(took["bare"])
    print(f"{args.games} two-seat device-pool games by taps ({taps} taps in the last), "
          f"load average {os.getloadavg()[0]:.2f}")
    for way in WAYS:
        median = statistics.median(took[way])
        print(f"  {way:9} {median * 1e6:8.0f} us of loop CPU per tap  x{median / bare:.2f}")
    print(f"  the seats' pages made after each tap: {statistics.median(paged) * 1e6:.0f} us "
          f"per tap (for scale)")
    extra = statistics.median(took["judged+v"]) - bare
    print(f"  judging a tap adds {extra * 1e6:.0f} us, "
          f"{extra / statistics.median(paged):.2f} of the pages' making")


if __name__ == "__main__":
    main()

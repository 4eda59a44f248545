"""The device of tests/test_settle_every_table.py's crash test, in a process of its own that
the test kills: phones on loopback and pods on a stand-in bus, two seats paired, a
device-dealt game dealt, seat 1 to draw, and a card that holds the next record fsync for
ever. It writes where its server is and both seats' secrets to the file named by its second
argument, and every frame of the draw sent to its glass or its pods (and the fsync held)
to the file named by its third, then waits to be killed."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from phones_device import running_device, to_seat_one_s_draw
from settle_tables import Card, Tells, quiet, watch_tables

from coda_pi.pods import start as pods_start
from coda_pi.sim.pod_bus import four_pods


def main(tmp: Path, out: Path, told: Path) -> None:
    with told.open("a", buffering=1) as notes:  # a line at a time: the kill loses none

        def note(what: str) -> None:
            notes.write(what + "\n")
            notes.flush()

        card = Card(on_blocked=lambda: note("fsync held"))
        tells = Tells(card, also=note)
        pods_start.BUS_OPENER = lambda port: four_pods()
        os.fsync = card.fsync
        with running_device(tmp, pool="device", pods=True) as device:
            app = device.app
            ann, ben = to_seat_one_s_draw(device)
            quiet(device)
            watch_tables(app, tells)
            tells.watching = True
            card.hold()
            out.write_text(json.dumps({"port": device.phones.server.port,
                                       "secrets": [ann.secret, ben.secret],
                                       "cafile": str(device.cafile)}))
            while True:
                time.sleep(60)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))

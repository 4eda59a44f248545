"""The device of tests/test_phones_crash.py, in a process of its own that the test kills:
phones on loopback, two seats paired, a device-dealt game dealt, seat 1 to draw, on a slow
SD card. It writes where its server is and seat 1's secret to the file named by its second
argument, then waits to be killed."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from phones_device import running_device, to_seat_one_s_draw


def main(tmp: Path, out: Path) -> None:
    with running_device(tmp, pool="device") as device:
        ann, _ben = to_seat_one_s_draw(device)
        _slow_card()
        out.write_text(json.dumps({"port": device.phones.server.port, "secret": ann.secret,
                                   "cafile": str(device.cafile)}))
        while True:
            time.sleep(60)


def _slow_card() -> None:
    """From here on every record line takes a third of a second to reach the card, as on a
    worn SD card: a tap answered before its line is written would be answered well before
    it is there."""
    from coda_pi.record import RecordWriter

    real = RecordWriter._append

    def append(self: RecordWriter, data: bytes) -> None:
        time.sleep(0.3)
        real(self, data)

    RecordWriter._append = append  # type: ignore[method-assign]


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))

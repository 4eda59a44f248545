"""The device of tests/test_phones_crash.py, in a process of its own that the test kills:
phones on loopback, two seats paired, a device-dealt game dealt, seat 1 to draw, on a slow
SD card. It writes where its server is and seat 1's secret to the file named by its second
argument, then waits to be killed."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from phones_device import pair, running_device

from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import DealView, TurnStep, TurnView


def main(tmp: Path, out: Path) -> None:
    with running_device(tmp, pool="device") as device:
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        device.press(Button.OK)
        device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
        for seat, phone in ((0, ann), (1, ben)):
            phone.tap(kind="key", key="ok")  # any mix: the device deals
            phone.tap(kind="key", key="ok")
            device.until(lambda s=seat: not isinstance(v := device.app.scene.view.screen,
                                                       DealView) or v.seat != s)
        device.until(lambda: isinstance(s := device.app.scene.view.screen, TurnView)
                     and s.step is TurnStep.CHOOSE_COLOR and s.seat == 0)
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

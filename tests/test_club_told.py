"""A device on a club night: the record writer tells the publisher of each line, so an idle
table's publisher sleeps until there is something to send, and every line still reaches the
broker. The broker is a real Mosquitto on a free loopback port."""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from club_parts import Mosquitto, need_mosquitto, wait_until  # noqa: E402

from coda_pi.app import App, DeviceOptions, MonotonicClock, build_app  # noqa: E402
from coda_pi.club.cursor import Cursor  # noqa: E402
from coda_pi.config import ClubConfig, Config  # noqa: E402
from coda_pi.demo import play_until  # noqa: E402
from coda_pi.devices.buzzer import RecordingSounder  # noqa: E402
from coda_pi.record import read_record  # noqa: E402
from coda_pi.referee.shared.setup import SetupDefaults  # noqa: E402
from coda_pi.referee.shared.views import TurnView  # noqa: E402
from coda_pi.sim.coda import AutoPlayer  # noqa: E402


def read_lines(path: Path) -> list[object]:
    return list(read_record(path).lines)

pytestmark = need_mosquitto


@pytest.fixture
def club_device(tmp_path: Path) -> Iterator[App]:
    broker = Mosquitto(tmp_path).start()
    data = tmp_path / "data"
    data.mkdir()
    config = Config(data_dir=data, club=ClubConfig("127.0.0.1", broker.port, "cafe", 1))
    options = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                            gpio=False, sound=False,
                            setup=SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"),
                                                players=2, first_seconds=600,
                                                extra_seconds=60))
    app = build_app(options, clock=MonotonicClock(), rng=random.Random(1),
                    sounder=RecordingSounder(), explain=lambda text: None)
    try:
        yield app
    finally:
        app.close()
        pygame.quit()
        broker.stop()


def publisher_thread() -> threading.Thread:
    return next(t for t in threading.enumerate() if t.name == "club-publisher")


def sleeps_ended(thread: threading.Thread) -> int:
    status = Path(f"/proc/self/task/{thread.native_id}/status").read_text()
    line = next(x for x in status.splitlines() if x.startswith("voluntary_ctxt_switches:"))
    return int(line.split()[1])


def test_an_idle_table_s_publisher_sleeps_and_every_line_still_reaches_the_club(club_device):
    app = club_device
    play_until(app, AutoPlayer(random.Random(2)),
               lambda v: isinstance(v.screen, TurnView))
    assert app.records is not None and app.records.paths
    record = app.records.paths[0]
    lines = len(read_lines(record))
    data = record.parent

    def all_sent() -> bool:
        return Cursor.load(data).get(record.stem).events >= lines

    wait_until(all_sent, 10, "the broker to acknowledge every line written")
    # Nothing happens at the table now: the publisher has nothing to look at. (It looked at
    # the record files ten times a second.)
    thread = publisher_thread()
    time.sleep(0.3)  # the last acknowledgements and the cursor's save settle
    before = sleeps_ended(thread)
    time.sleep(1.5)
    assert sleeps_ended(thread) - before <= 1
    # A press that writes a line is published at once, without a poll to wait for.
    play_until(app, AutoPlayer(random.Random(3)),
               lambda v: len(read_lines(record)) > lines)
    lines = len(read_lines(record))
    wait_until(all_sent, 5, "the new line to be acknowledged")

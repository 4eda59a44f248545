"""A device on a club night: the record writer tells the publisher of each line, so an idle
table's publisher sleeps until there is something to send, and every line still reaches the
broker. The broker is a real Mosquitto on a free loopback port."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import paho.mqtt.client as mqtt  # noqa: E402
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
def club_device(tmp_path: Path) -> Iterator[tuple[App, Mosquitto]]:
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
        yield app, broker
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


def wait_kept(port: int, check: Callable[[dict[str, bytes]], bool], what: str) -> None:
    """Until the messages the broker keeps for table 1 (as a club's page reads them, the
    topic's last leaf for key) pass ``check``."""
    kept: dict[str, bytes] = {}
    reader = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                         client_id="reader")
    reader.on_message = lambda c, u, m: kept.__setitem__(m.topic.rsplit("/", 1)[1], m.payload)
    reader.connect("127.0.0.1", port)
    reader.subscribe("coda/cafe/table/1/+", qos=1)
    reader.loop_start()
    try:
        wait_until(lambda: check(dict(kept)), 10, what)
    finally:
        reader.disconnect()
        reader.loop_stop()


def asleep(thread: threading.Thread, quiet: float = 0.3, timeout: float = 10.0) -> None:
    """Returns once ``thread`` has not woken for ``quiet`` seconds: a thread that looks at
    something more often than that (the publisher polled ten times a second) never does."""
    deadline = time.monotonic() + timeout
    seen, since = sleeps_ended(thread), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = sleeps_ended(thread)
        if now != seen:
            seen, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
    raise AssertionError(f"the {thread.name} thread never slept {quiet} s in {timeout} s")


def test_an_idle_table_s_publisher_sleeps_and_every_line_still_reaches_the_club(club_device):
    app, broker = club_device
    play_until(app, AutoPlayer(random.Random(2)),
               lambda v: isinstance(v.screen, TurnView))
    assert app.records is not None and app.records.paths
    record = app.records.paths[0]
    lines = len(read_lines(record))
    data = record.parent

    def all_sent() -> bool:
        return Cursor.load(data).get(record.stem).events >= lines

    wait_until(all_sent, 10, "the broker to acknowledge every line written")
    # The state and the game list go after the lines: their acknowledgements wake the
    # publisher too, later than the lines' on a loaded machine. Once the broker holds them
    # it has acknowledged them; once the publisher then sleeps it has taken the last.
    wait_kept(broker.port, lambda kept: "games" in kept and "state" in kept
              and json.loads(kept["state"])["seq"] == lines,
              "the broker to keep the game list and the last line's state")
    # Nothing happens at the table now: the publisher has nothing to look at. (It looked at
    # the record files ten times a second.)
    thread = publisher_thread()
    asleep(thread)
    before = sleeps_ended(thread)
    time.sleep(1.5)
    assert sleeps_ended(thread) - before <= 1
    # A press that writes a line is published at once, without a poll to wait for.
    play_until(app, AutoPlayer(random.Random(3)),
               lambda v: len(read_lines(record)) > lines)
    lines = len(read_lines(record))
    wait_until(all_sent, 5, "the new line to be acknowledged")

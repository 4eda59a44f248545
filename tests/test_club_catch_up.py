"""A broker restart mid-game, with a real Mosquitto on a loopback port: what the broker held
for the hub is lost (it keeps nothing on disk), the hub asks for the gap, and the table's
publisher, which rode through the restart, sends it again, so the hub ends with every line.

The loss is made certain rather than left to chance: the hub's network thread is held while
the table publishes, so the broker has the table's lines acknowledged and still queued for
the hub when it stops."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from club_parts import Mosquitto, RecordedTable, demo_lines, need_mosquitto, wait_until
from test_club_broker import expected_points, hub_has_everything, hub_points

from coda_pi.club.broker import write_setup
from coda_pi.club.hub import Hub
from coda_pi.club.hub_mqtt import HubLink
from coda_pi.club.publisher import Publisher
from coda_pi.config import ClubConfig

pytestmark = need_mosquitto


class HeldHub:
    """The hub's link with a hand on its network thread: while held, the first message to
    arrive waits in the callback, and the broker queues the rest for the hub. While deaf,
    the hub takes no message at all (as if the broker had lost them all)."""

    def __init__(self, hub: Hub, port: int) -> None:
        self.link = HubLink(hub, "cafe", "127.0.0.1", port)
        self._open = threading.Event()
        self._open.set()
        self.waited = threading.Event()  # a message is waiting in the held callback
        self.deaf = False
        taken = self.link.client.on_message

        def on_message(client: Any, userdata: Any, msg: Any) -> None:
            if not self._open.is_set():
                self.waited.set()
                self._open.wait(60)
            if not self.deaf:
                taken(client, userdata, msg)

        self.link.client.on_message = on_message
        self.asked: list[dict[str, Any]] = []  # the resend requests the hub published
        ask = self.link._ask

        def asking(asks: list[tuple[int, dict[str, Any]]]) -> None:
            self.asked.extend(a for _, a in asks)
            ask(asks)

        self.link._ask = asking  # type: ignore[method-assign]

    def hold(self) -> None:
        self.waited.clear()
        self._open.clear()

    def release(self) -> None:
        self._open.set()


def _lines_to_round_end(lines: list[dict[str, Any]], rounds: int) -> int:
    """How many lines a table has written once its ``rounds``-th round has ended."""
    from coda_pi.club.follow import FollowedRecord

    record = FollowedRecord(Path("unused"))
    ends = []
    for obj in lines:
        before = record.released
        record.take(obj)
        if record.released != before and len(record.lines) > 1:
            ends.append(len(record.lines))
    return ends[rounds - 1]


def test_a_publisher_that_rode_through_a_broker_restart_fills_the_hubs_gap(tmp_path):
    broker = Mosquitto(tmp_path).start()
    hub = Hub(tmp_path / "hub", event="night")
    held = HeldHub(hub, broker.port)
    held.link.start()
    data = tmp_path / "table1"
    data.mkdir()
    lines = demo_lines(1, 3, rounds=2)
    table = RecordedTable(data, lines, ["Ann", "Ben", "Cy"])
    # The device's own publisher: told of each line by the record writer, no polling.
    pub = Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", 1), data, poll=None).start()
    try:
        assert held.link.connected.wait(10)
        table.write(10)
        pub.tell()
        wait_until(lambda: sum(g.events for g in hub.games.values()) >= 10, 15,
                   "the first lines at the hub")

        # The hub stops reading; the table plays past the end of the first round, and the
        # broker acknowledges every line while it still holds most of them for the hub.
        held.hold()
        table.write(_lines_to_round_end(table.lines, 1) + 15 - table.written)
        pub.tell()
        assert pub.wait_idle(15), "the broker acknowledged the table's lines"
        assert held.waited.wait(10), "the hub was sent a message while held"
        broker.stop()  # what it held for the hub is gone with it
        held.release()
        broker.start()

        # The game goes on to its end through the same publisher, which reconnected.
        wait_until(held.link.connected.is_set, 15, "the hub back on the broker")
        table.write()
        pub.tell()
        assert pub.wait_idle(15)
        wait_until(lambda: hub_has_everything(hub, {1: table.path}), 30,
                   "every line at the hub, the lost ones asked for and sent again")
        assert held.asked, "the hub missed lines and asked for them"
        assert hub_points(hub) == expected_points([table.path])
    finally:
        held.release()
        pub.close(flush=0.5)
        held.link.close()
        hub.close()
        broker.stop()


def test_a_finished_game_the_broker_lost_whole_reaches_the_hub_from_a_fresh_publisher(
        tmp_path):
    """The device delivered its whole game to the broker (every line acknowledged, the
    cursor says done) and the broker restarted before the hub took any of it: the hub has
    never heard of the game, so it cannot ask. The table's next publisher says what its
    game is at once, the hub asks, and the game arrives."""
    broker = Mosquitto(tmp_path).start()
    hub = Hub(tmp_path / "hub", event="night")
    held = HeldHub(hub, broker.port)
    held.link.start()
    data = tmp_path / "table1"
    data.mkdir()
    table = RecordedTable(data, demo_lines(2, 3), ["Ann", "Ben", "Cy"])
    club = ClubConfig("127.0.0.1", broker.port, "cafe", 1)
    device = Publisher(club, data, poll=None).start()
    later = None
    try:
        assert held.link.connected.wait(10)
        # The publisher's first look comes before the game: a record already finished at a
        # club's very first look is an old game, never sent (and on tmpfs a game can be
        # written whole before a slow thread first looks).
        assert device.wait_idle(15)
        held.deaf = True
        table.write()
        device.tell()
        assert device.wait_idle(15)
        sent = device.cursor.get(table.path.stem)
        assert (sent.events, sent.done) == (len(table.lines), True), \
            "the broker acknowledged the whole game"
        device.close(flush=0.5)
        broker.stop()  # and with it every line it held for the hub
        broker.start()
        wait_until(held.link.connected.is_set, 15, "the hub back on the broker")
        held.deaf = False
        assert hub.games == {}, "the hub knows nothing of the game"

        later = Publisher(club, data).start()  # the device's next start
        wait_until(lambda: hub_has_everything(hub, {1: table.path}), 30,
                   "the whole game at the hub")
        assert hub_points(hub) == expected_points([table.path])
    finally:
        if later is not None:
            later.close(flush=0.5)
        device.close(flush=0.1)
        held.link.close()
        hub.close()
        broker.stop()


def _set_up_broker(conf_text: str, broker: Mosquitto) -> None:
    conf = conf_text.replace("listener 1883 127.0.0.1", f"listener {broker.port} 127.0.0.1")
    # As root, mosquitto would read the files as user mosquitto, who cannot enter pytest's
    # private temporary directory; the installed set-up lives in /etc/mosquitto instead.
    broker.conf.write_text(conf + ("user root\n" if os.getuid() == 0 else ""))


def test_the_broker_as_set_up_keeps_what_the_hub_has_not_taken_across_a_restart(tmp_path):
    """The hub is away (its session kept by the broker) while a table publishes; the broker
    restarts; nobody is left to answer a resend. What the broker acknowledged is still
    delivered, from the database `club broker-setup` now has it keep."""
    setup = write_setup(tmp_path / "broker", "cafe", 1, bind="127.0.0.1")
    broker = Mosquitto(tmp_path)
    _set_up_broker(setup.conf.read_text(), broker)
    broker.start()
    hub = Hub(tmp_path / "hub", event="night")
    data = tmp_path / "table1"
    data.mkdir()
    table = RecordedTable(data, demo_lines(2, 3), ["Ann", "Ben", "Cy"])
    club = ClubConfig("127.0.0.1", broker.port, "cafe", 1, username="table1",
                      password=setup.passwords["table1"])

    def link() -> HubLink:
        return HubLink(hub, "cafe", "127.0.0.1", broker.port,
                       password=setup.passwords["hub"]).start()

    first = link()
    again = None
    try:
        assert first.connected.wait(10)
        first.close()  # the hub is away; the broker keeps its session and queues for it
        pub = Publisher(club, data, poll=None).start()
        assert pub.wait_idle(15)  # its first look: a game finished before it is an old one
        table.write()
        pub.tell()
        assert pub.wait_idle(15), "the broker acknowledged the whole game"
        pub.close(flush=0.5)  # and the table is gone: no resend can come from it
        broker.stop()
        broker.start()
        again = link()
        wait_until(lambda: hub_has_everything(hub, {1: table.path}), 20,
                   "the game the broker kept for the hub")
    finally:
        if again is not None:
            again.close()
        hub.close()
        broker.stop()


def test_the_snippet_for_debians_broker_leaves_the_database_to_its_main_file(tmp_path):
    """Debian's mosquitto.conf already keeps a database (persistence_location); a second
    location in conf.d would stop the broker at its start."""
    setup = write_setup(tmp_path / "broker", "cafe", 1, bind="127.0.0.1")
    assert "persistence true" in setup.conf.read_text()
    conf_d = tmp_path / "conf.d"
    conf_d.mkdir()
    broker = Mosquitto(tmp_path)
    (conf_d / "coda-pi.conf").write_text(setup.snippet.replace(
        "listener 1883 127.0.0.1", f"listener {broker.port} 127.0.0.1"))
    broker.conf.write_text(
        f"persistence true\npersistence_location {tmp_path}/\ninclude_dir {conf_d}\n"
        + ("user root\n" if os.getuid() == 0 else ""))
    broker.start()  # fails when mosquitto exits on its configuration
    broker.stop()

"""The club's broker set-up against real intruders on a real Mosquitto (issue 22, items 6,
10 and 11): nobody takes over the hub's or a table's session by its client id, a packet
larger than any coda-pi message is refused at the broker, and a table asked to resend a
game by a name that climbs out of its data directory sends nothing."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from club_parts import Mosquitto, RecordedTable, demo_lines, need_mosquitto, wait_until

from coda_pi.club.broker import MAX_PACKET_BYTES, BrokerSetup, write_setup
from coda_pi.club.hub import Hub
from coda_pi.club.hub_mqtt import HubLink
from coda_pi.club.messages import MAX_LISTED
from coda_pi.club.publisher import Publisher
from coda_pi.config import ClubConfig

pytestmark = need_mosquitto
RETRY = 0.25  # seconds between a watched client's attempts to connect again
WATCH = 1.0  # seconds the tests watch for a kick: four attempts of each intruder


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[Mosquitto, BrokerSetup]]:
    """A broker run with exactly the configuration `coda-pi club broker-setup` writes."""
    setup = write_setup(tmp_path / "broker", "cafe", 2, bind="127.0.0.1")
    broker = Mosquitto(tmp_path)
    conf = setup.conf.read_text().replace("listener 1883 127.0.0.1",
                                          f"listener {broker.port} 127.0.0.1")
    # As root, mosquitto reads its files as user mosquitto, who cannot enter pytest's
    # private directory; the installed set-up lives in /etc/mosquitto instead.
    broker.conf.write_text(conf + "persistence false\n"
                           + ("user root\n" if os.getuid() == 0 else ""))
    broker.start()
    try:
        yield broker, setup
    finally:
        broker.stop()


class Watched:
    """A paho client that notes every connect and disconnect it sees."""

    def __init__(self, client_id: str, user: str | None = None, password: str = "") -> None:
        self.client = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                                  client_id=client_id)
        if user:
            self.client.username_pw_set(user, password)
        self.seen: list[str] = []
        self.messages: list[tuple[str, bytes]] = []
        self.connected = threading.Event()
        # Tried again every quarter second: a kicked or kicking client shows within the
        # window the tests watch (WATCH), several attempts over.
        self.client.reconnect_delay_set(RETRY, RETRY)  # type: ignore[arg-type]

        def on_connect(c: Any, u: Any, f: Any, rc: Any, p: Any) -> None:
            self.seen.append("refused" if rc.is_failure else "connected")
            if not rc.is_failure:
                self.connected.set()

        def on_disconnect(c: Any, u: Any, f: Any, rc: Any, p: Any) -> None:
            self.seen.append("disconnected")
            self.connected.clear()

        self.subscribed = threading.Event()  # the broker acknowledged the last subscription

        self.client.on_connect = on_connect
        self.client.on_disconnect = on_disconnect
        self.client.on_subscribe = lambda c, u, mid, codes, p: self.subscribed.set()
        self.client.on_message = lambda c, u, m: self.messages.append((m.topic, m.payload))

    def listen(self, topic: str) -> None:
        """Subscribes, and returns once the broker listens for this client: what is
        published after that reaches it."""
        self.subscribed.clear()
        self.client.subscribe(topic, qos=1)
        assert self.subscribed.wait(10), f"the broker to grant {topic}"

    def start(self, port: int) -> Watched:
        self.client.connect_async("127.0.0.1", port)
        self.client.loop_start()
        return self

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.mark.parametrize("intruder_user", [None, "table1"])
def test_an_intruder_with_the_hubs_or_a_tables_client_id_takes_over_nothing(club,
                                                                            intruder_user):
    broker, setup = club
    hub = Watched("coda-hub-cafe", "hub", setup.passwords["hub"]).start(broker.port)
    table = Watched("coda-cafe-table-2", "table2", setup.passwords["table2"]).start(broker.port)
    intruders: list[Watched] = []
    try:
        assert hub.connected.wait(10) and table.connected.wait(10)
        password = setup.passwords[intruder_user] if intruder_user else ""
        for client_id in ("coda-hub-cafe", "coda-cafe-table-2", "hub", "table2"):
            intruders.append(Watched(client_id, intruder_user, password).start(broker.port))
        wait_until(lambda: all(i.seen for i in intruders), 10, "every intruder's answer")
        time.sleep(WATCH)  # an intruder that got in reconnects every RETRY: kicks would show
        assert hub.seen == ["connected"] and table.seen == ["connected"]
        if intruder_user is None:
            assert all("connected" not in i.seen for i in intruders)
    finally:
        for c in (hub, table, *intruders):
            c.stop()


def test_the_hub_stays_on_while_an_anonymous_intruder_uses_its_client_id(club, tmp_path):
    broker, setup = club
    hub = Hub(tmp_path / "hub", event="night")
    link = HubLink(hub, "cafe", "127.0.0.1", broker.port, password=setup.passwords["hub"])
    drops: list[float] = []
    link.start()
    try:
        assert link.connected.wait(10)
        before = link.client.on_disconnect
        link.client.on_disconnect = lambda *a: (drops.append(time.monotonic()), before(*a))
        intruder = Watched("coda-hub-cafe").start(broker.port)
        wait_until(lambda: intruder.seen, 10, "the intruder's answer")
        time.sleep(WATCH)
        intruder.stop()
        assert drops == [] and link.connected.is_set()
    finally:
        link.close()
        hub.close()


def test_a_packet_larger_than_any_message_never_reaches_the_hub(club):
    broker, setup = club
    hub = Watched("coda-hub-cafe", "hub", setup.passwords["hub"]).start(broker.port)
    table = Watched("coda-cafe-table-1", "table1", setup.passwords["table1"]).start(broker.port)
    try:
        assert hub.connected.wait(10) and table.connected.wait(10)
        hub.listen("coda/cafe/#")
        # QoS 0: a QoS 1 one would go again at every reconnect (and be refused again).
        table.client.publish("coda/cafe/table/1/events", b"x" * (MAX_PACKET_BYTES + 1), qos=0)
        wait_until(lambda: "disconnected" in table.seen, 10, "the broker to drop the sender")
        wait_until(table.connected.is_set, 10, "the table back")
        table.client.publish("coda/cafe/table/1/events", b"small", qos=1).wait_for_publish(5)
        wait_until(lambda: hub.messages, 10, "the small message")
        assert [len(p) for _, p in hub.messages] == [5]
    finally:
        hub.stop()
        table.stop()


def test_a_resend_request_for_a_game_outside_the_data_directory_sends_nothing(tmp_path):
    broker = Mosquitto(tmp_path).start()
    data = tmp_path / "table1"
    data.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = RecordedTable(outside, demo_lines(2, 2), ["Secret", "Victim"], name="victim")
    victim.write()
    victim.close()
    own = RecordedTable(data, demo_lines(1, 2), ["Ann", "Ben"])
    own.write(5)
    listener = Watched("listener").start(broker.port)
    pub = Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", 1), data).start()
    try:
        assert listener.connected.wait(10)
        listener.listen("coda/cafe/table/1/#")
        assert pub.wait_idle(10)
        time.sleep(0.3)

        def firsts() -> int:
            lines = [json.loads(p) for t, p in listener.messages if t.endswith("/events")]
            return sum(1 for m in lines if m.get("seq") == 1)
        before = firsts()
        for name in ("../outside/victim", "x/../../outside/victim", str(outside / "victim")):
            listener.client.publish("coda/cafe/table/1/resend",
                                    json.dumps({"game": name, "events": 1, "record": 1}),
                                    qos=1).wait_for_publish(5)
        # A request for the table's own game is answered: the table is listening.
        listener.client.publish("coda/cafe/table/1/resend",
                                json.dumps({"game": own.path.stem, "events": 1}),
                                qos=1).wait_for_publish(5)
        wait_until(lambda: firsts() > before, 10, "the own game's first line again")
        time.sleep(1.0)
        sent = b" ".join(p for t, p in listener.messages if not t.endswith("/resend"))
        assert b"Secret" not in sent and b"victim" not in sent
        # Nor is a file outside the data directory even opened to be followed.
        assert [r.path for r in pub.records.values()] == [own.path]
    finally:
        pub.close(flush=0.5)
        listener.stop()
        broker.stop()


def test_a_table_cannot_make_the_broker_keep_hundreds_of_retained_messages(club):
    """Issue 30, item 7: with `table/N/#` in its ACL a table kept 400 retained messages of
    200 kB (the broker went from 11 to 88 MB). Its ACL now names the topics it needs, so
    whatever it sends, the broker keeps at most one message on each (its night's game list
    included), each under the broker's packet limit."""
    broker, setup = club
    table = Watched("coda-cafe-table-1", "table1", setup.passwords["table1"]).start(broker.port)
    kept: list[tuple[str, int]] = []
    reader = Watched("coda-hub-cafe", "hub", setup.passwords["hub"])
    reader.client.on_message = lambda c, u, m: kept.append((m.topic, len(m.payload))) \
        if m.retain else None
    try:
        assert table.connected.wait(10)
        root = "coda/cafe/table/1"
        floods = [f"{root}/junk{i}" for i in range(150)] + \
            [f"{root}/state/{i}" for i in range(50)] + [f"{root}/events/x", f"{root}/resend",
                                                         "coda/cafe/seating", "coda/cafe/x",
                                                         "coda/cafe/table/2/state"]
        leaves = ("events", "record", "state", "status", "games")
        floods += [f"{root}/{leaf}" for leaf in leaves] * 5
        floods += [f"{root}/games/{i}" for i in range(50)]
        for topic in floods:
            table.client.publish(topic, b"x" * 2000, qos=1, retain=True)
        table.client.publish(f"{root}/status", b"online", qos=1,
                             retain=True).wait_for_publish(10)
        reader.start(broker.port)
        assert reader.connected.wait(10)
        reader.client.subscribe("coda/cafe/#", qos=1)
        wait_until(lambda: any(t.endswith("/status") for t, _ in kept), 10,
                   "the table's retained status")
        time.sleep(0.5)  # every retained message comes at once, on the subscription
        topics_kept = sorted(t for t, _ in kept)
        assert len(topics_kept) <= len(leaves), topics_kept
        assert set(topics_kept) <= {f"{root}/{leaf}" for leaf in leaves}
        assert all(size <= MAX_PACKET_BYTES for _, size in kept)
    finally:
        table.stop()
        reader.stop()


def test_the_hub_clears_what_a_table_leaves_retained_beyond_its_state_and_status(club,
                                                                                  tmp_path):
    """Issue 30, item 7: of its five topics a table needs only the state, the status and its
    night's game list retained, and those only as the hub takes them. The hub clears
    anything else a table leaves retained (on events or record, or a state, status or list
    it refuses: one longer than a night's, say), whether it was there before the hub came
    or sent while it listens."""
    broker, setup = club
    root = "coda/cafe/table/1"
    state = {"players": ["Ann", "Ben"], "rows": [], "out": [False, False], "totals": [0, 0],
             "turn": None, "round": 0, "rounds": 1, "finished": False}
    good_state = json.dumps({"game": "coda-2026-11-23T20-00-00", "seq": 1, "state": state})
    good_list = json.dumps({"games": [{"game": "coda-2026-11-23T20-00-00", "seq": 1,
                                       "released": 1}]})
    too_long = json.dumps({"games": [{"game": f"coda-{i}", "seq": 1, "released": 1}
                                     for i in range(MAX_LISTED + 1)]})
    table = Watched("coda-cafe-table-1", "table1", setup.passwords["table1"]).start(broker.port)
    hub = Hub(tmp_path / "hub", event="night")
    link: HubLink | None = None
    try:
        assert table.connected.wait(10)

        def junk(tag: str) -> None:
            for leaf in ("events", "record"):
                table.client.publish(f"{root}/{leaf}", f"junk {tag} {leaf}" * 1000, qos=1,
                                     retain=True)
            table.client.publish(f"{root}/games", too_long, qos=1, retain=True)
            table.client.publish(f"{root}/status", "online", qos=1, retain=True)
            table.client.publish(f"{root}/state", b"x" * 100_000, qos=1,
                                 retain=True).wait_for_publish(10)
        junk("before the hub")
        link = HubLink(hub, "cafe", "127.0.0.1", broker.port, password=setup.passwords["hub"])
        clears = _clears_sent(link)
        link.start()
        assert link.connected.wait(10)
        wait_until(lambda: hub.status.get(1) == "online", 10, "the hub to read the table")
        junk("while the hub listens")
        # Once the hub shows the status sent after the junk, it has taken the junk and sent
        # its clears (one client's messages arrive in order; it clears a message before it
        # takes the next). Sent is not yet landed: a clear the broker took after the good
        # state below would wipe that too, as it would from a table that sends junk, so the
        # good state goes once the broker has acknowledged every clear.
        table.client.publish(f"{root}/status", "offline", qos=1, retain=True)
        wait_until(lambda: hub.status.get(1) == "offline", 10, "the hub to take the junk")
        assert len(clears) == 8  # the four junk topics, before the hub and while it listens
        wait_until(lambda: all(c.is_published() for c in clears), 10,
                   "the broker to acknowledge the hub's clears")
        table.client.publish(f"{root}/status", "online", qos=1, retain=True)
        table.client.publish(f"{root}/games", good_list, qos=1, retain=True)
        table.client.publish(f"{root}/state", good_state, qos=1,
                             retain=True).wait_for_publish(10)
        # A clear of these (the hub refusing a good message) would be sent before the hub
        # takes the state, so before the disconnect below: the broker takes it first.
        wait_until(lambda: hub.table_view(1)["seq"] == 1, 10, "the hub to take the state")
    finally:
        if link is not None:
            link.close()  # the reader below logs in as the hub
        hub.close()
    kept: dict[str, bytes] = {}
    reader = Watched("coda-hub-cafe", "hub", setup.passwords["hub"])
    reader.client.on_message = lambda c, u, m: kept.__setitem__(m.topic, m.payload) \
        if m.retain else None
    try:
        reader.start(broker.port)
        assert reader.connected.wait(10)
        reader.client.subscribe(f"{root}/#", qos=1)
        want = {f"{root}/status": b"online", f"{root}/state": good_state.encode(),
                f"{root}/games": good_list.encode()}
        # The retained messages come at once, in no set order: all three, then nothing
        # more (anything else the broker kept would have come in the same burst).
        wait_until(lambda: kept == want, 10, "exactly the good three retained")
        time.sleep(0.3)
        assert kept == want
    finally:
        reader.stop()
        table.stop()


def _clears_sent(link: HubLink) -> list[mqtt.MQTTMessageInfo]:
    """The clears (empty retained messages) the hub will publish, as paho hands them back:
    each says when the broker has acknowledged it."""
    sent: list[mqtt.MQTTMessageInfo] = []
    publish = link.client.publish

    def noted(topic: str, payload: Any = None, *args: Any, **kwargs: Any) -> Any:
        info = publish(topic, payload, *args, **kwargs)
        if payload == b"":
            sent.append(info)
        return info

    link.client.publish = noted  # type: ignore[method-assign]
    return sent

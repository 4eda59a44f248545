"""The hub's link to the broker: every table's topics in, resend requests and seating out.

The hub speaks MQTT 5 so that it sees which messages a table sent retained (the
subscription's retain-as-published): of a table's five topics only the state, the status and
the game list are kept retained, and only as the hub takes them. Anything else a table
leaves retained (on events or record, or a state, status or list the hub refuses) the hub
clears at once, so the broker holds no more of a table than those three messages, each no
larger than its topic's schema allows (issue 30, item 7)."""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

from coda_pi.club import topics
from coda_pi.club.hub import Hub
from coda_pi.club.messages import Refused, decode

log = logging.getLogger(__name__)
# The only topics of a table the broker keeps a message of: what the page shows, and the
# night's game list, which a hub that starts (or comes back) reads to ask for what it lacks.
RETAINED = ("state", "status", "games")


class HubLink:
    def __init__(
        self, hub: Hub, club: str, host: str, port: int, *, username: str = "hub",
        password: str = "",
    ) -> None:
        from coda_pi.club.mqtt import failed, make_client

        self.hub = hub
        self.club = club
        self.host, self.port = host, port
        self.connected = threading.Event()
        self.refused: str | None = None
        self._stop = threading.Event()
        self._timer: threading.Thread | None = None
        self._subscribing: int | None = None  # the message id of the subscription asked for
        # MQTT 5: the hub sees which messages were sent retained (the module's note).
        self.client = make_client(f"coda-hub-{club}", username=username, password=password,
                                  v5=True)

        def on_connect(client: Any, userdata: Any, flags: Any, rc: Any, props: Any) -> None:
            if failed(rc):
                self.refused = str(rc)
                log.warning("the broker refused the hub: %s", rc)
                return
            self.refused = None
            # Subscribed again each time: a restarted broker may have forgotten the session.
            from paho.mqtt.subscribeoptions import SubscribeOptions

            _, self._subscribing = client.subscribe(
                f"{topics.ROOT}/{club}/table/+/+",
                options=SubscribeOptions(qos=1, retainAsPublished=True))

        def on_subscribe(client: Any, userdata: Any, mid: int, codes: Any, props: Any) -> None:
            # Connected means listening: only once the broker granted the subscription.
            # Set at CONNACK, a table that published at once (a broker just restarted and
            # the session forgotten) was acknowledged by the broker and heard by nobody.
            if mid == self._subscribing and not any(failed(code) for code in codes):
                self.connected.set()

        def on_disconnect(client: Any, userdata: Any, flags: Any, rc: Any, props: Any) -> None:
            self.connected.clear()

        def on_message(client: Any, userdata: Any, msg: Any) -> None:
            where = topics.table_of(msg.topic)
            if where is None or not msg.payload:
                return  # an empty message clears a retained one: nothing to take
            if msg.retain and not _keeps(where[1], msg.payload):
                log.warning("table %d: retained %s cleared", where[0], where[1][:20])
                client.publish(msg.topic, b"", qos=1, retain=True)
            if where[1] == "resend":
                return
            try:
                asks = hub.on_message(where[0], where[1], msg.payload)
            except Exception:  # one bad message must not stop the hub
                log.exception("message on %s", msg.topic)
                return
            self._ask(asks)

        self.client.on_connect = on_connect
        self.client.on_subscribe = on_subscribe
        self.client.on_disconnect = on_disconnect
        self.client.on_message = on_message

    def _ask(self, asks: list[tuple[int, dict]]) -> None:
        for table, ask in asks:
            self.client.publish(topics.resend(self.club, table), json.dumps(ask), qos=1)

    def publish_seating(self) -> None:
        snap = self.hub.snapshot()
        self.client.publish(topics.seating(self.club),
                            json.dumps({"round": snap["round"], "seating": snap["seating"]}),
                            qos=1, retain=True)

    def start(self) -> HubLink:
        from coda_pi.club.mqtt import v5_connect

        # Ready before subscribing: messages queued for the hub (all the tables' lines
        # after a restart) are then taken at full speed from the first.
        self.hub.warm_up()
        # A session the broker keeps while the hub is away: QoS 1 messages wait for it.
        v5_connect(self.client, self.host, self.port, keepalive=15, clean=False)
        self.client.loop_start()
        self._timer = threading.Thread(target=self._gaps, name="hub-gaps", daemon=True)
        self._timer.start()
        return self

    def _gaps(self) -> None:
        while not self._stop.wait(0.5):
            if self.connected.is_set():
                self._ask(self.hub.pending_asks())

    def close(self) -> None:
        self._stop.set()
        if self._timer is not None:
            self._timer.join(timeout=2)
        self.client.disconnect()
        self.client.loop_stop()


def _keeps(leaf: str, payload: bytes) -> bool:
    """Whether a retained message is one the broker may keep: a state or status the hub
    takes (checked as the hub checks it, without its log line)."""
    if leaf not in RETAINED:
        return False
    try:
        decode(leaf, payload)
    except Refused:
        return False
    return True

"""One place that makes paho-mqtt clients (its 2.x callback API), for tables and the hub."""

from __future__ import annotations

from typing import Any

import paho.mqtt.client as mqtt

RETRY_FIRST = 0.25  # seconds before a lost or absent broker is first tried again
RETRY_MOST = 2.0  # the longest wait between two attempts


def make_client(
    client_id: str,
    *,
    username: str = "",
    password: str = "",
    clean: bool = True,
    v5: bool = False,
) -> mqtt.Client:
    """A client of MQTT 3.1.1, or of MQTT 5 with ``v5`` (the hub's: it sees which messages
    were sent retained). A v5 client's ``clean`` is given to ``connect`` (``v5_connect``)."""
    if v5:
        client = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                             client_id=client_id, protocol=mqtt.MQTTv5)
    else:
        client = mqtt.Client(
            callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
            client_id=client_id,
            clean_session=clean,
            protocol=mqtt.MQTTv311,
        )
    if username:
        client.username_pw_set(username, password or None)
    # A broker that went away is tried again after a quarter of a second, then half, one,
    # and every two seconds from there (paho doubles the delay, and starts again from the
    # first after a connection): a restarted broker is back in a moment and the standings
    # wait on the tables that are catching up, while a club's small network never sees more
    # than one attempt in two seconds for long. paho's hints say int; it only does
    # arithmetic with them.
    client.reconnect_delay_set(min_delay=RETRY_FIRST, max_delay=RETRY_MOST)  # type: ignore[arg-type]
    return client


SESSION_KEPT = 7 * 24 * 3600  # seconds the broker keeps a v5 client's session while it is away


def v5_connect(client: mqtt.Client, host: str, port: int, *, keepalive: int,
               clean: bool) -> None:
    """``connect_async`` for a v5 client: without ``clean``, a session the broker keeps
    (and its QoS 1 messages) while the client is away, as MQTT 3.1.1's clean_session=False."""
    from paho.mqtt.packettypes import PacketTypes
    from paho.mqtt.properties import Properties

    props = Properties(PacketTypes.CONNECT)
    if not clean:
        props.SessionExpiryInterval = SESSION_KEPT
    client.connect_async(host, port, keepalive=keepalive, clean_start=clean,
                         properties=props)


def failed(reason_code: Any) -> bool:
    """paho 2.x gives ReasonCode objects (``is_failure``); older paths give ints."""
    is_failure = getattr(reason_code, "is_failure", None)
    if is_failure is not None:
        return bool(is_failure)
    return bool(reason_code)

"""One place that makes paho-mqtt clients (its 2.x callback API), for tables and the hub."""

from __future__ import annotations

from typing import Any

import paho.mqtt.client as mqtt


def make_client(
    client_id: str,
    *,
    username: str = "",
    password: str = "",
    clean: bool = True,
) -> mqtt.Client:
    client = mqtt.Client(
        callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
        client_id=client_id,
        clean_session=clean,
        protocol=mqtt.MQTTv311,
    )
    if username:
        client.username_pw_set(username, password or None)
    # A broker that went away is tried again every second or two: a club's network is
    # small, and the standings wait on the tables that are catching up.
    client.reconnect_delay_set(min_delay=1, max_delay=2)
    return client


def failed(reason_code: Any) -> bool:
    """paho 2.x gives ReasonCode objects (``is_failure``); older paths give ints."""
    is_failure = getattr(reason_code, "is_failure", None)
    if is_failure is not None:
        return bool(is_failure)
    return bool(reason_code)

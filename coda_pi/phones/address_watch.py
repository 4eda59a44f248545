"""Waking the loop when the device's addresses change, so the phones' code follows them.

The addresses are read each time the phones' card is built (coda_pi/phones/addresses.py),
but an idle device builds nothing: on the setup screen it sleeps until a press. The kernel
says when an IPv4 address comes or goes (rtnetlink's ``RTMGRP_IPV4_IFADDR`` group), and this
thread, asleep on that socket, wakes the loop then and only then: the access point that
NetworkManager brings up after the device started is on the screen seconds later, and a
quiet network costs no wake-up at all.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import socket
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

RTMGRP_IPV4_IFADDR = 0x10  # <linux/rtnetlink.h>: IPv4 addresses added or removed


class AddressWatch:
    """Calls ``wake`` (from its own thread) whenever an IPv4 address is added or removed."""

    def __init__(self, wake: Callable[[], None]) -> None:
        self._wake = wake
        self._socket = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE)
        self._socket.bind((0, RTMGRP_IPV4_IFADDR))
        # close() writes here: select() wakes, and no timeout ever wakes the thread.
        self._stop_r, self._stop_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="address-watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while True:
                ready, _, _ = select.select([self._socket, self._stop_r], [], [])
                if self._stop_r in ready:
                    return
                if self._socket.recv(65536):
                    self._wake()
        except OSError:
            log.exception("watching the network's addresses")

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._stop_w, b"x")
        self._thread.join(5)
        self._socket.close()
        os.close(self._stop_r)
        os.close(self._stop_w)


def moved_then(bridge: Any, wake: Callable[[], None]) -> Callable[[], None]:
    """What an address change does: the bridge draws its card again (a wake-up alone
    builds no view, so the old address would stay on the QR code), then the loop wakes."""

    def moved() -> None:
        bridge.addresses_changed()
        wake()

    return moved


def watch_addresses(wake: Callable[[], None]) -> AddressWatch | None:
    """An :class:`AddressWatch`, or None where the kernel has no rtnetlink to ask (not
    Linux): the address is then read again at the next wake-up only."""
    try:
        return AddressWatch(wake)
    except (OSError, AttributeError):  # AttributeError: no AF_NETLINK off Linux
        return None

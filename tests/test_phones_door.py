"""The phones' door process (coda_pi/phones/door_process.py) lives and dies with the device:
a device killed outright (a crash, a SIGKILL) leaves no door behind holding its port, so
the device started again serves its phones on the same port at once; a door that dies
alone is started again."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from phones_device import pair, running_device

CHILD = textwrap.dedent("""
    import sys, time
    from coda_pi.devices.intent_queue import IntentQueue
    from coda_pi.phones.bridge import PhoneBridge
    from coda_pi.phones.server import PhoneServer

    server = PhoneServer(PhoneBridge(), IntentQueue(), host="127.0.0.1", port=0).start()
    print(server.port, server.door_pid, flush=True)
    time.sleep(120)
""")


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def test_a_killed_device_leaves_no_door_holding_its_port() -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    try:
        assert child.stdout is not None
        port, door = (int(word) for word in child.stdout.readline().split())
        assert door != child.pid
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(b"GET /api/seats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert conn.recv(64).startswith(b"HTTP/1.1 200")  # served through the door
        assert not _bindable(port)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
        end = time.monotonic() + 5
        while not _bindable(port) and time.monotonic() < end:
            time.sleep(0.05)
        assert _bindable(port)
    finally:
        child.kill()
        child.wait(10)


def test_a_door_that_dies_is_started_again_and_the_paired_phone_is_served(
        tmp_path: Path) -> None:
    """The door is a process of its own, so it can die alone (the OOM killer, a stray
    kill): the device starts another on the same port, and a paired phone that lost one
    request is served again by itself, with its seat."""
    with running_device(tmp_path) as device:
        ann = device.phone()
        pair(device, ann, 0)
        first = device.phones.server.door_pid
        assert first is not None
        os.kill(first, signal.SIGKILL)
        end = time.monotonic() + 15
        status = 0
        while status != 200 and time.monotonic() < end:
            conn = http.client.HTTPSConnection(ann.host, ann.port, context=ann.tls, timeout=2)
            try:
                conn.request("GET", "/api/page?after=0&wait=0", headers={"X-Seat": ann.secret})
                status = conn.getresponse().status
            except OSError:
                time.sleep(0.2)
            finally:
                conn.close()
        assert status == 200
        assert device.phones.server.door_pid not in (None, first)
        # Answered by the loop: at the setup no tap is the seat's to make, and it is told so.
        assert ann.tap(kind="key", key="next") == 409

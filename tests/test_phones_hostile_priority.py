"""A stranger on the Wi-Fi spends only CPU the loop does not want (issue 30): the phones'
door, which refuses floods and now shakes hands with every stranger let in, runs at the
idle scheduling class, so the kernel gives the loop's core back the moment the loop wakes;
and no stranger's TLS handshake (an RSA signature each) runs in the device's own process,
on a thread at the loop's priority. A paired phone's still does: its pages never wait
behind a flood.

Before: the door ran at nice 5, and every connection it let in shook hands in a thread of
the device's process (the bench's slowest presses waited for a CPU, not for the lock)."""

from __future__ import annotations

import os
import ssl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from phones_device import pair, running_device


def test_the_door_runs_only_on_a_cpu_nothing_else_wants(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CODA_PI_DOOR_CLASS", raising=False)  # as on a device (conftest sets it)
    with running_device(tmp_path) as device:
        door = device.phones.server.door_pid
        assert door is not None
        assert os.sched_getscheduler(door) == os.SCHED_IDLE
        # ... and the device itself keeps the ordinary class: only the door gave way.
        assert os.sched_getscheduler(0) == os.SCHED_OTHER


@pytest.fixture
def handshakes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The server-side TLS handshakes this process (the device's) begins, by kind."""
    begun: list[str] = []
    wrap = ssl.SSLContext.wrap_socket

    def counted(self: ssl.SSLContext, sock: Any, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("server_side"):
            begun.append("server")
        return wrap(self, sock, *args, **kwargs)

    monkeypatch.setattr(ssl.SSLContext, "wrap_socket", counted)
    yield begun


def test_a_stranger_s_handshakes_run_in_the_door_and_a_paired_phone_s_in_the_device(
        tmp_path: Path, handshakes: list[str]) -> None:
    with running_device(tmp_path) as device:
        owner = device.phone("127.0.0.3")
        pair(device, owner, 0)  # as a stranger: its asking and collecting shake hands at the door
        stranger = device.phone("127.0.0.2")
        answers = [stranger.request("GET", "/api/seats")[0] for _ in range(3)]
        answers.append(stranger.request("POST", "/api/pair", {"seat": 1})[0])
        assert answers == [200, 200, 200, 200]  # served in full, through the door
        assert handshakes == []
        assert owner.page()[0] == 200  # the paired phone's address: straight to the device
        assert handshakes == ["server"]

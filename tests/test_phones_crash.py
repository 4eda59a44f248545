"""A tap a phone was told was taken survives a power cut (principle 5, issue 30 item 4).

The device runs in a process of its own (tests/phones_crash_child.py: two phones paired, a
device-dealt game dealt, seat 1 to draw); seat 1's phone taps "draw" and the test kills the
device with SIGKILL the moment the answer's status line arrives. The answer 200 means the
draw is done, so its record line must be on disk. (A loop slower than the server's wait
would answer 202, "pending", which promises nothing: the phone's page then shows what
became of the tap. Here the loop is quick, so every answer is a 200.)"""

from __future__ import annotations

import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def _lines(data: Path) -> list[dict[str, object]]:
    record = next(data.glob("coda-*.jsonl"))
    return [json.loads(line) for line in record.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("run", range(3))
def test_a_tap_answered_as_taken_is_on_disk_when_the_device_is_killed(
        tmp_path: Path, run: int) -> None:
    out = tmp_path / "device.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen([sys.executable, str(HERE / "phones_crash_child.py"),
                              str(tmp_path), str(out)], env=env)
    try:
        end = time.monotonic() + 60
        while not out.exists() or not out.read_text():
            assert child.poll() is None and time.monotonic() < end, "the device did not start"
            time.sleep(0.05)
        device = json.loads(out.read_text())
        before = [line.get("event") for line in _lines(tmp_path / "data")]
        context = ssl.create_default_context(cafile=device["cafile"])
        context.check_hostname = False
        body = json.dumps({"kind": "key", "key": "ok"}).ljust(120).encode()
        with socket.create_connection(("127.0.0.1", device["port"]), timeout=30) as raw, \
                context.wrap_socket(raw) as conn:
            conn.sendall(b"POST /api/tap HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                         b"\r\nX-Seat: " + device["secret"].encode() + b"\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\n\r\n" + body)
            status = conn.recv(12)
            child.send_signal(signal.SIGKILL)  # a power cut, right after the answer
        child.wait(10)
    finally:
        child.kill()
        child.wait(10)
    after = [line.get("event") for line in _lines(tmp_path / "data")]
    assert before[-1] == "deal"
    # The loop answers within seconds here: the tap is answered as done, and its line is
    # on disk. (Before, 202 came as soon as the tap was queued, and the kill lost it.)
    assert status == b"HTTP/1.1 200", status
    assert after == [*before, "draw"], f"told taken, but the record ends {after[-3:]}"

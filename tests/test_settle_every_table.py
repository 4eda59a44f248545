"""Write before you tell, at every table (principle 5): with phones and pods on, nothing of a
tap or a press that writes a record line reaches the tapping phone's answer, any phone's
page, any pod's glass or the device's own screen before the line's fsync has returned.

The card here is a stand-in whose fsync of a record blocks until the test lets it go: what
the device sends meanwhile is exactly what it would have told of an event a power cut could
still take away. Everything runs for real: the loop on its thread, the phones' server on
loopback, the pods' writer thread on a stand-in I2C bus.
"""

from __future__ import annotations

import errno
import http.client
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from phones_device import Phone, running_device, to_seat_one_s_draw
from settle_tables import (
    Card,
    Tells,
    quiet,
    record_events,
    watch_tables,
)

from coda_pi.pods import start as pods_start
from coda_pi.referee.shared.signals import Button
from coda_pi.sim.pod_bus import four_pods

HERE = Path(__file__).parent
LEAK_SECONDS = 0.5
"""How long the card is held once the fsync began: time enough for a tell that does not
wait for it to get out (a loop pass here is milliseconds)."""


@contextmanager
def polling(phone: Phone, name: str, tells: Tells) -> Iterator[None]:
    """The phone's long poll for a newer page, as its page's script keeps one open."""
    status, got = phone.page()
    assert status == 200
    after = got["v"]
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            status, got = phone.request("GET", f"/api/page?after={after}&wait=1")
            if status == 200:
                tells.add(f"page:{name}")
                return

    thread = threading.Thread(target=poll, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(10)


@pytest.mark.parametrize("by", ["a phone's tap", "the device's button"])
def test_nothing_of_an_event_reaches_any_table_before_its_line_is_on_the_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, by: str) -> None:
    card = Card()
    tells = Tells(card)
    monkeypatch.setattr(pods_start, "BUS_OPENER", lambda port: four_pods())
    monkeypatch.setattr(os, "fsync", card.fsync)
    with running_device(tmp_path, pool="device", pods=True) as device:
        app = device.app
        ann, ben = to_seat_one_s_draw(device)
        quiet(device)
        events = record_events(tmp_path / "data")
        watch_tables(app, tells)
        answers: list[int] = []
        with polling(ann, "seat 1", tells), polling(ben, "seat 2", tells):
            time.sleep(0.1)  # both polls are waiting at the server
            tells.watching = True
            card.hold()
            if by == "a phone's tap":
                def tap() -> None:
                    answers.append(ann.tap(kind="key", key="ok"))  # seat 1 draws
                    tells.add("answer")

                tapping = threading.Thread(target=tap, daemon=True)
                tapping.start()
            else:
                device.press(Button.OK)  # seat 1 draws on the device's OK
            assert card.blocked.wait(10), "the draw's line never reached the card"
            time.sleep(LEAK_SECONDS)
            early = tells.early()
            card.release()
            wanted = {"glass", "page", "pod"} | ({"answer"} if by == "a phone's tap"
                                                 else set())
            device.until(lambda: wanted <= tells.kinds())
        if by == "a phone's tap":
            tapping.join(10)
            assert answers == [200]  # done, once it was on the card
    # Not one table heard of the draw while its line could still be lost ...
    assert early == []
    # ... and every one of them did once it was on the card.
    assert record_events(tmp_path / "data") == [*events, "draw"]


def test_a_tap_whose_line_the_card_refuses_late_is_answered_not_done_with_the_card_s_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop judged the tap done (its line written), then the card refused the fsync: the
    phone is told it was not done and why, as when the card refuses the write at once (as
    on main, where the fsync was in the write with phones on); its page and the record are
    the game as the card holds it."""
    real = os.fsync
    refusing = threading.Event()

    def fsync(fd: int) -> None:
        if refusing.is_set() and os.readlink(f"/proc/self/fd/{fd}").endswith(".jsonl"):
            refusing.clear()
            raise OSError(errno.EIO, "Input/output error")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with running_device(tmp_path, pool="device") as device:
        ann, _ben = to_seat_one_s_draw(device)
        device.settled()
        record = next((tmp_path / "data").glob("coda-*.jsonl"))
        before = record.read_bytes()
        status, page = ann.page()
        refusing.set()
        answered, got = ann.request("POST", "/api/tap", {"kind": "key", "key": "ok"})
        device.settled()
        assert (answered, got["refused"], got["reload"]) == (409, True, False)
        assert "input/output error" in got["why"] and "record" in got["why"]
        assert record.read_bytes() == before  # not a byte of the draw stayed
        # The phone's next page (the card's trouble said) still asks seat 1 to draw.
        reloaded = device.until(lambda: (p := ann.page())[0] == 200 and p[1]["v"] > page["v"]
                                and p[1])
        assert reloaded["page"]["actions"] == page["page"]["actions"]
        assert device.app.errors == []


def _https(device: dict[str, Any], secret: str) -> http.client.HTTPSConnection:
    context = ssl.create_default_context(cafile=device["cafile"])
    context.check_hostname = False
    conn = http.client.HTTPSConnection("127.0.0.1", device["port"], context=context,
                                       timeout=30)
    conn.connect()
    return conn


def test_a_device_killed_while_a_tap_s_line_is_on_its_way_told_no_table_of_it(
        tmp_path: Path) -> None:
    """The device (tests/settle_crash_child.py) is killed, as by a power cut, while the
    card holds the fsync of seat 1's draw, tapped on its phone: neither phone's page, nor
    the tap's answer, nor a pod, nor the device's glass had anything of it."""
    out, told = tmp_path / "device.json", tmp_path / "told.txt"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen([sys.executable, str(HERE / "settle_crash_child.py"),
                              str(tmp_path), str(out), str(told)], env=env)
    polls: list[Any] = []
    try:
        end = time.monotonic() + 60
        while not out.exists() or not out.read_text():
            assert child.poll() is None and time.monotonic() < end, "the device did not start"
            time.sleep(0.05)
        device = json.loads(out.read_text())
        waiting = []
        for secret in device["secrets"]:
            conn = _https(device, secret)
            conn.request("GET", "/api/page", headers={"X-Seat": secret})
            after = json.loads(conn.getresponse().read())["v"]
            conn.request("GET", f"/api/page?after={after}&wait=20",
                         headers={"X-Seat": secret})
            waiting.append(conn)

        def poll(conn: http.client.HTTPSConnection) -> None:
            try:
                polls.append(conn.getresponse().status)
            except (OSError, http.client.HTTPException) as error:
                polls.append(type(error).__name__)  # the device died: nothing came

        threads = [threading.Thread(target=poll, args=(c,), daemon=True) for c in waiting]
        for thread in threads:
            thread.start()
        context = ssl.create_default_context(cafile=device["cafile"])
        context.check_hostname = False
        body = json.dumps({"kind": "key", "key": "ok"}).ljust(120).encode()
        with socket.create_connection(("127.0.0.1", device["port"]), timeout=30) as raw, \
                context.wrap_socket(raw) as tap:
            tap.sendall(b"POST /api/tap HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                        b"\r\nX-Seat: " + device["secrets"][0].encode() + b"\r\nContent-Length: "
                        + str(len(body)).encode() + b"\r\n\r\n" + body)
            while "fsync held" not in told.read_text():
                assert time.monotonic() < end + 30, "the draw's line never reached the card"
                time.sleep(0.02)
            time.sleep(LEAK_SECONDS)
            tap.settimeout(0.01)
            with pytest.raises(TimeoutError):
                tap.recv(12)  # no answer yet
            child.send_signal(signal.SIGKILL)  # the power cut, the fsync still held
            child.wait(10)
            tap.settimeout(10)
            try:
                answer = tap.recv(12)
            except OSError as error:
                answer = type(error).__name__.encode()
        for thread in threads:
            thread.join(10)
    finally:
        child.kill()
        child.wait(10)
    assert answer in (b"", b"ConnectionResetError", b"SSLEOFError"), answer
    assert polls and all(isinstance(p, str) for p in polls), polls  # no page came
    assert told.read_text().splitlines() == ["fsync held"]  # no frame of it: glass, pods


def test_a_tap_is_answered_once_its_line_is_on_the_card_while_the_frame_is_still_drawn(
        tmp_path: Path) -> None:
    """The answer waits for the card, not for the device's own frame: with the frame's
    drawing held (a slow screen), the tap is answered done once its fsync has returned."""
    with running_device(tmp_path, pool="device") as device:
        ann, _ben = to_seat_one_s_draw(device)
        device.settled()
        renderer = device.app.renderer
        draw = renderer.draw
        drawing, go = threading.Event(), threading.Event()

        def held(surface: Any, scene: Any) -> None:
            drawing.set()
            go.wait(10)
            draw(surface, scene)

        renderer.draw = held  # type: ignore[method-assign]
        answers: list[int] = []
        tapping = threading.Thread(
            target=lambda: answers.append(ann.tap(kind="key", key="ok")), daemon=True)
        try:
            tapping.start()
            assert drawing.wait(10)
            tapping.join(3)  # answered while the frame is still being drawn
            held_then = list(answers)
        finally:
            go.set()
            renderer.draw = draw  # type: ignore[method-assign]
        tapping.join(10)
        device.settled()
    assert held_then == [200]
    assert record_events(tmp_path / "data")[-1] == "draw"

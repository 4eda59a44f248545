"""A phone's tap is answered "done" only when it did what its page offered; a tap that
changed nothing is answered with a refusal the page shows, and a tap made from a page the
table has left behind is told to reload. Against the real loop and its real server, in the
orders of events a slow device (the VM check under TCG) produces: the key that pressed
Start released only after the phone's tap, the tap queued before the deal was drawn."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from phones_device import Device, Phone, pair, running_device

from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import DealView, TurnView

REFUSED = 409


def face_down(phone: Phone) -> dict[str, Any] | None:
    """The phone's page while its seat's starting row is still face down, else None."""
    status, got = phone.page()
    private = got["page"]["private"] if status == 200 else None
    if private and private.get("purpose") == "deal" and {
            t["label"] for t in private["row"]} == {"?"}:
        return got
    return None


def dealt(phone: Phone) -> bool:
    status, got = phone.page()
    private = got["page"]["private"] if status == 200 else None
    return bool(private and private.get("purpose") == "deal"
                and "?" not in {t["label"] for t in private["row"]})


@contextmanager
def held_loop(device: Device) -> Iterator[threading.Event]:
    """The loop stopped before its next drain until the event is set: whatever is put on
    its queue meanwhile reaches the referee in one batch, in the order it was put."""
    go = threading.Event()
    update = device.app.update

    def gated() -> None:
        go.wait(10)
        update()

    device.app.update = gated  # type: ignore[method-assign]
    try:
        yield go
    finally:
        go.set()
        device.app.update = update  # type: ignore[method-assign]


def tapped(phone: Phone, answers: list[tuple[int, Any]], **body: Any) -> threading.Thread:
    """The tap sent from its own thread (its request waits for the loop's answer)."""
    thread = threading.Thread(
        target=lambda: answers.append(phone.request("POST", "/api/tap", body)), daemon=True)
    thread.start()
    return thread


def test_a_tap_while_the_start_key_is_still_held_deals_the_row(tmp_path: Path) -> None:
    """The VM's order: OK pressed on Start, the deal drawn and sent to the phone, the
    phone's Done, and only then the key's release. The key held is the hand's, not the
    phone's: the phone's OK still deals (on main it was answered 200 and did nothing)."""
    with running_device(tmp_path, pool="device") as device:
        ann = device.phone()
        pair(device, ann, 0)
        device.settled()
        device.app.queue.put(Press(Button.OK))  # Start, the key not yet up
        device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
        device.until(lambda: face_down(ann))
        status, got = ann.request("POST", "/api/tap", {"kind": "key", "key": "ok"})
        assert (status, got) == (200, {"done": True})
        assert dealt(ann)  # answered after it was done: the page shows the row already
        device.app.queue.put(Release(Button.OK))  # the key comes up at last
        device.settled()
        assert dealt(ann)
        assert device.app.errors == []


def test_a_tap_racing_the_start_is_refused_and_the_page_told_to_reload(
        tmp_path: Path) -> None:
    """The tap made from the setup's page reaches the loop in the same batch as Start's
    press: the page it was made from offered nothing, so nothing is done, and the phone
    is told to reload. A tap from the page that shows the deal then deals."""
    with running_device(tmp_path, pool="device") as device:
        ann = device.phone()
        pair(device, ann, 0)
        device.settled()
        status, setup_page = ann.page()
        assert status == 200 and setup_page["page"]["private"] is None
        answers: list[tuple[int, Any]] = []
        with held_loop(device) as go:
            device.app.queue.put(Press(Button.OK))
            device.app.queue.put(Release(Button.OK))
            thread = tapped(ann, answers, kind="key", key="ok", v=setup_page["v"])
            device.until(lambda: len(device.app.queue) == 3)
            go.set()
            thread.join(10)
        [(status, got)] = answers
        assert status == REFUSED and got["reload"] is True and got["why"]
        device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
        page = device.until(lambda: face_down(ann))
        assert ann.tap(kind="key", key="ok", v=page["v"]) == 200
        assert dealt(ann)


def test_a_tap_that_changes_nothing_is_refused_with_a_sentence(tmp_path: Path) -> None:
    """Ben's Done on Ann's deal is not his to make: refused, with why, not "done"; and
    both answers are the same length (a sniffer learns nothing from which it was)."""
    with running_device(tmp_path, pool="device") as device:
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        device.press(Button.OK)
        device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
        device.until(lambda: face_down(ann))
        refused = ben.request("POST", "/api/tap", {"kind": "key", "key": "ok"})
        assert refused[0] == REFUSED and refused[1]["reload"] is False
        assert refused[1]["why"]
        assert face_down(ann)  # nothing happened
        done = ann.request("POST", "/api/tap", {"kind": "key", "key": "ok"})
        assert done[0] == 200 and dealt(ann)
        lengths = {len(_raw_answer(p, {"kind": "key", "key": "ok"})) for p in (ben, ann)}
        assert len(lengths) == 1


def _raw_answer(phone: Phone, body: dict[str, Any]) -> bytes:
    """The answer's bytes as they leave the server (before TLS)."""
    import http.client

    conn = http.client.HTTPSConnection(phone.host, phone.port, context=phone.tls, timeout=30)
    try:
        conn.request("POST", "/api/tap", json.dumps(body).ljust(120),
                     {"Content-Type": "application/json", "X-Seat": phone.secret or ""})
        return conn.getresponse().read()
    finally:
        conn.close()


def test_a_turn_s_tap_from_the_deal_s_page_is_told_to_reload(tmp_path: Path) -> None:
    """Ann's Done from her dealt row's page, sent twice (a double tap): the first writes
    the row, the second was made for a step that is over and does not draw a panel."""
    with running_device(tmp_path, pool="device") as device:
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        device.press(Button.OK)
        device.until(lambda: face_down(ann))
        assert ann.tap(kind="key", key="ok") == 200
        page = device.until(lambda: dealt(ann) and ann.page()[1])
        assert ann.tap(kind="key", key="ok", v=page["v"]) == 200  # the row is written
        for phone in (ben,):
            got = device.until(lambda p=phone: face_down(p))
            assert phone.tap(kind="key", key="ok", v=got["v"]) == 200
            got = device.until(lambda p=phone: dealt(p) and p.page()[1])
            assert phone.tap(kind="key", key="ok", v=got["v"]) == 200
        device.until(lambda: isinstance(device.app.scene.view.screen, TurnView))
        status, got = ann.request("POST", "/api/tap", {"kind": "key", "key": "ok",
                                                       "v": page["v"]})
        assert status == REFUSED and got["reload"] is True
        assert ann.page()[1]["page"]["own"]["drawn"] is None  # no panel was drawn


def test_every_answer_to_a_tap_has_one_length_on_the_wire() -> None:
    """Done, pending and refused with any sentence (a long one, one all escapes, one in
    characters of four bytes): one count of bytes, each still whole JSON with its why."""
    from coda_pi.phones.tap_answer import DONE, PENDING, TapAnswer

    refusals = [TapAnswer(False, "No"), TapAnswer(False, "x" * 900, reload=True),
                TapAnswer(False, "\x01\"\\" * 300), TapAnswer(False, "ñ😀" * 300)]
    bodies = [DONE.body(), PENDING] + [r.body() for r in refusals]
    assert {len(b) for b in bodies} == {len(DONE.body())}
    for refusal, body in zip(refusals, bodies[2:], strict=True):
        got = json.loads(body)
        assert got["refused"] and got["why"] and refusal.why.startswith(got["why"])


def test_a_tap_that_comes_after_the_turn_s_time_ran_out_is_not_answered_done(
        tmp_path: Path) -> None:
    """The time to guess ran out before the loop took Ann's attack (the loop slept past
    it): the time-out is the device's, written before the tap is looked at, so the tap
    (made for a turn that is over) is refused and its page told to reload, not answered
    "done" for the time-out's line (on main: 200)."""
    from phones_device import SteppedClock

    clock = SteppedClock()
    with running_device(tmp_path, pool="device", timer=True, clock=clock) as device:
        ann, ben = device.phone(), device.phone()
        pair(device, ann, 0)
        pair(device, ben, 1)
        device.press(Button.OK)
        for phone in (ann, ben):
            got = device.until(lambda p=phone: face_down(p))
            assert phone.tap(kind="key", key="ok", v=got["v"]) == 200
            got = device.until(lambda p=phone: dealt(p) and p.page()[1])
            assert phone.tap(kind="key", key="ok", v=got["v"]) == 200
        turn = device.until(lambda: (r := ann.page()[1])["page"]["actions"]["keys"] and r)
        dark = turn["page"]["public"]["screen"]["dark_left"] > 0
        assert ann.tap(kind="colour", dark=dark, v=turn["v"]) == 200  # drawn: time runs
        aim = device.until(lambda: (r := ann.page()[1])["page"]["actions"]["attack"] and r)
        answers: list[tuple[int, Any]] = []
        with held_loop(device) as go:
            clock.skip(1000)  # far past the time to guess, before the loop wakes for it
            thread = tapped(ann, answers, kind="attack", target=1, slot=0, v=aim["v"])
            device.until(lambda: len(device.app.queue) == 1)
            go.set()
            thread.join(10)
        [(status, got)] = answers
        assert status == REFUSED and got["reload"] is True
        events = [json.loads(line).get("event") for line in next(
            (tmp_path / "data").glob("coda-*.jsonl")).read_text().splitlines()]
        assert events[-2:] == ["draw", "timeout"]  # the device's time-out, nothing of the tap


def test_a_tap_the_referee_fails_on_is_answered_at_once_not_done() -> None:
    """A bug in the referee while doing a tap is the loop's to log; the phone is told, as
    soon as the loop's pass has settled, that it was not done (not left to wait for
    "pending")."""
    from phones_play import coda_table

    from coda_pi.phones.actions import PhoneIntent, Ticket

    table = coda_table()
    table.press(Button.OK)  # Start: seat 1's deal

    class Broken(Exception):
        pass

    def broken(intent: Any) -> None:
        raise Broken

    table.referee.handle = broken  # type: ignore[method-assign]
    ticket = Ticket()
    with pytest.raises(Broken):  # on to the loop, which logs it and goes on
        table.bridge.take(table.referee, PhoneIntent(0, "key", key="ok", ticket=ticket))
    table.bridge.settled(table.referee, True)  # the loop's pass goes on to its settle
    assert ticket.wait(0) and ticket.answer_given is not None
    assert not ticket.answer_given.done and ticket.answer_given.why

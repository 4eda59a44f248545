"""A phone's page while only the guess timer's seconds move: the device wakes at each second
and every seat's page shows it, but nothing of the seat's own (its row, its choices, the
sentence) is built again for it; what the phone gets is still, byte for byte, the page the
seat would get made afresh."""

from __future__ import annotations

import json
import random
from typing import Any

from coda_pi.phones import bridge as bridge_module
from coda_pi.phones.bridge import PhoneBridge
from coda_pi.phones.seat_views import seat_page
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import TurnView
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table


def paired_table() -> tuple[Referee, Table, PhoneBridge]:
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1, pool="device", timer=True,
                          first_seconds=20, extra_seconds=5)
    referee = Referee(clock=clock, rng=random.Random(5), record=MemoryRecord(), setup=setup)
    bridge = PhoneBridge()
    for seat in range(2):
        assert bridge.pairings.complete(bridge.pairings.request(seat).rid)
    referee.attach_seat_screens(bridge)
    return referee, Table(referee, clock), bridge


def page_of(bridge: PhoneBridge, seat: int) -> tuple[int, Any]:
    got = bridge.wait_page(seat, -1, 0)
    assert got is not None
    return got[0], json.loads(got[1])


def test_the_timer_s_seconds_reach_every_phone_and_build_no_seat_s_own_part(monkeypatch):
    referee, table, bridge = paired_table()
    player = AutoPlayer(random.Random(6))
    for _ in range(500):  # the simulated players, up to a turn with its timer running
        view = referee.view()
        if isinstance(view.screen, TurnView) and view.timer is not None \
                and not view.timer.paused and referee.next_deadline() is not None:
            break
        for intent in player.decide(view, referee.private_view()):
            table.send(intent)
            bridge.taken += 1  # as the loop gives the bridge every intent first
            bridge.publish(referee)
    else:
        raise AssertionError("no turn with its timer running")
    built: list[int] = []

    def counted(referee: Any, seat: int, *args: Any) -> Any:
        built.append(seat)
        return seat_page(referee, seat, *args)

    monkeypatch.setattr(bridge_module, "seat_page", counted)
    turn = referee.view().screen
    seconds = 0
    while referee.view().screen == turn:
        due = referee.next_deadline()
        assert due is not None
        before = [page_of(bridge, seat) for seat in range(2)]
        table.clock.now = max(table.clock.now, due)
        referee.tick()
        bridge.publish(referee)
        if referee.view().screen != turn:  # the time ran out: a change of the seats' own
            break
        assert built == [], "only the clock moved: no seat's own part made again"
        for seat in range(2):
            serial, page = page_of(bridge, seat)
            assert page == seat_page(referee, seat)  # as made afresh
            assert serial > before[seat][0], "the phone is woken with the new second"
            assert page["public"]["timer"] != before[seat][1]["public"]["timer"]
            assert page["own"] == before[seat][1]["own"]
        seconds += 1
    assert seconds >= 10
    # The time up moved the seat's own: its pages made again, and they are the fresh ones.
    assert sorted(built) == [0, 1]
    for seat in range(2):
        assert page_of(bridge, seat)[1] == seat_page(referee, seat)

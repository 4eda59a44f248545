"""The pods build a seat's private view only when something it depends on changed, and miss
none of those changes.

The loop wakes many times per press (the demo's players thinking, the screen's blinking LED,
the pods' own text pages): on a Pi Zero every view built at a wake-up that changed nothing is
the device's own CPU spent for a frame equal to the one already on the glass. What a seat's
pod shows depends on the referee (its version moves with every change of what any screen
shows: every press, every deadline passed), the language and the pod's own clock (its text
pages, its idle darkness); a pod must still show every change of its seat's view, from any
of them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from luma.core.device import dummy

from coda_pi.config import Config
from coda_pi.demo import run_demo
from coda_pi.pods import start
from coda_pi.pods.companion import PodsCompanion
from coda_pi.pods.panel import PodPanel
from coda_pi.pods.seat_pod import SeatPod
from coda_pi.pods.settings import PodsConfig
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.base import BaseReferee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Press
from coda_pi.referee.shared.views import FinalView, PrivatePurpose, PrivateView
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.pod_bus import four_pods
from coda_pi.sim.pod_samples import pod_samples
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

PODS = Config(pods=PodsConfig(enabled=True))


def tournament(monkeypatch: pytest.MonkeyPatch, pool: str, after_publish: Any) -> None:
    """A demo game (four players, one round) with four pods on the stand-in bus;
    ``after_publish(companion, referee)`` after each of the pods' publishes."""
    monkeypatch.setattr(start, "BUS_OPENER", lambda port: four_pods())
    publish = PodsCompanion.publish

    def watched(self: PodsCompanion, referee: Any) -> None:
        publish(self, referee)
        after_publish(self, referee)

    monkeypatch.setattr(PodsCompanion, "publish", watched)
    result = run_demo(PODS, headless=True, seed=36, players=4, rounds=1, draw=False, pool=pool)
    assert result.finished and result.shown_totals == result.replay_totals


def test_a_wake_up_that_changed_nothing_builds_no_seat_s_view(monkeypatch):
    builds = [0]
    private_view_of = BaseReferee.private_view_of

    def counted(self: BaseReferee, seat: int) -> Any:
        builds[0] += 1
        return private_view_of(self, seat)

    monkeypatch.setattr(BaseReferee, "private_view_of", counted)
    seen: list[tuple[int, int]] = []  # (referee, version) at each publish

    def after(companion: PodsCompanion, referee: Any) -> None:
        seen.append((id(referee), referee.version))

    tournament(monkeypatch, "device", after)
    changes = sum(1 for i, now in enumerate(seen) if i == 0 or now != seen[i - 1])
    assert changes < len(seen), "the loop woke with nothing new too: the case in point"
    # Four seats: at most four views for each publish at which the referee had changed.
    assert builds[0] <= 4 * changes, (builds[0], changes, len(seen))
    # Every wake-up built four (28 a press in a 3-round tournament); bench/bench_publish.py
    # prints the figures.
    assert builds[0] < 4 * len(seen)


@pytest.mark.parametrize("pool", ["device", "entered"])
def test_after_every_update_each_pod_shows_its_seat_s_view_as_built_afresh(monkeypatch, pool):
    # The oracle: a pod that skipped a change (a deadline, a turn passing to its seat, a
    # refusal, the review at the end) would differ here from its view built anew.
    compared = [0]

    def after(companion: PodsCompanion, referee: Any) -> None:
        for seat, pod in companion.pods.items():
            assert pod.view == PodsCompanion.shown_view(referee, seat), (seat, referee.version)
            compared[0] += pod.view is not None

    tournament(monkeypatch, pool, after)
    assert compared[0] > 100  # the pods showed views: the comparison was not of empty glass


def pods_for(clock: FakeClock, seats: int, *, idle_seconds: float = 30.0) -> PodsCompanion:
    return PodsCompanion({seat: SeatPod(seat, PodPanel(dummy(width=128, height=64, mode="1"),
                                                       None), idle_seconds=idle_seconds)
                          for seat in range(seats)}, clock.monotonic)


def dealt_table(*, timer: bool) -> tuple[Referee, Table, AutoPlayer]:
    """A two-player game played by the simulated players up to its first turn's draw."""
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1, pool="device",
                          timer=timer, first_seconds=20, extra_seconds=5)
    referee = Referee(clock=clock, rng=random.Random(5), record=MemoryRecord(), setup=setup)
    return referee, Table(referee, clock), AutoPlayer(random.Random(6))


def play_until(referee: Referee, table: Table, player: AutoPlayer, pods: PodsCompanion,
               done: Any) -> None:
    for _ in range(500):
        if done():
            return
        intents = player.decide(referee.view(), referee.private_view())
        assert intents, "the game stopped before the moment asked for"
        for intent in intents:
            table.send(intent)
            pods.publish(referee)
    raise AssertionError("the moment never came")


def drawn_by(referee: Referee, seat: int) -> bool:
    view = PodsCompanion.shown_view(referee, seat)
    return isinstance(view, PrivateView) and view.purpose is PrivatePurpose.DRAWN


def test_a_dark_pod_stays_dark_through_wake_ups_that_change_nothing_and_lights_at_a_change():
    # An idle pod goes dark so its OLED does not age: the screen's blinking LED wakes the
    # loop twice a second, and none of those wake-ups is a change for the pod.
    referee, table, player = dealt_table(timer=False)
    clock = table.clock
    pods = pods_for(clock, 2, idle_seconds=30.0)
    play_until(referee, table, player, pods, lambda: referee.game is not None
               and PodsCompanion.shown_view(referee, 0) is not None)
    pod = pods.pods[0]
    assert pod.panel.lit
    for _ in range(100):  # a minute of the loop waking for the blink, with nothing new
        clock.now += 0.4
        pods.poll()
        pods.publish(referee)
    assert not pod.panel.lit
    table.send(Press(table.seat(1)))  # a hand on the table: the next change lights it
    pods.publish(referee)
    assert pod.panel.lit and pod.view == PodsCompanion.shown_view(referee, 0)


def test_the_timer_s_seconds_build_no_view_and_its_time_up_reaches_the_seat_s_pod():
    # No seat's own view shows the guess timer's seconds: the loop wakes at each of them
    # to draw the shared screen, and the pods build nothing. The time running out moves
    # the seat's drawn panel into its row: that reaches its pod.
    referee, table, player = dealt_table(timer=True)
    clock = table.clock
    pods = pods_for(clock, 2)
    play_until(referee, table, player, pods,
               lambda: referee.game is not None and any(drawn_by(referee, s) for s in (0, 1)))
    seat = next(s for s in (0, 1) if drawn_by(referee, s))
    before = pods.pods[seat].view
    built: list[int] = []
    build = pods.shown_view
    pods.shown_view = lambda referee, seat: built.append(seat) or build(referee, seat)
    seconds = 0
    for _ in range(200):  # the loop, woken by nothing but time, until the time runs out
        due = referee.next_deadline()
        assert due is not None, "the turn's timer runs"
        shown = referee.view().timer
        clock.now = max(clock.now, due)
        referee.tick()
        pods.publish(referee)
        if not drawn_by(referee, seat):
            break
        seconds += referee.view().timer != shown  # the shared screen's seconds moved ...
        assert built == [], built  # ... and no seat's view was built for them
    assert seconds >= 10
    assert sorted(built) == [0, 1], "the time up: each seat's view built once"
    after = pods.pods[seat].view
    assert after != before, "the time ran out and the seat's drawn panel went to its row"
    assert after == PodsCompanion.shown_view(referee, seat)
    assert not isinstance(referee.view().screen, FinalView)


class StillReferee:
    """A referee whose table does not move: seat 1 has a view whose text needs several of
    the pod's text pages; ``version`` moves only when a test says so."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.version = 1

    def private_view_of(self, seat: int) -> Any:
        return self.view if seat == self.view.seat else None


def test_a_long_text_turns_its_pages_while_the_table_stands_still():
    # The pod's own deadline (its next text page) is no change of the referee's: the pod
    # turns its text by itself while the publishes around it build nothing.
    view = pod_samples()["deal"]
    referee = StillReferee(view)
    clock = FakeClock()
    pods = pods_for(clock, 1, idle_seconds=60.0)
    pods.publish(referee)
    pod = pods.pods[0]
    glasses = {pod.panel.device.image.tobytes()}
    for _ in range(8):
        due = pods.next_deadline()
        assert due is not None
        clock.now = due
        pods.poll()
        pods.publish(referee)
        glasses.add(pod.panel.device.image.tobytes())
    assert len(glasses) > 1, "the text turned to its next lines"
    assert pod.view == view

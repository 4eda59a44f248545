"""The guess timer on a fake clock: the first period, the extra period's countdown, time up
with its penalty, pause and resume from the menu, and no timer at all when it is off."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.timer import GuessTimer, TimerEvent
from coda_pi.referee.shared.views import BannerKind, DealView, MenuView, TurnStep, TurnView
from coda_pi.replay import replay_bytes
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

OK, PREV, NEXT, BACK = Button.OK, Button.PREV, Button.NEXT, Button.BACK
NAMES = ("Ann", "Ben", "Cy", "Di")
SPEC = Path(__file__).parent / "records" / "spec"


def started(players: int = 2, seed: int = 0, **setup) -> tuple[Table, MemoryRecord]:
    clock, record = FakeClock(), MemoryRecord()
    referee = Referee(
        clock=clock, rng=random.Random(seed), record=record,
        setup=SetupDefaults(names=NAMES, players=players, **setup),
    )
    table = Table(referee, clock)
    while (menu := referee.view().screen).items[menu.cursor].key != "Start":
        table.tap(NEXT)
    table.tap(OK)
    while isinstance(screen := referee.view().screen, DealView):
        table.press(table.seat(screen.seat))
        table.tap(OK)
        table.release(table.seat(screen.seat))
    table.take_cues()
    return table, record


def turn(table: Table) -> TurnView:
    screen = table.referee.view().screen
    assert isinstance(screen, TurnView)
    return screen


def test_no_timer_runs_before_the_draw():
    table, record = started()
    assert turn(table).step is TurnStep.CHOOSE_COLOR
    assert table.referee.next_deadline() is None
    assert table.referee.view().timer is None


def test_the_first_period_then_the_countdown_then_time_up_and_the_penalty():
    table, record = started()
    ref = table.referee
    table.tap(OK)  # draw: the decision starts now
    t0 = table.clock.now
    timer = ref.view().timer
    assert timer.seconds_left == 80 and timer.period_seconds_left == 60 and not timer.extra
    assert ref.next_deadline() == pytest.approx(t0 + 1)
    table.wait(59.5)
    assert table.take_cues() == []
    assert ref.view().timer.period_seconds_left == 1
    table.wait(0.5)  # 60 s: the first period is over
    assert table.take_cues() == [Cue.ONE_MINUTE]
    timer = ref.view().timer
    assert timer.extra and timer.seconds_left == 20 and timer.period_seconds_left == 20
    table.wait(14.9)
    assert table.take_cues() == []
    assert not ref.view().timer.urgent
    table.wait(0.1)  # 75 s: five seconds left
    assert table.take_cues() == [Cue.COUNTDOWN]
    assert ref.view().timer.urgent and ref.view().timer.seconds_left == 5
    table.wait(4.0)
    assert table.take_cues() == [Cue.COUNTDOWN] * 4
    assert ref.view().timer.seconds_left == 1
    assert record.lines[-1]["event"] == "draw"
    table.wait(1.0)  # 80 s
    assert table.take_cues() == [Cue.TIME_UP]
    assert record.lines[-1] == {"event": "timeout", "seat": 0}
    view = ref.view()
    assert view.screen.step is TurnStep.CLAIM_FACE_UP
    assert view.banner.kind is BannerKind.BAD and "Time is up" in view.banner.text
    assert view.timer is None and ref.next_deadline() is None
    data = "".join(json.dumps(o) + "\n" for o in record.lines).encode()
    assert replay_bytes(data).error is None


def test_a_right_guess_starts_the_timer_again():
    table, record = started(seed=1)
    ref = table.referee
    table.tap(OK)  # draw
    table.wait(50)
    table.tap(OK)  # slot 0 of the only opponent
    real = ref.game.rows[1][0].tile
    while turn(table).value_label != real.value:
        table.tap(NEXT)
    table.tap(OK)
    assert Cue.CORRECT in table.take_cues()
    assert ref.view().timer.seconds_left == 80
    table.wait(60)
    assert table.take_cues() == [Cue.ONE_MINUTE]  # 60 s after the guess, not after the draw


def test_a_late_wake_up_gives_each_announcement_once():
    table, record = started()
    ref = table.referee
    table.tap(OK)
    table.clock.now += 100  # the loop overslept every deadline
    ref.tick()
    assert ref.take_cues() == [Cue.ONE_MINUTE, Cue.TIME_UP]
    assert [o.get("event") for o in record.lines].count("timeout") == 1
    ref.tick()
    assert ref.take_cues() == []


def open_menu_item(table: Table, text: str) -> None:
    table.tap(BACK)
    menu = table.referee.view().overlay
    assert isinstance(menu, MenuView)
    assert text in menu.items, menu.items
    while table.referee.view().overlay.items[table.referee.view().overlay.cursor] != text:
        table.tap(NEXT)
    table.tap(OK)


def test_pause_and_resume_from_the_menu():
    table, record = started()
    ref = table.referee
    table.tap(OK)
    table.wait(30)
    open_menu_item(table, "Pause the timer")
    view = ref.view()
    assert view.overlay is None and view.timer.paused and view.timer.seconds_left == 50
    assert ref.next_deadline() is None  # nothing to wake up for
    table.wait(600)
    assert table.take_cues() == []
    assert ref.view().timer.seconds_left == 50
    assert record.lines[-1]["event"] == "draw"
    open_menu_item(table, "Restart the timer")
    assert not ref.view().timer.paused
    assert ref.next_deadline() == pytest.approx(table.clock.now + 1)
    table.wait(30)
    assert table.take_cues() == [Cue.ONE_MINUTE]
    table.wait(20)
    assert table.take_cues()[-1] is Cue.TIME_UP
    assert record.lines[-1] == {"event": "timeout", "seat": 0}


def test_the_menu_stops_the_clock_while_it_hides_the_game():
    """Issue 12, item 6: time must not run while a menu hides the game."""
    table, record = started()
    table.tap(OK)
    table.tap(BACK)
    assert isinstance(table.referee.view().overlay, MenuView)
    table.wait(600)
    assert Cue.TIME_UP not in table.take_cues()
    assert record.lines[-1]["event"] != "timeout"
    table.tap(BACK)  # the menu closed: the clock runs again and runs out
    table.wait(80)
    assert table.take_cues()[-1] is Cue.TIME_UP


def test_with_the_timer_off_nothing_ever_waits():
    table, record = started(timer=False)
    ref = table.referee
    table.tap(OK)  # draw
    assert ref.view().timer is None and ref.next_deadline() is None
    table.wait(3600)
    assert table.take_cues() == []
    assert record.lines[-1]["event"] == "draw"
    table.tap(BACK)
    assert "Pause the timer" not in ref.view().overlay.items


def test_time_up_with_an_empty_pool_knocks_down_ones_own_panel():
    lines = (SPEC / "empty-pool.jsonl").read_text().splitlines(keepends=True)
    upto = next(i for i, line in enumerate(lines) if '"stop"' in line) + 1
    replay = replay_bytes("".join(lines[:upto]).encode())
    clock, record = FakeClock(), MemoryRecord()
    referee = Referee(
        clock=clock, rng=random.Random(0), record=record, journal=replay.journal,
        setup=SetupDefaults(names=NAMES, players=3, first_seconds=30, extra_seconds=10),
    )
    table = Table(referee, clock)
    assert referee.view().timer.seconds_left == 40  # resumed straight into a decision
    table.wait(40)
    assert table.take_cues()[-1] is Cue.TIME_UP
    assert record.lines == [{"event": "timeout", "seat": 1}]
    assert turn(table).step is TurnStep.REVEAL_OWN
    assert "knocks down one of their panels" in referee.view().banner.text


def test_the_timer_itself_never_drifts_with_late_calls():
    timer = GuessTimer(first=3, extra=2, started=10.0)
    assert timer.next_deadline() == 11.0
    assert timer.advance(10.999) == []
    assert timer.advance(13.2) == [TimerEvent.FIRST_PERIOD_OVER, TimerEvent.COUNTDOWN]
    assert timer.next_deadline() == 14.0  # still on the whole seconds of the start
    timer.pause(13.5)
    assert timer.next_deadline() is None
    timer.resume(20.5)
    assert timer.next_deadline() == 21.0
    assert timer.advance(21.0) == [TimerEvent.COUNTDOWN]
    assert timer.advance(22.0) == [TimerEvent.TIME_UP]
    assert timer.next_deadline() is None


def test_an_undo_question_stops_the_clock_until_it_is_answered():
    table, record = started()
    ref = table.referee
    table.tap(OK)  # draw
    table.wait(10)
    table.press(BACK)
    table.wait(2.0)  # held: "Take back ...?"
    table.release(BACK)
    assert ref.view().timer.paused and ref.view().timer.seconds_left == 68
    table.wait(300)
    assert table.take_cues() == []
    table.tap(BACK)  # no
    assert not ref.view().timer.paused
    table.wait(68)
    assert table.take_cues()[-1] is Cue.TIME_UP


def test_a_press_after_the_deadline_counts_as_too_late_even_before_the_wake_up():
    table, record = started(seed=1)
    table.tap(OK)  # draw
    table.tap(OK)  # slot: now choosing the number
    table.clock.now += 80.5  # the loop has not woken yet when OK comes in
    table.tap(OK)
    assert [o.get("event") for o in record.lines][-2:] == ["draw", "timeout"]
    assert Cue.TIME_UP in table.take_cues()
    assert turn(table).step is TurnStep.CLAIM_FACE_UP  # the late OK claimed nothing

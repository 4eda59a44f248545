"""End to end: gpiozero MockFactory buttons pressed through a whole round in the real loop.

Every press is a mock pin driven low (and released high): gpiozero's ``Button`` sees the
edge, its callback puts the intent on the ``IntentQueue``, and the app's loop, on a fake
clock, hands it to the referee, plays the cue on the piezo (a ``MockPWMPin``), sets the seat
LEDs (mock pins) and redraws through SDL's dummy driver. Which button to press next is chosen
by the referee's simulated player from what the screen shows, as a person would.
"""

from __future__ import annotations

import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue, Press
from coda_pi.referee.shared.views import (
    FinalView,
    LedState,
    RoundEndView,
    TurnStep,
    TurnView,
)
from coda_pi.replay import replay_file
from coda_pi.sim.coda import AutoPlayer


def _app(tmp_path, *, players: int = 2, seed: int = 7, size=(480, 320)) -> tuple[App, FakeClock]:
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data")
    setup = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"), players=players, rounds=1)
    options = DeviceOptions(config=config, size=size, fullscreen=False, resume=False,
                            setup=setup, bounce_time=None)
    app = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock),
                    rng=random.Random(seed), explain=lambda text: None)
    return app, clock


def _settle(app: App) -> None:
    """Run the loop until every intent put so far has been handled and drawn."""
    app.step()
    while len(app.queue):
        app.step()


def _assert_public_view_hides_standing_numbers(app: App) -> None:
    table = app.scene.view.table
    if table is None:
        return
    for seat in table.seats:
        for panel in seat.row:
            assert panel.revealed or panel.label is None, (seat.name, panel)


def test_a_whole_round_pressed_on_mock_gpio_buttons(tmp_path, mock_pins, quit_pygame):
    app, clock = _app(tmp_path)
    pins = Config().pins
    assert app.gpio is not None and app.gpio.piezo is not None
    assert not app.show_led_strip  # real LEDs: no on-screen strip
    button_pins = pins.button_pins()
    led_pins = pins.seat_led_pins()
    buzzer = mock_pins.pin(pins.buzzer)
    player = AutoPlayer(random.Random(11))
    app.run(max_steps=1)

    saw_turn_led = saw_private = 0
    frames_before = app.stats.frames
    for _ in range(4000):
        view = app.scene.view
        if isinstance(view.screen, RoundEndView | FinalView):
            break
        intents = player.decide(view, app.scene.private)
        assert intents, f"the player is stuck on {view.screen}"
        for intent in intents:
            pin = mock_pins.pin(button_pins[intent.button])
            if isinstance(intent, Press):
                pin.drive_low()  # wired to ground through the button: pressed reads low
            else:
                pin.drive_high()
            _settle(app)
            clock.advance(0.3)  # hands take a moment between edges
            _settle(app)
            _assert_public_view_hides_standing_numbers(app)
            private = app.scene.private
            if private is not None:
                saw_private += 1
                # A private view is on screen only while that seat's button is held.
                seat_pin = mock_pins.pin(button_pins[Button.for_seat(private.seat)])
                assert seat_pin.state is False or seat_pin.state == 0
            screen = app.scene.view.screen
            if isinstance(screen, TurnView) and app.scene.private is None:
                # The seat whose turn it is has its LED lit, the others are dark or blink.
                levels = [bool(mock_pins.pin(p).state) for p in led_pins]
                assert levels[screen.seat]
                leds = app.scene.view.leds
                for seat, state in enumerate(leds):
                    if state is LedState.OFF:
                        assert not levels[seat]
                saw_turn_led += 1
    else:
        pytest.fail("the round did not end")

    assert saw_turn_led and saw_private
    assert app.errors == []
    assert app.stats.frames > frames_before
    # The buzzer played the cues: the piezo's PWM pin was driven at an audible frequency.
    assert Cue.YOUR_TURN in app.cues
    assert Cue.CORRECT in app.cues or Cue.WRONG in app.cues
    deadline = time.monotonic() + 3.0
    while not (buzzer.frequency and buzzer.state) and time.monotonic() < deadline:
        time.sleep(0.005)  # the piezo's own thread plays the tune in real time
    assert any(s.state for s in buzzer.states), "the piezo never sounded"

    # The record replays to the points the round-end screen shows.
    screen = app.scene.view.screen
    app.close()
    paths = app.records.paths
    assert len(paths) == 1
    replay = replay_file(paths[0])
    assert replay.error is None
    summary = replay.summary()
    if isinstance(screen, RoundEndView):
        shown = {p.name: p.total for p in screen.points}
    else:
        shown = {s.name: s.total for s in screen.standings}
    assert dict(zip(summary["players"], summary["totals"], strict=True)) == shown


def test_the_timer_runs_out_in_the_loop_with_cues_and_one_frame_a_second(
    tmp_path, mock_pins, quit_pygame
):
    app, clock = _app(tmp_path, seed=3)
    button_pins = Config().pins.button_pins()
    player = AutoPlayer(random.Random(2))
    app.run(max_steps=1)

    def press_until(done) -> None:
        for _ in range(400):
            if done(app.scene.view):
                return
            for intent in player.decide(app.scene.view, app.scene.private):
                pin = mock_pins.pin(button_pins[intent.button])
                pin.drive_low() if isinstance(intent, Press) else pin.drive_high()
                _settle(app)
        pytest.fail("never got there")

    # Play up to the first decision after a draw: the timer is running.
    press_until(lambda v: isinstance(v.screen, TurnView) and v.timer is not None)
    # Let go of every button and wait: nobody decides.
    for pin_number in button_pins.values():
        mock_pins.pin(pin_number).drive_high()
    _settle(app)
    turn = app.scene.view.screen
    timer = app.scene.view.timer
    assert timer is not None and not timer.paused
    seconds = timer.seconds_left
    cues_before = len(app.cues)
    steps, frames = app.stats.steps, app.stats.frames
    shown: list[int] = []
    start = clock.monotonic()
    while isinstance(app.scene.view.screen, TurnView) and app.scene.view.timer is not None:
        app.step()
        shown.append(app.scene.view.timer.seconds_left if app.scene.view.timer else 0)
        assert clock.monotonic() - start <= seconds + 1, "the timer overran"
    # The loop woke about once a second (not in a busy loop) and drew about one frame each.
    assert app.stats.steps - steps <= seconds + 3
    assert app.stats.frames - frames <= seconds + 3
    assert shown[: seconds - 1] == list(range(seconds - 1, 0, -1))[: len(shown[: seconds - 1])]
    cues = app.cues[cues_before:]
    assert cues.count(Cue.COUNTDOWN) == 5
    assert Cue.TIME_UP in cues and Cue.ONE_MINUTE in cues
    # Time up: the penalty. The player who ran out must now place the drawn panel face up.
    after = app.scene.view.screen
    assert isinstance(after, TurnView) and after.seat == turn.seat
    assert after.step in (TurnStep.CLAIM_FACE_UP, TurnStep.REVEAL_OWN)
    assert app.errors == []
    app.close()

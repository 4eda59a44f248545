"""GPIO edges through gpiozero's real Button and LED on MockFactory pins."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterator

import pytest
from gpiozero import LED, Device
from gpiozero.exc import PinFactoryFallback
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hypothesis import given, settings
from hypothesis import strategies as st
from mock_pins import installed

from coda_pi.devices.gpio import GpioButtons, SeatLeds, SeatLight, open_gpio
from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.referee.shared.signals import Button, Press, Release

BUTTON_PINS: dict[Button, int] = {
    Button.SEAT_1: 5,
    Button.SEAT_2: 6,
    Button.SEAT_3: 16,
    Button.SEAT_4: 26,
    Button.PREV: 17,
    Button.NEXT: 27,
    Button.OK: 22,
    Button.BACK: 23,
}
LED_PINS = (12, 20, 21, 24)
BUZZER_PIN = 13


@pytest.fixture
def mock_pins() -> Iterator[MockFactory]:
    yield from installed()  # plain digital mock pins


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


# --- buttons ---------------------------------------------------------------------------


def test_each_pin_driven_low_presses_its_own_button_and_high_releases_it(mock_pins):
    queue = IntentQueue()
    buttons = GpioButtons(BUTTON_PINS, queue.put)
    try:
        assert queue.drain() == []  # the pull-up holds every idle button high: not pressed
        for button, pin_number in BUTTON_PINS.items():
            pin = mock_pins.pin(pin_number)
            pin.drive_low()
            assert queue.drain() == [Press(button)]
            assert buttons.held == {button}
            pin.drive_high()
            assert queue.drain() == [Release(button)]
            assert buttons.held == set()
    finally:
        buttons.close()


def test_buttons_held_together_are_released_one_by_one(mock_pins):
    queue = IntentQueue()
    buttons = GpioButtons(BUTTON_PINS, queue.put)
    try:
        mock_pins.pin(BUTTON_PINS[Button.SEAT_2]).drive_low()
        mock_pins.pin(BUTTON_PINS[Button.BACK]).drive_low()
        mock_pins.pin(BUTTON_PINS[Button.SEAT_2]).drive_high()
        assert queue.drain() == [Press(Button.SEAT_2), Press(Button.BACK), Release(Button.SEAT_2)]
        assert buttons.held == {Button.BACK}
    finally:
        buttons.close()


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(sorted(BUTTON_PINS, key=str)), st.booleans()), max_size=40)
)
def test_intents_follow_the_pin_levels_exactly(drives):
    """Whatever the levels do, each change of a pin gives one intent and the intents alone
    say which buttons are held (so the referee never sees a press without its release)."""
    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    seen = []
    buttons = GpioButtons(BUTTON_PINS, seen.append)
    try:
        low = set()
        expected = []
        for button, drive_low in drives:
            pin = factory.pin(BUTTON_PINS[button])
            if drive_low:
                pin.drive_low()
                if button not in low:
                    expected.append(Press(button))
                low.add(button)
            else:
                pin.drive_high()
                if button in low:
                    expected.append(Release(button))
                low.discard(button)
        assert seen == expected
        assert buttons.held == low
    finally:
        buttons.close()
        factory.reset()
        Device.pin_factory = previous


def test_closed_buttons_stay_silent_and_free_their_pins(mock_pins):
    seen = []
    buttons = GpioButtons(BUTTON_PINS, seen.append)
    buttons.close()
    mock_pins.pin(BUTTON_PINS[Button.OK]).drive_low()
    assert seen == []
    again = GpioButtons(BUTTON_PINS, seen.append)  # would raise GPIOPinInUse if still held
    try:
        mock_pins.pin(BUTTON_PINS[Button.OK]).drive_high()
        mock_pins.pin(BUTTON_PINS[Button.OK]).drive_low()
        assert seen == [Press(Button.OK)]
    finally:
        again.close()


# --- seat LEDs -------------------------------------------------------------------------


def led_levels(factory: MockFactory) -> list[bool]:
    return [bool(factory.pin(p).state) for p in LED_PINS]


def test_leds_turn_on_and_off_per_seat(mock_pins):
    leds = SeatLeds(LED_PINS)
    try:
        assert led_levels(mock_pins) == [False] * 4
        leds.show([SeatLight.ON, SeatLight.OFF, SeatLight.ON, SeatLight.OFF])
        assert led_levels(mock_pins) == [True, False, True, False]
        leds.show([SeatLight.OFF, SeatLight.ON])  # a two-player game: seats 3 and 4 go dark
        assert led_levels(mock_pins) == [False, True, False, False]
        assert leds.shown == (SeatLight.OFF, SeatLight.ON, SeatLight.OFF, SeatLight.OFF)
    finally:
        leds.close()


def test_more_states_than_leds_is_refused(mock_pins):
    leds = SeatLeds(LED_PINS[:2])
    try:
        with pytest.raises(ValueError):
            leds.show([SeatLight.ON] * 3)
    finally:
        leds.close()


def test_a_blinking_led_goes_on_and_off_by_itself(mock_pins):
    leds = SeatLeds(LED_PINS, blink=(0.02, 0.02))
    try:
        leds.show([SeatLight.OFF, SeatLight.BLINK])
        pin = mock_pins.pin(LED_PINS[1])
        # The LED must go on and then off again without anyone calling show().
        assert wait_until(lambda: [s.state for s in pin.states[1:4]] == [True, False, True])
        assert not any(s.state for s in mock_pins.pin(LED_PINS[0]).states)
    finally:
        leds.close()


def test_showing_the_same_blink_again_does_not_restart_it(mock_pins):
    """The loop re-sends the LED states on every redraw; a restarted blink begins with
    "on", so a blink restarted each time would never go dark."""
    leds = SeatLeds(LED_PINS, blink=(0.03, 0.03))
    try:
        pin = mock_pins.pin(LED_PINS[2])
        states = [SeatLight.OFF, SeatLight.OFF, SeatLight.BLINK, SeatLight.OFF]
        leds.show(states)

        def went_dark_again() -> bool:
            leds.show(states)
            return any(not s.state for s in pin.states[2:])

        assert wait_until(went_dark_again, timeout=3.0)
    finally:
        leds.close()


def test_a_blink_stops_when_the_seat_is_turned_off(mock_pins):
    leds = SeatLeds(LED_PINS, blink=(0.01, 0.01))
    try:
        leds.show([SeatLight.BLINK])
        pin = mock_pins.pin(LED_PINS[0])
        assert wait_until(lambda: len(pin.states) > 3)
        leds.show([SeatLight.OFF])
        settled = len(pin.states)
        time.sleep(0.1)
        assert len(pin.states) == settled
        assert not pin.state
    finally:
        leds.close()


# --- opening it all --------------------------------------------------------------------


def test_open_gpio_builds_buttons_leds_and_piezo(mock_pins):
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    queue = IntentQueue()
    reasons: list[str] = []
    gpio = open_gpio(
        BUTTON_PINS, LED_PINS, queue.put, buzzer_pin=BUZZER_PIN, explain=reasons.append
    )
    assert gpio is not None
    try:
        assert reasons == []
        assert gpio.piezo is not None
        Device.pin_factory.pin(BUTTON_PINS[Button.NEXT]).drive_low()
        assert queue.drain() == [Press(Button.NEXT)]
        gpio.leds.show([SeatLight.ON])
        assert Device.pin_factory.pin(LED_PINS[0]).state
    finally:
        gpio.close()
        Device.pin_factory.reset()


def test_a_buzzer_pin_without_pwm_is_explained_and_the_rest_still_works(mock_pins):
    reasons: list[str] = []
    seen = []
    gpio = open_gpio(
        BUTTON_PINS, LED_PINS, seen.append, buzzer_pin=BUZZER_PIN, explain=reasons.append
    )
    assert gpio is not None
    try:
        assert gpio.piezo is None
        assert len(reasons) == 1 and "GPIO13" in reasons[0] and "\n" not in reasons[0]
        mock_pins.pin(BUTTON_PINS[Button.SEAT_1]).drive_low()
        assert seen == [Press(Button.SEAT_1)]
    finally:
        gpio.close()


def test_close_releases_every_pin(mock_pins):
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    try:
        gpio = open_gpio(BUTTON_PINS, LED_PINS, lambda intent: None, buzzer_pin=BUZZER_PIN)
        assert gpio is not None
        gpio.leds.show([SeatLight.BLINK] * 4)
        gpio.close()
        assert not any(Device.pin_factory.pin(p).state for p in LED_PINS)
        again = open_gpio(BUTTON_PINS, LED_PINS, lambda intent: None, buzzer_pin=BUZZER_PIN)
        assert again is not None and again.piezo is not None
        again.close()
    finally:
        Device.pin_factory.reset()


def test_a_pin_already_in_use_gives_a_reason_and_leaves_nothing_open(mock_pins):
    squatter = LED(BUTTON_PINS[Button.BACK])  # another device already owns BACK's pin
    reasons: list[str] = []
    try:
        assert open_gpio(BUTTON_PINS, LED_PINS, lambda i: None, explain=reasons.append) is None
        assert len(reasons) == 1 and "\n" not in reasons[0]
    finally:
        squatter.close()
    # The buttons opened before the failure were released again.
    gpio = open_gpio(BUTTON_PINS, LED_PINS, lambda i: None)
    assert gpio is not None
    gpio.close()


def test_a_pin_factory_that_does_not_exist_means_no_gpio(monkeypatch, recwarn):
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    reasons: list[str] = []
    assert open_gpio(BUTTON_PINS, LED_PINS, lambda i: None, explain=reasons.append) is None
    assert len(reasons) == 1
    assert "no-such-factory" in reasons[0] and "\n" not in reasons[0]
    assert "Traceback" not in reasons[0]


def test_a_machine_without_gpio_is_told_so_in_one_line(monkeypatch):
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    reasons: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        gpio = open_gpio(BUTTON_PINS, LED_PINS, lambda i: None, explain=reasons.append)
    if gpio is not None:  # pragma: no cover - this machine really has GPIO
        gpio.close()
        pytest.skip("this machine has a working GPIO pin factory")
    assert len(reasons) == 1 and "\n" not in reasons[0]
    assert "No GPIO" in reasons[0]
    # gpiozero's fallback warnings are folded into the reason, not printed on the console.
    assert not [w for w in caught if issubclass(w.category, PinFactoryFallback)]


def test_no_pins_configured_means_keyboard_only():
    reasons: list[str] = []
    assert open_gpio({}, (), lambda i: None, explain=reasons.append) is None
    assert len(reasons) == 1


def test_the_mock_pin_factory_can_be_chosen_by_environment(monkeypatch):
    """``GPIOZERO_PIN_FACTORY`` is honoured: with ``mock`` the default factory is gpiozero's
    MockFactory, and GPIO opens."""
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    gpio = open_gpio(BUTTON_PINS, LED_PINS, lambda i: None)
    try:
        assert gpio is not None
        assert isinstance(Device.pin_factory, MockFactory)
    finally:
        if gpio is not None:
            gpio.close()
        if Device.pin_factory is not None:
            Device.pin_factory.reset()


"""The Pi's own edges: eight buttons, four seat LEDs and the piezo, through gpiozero.

Every class takes plain BCM pin numbers (the pin map lives in the config) and, like
gpiozero itself, an optional keyword-only ``pin_factory``; left out, gpiozero picks its
default factory, which follows ``GPIOZERO_PIN_FACTORY``.

Button callbacks run on gpiozero's threads. They only hand a ``Press`` or ``Release`` to
``sink`` (normally ``IntentQueue.put``), which must be quick and thread-safe: no referee
call and no sleep happens there.

gpiozero itself is imported when pins are opened, not with this module: a machine without
GPIO (a laptop) never loads it, which is about 20 ms of its start (``gpiozero_imported``).
"""

from __future__ import annotations

import importlib
import os
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from coda_pi import log_later
from coda_pi.devices.gpiozero_import import gpiozero_imported
from coda_pi.i18n import _
from coda_pi.referee.shared.signals import Button, Intent, Press, Release
from coda_pi.referee.shared.views import LedState

if TYPE_CHECKING:
    from gpiozero.input_devices import DigitalInputDevice
    from gpiozero.output_devices import LED
    from gpiozero.pins import Factory

    from coda_pi.devices.buzzer import PiezoSounder

log = log_later.getLogger(__name__)

DEFAULT_BOUNCE_TIME = 0.01
"""Seconds of debounce. Under lgpio (kernel gpiod) this is a stability filter, so it also
delays every edge by this much: 10 ms rejects the bounce of ordinary tactile switches while
leaving most of the 20 ms budget from press to frame."""

DEFAULT_BLINK = (0.4, 0.4)
"""Seconds on and off of a blinking seat LED: calm enough to read as "waiting for you"."""


SeatLight = LedState
"""What one seat's LED shows: the referee's own ``LedState`` (off, on, blink), so the loop
hands the view's LED states straight to ``SeatLeds.show``."""


class GpioButtons:
    """One gpiozero input per device button, wired to ground (internal pull-up: pressed
    reads low), each edge handed to ``sink`` as a ``Press`` or ``Release``.

    The inputs are ``DigitalInputDevice``, the base of gpiozero's ``Button`` without its
    hold machinery: the referee times holds itself from Press and Release, and each
    ``Button`` would otherwise run a thread that wakes ten times a second to watch for holds
    (eight of them on an idle device) and takes 0.1 s to stop when closed.
    """

    def __init__(
        self,
        pins: Mapping[Button, int],
        sink: Callable[[Intent], None],
        *,
        pin_factory: Factory | None = None,
        bounce_time: float | None = DEFAULT_BOUNCE_TIME,
    ) -> None:
        with gpiozero_imported():
            from gpiozero.input_devices import DigitalInputDevice
        self._devices: dict[Button, DigitalInputDevice] = {}
        try:
            for button, pin in pins.items():
                device = DigitalInputDevice(
                    pin, pull_up=True, bounce_time=bounce_time, pin_factory=pin_factory
                )
                self._devices[button] = device
                device.when_activated = _emitter(sink, Press(button))
                device.when_deactivated = _emitter(sink, Release(button))
        except BaseException:
            self.close()
            raise

    @property
    def held(self) -> frozenset[Button]:
        """The buttons physically down right now (read from the pins)."""
        return frozenset(button for button, device in self._devices.items() if device.is_active)

    def close(self) -> None:
        """Release every pin; no callback fires afterwards."""
        for device in self._devices.values():
            device.when_activated = None
            device.when_deactivated = None
            device.close()
        self._devices.clear()


def _emitter(sink: Callable[[Intent], None], intent: Intent) -> Callable[[], None]:
    # A function of no arguments, so gpiozero does not pass the device to it.
    def emit() -> None:
        sink(intent)

    return emit


class SeatLeds:
    """The seat LEDs (seat 1 first), each off, on or blinking on gpiozero's own thread."""

    def __init__(
        self,
        pins: Sequence[int],
        *,
        pin_factory: Factory | None = None,
        blink: tuple[float, float] = DEFAULT_BLINK,
    ) -> None:
        with gpiozero_imported():
            from gpiozero.output_devices import LED
        self._on_time, self._off_time = blink
        self._leds: list[LED] = []
        try:
            for pin in pins:
                self._leds.append(LED(pin, pin_factory=pin_factory))
        except BaseException:
            self.close()
            raise
        self._shown: list[LedState] = [LedState.OFF] * len(self._leds)

    @property
    def shown(self) -> tuple[LedState, ...]:
        """What each LED was last told to show."""
        return tuple(self._shown)

    def show(self, states: Sequence[LedState]) -> None:
        """Set every seat at once; seats past the end of ``states`` go dark.

        Only seats whose state changes are touched, so calling this on every frame neither
        flickers a lit LED nor restarts a blink from its beginning.
        """
        if not self._leds:
            return  # closed (or no LEDs wired): nothing to light
        if len(states) > len(self._leds):
            raise ValueError(f"{len(states)} seat states for {len(self._leds)} seat LEDs")
        wanted = list(states) + [LedState.OFF] * (len(self._leds) - len(states))
        for seat, (led, state) in enumerate(zip(self._leds, wanted, strict=True)):
            if self._shown[seat] is state:
                continue
            if state is LedState.ON:
                led.on()
            elif state is LedState.BLINK:
                led.blink(on_time=self._on_time, off_time=self._off_time, background=True)
            else:
                led.off()
            self._shown[seat] = state

    def close(self) -> None:
        """Stop any blink, turn the LEDs off and release their pins."""
        for led in self._leds:
            led.close()
        self._leds.clear()
        self._shown = []


@dataclass(eq=False)
class GpioDevices:
    """Everything on the GPIO header, opened together and closed together."""

    buttons: GpioButtons
    leds: SeatLeds
    piezo: PiezoSounder | None

    def close(self) -> None:
        """Release every pin (the piezo's worker stops first)."""
        if self.piezo is not None:
            self.piezo.close()
        self.leds.close()
        self.buttons.close()


def open_gpio(
    button_pins: Mapping[Button, int],
    led_pins: Sequence[int],
    sink: Callable[[Intent], None],
    *,
    buzzer_pin: int | None = None,
    pin_factory: Factory | None = None,
    bounce_time: float | None = DEFAULT_BOUNCE_TIME,
    blink: tuple[float, float] = DEFAULT_BLINK,
    explain: Callable[[str], None] = log.warning,
) -> GpioDevices | None:
    """Open the buttons, the seat LEDs and (if ``buzzer_pin`` is given) the piezo.

    Returns None when there is no usable GPIO (a laptop, a bad ``GPIOZERO_PIN_FACTORY``, a
    pin taken by another program) after passing ``explain`` one sentence saying why; the
    caller carries on with the keyboard. A piezo that cannot play (a pin factory without PWM)
    is explained too, and the rest of the GPIO is kept: ``piezo`` is then None.
    """
    if not button_pins and not led_pins and buzzer_pin is None:
        # The config switches GPIO off this way when its pin map has an error.
        explain(_("GPIO is off: no pins are configured; using the keyboard."))
        return None
    try:
        factory = pin_factory if pin_factory is not None else _default_factory()
    except _NoPinFactory as missing:
        explain(str(missing))
        return None

    buttons: GpioButtons | None = None
    leds: SeatLeds | None = None
    try:
        buttons = GpioButtons(button_pins, sink, pin_factory=factory, bounce_time=bounce_time)
        leds = SeatLeds(led_pins, pin_factory=factory, blink=blink)
    # Anything at all: a missing permission, a pin in use, a driver's RuntimeError. The
    # device must start with the keyboard rather than crash-loop on a wiring problem.
    except Exception as error:
        if buttons is not None:
            buttons.close()
        explain(_("GPIO pins could not be opened ({why}); using the keyboard.").format(
            why=_describe(error)))
        return None

    piezo: PiezoSounder | None = None
    if buzzer_pin is not None:
        try:
            from coda_pi.devices.buzzer import PiezoSounder  # with the pins, after the first frame

            piezo = PiezoSounder(buzzer_pin, pin_factory=factory)
        except Exception as error:
            explain(_("The buzzer on GPIO{pin} cannot play ({why}).").format(
                pin=buzzer_pin, why=_describe(error)))
    return GpioDevices(buttons=buttons, leds=leds, piezo=piezo)


class _NoPinFactory(Exception):
    """No gpiozero pin factory could be loaded; the message is for a person."""


def _default_factory() -> Factory:
    """gpiozero's default pin factory, or ``_NoPinFactory`` with a readable reason.

    gpiozero tries lgpio, RPi.GPIO, pigpio and its native driver in turn, warning
    ``PinFactoryFallback`` for each that fails, and raises ``BadPinFactory`` when none loads
    (or when ``GPIOZERO_PIN_FACTORY`` names no factory). Naming an uninstalled one raises
    the import's own error instead. Where none of them could work (no factory named, no
    GPIO device in /dev, no remote pigpio daemon) gpiozero is not even imported.
    """
    chosen = sys.modules.get("gpiozero.devices")
    if chosen is None or chosen.Device.pin_factory is None:
        missing = why_no_gpio_here()
        if missing is not None:
            raise _NoPinFactory(_("No GPIO on this machine ({why}); using the keyboard.").format(
                why=missing))
    with gpiozero_imported():
        from gpiozero.devices import Device
        from gpiozero.exc import BadPinFactory, PinFactoryFallback

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", PinFactoryFallback)
            try:
                if Device.pin_factory is None:
                    Device.pin_factory = _named_factory()
                Device.ensure_pin_factory()
            except BadPinFactory as error:
                tried = [str(w.message) for w in caught
                         if issubclass(w.category, PinFactoryFallback)]
                if tried:
                    # "Falling back from lgpio: No module named 'lgpio'" -> "lgpio: No module ..."
                    reasons = "; ".join(t.removeprefix("Falling back from ") for t in tried)
                    raise _NoPinFactory(_(
                        "No GPIO on this machine ({why}); using the keyboard.").format(
                            why=reasons)) from None
                raise _NoPinFactory(_("No GPIO: {why}; using the keyboard.").format(
                    why=error)) from None
            except Exception as error:
                raise _NoPinFactory(_(
                    "No GPIO: the pin factory did not load ({why}); using the keyboard."
                ).format(why=_describe(error))) from None
    factory = Device.pin_factory
    assert factory is not None
    return factory


def why_no_gpio_here() -> str | None:
    """Why no gpiozero pin factory could load on this machine, said without loading one;
    None when one might. Every factory gpiozero tries by default needs a device the kernel
    makes for GPIO (lgpio a /dev/gpiochip, RPi.GPIO and the native driver /dev/gpiomem or a
    Pi's /dev/mem, pigpio a daemon that runs on a Pi unless PIGPIO_ADDR points elsewhere),
    and every Pi kernel makes /dev/gpiochip0."""
    if os.environ.get("GPIOZERO_PIN_FACTORY") or os.environ.get("PIGPIO_ADDR"):
        return None
    try:
        devices = os.listdir("/dev")
    except OSError:
        return None
    if any(name.startswith(("gpiochip", "gpiomem")) for name in devices):
        return None
    return _("no /dev/gpiochip or /dev/gpiomem")


# gpiozero's own pin factories and mock pins, by the names GPIOZERO_PIN_FACTORY and
# GPIOZERO_MOCK_PIN_CLASS take (its entry points). Found here by name, so that naming one
# does not scan every installed package's metadata; any other name is left to gpiozero.
_FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
    "pigpio": ("gpiozero.pins.pigpio", "PiGPIOFactory"),
    "native": ("gpiozero.pins.native", "NativeFactory"),
    "mock": ("gpiozero.pins.mock", "MockFactory"),
}
_MOCK_PINS = {"mockpin": "MockPin", "mockpwmpin": "MockPWMPin",
              "mockchargingpin": "MockChargingPin", "mocktriggerpin": "MockTriggerPin"}


def _named_factory() -> Factory | None:
    """The factory GPIOZERO_PIN_FACTORY names, if it is one of gpiozero's own."""
    name = os.environ.get("GPIOZERO_PIN_FACTORY", "").lower()
    if name not in _FACTORIES:
        return None
    module_name, class_name = _FACTORIES[name]
    module = importlib.import_module(module_name)
    if name != "mock":
        return getattr(module, class_name)()  # type: ignore[no-any-return]
    pin_class = _MOCK_PINS.get(os.environ.get("GPIOZERO_MOCK_PIN_CLASS", "mockpin").lower())
    if pin_class is None:
        return None  # gpiozero says what is wrong with the name
    return module.MockFactory(pin_class=getattr(module, pin_class))  # type: ignore[no-any-return]


def _describe(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__

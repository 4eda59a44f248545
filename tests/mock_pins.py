"""gpiozero's MockFactory installed as the default pin factory for one test, then reset."""

from __future__ import annotations

from collections.abc import Iterator

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin


def installed(pin_class: type[MockPin] | None = None) -> Iterator[MockFactory]:
    """Yields a fresh MockFactory as ``Device.pin_factory``; puts the old one back after."""
    previous = Device.pin_factory
    factory = MockFactory() if pin_class is None else MockFactory(pin_class=pin_class)
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = previous

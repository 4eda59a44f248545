"""Fixtures several test files share."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hypothesis import HealthCheck, settings
from mock_pins import installed

# Hypothesis's per-example deadline is a timing assertion: on a loaded 2-core machine, under
# qemu-user or on a Pi it fails tests whose behaviour is right. Speed is measured in bench/.
settings.register_profile(
    "coda-pi", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("coda-pi")


@pytest.fixture
def mock_pins() -> Iterator[MockFactory]:
    """Mock GPIO pins (PWM-capable, for the buzzer) for the device under test."""
    yield from installed(MockPWMPin)


@pytest.fixture
def quit_pygame() -> Iterator[None]:
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English, whatever the developer's locale (the CLI follows
    $LANG); a test that switches language cannot leak it into the next."""
    from coda_pi import i18n

    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")

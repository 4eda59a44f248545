"""Fixtures several test files share."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from mock_pins import installed


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

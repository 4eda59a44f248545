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

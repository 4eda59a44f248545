"""Fixtures several test files share."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator

import pygame
import pytest
from club_browser import Browser
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hypothesis import HealthCheck, settings
from mock_pins import installed

pytest_plugins = (
    "bytecode_kept",  # compiled test modules kept in .venv/pycache between runs
    "longest_first",  # the longest tests start first, one on each worker
)
if os.environ.get("CODA_PI_CPU_LOG"):
    pytest_plugins += ("cpu_meter",)  # each test's CPU time, written down (tools/cpu-table)

# The phones' door runs at the idle scheduling class on a device (issue 30); here the
# suite's own workers keep both CPUs busy, and a door that got a CPU only when they rest
# would time out tests of what it does. test_phones_hostile_priority checks the class.
os.environ.setdefault("CODA_PI_DOOR_CLASS", "normal")

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


@pytest.fixture(scope="session")
def _worker_chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    browser = Browser(tmp_path_factory.mktemp("chromium") / "profile", 390, 844)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def phone_browser(_worker_chromium: Browser) -> Iterator[Browser]:
    """A headless chromium at a phone's size, one for all the tests a worker runs with it
    (starting one is 0.4 s of CPU and most of a second of wall time, and the three modules
    using it each started their own); each phone a test opens is a browser context of its
    own (tests/phone_tabs.py), closed after the test, so no page of it polls on."""
    browser = _worker_chromium
    browser.session = None
    try:
        yield browser
    finally:
        browser.session = None
        contexts = browser.call("Target.getBrowserContexts")["browserContextIds"]
        for context in contexts:
            browser.call("Target.disposeBrowserContext", {"browserContextId": context})


def pytest_collection_finish(session: pytest.Session) -> None:
    # The collected tests, their modules and everything those imported live to the end of
    # the run: left in the collector's oldest generation, every full collection walked all
    # of them again (185,000 objects after the whole suite's collection; frozen, the twin
    # machine's garbage collections cost 0.65 s of CPU instead of 0.9 s, same examples).
    gc.collect()
    gc.freeze()

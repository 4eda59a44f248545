"""Phones on in the config, and their port taken by another program: the table is told on
its first screen, in words it can act on, and plays on with the seat buttons. It was told
only in the log (a table at the appliance, with buttons and no terminal, saw a setup with
no phones' code and no word why), and, when it pressed "Turn phones on", "the address is
already in use", with no way forward; the sentence is whole on the smallest screen."""

from __future__ import annotations

import random
import socket
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from coda_pi.app import DeviceOptions, build_app
from coda_pi.config import Config, PhonesConfig, ScreenConfig
from coda_pi.i18n import in_language
from coda_pi.phones.start import start_phones
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import BannerKind, SetupView
from coda_pi.ui.screens import draw_scene
from coda_pi.ui.text import recording_text


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port another program listens on (on loopback: the device's own bind to every
    address is then refused, and nothing of the test's ever listens beyond loopback)."""
    other = socket.socket()
    other.bind(("127.0.0.1", 0))
    other.listen()
    try:
        yield other.getsockname()[1]
    finally:
        other.close()


def _app(tmp_path: Path, port: int, language: str = "en"):
    config = Config(data_dir=tmp_path / "data", screen=ScreenConfig(language=language),
                    phones=PhonesConfig(enabled=True, port=port, said=True))
    options = DeviceOptions(config=config, size=SMALLEST, fullscreen=False, resume=False,
                            setup=SetupDefaults(names=("Ann", "Ben"), players=2,
                                                language=language),
                            bounce_time=None, gpio=False, sound=False)
    return build_app(options, rng=random.Random(3), explain=lambda text: None)


SMALLEST = (320, 240)
WORDS = {"en": ("port {port}", "another program", "seat buttons"),
         "es": ("puerto {port}", "otro programa", "los botones")}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_first_screen_says_why_phones_are_off_and_that_the_buttons_work(
        tmp_path: Path, taken_port: int, language: str) -> None:
    # coda-pi run sets the config's language before it builds the device.
    with in_language(language):
        app = _app(tmp_path, taken_port, language)
    try:
        assert app.phones is None
        app.run(max_steps=1)
        view = app.scene.view
        assert isinstance(view.screen, SetupView)
        assert view.banner is not None and view.banner.kind is BannerKind.ERROR
        text = view.banner.text
        for words in WORDS[language]:  # why, and the way forward at the table
            assert words.format(port=taken_port) in text, text
        # Whole on the smallest screen: no line of it outside the header.
        with in_language(language), recording_text() as drawn:
            draw_scene(pygame.Surface(SMALLEST), app.scene)
        assert [d.text for d in drawn if d.overflows] == []
        # The table plays on: OK starts the game as ever.
        app.queue.put(Press(Button.OK))
        app.queue.put(Release(Button.OK))
        app.run(max_steps=3)
        assert app.referee.game is not None
        assert app.errors == []
    finally:
        app.close()
        pygame.quit()


def test_turning_phones_on_says_the_same_in_spanish(tmp_path: Path, taken_port: int) -> None:
    said: list[str] = []
    with in_language("es"):
        phones = start_phones(None, tmp_path, port=taken_port, host="127.0.0.1",  # type: ignore[arg-type]
                              explain=said.append)
    assert phones is None
    assert len(said) == 1
    for words in WORDS["es"]:
        assert words.format(port=taken_port) in said[0], said[0]
    assert "already in use" not in said[0]

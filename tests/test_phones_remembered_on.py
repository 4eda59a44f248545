"""Phones turned on from the device's menu are on again after a restart (issue 32, item 3),
kept in the data directory as the remembered setup is; the config wins where it says
``enabled`` (off included); a damaged file means off and never stops the device."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

import coda_pi.phones.start
from coda_pi.app import App, DeviceOptions, build_app
from coda_pi.app.build import _phones_starter
from coda_pi.config import Config, load_config
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.remembered_phones import path_in


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The device's own start binds every address at its port; the tests', loopback only
    at a free port."""
    start = coda_pi.phones.start.start_phones

    def on_loopback(*args: Any, **kwargs: Any) -> Any:
        kwargs.update(host="127.0.0.1", port=0)
        return start(*args, **kwargs)

    monkeypatch.setattr(coda_pi.phones.start, "start_phones", on_loopback)


def _device(config: Config) -> App:
    options = DeviceOptions(config=config, size=(480, 320), fullscreen=False, resume=False,
                            setup=SetupDefaults(names=("Ann", "Ben"), players=2, timer=False),
                            bounce_time=None, gpio=False, sound=False)
    return build_app(options, rng=random.Random(3), explain=lambda text: None)


def _restarted(config: Config, check: Callable[[App], None]) -> None:
    app = _device(config)
    try:
        check(app)
    finally:
        app.close()
        pygame.quit()


def _turned_on_from_the_menu(data: Path) -> None:
    def turn_on(app: App) -> None:
        assert app.phones is None  # off in the config (it says nothing)
        # What the menu's "Turn phones on" (the setup's or BACK's) runs.
        assert _phones_starter(app, data, 0, host="127.0.0.1")() is not None
        assert app.phones is not None

    _restarted(Config(data_dir=data), turn_on)


def test_phones_turned_on_from_the_menu_are_on_after_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _turned_on_from_the_menu(data)
    assert path_in(data).exists()

    def on_again(app: App) -> None:
        assert app.phones is not None and app.companion is app.phones.bridge
        assert app.referee.view().screen.phones is not None  # the setup's QR code

    _restarted(Config(data_dir=data), on_again)


def test_the_config_saying_off_wins(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _turned_on_from_the_menu(data)
    file = tmp_path / "coda-pi.toml"
    file.write_text(f'[data]\ndirectory = "{data}"\n[phones]\nenabled = false\n')
    config, problems = load_config(file)
    assert problems == [] and config.data_dir == data
    assert config.phones.said and not config.phones.enabled

    def off(app: App) -> None:
        assert app.phones is None

    _restarted(config, off)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"on": "yes"}', '{"on": 1}'])
def test_a_damaged_file_means_off(tmp_path: Path, text: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    path_in(data).write_text(text)

    def off(app: App) -> None:
        assert app.phones is None

    _restarted(Config(data_dir=data), off)

"""A device whose config file is missing (issue 22, item 3): the service names
/etc/coda-pi/config.toml, and a device without it must still come up with its buttons on
their default pins, so that the OK button dismisses the notice; the notice names the
config file once."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses

from coda_pi.app import DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.cli.run import load_config_with_notices
from coda_pi.config import DEFAULT_PINS
from coda_pi.referee.shared.views import ConfirmView, SetupView


def test_a_missing_config_leaves_the_buttons_on_their_default_pins(
        tmp_path, mock_pins, quit_pygame, capsys):
    config, notices = load_config_with_notices(tmp_path / "etc" / "config.toml")
    config = dataclasses.replace(config, data_dir=tmp_path / "data")
    said = capsys.readouterr().err
    assert "does not exist" in said and said.lower().count("config file") == 1
    clock = FakeClock()
    app = build_app(DeviceOptions(config=config, size=(480, 320), fullscreen=False,
                                  resume=True, notices=notices, bounce_time=None),
                    clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None)
    try:
        assert app.gpio is not None, "GPIO was switched off: a button-only device is stranded"
        app.run(max_steps=1)
        notice = app.scene.view.overlay
        assert isinstance(notice, ConfirmView) and "does not exist" in notice.text
        assert notice.text.lower().count("config file") == 1, notice.text
        ok = mock_pins.pin(DEFAULT_PINS["ok"])
        ok.drive_low()  # the OK button, pressed and let go, as a player would
        app.step()
        ok.drive_high()
        app.step()
        while len(app.queue):
            app.step()
        assert app.scene.view.overlay is None
        assert isinstance(app.scene.view.screen, SetupView)
    finally:
        app.close()

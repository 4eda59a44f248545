"""A config mistake costs only what it names (issue 35, item 1).

A button-only device with a typo in ``[players]`` must keep its buttons, LEDs and buzzer; where
the pins are truly unknown it keeps what is safe on any wiring (the buttons read through their
pull-ups on their default pins, nothing driven); the start notice closes with whatever button
the device has, or by itself, and says in words when outputs are off and why; the doctor names
the table that is wrong, and never "None"."""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.cli.run import load_config_with_notices
from coda_pi.config import DEFAULT_PINS, load_config
from coda_pi.doctor import System, run_checks
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import ConfirmView

ENV = {"HOME": "/nonexistent"}
DEFAULT_BUTTONS = {b: DEFAULT_PINS[b.value] for b in Button}
DEFAULT_LEDS = tuple(DEFAULT_PINS[f"seat{i}_led"] for i in range(1, 5))

# The issue's own case: an unclosed quote in [players], [pins] fine and moved off defaults.
PLAYERS_TYPO = """\
[pins]
ok = 2
back = 3

[players]
names = ["Ann", "Ben]

[timer]
first_seconds = 90
"""


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def write(tmp_path: Path, body: str | bytes) -> Path:
    path = tmp_path / "config.toml"
    path.write_bytes(body if isinstance(body, bytes) else body.encode())
    return path


def test_a_typo_in_players_leaves_every_pin_working(tmp_path):
    config, problems = load_config(write(tmp_path, PLAYERS_TYPO), env=ENV)
    assert config.pins.button_pins()[Button.OK] == 2
    assert config.pins.button_pins()[Button.BACK] == 3
    assert len(config.pins.button_pins()) == len(Button)
    assert config.pins.seat_led_pins() == DEFAULT_LEDS
    assert config.pins.buzzer_pin == DEFAULT_PINS["buzzer"]
    assert config.timer.first_seconds == 90  # the tables after it count too
    errors = [p for p in problems if p.severity == "error"]
    assert [p.key for p in errors] == ["players"] and "line 6" in errors[0].message
    assert not any("off" in p.message for p in problems)


def test_a_file_without_pins_that_does_not_parse_keeps_the_default_pins_on(tmp_path):
    config, _ = load_config(write(tmp_path, '[players]\nnames = ["Ann"\n'), env=ENV)
    assert config.pins.button_pins() == DEFAULT_BUTTONS
    assert config.pins.seat_led_pins() == DEFAULT_LEDS


def test_a_name_that_is_not_utf8_costs_the_players_table_only(tmp_path):
    body = '[pins]\nok = 2\n\n[players]\nnames = ["Jos\xe9"]\n'.encode("latin-1")
    config, problems = load_config(write(tmp_path, body), env=ENV)
    assert config.pins.button_pins()[Button.OK] == 2
    assert config.pins.seat_led_pins() == DEFAULT_LEDS
    assert config.players.names[0] == "Seat 1"  # not a name with a replacement character
    (bad,) = [p for p in problems if p.severity == "error"]
    assert bad.key == "players" and "line 5" in bad.message and "UTF-8" in bad.message


@pytest.mark.parametrize("body", [
    # A multi-line string left open may have been meant to hold the lines after it.
    '[club]\npassword = """abc\n[pins]\nok = 2\n',
    # Two [pins], a [pins.x] or a top-level pins key in a broken file: which one is meant?
    '[pins]\nok = 2\n[players]\nnames = [1\n[pins]\nok = 3\n',
    '[pins]\nok = 2\n[players]\nnames = [1\n[pins.extra]\nled = 4\n',
    'pins.ok = 2\n[players]\nnames = [1\n[pins]\nok = 3\n',
    # A header that is itself broken.
    '[players]\nnames = ["a"]\n[pins\nok = 2\n',
])
def test_pins_that_cannot_be_told_apart_keep_only_the_buttons_on_their_default_pins(
    tmp_path, body
):
    config, problems = load_config(write(tmp_path, body), env=ENV)
    assert config.pins.button_pins() == DEFAULT_BUTTONS
    assert config.pins.seat_led_pins() == () and config.pins.buzzer_pin is None
    said = [p.message for p in problems if p.key == "pins"]
    assert any("buttons are read on their default pins" in m and "short" in m for m in said)


def test_a_file_that_cannot_be_read_keeps_the_buttons_and_drives_nothing(tmp_path):
    unreadable = tmp_path / "config.toml"
    unreadable.mkdir()  # as unreadable as a file can be, whoever runs the test
    config, problems = load_config(unreadable, env=ENV)
    assert config.pins.button_pins() == DEFAULT_BUTTONS
    assert config.pins.seat_led_pins() == () and config.pins.buzzer_pin is None
    assert "seat LEDs and the buzzer are off" in problems[0].message


def test_a_wrong_pin_key_keeps_the_right_buttons_where_the_file_puts_them(tmp_path):
    # Header pin 16 given as a BCM number is fine, 40 is not: the map is in doubt, so no
    # output is driven, but every button is still read.
    config, problems = load_config(write(tmp_path, "[pins]\nok = 2\nseat1_led = 40\n"), env=ENV)
    assert config.pins.button_pins() == {**DEFAULT_BUTTONS, Button.OK: 2}
    assert config.pins.seat_led_pins() == () and config.pins.buzzer_pin is None
    assert any("seat LEDs and the buzzer are off" in p.message for p in problems)


# --- the start notice ---------------------------------------------------------------------


def start(tmp_path: Path, body: str) -> tuple[App, FakeClock]:
    config, notices = load_config_with_notices(write(tmp_path, body))
    clock = FakeClock()
    options = DeviceOptions(config=config, data_dir=tmp_path / "data", size=(320, 240),
                            fullscreen=False, sound=False, gpio=False, resume=False,
                            notices=notices, setup=SetupDefaults(players=2))
    app = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock),
                    rng=random.Random(1), explain=lambda text: None)
    app.update()
    return app, clock


def notice_text(app: App) -> str:
    overlay = app.scene.view.overlay
    assert isinstance(overlay, ConfirmView), overlay
    return f"{overlay.title}: {overlay.text}"


@pytest.mark.parametrize("button", [Button.SEAT_1, Button.NEXT, Button.SEAT_4])
def test_any_button_the_device_has_closes_the_start_notice(tmp_path, button):
    app, _ = start(tmp_path, PLAYERS_TYPO)
    under = app.scene.view.screen
    assert "line 6" in notice_text(app)
    app.queue.put(Press(button))
    app.queue.put(Release(button))
    app.update()
    assert app.scene.view.overlay is None
    assert app.scene.view.screen == under  # the press did not slip under the notice
    app.close()


def test_the_start_notice_closes_by_itself_within_a_minute(tmp_path):
    app, clock = start(tmp_path, PLAYERS_TYPO)
    assert app.referee.next_deadline() is not None  # the loop wakes for it, nothing polls
    clock.advance(5)  # long enough to be read
    app.update()
    assert app.scene.view.overlay is not None
    clock.advance(55)
    app.update()
    assert app.scene.view.overlay is None
    app.close()


def test_the_notice_says_the_outputs_are_off_and_why_even_when_another_problem_came_first(
    tmp_path
):
    body = '[players]\nnames = ["Ann", "Ben]\n[pins]\nok = 40\n'
    app, _ = start(tmp_path, body)
    text = notice_text(app)
    # What is off, and why, comes first: the rest (the [players] line) is in the log.
    assert "seat LEDs and the buzzer are off" in text and "short a button" in text
    assert "More in the log" in text
    app.close()


# --- the doctor ---------------------------------------------------------------------------


def doctor(tmp_path: Path, config: Path | None, env: dict[str, str]) -> list:
    system = System(device_tree_model=tmp_path / "model", systemd_dir=tmp_path / "systemd",
                    kill_switch=tmp_path / "disabled", drm_dir=tmp_path / "drm",
                    process_maps=tmp_path / "maps", use_systemctl=False,
                    env={"HOME": str(tmp_path), "GPIOZERO_PIN_FACTORY": "mock", **env})
    return [c for c in run_checks(config, system=system) if c.section == "Config"]


def test_doctor_with_the_services_missing_config_names_the_file_never_none(tmp_path):
    missing = tmp_path / "etc" / "config.toml"
    checks = doctor(tmp_path, None, {"CODA_PI_CONFIG": str(missing)})
    said = " ".join(f"{c.message} {c.fix}" for c in checks)
    assert "None" not in said
    assert str(missing) in checks[0].message


def test_doctor_names_the_broken_table_and_leaves_pins_alone(tmp_path):
    checks = doctor(tmp_path, write(tmp_path, PLAYERS_TYPO), {})
    broken = next(c for c in checks if "line 6" in c.message)
    assert "[players]" in broken.fix
    assert not any("fix the pins" in c.fix or "off" in c.message for c in checks)


def test_a_pi_whose_buttons_cannot_be_opened_says_so_on_its_first_screen(tmp_path, monkeypatch):
    from gpiozero import Device, DigitalInputDevice
    from gpiozero.pins.mock import MockFactory

    from coda_pi.app import build

    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    monkeypatch.setattr(build, "DEVICE_TREE_MODEL", model)
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    held = DigitalInputDevice(DEFAULT_PINS["ok"])  # another program holds OK's pin
    try:
        clock = FakeClock()
        config, _ = load_config(write(tmp_path, "[timer]\nfirst_seconds = 90\n"), env=ENV)
        app = build_app(DeviceOptions(config=config, data_dir=tmp_path / "data",
                                      size=(320, 240), fullscreen=False, sound=False,
                                      resume=False, setup=SetupDefaults(players=2)),
                        clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                        explain=lambda text: None)
        app.update()
        text = notice_text(app)
        assert "buttons, the seat LEDs and the buzzer are off" in text
        assert "could not be opened" in text
        app.close()
    finally:
        held.close()
        Device.pin_factory.close()
        Device.pin_factory = saved


def test_a_laptop_without_gpio_starts_without_a_notice(tmp_path, monkeypatch):
    from coda_pi.app import build

    monkeypatch.setattr(build, "DEVICE_TREE_MODEL", tmp_path / "no-model")
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    clock = FakeClock()
    config, _ = load_config(write(tmp_path, "[timer]\nfirst_seconds = 90\n"), env=ENV)
    app = build_app(DeviceOptions(config=config, data_dir=tmp_path / "data", size=(320, 240),
                                  fullscreen=False, sound=False, resume=False,
                                  setup=SetupDefaults(players=2)),
                    clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None)
    app.update()
    assert app.gpio is None and app.scene.view.overlay is None
    app.close()

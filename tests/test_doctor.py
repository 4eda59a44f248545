"""`coda-pi doctor` on plain Linux with mock pins, and on fake Pis built in a temp directory."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from capabilities import mixer_problem
from gpiozero import LED, Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from coda_pi.cli import main
from coda_pi.config import DEFAULT_PINS, PIN_KEYS
from coda_pi.doctor import (
    SERVICE_NAME,
    System,
    _sdl_library_has_kmsdrm,
    drm_cards,
    exit_code,
    format_text,
    pi_model,
    run_checks,
)

SECTIONS = ["Python and packages", "Board", "Config", "GPIO", "Display", "Sound", "Data",
            "Service"]


@pytest.fixture(autouse=True)
def plain_linux(monkeypatch, tmp_path):
    """A user with an empty home, SDL's dummy drivers and gpiozero's mock pins."""
    for name in ("CODA_PI_CONFIG", "CODA_PI_DATA", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    saved = Device.pin_factory
    Device.pin_factory = None
    yield
    if Device.pin_factory is not None:
        Device.pin_factory.close()
    Device.pin_factory = saved


class ShortedPin(MockPWMPin):
    """A pin wired straight to ground: the pull-up cannot lift it."""

    def _set_pull(self, value):
        super()._set_pull(value)
        self.drive_low()


def fake_system(root: Path, **kw) -> System:
    """A System whose files live under root; no systemctl, the real environment."""
    return System(
        device_tree_model=root / "model",
        systemd_dir=root / "systemd",
        kill_switch=root / "disabled",
        drm_dir=root / "drm",
        process_maps=Path("/proc/self/maps"),
        use_systemctl=False,
        env=os.environ,
        **kw,
    )


def statuses(checks, section):
    return [(c.status, c.message) for c in checks if c.section == section]


on_plain_linux = pytest.mark.skipif(pi_model(System()) is not None,
                                    reason="expects a machine that is not a Raspberry Pi")


@on_plain_linux
def test_plain_linux_prints_every_section_and_passes(capsys, tmp_path):
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    positions = [out.index(f"\n{section}\n") for section in SECTIONS]
    assert positions == sorted(positions), "sections out of order"
    for key in PIN_KEYS:
        assert f"pins.{key} = GPIO {DEFAULT_PINS[key]} " in out
    assert "MockFactory" in out
    assert "SDL video driver: dummy" in out
    if mixer_problem() is None:
        assert "sound device open" in out
    else:  # a missing mixer is a warning with its fix, never a failure
        assert "no sound device (mixer module not available" in out
    assert str(tmp_path / "share" / "coda-pi") in out and "writable" in out
    assert "not a Raspberry Pi" in out
    assert "0 FAIL: ready" in out
    # Every line is a verdict, and every WARN or FAIL says how to fix it.
    lines = [ln for ln in out.splitlines()[1:] if ln.startswith("  ")]
    for line, nxt in zip(lines, [*lines[1:], ""], strict=True):
        if line.startswith("        fix: "):
            continue
        assert line[2:6].strip() in {"OK", "WARN", "FAIL"}, line
        if line[2:6].strip() != "OK":
            assert nxt.startswith("        fix: "), line


@on_plain_linux
def test_json_output_has_every_check(capsys):
    assert main(["doctor", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["ok"] is True and doc["counts"]["FAIL"] == 0
    assert [s for s in SECTIONS if any(c["section"] == s for c in doc["checks"])] == SECTIONS
    assert all(c["fix"] for c in doc["checks"] if c["status"] != "OK")


def test_config_mistakes_fail_and_name_the_key(tmp_path, capsys):
    cfg = tmp_path / "config.toml"
    cfg.write_text("[pins]\nok = 8\n[timer]\nfirst_seconds = 5\n")
    assert main(["doctor", "--config", str(cfg)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  pins.ok: GPIO 8 is reserved" in out
    assert "FAIL  timer.first_seconds: 5 is out of range" in out
    assert "the seat LEDs and the buzzer are off because the pin map is in doubt" in out
    # The outputs are not opened even by the doctor: the pin may be wired to a button.
    assert "pins.buzzer = GPIO 13 (header pin 33): not opened (the outputs are off)" in out
    assert "NOT ready" in out


def test_missing_config_file_fails(tmp_path, capsys):
    assert main(["doctor", "--config", str(tmp_path / "none.toml")]) == 1
    assert "does not exist" in capsys.readouterr().out


def test_pins_open_through_the_factory_and_a_stuck_button_warns(tmp_path):
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    factory.pin(DEFAULT_PINS["ok"], pin_class=ShortedPin)  # the OK wire touches ground
    checks = run_checks(None, system=fake_system(tmp_path))
    gpio = statuses(checks, "GPIO")
    ok_line = next(c for c in gpio if c[1].startswith("pins.ok "))
    assert ok_line[0] == "WARN" and "reads pressed" in ok_line[1]
    buzzer = next(c for c in gpio if c[1].startswith("pins.buzzer "))
    assert buzzer == ("OK", buzzer[1]) and "TonalBuzzer" in buzzer[1]
    seat1 = next(c for c in gpio if c[1].startswith("pins.seat1 "))
    assert seat1[0] == "OK" and "reads released" in seat1[1]
    # The doctor closes what it opened: the app can take every pin straight after.
    opened = [LED(p) for p in DEFAULT_PINS.values()]  # GPIOPinInUse if one were still held
    for device in opened:
        device.close()


def test_fake_pi5_without_lgpio_fails(tmp_path):
    (tmp_path / "model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    checks = run_checks(None, system=fake_system(tmp_path))
    assert statuses(checks, "Board")[0] == ("OK", statuses(checks, "Board")[0][1])
    assert "Raspberry Pi 5" in statuses(checks, "Board")[0][1]
    python = statuses(checks, "Python and packages")
    try:
        import lgpio  # noqa: F401

        lgpio_missing = False
    except ImportError:
        lgpio_missing = True
    assert any(s == "FAIL" and "needs lgpio" in m for s, m in python) is lgpio_missing
    service = statuses(checks, "Service")
    assert service[0][0] == "WARN" and "not installed" in service[0][1]
    # A Pi with the pip wheel's SDL (no kmsdrm) cannot be the appliance.
    display = statuses(checks, "Display")
    kmsdrm_missing = _sdl_library_has_kmsdrm(System()) is False
    assert any(s == "FAIL" and "kmsdrm" in m for s, m in display) is kmsdrm_missing
    if lgpio_missing or kmsdrm_missing:
        assert exit_code(checks) == 1


def test_service_installed_enabled_and_kill_switch(tmp_path):
    system = fake_system(tmp_path)
    (tmp_path / "systemd" / "multi-user.target.wants").mkdir(parents=True)
    unit = tmp_path / "systemd" / SERVICE_NAME
    unit.write_text("[Service]\n")
    service = statuses(run_checks(None, system=system), "Service")
    assert service[0][0] == "WARN" and "installed but disabled" in service[0][1]
    (tmp_path / "systemd" / "multi-user.target.wants" / SERVICE_NAME).symlink_to(unit)
    (tmp_path / "disabled").touch()
    service = statuses(run_checks(None, system=system), "Service")
    assert service[0] == ("OK", f"{SERVICE_NAME} installed ({unit}) and enabled")
    assert service[1][0] == "WARN" and "kill switch" in service[1][1]


def test_unwritable_data_directory_fails(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[data]\ndirectory = "{blocker / "records"}"\n')
    checks = run_checks(cfg, system=fake_system(tmp_path))
    data = statuses(checks, "Data")
    assert data[0][0] == "FAIL" and "not writable" in data[0][1]
    assert exit_code(checks) == 1
    assert "fix: set data.directory" in format_text(checks)


def test_drm_cards_and_two_lit_screens_warn(tmp_path):
    drm = tmp_path / "drm"
    drivers = tmp_path / "drivers"
    for card, driver, conns in (
        ("card0", "v3d", {}),
        ("card1", "vc4-drm", {"HDMI-A-1": "connected", "HDMI-A-2": "disconnected"}),
        ("card2", "panel-mipi-dbi-spi", {"SPI-1": "connected"}),
    ):
        (drm / card / "device").mkdir(parents=True)
        (drivers / driver).mkdir(parents=True)
        (drm / card / "device" / "driver").symlink_to(drivers / driver)
        for conn, status in conns.items():
            (drm / f"{card}-{conn}").mkdir()
            (drm / f"{card}-{conn}" / "status").write_text(status + "\n")
    system = fake_system(tmp_path)
    assert drm_cards(system) == [
        ("card0", "v3d", []),
        ("card1", "vc4-drm", [("HDMI-A-1", "connected"), ("HDMI-A-2", "disconnected")]),
        ("card2", "panel-mipi-dbi-spi", [("SPI-1", "connected")]),
    ]
    display = statuses(run_checks(None, system=system), "Display")
    warn = next(m for s, m in display if s == "WARN" and "cards have a screen" in m)
    assert "card1, card2" in warn and "the first, card1" in warn


def test_screen_size_the_display_lacks_warns(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text("[screen]\nwidth = 480\nheight = 320\n")
    checks = run_checks(cfg, system=replace(fake_system(tmp_path)))
    assert any(c.status == "WARN" and "480x320" in c.message for c in checks)


def test_a_pi_with_the_wheels_sdl_is_told_to_run_install_sh_not_a_pip_install_past_the_lock(
        tmp_path):
    # The SDL a pip wheel brings has no kmsdrm: the advice must keep to the hashed lock, so it
    # names install.sh (which builds the locked pygame source) and never a bare pip install.
    (tmp_path / "model").write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\x00")
    wheel_sdl = tmp_path / "libSDL2-2.0.so.0"
    wheel_sdl.write_bytes(b"x11 wayland offscreen dummy")
    maps = tmp_path / "maps"
    maps.write_text(f"7f00-7f01 r-xp 00000000 08:01 42 {wheel_sdl}\n")
    system = System(device_tree_model=tmp_path / "model", systemd_dir=tmp_path / "systemd",
                    kill_switch=tmp_path / "disabled", drm_dir=tmp_path / "drm",
                    process_maps=maps, use_systemctl=False, env=os.environ)
    checks = run_checks(None, system=system)
    failed = [c for c in checks if c.section == "Display" and c.status == "FAIL"
              and "kmsdrm" in c.message]
    assert failed, statuses(checks, "Display")
    text = format_text(checks)
    assert "firmware/install.sh" in text
    assert "pip install" not in text

"""``coda-pi doctor`` finds each seat's pod on the bus and says which is missing and why:
every state, on a stand-in I2C bus (coda_pi/sim/pod_bus.py)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from coda_pi.config import Config, PinConfig
from coda_pi.doctor import _Report, format_text, run_checks
from coda_pi.pods import doctor_checks
from coda_pi.pods.bus import claim
from coda_pi.pods.doctor_checks import check_pods
from coda_pi.pods.settings import PodsConfig
from coda_pi.sim.pod_bus import StandInBus, StandInPanel, four_pods

ON = Config(pods=PodsConfig(enabled=True))


def checks(bus: StandInBus | Exception, config: Config = ON, *,
           adapters: Path = Path("/nonexistent")) -> list[tuple[str, str]]:
    report = _Report()

    def open_bus(port: int) -> StandInBus:
        assert port == config.pods.port
        if isinstance(bus, Exception):
            raise bus
        return bus

    check_pods(report, config, open_bus=open_bus, adapters=adapters)
    return [(c.status, str(c.message)) for c in report.checks]


def test_pods_off_is_fine_and_said():
    assert checks(four_pods(), Config()) == [
        ("OK", "seat pods are off (pods.enabled in the config)")]


def test_four_pods_answer():
    bus = four_pods()
    found = checks(bus)
    assert [s for s, _ in found] == ["OK"] * 5
    assert "multiplexer answers at 0x70 on /dev/i2c-1" in found[0][1]
    assert [m for _, m in found[1:]] == [
        f"seat {n}'s pod answers on channel {n - 1} at 0x3C" for n in range(1, 5)]
    assert bus.selected_mask == 0  # the multiplexer is left with every channel off


def test_a_missing_pod_names_its_seat_and_the_others_still_answer():
    found = checks(four_pods(missing=[2]))
    assert [s for s, _ in found] == ["OK", "OK", "OK", "FAIL", "OK"]
    assert "seat 3's pod does not answer on channel 2" in found[3][1]
    assert "falls back to holding its button" in found[3][1]


def test_a_broken_cable_is_a_pod_that_does_not_answer():
    bus = four_pods()
    bus.broken.add(0)
    found = checks(bus)
    assert found[1][0] == "FAIL" and "seat 1's pod does not answer" in found[1][1]


def test_a_pod_at_the_other_address_says_which():
    bus = four_pods()
    bus.panels[1] = StandInPanel(sh1106=True, address=0x3D)
    found = checks(bus)
    assert found[2] == ("FAIL", "seat 2's pod answers at 0x3D, not at 0x3C as pods.address says")


def test_the_channels_of_the_config_are_the_ones_probed():
    bus = StandInBus({5: StandInPanel(), 6: None})
    config = Config(pods=PodsConfig(enabled=True, channels=(5, 6)))
    found = checks(bus, config)
    assert [s for s, _ in found] == ["OK", "OK", "FAIL"]
    assert "seat 1's pod answers on channel 5" in found[1][1]
    assert "seat 2's pod does not answer on channel 6" in found[2][1]


def test_a_shorted_cable_that_stalls_the_multiplexer_is_named():
    bus = four_pods()
    bus.shorted.add(3)
    found = checks(bus)
    assert found[4][0] == "FAIL"
    assert "seat 4's pod: the multiplexer does not take channel 3" in found[4][1]


def test_no_multiplexer_fails_once_for_every_seat():
    found = checks(StandInBus({0: StandInPanel()}, mux=False))
    assert len(found) == 1 and found[0][0] == "FAIL"
    assert "no TCA9548A multiplexer answers at 0x70" in found[0][1]


def test_multiplexer_at_another_address_is_not_found_where_the_config_says():
    bus = four_pods()
    bus.mux_address = 0x71
    assert "no TCA9548A multiplexer answers at 0x70" in checks(bus)[0][1]
    config = Config(pods=PodsConfig(enabled=True, multiplexer=0x71))
    assert [s for s, _ in checks(bus, config)] == ["OK"] * 5


@pytest.mark.parametrize(("error", "said"), [
    (FileNotFoundError(errno.ENOENT, "No such file"), "there is no I2C bus /dev/i2c-1"),
    (PermissionError(errno.EACCES, "Permission denied"), "no permission to use /dev/i2c-1"),
])
def test_no_bus_device_or_no_permission(error, said):
    found = checks(error)
    assert len(found) == 1 and found[0][0] == "FAIL" and said in found[0][1]


def test_pods_on_without_the_extra_installed(monkeypatch):
    real = doctor_checks.importlib.util.find_spec
    monkeypatch.setattr(doctor_checks.importlib.util, "find_spec",
                        lambda name: None if name == "luma.oled" else real(name))
    report = _Report()
    check_pods(report, ON)
    assert [(c.status, str(c.message), str(c.fix)) for c in report.checks] == [
        ("FAIL", "seat pods are on but luma.oled is not installed",
         "pip install 'coda-pi[pods]'")]


def test_doctor_prints_a_seat_pods_section(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("CODA_PI_CONFIG", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    cfg = tmp_path / "config.toml"
    cfg.write_text("[pods]\nenabled = false\n")
    found = [c for c in run_checks(cfg) if c.section == "Seat pods"]
    assert [(c.status, str(c.message)) for c in found] == [
        ("OK", "seat pods are off (pods.enabled in the config)")]
    assert "Seat pods\n" in format_text(found)


def speed_tree(root: Path, hz: int) -> Path:
    node = root / "i2c-1" / "of_node"
    node.mkdir(parents=True)
    (node / "clock-frequency").write_bytes(hz.to_bytes(4, "big"))
    return root


def test_a_bus_slower_than_the_config_says_is_warned_with_the_fix(tmp_path):
    found = checks(four_pods(), adapters=speed_tree(tmp_path, 100_000))
    warned = [m for s, m in found if s == "WARN"]
    assert len(warned) == 1
    assert "runs at 100000 Hz, not the 400000 Hz of pods.bus_hz" in warned[0]
    assert "about 102 ms" in warned[0]


def test_a_bus_faster_than_the_config_says_is_warned(tmp_path):
    config = Config(pods=PodsConfig(enabled=True, bus_hz=100_000))
    found = checks(four_pods(), config, adapters=speed_tree(tmp_path, 400_000))
    assert [s for s, _ in found].count("WARN") == 1
    assert any("faster than the 100000 Hz" in m for _, m in found)


def test_the_speed_the_config_says_is_not_mentioned(tmp_path):
    found = checks(four_pods(), adapters=speed_tree(tmp_path, 400_000))
    assert [s for s, _ in found] == ["OK"] * 5


def test_a_pin_on_the_pods_bus_fails_and_the_bus_is_not_touched():
    config = Config(pins=PinConfig(prev=2), pods=PodsConfig(enabled=True))
    bus = four_pods()
    found = checks(bus, config)
    assert found == [("FAIL", "pins.prev is GPIO 2, which the seat pods' I2C bus /dev/i2c-1 "
                      "needs")]
    assert bus.writes == 0


def test_a_bus_the_running_device_holds_is_not_probed(tmp_path):
    # Two processes on one bus would interleave multiplexer selects and writes: a frame for
    # one seat's pod could land on another's. The device holds the bus; doctor stays off it.
    device_file = tmp_path / "i2c-1"
    device_file.write_bytes(b"")
    running = os.open(device_file, os.O_RDWR)
    doctor = os.open(device_file, os.O_RDWR)
    try:
        assert claim(SimpleNamespace(fd=running))
        bus = four_pods()
        bus.fd = doctor  # type: ignore[attr-defined]
        found = checks(bus)
        assert [s for s, _ in found] == ["WARN"]
        assert "the device is using the seat pods now" in found[0][1]
        assert bus.writes == 0 and bus.selected_mask == 0
    finally:
        os.close(running)
        os.close(doctor)
    again = os.open(device_file, os.O_RDWR)
    try:
        assert claim(SimpleNamespace(fd=again))  # the device stopped: the bus is free
    finally:
        os.close(again)


def test_doctor_probes_the_pods_a_config_file_turns_on(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("CODA_PI_CONFIG", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(doctor_checks, "_smbus", lambda port: four_pods(missing=[3]))
    cfg = tmp_path / "config.toml"
    cfg.write_text("[pods]\nenabled = true\n")
    found = [(c.status, str(c.message)) for c in run_checks(cfg) if c.section == "Seat pods"]
    assert [s for s, _ in found] == ["OK", "OK", "OK", "OK", "FAIL"]
    assert "seat 4's pod does not answer on channel 3" in found[-1][1]

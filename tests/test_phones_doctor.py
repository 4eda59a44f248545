"""``coda-pi doctor`` on phones: off by default, the address phones open when on, and the
access point's state when the config asks the device to be one."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from coda_pi.config import load_config
from coda_pi.doctor import System, run_checks


def _phones(tmp_path: Path, text: str) -> list[tuple[str, str, str]]:
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndirectory = "{tmp_path / "data"}"\n{text}')
    assert load_config(config)[1] == []
    system = System(device_tree_model=tmp_path / "no-model", systemd_dir=tmp_path / "systemd",
                    kill_switch=tmp_path / "off", drm_dir=tmp_path / "drm",
                    use_systemctl=False, env={"HOME": str(tmp_path)})
    return [(c.status, str(c.message), str(c.fix)) for c in run_checks(config, system=system)
            if c.section == "Phones"]


def test_doctor_says_phones_are_off_by_default(tmp_path: Path) -> None:
    checks = _phones(tmp_path, "")
    assert [status for status, _, _ in checks] == ["OK"]
    assert "off" in checks[0][1]


def test_doctor_says_phones_turned_on_from_the_device_start_with_it(tmp_path: Path) -> None:
    from coda_pi.remembered_phones import remember_on

    remember_on(tmp_path / "data")
    checks = _phones(tmp_path, "")
    assert "turned on from the device" in checks[0][1]
    assert any("https://" in text for _, text, _ in checks), checks
    off = _phones(tmp_path, "[phones]\nenabled = false\n")  # the config's word wins
    assert [status for status, _, _ in off] == ["OK"] and "off" in off[0][1]


def test_doctor_gives_the_address_phones_open(tmp_path: Path) -> None:
    checks = _phones(tmp_path, "[phones]\nenabled = true\nport = 9443\n")
    assert any(status == "OK" and "https://" in text and ":9443/" in text
               for status, text, _ in checks), checks
    assert all(status == "OK" for status, _, _ in checks), checks


def test_doctor_reports_the_access_point_the_config_asks_for(tmp_path: Path) -> None:
    checks = _phones(tmp_path, "[phones]\nenabled = true\nhotspot = true\n")
    hotspot = checks[-1]
    if shutil.which("nmcli") is None:  # no NetworkManager on this machine: said so, with help
        assert hotspot[0] == "FAIL" and "NetworkManager" in hotspot[1]
        assert "firmware/README.md" in hotspot[2]
    else:
        assert "coda-pi-hotspot" in hotspot[1]


def test_the_config_file_turns_phones_on(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[phones]\nenabled = true\nport = 9443\nhotspot = true\n")
    loaded, problems = load_config(config)
    assert problems == []
    assert (loaded.phones.enabled, loaded.phones.port, loaded.phones.hotspot) == (True, 9443, True)


NMCLI = """#!/bin/sh
# A stand-in for NetworkManager's nmcli (this machine has neither NetworkManager nor Wi-Fi):
# it answers the three questions the device asks from the files beside it.
dir=$(dirname "$0")
case "$*" in
  "-t -f NAME connection show") cat "$dir/names" ;;
  "-t -f NAME connection show --active") cat "$dir/active" ;;
  "-t -g 802-11-wireless.mode,ipv4.method,connection.permissions connection show coda-pi-hotspot")
    cat "$dir/values" ;;
  *) exit 10 ;;
esac
"""


@pytest.mark.parametrize(("values", "active", "status", "words"), [
    ("ap\nshared\n\n", "coda-pi-hotspot\n", "OK", "https://10.42.0.1:8443/"),
    ("ap\nshared\n\n", "Wired connection 1\n", "WARN", "not up"),
    ("ap\nshared\nuser\\:coda-pi\n", "", "FAIL", "logged in"),
    ("ap\nauto\n\n", "", "FAIL", "no address"),
    ("infrastructure\nauto\n\n", "", "FAIL", "joins a network"),
])
def test_doctor_says_which_state_the_access_point_is_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, values: str, active: str,
        status: str, words: str) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "nmcli").write_text(NMCLI)
    (fake / "nmcli").chmod(0o755)
    (fake / "names").write_text("preconfigured\ncoda-pi-hotspot\n")
    (fake / "values").write_text(values)
    (fake / "active").write_text(active)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    hotspot = _phones(tmp_path, "[phones]\nenabled = true\nhotspot = true\n")[-1]
    assert hotspot[0] == status and words in hotspot[1], hotspot
    if status != "OK":
        assert "nmcli" in hotspot[2]  # the command that fixes it


def test_doctor_says_when_the_access_point_was_never_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "nmcli").write_text(NMCLI)
    (fake / "nmcli").chmod(0o755)
    (fake / "names").write_text("preconfigured\n")
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    hotspot = _phones(tmp_path, "[phones]\nenabled = true\nhotspot = true\n")[-1]
    assert hotspot[0] == "FAIL" and "no coda-pi-hotspot connection" in hotspot[1]
    assert "firmware/README.md" in hotspot[2]

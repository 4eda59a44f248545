"""``coda-pi doctor`` on phones: off by default, the address phones open when on, and the
access point's state when the config asks the device to be one."""

from __future__ import annotations

import shutil
from pathlib import Path

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

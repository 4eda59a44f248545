"""The address phones are shown is one they can reach (issue 35, items 4 and 5): the access
point's when it is up, every address when there are several, never 127.0.0.1; and the
device follows an access point that comes up after it started instead of racing it.

The machine's interfaces and NetworkManager are stand-ins here (this machine has neither
Wi-Fi nor NetworkManager): an interface list the test changes, and a stand-in ``nmcli``."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from coda_pi.config import load_config
from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.doctor import System, run_checks
from coda_pi.phones import addresses as where
from coda_pi.phones.addresses import PhoneAddresses, interface_addresses
from coda_pi.phones.hotspot import bring_up_later
from coda_pi.phones.start import start_phones
from tests.test_firmware import UNIT, unit_settings

LOOPBACK = ("lo", "127.0.0.1")
ETHERNET = ("eth0", "192.168.1.23")
HOTSPOT = ("wlan0", "10.42.0.1")


def test_with_ethernet_and_the_access_point_up_the_access_point_comes_first():
    found = PhoneAddresses(hotspot="wlan0", interfaces=lambda: [LOOPBACK, ETHERNET, HOTSPOT],
                           route=lambda: "192.168.1.23")  # the default route is Ethernet's
    assert found.all() == ["10.42.0.1", "192.168.1.23"]
    assert found.urls("https", 8443) == ["https://10.42.0.1:8443/", "https://192.168.1.23:8443/"]


def test_the_access_point_alone_with_no_default_route_is_shown_not_loopback():
    found = PhoneAddresses(hotspot="wlan0", interfaces=lambda: [LOOPBACK, HOTSPOT],
                           route=lambda: None)
    assert found.urls("https", 8443) == ["https://10.42.0.1:8443/"]


def test_without_any_network_the_device_gives_its_local_name_never_loopback():
    found = PhoneAddresses(interfaces=lambda: [LOOPBACK, ("eth0", "169.254.3.4")],
                           route=lambda: None)
    (url,) = found.urls("https", 8443)
    assert "127.0.0.1" not in url and "169.254" not in url and url.endswith(".local:8443/")


def test_every_address_once_the_default_routes_first_without_an_access_point():
    found = PhoneAddresses(interfaces=lambda: [LOOPBACK, ("wlan0", "192.168.7.5"), ETHERNET],
                           route=lambda: "192.168.1.23")
    assert found.all() == ["192.168.1.23", "192.168.7.5"]


def test_this_machines_interfaces_are_read_by_the_kernel():
    assert LOOPBACK in interface_addresses()  # the real lookup, no stand-in


def test_the_card_follows_an_access_point_that_comes_up_after_the_device(tmp_path):
    interfaces = [LOOPBACK, ETHERNET]
    found = PhoneAddresses(hotspot="wlan0", interfaces=lambda: list(interfaces),
                           route=lambda: "192.168.1.23")
    phones = start_phones(IntentQueue(), tmp_path, port=0, host="127.0.0.1", tls=False,
                          addresses=found)
    assert phones is not None
    try:
        port = phones.server.port
        before = phones.bridge.card()
        assert before.url == f"http://192.168.1.23:{port}/" and before.also == ()
        interfaces.append(HOTSPOT)  # NetworkManager brought the access point up
        after = phones.bridge.card()
        assert after.url == f"http://10.42.0.1:{port}/"  # the QR code's
        assert after.addresses == (f"http://10.42.0.1:{port}", f"http://192.168.1.23:{port}")
        assert "10.42.0.1" in phones.notice() and "192.168.1.23" in phones.notice()
    finally:
        phones.close()


def test_the_unit_starts_after_networkmanager_without_pulling_it_in():
    s = unit_settings(UNIT.read_text())
    after = " ".join(s["Unit.After"]).split()
    assert "NetworkManager.service" in after
    assert "NetworkManager.service" not in " ".join(s.get("Unit.Wants", []) +
                                                    s.get("Unit.Requires", []))


# A stand-in nmcli: the hotspot profile is on wlan0 and down; "connection up" waits until
# the test lets it go (as NetworkManager's does until the access point is up).
NMCLI = """#!/bin/sh
dir=$(dirname "$0")
case "$*" in
  "-t -f NAME connection show") echo coda-pi-hotspot ;;
  "-t -f NAME connection show --active") cat "$dir/active" 2>/dev/null ;;
  "-t -g 802-11-wireless.mode,ipv4.method,connection.permissions connection show coda-pi-hotspot")
    printf 'ap\\nshared\\n\\n' ;;
  "-t -g connection.interface-name connection show coda-pi-hotspot") echo wlan0 ;;
  "-t connection up coda-pi-hotspot")
    touch "$dir/asked"
    while [ ! -e "$dir/go" ]; do sleep 0.05; done
    echo coda-pi-hotspot >"$dir/active" ;;
  *) exit 10 ;;
esac
"""


@pytest.fixture
def network_manager(tmp_path, monkeypatch):
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "nmcli").write_text(NMCLI)
    (fake / "nmcli").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    return fake


def test_bringing_the_access_point_up_does_not_hold_the_device_back(network_manager):
    said: list[str] = []
    thread = bring_up_later(said.append)
    # Returned while nmcli still waits for the access point: the device's screen is up.
    while not (network_manager / "asked").exists():
        assert thread.is_alive()
        threading.Event().wait(0.01)
    assert thread.is_alive() and not (network_manager / "active").exists()
    (network_manager / "go").touch()
    thread.join(30)
    assert not thread.is_alive() and said == []
    assert (network_manager / "active").read_text().strip() == "coda-pi-hotspot"


def doctor_phones(tmp_path: Path) -> list[tuple[str, str]]:
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndirectory = "{tmp_path / "data"}"\n'
                      "[phones]\nenabled = true\nhotspot = true\n")
    assert load_config(config)[1] == []
    system = System(device_tree_model=tmp_path / "no-model", systemd_dir=tmp_path / "systemd",
                    kill_switch=tmp_path / "off", drm_dir=tmp_path / "drm",
                    use_systemctl=False, env={"HOME": str(tmp_path)})
    return [(c.status, str(c.message)) for c in run_checks(config, system=system)
            if c.section == "Phones"]


def test_doctor_never_calls_loopback_an_address_phones_open(tmp_path, monkeypatch,
                                                           network_manager):
    monkeypatch.setattr(where, "interface_addresses", lambda: [LOOPBACK])
    monkeypatch.setattr(where, "route_address", lambda: None)
    checks = doctor_phones(tmp_path)
    assert not any("127.0.0.1" in text for _, text in checks), checks
    assert ("WARN", "the device has no network address yet: no phone can reach it") in checks


def test_doctor_gives_the_access_points_address_and_every_other(tmp_path, monkeypatch,
                                                                 network_manager):
    (network_manager / "active").write_text("coda-pi-hotspot\n")
    monkeypatch.setattr(where, "interface_addresses",
                        lambda: [LOOPBACK, ETHERNET, ("wlan0", "10.42.5.1")])
    monkeypatch.setattr(where, "route_address", lambda: "192.168.1.23")
    checks = doctor_phones(tmp_path)
    assert ("OK", "phones open https://10.42.5.1:8443/, https://192.168.1.23:8443/") in checks
    assert any(status == "OK" and "is up" in text and "https://10.42.5.1:8443/" in text
               for status, text in checks), checks

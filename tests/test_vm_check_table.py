"""tools/vm-check's table phase (issue 35) where it runs without a VM: the table's config,
the verdicts from the guest's reports, the QR code read off a screen, the lock's lgpio for
the guest, and the guest scripts' syntax. The phase itself needs root and QEMU
(firmware/README.md, "The appliance alone at a table, in the VM")."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
GUEST = ROOT / "tools" / "vm-guest"


def _load(name: str, path: Path):
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    loader.exec_module(module)
    return module


vm = sys.modules.get("vm_check") or _load("vm_check", ROOT / "tools" / "vm-check")


def test_the_table_config_serves_phones_on_the_access_point_without_a_timer(tmp_path):
    from coda_pi.config import load_config

    text = (ROOT / "firmware" / "config.example.toml").read_text()
    path = tmp_path / "config.toml"
    path.write_text(vm.config_for_table(text))
    config, problems = load_config(path)
    assert not problems
    assert config.phones.enabled and config.phones.hotspot
    assert config.rules.pool == "device"
    assert not config.timer.enabled
    # Only those: the rest of the owner's file is as it was.
    assert config.pins == load_config(ROOT / "firmware" / "config.example.toml")[0].pins


def test_a_config_without_a_phones_table_is_said_not_guessed():
    with pytest.raises(ValueError, match="phones"):
        vm.config_for_table('[rules]\npool = "entered"\n[timer]\nenabled = true\n')


GOOD = [
    "hotspot: coda-pi started at 61.2 s, access point seen up at 58.0 s (polled each second)",
    "hotspot: wlan0 10.42.0.1/24",
    "polkit: old rule: coda-pi: nmcli connection up: rc=4 Error: Connection activation "
    "failed: Not authorized to share connections via wifi",
    "polkit: installed rule: coda-pi: nmcli connection up: rc=0 Connection successfully "
    "activated",
    "phone: phy1 in netns phone, wpa_supplicant COMPLETED after 3s (ssid=coda-pi )",
    "phone: DHCP on wlan1: 10.42.0.115/24; the phone's routes: default via 10.42.0.1",
    "phone: the device shows https://10.42.0.1:8443/ (all: https://10.42.0.1:8443/ "
    "https://10.0.2.15:8443/)",
    "phone: turn PASS: seat 1 drew 7 from the phone; record: round, deal, deal, draw",
    "crash: after 6 restarts asked for: active, crashes counted 0, crash screen inactive",
    "crash: after 5 crashes: coda-pi inactive, crash screen active, getty@tty1 inactive",
    "crash: tty1: coda-pi has stopped| The table referee stopped with an error 5 times|",
    "crash: retry: coda-pi active 61s after the screen came up; crash screen inactive",
]
QR = ["https://10.42.0.1:8443/"]


def test_a_good_table_run_passes_every_check():
    verdicts = vm.table_verdicts(GOOD, QR, QR)
    assert len(verdicts) == 8
    assert [name for name, ok, _ in verdicts if ok is not True] == []


def _replaced(prefix: str, line: str) -> list[str]:
    return [line if r.startswith(prefix) else r for r in GOOD]


def _failed(reports: list[str], qr: list[str] = QR, boot_qr: list[str] = QR) -> list[str]:
    return [name for name, ok, _ in vm.table_verdicts(reports, qr, boot_qr) if ok is not True]


@pytest.mark.parametrize(("prefix", "old", "check"), [
    # Issue 35's findings, as the guest reports them on the old code.
    ("phone: the device shows", "phone: the device shows https://127.0.0.1:8443/ (all: "
     "https://127.0.0.1:8443/)", "address"),
    ("polkit: installed rule", "polkit: installed rule: coda-pi: nmcli connection up: rc=4 "
     "Error: Not authorized to share connections via wifi", "polkit"),
    ("crash: after 6 restarts", "crash: after 6 restarts asked for: failed, crashes counted 0, "
     "crash screen inactive", "restarts"),
    ("crash: after 5 crashes", "crash: after 5 crashes: coda-pi failed, crash screen inactive, "
     "getty@tty1 active", "crash screen"),
    ("crash: retry", "crash: retry: coda-pi failed 240s after the screen came up; crash "
     "screen inactive", "tries again"),
    ("phone: turn", "phone: turn FAIL: seat 1 not paired", "plays a turn"),
    ("phone: DHCP", "phone: DHCP on wlan1: none; the phone's routes: ", "joins"),
    ("hotspot: coda-pi started", "hotspot: coda-pi started at 16.1 s, access point seen up "
     "at never s (polled each second)", "follows the access point"),
])
def test_each_of_issue_35s_failures_fails_its_check(prefix, old, check):
    failed = _failed(_replaced(prefix, old))
    assert len(failed) == 1 and check in failed[0], failed


def test_the_screen_s_code_must_say_the_address_phones_are_given():
    """The device's list may be right while the QR code on the screen is stale (not redrawn
    when the access point came up): that fails too."""
    assert _failed(GOOD, ["https://10.0.2.15:8443/"]) == [
        "the address the device shows (its QR code) is the access point's"]
    assert len(_failed(GOOD, [])) == 1


def test_a_code_that_shows_the_ethernet_address_at_boot_fails():
    """Issue 35: the device started before the access point and showed the default route's
    address; a device that never followed the access point fails at boot."""
    assert _failed(GOOD, QR, ["https://10.0.2.15:8443/"]) == [
        "at boot the device follows the access point: the code it shows once started is "
        "the access point's, whichever came up first"]


def test_a_guest_that_said_nothing_passes_nothing():
    assert all(ok is not True for _, ok, _ in vm.table_verdicts([], [], []))


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (zbar-tools) is missing")
def test_the_device_s_qr_code_reads_back_as_its_address(tmp_path):
    """What vm-check reads off the VM's screen: the code the device draws (its own
    drawing, at the 800x480 layout's size) decodes to the URL."""
    from coda_pi.ui.phones_card import draw_qr

    url = "https://10.42.0.1:8443/"
    surface = pygame.Surface((800, 480))
    surface.fill((20, 30, 40))
    assert draw_qr(surface, pygame.Rect(500, 150, 220, 220), url) is not None
    png = tmp_path / "screen.png"
    pygame.image.save(surface, str(png))
    assert vm.decode_qr(png) == [url]
    blank = tmp_path / "blank.png"
    surface.fill((20, 30, 40))
    pygame.image.save(surface, str(blank))
    assert vm.decode_qr(blank) == []


def test_the_guest_s_lgpio_comes_from_the_lock_with_its_hashes(monkeypatch):
    """lock_lgpio.py installs the lock's own entries (pins and hashes) without their ARM
    marker: the lock must keep lgpio, gpiozero and colorzero hashed."""
    # Not monkeypatch.syspath_prepend: it imports pkg_resources when sys.modules names it,
    # and coda_pi.cli (imported by other tests in this process) names it None on purpose.
    monkeypatch.setattr(sys, "path", [str(ROOT / "tools"), *sys.path])
    monkeypatch.delitem(sys.modules, "lockfile", raising=False)
    lock_lgpio = _load("lock_lgpio", GUEST / "lock_lgpio.py")
    import lockfile

    entries = lock_lgpio.guest_entries(ROOT / "requirements.lock")
    assert sorted(e.name for e in entries) == ["colorzero", "gpiozero", "lgpio"]
    locked = {e.name: e for e in lockfile.read_lock(ROOT / "requirements.lock")}
    for entry in entries:
        assert entry.marker is None
        assert entry.hashes == locked[entry.name].hashes and entry.hashes
        assert entry.version == locked[entry.name].version
    assert "aarch64" in (locked["lgpio"].marker or "")  # why the guest drops the marker


@pytest.mark.parametrize("script", ["table.sh", "build-gpio-sim.sh"])
def test_guest_scripts_parse(script):
    assert subprocess.run(["bash", "-n", str(GUEST / script)]).returncode == 0


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
@pytest.mark.parametrize("script", ["table.sh", "build-gpio-sim.sh"])
def test_guest_scripts_pass_shellcheck(script):
    done = subprocess.run(["shellcheck", str(GUEST / script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_the_image_has_the_access_point_s_packages_and_two_radios():
    assert {"network-manager", "polkitd", "wpasupplicant", "dnsmasq-base", "iw",
            "isc-dhcp-client"} <= set(vm.GUEST_PACKAGES)
    conf = vm.guest_files("http://mirror/debian")["etc/NetworkManager/conf.d/90-vm-check.conf"]
    assert "interface-name:wlan1" in conf[0]  # the phone's radio is not the device's
    assert "radios=2" in vm.HWSIM_OPTIONS
    assert "vm_check=table" in vm.kernel_cmdline("table")


def test_a_pool_switch_on_an_image_that_never_started_the_device(tmp_path):
    """The table phase on a fresh install: /var/lib/coda-pi is made by systemd at the first
    start, so there are no records to set aside yet (this raised FileNotFoundError)."""
    etc = tmp_path / "etc" / "coda-pi"
    etc.mkdir(parents=True)
    (etc / "config.toml").write_text((ROOT / "firmware" / "config.example.toml").read_text())
    vm.switch_pool_in(tmp_path, "device")
    assert 'pool = "device"' in (etc / "config.toml").read_text()
    assert not (tmp_path / "var").exists()

"""firmware/: the scripts parse and pass shellcheck, the unit passes systemd-analyze, the
install script's dry run shows every step without changing anything, and its boot-config
edits are idempotent and undone exactly by --uninstall."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coda_pi.config import DEFAULT_PINS, RESERVED_PINS

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
INSTALL = FIRMWARE / "install.sh"
UNIT = FIRMWARE / "coda-pi.service"
CONFIG_TXT = "dtparam=audio=on\n[pi4]\narm_boost=1\n[all]\ndtoverlay=vc4-kms-v3d\n"
CMDLINE_TXT = "console=tty1 root=PARTUUID=0b-02 rootfstype=ext4 rootwait consoleblank=0\n"


def unit_settings(text: str) -> dict[str, list[str]]:
    """'Section.Key' -> every value given (systemd allows a key more than once)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        settings.setdefault(f"{section}.{key}", []).append(value)
    return settings


@pytest.fixture
def fake_pi(tmp_path):
    """A boot partition, /etc, unit and firmware directories, all under tmp_path."""
    boot = tmp_path / "boot"
    boot.mkdir()
    (boot / "config.txt").write_text(CONFIG_TXT)
    (boot / "cmdline.txt").write_text(CMDLINE_TXT)
    (tmp_path / "model").write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    env = {
        **os.environ,
        "CODA_PI_BOOT_DIR": str(boot),
        "CODA_PI_ETC": str(tmp_path / "etc"),
        "CODA_PI_UNIT_DIR": str(tmp_path / "units"),
        "CODA_PI_POLKIT_DIR": str(tmp_path / "polkit"),
        "CODA_PI_FIRMWARE_DIR": str(tmp_path / "lib-firmware"),
        "CODA_PI_PREFIX": str(tmp_path / "opt"),
        "CODA_PI_MODEL_FILE": str(tmp_path / "model"),
    }
    return tmp_path, env


def install(env, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(INSTALL), *args], env=env, capture_output=True, text=True, timeout=60
    )


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


# --- the scripts -----------------------------------------------------------------------------


def test_install_script_parses():
    done = subprocess.run(["bash", "-n", str(INSTALL)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(shutil.which("shellcheck") is None,
                    reason="shellcheck is not installed (apt-get install shellcheck)")
def test_install_script_passes_shellcheck():
    done = subprocess.run(["shellcheck", "--shell=bash", str(INSTALL)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_bad_options_are_refused():
    for args in (["--screen", "vga"], ["--gpio", "pigpio"], ["--hdmi-mode", "big"], ["--bogus"]):
        done = install(os.environ, "--dry-run", *args)
        assert done.returncode == 2, args
        assert "install.sh:" in done.stderr


# --- the unit --------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed (apt-get install systemd)")
def test_unit_passes_systemd_analyze_verify(tmp_path):
    # verify insists that ExecStart exists: check a copy that starts an existing program.
    unit = tmp_path / "coda-pi.service"
    unit.write_text(re.sub(r"^(Exec\w+=\+?)\S+", rf"\g<1>{sys.executable}",
                           UNIT.read_text(), flags=re.M))
    done = subprocess.run(["systemd-analyze", "verify", str(unit)],
                          capture_output=True, text=True, timeout=60)
    # verify exits 0 even for settings it ignores, so any remark about our unit fails too.
    remarks = [ln for ln in (done.stdout + done.stderr).splitlines()
               if "coda-pi" in ln or str(tmp_path) in ln]
    assert done.returncode == 0 and remarks == [], done.stdout + done.stderr


def test_unit_starts_the_device_on_the_console_and_cannot_loop_forever():
    s = unit_settings(UNIT.read_text())
    assert s["Service.ExecStart"] == ["/opt/coda-pi/venv/bin/coda-pi run"]
    assert "SDL_VIDEODRIVER=kmsdrm" in s["Service.Environment"]
    assert s["Service.StandardInput"] == ["tty"] and s["Service.TTYPath"] == ["/dev/tty1"]
    assert set(s["Service.SupplementaryGroups"][0].split()) >= {
        "video", "render", "input", "gpio", "audio"}
    assert s["Service.Restart"] == ["on-failure"]
    # Crashes are counted by ExecStopPost, not by systemd's start limit (which counts the
    # owner's restarts too): tests/test_firmware_crash_loop.py.
    assert s["Unit.StartLimitIntervalSec"] == ["0"]
    assert s["Service.ExecStopPost"] == ["+/opt/coda-pi/bin/coda-pi-crashes stopped"]
    assert "!/etc/coda-pi/disabled" in s["Unit.ConditionPathExists"]
    # lgpio writes in its working directory: it must be one systemd makes writable.
    workdir = s["Service.WorkingDirectory"][0]
    assert workdir in {f"/run/{d}" for d in s.get("Service.RuntimeDirectory", [])} | {
        f"/var/lib/{d}" for d in s.get("Service.StateDirectory", [])}
    assert f"LG_WD={workdir}" in s["Service.Environment"]
    assert s["Service.StandardOutput"] == ["journal"] and s["Service.StandardError"] == ["journal"]
    assert s["Install.WantedBy"] == ["multi-user.target"]


# --- the dry run -----------------------------------------------------------------------------


def test_dry_run_prints_every_step_and_changes_nothing(fake_pi):
    root, env = fake_pi
    before = snapshot(root)
    done = install(env, "--dry-run", "--screen", "spi35")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "DRY RUN" in out
    apt = next(ln for ln in out.splitlines() if "apt-get install" in ln)
    for package in ("libegl-mesa0", "libgbm1", "libdrm2", "libgles2", "libgl1-mesa-dri",
                    "libsdl2-2.0-0", "libsdl2-dev", "python3-venv"):
        assert f" {package}" in apt, package
    assert f"+ python3 -m venv {root}/opt/venv" in out
    assert "--no-binary pygame" in out
    assert "lockfile.py --lock " + str(ROOT / "requirements.lock") + " install" in out
    assert "install --sync --python" in out
    assert "--groups build --extras pi -- --no-binary pygame" in out
    assert f"--no-deps --no-build-isolation --force-reinstall {ROOT}\n" in out
    assert "pip uninstall -y RPi.GPIO rpi-lgpio" in out
    assert "usermod -aG video" in out or "no group 'video'" in out
    assert f"would write {root}/units/coda-pi.service" in out
    assert "+ systemctl enable coda-pi.service" in out
    assert "+dtoverlay=piscreen,drm,rotate=270" in out
    assert "+dtparam=spi=on" in out
    assert "vt.global_cursor_default=0" in out
    assert "coda-pi doctor" in out
    assert snapshot(root) == before, "a dry run changed files"


def test_pods_turn_i2c_on_and_install_the_pods_packages(fake_pi):
    root, env = fake_pi
    done = install(env, "--dry-run", "--screen", "spi35", "--pods")
    assert done.returncode == 0, done.stderr
    assert "+dtparam=i2c_arm=on,i2c_arm_baudrate=400000" in done.stdout
    assert "--extras pi,pods" in done.stdout  # from the lock, with hash checking
    without = install(env, "--dry-run", "--screen", "spi35")
    assert "i2c_arm" not in without.stdout and ",pods" not in without.stdout
    boot = install(env, "--boot-only", "--screen", "hdmi", "--pods")
    assert boot.returncode == 0, boot.stderr
    config = (root / "boot" / "config.txt").read_text()
    assert config.count("dtparam=i2c_arm=on,i2c_arm_baudrate=400000\n") == 1
    assert install(env, "--uninstall", "--boot-only").returncode == 0
    assert (root / "boot" / "config.txt").read_text() == CONFIG_TXT


def test_dry_run_with_the_legacy_backend_removes_lgpio_first(fake_pi):
    _, env = fake_pi
    out = install(env, "--dry-run", "--gpio", "rpigpio").stdout
    uninstall_at = out.index("pip uninstall -y lgpio rpi-lgpio")
    assert out.index("--extras pi-legacy") > uninstall_at
    assert "--extras pi " not in out


def locked_pins() -> dict[str, str]:
    """name -> version, read straight off requirements.lock."""
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9._-]+)==([^ ;\\]+)", line)
        if match:
            pins[match.group(1).lower()] = match.group(2)
    return pins


def resolved(out: str) -> dict[str, str]:
    """What the dry run says it installs from the lock."""
    block = out.split("from requirements.lock, for ")[1].split("    + ")[0]
    return dict(line.strip().split("==") for line in block.splitlines()[1:] if line.strip())


@pytest.mark.parametrize("machine", ["aarch64", "armv7l"])
def test_dry_run_shows_the_locked_versions_it_installs_on_a_pi(fake_pi, machine):
    _, env = fake_pi
    pins = locked_pins()
    out = install(env, "--dry-run", "--machine", machine).stdout
    assert f"from requirements.lock, for {machine} (Python 3." in out
    lgpio = resolved(out)
    for name in ("pygame", "gpiozero", "paho-mqtt", "openskill", "lgpio", "setuptools"):
        assert lgpio[name] == pins[name], name
    # The appliance gets no test tools, no lock tools and only the backend it runs.
    assert not lgpio.keys() & {"pytest", "ruff", "hypothesis", "babel", "uv", "rpi-gpio"}
    legacy = resolved(install(env, "--dry-run", "--machine", machine, "--gpio", "rpigpio").stdout)
    assert legacy["rpi-gpio"] == pins["rpi-gpio"] and "lgpio" not in legacy


def test_every_pip_install_of_the_appliance_goes_through_the_lock(fake_pi):
    _, env = fake_pi
    out = install(env, "--dry-run", "--machine", "armv7l").stdout
    installs = [ln for ln in out.splitlines() if ln.startswith("    + ") and " install" in ln
                and ("-m pip " in ln or "lockfile.py" in ln)]
    assert len(installs) == 3, installs
    for line in installs:
        # The lock's own installer (--require-hashes), or coda-pi itself without its
        # dependencies; never pip resolving something (or upgrading pip) on its own.
        assert "lockfile.py" in line or " --no-deps --no-build-isolation " in line, line
    assert "--upgrade" not in out and "pip wheel" not in out


def test_the_machine_is_only_chosen_for_a_dry_run(fake_pi):
    _, env = fake_pi
    other = "armv7l" if os.uname().machine != "armv7l" else "aarch64"
    done = install(env, "--machine", other)
    assert done.returncode == 2
    assert f"--machine {other} is for a --dry-run" in done.stderr


def test_dry_run_uninstall_keeps_records_unless_purged(fake_pi):
    _, env = fake_pi
    out = install(env, "--dry-run", "--uninstall").stdout
    assert "+ systemctl disable --now coda-pi.service" in out
    assert "kept: /var/lib/coda-pi" in out
    assert "rm -rf -- /var/lib/coda-pi" not in out
    purge = install(env, "--dry-run", "--uninstall", "--purge").stdout
    assert "kept:" not in purge


# --- the boot settings, for real, in a fake boot partition ------------------------------------


def test_boot_config_twice_is_idempotent_and_uninstall_restores(fake_pi):
    root, env = fake_pi
    boot = root / "boot"
    first = install(env, "--boot-only", "--screen", "spi28", "--hdmi-mode", "800x480")
    assert first.returncode == 0, first.stderr
    config = (boot / "config.txt").read_text()
    assert config.startswith(CONFIG_TXT)
    assert "dtoverlay=mipi-dbi-spi,spi0-0,speed=32000000\n" in config
    assert "dtparam=compatible=coda-pi-ili9341\\0panel-mipi-dbi-spi\n" in config
    cmdline = (boot / "cmdline.txt").read_text()
    assert cmdline.count("consoleblank=0") == 1  # it was there already: not added twice
    assert cmdline.rstrip("\n").endswith("vt.global_cursor_default=0 video=HDMI-A-1:800x480@60D")
    assert (root / "lib-firmware" / "coda-pi-ili9341.bin").read_bytes().startswith(b"MIPI DBI")
    after_first = snapshot(root)
    second = install(env, "--boot-only", "--screen", "spi28", "--hdmi-mode", "800x480")
    assert second.returncode == 0 and "unchanged" in second.stdout
    assert snapshot(root) == after_first
    # Another screen replaces the block instead of adding a second one.
    assert install(env, "--boot-only", "--screen", "hdmi").returncode == 0
    assert (boot / "config.txt").read_text().count("# >>> coda-pi") == 1
    assert "mipi-dbi-spi" not in (boot / "config.txt").read_text()
    assert "video=HDMI-A-1" not in (boot / "cmdline.txt").read_text()
    undo = install(env, "--uninstall", "--boot-only")
    assert undo.returncode == 0, undo.stderr
    assert (boot / "config.txt").read_text() == CONFIG_TXT
    # consoleblank=0 was the owner's: it stays; only what install.sh added goes.
    assert (boot / "cmdline.txt").read_text() == CMDLINE_TXT
    assert not (root / "lib-firmware" / "coda-pi-ili9341.bin").exists()


def test_boot_settings_are_skipped_and_said_so_off_a_pi(fake_pi):
    root, env = fake_pi
    (root / "model").unlink()  # a PC or a virtual machine has no device-tree model
    before = snapshot(root)
    done = install(env, "--boot-only", "--screen", "spi28")
    assert done.returncode == 0, done.stderr
    assert "skipped, this is not a Raspberry Pi" in done.stdout
    assert snapshot(root) == before
    dry = install(env, "--dry-run", "--screen", "spi35").stdout
    assert "skipped, this is not a Raspberry Pi" in dry
    assert "dtoverlay=piscreen" not in dry and "vt.global_cursor_default" not in dry
    # Some other board's device tree is not a Pi either.
    (root / "model").write_bytes(b"Pine64 RockPro64\0")
    assert "not a Raspberry Pi (Pine64 RockPro64)" in install(env, "--dry-run").stdout


def test_the_installed_unit_names_only_groups_this_system_has(fake_pi):
    # systemd refuses to start a unit whose SupplementaryGroups names a missing group
    # (216/GROUP): off a Pi there is no "gpio". A unit already installed makes the dry run
    # show the change as a diff.
    import grp

    root, env = fake_pi
    (root / "units").mkdir()
    (root / "units" / "coda-pi.service").write_text(UNIT.read_text())
    out = install(env, "--dry-run").stdout
    wanted = unit_settings(UNIT.read_text())["Service.SupplementaryGroups"][0].split()
    present = []
    for group in wanted:
        try:
            grp.getgrnam(group)
            present.append(group)
        except KeyError:
            pass
    if present == wanted:
        assert "SupplementaryGroups" not in out  # nothing to change
    else:
        assert f"+SupplementaryGroups={' '.join(present)}\n" in out


def test_screen_overlays_only_use_reserved_pins():
    used: set[int] = set()
    for snippet in (FIRMWARE / "boot").glob("*.txt"):
        text = "\n".join(ln for ln in snippet.read_text().splitlines() if not ln.startswith("#"))
        used |= {int(n) for n in re.findall(r"-gpio=(\d+)", text)}
        if "piscreen" in text:
            # The piscreen overlay's own pins: touch IRQ, reset, D/C, backlight.
            used |= {17, 25, 24, 22}
    assert used == {17, 22, 24, 25}
    assert used <= set(RESERVED_PINS)
    assert not used & set(DEFAULT_PINS.values())


def test_panel_firmware_compiles_to_the_driver_format(tmp_path):
    out = tmp_path / "panel.bin"
    done = subprocess.run([sys.executable, str(FIRMWARE / "mipi-dbi-fw"),
                           str(FIRMWARE / "panels" / "coda-pi-ili9341.txt"), str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    assert data[:16] == b"MIPI DBI" + bytes(7) + b"\x01"
    assert bytes([0x3A, 1, 0x55]) in data  # 16-bit pixels, what the driver sends
    assert bytes([0x36, 1, 0x28]) in data  # landscape
    assert bytes([0x11, 0, 0x00, 1, 120]) in data  # sleep out, then 120 ms
    assert data.endswith(bytes([0x29, 0, 0x00, 1, 20]))  # display on last
    bad = tmp_path / "bad.txt"
    bad.write_text("command 0x36 0x28\ncommand 0x1FF\n")
    done = subprocess.run([sys.executable, str(FIRMWARE / "mipi-dbi-fw"), str(bad), str(out)],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "line 2" in done.stderr


def test_the_unit_says_how_long_systemd_waits_for_a_stop():
    """The device ends within a second of SIGTERM (tests/test_stop_signals.py): the unit
    tells systemd to wait seconds for it, not its default minute and a half."""
    s = unit_settings(UNIT.read_text())
    assert s.get("Service.KillSignal", ["SIGTERM"]) == ["SIGTERM"]
    assert 1 <= int(s["Service.TimeoutStopSec"][0]) <= 30


def test_installing_again_restarts_a_running_service(fake_pi):
    """An update must not leave the old code running until the next boot: after enabling
    the unit, install.sh restarts it if (and only if) it runs (try-restart)."""
    root, env = fake_pi
    out = install(env, "--dry-run").stdout.splitlines()
    enable = out.index("    + systemctl enable coda-pi.service")
    assert "    + systemctl try-restart coda-pi.service" in out[enable + 1:]


def test_pods_on_a_32_bit_pi_install_from_the_lock_what_builds_there(fake_pi):
    """Pillow and (from 6 on) cbor2 have no armv7l wheel on PyPI: the lock holds a cbor2
    with a pure-Python wheel, Pillow's build backend (pybind11) in the build group, and the
    packages' list the headers Pillow compiles against (firmware/README.md)."""
    _, env = fake_pi
    out = install(env, "--dry-run", "--machine", "armv7l", "--pods").stdout
    shown = resolved(out)
    pins = locked_pins()
    for name in ("pillow", "luma-oled", "luma-core", "smbus2", "cbor2", "pybind11"):
        assert shown.get(name) == pins[name], name
    assert int(shown["cbor2"].split(".")[0]) < 6, "cbor2 6 is Rust: no wheel for armv7l"
    apt = next(ln for ln in out.splitlines() if "apt-get install" in ln)
    for header in ("libjpeg-dev", "zlib1g-dev", "libfreetype-dev", "python3-dev"):
        assert header in apt, header
    assert "Pillow has no wheel for armv7l" in out

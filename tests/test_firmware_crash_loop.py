"""How the appliance ends a crash loop (issue 35, item 2): restarts people ask for never count
toward the limit, a real crash loop ends on a screen that says what happened and how to
recover (never a login prompt), and the device tries again later by itself.

The counting and the screen are firmware/coda-pi-crashes, run here as systemd would run it
(the same environment variables), with a stand-in ``systemctl`` that writes down what it was
asked; the units are checked with systemd-analyze and read setting by setting."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.test_firmware import FIRMWARE, fake_pi, install, unit_settings  # noqa: F401 (a fixture)

SCRIPT = FIRMWARE / "coda-pi-crashes"
UNIT = FIRMWARE / "coda-pi.service"
CRASHED = FIRMWARE / "coda-pi-crashed.service"
T0 = 1_800_000_000


@pytest.fixture
def host(tmp_path):
    """A PATH whose systemctl records its arguments, and a crash directory of its own."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "systemctl-calls"
    (bin_dir / "systemctl").write_text(f'#!/bin/sh\necho "$*" >>{calls}\n')
    (bin_dir / "systemctl").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}",
           "CODA_PI_CRASH_DIR": str(tmp_path / "crashes")}
    return env, calls


def run(env: dict[str, str], what: str, now: int, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), what], env={**env, "CODA_PI_NOW": str(now),
                                                             **extra},
                          capture_output=True, text=True, timeout=60)


def systemctl_calls(calls: Path) -> list[str]:
    return calls.read_text().splitlines() if calls.exists() else []


def crash(env: dict[str, str], now: int) -> subprocess.CompletedProcess:
    # As systemd sets them in ExecStopPost after the device exited with status 1.
    return run(env, "stopped", now, SERVICE_RESULT="exit-code", EXIT_CODE="exited",
               EXIT_STATUS="1")


def asked_stop(env: dict[str, str], now: int) -> subprocess.CompletedProcess:
    # systemctl restart, install.sh's try-restart, a reboot: the device ends cleanly.
    return run(env, "stopped", now, SERVICE_RESULT="success", EXIT_CODE="exited",
               EXIT_STATUS="0")


def test_restarts_people_ask_for_never_count_toward_the_limit(host):
    env, calls = host
    for i in range(20):
        assert asked_stop(env, T0 + i).returncode == 0
    for i in range(4):
        assert crash(env, T0 + 30 + i).returncode == 0
    for i in range(20):
        assert asked_stop(env, T0 + 40 + i).returncode == 0
    assert systemctl_calls(calls) == []  # 4 crashes, 40 restarts asked for: no loop


def test_the_fifth_crash_in_ten_minutes_hands_the_screen_to_the_crash_screen(host):
    env, calls = host
    for i in range(4):
        crash(env, T0 + 100 * i)
    assert systemctl_calls(calls) == []
    done = crash(env, T0 + 599)
    assert done.returncode == 0, done.stderr
    assert systemctl_calls(calls) == ["--no-block start coda-pi-crashed.service"]
    assert "crash loop" in done.stdout


def test_crashes_further_apart_than_the_window_are_no_loop(host):
    env, calls = host
    for i in range(12):
        done = crash(env, T0 + 200 * i)  # never 5 within 600 s
        assert done.returncode == 0 and "crash 3 of 5" in done.stdout or i < 2
    assert systemctl_calls(calls) == []


def test_the_crash_screen_says_what_happened_and_how_to_recover_then_tries_again(host):
    env, calls = host
    for i in range(5):
        crash(env, T0 + i)
    done = run(env, "screen", T0 + 10, CODA_PI_CRASH_RETRY="0")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "coda-pi has stopped" in text
    assert "stopped with an error 5 times in 10 minutes" in text
    assert "tries again by itself" in text and "switch the device off and on" in text
    assert "journalctl -u coda-pi" in text and "systemctl restart coda-pi" in text
    assert systemctl_calls(calls)[-1] == "--no-block start coda-pi.service"
    # The retry starts afresh: one more crash is not a loop.
    crash(env, T0 + 20)
    assert systemctl_calls(calls).count("--no-block start coda-pi-crashed.service") == 1


def test_a_pause_of_one_minute_is_said_in_the_singular(host):
    """The VM check shortens the pause to 60 s (a drop-in): its screen said "in 1 minutes"."""
    env, _calls = host
    bin_dir = Path(env["PATH"].split(":")[0])
    (bin_dir / "sleep").write_text("#!/bin/sh\nexit 0\n")  # the pause itself: not waited for
    (bin_dir / "sleep").chmod(0o755)
    for i in range(5):
        crash(env, T0 + i)
    text = " ".join(run(env, "screen", T0 + 10, CODA_PI_CRASH_RETRY="60").stdout.split())
    assert "(in 1 minute)" in text
    assert "(in 15 minutes)" in " ".join(run(env, "screen", T0 + 10).stdout.split())


@pytest.mark.parametrize(("config", "spanish"), [
    ('[screen]\nlanguage = "es"\n', True),
    ("[screen]\nwidth = 480\nlanguage = 'es'  # Spanish at this club\n", True),
    ('[players]\nlanguage = "es"\n[screen]\nlanguage = "en"\n', False),
    ("[screen]\nlanguage = \"es\n", False),  # a broken line: the device's default
    (None, False),  # no config file at all
])
def test_the_crash_screen_speaks_the_devices_language(host, tmp_path, config, spanish):
    """A Spanish table's crash screen is in Spanish, as every other screen of the device:
    it is read from the same config file, without Python (the crash may be the venv's)."""
    env, _calls = host
    for i in range(5):
        crash(env, T0 + i)
    path = tmp_path / "config.toml"
    if config is not None:
        path.write_text(config)
    done = run(env, "screen", T0 + 10, CODA_PI_CRASH_RETRY="0", CODA_PI_CONFIG=str(path))
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    if spanish:
        assert "coda-pi se ha detenido" in text
        assert "se detuvo con un error 5 veces en 10 minutos" in text
        assert "apague el aparato" in text and "journalctl -u coda-pi" in text
        assert "has stopped" not in text
    else:
        assert "coda-pi has stopped" in text and "se ha detenido" not in text


def test_the_script_passes_shellcheck():
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed")
    done = subprocess.run(["shellcheck", str(SCRIPT)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stdout


def test_the_unit_has_no_start_limit_and_ends_a_loop_on_the_crash_screen():
    s = unit_settings(UNIT.read_text())
    # systemd's start limit counts every start and then refuses the owner's too.
    assert s["Unit.StartLimitIntervalSec"] == ["0"]
    assert "Unit.StartLimitBurst" not in s
    assert s["Unit.OnFailure"] == ["coda-pi-crashed.service"]  # not getty@tty1
    assert s["Service.ExecStopPost"] == ["+/opt/coda-pi/bin/coda-pi-crashes stopped"]
    assert s["Service.Restart"] == ["on-failure"]
    c = unit_settings(CRASHED.read_text())
    assert set(c["Unit.Conflicts"][0].split()) == {"coda-pi.service", "getty@tty1.service"}
    assert c["Service.ExecStart"] == ["/opt/coda-pi/bin/coda-pi-crashes screen"]
    assert c["Service.TTYPath"] == ["/dev/tty1"] and c["Service.StandardOutput"] == ["tty"]
    assert "Install.WantedBy" not in c  # only coda-pi.service starts it


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed (apt-get install systemd)")
def test_both_units_pass_systemd_analyze_verify(tmp_path):
    # verify insists that every program exists: check copies that start an existing one.
    for unit in (UNIT, CRASHED):
        text = re.sub(r"^(Exec\w+=\+?)/\S+", r"\1/bin/true", unit.read_text(), flags=re.M)
        (tmp_path / unit.name).write_text(text)
    done = subprocess.run(["systemd-analyze", "verify", str(tmp_path / UNIT.name),
                           str(tmp_path / CRASHED.name)],
                          capture_output=True, text=True, timeout=60)
    remarks = [ln for ln in (done.stdout + done.stderr).splitlines()
               if "coda-pi" in ln or str(tmp_path) in ln]
    assert done.returncode == 0 and remarks == [], done.stdout + done.stderr


def test_install_writes_the_crash_screen_and_uninstall_removes_it(fake_pi):  # noqa: F811
    root, env = fake_pi
    out = install(env, "--dry-run").stdout
    assert f"would write {root}/opt/bin/coda-pi-crashes (mode 0755" in out
    assert f"would write {root}/units/coda-pi-crashed.service" in out
    gone = install(env, "--dry-run", "--uninstall").stdout
    assert "+ systemctl stop coda-pi-crashed.service" in gone

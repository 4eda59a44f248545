"""``coda-pi run`` as a process ends cleanly on SIGTERM, SIGINT and SIGHUP on every kind of
screen (issue 22, item 1): exit 0, the record as it was (every line whole), at once rather
than after systemd's stop timeout.

Each case starts the real command with SDL's dummy driver (the quiet loop, as on the
console), on a screen reached the way a device reaches it after a restart: a fresh start
(setup), or an unfinished record resumed (the deal, the entered pool's entry, a turn with
its guess timer, the table pool, Mastermind), a finished one (between games), a notice at
start (a bad config key). The screen each record resumes to is checked in-process first, so
a case cannot quietly test another screen. With a club, a real mosquitto on loopback
(tests/club_parts.py) and the table's status goes "offline" as it stops.

The records in tests/unfinished-records/ are the first lines of ``coda-pi demo --headless
--seed 3`` games (``--pool entered``, ``--pool table``, ``--game mastermind``). How long a
stop takes is measured by bench/bench_stop.py; here the bound is the unit's own
TimeoutStopSec, after which systemd would SIGKILL the device.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from coda_pi.app import DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config
from tests.club_parts import Mosquitto, need_mosquitto, wait_until

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
# Unfinished games cut from demo records, to resume on a given screen (not golden records:
# tests/test_golden_records.py replays every record under tests/records/).
UNFINISHED = ROOT / "tests" / "unfinished-records"
UNIT = ROOT / "firmware" / "coda-pi.service"
CODA_PI = Path(sys.executable).with_name("coda-pi")
NAME = "coda-2026-11-26T00-00-00.n1.jsonl"


def stop_timeout() -> float:
    """The unit's TimeoutStopSec: what systemd waits before it SIGKILLs the device."""
    found = re.search(r"^TimeoutStopSec=(\d+)", UNIT.read_text(), re.M)
    assert found, "the unit must say how long systemd waits for a stop"
    return float(found.group(1))


@dataclass(frozen=True)
class Screen:
    name: str
    lines: list[str]  # the record to resume (none: a fresh start)
    screen: str  # the screen's view class once resumed
    timer: bool = False  # the guess timer runs on it
    config: str = ""  # extra config text (a bad key: the notice at start)
    finished: bool = False  # the record's game is over: a new one would start beside it


def _lines(path: Path, count: int | None = None) -> list[str]:
    lines = path.read_text().splitlines(keepends=True)
    return lines if count is None else lines[:count]


TOURNAMENT = RECORDS / "tournament-3-rounds.jsonl"
SCREENS = {
    "setup": Screen("setup", [], "SetupView"),
    "deal": Screen("deal", _lines(TOURNAMENT, 1), "DealView"),
    "entry": Screen("entry", _lines(UNFINISHED / "entered-pool-dealing.jsonl"),
                    "EntryWaitView"),
    "turn with timer": Screen("turn with timer", _lines(TOURNAMENT, 5), "TurnView",
                              timer=True),
    "turn, choosing a colour": Screen("turn, choosing a colour", _lines(TOURNAMENT, 8),
                                      "TurnView"),
    "table pool": Screen("table pool", _lines(UNFINISHED / "table-pool-colours.jsonl"),
                         "ColourRowView"),
    "between games": Screen("between games", _lines(TOURNAMENT), "SetupView", finished=True),
    "Mastermind": Screen("Mastermind", _lines(UNFINISHED / "mastermind-breaking.jsonl"),
                         "MastermindScreen"),
    "notice at start": Screen("notice at start", [], "SetupView",
                              config="[rules]\nrounds = 99\n"),
}


def _prepare(tmp_path: Path, case: Screen, club: str = "") -> tuple[Path, Path, dict[str, str]]:
    data = tmp_path / "data"
    data.mkdir()
    record = data / NAME
    if case.lines:
        record.write_text("".join(case.lines))
    config = tmp_path / "config.toml"
    config.write_text(case.config + club)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CODA_PI_DATA": str(data), "CODA_PI_CONFIG": str(config), "HOME": str(tmp_path),
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "LANGUAGE": "en"}
    return data, record, env


def _resumed_screen(data: Path, record: Path, config_path: Path) -> tuple[str, bool, str]:
    """What the device shows after starting on this data directory (in-process, the same
    code the process runs): the screen's view class, the timer, the overlay's class."""
    from coda_pi.cli.run import load_config_with_notices

    config, notices = load_config_with_notices(config_path)
    clock = FakeClock()
    app = build_app(DeviceOptions(config=Config(data_dir=data, rules=config.rules),
                                  size=(480, 320), fullscreen=False, resume=True,
                                  gpio=False, sound=False, notices=notices,
                                  record=record if record.exists() else None),
                    clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None)
    try:
        # The first frame, as the process draws it: a step would move the fake clock on to
        # the next deadline, which for the notice at start is its closing by itself.
        app.update()
        view = app.scene.view
        screen = type(getattr(view, "screen", view)).__name__
        return (screen, getattr(view, "timer", None) is not None,
                type(getattr(view, "overlay", None)).__name__)
    finally:
        app.close()
        # The in-process look must leave nothing behind for the process to resume.
        for extra in data.iterdir():
            if extra.name != record.name and extra.suffix == ".jsonl":
                extra.unlink()


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _asleep_in_the_loop(pid: int) -> bool:
    """The stop signals are caught and the main thread sleeps on a futex (the loop's wait
    on its queue), not runnable: a starved process that is still importing is not idle."""
    status = Path(f"/proc/{pid}/status").read_text()
    caught = int(re.search(r"^SigCgt:\s*([0-9a-f]+)", status, re.M).group(1), 16)
    if not all(caught >> (s - 1) & 1 for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)):
        return False
    state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    return state == "S" and "futex" in Path(f"/proc/{pid}/wchan").read_text()


def _wait_idle(proc: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    """Until the device sleeps on its screen: started, drawn, asleep in its loop."""
    deadline = time.monotonic() + timeout
    last = _cpu_ticks(proc.pid)
    quiet = 0
    while time.monotonic() < deadline:
        # Three looks 0.1 s apart: at most 10 ms of CPU in each, asleep in the loop each time.
        time.sleep(0.1)
        assert proc.poll() is None, f"coda-pi run exited early: {proc.returncode}"
        now = _cpu_ticks(proc.pid)
        quiet = quiet + 1 if now - last <= 1 and _asleep_in_the_loop(proc.pid) else 0
        last = now
        if quiet >= 3:
            return
    raise AssertionError("coda-pi run never went idle")


def _stop(proc: subprocess.Popen[bytes], signum: signal.Signals) -> tuple[int, str, float]:
    started = time.monotonic()
    proc.send_signal(signum)
    try:
        _, err = proc.communicate(timeout=stop_timeout())
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise AssertionError(f"still running {stop_timeout():.0f} s after {signum.name}: "
                             "systemd would SIGKILL it") from None
    return proc.returncode, err.decode(errors="replace"), time.monotonic() - started


def _run(env: dict[str, str], record: Path) -> subprocess.Popen[bytes]:
    args = [str(CODA_PI), "run", "--no-gpio", "--no-sound", "--size", "480x320"]
    if record.exists():
        args += ["--record", str(record)]
    return subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _assert_record_intact(record: Path, before: bytes) -> None:
    after = record.read_bytes() if record.exists() else b""
    assert after.startswith(before), "a line already written was changed"
    assert after == b"" or after.endswith(b"\n"), "the record ends in a torn line"
    for line in after.decode().splitlines():
        json.loads(line)


CASES = [(name, sig) for name, sig in zip(
    SCREENS, [signal.SIGTERM, signal.SIGINT, signal.SIGHUP] * 3, strict=False)]


@pytest.mark.parametrize(("name", "signum"), [
    *CASES, ("setup", signal.SIGINT), ("setup", signal.SIGHUP),
    ("turn with timer", signal.SIGTERM), ("Mastermind", signal.SIGTERM),
], ids=lambda v: v.name if isinstance(v, signal.Signals) else str(v))
def test_run_ends_cleanly_on_a_signal_on_every_screen(tmp_path, name, signum):
    case = SCREENS[name]
    data, record, env = _prepare(tmp_path, case)
    screen, timer, overlay = _resumed_screen(data, record, Path(env["CODA_PI_CONFIG"]))
    assert screen == case.screen and timer == case.timer, (name, screen, timer)
    if case.config:
        assert overlay == "ConfirmView", "the bad config key should put up a notice"
    before = record.read_bytes() if record.exists() else b""
    proc = _run(env, record)
    _wait_idle(proc)
    code, err, _ = _stop(proc, signum)
    assert code == 0, err
    if case.lines and not case.finished:  # a game resumed: it says where it is kept
        assert f"the game record is {record}" in err, err
    _assert_record_intact(record, before)


@need_mosquitto
@pytest.mark.parametrize("name", ["setup", "turn with timer", "Mastermind"])
def test_run_with_a_club_ends_cleanly_and_says_it_is_offline(tmp_path, name):
    from coda_pi.club import topics
    from coda_pi.club.mqtt import make_client

    case = SCREENS[name]
    broker = Mosquitto(tmp_path).start()
    statuses: list[str] = []
    watcher = make_client("stop-test-watcher")
    watcher.on_message = lambda c, u, msg: statuses.append(msg.payload.decode())
    try:
        watcher.connect("127.0.0.1", broker.port)
        watcher.subscribe(topics.status("night", 3), qos=1)
        watcher.loop_start()
        club = f'\n[club]\nhost = "127.0.0.1"\nport = {broker.port}\nclub = "night"\ntable = 3\n'
        data, record, env = _prepare(tmp_path, case, club)
        before = record.read_bytes() if record.exists() else b""
        proc = _run(env, record)
        wait_until(lambda: "online" in statuses, 30, "the table to say it is online")
        _wait_idle(proc)
        code, err, _ = _stop(proc, signal.SIGTERM)
        assert code == 0, err
        wait_until(lambda: statuses[-1:] == ["offline"], 10, "the table to say it is offline")
        _assert_record_intact(record, before)
    finally:
        watcher.loop_stop()
        watcher.disconnect()
        broker.stop()


def test_a_stop_asked_from_another_thread_ends_a_loop_asleep_on_a_menu(tmp_path, quit_pygame):
    """What the signal thread does (App.stop) reaches a loop asleep with no deadline at all:
    here the pause menu, open over a game, in the quiet waiter the console uses."""
    from coda_pi.app import QuietWaiter
    from coda_pi.referee.shared.signals import Button, Press, Release
    from coda_pi.referee.shared.views import MenuView

    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(TOURNAMENT, data / NAME)
    record = data / NAME
    lines = _lines(TOURNAMENT, 8)
    record.write_text("".join(lines))
    app = build_app(DeviceOptions(config=Config(data_dir=data), size=(480, 320),
                                  fullscreen=False, resume=True, gpio=False, sound=False,
                                  record=record), rng=random.Random(1),
                    explain=lambda text: None)
    try:
        assert isinstance(app.waiter, QuietWaiter)
        app.update()  # the first frame, without a sleep
        app.queue.put(Press(Button.BACK))
        app.queue.put(Release(Button.BACK))
        app.step()
        assert isinstance(app.scene.view.overlay, MenuView)
        assert app.referee.next_deadline() is None  # nothing would ever wake it
        threading.Timer(0.3, app.stop).start()
        runner = threading.Thread(target=app.run, daemon=True)
        runner.start()
        runner.join(stop_timeout())
        assert not runner.is_alive(), "the loop slept on after stop()"
        assert not app.running
    finally:
        app.close()
    assert record.read_text() == "".join(lines)


STOP_EARLY = """
import os, signal, sys, threading
from coda_pi.app.stopping import StopSignals

stopped = threading.Event()
with StopSignals() as stops:
    os.kill(os.getpid(), signal.SIGTERM)  # before anything listens: the device is starting
    while not stops.requested:
        threading.Event().wait(0.01)
    stops.on_stop(stopped.set)  # registered late: called at once
    print("stopped" if stopped.wait(5) else "not stopped", [s.name for s in stops.received])
# Closed: the signal is the default one again (what a process outside run would get).
print(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)
"""


def test_a_signal_before_the_loop_exists_stops_it_as_soon_as_it_does():
    done = subprocess.run([sys.executable, "-c", STOP_EARLY], capture_output=True, text=True,
                          timeout=60, cwd=ROOT,
                          env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["stopped ['SIGTERM']", "True"], done.stdout

"""Every command ends with one sentence and an exit code whatever it is given (issue 12,
item 7), and a config file that is not TOML is as safe as a bad pin map (item 5)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from gpiozero import Device
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from coda_pi.app import DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.cli import main
from coda_pi.cli.run import load_config_with_notices
from coda_pi.config import load_config
from coda_pi.doctor import System, run_checks
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import ConfirmView

ROOT = Path(__file__).parent.parent
SPEC = ROOT / "tests" / "records" / "spec"
QUIET = {"HOME": "/nonexistent"}


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def commands(record: Path, data: Path) -> list[list[str]]:
    return [["replay", str(record)], ["replay", str(record), "--json"],
            ["standings", str(record)], ["standings", str(record), "--csv"],
            ["analyze", str(record)], ["analyze", str(record), "--review", "--json"],
            ["results", str(data)], ["results", str(data), "--csv"],
            ["results", str(data), "--json"]]


def ends_in_one_sentence(argv: list[str], capsys) -> None:
    code = main(argv)
    err = capsys.readouterr().err
    # 0 fine, 1 cannot read, 2 breaks a rule; 70 would be the catch-all's "a bug".
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["game", "players", "event", "seat", "row", "tile", "rounds",
                         "version", "target", "slot", "value", "x"]), inner, max_size=5),
    max_leaves=20,
)


def deep(depth: int) -> str:
    return '{"game": "coda", "players": ' + "[" * depth + "]" * depth + "}"


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(json_values.map(json.dumps), st.binary(max_size=30).map(
    lambda b: b.decode("latin-1")), st.sampled_from([deep(5000), deep(900), "\ud800"])),
    max_size=5))
def test_any_record_ends_every_command_with_a_sentence_and_an_exit_code(
        tmp_path_factory, capsys, lines):
    data = tmp_path_factory.mktemp("data")
    record = data / "coda-2026-01-01T10-00-00.jsonl"
    record.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))
    for argv in commands(record, data):
        ends_in_one_sentence(argv, capsys)


def test_a_deeply_nested_record_is_a_broken_record_not_a_recursion_error(tmp_path, capsys):
    record = tmp_path / "coda-2026-01-01T10-00-00.jsonl"
    record.write_text(deep(100_000) + "\n" + '{"event": "round"}\n')
    assert main(["replay", str(record)]) == 2
    assert "line 1" in capsys.readouterr().err  # one sentence: not a game record (issue 24)


def run_cli(*argv: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"PYTHONPATH": str(ROOT), "HOME": "/nonexistent"}
    return subprocess.run([sys.executable, "-m", "coda_pi.cli", *argv], env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_a_fifo_or_a_device_named_jsonl_is_refused_not_waited_on(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "coda-2026-01-01T10-00-00.jsonl")
    (data / "coda-2026-01-02T10-00-00.jsonl").symlink_to("/dev/zero")
    (data / "coda-2026-01-03T10-00-00.jsonl").write_bytes((SPEC / "sweep.jsonl").read_bytes())
    listed = run_cli("results", str(data), "--json")
    assert listed.returncode == 0, listed.stderr
    assert [r["file"] for r in json.loads(listed.stdout)] == ["coda-2026-01-03T10-00-00.jsonl"]
    for name in ("coda-2026-01-01T10-00-00.jsonl", "coda-2026-01-02T10-00-00.jsonl"):
        for command in ("replay", "standings", "analyze"):
            done = run_cli(command, str(data / name))
            assert done.returncode == 1
            assert done.stderr.count("\n") == 1 and "not a regular file" in done.stderr
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:
        f.truncate(64 * 1024 * 1024)  # sparse: costs no disk
    done = run_cli("replay", str(big))
    assert done.returncode == 1 and "too large" in done.stderr


def test_the_device_resumes_past_a_fifo_in_its_data_directory(tmp_path):
    from coda_pi.datadir import choose_resume

    data = tmp_path / "data"
    data.mkdir()
    (data / "coda-2026-01-01T10-00-00.jsonl").write_bytes(
        (SPEC / "miss-place-undo.jsonl").read_bytes())
    os.mkfifo(data / "coda-2026-01-02T10-00-00.jsonl")
    choice = choose_resume(data)
    assert choice.path == data / "coda-2026-01-01T10-00-00.jsonl"
    assert any("not a regular file" in n for n in choice.notices)


# --- item 5: a config file that is not TOML ---------------------------------------------

BROKEN = """\
[pins]
ok = 23
back = 18

[players]
names = ["Ann", "Ben"

[data]
directory = "records"
"""


def test_a_toml_syntax_error_in_players_costs_players_only_and_is_named_on_screen(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(BROKEN)
    config, notices = load_config_with_notices(path)
    # [pins] reads on its own: the buttons, LEDs and buzzer are on (issue 35).
    assert config.pins.button_pins()[Button.OK] == 23
    assert config.pins.seat_led_pins() == (12, 16, 20, 21) and config.pins.buzzer_pin == 13
    # The tables that read on their own still count: the data directory is the one meant.
    assert config.data_dir == tmp_path / "records"
    assert any("players" in n and "line 6" in n for n in notices), notices
    clock = FakeClock()
    app = build_app(DeviceOptions(config=config, size=(320, 240), fullscreen=False,
                                  sound=False, resume=False, notices=notices,
                                  setup=SetupDefaults(players=2)),
                    clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None)
    app.update()
    overlay = app.scene.view.overlay
    assert isinstance(overlay, ConfirmView) and "line 6" in overlay.text
    assert "off" not in overlay.text
    app.close()


@pytest.fixture
def plain_linux(monkeypatch, tmp_path):
    for name in ("CODA_PI_CONFIG", "CODA_PI_DATA", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    saved = Device.pin_factory
    Device.pin_factory = None
    yield
    if Device.pin_factory is not None:
        Device.pin_factory.close()
    Device.pin_factory = saved


def fake_system(root: Path) -> System:
    return System(device_tree_model=root / "model", systemd_dir=root / "systemd",
                  kill_switch=root / "disabled", drm_dir=root / "drm",
                  process_maps=root / "maps", use_systemctl=False, env=os.environ)


def test_doctor_names_the_broken_line_and_fails(tmp_path, plain_linux):
    path = tmp_path / "config.toml"
    path.write_text(BROKEN)
    checks = run_checks(path, system=fake_system(tmp_path))
    config = [c for c in checks if c.section == "Config"]
    assert any(c.status == "FAIL" and "line 6" in c.message for c in config)
    broken = next(c for c in config if "line 6" in c.message)
    assert "[players]" in broken.fix and str(path) in broken.fix
    assert not any("off" in c.message for c in checks if c.section in ("Config", "GPIO"))


toml_values = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1), st.booleans(),
    st.text(max_size=8), st.sampled_from(["\u0000", "a\u0000b", "/dev/null", "~", "~nobody/x",
                                         "/proc/self", "x" * 5000, "..", "auto"]),
    st.lists(st.text(max_size=4), max_size=5),
)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        body = json.dumps(value, ensure_ascii=False)[1:-1].replace("\x7f", "\\u007F")
        return f'"{body}"'
    assert isinstance(value, list)
    return "[" + ", ".join(toml_value(v) for v in value) + "]"


KEYS = {"pins": ["ok", "seat1", "buzzer"], "screen": ["width", "height", "rotation",
                                                      "fullscreen"],
        "sound": ["enabled"], "players": ["names"], "rules": ["rounds", "bonus"],
        "timer": ["first_seconds"], "data": ["directory"]}


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from([f"{t}.{k}" for t, ks in KEYS.items() for k in ks]),
                       toml_values.filter(
                           lambda v: not any(0xD800 <= ord(c) <= 0xDFFF
                                             for c in (v if isinstance(v, str) else ""))),
                       max_size=4))
@example({"data.directory": "a\u0000b", "players.names": ["\u0000", "\u200b"]})
@example({"data.directory": "/dev/null", "screen.width": 2**63 - 1})
def test_doctor_never_crashes_on_any_config_value(tmp_path_factory, plain_linux, values):
    root = tmp_path_factory.mktemp("cfg")
    tables: dict[str, list[str]] = {}
    for dotted, value in values.items():
        if isinstance(value, list) and dotted != "players.names":
            value = [v for v in value if isinstance(v, str)]
        table, key = dotted.split(".")
        tables.setdefault(table, []).append(f"{key} = {toml_value(value)}")
    path = root / "config.toml"
    path.write_text("".join(f"[{t}]\n" + "\n".join(lines) + "\n" for t, lines in tables.items()))
    config, problems = load_config(path, env=QUIET)
    checks = run_checks(path, system=fake_system(root))
    assert checks and all(c.status in ("OK", "WARN", "FAIL") for c in checks)
    assert "\x00" not in str(config.data_dir)


def test_record_naming_a_fifo_neither_hangs_nor_is_written(tmp_path):
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)

    def hung(*args: object) -> None:
        raise TimeoutError("opening the FIFO waited for a reader")

    # Opening a FIFO for writing without O_NONBLOCK waits for a reader forever: the alarm
    # turns that hang into a failure.
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        _record_into(fifo, tmp_path)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _record_into(fifo: Path, tmp_path: Path) -> None:
    from coda_pi.record import RecordWriter

    with pytest.raises(OSError):  # no reader: ENXIO at once, never a wait
        RecordWriter(fifo)
    clock = FakeClock()
    said: list[str] = []
    app = build_app(DeviceOptions(config=load_config(None, env=QUIET)[0], size=(320, 240),
                                  fullscreen=False, sound=False, gpio=False, record=fifo,
                                  data_dir=tmp_path / "data", setup=SetupDefaults(players=2)),
                    clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=said.append)
    app.update()
    record = app.records.new()
    record.write({"game": "coda", "version": 1, "players": ["A", "B"]})
    app.close()
    assert record.path is not None and record.path != fifo and record.path.is_file()
    assert any("not a regular file" in s for s in said)

"""Starting the device on whatever the card holds: an unfinished game is resumed and the
screen says so, a record that cannot be read is kept aside with a sentence on the screen, a
bad config file is named key by key, and the device runs in every case."""

from __future__ import annotations

import logging
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from coda_pi import cli
from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.cli.run import load_config_with_notices
from coda_pi.config import Config, PinConfig
from coda_pi.datadir import record_files
from coda_pi.demo import play_until
from coda_pi.referee.coda.setup_menu import SetupMenu
from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import ConfirmView, DealView, SetupView, TurnStep, TurnView
from coda_pi.replay import replay_file
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.entered import EnteredAutoPlayer

SPEC = Path(__file__).parent / "records" / "spec"


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def start(data: Path, *, said: list[str] | None = None, seed: int = 2, **options) -> App:
    clock = FakeClock()
    config = options.pop("config", None) or Config(
        data_dir=data, pins=PinConfig(gpio_enabled=False))
    options.setdefault("setup", SetupDefaults(players=2))
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, sound=False,
                         **options)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(seed),
                    explain=(said.append if said is not None else (lambda text: None)))
    app.update()  # the first frame
    return app


def notice(app: App) -> str:
    """The notice over the first screen: its title and its text."""
    overlay = app.scene.view.overlay
    assert isinstance(overlay, ConfirmView), overlay
    return f"{overlay.title}: {overlay.text}"


def go_on(app: App) -> None:
    """OK, as a person reading the notice does: the notice goes, the screen under it stays."""
    under = app.scene.view.screen
    app.queue.put(Press(Button.OK))
    app.queue.put(Release(Button.OK))
    app.update()
    assert app.scene.view.overlay is None
    assert app.scene.view.screen == under


def attacking(view) -> bool:
    return isinstance(view.screen, TurnView) and view.screen.step in (
        TurnStep.TARGET, TurnStep.SLOT, TurnStep.VALUE)


def test_a_resumed_game_says_so_and_its_guess_timer_starts_again(tmp_path):
    data = tmp_path / "data"
    first = start(data, resume=False)
    play_until(first, AutoPlayer(random.Random(3)), attacking)
    assert first.scene.view.timer is not None
    full = first.scene.view.timer.seconds_left
    first.clock.advance(full - 7)  # the player thinks; the power goes with 7 s left
    first.update()
    assert first.scene.view.timer.seconds_left <= 7
    seat = first.scene.view.screen.seat
    record = first.records.paths[0]
    first.close()
    pygame.quit()

    said: list[str] = []
    again = start(data, said=said, resume=True)
    view = again.scene.view
    assert isinstance(view.screen, TurnView) and view.screen.seat == seat
    assert view.screen.step in (TurnStep.TARGET, TurnStep.SLOT, TurnStep.VALUE)
    assert view.timer is not None and view.timer.seconds_left == full  # a whole decision
    assert "resumed" in view.banner.text and "timer starts again" in view.banner.text
    assert any(str(record) in s for s in said)
    # The banner gives way to the game at the next action, as any other news does.
    lines = len(replay_file(record).journal.events)
    play_until(again, AutoPlayer(random.Random(4)),
               lambda v: len(replay_file(record).journal.events) > lines)
    assert "resumed" not in (again.scene.view.banner.text if again.scene.view.banner else "")
    again.close()
    assert again.records.paths == [record]


def test_a_record_with_garbage_in_the_middle_is_kept_aside_and_a_fresh_game_starts(
    tmp_path, caplog
):
    data = tmp_path / "data"
    data.mkdir()
    lines = (SPEC / "miss-place-undo.jsonl").read_text().splitlines()
    lines[4] = '{"event": "deal", "seat": 2, "row": ["D3", ' + "\x00\x17garbage"
    bad = data / "coda-2026-01-02T10-00-00.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    original = bad.read_bytes()
    said: list[str] = []
    with caplog.at_level(logging.WARNING):
        app = start(data, said=said, resume=True)
    view = app.scene.view
    assert isinstance(view.screen, SetupView)  # a fresh game, not a crash and not the old one
    (kept,) = data.glob("*.unreadable*")
    assert kept.read_bytes() == original  # never deleted, never changed
    assert not bad.exists()
    # The screen, the log and stderr say which record, where it broke, and where it is now.
    for text in (notice(app), caplog.text, " ".join(said)):
        assert bad.name in text and kept.name in text and "line 5" in text
    assert notice(app).startswith("A problem at start")
    go_on(app)
    # The new game goes to a record of its own and replays; the kept one is never listed.
    play_until(app, AutoPlayer(random.Random(1)), lambda v: isinstance(v.screen, DealView)
               and v.table is not None and v.table.round_number == 1)
    app.close()
    (new,) = app.records.paths
    assert new != kept and record_files(data) == [new]
    assert replay_file(new).error is None
    assert kept.read_bytes() == original


def test_a_record_from_a_newer_version_named_with_record_is_kept_and_the_path_reused(tmp_path):
    record = tmp_path / "mine.jsonl"
    record.write_text('{"game": "coda", "version": 9, "players": ["A", "B"]}\n')
    original = record.read_bytes()
    app = start(tmp_path / "data", resume=True, record=record)
    assert isinstance(app.scene.view.screen, SetupView)
    (kept,) = tmp_path.glob("*.unreadable*")
    assert "newer" in notice(app) and kept.name in notice(app)
    assert kept.read_bytes() == original
    app.close()


BAD_CONFIG = """
[pins]
seat1 = 5
seat2 = 5
ok = "twenty-three"

[timer]
first_seconds = "sixty"
extra_seconds = 20

[screen]
colour = "blue"

[rules]
rounds = 3

[data]
directory = "records"
"""


def test_a_bad_config_file_is_named_key_by_key_and_the_device_runs_on_safe_defaults(
    tmp_path, capsys
):
    path = tmp_path / "config.toml"
    path.write_text(BAD_CONFIG)
    config, notices = load_config_with_notices(path)
    err = capsys.readouterr().err
    for key in ("pins.seat2", "pins.ok", "timer.first_seconds", "screen.colour"):
        assert key in err  # every problem in the log, by key
    assert "already used by pins.seat1" in err and "must be a whole number" in err
    app = start(tmp_path, config=config, notices=notices, resume=True, setup=None)
    view = app.scene.view
    assert isinstance(view.screen, SetupView)
    # The screen says first what is off and why (the pin map has errors: issue 35), naming
    # the button it cannot read, and that there are more problems, and where.
    assert "seat LEDs and the buzzer are off" in notice(app) and "short" in notice(app)
    assert "pins.seat1" in notice(app)
    assert notice(app).startswith(f"{len(notices)} problems at start")
    assert "More in the log" in notice(app)
    # Any button closes the notice (OK may not be wired where the file says), and its press
    # does not slip under it.
    app.queue.put(Press(Button.NEXT))
    app.queue.put(Release(Button.NEXT))
    app.update()
    assert app.scene.view.screen.cursor == 2 and app.scene.view.overlay is None
    # The good keys are used, the bad ones fall back to defaults, and no output is driven.
    # (Behind "More": the choices that are not the common ones.)
    more = SetupMenu(SetupDefaults.from_config(config))
    more.nav(Button.NEXT)
    more.nav(Button.NEXT)
    more.nav(Button.OK)
    items = {i.label: i.value for i in more.view().items}
    assert items["First period"] == "60 s" and items["Rounds"].startswith("tournament")
    assert config.pins.seat_led_pins() == () and config.pins.buzzer_pin is None
    assert config.pins.button_pins()[Button.OK] == 23  # "twenty-three": its default pin
    assert config.data_dir == tmp_path / "records"
    # And the game can be played: the first record goes to the configured directory. The
    # default pool is "entered": the first seat is asked to enter its starting row.
    play_until(app, EnteredAutoPlayer(random.Random(1)),
               lambda v: isinstance(v.screen, EntryWaitView)
               and v.table is not None and v.table.round_number == 1)
    app.close()
    assert [p.parent for p in app.records.paths] == [tmp_path / "records"]
    assert app.errors == []


@pytest.mark.parametrize("text", [
    "[pins\nseat1 = 5",  # not TOML at all
    "\udcff",  # not UTF-8
])
def test_a_config_file_that_cannot_be_read_at_all_still_starts_the_device(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    config, notices = load_config_with_notices(path)
    assert notices and "default" in notices[0]
    app = start(tmp_path, config=Config(data_dir=tmp_path / "d",
                                        pins=PinConfig(gpio_enabled=False)),
                notices=notices, resume=True)
    assert isinstance(app.scene.view.screen, SetupView)
    assert "default" in notice(app)
    app.close()


def test_coda_pi_run_with_a_bad_config_shows_it_and_runs(tmp_path, monkeypatch, capsys):
    """The whole start path of ``coda-pi run``: the first frame is drawn with the message."""
    path = tmp_path / "config.toml"
    path.write_text(BAD_CONFIG)
    frames: list[App] = []

    def one_frame(self: App, **_: object) -> None:
        self.update()
        frames.append(self)

    monkeypatch.setattr(App, "run", one_frame)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert cli.main(["run", "--config", str(path), "--size", "320x240", "--window",
                     "--no-sound", "--data-dir", str(tmp_path / "data")]) == 0
    (app,) = frames
    assert isinstance(app.scene.view.screen, SetupView)
    assert "the seat LEDs and the buzzer are off" in notice(app)  # seat1 = seat2 = 5
    assert app.stats.frames == 1
    err = capsys.readouterr().err
    assert "pins.seat2" in err and "screen.colour" in err


def test_a_data_directory_that_cannot_be_written_refuses_to_start_a_game_with_a_reason(tmp_path):
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the data directory should be")
    app = start(blocked, resume=True)
    assert isinstance(app.scene.view.screen, SetupView)
    play_until(app, AutoPlayer(random.Random(1)),
               lambda v: v.banner is not None and "Could not save" in v.banner.text,
               max_intents=200)
    assert isinstance(app.scene.view.screen, SetupView)  # nothing started, nothing lost
    assert app.errors == [] and app.running
    app.close()


def test_a_corrupt_record_on_a_read_only_card_is_left_untouched_and_the_device_starts(
    tmp_path, monkeypatch
):
    from coda_pi import datadir

    data = tmp_path / "data"
    data.mkdir()
    bad = data / "coda-2026-01-02T10-00-00.jsonl"
    bad.write_text('{"game": "coda", "players": ["A", "B"]}\n{garbage\n{}\n')
    original = bad.read_bytes()

    def read_only(path: Path) -> Path:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(datadir, "set_aside", read_only)
    for _ in range(2):  # and again at the next start: the same answer, never a crash
        app = start(data, resume=True)
        assert isinstance(app.scene.view.screen, SetupView)
        text = notice(app)
        assert bad.name in text and "read-only" in text.lower() and "line 2" in text
        app.close()
        pygame.quit()
        assert bad.read_bytes() == original


def test_a_failure_while_looking_for_a_game_to_resume_still_starts_the_device(
    tmp_path, monkeypatch, caplog
):
    import coda_pi.app.resume

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in replay")

    monkeypatch.setattr(coda_pi.app.resume, "choose_resume", broken)
    app = start(tmp_path / "data", resume=True)
    assert isinstance(app.scene.view.screen, SetupView)
    assert "a bug in replay" in notice(app)
    assert "a bug in replay" in caplog.text
    app.close()


def test_a_game_resumed_while_dealing_asks_for_the_panels_back_and_deals_again(tmp_path):
    data = tmp_path / "data"
    first = start(data, resume=False)
    play_until(first, AutoPlayer(random.Random(3)),
               lambda v: isinstance(v.screen, DealView) and v.table is not None
               and v.table.round_number == 1 and any(v.screen.dealt))
    seat = first.scene.view.screen.seat
    record = first.records.paths[0]
    first.close()
    pygame.quit()

    again = start(data, resume=True, seed=9)
    view = again.scene.view
    assert isinstance(view.screen, DealView) and view.screen.seat == seat
    name = view.screen.name
    assert "resumed" in view.banner.text
    assert f"{name}: put back any panels" in view.banner.text
    # The deal goes on from where it was, in the same record, to the first turn.
    play_until(again, AutoPlayer(random.Random(4)), lambda v: isinstance(v.screen, TurnView))
    again.close()
    assert again.records.paths == [record]
    assert replay_file(record).error is None


def test_a_torn_last_line_is_logged_and_the_game_resumes_without_a_notice(tmp_path, caplog):
    data = tmp_path / "data"
    data.mkdir()
    path = data / "coda-2026-01-02T10-00-00.jsonl"
    whole = (SPEC / "miss-place-undo.jsonl").read_bytes()
    path.write_bytes(whole + b'{"event": "draw", "se')  # the power went mid-write
    with caplog.at_level(logging.WARNING):
        app = start(data, resume=True)
    view = app.scene.view
    assert view.overlay is None and "resumed" in view.banner.text
    assert "cut short" in caplog.text
    assert replay_file(path).summary()["turn"] == 2  # the game as it was acknowledged
    app.close()
    assert (data / (path.name + ".torn")).read_bytes().startswith(b'{"event": "draw"')


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a read-only tmpfs needs root")
def test_a_read_only_card_is_called_read_only_not_full_and_no_new_game_is_promised(tmp_path):
    """Issue 22, item 12: on a card the system mounted read-only, the device said "a new game
    was started" and "free some space"; neither is true, and the card's state is the news."""
    import shutil
    import subprocess

    card = tmp_path / "card"
    card.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(card)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        unfinished = card / "coda-2026-11-20T20-00-00.n1.jsonl"
        shutil.copy(SPEC / "miss-place-undo.jsonl", unfinished)
        before = unfinished.read_bytes()
        subprocess.run(["mount", "-o", "remount,ro", str(card)], check=True)
        said: list[str] = []
        app = start(card, said=said, resume=True)
        text = notice(app)
        assert "read-only" in text and unfinished.name in text
        assert "new game was started" not in text and "new game was started" not in str(said)
        # The device runs on: the first line the game writes is refused, with the reason.
        play_until(app, AutoPlayer(random.Random(1)),
                   lambda v: v.banner is not None and "read-only" in v.banner.text,
                   max_intents=200)
        assert "Free some space" not in app.scene.view.banner.text
        assert app.errors == [] and app.running
        app.close()
        assert unfinished.read_bytes() == before
    finally:
        subprocess.run(["umount", str(card)], check=False)

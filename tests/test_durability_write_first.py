"""Write before you tell (design principle 5): nothing the screen or the buzzer announces is
ahead of what the record on disk holds. Every frame's totals and every sound are checked
against a replay of the bytes on disk at that very moment."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from coda_pi.app import DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config, PinConfig
from coda_pi.demo import play_until
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Cue
from coda_pi.referee.shared.views import FinalView
from coda_pi.replay import replay_bytes
from coda_pi.sim.coda import AutoPlayer


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


class DiskWitness:
    """Replays whatever record files are on disk (cached by their size)."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self._cache: dict[tuple[Path, int], tuple[dict[str, Any], list[Any]]] = {}

    def latest(self) -> tuple[dict[str, Any] | None, list[Any]]:
        """The replay summary of the newest record on disk, and its events in force."""
        files = sorted(self.data.glob("*.jsonl"))
        if not files:
            return None, []
        path = files[-1]
        key = (path, path.stat().st_size)  # records only grow: the size says what is new
        if key not in self._cache:
            replay = replay_bytes(path.read_bytes())
            events = list(replay.journal.events) if replay.journal is not None else []
            self._cache[key] = (replay.summary(), events)
        return self._cache[key]


def test_every_frame_and_every_sound_is_backed_by_the_record_on_disk(tmp_path):
    data = tmp_path / "data"
    witness = DiskWitness(data)
    checked = {"frames": 0, "cues": 0}
    problems: list[str] = []

    def on_frame(scene: Any, surface: pygame.Surface) -> None:
        table = scene.view.table
        if table is None:
            return
        summary, _ = witness.latest()
        assert summary is not None
        shown = [s.total for s in table.seats]
        if shown != summary["totals"]:
            problems.append(f"frame shows {shown}, disk holds {summary['totals']}")
        for seat, row in zip(table.seats, summary["rows"], strict=False):
            down = [p.revealed for p in seat.row]
            if down != [p["revealed"] for p in row]:
                problems.append(f"frame shows {seat.name}'s row ahead of the disk")
        checked["frames"] += 1

    class Sounder:
        def play(self, cue: Cue) -> None:
            summary, events = witness.latest()
            last = events[-1].get("event") if events else None
            wanted = {
                Cue.CORRECT: ("guess",),
                Cue.WRONG: ("guess",),
                # Before the first guess: the penalty; after a right guess: a stop, or (a
                # panel drawn) the right guess stays last until the place is shown.
                Cue.TIME_UP: ("timeout", "stop", "guess"),
            }.get(cue)
            if wanted is not None and last not in wanted:
                problems.append(f"{cue} sounded while the disk's last event is {last}")
            if cue in (Cue.ROUND_WON, Cue.TOURNAMENT_WON):
                assert summary is not None
                if not summary["rounds"]:
                    problems.append(f"{cue} sounded before the round's end was on disk")
            checked["cues"] += 1

        def close(self) -> None:
            pass

    clock = FakeClock()
    config = Config(data_dir=data, pins=PinConfig(gpio_enabled=False))
    # Each frame's scene is checked against the disk as the loop shows it; its pixels are
    # not looked at, so none are drawn (on_frame is still told of every frame).
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                         setup=SetupDefaults(players=3, rounds=3, first_seconds=20),
                         draw=False)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(11),
                    sounder=Sounder(), on_frame=on_frame, explain=lambda text: None)
    auto = AutoPlayer(random.Random(12))
    # Let the guess timer run out now and then, so TIME_UP is announced too.
    turns = 0

    def done(view: Any) -> bool:
        nonlocal turns
        turns += 1
        if turns % 97 == 0 and view.timer is not None:
            clock.advance(60)
        return isinstance(view.screen, FinalView)

    play_until(app, auto, done)
    app.close()
    assert problems == []
    assert app.errors == []
    assert checked["frames"] > 50 and checked["cues"] > 20
    assert Cue.TOURNAMENT_WON in app.cues and Cue.TIME_UP in app.cues


def test_each_line_is_fsynced_before_the_device_may_announce_it(tmp_path, monkeypatch):
    """SIGKILL keeps what the kernel holds; a power cut keeps only what was fsynced. So the
    record's file must be fsynced between each line's write and its acknowledgement (one
    fsync may vouch for several lines written before it: a round's end and its bonus)."""
    from coda_pi import record as record_module

    steps: list[tuple[str, Any]] = []
    real_fsync, real_write = record_module.os.fsync, record_module.os.write

    def fsync(fd: int) -> None:
        real_fsync(fd)
        steps.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))

    def write(fd: int, data: Any) -> int:
        steps.append(("write", os.readlink(f"/proc/self/fd/{fd}")))
        return real_write(fd, data)

    monkeypatch.setattr(record_module.os, "fsync", fsync)
    monkeypatch.setattr(record_module.os, "write", write)

    def acknowledged(path: Path, obj: dict[str, Any]) -> None:
        steps.append(("ack", str(path)))

    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                         setup=SetupDefaults(players=2, rounds=1), sound=False,
                         on_recorded=acknowledged)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(3),
                    explain=lambda text: None)
    play_until(app, AutoPlayer(random.Random(4)), lambda v: isinstance(v.screen, FinalView))
    app.close()
    (path,) = app.records.paths
    mine = [step for step in steps if step[1] == str(path)]
    writes = [i for i, step in enumerate(mine) if step[0] == "write"]
    acks = [i for i, step in enumerate(mine) if step[0] == "ack"]
    # Each line is one write (no short writes here), acknowledged in the order written.
    assert len(acks) == len(writes) == len(path.read_text().splitlines()) > 20
    for written, ack in zip(writes, acks, strict=True):
        assert written < ack
        assert ("fsync", str(path)) in mine[written + 1: ack], mine[written: ack + 1]
    acks = [i for i, step in enumerate(steps) if step[0] == "ack"]
    assert ("fsync", str(path.parent)) in steps[: acks[0]]

"""The record's fsync runs beside the frame (coda_pi/fsync_thread.py): the loop draws a
press's frame while the card works, and shows it, sounds its cues and lights its LEDs only
once the fsync has returned (principle 5). A card that refuses the fsync late leaves
nothing of the press told, and the device goes on from what its record holds."""

from __future__ import annotations

import errno
import os
import random
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from coda_pi import record as record_module
from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config, PinConfig
from coda_pi.demo import play_until
from coda_pi.fsync_thread import FsyncThread
from coda_pi.record import RecordWriteError, RecordWriter, parse_record
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Cue
from coda_pi.referee.shared.views import BannerKind, TurnView
from coda_pi.replay import replay_bytes
from coda_pi.sim.coda import AutoPlayer

SLOW_FSYNC = 0.02  # an SD card's fsync is milliseconds: long enough to see what overlaps it


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


class Timeline:
    """What happened, in order, from every thread: record lines written and made durable
    by an fsync's return, frames drawn and shown, cues sounded."""

    def __init__(self) -> None:
        self.steps: list[str] = []
        self._lock = threading.Lock()
        self.unsynced = 0  # record lines written that no returned fsync vouches for yet
        self.running = 0  # record fsyncs begun and not returned

    def add(self, step: str) -> None:
        with self._lock:
            self.steps.append(f"{step} ({self.unsynced} lines not on the card, "
                              f"{self.running} fsyncs running)")

    def watch(self, monkeypatch: Any) -> None:
        """Every record line's write, and a slow fsync, seen through the record module."""
        write, fsync = os.write, os.fsync

        def writing(fd: int, data: Any) -> int:
            if os.readlink(f"/proc/self/fd/{fd}").endswith(".jsonl"):
                with self._lock:
                    self.unsynced += 1
            return write(fd, data)

        def slow(fd: int) -> None:
            if not os.readlink(f"/proc/self/fd/{fd}").endswith(".jsonl"):
                fsync(fd)  # a directory's
                return
            with self._lock:
                covered = self.unsynced  # what was written before it began
                self.running += 1
            time.sleep(SLOW_FSYNC)
            fsync(fd)
            with self._lock:
                self.unsynced -= covered
                self.running -= 1
                self.steps.append("fsync returned")

        monkeypatch.setattr(record_module.os, "write", writing)
        monkeypatch.setattr(record_module.os, "fsync", slow)


def _device(tmp_path: Path, timeline: Timeline, setup: SetupDefaults | None = None,
            **options: Any) -> App:
    class Sounder:
        def play(self, cue: Cue) -> None:
            timeline.add(f"cue {cue.name}")

        def close(self) -> None:
            pass

    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                         setup=setup or SetupDefaults(players=2, rounds=1), **options)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(3),
                    sounder=Sounder(), explain=lambda text: None)
    draw, send = app.renderer.draw, app.display.send

    def drawing(surface: pygame.Surface, scene: Any) -> None:
        timeline.add("draw")
        draw(surface, scene)

    def sending() -> None:
        timeline.add("present")
        send()

    app.renderer.draw = drawing  # type: ignore[method-assign]
    app.display.send = sending  # type: ignore[method-assign]
    return app


def test_a_press_is_drawn_while_its_line_is_fsynced_and_shown_only_after(tmp_path,
                                                                       monkeypatch):
    timeline = Timeline()
    timeline.watch(monkeypatch)
    app = _device(tmp_path, timeline)
    play_until(app, AutoPlayer(random.Random(4)),
               lambda v: isinstance(v.screen, TurnView) and v.table is not None
               and sum(s.total for s in v.table.seats) > 0)  # a guess judged, at least
    app.close()
    steps = timeline.steps
    assert steps.count("fsync returned") > 10
    # Nothing is shown or sounded while a line is on its way to the card ...
    told = [s for s in steps if s.startswith(("present", "cue"))]
    assert any(s.startswith("cue") for s in told)
    assert [s for s in told if not s.endswith("(0 lines not on the card, 0 fsyncs running)")
            ] == []
    # ... but the frame showing it is drawn meanwhile, the fsync running, not after it.
    assert any(s == "draw (1 lines not on the card, 1 fsyncs running)" for s in steps)


def test_an_fsync_refused_late_shows_nothing_of_the_press_and_the_game_goes_on(
        tmp_path, monkeypatch):
    timeline = Timeline()
    real = os.fsync
    refused: list[int] = []
    shown: list[Any] = []

    def refusing(fd: int) -> None:
        if refusing.on and os.readlink(f"/proc/self/fd/{fd}").endswith(".jsonl"):
            refusing.on = False
            refused.append(fd)
            raise OSError(errno.EIO, "Input/output error")
        real(fd)

    refusing.on = False  # type: ignore[attr-defined]
    monkeypatch.setattr(record_module.os, "fsync", refusing)
    app = _device(tmp_path, timeline)
    auto = AutoPlayer(random.Random(4))
    play_until(app, auto, lambda v: isinstance(v.screen, TurnView))
    (path,) = app.records.paths
    before = path.read_bytes()
    on_disk = replay_bytes(before).summary()
    refusing.on = True  # type: ignore[attr-defined]
    app.on_frame = lambda scene, surface: refused and shown.append(scene)
    cues_before = len(app.cues)
    play_until(app, auto, lambda v: bool(refused))
    # Not one byte of the refused line stayed, and nothing of it was shown or sounded: the
    # first frame after it shows the game as the card holds it, and says why.
    assert path.read_bytes() == before
    assert app.cues[cues_before:] == [Cue.ERROR]
    after = shown[0]
    assert after.view.banner is not None and after.view.banner.kind is BannerKind.ERROR
    assert "input/output error" in after.view.banner.text
    assert [s.total for s in after.view.table.seats] == on_disk["totals"]
    assert app.errors == []
    # The game goes on from there: the next lines are written and replay.
    play_until(app, auto, lambda v: len(path.read_bytes()) > len(before) + 100)
    app.close()
    text = parse_record(path.read_bytes())
    assert text.error is None and text.torn_line is None
    assert replay_bytes(path.read_bytes()).summary()["players"] == on_disk["players"]


def test_a_writer_with_an_fsync_thread_settles_its_lines_or_cuts_them_back(tmp_path,
                                                                          monkeypatch):
    thread = FsyncThread()
    path = tmp_path / "r.jsonl"
    writer = RecordWriter(path, fsync_thread=thread)
    writer.write({"game": "coda", "players": ["A", "B"]})
    assert writer.pending
    writer.settle()
    assert not writer.pending and writer.size == len(path.read_bytes())
    kept = path.read_bytes()

    def failing(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(record_module.os, "fsync", failing)
    writer.write({"event": "round", "first": 0})
    writer.write({"event": "deal"})
    with pytest.raises(RecordWriteError):
        writer.settle()
    monkeypatch.undo()
    writer.write({"event": "round", "first": 1})  # the cut-back is finished first
    writer.settle()
    writer.close()
    thread.close()
    assert path.read_bytes() == kept + b'{"event": "round", "first": 1}\n'
    assert thread.cpu_seconds > 0


def test_what_the_screen_shows_is_the_frame_when_the_clock_moves_during_the_fsync(
        tmp_path, monkeypatch):
    """Only the rectangles that changed are sent to the screen. A frame drawn while the card
    works may be drawn again before it is sent (a slow machine's clock moved on: an LED's
    blink, the timer's second): what the screen ends with must still be the frame, as the
    booted VM showed it was not (the setup under the new game's footer)."""
    # The guess timer on: its seconds change the frame as the clock moves.
    app = _device(tmp_path, Timeline(), SetupDefaults(players=2, rounds=1, timer=True,
                                                      first_seconds=60, extra_seconds=20))
    clock = app.clock
    prepared = app.display.prepare
    again: list[bool] = []

    def preparing() -> None:
        again.append(app.display._ready is not None)  # prepared, not yet sent
        prepared()

    app.display.prepare = preparing  # type: ignore[method-assign]
    fsync = os.fsync

    def slow(fd: int) -> None:
        time.sleep(SLOW_FSYNC)  # the loop draws the press's frame meanwhile ...
        clock.advance(1.0)  # ... and a slow machine's clock moves on a timer's second
        fsync(fd)

    monkeypatch.setattr(record_module.os, "fsync", slow)
    screen = app.display.screen
    glass = pygame.Surface(screen.get_size())  # what reaches the panel: the sent parts
    update = pygame.display.update

    def sending(rects: Any = None) -> None:
        for rect in rects if rects is not None else [screen.get_rect()]:
            glass.blit(screen, rect, rect)
        update(rects)

    monkeypatch.setattr(pygame.display, "update", sending)
    differed: list[int] = []
    app.on_frame = lambda scene, surface: differed.append(
        bytes(pygame.image.tobytes(glass, "RGB")) != bytes(pygame.image.tobytes(screen, "RGB")))
    play_until(app, AutoPlayer(random.Random(4)),
               lambda v: isinstance(v.screen, TurnView) and v.table is not None
               and sum(s.total for s in v.table.seats) > 0)
    app.close()
    assert any(again)  # the case this is about came
    assert len(differed) > 20 and not any(differed)

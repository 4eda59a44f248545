"""The desktop's sound device is open only while a cue is due: an open mixer wakes the process
for every buffer it plays, silence included (bench/bench_sound_idle.py counts it). Through
SDL's dummy audio driver, which opens and plays like a real one."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from capabilities import mixer_problem  # noqa: E402

from coda_pi.app import DeviceOptions, FakeClock, FakeTimeWaiter, build_app  # noqa: E402
from coda_pi.config import Config, PinConfig  # noqa: E402
from coda_pi.devices.buzzer import MIXER_IDLE_CLOSE, ToneSounder  # noqa: E402
from coda_pi.devices.sound_on_first_cue import MixerOnFirstCue  # noqa: E402
from coda_pi.devices.tunes import TUNES  # noqa: E402
from coda_pi.referee.shared.signals import Cue  # noqa: E402


@pytest.fixture
def mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The dummy sound device, closed before and after; skipped where the mixer cannot load."""
    problem = mixer_problem()
    if problem is not None:
        pytest.skip(problem)
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def sounded_out(sounder: ToneSounder, timeout: float = 5.0) -> bool:
    """Wait (real time: the device plays in real time) until nothing sounds any more."""
    deadline = time.monotonic() + timeout
    while sounder.channel.get_busy():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def fake_time() -> tuple[list[float], Callable[[], float]]:
    now = [100.0]
    return now, lambda: now[0]


def test_the_mixer_closes_once_idle_and_opens_again_for_the_next_cue(mixer):
    now, clock = fake_time()
    sounder = ToneSounder.open(clock=clock)
    try:
        assert sounder.is_open
        sounder.play(Cue.COUNTDOWN)
        length = sounder.sound_for(Cue.COUNTDOWN).get_length()
        assert sounder.next_deadline() == pytest.approx(100.0 + length + MIXER_IDLE_CLOSE)
        assert sounded_out(sounder)
        now[0] = 100.0 + length + MIXER_IDLE_CLOSE - 0.01
        sounder.poll()
        assert sounder.is_open  # not yet
        now[0] += 0.02
        sounder.poll()
        assert not sounder.is_open and not pygame.mixer.get_init()
        assert sounder.next_deadline() is None  # nothing to wake up for while closed
        # The next cue opens the device again, in the format its samples were made for,
        # and plays on the cues' channel.
        sounder.play(Cue.TIME_UP)
        assert sounder.is_open
        assert sounder.channel.get_sound() is sounder.sound_for(Cue.TIME_UP)
        assert sounder.next_deadline() is not None
    finally:
        sounder.close()
    assert not pygame.mixer.get_init()


def test_a_cue_still_sounding_keeps_the_mixer_open(mixer):
    now, clock = fake_time()
    sounder = ToneSounder.open(clock=clock)
    try:
        sounder.play(Cue.TOURNAMENT_WON)  # the longest tune: still playing right now
        assert sounder.channel.get_busy()
        now[0] += 1000.0  # the fake clock far past the deadline, the real tune not over
        sounder.poll()
        assert sounder.is_open and sounder.channel.get_busy()
        assert sounder.next_deadline() == pytest.approx(now[0] + MIXER_IDLE_CLOSE)
    finally:
        sounder.close()


def test_a_mixer_opened_and_never_played_closes_too(mixer):
    now, clock = fake_time()
    sounder = ToneSounder.open(clock=clock)
    assert sounder.next_deadline() == pytest.approx(100.0 + MIXER_IDLE_CLOSE)
    now[0] += MIXER_IDLE_CLOSE
    sounder.poll()
    assert not pygame.mixer.get_init()
    sounder.close()


def test_kept_open_when_asked_and_never_reopened_after_close(mixer):
    sounder = ToneSounder.open(idle_close=None)
    assert sounder.next_deadline() is None  # the old way: open until closed
    sounder.play(Cue.COUNTDOWN)
    assert sounder.next_deadline() is None and sounder.is_open
    sounder.close()
    sounder.play(Cue.COUNTDOWN)  # after close: nothing, and no device opened for it
    assert not pygame.mixer.get_init()


def test_a_mixer_someone_else_opened_is_left_open(mixer):
    pygame.mixer.init()
    sounder = ToneSounder.open()
    assert sounder.next_deadline() is None
    sounder.close()
    assert pygame.mixer.get_init()  # theirs to close


def test_the_device_opens_the_mixer_at_its_first_cue_and_the_loop_closes_it_when_idle(
        mixer, tmp_path: Path):
    """No sound device is opened at start (nor the mixer imported: tests/test_start_imports.py):
    the first cue opens it. The loop then sleeps until the sounder's deadline like any other,
    and nothing more: the setup screen has no timer, so the mixer's closing is the only thing
    it wakes for."""
    clock = FakeClock()
    options = DeviceOptions(config=Config(data_dir=tmp_path, pins=PinConfig(gpio_enabled=False)),
                            size=(320, 240), fullscreen=False, resume=False, sound=True,
                            gpio=False, draw=False)
    app = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None)
    try:
        assert isinstance(app.sounder, MixerOnFirstCue)
        assert not app.sounder.is_open and not pygame.mixer.get_init()
        assert app.sounder.next_deadline() is None  # nothing to wake for while closed
        app.sounder.play(Cue.COUNTDOWN)
        assert app.sounder.is_open and pygame.mixer.get_init()
        deadline = time.monotonic() + 5.0  # the tune plays in real time: let it end
        while pygame.mixer.get_busy() and time.monotonic() < deadline:
            time.sleep(0.01)
        start = clock.monotonic()
        app.run(max_steps=20, until=lambda: not pygame.mixer.get_init())
        assert not pygame.mixer.get_init()
        length = TUNES[Cue.COUNTDOWN][0].seconds
        assert clock.monotonic() - start == pytest.approx(MIXER_IDLE_CLOSE + length, abs=0.01)
        assert app.stats.steps <= 2  # one sleep to the deadline (and no busy loop)
        app.sounder.play(Cue.COUNTDOWN)  # and the next cue opens it again
        assert app.sounder.is_open
    finally:
        app.close()
        pygame.quit()


def test_with_no_sound_device_the_first_cue_says_so_once_and_the_rest_are_silent(
        mixer, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    reasons: list[str] = []
    sounder = MixerOnFirstCue(explain=reasons.append)
    assert reasons == []  # a start that plays nothing tries nothing
    sounder.play(Cue.COUNTDOWN)
    sounder.play(Cue.TIME_UP)
    assert len(reasons) == 1 and "sound" in reasons[0].lower()
    assert not sounder.is_open and sounder.next_deadline() is None
    sounder.close()


def test_a_closed_device_sounder_opens_nothing(mixer):
    sounder = MixerOnFirstCue(explain=lambda text: None)
    sounder.close()
    sounder.play(Cue.COUNTDOWN)
    assert not sounder.is_open and not pygame.mixer.get_init()

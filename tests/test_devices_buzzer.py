"""Cues: the piezo through gpiozero's real TonalBuzzer on a mock PWM pin, the desktop's
mixer through SDL's dummy audio driver, and silence."""

from __future__ import annotations

import array
import math
import os
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero import TonalBuzzer
from gpiozero.pins.mock import MockFactory, MockPWMPin
from gpiozero.tones import Tone
from hypothesis import given, settings
from hypothesis import strategies as st
from mock_pins import installed

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from capabilities import mixer_problem  # noqa: E402

from coda_pi.devices.buzzer import (  # noqa: E402
    PIEZO_MID_TONE,
    PIEZO_OCTAVES,
    PiezoSounder,
    RecordingSounder,
    SilentSounder,
    ToneSounder,
    open_sounder,
    synthesise,
)
from coda_pi.devices.gpio import open_gpio  # noqa: E402
from coda_pi.devices.tunes import TUNES, Step, note_frequency, tune_seconds  # noqa: E402
from coda_pi.referee.shared.signals import Button, Cue  # noqa: E402

BUZZER_PIN = 13


class RecordingPWMPin(MockPWMPin):
    """A mock PWM pin that also remembers every frequency it was set to (MockPWMPin keeps
    only the duty-cycle history)."""

    def __init__(self, factory, info) -> None:
        super().__init__(factory, info)
        self.lock = threading.Lock()
        self.frequencies: list[float | None] = []

    def _set_frequency(self, value) -> None:
        super()._set_frequency(value)
        with self.lock:
            self.frequencies.append(value)

    def forget(self) -> None:
        """Drop the history so far (PWMOutputDevice sets 100 Hz, then None, when opened)."""
        with self.lock:
            self.frequencies.clear()

    def played(self) -> list[float]:
        with self.lock:
            return [f for f in self.frequencies if f is not None]

    def silent(self) -> bool:
        with self.lock:
            return bool(self.frequencies) and self.frequencies[-1] is None


@pytest.fixture
def pwm_pins() -> Iterator[MockFactory]:
    yield from installed(RecordingPWMPin)


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def open_piezo(
    factory: MockFactory, *, tempo: float = 4.0
) -> tuple[PiezoSounder, RecordingPWMPin]:
    """The real tunes played ``tempo`` times faster, to keep the suite quick."""
    quick = {
        cue: tuple(Step(step.note, step.seconds / tempo) for step in tune)
        for cue, tune in TUNES.items()
    }
    sounder = PiezoSounder(BUZZER_PIN, tunes=quick)
    pin = factory.pin(BUZZER_PIN)
    pin.forget()
    return sounder, pin


def notes_of(cue: Cue) -> list[float]:
    return [step.frequency for step in TUNES[cue] if step.frequency is not None]


# --- the tunes themselves --------------------------------------------------------------


def test_every_cue_has_a_tune_of_its_own():
    assert set(TUNES) == set(Cue)
    shapes = {tuple(TUNES[cue]) for cue in Cue}
    assert len(shapes) == len(Cue)


def test_every_tune_fits_the_piezo_as_configured(pwm_pins):
    buzzer = TonalBuzzer(BUZZER_PIN, mid_tone=Tone(PIEZO_MID_TONE), octaves=PIEZO_OCTAVES)
    try:
        for cue in Cue:
            for frequency in notes_of(cue):
                buzzer.play(Tone.from_frequency(frequency))  # raises if out of range
    finally:
        buzzer.close()


@pytest.mark.parametrize("octave", range(10))
def test_a_note_sounds_at_the_frequency_gpiozero_gives_it(octave):
    # The desktop's speaker works the frequencies out without gpiozero; the piezo plays the
    # same notes through gpiozero's Tone: both must hear the same tune.
    for letter in "CDEFGAB":
        for accidental in ("", "#", "b"):
            note = f"{letter}{accidental}{octave}"
            try:
                expected = Tone(note).frequency
            except ValueError:  # beyond MIDI's 128 notes (G#9 and up)
                with pytest.raises(ValueError, match="invalid note"):
                    note_frequency(note)
            else:
                assert note_frequency(note) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("bad", ["H4", "A", "A#", "Ax4", "a4", "A10", "", "C##4", "B9"])
def test_a_note_that_is_no_note_is_refused(bad):
    with pytest.raises(ValueError, match="invalid note"):
        note_frequency(bad)


def test_a_countdown_tick_is_short_and_time_up_is_a_long_low_buzz():
    assert tune_seconds(TUNES[Cue.COUNTDOWN]) <= 0.15  # five of them, one per second

    def longest_note(cue: Cue) -> float:
        return max(step.seconds for step in TUNES[cue] if step.note is not None)

    assert longest_note(Cue.TIME_UP) > max(longest_note(c) for c in Cue if c is not Cue.TIME_UP)
    assert min(notes_of(Cue.TIME_UP)) == min(f for cue in Cue for f in notes_of(cue))
    assert all(tune_seconds(TUNES[cue]) < 2.0 for cue in Cue)


# --- the piezo -------------------------------------------------------------------------


def test_the_piezo_plays_each_tune_note_by_note_and_falls_silent(pwm_pins):
    sounder, pin = open_piezo(pwm_pins)
    try:
        for cue in (Cue.CORRECT, Cue.ONE_MINUTE, Cue.TIME_UP, Cue.COUNTDOWN):
            pin.forget()
            sounder.play(cue)
            expected = notes_of(cue)
            assert wait_until(lambda e=expected: pin.played() == e and pin.silent()), cue
            assert pin.state == 0  # no duty cycle left: the piezo is quiet
    finally:
        sounder.close()


def test_the_piezo_sounds_while_a_note_plays(pwm_pins):
    sounder, pin = open_piezo(pwm_pins)
    try:
        sounder.play(Cue.TIME_UP)
        # A square wave at half duty while the note lasts.
        assert wait_until(lambda: len(pin.played()) == 1 and pin.state == 0.5)
    finally:
        sounder.close()


def test_play_returns_before_the_tune_is_over(pwm_pins):
    sounder, pin = open_piezo(pwm_pins)
    try:
        sounder.play(Cue.TOURNAMENT_WON)
        # If play() waited for the tune, every note would already be on the pin.
        assert pin.played() != notes_of(Cue.TOURNAMENT_WON)
        assert wait_until(lambda: pin.played() == notes_of(Cue.TOURNAMENT_WON) and pin.silent())
    finally:
        sounder.close()


def test_a_newer_cue_cuts_off_the_tune_still_playing(pwm_pins):
    sounder, pin = open_piezo(pwm_pins)
    try:
        sounder.play(Cue.TOURNAMENT_WON)
        assert wait_until(lambda: len(pin.played()) >= 1)
        sounder.play(Cue.COUNTDOWN)
        tick = notes_of(Cue.COUNTDOWN)
        assert wait_until(lambda: pin.played()[-1:] == tick and pin.silent())
        fanfare_heard = pin.played()[:-1]
        assert fanfare_heard == notes_of(Cue.TOURNAMENT_WON)[: len(fanfare_heard)]
        assert len(fanfare_heard) < len(notes_of(Cue.TOURNAMENT_WON))
    finally:
        sounder.close()


def test_closing_the_piezo_stops_its_worker_and_frees_the_pin(pwm_pins):
    sounder, pin = open_piezo(pwm_pins)
    sounder.play(Cue.TIME_UP)
    assert wait_until(lambda: len(pin.played()) == 1)
    sounder.close()
    assert pin.frequency is None and pin.state == 0
    assert "coda-pi piezo" not in {t.name for t in threading.enumerate()}
    TonalBuzzer(BUZZER_PIN).close()  # the pin is free again


def test_a_tune_beyond_the_piezo_range_is_refused_at_once(pwm_pins):
    too_low = {Cue.WRONG: (Step("C2", 0.2),)}
    with pytest.raises(ValueError, match="C2"):
        PiezoSounder(BUZZER_PIN, tunes=too_low)
    TonalBuzzer(BUZZER_PIN).close()  # and its pin was released


# --- the desktop mixer -----------------------------------------------------------------


@pytest.fixture
def mixer() -> Iterator[None]:
    """A closed mixer before and after; the test is skipped where the mixer cannot load."""
    problem = mixer_problem()
    if problem is not None:
        pytest.skip(problem)
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def mixer_closed() -> Iterator[None]:
    """No mixer open before or after, where there is a mixer at all."""
    if mixer_problem() is None:
        pygame.mixer.quit()
    yield
    if mixer_problem() is None:
        pygame.mixer.quit()


def test_with_no_gpio_the_mixer_plays_every_cue(mixer, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sounder = open_sounder(None)
    try:
        assert isinstance(sounder, ToneSounder)
        for cue in Cue:
            sounder.play(cue)
            assert sounder.channel.get_sound() is sounder.sound_for(cue)  # replaced at once
    finally:
        sounder.close()
    assert not pygame.mixer.get_init()  # it opened the mixer, so it closed it


def test_the_mixer_sounds_differ_per_cue_and_last_as_long_as_their_tunes(mixer, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sounder = ToneSounder.open()
    try:
        raw = {cue: sounder.sound_for(cue).get_raw() for cue in Cue}
        assert len(set(raw.values())) == len(Cue)
        for cue in Cue:
            assert sounder.sound_for(cue).get_length() == pytest.approx(
                tune_seconds(TUNES[cue]), abs=0.005
            )
    finally:
        sounder.close()


@pytest.mark.parametrize("cue", [Cue.COUNTDOWN, Cue.TIME_UP])
def test_a_one_note_cue_sounds_at_its_note(mixer, monkeypatch, cue):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sounder = ToneSounder.open()
    try:
        rate, sample_format, channels = pygame.mixer.get_init()
        assert (sample_format, channels) == (-16, 1)
        samples = array.array("h", sounder.sound_for(cue).get_raw())
        crossings = sum(1 for a, b in zip(samples, samples[1:], strict=False) if (a < 0) != (b < 0))
        heard = crossings / 2 / (len(samples) / rate)
        assert heard == pytest.approx(notes_of(cue)[0], rel=0.05)
    finally:
        sounder.close()


def test_the_mixer_tones_have_no_clicks(mixer, monkeypatch):
    """No jump between neighbouring samples beyond what the highest note's own slope allows:
    notes fade in and out, and the steady part is seamless."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sounder = ToneSounder.open()
    try:
        rate = pygame.mixer.get_init()[0]
        for cue in Cue:
            samples = array.array("h", sounder.sound_for(cue).get_raw())
            peak = max(abs(x) for x in samples)
            steepest = 2 * math.pi * max(notes_of(cue)) / rate
            # The softened square's slope is at most 2.07 times its peak per radian.
            allowed = 2.07 * peak * steepest * 1.05 + 2
            jumps = [abs(b - a) for a, b in zip(samples, samples[1:], strict=False)]
            assert max([abs(samples[0]), abs(samples[-1]), *jumps]) <= allowed, cue
    finally:
        sounder.close()


def test_no_sound_device_means_silence_and_one_sentence(mixer_closed, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    reasons: list[str] = []
    sounder = open_sounder(None, explain=reasons.append)
    assert isinstance(sounder, SilentSounder)
    sounder.play(Cue.TIME_UP)  # and playing into silence is fine
    sounder.close()
    assert len(reasons) == 1 and "\n" not in reasons[0]


def test_with_a_piezo_on_the_gpio_the_piezo_is_the_sounder(pwm_pins):
    gpio = open_gpio({Button.OK: 22}, (12,), lambda i: None, buzzer_pin=BUZZER_PIN)
    assert gpio is not None
    try:
        sounder = open_sounder(gpio)
        assert sounder is gpio.piezo
        pin = pwm_pins.pin(BUZZER_PIN)
        pin.forget()
        sounder.play(Cue.COUNTDOWN)
        assert wait_until(lambda: pin.played() == notes_of(Cue.COUNTDOWN) and pin.silent())
    finally:
        gpio.close()


def test_the_recording_sounder_remembers_what_was_asked():
    sounder = RecordingSounder()
    sounder.play(Cue.YOUR_TURN)
    sounder.play(Cue.WRONG)
    assert sounder.played == [Cue.YOUR_TURN, Cue.WRONG]


FORMATS = {-8: ("b", 1), 8: ("B", 1), -16: ("h", 2), 16: ("H", 2), -32: ("i", 4), 32: ("f", 4)}


@settings(max_examples=40, deadline=None)
@given(
    tune=st.lists(
        st.tuples(
            st.sampled_from([None, "A3", "C5", "G#6", "A7"]),
            st.floats(min_value=0.001, max_value=0.05),
        ),
        min_size=1,
        max_size=4,
    ),
    sample_format=st.sampled_from(sorted(FORMATS)),
    channels=st.sampled_from([1, 2]),
    rate=st.sampled_from([22050, 44100, 48000]),
)
def test_synthesised_samples_fit_any_mixer_format(tune, sample_format, channels, rate):
    """Whatever format the mixer was opened in, the bytes hold one frame per sample per
    channel, never clip, and rests are true silence for that format."""
    steps = tuple(Step(note, seconds) for note, seconds in tune)
    typecode, width = FORMATS[sample_format]
    data = synthesise(steps, rate, sample_format, channels)
    frames = sum(round(step.seconds * rate) for step in steps)
    assert len(data) == frames * channels * width
    samples = array.array(typecode, data)
    silence = {8: 128, 16: 32768}.get(sample_format, 0)
    full_scale = {8: 127, -8: 127, 16: 32767, -16: 32767, -32: 2**31 - 1, 32: 1.0}[sample_format]
    assert all(abs(s - silence) <= full_scale for s in samples)
    if channels == 2:
        assert samples[0::2] == samples[1::2]
    start = 0
    for step in steps:
        count = round(step.seconds * rate) * channels
        if step.note is None:
            assert all(s == silence for s in samples[start : start + count])
        start += count

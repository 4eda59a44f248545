"""The sound of a cue: the Pi's piezo, the desktop's speaker, or nothing at all.

A ``Sounder`` plays a cue without ever blocking the loop that asks for it, and a newer cue
cuts off an older one still playing: the countdown's tick must be heard on its second, not
after the end of a fanfare.
"""

from __future__ import annotations

import array
import contextlib
import logging
import math
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

import pygame

from coda_pi.devices.tunes import TUNES, Step, Tune
from coda_pi.i18n import _
from coda_pi.referee.shared.ports import Sounder
from coda_pi.referee.shared.signals import Cue

if TYPE_CHECKING:
    from gpiozero import TonalBuzzer
    from gpiozero.pins import Factory
    from gpiozero.tones import Tone

log = logging.getLogger(__name__)


class SilentSounder:
    """No sound device: cues are simply dropped."""

    def play(self, cue: Cue) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingSounder:
    """Silent, but remembers every cue asked for (for tests and the headless demo)."""

    def __init__(self) -> None:
        self.played: list[Cue] = []

    def play(self, cue: Cue) -> None:
        self.played.append(cue)

    def close(self) -> None:
        pass


PIEZO_MID_TONE = "A5"
PIEZO_OCTAVES = 2
"""The piezo's range as ``PiezoSounder`` configures ``TonalBuzzer``: A3 to A7 (220-3520 Hz).
gpiozero refuses any tone outside the range it was built with, and ``TUNES`` stays inside
this one."""


class PiezoSounder:
    """Tunes on a passive piezo through gpiozero's ``TonalBuzzer`` on a PWM pin.

    A tune needs timing, so one worker thread owns the buzzer: it is the only thread that
    touches it. ``play`` just leaves the cue in a one-place mailbox, replacing any cue not
    yet started, and wakes the worker, which breaks off the tune it is playing.
    """

    def __init__(
        self,
        pin: int,
        *,
        pin_factory: Factory | None = None,
        tunes: Mapping[Cue, Tune] = TUNES,
        mid_tone: str = PIEZO_MID_TONE,
        octaves: int = PIEZO_OCTAVES,
    ) -> None:
        # gpiozero comes in with the pins (coda_pi.devices.gpio), never for the mixer.
        from coda_pi.devices.gpiozero_import import gpiozero_imported

        with gpiozero_imported():
            from gpiozero import TonalBuzzer
            from gpiozero.tones import Tone
        self._buzzer = TonalBuzzer(
            pin, mid_tone=Tone(mid_tone), octaves=octaves, pin_factory=pin_factory
        )
        try:
            self._tunes = {cue: _piezo_tune(self._buzzer, tune) for cue, tune in tunes.items()}
        except BaseException:
            self._buzzer.close()
            raise
        self._wake = threading.Condition()
        self._next: Cue | None = None
        self._closing = False
        self._worker = threading.Thread(target=self._run, name="coda-pi piezo", daemon=True)
        self._worker.start()

    def play(self, cue: Cue) -> None:
        with self._wake:
            self._next = cue
            self._wake.notify()

    def close(self) -> None:
        """Stop the worker (mid-tune if need be), silence the piezo, release its pin."""
        with self._wake:
            self._closing = True
            self._wake.notify()
        if self._worker.is_alive() and self._worker is not threading.current_thread():
            self._worker.join(timeout=2.0)
        # The worker has finished with the buzzer, so this thread may now touch it.
        self._buzzer.close()

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._next is None and not self._closing:
                    self._wake.wait()
                if self._closing:
                    break
                cue, self._next = self._next, None
            tune = self._tunes.get(cue)
            if tune is None:
                continue
            try:
                self._play(tune)
            except Exception:
                # A failing pin must not take the whole device down; the screen still works.
                log.exception("the piezo failed while playing %s", cue)
        self._silence()

    def _play(self, tune: tuple[tuple[Tone | None, float], ...]) -> None:
        for tone, seconds in tune:
            if tone is None:
                self._silence()
            else:
                self._buzzer.play(tone)
            if self._interrupted_within(seconds):
                break
        self._silence()

    def _interrupted_within(self, seconds: float) -> bool:
        """Wait out a note; True as soon as a newer cue (or close) arrives instead."""
        deadline = time.monotonic() + seconds
        with self._wake:
            while self._next is None and not self._closing:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._wake.wait(remaining)
            return True

    def _silence(self) -> None:
        if not self._buzzer.closed:
            self._buzzer.stop()


def _piezo_tune(buzzer: TonalBuzzer, tune: Tune) -> tuple[tuple[Tone | None, float], ...]:
    """The tune as ``Tone`` objects, refusing up front any note the buzzer cannot play."""
    from gpiozero.tones import Tone  # loaded with the buzzer

    low, high = buzzer.min_tone.frequency, buzzer.max_tone.frequency
    steps: list[tuple[Tone | None, float]] = []
    for step in tune:
        if step.note is None:
            steps.append((None, step.seconds))
            continue
        tone = Tone(step.note)
        if not low <= tone.frequency <= high:
            raise ValueError(
                f"note {step.note} is outside the piezo's range {buzzer.min_tone.note}"
                f"-{buzzer.max_tone.note}"
            )
        steps.append((tone, step.seconds))
    return tuple(steps)


MIXER_RATE = 22050
"""Samples per second asked of the mixer: plenty for tones under 4 kHz, and half the work of
synthesising at 44.1 kHz."""


class ToneSounder:
    """The cues as tones through ``pygame.mixer`` on the desktop (or a Pi's HDMI audio).

    Each tune is synthesised once, when it first plays (all of them up front cost 30 ms of
    the start here, far more on a Pi Zero), into a ``Sound`` built from raw sample bytes in
    whatever format the mixer was opened with. All cues play on one reserved channel, so
    ``Channel.play`` of a new cue replaces the one still sounding.
    """

    def __init__(
        self, *, tunes: Mapping[Cue, Tune] = TUNES, volume: float = 0.35, owns_mixer: bool = False
    ) -> None:
        settings = pygame.mixer.get_init()
        if not settings:
            raise pygame.error("the mixer is not initialised")
        self._format = settings
        self._volume = volume
        self._tunes = tunes
        self._owns_mixer = owns_mixer
        self._sounds: dict[Cue, pygame.mixer.Sound] = {}
        pygame.mixer.set_reserved(1)
        self._channel = pygame.mixer.Channel(0)

    @classmethod
    def open(cls, *, tunes: Mapping[Cue, Tune] = TUNES) -> ToneSounder:
        """Open the default sound device; raises ``pygame.error`` when there is none."""
        if pygame.mixer.get_init():
            return cls(tunes=tunes)
        # A small buffer keeps the cue close to the event that caused it.
        with _c_stderr_silenced():
            pygame.mixer.init(frequency=MIXER_RATE, size=-16, channels=1, buffer=512)
        try:
            return cls(tunes=tunes, owns_mixer=True)
        except BaseException:
            pygame.mixer.quit()
            raise

    @property
    def channel(self) -> pygame.mixer.Channel:
        """The mixer channel reserved for cues."""
        return self._channel

    def sound_for(self, cue: Cue) -> pygame.mixer.Sound:
        """The synthesised sound of a cue (KeyError for a cue without a tune)."""
        sound = self._sounds.get(cue)
        if sound is None:
            rate, sample_format, channels = self._format
            data = synthesise(self._tunes[cue], rate, sample_format, channels,
                              volume=self._volume)
            sound = self._sounds[cue] = pygame.mixer.Sound(buffer=data)
        return sound

    def play(self, cue: Cue) -> None:
        # After close() (or someone else's mixer.quit()) there is nothing to play into.
        if cue in self._tunes and pygame.mixer.get_init():
            self._channel.play(self.sound_for(cue))

    def close(self) -> None:
        if not pygame.mixer.get_init():
            return
        self._channel.stop()
        if self._owns_mixer:
            pygame.mixer.quit()


_ARRAY_TYPES: dict[int, tuple[str, float, float]] = {
    # mixer format -> (array typecode, scale of a full-scale sample, offset of silence)
    -8: ("b", 127.0, 0.0),
    8: ("B", 127.0, 128.0),
    -16: ("h", 32767.0, 0.0),
    16: ("H", 32767.0, 32768.0),
    -32: ("i", 2147483647.0, 0.0),
    32: ("f", 1.0, 0.0),
}

_ATTACK = 0.004
_RELEASE = 0.015


def synthesise(
    tune: Tune, rate: int, sample_format: int, channels: int, *, volume: float = 0.35
) -> bytes:
    """Raw sample bytes of a tune in the mixer's format (no numpy needed).

    Each note is a sine with a little third harmonic (a softened square: reedy like the
    piezo, without a square wave's harshness on a laptop speaker), shaped with a short fade
    in and out so that notes start and stop without a click.
    """
    try:
        typecode, scale, offset = _ARRAY_TYPES[sample_format]
    except KeyError:
        raise pygame.error(f"unsupported mixer sample format {sample_format}") from None
    samples = array.array(typecode)
    amplitude = volume * scale / 1.3
    for step in tune:
        count = round(step.seconds * rate)
        if step.note is None:
            samples.extend([_silence_sample(typecode, offset)] * (count * channels))
            continue
        samples.extend(_note(step, count, rate, amplitude, offset, typecode, channels))
    # pygame opens the mixer with SDL's native-endian formats (AUDIO_S16SYS and kin), which
    # is the order array writes in.
    return samples.tobytes()


def _silence_sample(typecode: str, offset: float) -> float | int:
    return 0.0 if typecode == "f" else int(offset)


def _note(
    step: Step,
    count: int,
    rate: int,
    amplitude: float,
    offset: float,
    typecode: str,
    channels: int,
) -> list[float] | list[int]:
    frequency = step.frequency
    assert frequency is not None
    # Synthesis runs at start-up for every tune, some 240,000 samples with a 44.1 kHz mixer:
    # far too many for Python one by one. A steady tone repeats, so only a short run of
    # whole cycles is computed and then tiled at C speed; the fade in and out, which do not
    # repeat, are computed sample by sample over their few milliseconds.
    tile, cycles = _whole_cycles(frequency, rate)
    omega = 2.0 * math.pi * cycles / tile  # retuned by far less than a cent to fit the tile

    def shape(i: int) -> float:
        # sin x + 0.3 sin 3x (a softened square), with one sine: sin 3x = 3 sin x - 4 sin^3 x
        s = math.sin(omega * i)
        return s * (1.9 - 1.2 * s * s)

    convert: Callable[[float], float | int] = float if typecode == "f" else round
    steady = [convert(offset + amplitude * shape(i)) for i in range(tile)]
    mono = (steady * (count // tile + 1))[:count]
    attack = max(1, round(_ATTACK * rate))
    release = max(1, round(_RELEASE * rate))
    for i in {*range(min(attack, count)), *range(max(0, count - release), count)}:
        envelope = min(1.0, i / attack, (count - i) / release)
        mono[i] = convert(offset + amplitude * envelope * shape(i))
    if channels == 1:
        return mono
    frames = [mono[0] if mono else convert(offset)] * (count * channels)
    for channel in range(channels):
        frames[channel::channels] = mono
    return frames


def _whole_cycles(frequency: float, rate: int) -> tuple[int, int]:
    """(samples, cycles): the shortest run of whole cycles, up to 64 of them, that spans a
    whole number of samples to within 2% of a sample (else the closest found)."""
    period = rate / frequency
    best = (1.0, 1)
    for cycles in range(1, 65):
        miss = abs(cycles * period - round(cycles * period))
        if miss < best[0]:
            best = (miss, cycles)
        if miss < 0.02:
            break
    cycles = best[1]
    return max(1, round(cycles * period)), cycles


@contextlib.contextmanager
def _c_stderr_silenced() -> Iterator[None]:
    """Keeps libasound's own complaints about a missing sound card (written straight to file
    descriptor 2, a dozen lines) off the terminal; pygame's error still says what failed."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class WithPiezo(Protocol):
    """The opened pins (``gpio.GpioDevices``) as the sounder sees them: a piezo or none."""

    @property
    def piezo(self) -> Sounder | None: ...


def open_sounder(
    gpio: WithPiezo | None = None, *, explain: Callable[[str], None] = log.info
) -> Sounder:
    """The best sounder there is: the piezo if the GPIO has one, else the mixer if a sound
    device opens, else silence (after one sentence to ``explain``). Never raises."""
    if gpio is not None and gpio.piezo is not None:
        return gpio.piezo
    try:
        return ToneSounder.open()
    # pygame raises NotImplementedError when it was built without its mixer module.
    except (pygame.error, NotImplementedError) as error:
        explain(_("No sound device ({why}); the cues will be silent.").format(why=error))
        return SilentSounder()

"""The sound of a cue: the Pi's piezo, the desktop's speaker, or nothing at all.

A ``Sounder`` plays a cue without ever blocking the loop that asks for it, and a newer cue
cuts off an older one still playing: the countdown's tick must be heard on its second, not
after the end of a fanfare.
"""

from __future__ import annotations

import array
import contextlib
import math
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

import pygame

from coda_pi import log_later
from coda_pi.devices.tunes import TUNES, Step, Tune
from coda_pi.i18n import _
from coda_pi.pygame_import import mixer
from coda_pi.referee.shared.ports import Sounder
from coda_pi.referee.shared.signals import Cue

if TYPE_CHECKING:
    from gpiozero.output_devices import TonalBuzzer
    from gpiozero.pins import Factory
    from gpiozero.tones import Tone

log = log_later.getLogger(__name__)


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
            from gpiozero.output_devices import TonalBuzzer
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


MIXER_IDLE_CLOSE = 5.0
"""Seconds after the last cue has finished sounding before an idle mixer is closed. An open
sound device wakes the process for every buffer it plays, silence included (43 times a
second at 22050 Hz with 512-sample buffers: bench/bench_sound_idle.py); the countdown's
ticks, a second apart, find it still open."""


class ToneSounder:
    """The cues as tones through ``pygame.mixer`` on the desktop (or a Pi's HDMI audio).

    Each tune is synthesised once, when it first plays (all of them up front cost 30 ms of
    the start here, far more on a Pi Zero), into a ``Sound`` built from raw sample bytes in
    whatever format the mixer was opened with. All cues play on one reserved channel, so
    ``Channel.play`` of a new cue replaces the one still sounding.

    A mixer this sounder opened itself is open only while a cue is due: it is closed
    ``idle_close`` seconds after the last cue finished (``poll``, at ``next_deadline``: the
    loop calls them as it does for any timed source) and opened again by the next ``play``.
    ``idle_close`` None keeps it open, as a mixer someone else opened always is.
    """

    def __init__(
        self,
        *,
        tunes: Mapping[Cue, Tune] = TUNES,
        volume: float = 0.35,
        owns_mixer: bool = False,
        idle_close: float | None = MIXER_IDLE_CLOSE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        mixer()  # pygame may have been imported without it (coda_pi/pygame_import.py)
        settings = pygame.mixer.get_init()
        if not settings:
            raise pygame.error("the mixer is not initialised")
        self._format = settings
        self._volume = volume
        self._tunes = tunes
        self._owns_mixer = owns_mixer
        self._idle_close = idle_close if owns_mixer else None
        self._clock = clock
        self._samples: dict[Cue, bytes] = {}  # synthesised once, whatever the mixer does
        self._sounds: dict[Cue, pygame.mixer.Sound] = {}  # of the mixer open now
        self._close_at: float | None = None
        self._reopen_failed = False
        self._channel = self._reserve()
        self._idle_from(self._clock())

    @classmethod
    def open(
        cls,
        *,
        tunes: Mapping[Cue, Tune] = TUNES,
        idle_close: float | None = MIXER_IDLE_CLOSE,
        clock: Callable[[], float] = time.monotonic,
    ) -> ToneSounder:
        """Open the default sound device; raises ``pygame.error`` when there is none, and
        ImportError where pygame's mixer cannot load."""
        mixer()  # pygame may have been imported without it (coda_pi/pygame_import.py)
        if pygame.mixer.get_init():
            return cls(tunes=tunes, clock=clock)
        _open_mixer()
        try:
            return cls(tunes=tunes, owns_mixer=True, idle_close=idle_close, clock=clock)
        except BaseException:
            pygame.mixer.quit()
            raise

    @property
    def channel(self) -> pygame.mixer.Channel:
        """The mixer channel reserved for cues."""
        return self._channel

    @property
    def is_open(self) -> bool:
        """Whether the sound device is open now."""
        return bool(pygame.mixer.get_init())

    def sound_for(self, cue: Cue) -> pygame.mixer.Sound:
        """The synthesised sound of a cue (KeyError for a cue without a tune)."""
        sound = self._sounds.get(cue)
        if sound is None:
            data = self._samples.get(cue)
            if data is None:
                rate, sample_format, channels = self._format
                data = self._samples[cue] = synthesise(
                    self._tunes[cue], rate, sample_format, channels, volume=self._volume)
            sound = self._sounds[cue] = pygame.mixer.Sound(buffer=data)
        return sound

    def play(self, cue: Cue) -> None:
        if cue not in self._tunes:
            return
        if not pygame.mixer.get_init() and not self._reopen():
            return  # closed for good (close(), someone else's mixer.quit()), or no device
        sound = self.sound_for(cue)
        self._channel.play(sound)
        self._idle_from(self._clock() + sound.get_length())

    def next_deadline(self) -> float | None:
        """When the mixer may close, if nothing plays by then; None while it stays as is."""
        return self._close_at

    def poll(self) -> None:
        """Close the mixer once it has been idle long enough."""
        if self._close_at is None or self._clock() < self._close_at:
            return
        if pygame.mixer.get_init() and self._channel.get_busy():
            self._idle_from(self._clock())  # still sounding: look again later
            return
        self._close_at = None
        self._shut()

    def close(self) -> None:
        self._close_at = None
        self._idle_close = None  # no reopening after this
        if not pygame.mixer.get_init():
            return
        self._channel.stop()
        if self._owns_mixer:
            self._shut()

    def _idle_from(self, moment: float) -> None:
        self._close_at = None if self._idle_close is None else moment + self._idle_close

    def _reserve(self) -> pygame.mixer.Channel:
        pygame.mixer.set_reserved(1)
        return pygame.mixer.Channel(0)

    def _shut(self) -> None:
        self._sounds.clear()  # a Sound belongs to the mixer it was made for
        pygame.mixer.quit()

    def _reopen(self) -> bool:
        """Open the mixer again as it was, for a cue that is due; False if it cannot be."""
        if self._idle_close is None:
            return False  # not ours to open, or closed for good
        rate, sample_format, channels = self._format
        try:
            _open_mixer(rate, sample_format, channels)
        except pygame.error as error:
            if not self._reopen_failed:  # said once: the screen goes on, silent
                log.warning("the sound device did not open again (%s); cues are silent", error)
            self._reopen_failed = True
            return False
        opened = pygame.mixer.get_init()
        if opened != self._format:  # the device gave another format: synthesise again
            self._format = opened
            self._samples.clear()
        self._reopen_failed = False
        self._channel = self._reserve()
        return True


def _open_mixer(rate: int = 0, sample_format: int = -16, channels: int = 1) -> None:
    """Open the sound device (raises ``pygame.error`` when there is none)."""
    # A small buffer keeps the cue close to the event that caused it.
    with _c_stderr_silenced():
        pygame.mixer.init(frequency=rate or MIXER_RATE, size=sample_format, channels=channels,
                          buffer=512)


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
    gpio: WithPiezo | None = None,
    *,
    explain: Callable[[str], None] = log.info,
    clock: Callable[[], float] = time.monotonic,
) -> Sounder:
    """The best sounder there is: the piezo if the GPIO has one, else the mixer if a sound
    device opens, else silence (after one sentence to ``explain``). Never raises."""
    if gpio is not None and gpio.piezo is not None:
        return gpio.piezo
    try:
        return ToneSounder.open(clock=clock)
    # pygame raises NotImplementedError when it was built without its mixer module, and
    # its import ImportError where the mixer cannot load.
    except (pygame.error, ImportError, NotImplementedError) as error:
        explain(_("No sound device ({why}); the cues will be silent.").format(why=error))
        return SilentSounder()

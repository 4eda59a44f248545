"""The device's sounder: the piezo on a Pi, else the desktop's mixer, opened at the first cue.

Opening the mixer at start cost a laptop's device its import (SDL_mixer and its codecs,
coda_pi/pygame_import.py) and the opening of the sound device (PulseAudio's is tens of
milliseconds) before the first frame, for a cue that comes a press or more later, if at
all. ``MixerOnFirstCue`` does both when the first cue plays; from then on it is the
``ToneSounder`` that ``open_sounder`` would have opened at start, which closes the idle
device and opens it again by itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from coda_pi.i18n import _
from coda_pi.referee.shared.ports import Sounder
from coda_pi.referee.shared.signals import Cue

if TYPE_CHECKING:
    # The tones and tunes (buzzer.py, tunes.py: about 1 ms of a laptop's start here) come
    # with the first cue, or with the play modules once the first frame is shown
    # (app/build.py), whichever is first.
    from coda_pi.devices.buzzer import ToneSounder, WithPiezo


class MixerOnFirstCue:
    """A ``ToneSounder``, opened when the first cue plays. When no sound device opens, it
    says so once (to ``explain``, as ``open_sounder`` does at start) and stays silent."""

    def __init__(self, *, explain: Callable[[str], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._explain = explain
        self._clock = clock
        self._sounder: ToneSounder | None = None
        self._silent = False  # no device, or closed: no cue opens one any more

    @property
    def is_open(self) -> bool:
        """Whether the sound device is open now."""
        return self._sounder is not None and self._sounder.is_open

    def play(self, cue: Cue) -> None:
        if self._sounder is None:
            if self._silent:
                return
            try:
                from coda_pi.devices.buzzer import ToneSounder

                self._sounder = ToneSounder.open(clock=self._clock)
            # pygame.error: no device; ImportError or NotImplementedError: no mixer at all.
            except (pygame.error, ImportError, NotImplementedError) as error:
                self._silent = True
                self._explain(_("No sound device ({why}); the cues will be silent.").format(
                    why=error))
                return
        self._sounder.play(cue)

    def next_deadline(self) -> float | None:
        """When the idle device closes (the loop wakes for it); None while nothing opened."""
        return None if self._sounder is None else self._sounder.next_deadline()

    def poll(self) -> None:
        if self._sounder is not None:
            self._sounder.poll()

    def close(self) -> None:
        self._silent = True
        if self._sounder is not None:
            self._sounder.close()


def device_sounder(gpio: WithPiezo | None, *, explain: Callable[[str], None],
                   clock: Callable[[], float] = time.monotonic) -> Sounder:
    """The piezo if the GPIO has one, else the mixer from the first cue on."""
    if gpio is not None and gpio.piezo is not None:
        return gpio.piezo
    return MixerOnFirstCue(explain=explain, clock=clock)

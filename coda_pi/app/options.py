"""What ``coda-pi run`` and the demo start the device with."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from coda_pi.app.records import OnRecorded
from coda_pi.config import Config
from coda_pi.devices.gpio import DEFAULT_BOUNCE_TIME
from coda_pi.referee.shared.setup import SetupDefaults

if TYPE_CHECKING:
    from coda_pi.referee.mastermind.setup import MastermindOptions


@dataclass
class DeviceOptions:
    """What ``coda-pi run`` (and the demo) start the device with."""

    config: Config
    size: tuple[int, int] | None = None
    fullscreen: bool | None = None
    record: Path | None = None
    data_dir: Path | None = None
    gpio: bool = True
    sound: bool | None = None  # None: as the config says
    resume: bool = True
    setup: SetupDefaults | None = None  # None: from the config and the last setup remembered
    # The language chosen on the command line (--lang): it wins over the one remembered.
    language: str | None = None
    bounce_time: float | None = DEFAULT_BOUNCE_TIME
    # Sentences for the first screen (and the log): problems in the config file, say.
    notices: tuple[str, ...] = ()
    on_recorded: OnRecorded | None = None
    # Told of what a game keeps durably beside its record (Mastermind's device rows).
    on_kept: OnRecorded | None = None
    # Mastermind's choices (the demo's); None: the ones remembered from the last match.
    mastermind: MastermindOptions | None = None
    # False: no frame is drawn (nor a window opened), for a headless run whose record is all
    # that is wanted; what the screen would show is still worked out (the views), frame by
    # frame, so a run plays exactly as it does when drawn.
    draw: bool = True
    # True (``coda-pi run``): where GPIO pins are expected to open, the first frame is drawn
    # before they are (gpiozero and the pins: about a sixth of the appliance's start), as
    # with buttons; they open once it is shown (app/build.py).
    pins_after_first_frame: bool = False


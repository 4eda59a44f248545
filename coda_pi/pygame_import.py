"""pygame, imported without its sound mixer, which comes in when a sound is first wanted.

``import pygame`` loads every module pygame has, the mixer among them: SDL_mixer and the
codec libraries it links (FLAC, MP3, Ogg, Opus, MOD...), about 5 ms of a 45 ms bare pygame
start here (bench/bench_importtime.py), some 75 ms on a Pi Zero. The appliance sounds its
piezo through gpiozero and never needs the mixer; a laptop needs it only when a cue first
plays (coda_pi/devices/sound_on_first_cue.py).

``leave_out_the_mixer()`` (the command line calls it, before anything imports pygame) has
pygame's own ``__init__`` skip its mixer modules, as it does on a machine where they cannot
load (pygame then puts a ``MissingModule`` in ``pygame.mixer``); nothing else changes, and
``import pygame.mixer`` works as ever afterwards. ``mixer()`` is that import, for whoever
plays a sound: always import the mixer before using it. ``quit_pygame()`` quits pygame
without importing the mixer at the last moment.
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

MIXER_MODULES = ("pygame.mixer_music", "pygame.mixer")
"""What pygame's ``__init__`` leaves out (mixer_music is the part that loads SDL_mixer)."""


def leave_out_the_mixer() -> None:
    """From now on, the first ``import pygame`` leaves the mixer out. Nothing is changed if
    pygame is imported already (the mixer came with it) or this was called before."""
    if "pygame" in sys.modules or any(isinstance(f, _PygameFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _PygameFinder())


def mixer() -> ModuleType:
    """``pygame.mixer``, imported now if pygame was imported without it.

    :raises ImportError: where pygame's mixer cannot load (pygame built without it, or
        SDL_mixer missing from the machine).
    """
    for name in MIXER_MODULES:
        if name in sys.modules and sys.modules[name] is None:  # marked absent by quit()
            del sys.modules[name]
    import pygame.mixer

    return pygame.mixer


def quit_pygame() -> None:
    """``pygame.quit()``, without importing what was never imported: pygame's quit imports
    the mixer and freetype only to ask them to quit (6 ms here, some 90 ms on a Pi Zero, at
    every stop of a device that never sounded), and so does the quit pygame leaves for the
    interpreter's exit. They stay marked absent afterwards, for that one; ``mixer()``
    imports the mixer all the same."""
    import pygame

    for name in (*MIXER_MODULES, "pygame.freetype"):
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]
    pygame.quit()


# Plain classes, not importlib.abc's: that module imports importlib.resources (five modules
# more at every start), and the import system asks only for these methods.
class _PygameFinder:
    """Finds pygame as the path finder would, with a loader that leaves out the mixer."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != "pygame":
            return None
        # pygame is imported once: after this, the finder has nothing more to do.
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _WithoutMixer(spec.loader)
        return spec


class _WithoutMixer:
    """pygame's own loader, running pygame's ``__init__`` with the mixer modules marked as
    absent (``None`` in ``sys.modules``: ``import`` raises ImportError, which pygame
    expects of a module that cannot load), and only while it runs."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        absent = [name for name in MIXER_MODULES if name not in sys.modules]
        for name in absent:
            sys.modules[name] = None  # type: ignore[assignment]
        try:
            self._loader.exec_module(module)
        finally:
            for name in absent:
                if name in sys.modules and sys.modules[name] is None:
                    del sys.modules[name]

    def __getattr__(self, name: str) -> Any:
        # The rest of a loader's interface (get_data, get_resource_reader, is_package...)
        # is pygame's own loader's.
        return getattr(self._loader, name)

"""pygame, imported without the modules coda-pi does not draw with; the mixer comes in when a
sound is first wanted.

``import pygame`` loads every module pygame has. Among them: the mixer, SDL_mixer and the
codec libraries it links (FLAC, MP3, Ogg, Opus, MOD...), about 5 ms of a 45 ms bare pygame
start here (bench/bench_importtime.py), some 75 ms on a Pi Zero; the appliance sounds its
piezo through gpiozero and never needs it, and a laptop needs it only when a cue first
plays (coda_pi/devices/sound_on_first_cue.py). And modules coda-pi never uses: sysfont
(with subprocess), sprite, threads (with queue), scrap, surfarray, sndarray and fastevent,
about 10 ms more.

``leave_out_unused_pygame()`` (the command line calls it, before anything imports pygame)
has pygame's own ``__init__`` skip them (``LEFT_OUT``), as it does on a machine where one
cannot load: pygame puts a ``MissingModule`` in its place, and ``import pygame.mixer`` (or
any other) works as ever afterwards. ``mixer()`` is that import, for whoever plays a sound:
always import the mixer before using it. ``quit_pygame()`` quits pygame without importing
the mixer at the last moment.
"""

from __future__ import annotations

import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

MIXER_MODULES = ("pygame.mixer_music", "pygame.mixer")
"""The mixer's modules (mixer_music is the part that loads SDL_mixer)."""

LEFT_OUT = (*MIXER_MODULES, "pygame.sysfont", "pygame.sprite", "pygame.threads",
            "pygame.scrap", "pygame.surfarray", "pygame.sndarray", "pygame.fastevent")
"""What pygame's ``__init__`` leaves out: none draws a frame of coda-pi's."""


def leave_out_unused_pygame() -> None:
    """From now on, the first ``import pygame`` leaves out ``LEFT_OUT``. Nothing is changed
    if pygame is imported already (they came with it) or this was called before."""
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
    """Finds pygame as the path finder would, with a loader that leaves out ``LEFT_OUT``."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != "pygame":
            return None
        # pygame is imported once: after this, the finder has nothing more to do.
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _WithoutUnused(spec.loader)
        return spec


class _WithoutUnused:
    """pygame's own loader, running pygame's ``__init__`` with ``LEFT_OUT`` marked as absent
    (``None`` in ``sys.modules``: ``import`` raises ImportError, which pygame expects of a
    module that cannot load), and only while it runs."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        absent = [name for name in LEFT_OUT if name not in sys.modules]
        for name in absent:
            sys.modules[name] = None  # type: ignore[assignment]
        try:
            with warnings.catch_warnings():
                # pygame warns of a missing sprite or threads module ("import sprite: ...")
                # at once: these were left out on purpose. One filter for all (each one
                # compiles its pattern: nine were 0.3 ms of the start here).
                if absent:
                    left_out = "|".join(name.split(".")[1] for name in absent)
                    warnings.filterwarnings("ignore", f"import ({left_out}): ",
                                            RuntimeWarning)
                self._loader.exec_module(module)
        finally:
            for name in absent:
                if name in sys.modules and sys.modules[name] is None:
                    del sys.modules[name]
        font = sys.modules.get("pygame.font")
        if font is not None:
            # pygame imports font and sysfont in one try, and without sysfont calls the font
            # module missing too: it is there, and its sysfont functions come on first call.
            module.font = font  # type: ignore[attr-defined]
            for name in ("SysFont", "get_fonts", "match_font"):
                if not hasattr(font, name):
                    setattr(font, name, _from_sysfont(name))


def _from_sysfont(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        import pygame.sysfont

        return getattr(pygame.sysfont, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call

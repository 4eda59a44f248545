"""Importing gpiozero without importlib.metadata, importlib.resources, statistics,
subprocess and colorzero until it uses them (``gpiozero_imported``), for the pins
(``gpio``) and the piezo (``buzzer``) alike: its own module, so neither imports the other
back."""

from __future__ import annotations

import contextlib
import importlib
import sys
import types
from collections.abc import Iterator
from typing import Any

STAND_INS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # (the name gpiozero imports, the module it stands for, the names it takes from it)
    ("importlib_metadata", "importlib.metadata", ("entry_points",)),
    ("importlib_resources", "importlib.resources", ("files",)),
    ("statistics", "statistics", ("median", "mean")),
    ("subprocess", "subprocess", ()),
    ("colorzero", "colorzero", ("Color",)),
)


@contextlib.contextmanager
def gpiozero_imported() -> Iterator[None]:
    """Around importing gpiozero (or one of its pin factories), which imports at once what
    it uses only for devices and look-ups coda-pi has none of:

    - importlib.metadata (with email, zipfile, socket...: about 13 ms here, some 0.2 s on a
      Pi Zero), to look up names in GPIOZERO_PIN_FACTORY and GPIOZERO_MOCK_PIN_CLASS (a Pi
      needs none for the factories gpiozero tries);
    - importlib.resources (with tempfile, shutil, bz2, lzma: about 4 ms), for the fonts of
      seven-segment displays;
    - statistics (with fractions and decimal: about 2.5 ms), to smooth analogue sensors;
    - subprocess (about 1.5 ms), for the Pi's own sensors (load average, disk usage);
    - colorzero (with fractions and decimal: about 2.5 ms), for the colour of an RGB LED
      (gpiozero only calls its ``Color``).

    While gpiozero is imported a stand-in for each is in its place (for the first two, for
    the backports it prefers): the names gpiozero takes from it call the real module, and
    any other attribute imports it, so the real module loads only when gpiozero uses it.
    Afterwards every other import gets the real module as ever."""
    stand_ins = {
        name: _stand_in(name, real, names) for name, real, names in STAND_INS
        # Loaded already (the module or its backport): nothing to save.
        if name not in sys.modules and real not in sys.modules
    }
    sys.modules.update(stand_ins)
    try:
        yield
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]


def _stand_in(name: str, real: str, names: tuple[str, ...]) -> types.ModuleType:
    module = types.ModuleType(name)
    for attribute in names:
        setattr(module, attribute, _later(real, attribute))

    def __getattr__(attribute: str) -> Any:
        if attribute.startswith("__"):  # the import system's own questions
            raise AttributeError(attribute)
        return getattr(importlib.import_module(real), attribute)

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    return module


def _later(real: str, attribute: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(real), attribute)(*args, **kwargs)

    call.__name__ = call.__qualname__ = attribute
    return call

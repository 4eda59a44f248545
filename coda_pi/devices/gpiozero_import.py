"""Importing gpiozero without importlib.metadata and importlib.resources until it uses them
(``gpiozero_imported``), for the pins (``gpio``) and the piezo (``buzzer``) alike: its own
module, so neither imports the other back."""

from __future__ import annotations

import contextlib
import sys
import types
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def gpiozero_imported() -> Iterator[None]:
    """Around importing gpiozero (or one of its pin factories): they import
    importlib.metadata (and with it email, zipfile, socket...: about 13 ms here, some 0.2 s
    on a Pi Zero) only to look up names in GPIOZERO_PIN_FACTORY and GPIOZERO_MOCK_PIN_CLASS,
    and gpiozero.boards importlib.resources (with tempfile, shutil, bz2, lzma: about 4 ms
    here) only to read the fonts of seven-segment displays coda-pi has none of; each takes
    the backport (importlib_metadata, importlib_resources) when there is one. While
    gpiozero is imported a stand-in for each backport is in its place, which imports the
    standard module only when gpiozero uses it (it does not, for the factories it tries on a
    Pi and the devices coda-pi opens)."""
    stand_ins = {
        name: _stand_in(name, {attribute: function})
        for name, standard, attribute, function in (
            ("importlib_metadata", "importlib.metadata", "entry_points", _entry_points),
            ("importlib_resources", "importlib.resources", "files", _files),
        )
        # Loaded already (the module or its backport): nothing to save.
        if name not in sys.modules and standard not in sys.modules
    }
    sys.modules.update(stand_ins)
    try:
        yield
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]


def _stand_in(name: str, functions: dict[str, Any]) -> types.ModuleType:
    module = types.ModuleType(name)
    for attribute, function in functions.items():
        setattr(module, attribute, function)
    return module


def _entry_points(**params: Any) -> Any:
    from importlib.metadata import entry_points

    return entry_points(**params)


def _files(anchor: Any) -> Any:
    from importlib.resources import files

    return files(anchor)

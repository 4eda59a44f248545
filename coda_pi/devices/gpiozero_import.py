"""Importing gpiozero without its importlib.metadata lookups (``gpiozero_imported``), for the
pins (``gpio``) and the piezo (``buzzer``) alike: its own module, so neither imports the
other back."""

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
    and take the importlib_metadata backport when there is one. While gpiozero is imported
    a stand-in for that backport is in its place, which imports the standard module only
    when gpiozero looks a name up (it does not, for the factories it tries on a Pi)."""
    if "importlib_metadata" in sys.modules or "importlib.metadata" in sys.modules:
        yield  # it is loaded already: nothing to save
        return
    stand_in = types.ModuleType("importlib_metadata")
    stand_in.entry_points = _entry_points  # type: ignore[attr-defined]
    sys.modules["importlib_metadata"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("importlib_metadata") is stand_in:
            del sys.modules["importlib_metadata"]


def _entry_points(**params: Any) -> Any:
    from importlib.metadata import entry_points

    return entry_points(**params)

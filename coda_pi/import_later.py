"""Modules that stand in for others until they are used: the real module is imported the
first time one of its names is asked for, not when the module that uses it is.

A standard module that imports another for one rarely used function costs its whole import
at every start (about 10-15 times more on a Pi Zero than here): ``dataclasses`` imports
``inspect`` (with ``ast``, ``dis``, ``tokenize`` and ``linecache``: about 4 ms here) only
to write the docstring of a class that has none, and gpiozero imports
``importlib.metadata`` and others for devices coda-pi has none of
(coda_pi/devices/gpiozero_import.py).
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import types
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any


def stand_in(name: str, real: str, names: tuple[str, ...] = ()) -> types.ModuleType:
    """A module named ``name`` for ``real``: each of ``names`` is a function that calls the
    real one, and any other attribute imports ``real`` and is its."""
    module = types.ModuleType(name)
    for attribute in names:
        setattr(module, attribute, _later(real, attribute))

    def __getattr__(attribute: str) -> Any:
        if attribute.startswith("__"):  # the import system's own questions
            raise AttributeError(attribute)
        return getattr(importlib.import_module(real), attribute)

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    return module


def _later(real: str, attribute: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(real), attribute)(*args, **kwargs)

    call.__name__ = call.__qualname__ = attribute
    return call


def dataclasses_module() -> types.ModuleType:
    """``dataclasses``, imported (when it is not yet) with a stand-in for ``inspect``,
    which it calls only for the docstring of a dataclass written without one: until such a
    class is made, ``inspect`` is not imported. Any other module importing ``inspect`` gets
    the real one, as ever."""
    if "dataclasses" not in sys.modules and "inspect" not in sys.modules:
        later = stand_in("inspect", "inspect")
        sys.modules["inspect"] = later
        try:
            importlib.import_module("dataclasses")
        finally:
            if sys.modules.get("inspect") is later:
                del sys.modules["inspect"]
    return importlib.import_module("dataclasses")


def package_body_later(name: str,
                       around: Callable[[], AbstractContextManager[Any]] | None = None
                       ) -> None:
    """Import the package ``name`` without running its ``__init__`` until one of its own
    names is asked for: its submodules import as ever (``from name.sub import X``). For a
    package whose ``__init__`` imports every submodule it has (gpiozero's: boards, SPI
    devices, tones... about 4 ms here) when the caller needs two of them. The body runs
    inside ``around()`` when given, wherever the first name is asked for. Nothing is done
    when it is imported already, or cannot be found."""
    if name in sys.modules:
        return
    # Here, not at the top: this module is imported at every start, for dataclasses.
    import importlib.machinery
    import importlib.util

    spec = importlib.machinery.PathFinder.find_spec(name)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return
    package = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def __getattr__(attribute: str) -> Any:
        if attribute.startswith("__"):  # the import system's own questions
            raise AttributeError(attribute)
        # The body, once, into the same module: what was imported of it stays the same.
        del package.__getattr__
        with around() if around is not None else contextlib.nullcontext():
            loader.exec_module(package)
        return getattr(package, attribute)

    package.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = package

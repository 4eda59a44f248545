"""coda_pi's loggers, with Python's logging imported when one first logs.

``import logging`` (with traceback, textwrap, string) is about 4 ms of CPU here, some
50 ms on a Pi Zero, at every start, while the first frame logs nothing. A module of the
start asks ``getLogger(__name__)`` here instead: a logger that is logging's own from its
first use on. The command's set-up (``configure``, coda_pi/cli/run.py) waits with it, and
is done at the first logger used or once the first frame is shown (``settle``), whichever
comes first, so every record is formatted as it always was.
"""

from __future__ import annotations

import sys
from typing import Any

_pending: dict[str, Any] | None = None

DEBUG, INFO, WARNING = 10, 20, 30  # logging's levels
_LEVELS = {"DEBUG": DEBUG, "INFO": INFO, "WARNING": WARNING}


class LaterLogger:
    """``logging.getLogger(name)``, looked up (and logging imported) at its first use."""

    __slots__ = ("name", "_logger")

    def __init__(self, name: str) -> None:
        self.name = name
        self._logger: Any = None

    def real(self) -> Any:
        """logging's own logger of this name."""
        if self._logger is None:
            settle()
            import logging

            self._logger = logging.getLogger(self.name)
        return self._logger

    # Its methods, so that ``log.warning`` can be handed on (a default ``explain``) without
    # importing logging before anything is logged. One frame up: the record names the line
    # that logged, not this one.
    def debug(self, msg: object, *args: Any, **kwargs: Any) -> None:
        if not _dropped(DEBUG):
            self.real().debug(msg, *args, **_up(kwargs))

    def info(self, msg: object, *args: Any, **kwargs: Any) -> None:
        if not _dropped(INFO):
            self.real().info(msg, *args, **_up(kwargs))

    def warning(self, msg: object, *args: Any, **kwargs: Any) -> None:
        self.real().warning(msg, *args, **_up(kwargs))

    def error(self, msg: object, *args: Any, **kwargs: Any) -> None:
        self.real().error(msg, *args, **_up(kwargs))

    def exception(self, msg: object, *args: Any, **kwargs: Any) -> None:
        self.real().exception(msg, *args, **_up(kwargs))

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.real(), attribute)


def _dropped(level: int) -> bool:
    """Whether logging would drop a record of ``level`` without looking at it: while it is
    not imported, nothing has set a level or handler but the configuration waiting (or
    logging's default, WARNING), so a record below that level goes nowhere. (A laptop's
    start says at INFO that it has no GPIO.)"""
    if "logging" in sys.modules:
        return False
    wanted = (_pending or {}).get("level", WARNING)
    threshold = _LEVELS.get(wanted, DEBUG) if isinstance(wanted, str) else int(wanted)
    return level < threshold


def _up(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {**kwargs, "stacklevel": kwargs.get("stacklevel", 1) + 1}


def getLogger(name: str) -> LaterLogger:  # noqa: N802 - logging's own name for it
    return LaterLogger(name)


def configure(**basic: Any) -> None:
    """``logging.basicConfig(**basic)``, now if logging is imported already, else when it
    is first needed or at ``settle``."""
    global _pending
    _pending = basic
    if "logging" in sys.modules:
        settle()


def settle() -> None:
    """The configuration waiting, done now (the loop calls it once the first frame is on
    the screen: a library may log without coda_pi's loggers)."""
    global _pending
    if _pending is None:
        return
    basic, _pending = _pending, None
    import logging

    logging.basicConfig(**basic)

"""The last setup, remembered between games and restarts: names, choices, language, and
the game chosen (Coda or Mastermind, with Mastermind's own choices).

Kept as a small JSON file in the data directory (``setup.json``), replaced atomically so a
power cut leaves the old or the new one. Reading never fails: a missing, unreadable or odd
file, or an odd value in it, falls back to what the config says, value by value. The config
file stays the place to set defaults; what the table last chose on the device wins over it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coda_pi import log_later
from coda_pi.i18n import LANGUAGES
from coda_pi.record import write_atomically
from coda_pi.referee.shared.pool_names import POOL_NAMES
from coda_pi.referee.shared.setup import SetupDefaults

if TYPE_CHECKING:
    from coda_pi.referee.mastermind.setup import MastermindOptions

FILE_NAME = "setup.json"
VERSION = 1
log = log_later.getLogger(__name__)

# Each remembered key and the values it may take (a type, or the allowed values).
_CHECKS: dict[str, Any] = {
    "players": (2, 3, 4),
    "dashes": bool,
    "rounds": (1, 3),
    "timer": bool,
    "first_seconds": int,
    "extra_seconds": int,
    "bonus": ("hidden", "all"),
    "first": int,
    "labels": ("panels", "cards"),
    "pool": POOL_NAMES,
    "training": bool,
    "game": ("coda", "mastermind"),
    "hand": int,
}


MASTERMIND_KEY = "mastermind"


def _mastermind_checks() -> dict[str, tuple[Any, ...]]:
    """Each remembered Mastermind key and the values it may take (Mastermind's setup is
    imported only when its choices are read or kept: a Coda start needs none of it)."""
    from coda_pi.referee.mastermind.setup import GAMES, MODES

    return {"mode": MODES, "games": GAMES, "blanks": (False, True), "hint": (False, True)}


def path_in(data_dir: Path) -> Path:
    return Path(data_dir) / FILE_NAME


def save(data_dir: Path, setup: SetupDefaults, language: str,
         mastermind: MastermindOptions | None = None) -> None:
    """Remember ``setup`` and ``language`` (and Mastermind's own choices, when given; else
    those remembered before are kept). A disk that refuses is logged, never raised:
    forgetting the last setup must not stop a game."""
    known = {f.name for f in fields(SetupDefaults)}
    data: dict[str, Any] = {k: v for k, v in asdict(setup).items() if k in known}
    data["names"] = list(setup.names)
    data["language"] = language
    data["version"] = VERSION
    if mastermind is not None:
        data[MASTERMIND_KEY] = {k: getattr(mastermind, k) for k in _mastermind_checks()}
    else:
        before = _read(data_dir)
        if before is not None and isinstance(before.get(MASTERMIND_KEY), dict):
            data[MASTERMIND_KEY] = before[MASTERMIND_KEY]
    try:
        write_atomically(path_in(data_dir), (json.dumps(data, indent=1) + "\n").encode())
    except OSError as err:
        log.warning("could not remember the setup in %s: %s", data_dir, err)


def _ok(key: str, value: Any) -> bool:
    check = _CHECKS.get(key)
    if isinstance(check, tuple):
        return value in check and type(value) is type(check[0])
    if check is bool:
        return isinstance(value, bool)
    if check is int:
        return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 600
    return False


def _read(data_dir: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path_in(data_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def load_mastermind(data_dir: Path, names: tuple[str, ...]) -> MastermindOptions:
    """Mastermind's choices as last started (mode, games, empty holes, hint), for the
    players ``names``; the defaults for anything not remembered or odd."""
    from coda_pi.referee.mastermind.setup import MastermindOptions

    options = MastermindOptions(names=tuple(names[:2]))
    data = _read(data_dir)
    kept = data.get(MASTERMIND_KEY) if data is not None else None
    if not isinstance(kept, dict):
        return options
    checks = _mastermind_checks()
    changes = {k: v for k, v in kept.items() if k in checks
               and v in checks[k] and type(v) is type(checks[k][0])}
    return replace(options, **changes)


def load(data_dir: Path, defaults: SetupDefaults, language: str) -> tuple[SetupDefaults, str]:
    """``defaults`` and ``language`` with what was remembered laid over them."""
    data = _read(data_dir)
    if data is None:
        return defaults, language
    known = {f.name for f in fields(SetupDefaults)}
    changes = {k: v for k, v in data.items() if k in known and k in _CHECKS and _ok(k, v)}
    names = data.get("names")
    if (isinstance(names, list) and len(names) == 4
            and all(isinstance(n, str) and n.strip() and len(n) <= 20 for n in names)):
        changes["names"] = tuple(n.strip() for n in names)
    try:
        setup = defaults.with_changes(**changes)
    except (TypeError, ValueError):
        setup = defaults
    remembered = data.get("language")
    return setup, remembered if remembered in LANGUAGES else language

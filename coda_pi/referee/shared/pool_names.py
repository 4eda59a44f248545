"""The pool modes' registry, by name: light enough for the config, the remembered setup and
the command line to read without loading a mode (``pools.pool_modes()`` loads the classes).

A pool mode is its own module (a ``pools.PoolMode`` subclass) and one line here; the first
line is the default where real panels are used.
"""

from __future__ import annotations

from coda_pi.i18n import N_

POOL_MODES: dict[str, str] = {
    "entered": "coda_pi.referee.pools.entered.mode:EnteredPool",
    "device": "coda_pi.referee.pools.mode:DevicePool",
    "table": "coda_pi.referee.pools.table.mode:TablePool",
}
"""Each pool mode's name (as the setup, the config and a record's header say it) and where
its class is, as ``module:Class``."""

POOL_HELP: dict[str, str] = {
    "entered": N_("real panels drawn by hand and told to the device privately"),
    "device": N_("the device deals from the box"),
    "table": N_("real panels drawn by hand, the device is told what falls"),
}
"""What each mode is, in a few words, for the command line's help (translated where shown)."""

POOL_NAMES: tuple[str, ...] = tuple(POOL_MODES)
DEFAULT_POOL = POOL_NAMES[0]

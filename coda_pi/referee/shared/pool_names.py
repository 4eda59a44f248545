"""The pool modes' registry, by name: light enough for the config, the remembered setup and
the command line to read without loading a mode (``pools.pool_modes()`` loads the classes).

A pool mode is its own module (a ``pools.PoolMode`` subclass) and one line here; the first
line is the default where real panels are used.

Each mode has one name for people (``POOL_WORDS``: the setup menu, ``--pool``, the config's
``rules.pool``, the docs), translated on the screens. The record's header keeps the name it
has always had (``POOL_MODES``' keys): older devices resume newer records, and other programs
read it. So "told" is written ``"pool": "entered"``; ``pool_named`` reads either.
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

POOL_WORDS: dict[str, str] = {
    "entered": N_("told"),
    "device": N_("device"),
    "table": N_("table"),
}
"""Each mode's one name for people (issue 24), by its record name: the menu shows it
translated, the command line and the config take it in English."""

POOL_NOTES: dict[str, str] = {
    "entered": N_("Panels drawn by hand; each player tells the device which, privately"),
    "device": N_("The device deals; a dealer who does not play fetches the panels"),
    "table": N_("Panels drawn by hand; the device is told only what falls"),
}
"""What each mode is, one sentence under the setup menu's pool line (the mode's own
``setup_note`` wins when it has one)."""

POOL_NAMES: tuple[str, ...] = tuple(POOL_MODES)
DEFAULT_POOL = POOL_NAMES[0]
POOL_SPELLINGS: tuple[str, ...] = (*POOL_WORDS.values(),
                                   *(name for name in POOL_NAMES
                                     if name not in POOL_WORDS.values()))
"""What ``--pool`` and ``rules.pool`` accept: the people's names first, then the record's
older spellings (scripts and config files written before issue 24 keep working)."""


def pool_named(text: str) -> str | None:
    """The mode (its record name) that ``text`` names, by its people's name or its record
    name; None for neither."""
    if text in POOL_MODES:
        return text
    for name, word in POOL_WORDS.items():
        if text == word:
            return name
    return None


def pool_word(name: str) -> str:
    """The people's name (untranslated) of the mode whose record name is ``name``."""
    return POOL_WORDS.get(name, name)

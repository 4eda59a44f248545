"""The one pattern a record's name has, for every name that comes from outside the device.

A record's name (its file name without ``.jsonl``) is what the device makes
(``coda-2026-11-22T14-03-09.n7``) or what ``--record`` was given. Over a club's network a
name becomes a path at the hub (``table3-<name>.jsonl``) and at the table that is asked to
send a game again, so a name that arrives there is held against this pattern before any use:
letters, digits, ``.``, ``_`` and ``-``, starting with a letter or digit, no ``..``, at most
100 characters. No separator, no parent, no hidden file, nothing a shell or a file system
reads differently.
"""

from __future__ import annotations

import re
from typing import TypeGuard

MAX_RECORD_NAME = 100
RECORD_NAME_PATTERN = rf"^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]{{0,{MAX_RECORD_NAME - 1}}}$"
_RECORD_NAME = re.compile(RECORD_NAME_PATTERN)


def is_record_name(name: object) -> TypeGuard[str]:
    """True when ``name`` is a string a record may be called (see the module's note)."""
    # fullmatch: a search for "^...$" would let a name with a trailing newline through.
    return isinstance(name, str) and _RECORD_NAME.fullmatch(name) is not None

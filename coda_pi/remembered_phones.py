"""Phones turned on from the device's menu, remembered across a restart (issue 32); outside
the phones package because the start reads it, and a start with phones off imports none of them.

A small JSON file in the data directory (``phones.json``), replaced atomically and fsynced
as the remembered setup is (``coda_pi/remembered.py``), so a power cut leaves the old or the
new one. The config file wins when it says ``enabled`` either way; only where it says
nothing does the table's choice on the device count. Reading never fails: a missing,
unreadable or odd file means "not turned on".
"""

from __future__ import annotations

import json
from pathlib import Path

from coda_pi import log_later
from coda_pi.config import PhonesConfig
from coda_pi.record import read_file_bytes, write_atomically

FILE_NAME = "phones.json"
log = log_later.getLogger(__name__)


def path_in(data_dir: Path) -> Path:
    return Path(data_dir) / FILE_NAME


def remember_on(data_dir: Path) -> None:
    """The table turned phones on: so they are after a restart too. A disk that refuses is
    logged, never raised (the phones are on now all the same)."""
    try:
        write_atomically(path_in(data_dir), b'{"on": true, "version": 1}\n')
    except OSError as err:
        log.warning("could not remember that phones are on in %s: %s", data_dir, err)


def remembered_on(data_dir: Path) -> bool:
    try:
        kept = json.loads(read_file_bytes(path_in(data_dir), 4096))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(kept, dict) and kept.get("on") is True


def phones_wanted(config: PhonesConfig, data_dir: Path) -> bool:
    """Whether the device starts its phones: the config's word where it has one, else
    whether the table turned them on from the device before."""
    if config.said:
        return config.enabled
    return config.enabled or remembered_on(data_dir)

"""One sentence for a path that is not what a command reads: ``replay`` given a README,
``results`` given a record. Each says what the path is, and what would read it."""

from __future__ import annotations

from pathlib import Path

from coda_pi.i18n import _, spoken
from coda_pi.replay import Replay, replay_file


def not_a_record(path: Path, replay: Replay) -> str | None:
    """Why ``path`` is no game record at all (its header is missing or unreadable), or None
    when it is one (broken later or not)."""
    if replay.journal is not None or replay.error is None:
        return None
    return _("{file} is not a game record: {why}").format(
        file=path, why=spoken(replay.error.message))


def not_a_data_dir(path: Path) -> str:
    """Why ``path`` (not a directory) cannot be listed as a data directory."""
    if not path.exists():
        return _("there is no directory {path}").format(path=path)
    if path.is_file():
        try:
            record = replay_file(path).journal is not None
        except OSError:
            record = False
        if record:
            return _("{path} is a game record, not a data directory: coda-pi replay {path} "
                     "shows it").format(path=path)
        return _("{path} is a file, not a data directory of game records").format(path=path)
    return _("{path} is not a directory").format(path=path)


def directory_not_record(path: Path) -> str | None:
    """For ``replay`` given a directory: one sentence pointing at ``results``."""
    if not path.is_dir():
        return None
    return _("{path} is a directory, not a game record: coda-pi results {path} lists the "
             "records in it").format(path=path)

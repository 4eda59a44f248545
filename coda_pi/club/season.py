"""The season the hub keeps in its directory (one folder per night, one record file per
game): every finished game's players and totals, for the ratings (``hub``) and their CSV
(``export``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from coda_pi.replay import replay_file


def season_games(
    directory: Path, *, skip_night: str | None = None
) -> Iterator[tuple[list[str], list[int]]]:
    """Every finished game kept in the hub's directory, night by night, in the order begun."""
    games = sorted(Path(directory).glob("*/table*-*.jsonl"),
                   key=lambda p: (p.parent.name, p.stem.partition("-")[2], p.stem))
    for path in games:
        if path.parent.name == skip_night:
            continue
        try:
            summary = replay_file(path).summary()
        except OSError:
            continue
        if summary.get("finished") and summary.get("error") is None:
            yield list(summary["players"]), list(summary["totals"])

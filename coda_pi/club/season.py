"""The season the hub keeps in its directory (one folder per night, one record file per
game): every finished game's players and totals, for the ratings (``hub``) and their CSV
(``export``). Each game once, however many times it was kept (identity.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from coda_pi.club.identity import first_of_each, round_marks
from coda_pi.club.names import normal
from coda_pi.replay import replay_file


def season_games(
    directory: Path, *, skip_night: str | None = None
) -> Iterator[tuple[list[str], list[int]]]:
    """Every finished game kept in the hub's directory, night by night, in the order begun."""
    games = sorted(Path(directory).glob("*/table*-*.jsonl"),
                   key=lambda p: (p.parent.name, p.stem.partition("-")[2], p.stem))
    finished = []
    for path in games:
        if path.parent.name == skip_night:
            continue
        try:
            replay = replay_file(path)
        except OSError:
            continue
        summary = replay.summary()
        if summary.get("finished") and summary.get("error") is None and replay.journal:
            players = [str(p) for p in summary["players"]]
            marks = round_marks(players, replay.journal.events, len(summary["rounds"]))
            finished.append(((players, list(summary["totals"])), marks))
    # A game kept twice (a copy under another name, another night) is rated once.
    for players, totals in first_of_each(finished)[0]:
        yield [normal(p) for p in players], totals

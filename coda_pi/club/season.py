"""The season the hub keeps in its directory (one folder per night, one record file per
game): every finished game's players and totals, for the ratings (``hub``) and their CSV
(``export``). Each game once, however many times it was kept (identity.py): the first the
hub met counts, on whichever night, whatever its record's name."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from coda_pi.club.identity import first_of_each, round_marks
from coda_pi.club.names import normal
from coda_pi.replay import replay_file

NIGHT_FILE = "night.json"  # the hub's note of a night (hub.py), games in the order met


@dataclass(frozen=True)
class KeptGame:
    """One game file of a night the hub kept."""

    night: str
    stem: str  # table<N>-<record name>
    players: list[str]
    totals: list[int]
    finished: bool
    marks: list[str]  # one per ended round (identity.py)


def _met_order(night: Path) -> dict[str, int]:
    try:
        games = json.loads((night / NIGHT_FILE).read_text(encoding="utf-8")).get("games", {})
        return {str(k): i for i, k in enumerate(games)} if isinstance(games, dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


def kept_games(directory: Path, *, skip_night: str | None = None) -> list[KeptGame]:
    """Every game kept in the hub's directory, night by night, each night in the order the
    hub met its games (a copy named to sort first is still met after the original)."""
    out: list[KeptGame] = []
    for night in sorted(p for p in Path(directory).glob("*") if p.is_dir()):
        if night.name == skip_night:
            continue
        met = _met_order(night)
        paths = sorted(night.glob("table*-*.jsonl"),
                       key=lambda p: (met.get(p.stem, len(met)), p.stem.partition("-")[2],
                                      p.stem))
        for path in paths:
            game = _kept_game(night.name, path)
            if game is not None:
                out.append(game)
    return out


_replayed: dict[Path, tuple[tuple[int, int, int], KeptGame | None]] = {}
"""Each game file's last reading, by its size, modification time and inode: the ratings CSV
is asked for the whole season, and replaying every file again for each request was most
of its cost (a file the hub appends to, or a copy put in its place, reads anew)."""


def _kept_game(night: str, path: Path) -> KeptGame | None:
    try:
        info = path.stat()
    except OSError:
        return None
    signature = (info.st_size, info.st_mtime_ns, info.st_ino)
    known = _replayed.get(path)
    if known is not None and known[0] == signature:
        return known[1]
    try:
        replay = replay_file(path)
    except OSError:
        return None
    game = None
    if replay.journal is not None:
        summary = replay.summary()
        players = [str(p) for p in summary["players"]]
        rounds = summary.get("rounds") or []
        game = KeptGame(
            night, path.stem, players, list(summary["totals"]),
            bool(summary.get("finished")) and summary.get("error") is None,
            round_marks(players, replay.journal.events, len(rounds)))
    _replayed[path] = (signature, game)
    return game


def season_games(
    directory: Path, *, skip_night: str | None = None
) -> Iterator[tuple[list[str], list[int]]]:
    """Every finished game kept in the hub's directory, once, night by night, in the order
    begun."""
    counted = first_of_each((g, g.marks) for g in kept_games(directory,
                                                             skip_night=skip_night))[0]
    yield from rated(counted)


def rated(games: list[KeptGame]) -> Iterator[tuple[list[str], list[int]]]:
    """The finished ones of ``games`` as the ratings take them, in the order begun."""
    for game in sorted(games, key=lambda g: (g.night, g.stem.partition("-")[2], g.stem)):
        if game.finished:
            yield [normal(p) for p in game.players], game.totals

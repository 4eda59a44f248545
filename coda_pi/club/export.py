"""CSV of a night's events and standings and of the season's ratings (from the hub's
directory: one folder per night, one record file per game, as the hub kept them)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from coda_pi.club.hub import Hub
from coda_pi.club.ratings import season_ratings
from coda_pi.club.season import season_games
from coda_pi.safe_text import csv_cell

EVENT_COLUMNS = ("night", "round", "table", "game", "seq", "event", "seat", "target", "slot",
                 "value", "correct", "tile", "first", "players")


def events_csv(hub: Hub) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(EVENT_COLUMNS)
    with hub.lock:
        games = list(hub.night_games())
        rows = [(g, i + 1, dict(o)) for g in games for i, o in enumerate(g.lines)]
    for game, seq, obj in rows:
        kind = obj.get("event", "header")
        tile = obj.get("tile", obj.get("row", obj.get("tiles", "")))
        w.writerow([_cell(v) for v in (
            hub.event, game.round, game.table, game.name, seq, kind,
            obj.get("seat", ""), obj.get("target", ""), obj.get("slot", ""),
            obj.get("value", ""), obj.get("correct", ""), tile, obj.get("first", ""),
            obj.get("players", ""))])
    return out.getvalue()


def standings_csv(hub: Hub) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(("rank", "name", "points", "games", "wins", "rounds_won", "looks_like"))
    for s in hub.standings():
        w.writerow((s.rank, csv_cell(s.name), s.points, s.games, s.wins, s.rounds_won,
                    csv_cell(s.looks_like or "")))
    return out.getvalue()


def ratings_csv(directory: Path) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(("rank", "name", "rating", "mu", "sigma", "games", "looks_like"))
    for i, r in enumerate(season_ratings(season_games(directory)), 1):
        w.writerow((i, csv_cell(r.name), f"{r.ordinal:.2f}", f"{r.mu:.2f}", f"{r.sigma:.2f}",
                    r.games, csv_cell(r.looks_like or "")))
    return out.getvalue()


def _cell(value: Any) -> Any:
    """One CSV cell: numbers as they are, every text through the device's CSV escaping
    (safe_text.csv_cell: no formula, no control character), whatever a record line holds."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return value
    if isinstance(value, list | dict):
        return csv_cell(json.dumps(value, ensure_ascii=False))
    return csv_cell(str(value))

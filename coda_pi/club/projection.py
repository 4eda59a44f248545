"""What of a record line may leave the table while its round is played: the public part.

A device-pool record holds every hidden panel, so nothing here copies a line as it is. Each
event keeps a whitelist of keys, panels keep only their colour unless the state after the
event shows them face up, and the table's state is the public screen's own projection
(:func:`coda_pi.referee.public.public_table`, the one place that drops hidden numbers).
The full lines leave only once their round has ended (:func:`round_closed`).
"""

from __future__ import annotations

from typing import Any

from coda_pi.referee.public import public_table
from coda_pi.rules.coda import CodaGame, Phase

# Keys of each event that every player at the table sees or hears.
_PUBLIC_KEYS: dict[str, tuple[str, ...]] = {
    "round": ("first",),
    "deal": ("seat",),
    "draw": ("seat",),
    "guess": ("seat", "target", "slot", "value"),
    "stop": ("seat", "slot"),
    "place": ("seat", "slot"),
    "reveal": ("seat", "slot"),
    "timeout": ("seat",),
    "bonus": ("seat",),
    "undo": (),
}
_HEADER_KEYS = ("game", "version", "players", "dashes", "rounds", "hand", "bonus")


def public_state(game: CodaGame) -> dict[str, Any]:
    """The table as its public screen shows it: colours, face-up numbers, points, turn."""
    table = public_table(game)
    return {
        "players": list(table.players),
        "rounds": table.rounds,
        "round": table.round_number,
        "phase": table.phase.value,
        "turn": table.turn,
        "rows": [[{"dark": p.dark, "value": p.value} for p in row] for row in table.rows],
        "out": list(table.out),
        "holding": table.drawn_dark,
        "pool": {"dark": table.pool_dark, "light": table.pool_light},
        "round_points": [p.total for p in table.round_points],
        "round_totals": [list(r) for r in table.round_totals],
        "winners": list(table.winners),
        "totals": list(table.totals),
        "finished": table.phase is Phase.FINISHED,
    }


def public_header(header: dict[str, Any]) -> dict[str, Any]:
    out = {k: header[k] for k in _HEADER_KEYS if k in header}
    out["event"] = "header"
    return out


def public_event(obj: dict[str, Any], after: CodaGame) -> dict[str, Any]:
    """The public part of one event line, given the game just after it."""
    kind = obj.get("event")
    if not isinstance(kind, str) or kind not in _PUBLIC_KEYS:
        return {"event": "other"}
    out: dict[str, Any] = {"event": kind}
    for key in _PUBLIC_KEYS[kind]:
        if key in obj:
            out[key] = obj[key]
    if kind == "deal" and isinstance(obj.get("row"), list):
        out["row"] = [_colour(t) for t in obj["row"]]
    elif kind == "draw":
        out["color"] = _colour(obj.get("tile"))
    elif kind == "guess":
        out["correct"] = _face_up(after, obj.get("target"), obj.get("slot")) is not None
    elif kind in ("place", "reveal"):
        shown = _face_up(after, obj.get("seat"), obj.get("slot"))
        if shown is not None:
            out["tile"] = shown
    return out


def round_closed(game: CodaGame) -> bool:
    """True between rounds and at the end: no panel of the record is secret any more."""
    return game.phase in (Phase.ROUND, Phase.FINISHED)


def _colour(tile: object) -> str:
    return tile[0] if isinstance(tile, str) and tile[:1] in ("D", "L") else "?"


def _face_up(game: CodaGame, seat: object, slot: object) -> str | None:
    """The panel at (seat, slot) as the record writes it, only when it stands face up."""
    if not (isinstance(seat, int) and isinstance(slot, int)):
        return None
    if not (0 <= seat < len(game.rows) and 0 <= slot < len(game.rows[seat])):
        return None
    s = game.rows[seat][slot]
    if not s.revealed:
        return None
    return f"{s.tile.color.value}{s.tile.value}"

"""What of a record line may leave the table while its round is played: the public part.

A device-pool record holds every hidden panel, so nothing here copies a line as it is. Each
event keeps a whitelist of keys, and everything about panels comes from the public observer
(:func:`coda_pi.rules.observe.observe` with no seat, the one place where hidden information
meets a viewer), keeping a number only where the panel stands face up: what the public
screen shows, at a round's end too. The full lines leave only once their round has ended
(:func:`round_closed`), and even then without the header's dealer seed
(:func:`published_line`): with it every deal and draw of the device's pool could be
computed in advance, and the seed is no business of the feed's readers once the game is over
either (the record on the table keeps it for replay).
"""

from __future__ import annotations

from typing import Any

from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.dealer import SEED_KEY
from coda_pi.rules.observe import CodaObservation, observe
from coda_pi.rules.tiles import Color

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
    seen = observe(game)
    holding = None
    if seen.drawn is not None and seen.turn is not None:
        holding = seen.drawn.color is Color.DARK
    return {
        "players": list(seen.players),
        "rounds": game.settings.rounds,
        "round": seen.round_number,
        "phase": seen.phase.value,
        "turn": seen.turn,
        "rows": [[{"dark": p.color is Color.DARK, "value": p.value if p.revealed else None}
                  for p in row] for row in seen.rows],
        "out": list(seen.out),
        "holding": holding,
        "pool": {"dark": seen.pool[0], "light": seen.pool[1]},
        "round_points": [p.total for p in game.round_points()],
        "round_totals": [list(r.points) for r in game.results],
        "winners": [r.winner for r in game.results],
        "totals": list(seen.totals),
        "finished": seen.phase is Phase.FINISHED,
    }


def public_header(header: dict[str, Any]) -> dict[str, Any]:
    out = {k: header[k] for k in _HEADER_KEYS if k in header}
    out["event"] = "header"
    return out


def public_event(obj: dict[str, Any], after: CodaGame) -> dict[str, Any]:
    """The public part of one event line, given the game just after it."""
    seen = observe(after)
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
        out["correct"] = _face_up(seen, obj.get("target"), obj.get("slot")) is not None
    elif kind in ("place", "reveal"):
        shown = _face_up(seen, obj.get("seat"), obj.get("slot"))
        if shown is not None:
            out["tile"] = shown
    return out


# Keys of a record line that never leave the table, even in a round's full lines: they are
# derived from hidden panels (or decide them) beyond what the lines themselves say.
_NEVER_PUBLISHED = (SEED_KEY,)


def published_line(obj: dict[str, Any]) -> dict[str, Any]:
    """A full record line as the club may have it once its round has ended: the line
    without the keys that never leave the table (the dealer's seed in the header)."""
    return {k: v for k, v in obj.items() if k not in _NEVER_PUBLISHED}


def round_closed(game: CodaGame) -> bool:
    """True between rounds and at the end: no panel of the record is secret any more."""
    return game.phase in (Phase.ROUND, Phase.FINISHED)


def _colour(tile: object) -> str:
    return tile[0] if isinstance(tile, str) and tile[:1] in ("D", "L") else "?"


def _face_up(seen: CodaObservation, seat: object, slot: object) -> str | None:
    """The panel at (seat, slot) as the record writes it, only when it stands face up."""
    if not (isinstance(seat, int) and isinstance(slot, int)):
        return None
    if not (0 <= seat < len(seen.rows) and 0 <= slot < len(seen.rows[seat])):
        return None
    p = seen.rows[seat][slot]
    if not p.revealed or p.value is None:
        return None
    return f"{p.color.value}{p.value}"


def events_payload(name: str, seq: int, public: dict[str, Any], state: dict[str, Any],
                   released: int) -> dict[str, Any]:
    """What the events topic carries for one record line (the publisher adds the time)."""
    return {"game": name, "seq": seq, "event": public, "state": state, "released": released}


def record_payload(name: str, first: int, lines: list[dict[str, Any]]) -> dict[str, Any]:
    """What the record topic carries: the full lines ``first`` .. of ended rounds, each as
    :func:`published_line` lets it out."""
    return {"game": name, "from": first, "to": first + len(lines) - 1,
            "lines": [published_line(obj) for obj in lines]}

"""Events in words a player understands, saying nothing that is not public.

Used for the undo confirmation ("Take back: Ann's guess ...?") and for what to put back on
the table after an undo. A draw or a deal is described by who and how many, never by which
panels: the record knows them, the table must not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from coda_pi.referee.labels import tile_name, value_label
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Tile


def _name(players: Sequence[str], seat: object) -> str:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return f"seat {seat}"


def _tile(obj: dict[str, Any], labels: str) -> str | None:
    try:
        return tile_name(Tile.parse(obj.get("tile")), labels)
    except RuleError:
        return None


def describe_event(obj: dict[str, Any], players: Sequence[str], labels: str) -> str:
    """``{"event": "guess", ...}`` -> ``"Ann's guess that Ben's panel 3 is 7"``."""
    kind = obj.get("event")
    who = _name(players, obj.get("seat"))
    slot = obj.get("slot")
    place = f"slot {slot + 1}" if isinstance(slot, int) else "a slot"
    if kind == "round":
        return "the start of the round"
    if kind == "deal":
        return f"{who}'s starting panels"
    if kind == "draw":
        text = str(obj.get("tile", "?"))
        colour = "dark" if text.startswith("D") else "light"
        return f"{who}'s draw (a {colour} panel)"
    if kind == "guess":
        target = _name(players, obj.get("target"))
        label = value_label(str(obj.get("value")), labels)
        return f"{who}'s guess that {target}'s panel at {place} is {label}"
    if kind == "stop":
        return f"{who} stopping and standing the drawn panel at {place}"
    if kind == "place":
        tile = _tile(obj, labels)
        what = f"the {tile}" if tile else "the drawn panel"
        return f"{who} placing {what} face up at {place}"
    if kind == "reveal":
        return f"{who} knocking down their own panel at {place}"
    if kind == "timeout":
        return f"{who}'s time running out"
    return f"the last action ({kind})"


def put_back_hint(obj: dict[str, Any], players: Sequence[str]) -> str:
    """What the table does with the real panels after ``obj`` is taken back."""
    kind = obj.get("event")
    who = _name(players, obj.get("seat"))
    if kind == "deal":
        return f"{who}: keep your panels, they will be dealt to you again."
    if kind == "draw":
        return f"{who}: put the drawn panel back in the box."
    if kind == "guess":
        target = _name(players, obj.get("target"))
        return f"{target}: if that panel was knocked down, stand it up again."
    if kind in ("stop", "place"):
        return f"{who}: take the drawn panel out of your row and hold it aside."
    if kind == "reveal":
        return f"{who}: stand that panel up again."
    if kind == "round":
        return "Put the panels back as they were at the end of the round."
    return ""

"""Events in words a player understands, saying nothing that is not public.

Used for the undo confirmation ("Take back: Ann's guess ...?") and, in a few words, for the
banner after an undo ("Took back the guess.") with what to put back on the table: that
banner shares the header with the name of whose turn it is, so it must fit two short lines at
320x240. A draw or a deal is described by who and how many, never by which
panels: the record knows them, the table must not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from coda_pi.i18n import _
from coda_pi.referee.shared.labels import tile_name, value_label
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Tile


def _name(players: Sequence[str], seat: object) -> str:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return _("seat {seat}").format(seat=seat)


def _tile(obj: dict[str, Any], labels: str) -> str | None:
    try:
        return tile_name(Tile.parse(obj.get("tile")), labels)
    except RuleError:
        return None


def describe_event(obj: dict[str, Any], players: Sequence[str], labels: str = "panels") -> str:
    """``{"event": "guess", ...}`` -> ``"Ann's guess that Ben's panel 3 is 7"``."""
    kind = obj.get("event")
    who = _name(players, obj.get("seat"))
    slot = obj.get("slot")
    say = nouns(labels)
    place = str(slot + 1) if isinstance(slot, int) else "?"
    if kind == "round":
        return _("the start of the round")
    if kind == "deal":
        return say(_("{name}'s starting {panels}"), name=who)
    if kind == "draw":
        text = str(obj.get("tile", "?"))
        if text.startswith("D"):
            return say(_("{name}'s draw (a dark {panel})"), name=who)
        return say(_("{name}'s draw (a light {panel})"), name=who)
    if kind == "guess":
        target = _name(players, obj.get("target"))
        label = value_label(str(obj.get("value")), labels)
        return say(_("{name}'s guess that {target}'s {panel} {number} is {label}"), name=who,
                   target=target, number=place, label=label)
    if kind == "stop":
        return say(_("{name} stopping and standing the drawn {panel} at place {number}"),
                   name=who, number=place)
    if kind == "place":
        tile = _tile(obj, labels)
        if tile:
            return say(_("{name} placing the {tile} face up at place {number}"), name=who,
                       tile=tile, number=place)
        return say(_("{name} placing the drawn {panel} face up at place {number}"), name=who,
                   number=place)
    if kind == "reveal":
        return say(_("{name} knocking down their own {panel} {number}"), name=who,
                   number=place)
    if kind == "timeout":
        return _("{name}'s time running out").format(name=who)
    return _("the last action ({kind})").format(kind=kind)


def undo_banner(obj: dict[str, Any], hint: str) -> str:
    """The banner after ``obj`` was undone: "Took back the draw." and ``hint``. Whose it was
    goes unsaid: play is back at that seat, whose name is the header's title beside it."""
    return f"{taken_back(obj)} {hint}".strip()


def taken_back(obj: dict[str, Any]) -> str:
    """What an undo took back, in one short sentence (the undo question said it in full).
    Whole sentences, so that each language makes its verb agree."""
    kind = obj.get("event")
    if kind == "round":
        return _("Took back the start of the round.")
    if kind == "deal":
        return _("Took back the deal.")
    if kind == "draw":
        return _("Took back the draw.")
    if kind == "guess":
        return _("Took back the guess.")
    if kind == "stop":
        return _("Took back the stop.")
    # A wrong guess's (or a time-out's) penalty stands after these: only where the drawn
    # panel went face up, or which panel was knocked down, is taken back.
    if kind == "place":
        return _("Took back the place.")
    if kind == "reveal":
        return _("Took back the knock-down.")
    if kind == "timeout":
        return _("Took back the timeout.")
    return _("Took back the last action ({kind}).").format(kind=kind)


def put_back_hint(obj: dict[str, Any], players: Sequence[str], labels: str = "panels", *,
                  right: bool | None = None) -> str:
    """What the table does with the real panels after ``obj`` is taken back, short: it
    follows "Took back the draw." in the header. The seat who acts is named only when it
    is not the one whose turn it is (the header's title): the target of a guess. ``right``
    says how an undone guess went, where the referee knows (a wrong one knocked nothing
    down)."""
    kind = obj.get("event")
    say = nouns(labels)
    if kind == "deal":
        return _("Keep them.")  # the same ones are dealt again
    if kind == "draw":
        return say(_("Put the drawn {panel} back in {the_box}."))
    if kind == "guess":
        if right is False:
            return ""
        target = _name(players, obj.get("target"))
        slot = obj.get("slot")
        place = str(slot + 1) if isinstance(slot, int) else "?"
        if right:
            return say(_("{name}: stand {panel} {number} up again."), name=target,
                       number=place)
        return say(_("{name}: if {panel} {number} fell, stand it up."), name=target,
                   number=place)
    if kind in ("stop", "place"):
        return say(_("Take the drawn {panel} out again."))
    if kind == "reveal":
        return say(_("Stand that {panel} up again."))
    # "round": back at the round's end, whose screen shows only scores: the panels, already
    # swept into the box for the next deal, need not be laid out again. A hint would also
    # squeeze the winner's name beside it ("Ann wins round 2").
    return ""


def table_pool_hint(obj: dict[str, Any]) -> str | None:
    """Table-pool play's own words after an undo, where they differ from ``put_back_hint``:
    the pool lies face down on the table (no box), and the device knows only colours."""
    kind = obj.get("event")
    if kind == "deal":
        return _("Enter the colours again.")
    if kind == "draw":
        return _("Put it back face down.")
    return None


def entered_pool_hint(obj: dict[str, Any], labels: str = "panels") -> str | None:
    """Entered-pool play's words after an undo of a deal or a draw: the panels stay where
    they are, and the entry opens again with what was entered."""
    kind = obj.get("event")
    if kind == "deal":
        return _("Keep them standing.")
    if kind == "draw":
        return nouns(labels)(_("Keep the {panel} you drew."))
    return None

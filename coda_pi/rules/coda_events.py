"""The events of a Coda game record as small typed values (shared/spec/coda-record.md).

``parse_event`` turns one record line's object into an event or refuses it with a RuleError
that says what is missing or malformed; ``to_dict`` writes an event back as the spec's
object, so a record written by the device reads back to the same events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import say
from coda_pi.rules.tiles import DASH_VALUE, HIGHEST, Tile

VALUES: tuple[str, ...] = (*(str(n) for n in range(HIGHEST + 1)), DASH_VALUE)


@dataclass(frozen=True, slots=True)
class RoundStart:
    """A new round: every panel back in the pool. ``first`` is the seat that starts."""

    first: int | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """A seat's starting row, left to right, every panel hidden."""

    seat: int
    row: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """The current player takes ``tile`` from the pool and holds it aside."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class Guess:
    """The current player says the target's hidden panel at ``slot`` is ``value``."""

    seat: int
    target: int
    slot: int
    value: str
    correct: bool | None = None


@dataclass(frozen=True, slots=True)
class Stop:
    """After a correct guess the turn ends; the drawn panel joins the row hidden at ``slot``."""

    seat: int
    slot: int | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """After a miss the drawn panel joins the row face up at ``slot``."""

    seat: int
    slot: int
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class Reveal:
    """After a miss with nothing drawn the player knocks down one of their own panels."""

    seat: int
    slot: int
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class Timeout:
    """The guess timer ran out: it counts as a wrong guess."""

    seat: int


@dataclass(frozen=True, slots=True)
class Bonus:
    """Table-pool play: the round winner's unknown standing panels, for the bonus."""

    seat: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Undo:
    """Takes back the latest event not yet taken back."""


CodaEvent = RoundStart | Deal | Draw | Guess | Stop | Place | Reveal | Timeout | Bonus | Undo


def _int(obj: Mapping[str, Any], key: str, what: str, *, optional: bool = False) -> int | None:
    if key not in obj or obj[key] is None:
        if optional:
            return None
        raise RuleError(say("a {what} needs '{key}'", what=what, key=key))
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(say("'{key}' of a {what} must be a whole number, not {value}",
                             key=key, what=what, value=repr(value)))
    return value


def _req(obj: Mapping[str, Any], key: str, what: str) -> int:
    value = _int(obj, key, what)
    assert value is not None
    return value


def _tile(obj: Mapping[str, Any], key: str, what: str, *, optional: bool = False) -> Tile | None:
    if key not in obj or obj[key] is None:
        if optional:
            return None
        raise RuleError(say("a {what} needs '{key}'", what=what, key=key))
    return Tile.parse(obj[key])


def _tiles(obj: Mapping[str, Any], key: str, what: str) -> tuple[Tile, ...]:
    value = obj.get(key)
    if not isinstance(value, list):
        raise RuleError(say("a {what} needs '{key}', a list of {panels}", what=what, key=key))
    return tuple(Tile.parse(t) for t in value)


def _round(o: Mapping[str, Any]) -> RoundStart:
    return RoundStart(_int(o, "first", "round", optional=True))


def _deal(o: Mapping[str, Any]) -> Deal:
    return Deal(_req(o, "seat", "deal"), _tiles(o, "row", "deal"))


def _draw(o: Mapping[str, Any]) -> Draw:
    tile = _tile(o, "tile", "draw")
    assert tile is not None
    return Draw(_req(o, "seat", "draw"), tile)


def _guess(o: Mapping[str, Any]) -> Guess:
    value = o.get("value")
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value not in VALUES:
        raise RuleError(say("a guess names a number 0 to {highest} or '-', not {value}",
                             highest=HIGHEST, value=repr(value)))
    correct = o.get("correct")
    if correct is not None and not isinstance(correct, bool):
        raise RuleError(say("'correct' of a guess must be true or false, not {value}",
                             value=repr(correct)))
    return Guess(
        _req(o, "seat", "guess"), _req(o, "target", "guess"), _req(o, "slot", "guess"),
        value, correct,
    )


def _stop(o: Mapping[str, Any]) -> Stop:
    return Stop(_req(o, "seat", "stop"), _int(o, "slot", "stop", optional=True))


def _place(o: Mapping[str, Any]) -> Place:
    return Place(_req(o, "seat", "place"), _req(o, "slot", "place"),
                 _tile(o, "tile", "place", optional=True))


def _reveal(o: Mapping[str, Any]) -> Reveal:
    return Reveal(_req(o, "seat", "reveal"), _req(o, "slot", "reveal"),
                  _tile(o, "tile", "reveal", optional=True))


def _timeout(o: Mapping[str, Any]) -> Timeout:
    return Timeout(_req(o, "seat", "timeout"))


def _bonus(o: Mapping[str, Any]) -> Bonus:
    return Bonus(_req(o, "seat", "bonus"), _tiles(o, "tiles", "bonus"))


_PARSERS: dict[str, Callable[[Mapping[str, Any]], CodaEvent]] = {
    "round": _round,
    "deal": _deal,
    "draw": _draw,
    "guess": _guess,
    "stop": _stop,
    "place": _place,
    "reveal": _reveal,
    "timeout": _timeout,
    "bonus": _bonus,
    "undo": lambda o: Undo(),
}


def parse_event(obj: object) -> CodaEvent:
    """Reads one event line's object; a RuleError says what is wrong with it."""
    if not isinstance(obj, dict):
        raise RuleError(say("an event must be a JSON object"))
    kind = obj.get("event")
    if not isinstance(kind, str) or kind not in _PARSERS:  # a list here is not hashable
        raise RuleError(say("unknown event {kind}", kind=repr(kind)))
    return _PARSERS[kind](obj)


def to_dict(event: CodaEvent) -> dict[str, Any]:
    """The event as a record line's object, keys in the spec's order."""
    match event:
        case RoundStart(first):
            return {"event": "round"} | ({} if first is None else {"first": first})
        case Deal(seat, row):
            return {"event": "deal", "seat": seat, "row": [str(t) for t in row]}
        case Draw(seat, tile):
            return {"event": "draw", "seat": seat, "tile": str(tile)}
        case Guess(seat, target, slot, value, correct):
            out: dict[str, Any] = {
                "event": "guess", "seat": seat, "target": target, "slot": slot, "value": value,
            }
            return out | ({} if correct is None else {"correct": correct})
        case Stop(seat, slot):
            return {"event": "stop", "seat": seat} | ({} if slot is None else {"slot": slot})
        case Place(seat, slot, tile) | Reveal(seat, slot, tile):
            kind = "place" if isinstance(event, Place) else "reveal"
            out = {"event": kind, "seat": seat, "slot": slot}
            return out | ({} if tile is None else {"tile": str(tile)})
        case Timeout(seat):
            return {"event": "timeout", "seat": seat}
        case Bonus(seat, tiles):
            return {"event": "bonus", "seat": seat, "tiles": [str(t) for t in tiles]}
        case Undo():
            return {"event": "undo"}
    raise TypeError(f"not a Coda event: {event!r}")

"""Every message a table may write, checked at the hub's door before anything uses it.

Whatever arrives over the club's network is a stranger's bytes: a table's password proves
who sent them, not what they hold. So a message is taken only when it is small enough, is
UTF-8 JSON without ``NaN`` or ``Infinity`` (which no browser's ``JSON.parse`` reads back), is
no deeper than a real one, holds no lone surrogate (which no page can be encoded with), fits
its topic's JSON Schema, names its game with the one pattern record names have
(coda_pi/record_names.py), and tells a consistent table (as many rows, points and flags as
players). What does not fit is dropped with one log line and touches nothing.

Why JSON Schema, through fastjsonschema: the shapes are written once, as data, in the
language-neutral form the record spec can point to, and checked by a validator compiled to
plain Python (pure Python, no dependencies, like paho-mqtt and segno: nothing to build on a
Pi). The checks a schema cannot say (equal lengths, the name's pattern with a true end of
string) follow it in a few lines here.

What is kept of a state or an event is only the keys the hub and its page read, so a
table's extra keys never reach the page.
"""

from __future__ import annotations

import functools
import json
import logging
import math
from collections.abc import Callable
from typing import Any

from coda_pi.record_names import is_record_name

log = logging.getLogger(__name__)

# A whole three-round game of four is about 9 KB of record lines; a message carries at most
# that (the full lines of what a hub missed). The broker's own limit is a little above
# (broker.py), so what passes it is still looked at here.
MAX_MESSAGE_BYTES = 256 * 1024
MAX_DEPTH = 10  # a record message: message, lines, line, timer: four
MAX_SEQ = 100_000  # far past any game's lines: keeps a hub from asking for a billion
STATUSES = ("online", "offline")
# The games a table lists for its night (publisher.py): far past a night's few games, and
# few enough that one list makes the hub ask for at most this many.
MAX_LISTED = 32

_INT = {"type": "integer"}
_SEQ = {"type": "integer", "minimum": 1, "maximum": MAX_SEQ}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
_SLOT = {"type": "integer", "minimum": 0, "maximum": 30}
_SHORT = {"type": "string", "maxLength": 8}
_NAME = {"type": "string", "maxLength": 64}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 1_000}
_POINTS = {"type": "integer", "minimum": -10_000, "maximum": 10_000}
# A list of types rather than anyOf: each keyword applies to its own type (maxLength to a
# string), and the compiled check is ten times quicker.
_PANEL = {
    "type": "object",
    "required": ["dark", "value"],
    "properties": {"dark": {"type": "boolean"},
                   "value": {"type": ["null", "string"], "maxLength": 2}},
}

# The public state of a table (projection.public_state): what the page draws.
STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["players", "rows", "out", "totals", "turn", "round", "rounds", "finished"],
    "properties": {
        "players": {"type": "array", "minItems": 2, "maxItems": 4, "items": _NAME},
        "rounds": {"type": "integer", "minimum": 1, "maximum": 99},
        "round": {"type": "integer", "minimum": 0, "maximum": 99},
        "phase": _SHORT,
        "turn": {**_SEAT, "type": ["null", "integer"]},
        "rows": {"type": "array", "maxItems": 4,
                 "items": {"type": "array", "maxItems": 30, "items": _PANEL}},
        "out": {"type": "array", "maxItems": 4, "items": {"type": "boolean"}},
        "holding": {"type": ["boolean", "null"]},
        "pool": {"type": "object", "required": ["dark", "light"],
                 "properties": {"dark": _COUNT, "light": _COUNT}},
        "round_points": {"type": "array", "maxItems": 4, "items": _POINTS},
        "round_totals": {"type": "array", "maxItems": 99,
                         "items": {"type": "array", "maxItems": 4, "items": _POINTS}},
        "winners": {"type": "array", "maxItems": 99,
                    "items": {**_SEAT, "type": ["null", "integer"]}},
        "totals": {"type": "array", "maxItems": 4, "items": _POINTS},
        "finished": {"type": "boolean"},
    },
}

# The public part of one record line (projection.public_event / public_header).
EVENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["event"],
    "properties": {
        "event": {"type": "string", "maxLength": 16},
        "seat": _SEAT, "target": _SEAT, "slot": _SLOT, "first": _SEAT,
        "value": {"type": ["string", "integer"], "maxLength": 8, "minimum": 0, "maximum": 99},
        "correct": {"type": "boolean"},
        "color": _SHORT, "tile": _SHORT,
        "row": {"type": "array", "maxItems": 30, "items": _SHORT},
    },
}

_GAME = {"type": "string", "maxLength": 100}
_TIME = {"type": "number"}

SCHEMAS: dict[str, dict[str, Any]] = {
    "events": {
        "type": "object",
        "required": ["game", "seq", "event", "state"],
        "properties": {"game": _GAME, "seq": _SEQ, "event": EVENT_SCHEMA,
                       "state": STATE_SCHEMA, "released": {**_SEQ, "minimum": 0}, "t": _TIME},
    },
    "state": {
        "type": "object",
        "required": ["game", "seq", "state"],
        "properties": {"game": _GAME, "seq": _SEQ, "state": STATE_SCHEMA, "table": _INT,
                       "t": _TIME},
    },
    "games": {
        "type": "object",
        "required": ["games"],
        "properties": {"games": {"type": "array", "maxItems": MAX_LISTED,
                                 "items": {"type": "object",
                                           "required": ["game", "seq", "released"],
                                           "properties": {"game": _GAME, "seq": _SEQ,
                                                          "released": {**_SEQ,
                                                                       "minimum": 0}}}},
                       "t": _TIME},
    },
    "record": {
        "type": "object",
        "required": ["game", "from", "lines"],
        "properties": {"game": _GAME, "from": _SEQ, "to": _SEQ,
                       # The lines themselves are judged by the same engine as a record
                       # file (coda_pi.replay): a line that breaks a rule stops the replay.
                       "lines": {"type": "array", "minItems": 1, "maxItems": 5_000,
                                 "items": {"type": "object"}}},
    },
}


class Refused(ValueError):
    """A message that does not fit; its text is the log line's reason."""


@functools.cache
def _validator(leaf: str) -> Callable[[Any], Any]:
    import fastjsonschema  # compiled on first use: the device itself never loads it

    return fastjsonschema.compile(SCHEMAS[leaf])


def compile_checks() -> None:
    """Compiles every topic's check now rather than on its first message (the hub calls it
    before it subscribes: see Hub.warm_up)."""
    for leaf in SCHEMAS:
        _validator(leaf)


def _no_constant(name: str) -> float:
    raise Refused(f"{name} is not JSON a browser reads")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Refused(f"{text[:20]} is not a finite number")
    return value


def _plain(value: Any, depth: int = 0) -> None:
    """Refuses nesting deeper than a real record message and strings no page can be encoded
    with (a record's lines are kept whole, so each part of them is looked at)."""
    if depth > MAX_DEPTH:
        raise Refused("nested too deep")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise Refused("a lone surrogate in a string") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            _plain(k, depth + 1)
            _plain(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _plain(v, depth + 1)


def _consistent(state: dict[str, Any]) -> None:
    n = len(state["players"])
    if len(state["rows"]) not in (0, n):  # none before the first round's deal
        raise Refused(f"rows do not match the {n} players")
    for key in ("out", "totals"):
        if len(state[key]) != n:
            raise Refused(f"{key} does not match the {n} players")
    if state["turn"] is not None and state["turn"] >= n:
        raise Refused("the turn is not a player's")


def _keep(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k in schema["properties"]}


def _listed(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A game list's entries, each a record's name once, as far as the table has written."""
    names = [game["game"] for game in games]
    if not all(is_record_name(name) for name in names):
        raise Refused("a listed game's name is not a record's name")
    if len(set(names)) != len(names):
        raise Refused("a game listed twice")  # a list the table's publisher never makes
    if any(game["released"] > game["seq"] for game in games):
        raise Refused("a listed game released past its last line")
    return [{"game": g["game"], "seq": g["seq"], "released": g["released"]} for g in games]


def decode(leaf: str, payload: bytes) -> dict[str, Any] | str:
    """The message as the hub may use it: the status's word, or the checked document.

    Raises :class:`Refused` with the reason when it does not fit.
    """
    if len(payload) > MAX_MESSAGE_BYTES:
        raise Refused(f"{len(payload)} bytes, more than {MAX_MESSAGE_BYTES}")
    if leaf == "status":
        word = payload.decode("ascii", "replace")
        if word not in STATUSES:
            raise Refused("a status is online or offline")
        return word
    if leaf not in SCHEMAS:
        raise Refused(f"no such topic as {leaf[:20]!r}")
    try:
        doc = json.loads(payload.decode("utf-8"), parse_constant=_no_constant,
                         parse_float=_finite)
    except RecursionError:
        raise Refused("nested too deep") from None
    except ValueError as err:  # not UTF-8, not JSON, a number past Python's digit limit
        raise Refused(str(err)[:80] or "not JSON") from None
    if leaf == "record":
        _plain(doc)  # its lines are kept as they came: their depth is bounded here
    import fastjsonschema

    try:
        _validator(leaf)(doc)
    except fastjsonschema.JsonSchemaValueException as err:
        raise Refused(err.message[:120]) from None
    if leaf == "games":
        return {"games": _listed(doc["games"])}
    if not is_record_name(doc["game"]):
        raise Refused("the game's name is not a record's name")
    doc = _keep(doc, SCHEMAS[leaf])
    if "state" in doc:
        _consistent(doc["state"])
        doc["state"] = _keep(doc["state"], STATE_SCHEMA)
    if "event" in doc:
        doc["event"] = _keep(doc["event"], EVENT_SCHEMA)
    try:  # one pass in C over what is kept: a lone surrogate would fail every page
        json.dumps(doc, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("a lone surrogate in a string") from None
    return doc


def accepted(table: int, leaf: str, payload: bytes) -> dict[str, Any] | str | None:
    """:func:`decode`, or None after one log line saying why the message was dropped."""
    try:
        return decode(leaf, payload)
    except Refused as err:
        log.warning("table %d, %s: message dropped (%s)", table, leaf, err)
        return None

"""Every body a phone may send, checked at the boundary against one schema.

The phones' network is anybody's (design principle 4): a body is read only up to
``MAX_BODY`` bytes, parsed with no number that is not a plain integer (``1e400``, ``1.5``,
``NaN`` are refused before they become a float), no nesting deeper than the shapes need,
and then checked against ``SCHEMAS`` (JSON Schema, through fastjsonschema, as the club's
MQTT messages are: coda_pi/club/messages.py). Whatever does not fit is a ``BadBody`` with a
sentence, which the server answers with 400: never an exception in the request's thread.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from coda_pi.rules.mastermind_pegs import MAX_PEGS, palette

MAX_BODY = 2048
"""Bytes a body may have: a tap is padded to 120."""
MAX_DEPTH = 1
"""Objects and lists a body may nest: every shape is one flat object."""
MAX_SEATS = 8
MAX_SLOT = 31
"""The last place in a row (or the gap after it) a tap may name: more than a row of the
box's panels ever holds (0-11 twice and the dashes), the bound the "slot" tap had already."""
LABEL = {"type": "string", "minLength": 1, "maxLength": 4}
SLOT = {"type": "integer", "minimum": 0, "maximum": MAX_SLOT}
SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1}
PEG = {"enum": list(palette(blanks=True))}
"""One of Mastermind's colours, by its letter (the empty hole's "." included)."""
TOKEN = {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"}
"""A seat QR code's one-time token (pairing.py: URL-safe base64 of 12 random bytes)."""
KEY_COUNT = {"type": "integer", "minimum": 0, "maximum": MAX_PEGS}
PAGE_VERSION = {"type": "integer", "minimum": 0, "maximum": 2**31 - 1}
"""The version of the seat's page a tap was made from (``/api/page``'s ``v``)."""

_TAPS: dict[str, dict[str, Any]] = {
    "key": {"key": {"enum": ["prev", "next", "ok", "back"]}},
    "target": {"target": SEAT},
    "tile": {"dark": {"type": "boolean"}, "value": LABEL},
    "colour": {"dark": {"type": "boolean"}},
    "go_on": {"dark": {"type": "boolean"}},
    "slot": {"target": SLOT},
    "guess": {"value": LABEL},
    # The seat board's touch moves (touch_actions.py): a panel of another seat to attack,
    # a gap of the own row, an own panel to knock down, a peg's colour, the key pegs.
    "attack": {"target": SEAT, "slot": SLOT},
    "place": {"slot": SLOT},
    "reveal": {"slot": SLOT},
    "peg": {"value": PEG},
    "keys": {"black": KEY_COUNT, "white": KEY_COUNT},
}


def _flat(properties: dict[str, Any], optional: dict[str, Any] | None = None
          ) -> dict[str, Any]:
    return {"type": "object", "properties": properties | (optional or {}),
            "required": sorted(properties), "additionalProperties": False}


SCHEMAS: dict[str, dict[str, Any]] = {
    "/api/pair": _flat({"seat": SEAT}),
    "/api/claim": _flat({"seat": SEAT, "token": TOKEN}),
    "/api/leave": {"type": "object", "maxProperties": 0},
    "/api/tap": {"oneOf": [_flat({"kind": {"const": kind}, **fields}, {"v": PAGE_VERSION})
                           for kind, fields in _TAPS.items()]},
}
"""Each path's body. A seat is a whole number (JSON's ``true`` is not one: fastjsonschema
tells booleans from integers), a label a short string."""


class BadBody(ValueError):
    """A body that does not fit its path's schema; the text says why."""


@cache
def _validator(path: str) -> Callable[[Any], Any]:
    import fastjsonschema  # compiled on first use, once per path

    return fastjsonschema.compile(SCHEMAS[path])


def checked(path: str, raw: bytes) -> dict[str, Any]:
    """The body of a request to ``path``, parsed and checked; ``BadBody`` otherwise."""
    if path not in SCHEMAS:
        raise BadBody("no such request")
    if len(raw) > MAX_BODY:
        raise BadBody("too long")
    _shallow(raw)
    try:
        obj = json.loads(raw, parse_float=_no_float, parse_constant=_no_float)
    except (ValueError, RecursionError) as err:  # bad JSON, bad UTF-8, a huge integer
        raise BadBody(f"not JSON: {err}") from None
    import fastjsonschema

    try:
        _validator(path)(obj)
    except fastjsonschema.JsonSchemaException as err:
        raise BadBody(str(err)) from None
    return obj  # type: ignore[no-any-return]


def _no_float(text: str) -> Any:
    raise ValueError(f"a number must be whole: {text[:20]}")


def _shallow(raw: bytes) -> None:
    """Refuse nesting before the parser recurses into it (strings' brackets don't count)."""
    depth = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BadBody("nested too deep")
        elif byte in b"]}":
            depth -= 1

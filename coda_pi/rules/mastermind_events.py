"""The events of a Mastermind record as small typed values (shared/spec/mastermind-record.md).

Pure. ``parse_event(obj, pegs, blanks)`` turns one record line's object into an event or refuses
it with a RuleError that says what is wrong (the header's ``pegs`` and ``blanks`` say what a
code is); ``to_dict`` writes an event back as the spec's object, keys in the spec's order,
so a line the device writes reads back to the same event. ``undo`` belongs to the record
container (``record.Journal``), not to the game: it is not one of these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from coda_pi.rules.errors import RuleError
from coda_pi.rules.mastermind_pegs import Feedback, check_code, keys_placed
from coda_pi.rules.sentence import say


@dataclass(frozen=True, slots=True)
class SetCode:
    """``code``: the codemaker's secret, behind the shield; the other seat breaks it."""

    maker: int
    code: str


@dataclass(frozen=True, slots=True)
class PlaceRow:
    """``guess``: the codebreaker's next row, with the key pegs the codemaker placed
    (``keys``; None when the device scores the row itself)."""

    code: str
    keys: Feedback | None = None


MastermindEvent = SetCode | PlaceRow

KINDS = ("code", "guess")
"""The record's names of the events, in the spec's order."""


def event_kind(obj: object) -> str:
    """The kind of a record line's event (``"code"`` or ``"guess"``), or a RuleError."""
    if not isinstance(obj, Mapping):
        raise RuleError(say("an event must be a JSON object"))
    kind = obj.get("event")
    if not isinstance(kind, str) or kind not in KINDS:  # a list here is not hashable
        raise RuleError(say("{kind} is not a Mastermind event", kind=repr(kind)))
    return kind


def parse_maker(obj: Mapping[str, Any]) -> int:
    """The seat a code line names as its maker, or a RuleError."""
    seat = obj.get("maker")
    if isinstance(seat, bool) or seat not in (0, 1):
        raise RuleError(say("a code needs its maker: seat 0 or 1"))
    return int(seat)  # type: ignore[call-overload]


def parse_event(obj: object, pegs: int = 4, blanks: bool = False) -> MastermindEvent:
    """Reads one event line's object for a match of ``pegs`` holes (``blanks``: the empty
    hole is a colour); unnamed keys are ignored.

    :raises RuleError: saying what is missing or malformed.
    """
    kind = event_kind(obj)
    assert isinstance(obj, Mapping)
    if kind == "code":
        return SetCode(parse_maker(obj), check_code(obj.get("code"), pegs, blanks))
    code = check_code(obj.get("code"), pegs, blanks, what="guess")
    keys = obj.get("keys")
    return PlaceRow(code, None if keys is None else keys_placed(keys, pegs))


def to_dict(event: MastermindEvent) -> dict[str, Any]:
    """The event as a record line's object, keys in the spec's order."""
    match event:
        case SetCode(maker, code):
            return {"event": "code", "maker": maker, "code": code}
        case PlaceRow(code, keys):
            return {"event": "guess", "code": code} | (
                {} if keys is None else {"keys": keys.to_dict()})
    raise TypeError(f"not a Mastermind event: {event!r}")

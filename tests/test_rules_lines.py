"""Record lines for the Coda rules tests, written as a player would write them.

No tests live here: the other ``test_rules_*`` modules import these builders so that every
scenario reads like the record it stands for.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.errors import RuleError

Line = dict[str, Any]

ANN_BEN: Line = {"game": "coda", "version": 1, "players": ["Ann", "Ben"]}
ANN_BEN_CY: Line = {"game": "coda", "version": 1, "players": ["Ann", "Ben", "Cy"]}
FOUR: Line = {"game": "coda", "version": 1, "players": ["Ann", "Ben", "Cy", "Dee"]}

# The rules' example row for Ann, and a row for Ben that shares no panel with it.
ANN_ROW = ("D1", "D4", "L7", "L10")
BEN_ROW = ("D0", "L3", "D6", "L11")


def header(base: Line = ANN_BEN, **changes: Any) -> Line:
    return {**base, **changes}


def rnd(first: int | None = None) -> Line:
    return {"event": "round"} | ({} if first is None else {"first": first})


def deal(seat: int, *row: str) -> Line:
    return {"event": "deal", "seat": seat, "row": list(row)}


def draw(seat: int, tile: str) -> Line:
    return {"event": "draw", "seat": seat, "tile": tile}


def guess(seat: int, target: int, slot: int, value: str, correct: bool | None = None) -> Line:
    line: Line = {"event": "guess", "seat": seat, "target": target, "slot": slot, "value": value}
    return line | ({} if correct is None else {"correct": correct})


def stop(seat: int, slot: int | None = None) -> Line:
    return {"event": "stop", "seat": seat} | ({} if slot is None else {"slot": slot})


def place(seat: int, slot: int, tile: str | None = None) -> Line:
    return {"event": "place", "seat": seat, "slot": slot} | ({} if tile is None else {"tile": tile})


def reveal(seat: int, slot: int, tile: str | None = None) -> Line:
    line: Line = {"event": "reveal", "seat": seat, "slot": slot}
    return line | ({} if tile is None else {"tile": tile})


def timeout(seat: int) -> Line:
    return {"event": "timeout", "seat": seat}


UNDO: Line = {"event": "undo"}


def play(head: Line, *lines: Line) -> CodaGame:
    """The game after ``lines``, each of which must be legal."""
    game = CodaGame.from_header(head)
    for line in lines:
        game.apply(parse_event(line))
    return game


def dealt(head: Line = ANN_BEN, *rows: tuple[str, ...], first: int | None = None) -> CodaGame:
    """A round just dealt: Ann and Ben get the default rows unless ``rows`` says otherwise."""
    rows = rows or (ANN_ROW, BEN_ROW)
    return play(head, rnd(first), *(deal(s, *r) for s, r in enumerate(rows)))


def refuse(game: CodaGame, line: Line) -> RuleError:
    """Asserts ``line`` is refused and leaves the game exactly as it was; returns the error."""
    before = game.copy()
    with pytest.raises(RuleError) as caught:
        game.apply(parse_event(line))
    assert game == before
    return caught.value


def record_bytes(*lines: Line) -> bytes:
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


def row_of(game: CodaGame, seat: int) -> list[str]:
    """A row as a player sees it from above: tiles, lower case when knocked down."""
    return [str(s.tile) if not s.revealed else str(s.tile).lower() for s in game.rows[seat]]

"""Mastermind as one of the games coda-pi knows: its ``GameRules`` entry (``RULES``) and the
events its rules accept now.

Pure. Apart from the rest of the rules so that a Coda game, the device's usual start,
imports none of Mastermind (each import costs start-up time, some 10-15 times more on a Pi
Zero): ``rules/games.py`` imports this module when a record or a referee first names
Mastermind. What a seat may know of a match is in ``rules/mastermind_observe.py``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from coda_pi.rules import mastermind_events
from coda_pi.rules.game_rules import GameRules, Record
from coda_pi.rules.mastermind import (
    MastermindHeader,
    MastermindMatch,
    iter_feedbacks,
    palette,
)
from coda_pi.rules.mastermind_events import MastermindEvent, PlaceRow, SetCode


def mastermind_legal_events(
    match: MastermindMatch, *, keys: bool = False
) -> Iterator[MastermindEvent]:
    """Every Mastermind event the rules accept now: a code (from its maker, either seat for
    the first game), or a guess. ``keys``: each guess also with every placement of key pegs
    the codemaker could make (audit play: a wrong one voids the game); else the rules judge
    the row themselves."""
    header = match.header
    codes = ("".join(p) for p in itertools.product(palette(header.blanks), repeat=header.pegs))
    if match.expected == "code":
        makers = (0, 1) if match.maker is None else (match.maker,)
        yield from (SetCode(m, c) for c in codes for m in makers)
    elif match.expected == "guess":
        for c in codes:
            yield PlaceRow(c)
            if keys:
                yield from (PlaceRow(c, placed) for placed in iter_feedbacks(header.pegs))


def mastermind_legal(match: MastermindMatch) -> Iterator[dict[str, Any]]:
    """``mastermind_legal_events`` as record lines, keys left to the rules to judge."""
    return (mastermind_events.to_dict(event) for event in mastermind_legal_events(match))


def _parse(match: MastermindMatch, line: Record) -> MastermindEvent:
    return mastermind_events.parse_event(line, match.header.pegs, match.header.blanks)


RULES = GameRules(
    "mastermind",
    MastermindMatch,
    lambda header: MastermindMatch(MastermindHeader.from_dict(header)),
    lambda match, line: match.apply(line),
    mastermind_legal,
    _parse,
    mastermind_events.to_dict,
)

"""The games coda-pi knows, behind one interface, and the registry that finds them.

Pure. Modelled on python-chess's variants (``VARIANTS``, ``find_variant``): each game is a
``GameRules`` value that says how a record's header starts a game, how a record line is
read as one of the game's typed events (``parse``) and written back (``line``), how a record
line is applied to it (a ``RuleError`` leaves the game as it was), what each seat may see of
it (``observe``) and which events the rules accept now (``legal``). ``coda-pi replay``, the
device's journals and the tests all start a game here, so a third game is one more entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from coda_pi.rules import mastermind_events
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event, to_dict
from coda_pi.rules.errors import RuleError
from coda_pi.rules.legal import legal_events, mastermind_legal
from coda_pi.rules.mastermind import MastermindHeader, MastermindMatch
from coda_pi.rules.mastermind_events import MastermindEvent
from coda_pi.rules.observe import Observation, observe
from coda_pi.rules.sentence import say

Record = Mapping[str, Any]


@dataclass(frozen=True)
class GameRules:
    """One game: its name in the record's header, and what the rest of coda-pi asks of it.

    ``start(header)`` returns the game before its first event or raises ``RuleError``;
    ``parse(game, line)`` reads a record line as the game's typed event (the game's header
    says what a line may hold), ``line(event)`` writes one back, the same line;
    ``apply(game, line)`` applies one record line; ``legal(game)`` yields the record lines
    the rules accept now (for a Coda game whose panels the device sees).
    """

    name: str
    state: type
    start: Callable[[Record], Any]
    apply: Callable[[Any, Record], None]
    legal: Callable[[Any], Iterator[dict[str, Any]]]
    parse: Callable[[Any, Record], Any]
    line: Callable[[Any], dict[str, Any]]

    def observe(self, game: Any, seat: int | None = None) -> Observation:
        """What ``seat`` (None: the public) may know of ``game``; see ``rules/observe.py``."""
        return observe(game, seat)


def _coda_apply(game: CodaGame, line: Record) -> None:
    # A game that reads keys of its own beside the spec's (entered-pool play's claims,
    # ``referee/pools/entered/claims.py``) takes the whole line.
    apply_line = getattr(game, "apply_line", None)
    if apply_line is not None:
        apply_line(line)
        return
    game.apply(parse_event(line))


def _coda_legal(game: CodaGame) -> Iterator[dict[str, Any]]:
    return (to_dict(event) for event in legal_events(game))


def _mastermind_parse(match: MastermindMatch, line: Record) -> MastermindEvent:
    return mastermind_events.parse_event(line, match.header.pegs, match.header.blanks)


CODA = GameRules("coda", CodaGame, CodaGame.from_header, _coda_apply, _coda_legal,
                 lambda game, line: parse_event(line), to_dict)
MASTERMIND = GameRules(
    "mastermind",
    MastermindMatch,
    lambda header: MastermindMatch(MastermindHeader.from_dict(header)),
    lambda match, line: match.apply(line),
    mastermind_legal,
    _mastermind_parse,
    mastermind_events.to_dict,
)

GAMES: dict[str, GameRules] = {rules.name: rules for rules in (CODA, MASTERMIND)}
"""Every game coda-pi knows, by the name its record's header gives."""


def find_game(name: object) -> GameRules:
    """The game a header names.

    :raises RuleError: naming the game when coda-pi does not know it.
    """
    if not isinstance(name, str) or name not in GAMES:  # a list here is not hashable
        raise RuleError(say("coda-pi does not know the game {name}", name=repr(name)))
    return GAMES[name]


def rules_of(game: object) -> GameRules:
    """The rules of a game object (a subclass of a game's state counts as that game).

    :raises TypeError: for an object that is not a game.
    """
    for rules in GAMES.values():
        if isinstance(game, rules.state):
            return rules
    raise TypeError(f"{type(game).__name__} is not a game coda-pi knows")

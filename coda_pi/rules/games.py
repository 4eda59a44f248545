"""The games coda-pi knows, behind one interface, and the registry that finds them.

Pure. Modelled on python-chess's variants (``VARIANTS``, ``find_variant``): each game is a
``GameRules`` value that says how a record's header starts a game, how a record line is
read as one of the game's typed events (``parse``) and written back (``line``), how a record
line is applied to it (a ``RuleError`` leaves the game as it was), what each seat may see of
it (``observe``) and which events the rules accept now (``legal``). ``coda-pi replay``, the
device's journals and the tests all start a game here, so a third game is one more entry.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event, to_dict
from coda_pi.rules.errors import RuleError
from coda_pi.rules.game_rules import GameRules, Record
from coda_pi.rules.legal import legal_events
from coda_pi.rules.sentence import say

__all__ = ["CODA", "GAMES", "GameRules", "Games", "Record", "find_game", "rules_of"]

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


CODA = GameRules("coda", CodaGame, CodaGame.from_header, _coda_apply, _coda_legal,
                 lambda game, line: parse_event(line), to_dict)


class Games(Mapping[str, GameRules]):
    """Every game coda-pi knows, by the name its record's header gives. A game other than
    Coda is imported the first time it is asked for (a Coda start needs none of
    Mastermind: each module costs start-up time, on a Pi Zero 10-15 times more)."""

    def __init__(self, loaded: Mapping[str, GameRules],
                 later: Mapping[str, tuple[str, str]]) -> None:
        self._loaded = dict(loaded)
        # name -> (the module whose RULES are the game's, the module of the game's state)
        self._later = dict(later)

    def __getitem__(self, name: str) -> GameRules:
        rules = self._loaded.get(name)
        if rules is None:
            if name not in self._later:
                raise KeyError(name)
            module, _state = self._later[name]
            rules = self._loaded[name] = import_module(module).RULES
        return rules

    def __iter__(self) -> Iterator[str]:
        return iter([*self._loaded, *(n for n in self._later if n not in self._loaded)])

    def __len__(self) -> int:
        return len(self._loaded.keys() | self._later.keys())

    def in_use(self) -> Iterator[GameRules]:
        """The rules of every game whose state may exist: those imported, and those whose
        state's module someone imported (a game object exists only after its module)."""
        for name in self:
            if name in self._loaded or self._later[name][1] in sys.modules:
                yield self[name]


GAMES = Games({"coda": CODA}, {
    "mastermind": ("coda_pi.rules.mastermind_game", "coda_pi.rules.mastermind"),
})
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
    for rules in GAMES.in_use():
        if isinstance(game, rules.state):
            return rules
    raise TypeError(f"{type(game).__name__} is not a game coda-pi knows")

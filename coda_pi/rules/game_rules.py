"""One game behind the interface the rest of coda-pi uses (``GameRules``): its own module,
so that a game's rules module (``rules/mastermind_game.py``) and the registry that finds it
(``rules/games.py``) both import it and not each other.

Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from coda_pi.rules.observe import observe

if TYPE_CHECKING:
    from coda_pi.rules.observe import Observation

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

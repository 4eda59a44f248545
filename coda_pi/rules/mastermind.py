"""Mastermind: pegs, feedback, the record's header and the match referee.

Pure: no clock, no randomness, no I/O. A code is a string of one letter per hole
(``"RGBY"``), from the boxed game's six colours; in the extra-challenge game an empty hole,
``"."``, is a seventh colour.

Choices the record spec (spec/mastermind-record.md) leaves open, made here:

- The first game's codemaker may be either seat; from then on a game's maker must be the
  previous game's breaker, except after a void, when the same maker sets a new code.
- ``totals`` counts the running game: the maker's point for each row appears as the row is
  played (the "running round included" of the Coda record). Those points go away if the
  game is voided: a void game scores only the breaker's 3 points.
- A void game's ``rows`` counts the rows played, including the row with the wrong keys.
- ``keys`` must be a real placement of key pegs (whole numbers, at most ``pegs`` in all);
  keys that are placeable but differ from the true feedback void the game, even a false
  "all black" or an "all black" withheld.
- Unnamed keys in events are ignored, as the record container says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from coda_pi.rules.errors import RuleError
from coda_pi.rules.mastermind_events import (
    MastermindEvent,
    PlaceRow,
    SetCode,
    event_kind,
    parse_event,
    parse_maker,
)
from coda_pi.rules.mastermind_pegs import (
    BLANK,
    COLOUR_NAMES,
    COLOURS,
    MAX_PEGS,
    Feedback,
    all_codes,
    check_code,
    feedback,
    iter_feedbacks,
    keys_placed,
    palette,
)
from coda_pi.rules.sentence import say

__all__ = [
    "BLANK", "COLOURS", "COLOUR_NAMES", "MAX_PEGS", "MAX_ROWS", "VOID_POINTS", "Feedback",
    "GameResult", "MastermindHeader", "MastermindMatch", "Row", "all_codes", "check_code",
    "feedback", "iter_feedbacks", "keys_placed", "palette",
]

VOID_POINTS = 3
MAX_ROWS = 30

def _int_field(d: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = d.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(say("the header's {key} must be a whole number, not {value}",
                            key=repr(key), value=repr(value)))
    if not low <= value <= high:
        raise RuleError(say("the header's {key} must be from {low} to {high}, not {value}",
                            key=repr(key), low=low, high=high, value=value))
    return value


@dataclass(frozen=True, slots=True)
class MastermindHeader:
    """The first line of a Mastermind record: who plays, and the board."""

    players: tuple[str, str]
    pegs: int = 4
    rows: int = 10
    blanks: bool = False
    games: int = 2
    version: int = 1

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MastermindHeader:
        if not isinstance(d, Mapping):
            raise RuleError(say("the header must be a JSON object"))
        game = d.get("game", "mastermind")
        if game != "mastermind":
            raise RuleError(say("this is a record of {game}, not of Mastermind", game=repr(game)))
        version = d.get("version", 1)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise RuleError(say("the header's version must be a whole number, not {value}",
                                value=repr(version)))
        if version > 1:
            raise RuleError(say("this record is version {version}, written by a newer coda-pi; "
                                "this one reads version 1", version=version))
        if "players" not in d:
            raise RuleError(say("the header must name the two players"))
        players = d["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RuleError(say("the header's players must be a list of names"))
        if len(players) != 2:
            raise RuleError(say("Mastermind is for exactly 2 players, not {count}",
                                count=len(players)))
        if not all(p.strip() for p in players):
            raise RuleError(say("every player needs a name"))
        blanks = d.get("blanks", False)
        if not isinstance(blanks, bool):
            raise RuleError(say("the header's 'blanks' must be true or false, not {value}",
                                value=repr(blanks)))
        return cls(
            players=(players[0], players[1]),
            pegs=_int_field(d, "pegs", 4, 1, MAX_PEGS),
            rows=_int_field(d, "rows", 10, 1, MAX_ROWS),
            blanks=blanks,
            games=_int_field(d, "games", 2, 1, 1000),
            version=version,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "mastermind",
            "version": self.version,
            "players": list(self.players),
            "pegs": self.pegs,
            "rows": self.rows,
            "blanks": self.blanks,
            "games": self.games,
        }


@dataclass(frozen=True, slots=True)
class Row:
    """One row on the board: the breaker's guess and the true key pegs for it."""

    guess: str
    feedback: Feedback
    #: the keys the maker placed, when they differ from the truth (the row voided the game)
    claimed: Feedback | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """An ended or voided game, as the replay's ``games`` list shows it."""

    maker: int
    rows: int
    broken: bool
    void: bool
    points: tuple[int, int]

    @property
    def breaker(self) -> int:
        return 1 - self.maker

    def to_dict(self) -> dict[str, Any]:
        return {
            "maker": self.maker,
            "rows": self.rows,
            "broken": self.broken,
            "void": self.void,
            "points": list(self.points),
        }


class MastermindMatch:
    """The referee of a Mastermind match: feed it the record's events with :meth:`apply`.

    Between games no code is set and :attr:`maker` is the seat that must set the next one
    (``None`` before the first game, when either seat may). State is plain data, so
    :meth:`copy` (or ``copy.deepcopy``) is a complete snapshot (the record's ``undo``
    restores one).
    """

    def __init__(self, header: MastermindHeader) -> None:
        self.header = header
        self.results: list[GameResult] = []
        self.rows: list[Row] = []
        self.code: str | None = None
        self._maker: int | None = None

    def copy(self) -> MastermindMatch:
        """An independent snapshot: rows and results are frozen, so the lists are copied
        and their items shared."""
        new = MastermindMatch.__new__(MastermindMatch)
        new.header = self.header
        new.results = self.results.copy()
        new.rows = self.rows.copy()
        new.code = self.code
        new._maker = self._maker
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> MastermindMatch:
        return self.copy()

    # -- what a screen needs -------------------------------------------------------------

    @property
    def players(self) -> tuple[str, str]:
        return self.header.players

    @property
    def maker(self) -> int | None:
        """The codemaker of the running game, or of the next one (None: either seat may)."""
        return self._maker

    @property
    def breaker(self) -> int | None:
        return None if self._maker is None else 1 - self._maker

    @property
    def code_set(self) -> bool:
        """True while a game runs: the maker's code is behind the shield."""
        return self.code is not None

    @property
    def games_done(self) -> int:
        """Games ended so far; void games do not count."""
        return sum(1 for r in self.results if not r.void)

    @property
    def game_number(self) -> int:
        """The 1-based number of the running (or next) game; a replayed void keeps its number."""
        return min(self.games_done + 1, self.header.games)

    @property
    def finished(self) -> bool:
        return self.games_done >= self.header.games

    @property
    def rows_left(self) -> int:
        return self.header.rows - len(self.rows)

    @property
    def totals(self) -> tuple[int, int]:
        """Points per seat, the running game's rows included (the maker's so far)."""
        totals = [0, 0]
        for result in self.results:
            totals[0] += result.points[0]
            totals[1] += result.points[1]
        if self.code is not None and self._maker is not None:
            totals[self._maker] += len(self.rows)
        return totals[0], totals[1]

    @property
    def expected(self) -> str | None:
        """The event the match waits for: ``"code"``, ``"guess"``, or None when finished."""
        if self.finished:
            return None
        return "guess" if self.code is not None else "code"

    def summary(self) -> dict[str, Any]:
        """The replay object of the record spec, without its ``error``."""
        return {
            "game": "mastermind",
            "players": list(self.header.players),
            "totals": list(self.totals),
            "games": [r.to_dict() for r in self.results],
            "finished": self.finished,
        }

    # -- events --------------------------------------------------------------------------

    def apply(self, event: MastermindEvent | Mapping[str, Any]) -> None:
        """Apply one event, typed (``rules/mastermind_events.py``) or as its record line;
        a RuleError leaves the match exactly as it was."""
        if not isinstance(event, SetCode | PlaceRow):
            event = self.read(event)
        elif self.finished:
            raise RuleError(say("the match is over: every game has been played"))
        if isinstance(event, SetCode):
            self._check_code_line(event.maker)
            self._set_code(event)
        else:
            self._check_guess_line()
            self._place_row(event)

    def read(self, line: object) -> MastermindEvent:
        """A record line as this match's next event; a RuleError names the first problem a
        reader meets: what the line is, whether the match expects it, then its fields."""
        kind = event_kind(line)
        assert isinstance(line, Mapping)
        if self.finished:
            raise RuleError(say("the match is over: every game has been played"))
        if kind == "code":
            self._check_code_line(parse_maker(line))
        else:
            self._check_guess_line()
        return parse_event(line, self.header.pegs, self.header.blanks)

    def _check_code_line(self, seat: int) -> None:
        names = self.header.players
        if self.code is not None:
            raise RuleError(say("{maker}'s code is already set: {breaker} guesses next",
                                maker=names[self._maker or 0],
                                breaker=names[1 - (self._maker or 0)]))
        if self._maker is not None and seat != self._maker:
            if self._after_void():
                raise RuleError(say("{name} makes the code again after the void game",
                                    name=names[self._maker]))
            raise RuleError(say("it is {name}'s turn to make the code: players switch roles "
                                "after each game", name=names[self._maker]))

    def _check_guess_line(self) -> None:
        if self.code is None or self._maker is None:
            who = (
                say("the codemaker") if self._maker is None
                else self.header.players[self._maker]
            )
            raise RuleError(say("no code is set yet: {who} sets one before the first guess",
                                who=who))

    def _set_code(self, event: SetCode) -> None:
        if isinstance(event.maker, bool) or event.maker not in (0, 1):
            raise RuleError(say("a code needs its maker: seat 0 or 1"))
        self._maker = event.maker
        self.code = check_code(event.code, self.header.pegs, self.header.blanks)
        self.rows = []

    def _after_void(self) -> bool:
        return bool(self.results) and self.results[-1].void

    def _place_row(self, event: PlaceRow) -> None:
        assert self.code is not None and self._maker is not None
        pegs = self.header.pegs
        guess = check_code(event.code, pegs, self.header.blanks, what="guess")
        truth = feedback(self.code, guess)
        claimed = truth if event.keys is None else keys_placed(event.keys.to_dict(), pegs)
        maker = self._maker
        if claimed != truth:
            self.rows.append(Row(guess, truth, claimed))
            points = [0, 0]
            points[1 - maker] = VOID_POINTS
            self._end_game(GameResult(maker, len(self.rows), False, True, (points[0], points[1])))
            return  # the same maker sets a new code
        self.rows.append(Row(guess, truth))
        broken = truth.black == pegs
        if broken or len(self.rows) == self.header.rows:
            earned = len(self.rows) if broken else self.header.rows + 1
            points = [0, 0]
            points[maker] = earned
            self._end_game(GameResult(maker, len(self.rows), broken, False, (points[0], points[1])))
            self._maker = 1 - maker

    def _end_game(self, result: GameResult) -> None:
        self.results.append(result)
        self.code = None

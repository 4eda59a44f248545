"""The Coda game: a state that takes the record's events one at a time.

``CodaGame.apply`` either applies an event or raises a RuleError naming the rule broken, and
then the state is exactly as it was. ``undo`` is not the engine's business: the journal
(coda_pi/record.py) keeps snapshots, so every face of the product undoes the same way.

Snapshots are cheap because the state shares structure: rows are tuples of frozen slots, the
unseen panels a frozenset, each round's points frozen, and what an event changes is
replaced, never mutated in place (``out``, ``dealt`` and ``pool_count`` too, though a list
and a dict: read them, never assign into them). ``copy`` is then a new object holding the
same references: it costs the same in the first round and the hundredth, and a journal of
snapshots grows by a couple of hundred bytes an event, not by a whole game.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from coda_pi.rules.coda_events import (
    Bonus,
    CodaEvent,
    Deal,
    Draw,
    Guess,
    Place,
    Reveal,
    RoundStart,
    Stop,
    Timeout,
    Undo,
)
from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import say
from coda_pi.rules.tiles import Color, Tile, check_order, colour_word, full_set

BONUS_MODES = ("hidden", "all")
CORRECT_POINTS = 1
EXPOSURE_POINTS = 3
WIN_POINTS = 5


@dataclass(frozen=True, slots=True)
class CodaSettings:
    """The record's header: who plays and by which rules."""

    players: tuple[str, ...]
    dashes: bool = False
    rounds: int = 1
    hand: int = 4
    bonus: str = "hidden"

    @classmethod
    def from_dict(cls, header: Mapping[str, Any]) -> CodaSettings:
        if header.get("game") != "coda":
            raise RuleError(say("this is not a Coda record (game is {game})",
                                game=repr(header.get("game"))))
        version = header.get("version", 1)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise RuleError(say("'version' must be a whole number, not {value}",
                                value=repr(version)))
        if version > 1:
            raise RuleError(say("this record is from a newer coda-pi (record version {version})",
                                version=version))
        players = header.get("players")
        if (
            not isinstance(players, list)
            or not all(isinstance(p, str) and p.strip() for p in players)
            or not 2 <= len(players) <= 4
        ):
            raise RuleError(say("'players' must list 2 to 4 names"))
        if len(set(players)) != len(players):
            raise RuleError(say("two players have the same name"))
        dashes = header.get("dashes", False)
        if not isinstance(dashes, bool):
            raise RuleError(say("'dashes' must be true or false, not {value}", value=repr(dashes)))
        rounds = header.get("rounds", 1)
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
            raise RuleError(say("'rounds' must be a whole number of at least 1, not {value}",
                                value=repr(rounds)))
        hand = header.get("hand", 3 if len(players) == 4 else 4)
        box = len(full_set(dashes=dashes))
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise RuleError(say("'hand' must be a whole number of at least 1, not {value}",
                                value=repr(hand)))
        if hand * len(players) > box:
            raise RuleError(say("{seats} hands of {hand} need more than the {box} {panels}",
                                seats=len(players), hand=hand, box=box))
        bonus = header.get("bonus", "hidden")
        if bonus not in BONUS_MODES:
            raise RuleError(say("'bonus' must be \"hidden\" or \"all\", not {value}",
                                value=repr(bonus)))
        return cls(tuple(players), dashes, rounds, hand, bonus)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "coda", "version": 1, "players": list(self.players), "dashes": self.dashes,
            "rounds": self.rounds, "hand": self.hand, "bonus": self.bonus,
        }


class Phase(Enum):
    """What the game waits for next."""

    ROUND = "round"  # a `round` event
    DEAL = "deal"  # the seats' starting rows
    DRAW = "draw"  # the current player's draw
    ATTACK = "attack"  # a guess (or a timeout)
    CONTINUE = "continue"  # after a correct guess: guess again, or stop
    PENALTY = "penalty"  # after a miss: place the drawn panel, or reveal one of one's own
    BONUS = "bonus"  # table-pool play: the winner's unknown panels, for the bonus
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Slot:
    """One panel standing in a row; ``revealed`` when it was knocked down or placed face up."""

    tile: Tile
    revealed: bool = False

    def __deepcopy__(self, memo: dict[int, object]) -> Slot:
        return self  # immutable: snapshots may share it


@dataclass(frozen=True, slots=True)
class Points:
    """A seat's points in one round, by cause. Frozen: snapshots share them."""

    guesses: int = 0
    exposures: int = 0
    win: int = 0
    bonus: int = 0

    @property
    def total(self) -> int:
        return self.guesses + self.exposures + self.win + self.bonus

    def plus(self, *, guesses: int = 0, exposures: int = 0, win: int = 0,
             bonus: int = 0) -> Points:
        return Points(self.guesses + guesses, self.exposures + exposures, self.win + win,
                      self.bonus + bonus)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A round's winner and each seat's points."""

    winner: int
    points: tuple[int, ...]


@dataclass(slots=True)
class CodaGame:
    """The whole state of a Coda game or tournament."""

    settings: CodaSettings
    phase: Phase = Phase.ROUND
    round_number: int = 0  # rounds started so far
    first: int = 0
    rows: tuple[tuple[Slot, ...], ...] = ()
    out: list[bool] = field(default_factory=list)
    dealt: list[bool] = field(default_factory=list)
    # panels whose place the referee can't see
    unseen: frozenset[Tile] = field(default_factory=frozenset)
    pool_count: dict[Color, int] = field(default_factory=dict)
    turn: int | None = None
    drawn: Tile | None = None
    round_winner: int | None = None
    # Points per seat: of the rounds before the current one, and of the current one. Kept
    # apart so a point scored now rebuilds one small tuple, not one per round played.
    past_points: tuple[tuple[Points, ...], ...] = ()
    round_pts: tuple[Points, ...] = ()
    results: tuple[RoundResult, ...] = ()

    @classmethod
    def from_header(cls, header: Mapping[str, Any]) -> CodaGame:
        return cls(CodaSettings.from_dict(header))

    # -- questions --------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.settings.players)

    def name(self, seat: int) -> str:
        return self.settings.players[seat]

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def pool_size(self) -> int:
        return sum(self.pool_count.values())

    def pool_tiles(self, color: Color | None = None) -> list[Tile]:
        """The known panels that may be in the pool (device-pool play: exactly the pool)."""
        tiles = sorted(self.unseen, key=str)
        return [t for t in tiles if color is None or t.color is color]

    def hidden_slots(self, seat: int) -> list[int]:
        return [i for i, s in enumerate(self.rows[seat]) if not s.revealed]

    def players_in(self) -> list[int]:
        return [s for s in range(self.seats) if not self.out[s]]

    @property
    def points(self) -> tuple[tuple[Points, ...], ...]:
        """Per round (the current one last), per seat."""
        return (*self.past_points, self.round_pts) if self.round_number else ()

    def totals(self) -> list[int]:
        return [sum(r[s].total for r in self.points) for s in range(self.seats)]

    def round_points(self) -> tuple[Points, ...]:
        """The points of the current (or last) round."""
        return self.round_pts if self.round_number else tuple(Points() for _ in range(self.seats))

    def summary(self) -> dict[str, Any]:
        """The replay object of the spec, without ``error``."""
        return {
            "game": "coda",
            "players": list(self.settings.players),
            "totals": self.totals(),
            "rounds": [{"winner": r.winner, "points": list(r.points)} for r in self.results],
            "finished": self.finished,
            "turn": self.turn,
            "rows": [
                [{"tile": str(s.tile), "revealed": s.revealed} for s in row] for row in self.rows
            ],
        }

    def copy(self) -> CodaGame:
        """An independent copy, in constant time: every part is shared, since an event
        replaces what it changes."""
        new = _blank(type(self))
        new._take(self)
        extra = getattr(self, "__dict__", None)
        if extra:
            new.__dict__.update(self._copied_extra(extra))
        return new

    def _copied_extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        """A subclass's own fields (the referee's WitnessedGame), for a copy: the engine
        cannot know whether they are mutated in place, so they are copied whole; a subclass
        that knows may copy them more cheaply."""
        return copy.deepcopy(extra)

    def __deepcopy__(self, memo: dict[int, object]) -> CodaGame:
        return self.copy()  # as independent as a deep copy, since the shared parts are frozen

    def _take(self, other: CodaGame) -> None:
        self.settings = other.settings
        self.phase = other.phase
        self.round_number = other.round_number
        self.first = other.first
        self.rows = other.rows
        self.out = other.out
        self.dealt = other.dealt
        self.unseen = other.unseen
        self.pool_count = other.pool_count
        self.turn = other.turn
        self.drawn = other.drawn
        self.round_winner = other.round_winner
        self.past_points = other.past_points
        self.round_pts = other.round_pts
        self.results = other.results

    # -- applying events ----------------------------------------------------------------

    def apply(self, event: CodaEvent) -> None:
        """Applies one event, or raises RuleError and leaves the state untouched."""
        if isinstance(event, Undo):
            raise RuleError(say("undo is applied by the journal, not by the game"))
        if self.phase is Phase.FINISHED:
            raise RuleError(say("the game is over"))
        before = self.copy()
        try:
            self._apply(event)
        except BaseException:
            # Put back what a refused event may have changed, so it leaves no trace.
            self._take(before)
            raise

    def applied(self, event: CodaEvent) -> CodaGame:
        """The state after ``event``, this one untouched (RuleError when it is refused)."""
        trial = self.copy()
        trial.apply(event)
        return trial

    def _apply(self, event: CodaEvent) -> None:
        match event:
            case RoundStart():
                self._round(event)
            case Deal():
                self._deal(event)
            case Draw():
                self._draw(event)
            case Guess():
                self._guess(event)
            case Stop():
                self._stop(event)
            case Place():
                self._place(event)
            case Reveal():
                self._reveal(event)
            case Timeout():
                self._timeout(event)
            case Bonus():
                self._bonus(event)
            case _:
                raise RuleError(say("not a Coda event: {event}", event=repr(event)))

    def _seat(self, seat: int, what: str | None = None) -> None:
        if not 0 <= seat < self.seats:
            raise RuleError(say("there is no {what} {seat} at this table of {seats}",
                                what=what or say("seat"), seat=seat, seats=self.seats))

    def _expect_turn(self, seat: int) -> None:
        self._seat(seat)
        if self.phase is Phase.ROUND:
            raise RuleError(say("start a round first"))
        if self.phase is Phase.DEAL:
            raise RuleError(say("deal every player's {panels} first"))
        if self.phase is Phase.BONUS:
            raise RuleError(say("the round is over: enter the winner's standing {panels}"))
        if seat != self.turn:
            assert self.turn is not None
            raise RuleError(say("it is {name}'s turn", name=self.name(self.turn)))

    def _round(self, event: RoundStart) -> None:
        if self.phase is not Phase.ROUND:
            raise RuleError(say("the round is still being played"))
        first = event.first
        if self.round_number == 0:
            first = 0 if first is None else first
            self._seat(first)
        else:
            winner = self.results[-1].winner
            if first is not None and first != winner:
                raise RuleError(say("the winner of the last round, {name}, starts",
                                    name=self.name(winner)))
            first = winner
        n = self.seats
        self.past_points = self.points  # before round_number moves on: the rounds so far
        self.round_number += 1
        self.first = first
        self.rows = ((),) * n
        self.out = [False] * n
        self.dealt = [False] * n
        self.unseen = full_set(dashes=self.settings.dashes)
        self.pool_count = {c: sum(1 for t in self.unseen if t.color is c) for c in Color}
        self.turn = None
        self.drawn = None
        self.round_winner = None
        self.round_pts = (Points(),) * n
        self.phase = Phase.DEAL

    def _set_row(self, seat: int, row: tuple[Slot, ...]) -> tuple[Slot, ...]:
        rows = self.rows
        self.rows = (*rows[:seat], row, *rows[seat + 1:])
        return row

    def _set_slot(self, seat: int, index: int, slot: Slot) -> tuple[Slot, ...]:
        row = self.rows[seat]
        return self._set_row(seat, (*row[:index], slot, *row[index + 1:]))

    def _score(self, seat: int, **points: int) -> None:
        pts = self.round_pts
        self.round_pts = (*pts[:seat], pts[seat].plus(**points), *pts[seat + 1:])

    def _take_from_pool(self, tile: Tile) -> None:
        if self.pool_count[tile.color] == 0:
            raise RuleError(say("there is no {color} {panel} left in the pool",
                                color=colour_word(tile.color)))
        if tile.known:
            if tile not in self.unseen:
                raise RuleError(say("{tile} is not in the pool", tile=tile))
            self.unseen = self.unseen - {tile}
        self.pool_count = {**self.pool_count, tile.color: self.pool_count[tile.color] - 1}

    def _deal(self, event: Deal) -> None:
        if self.phase is Phase.ROUND:
            raise RuleError(say("start a round first"))
        if self.phase is not Phase.DEAL:
            raise RuleError(say("the {panels} have been dealt already"))
        self._seat(event.seat)
        if self.dealt[event.seat]:
            raise RuleError(say("{name} has been dealt already", name=self.name(event.seat)))
        if len(event.row) != self.settings.hand:
            raise RuleError(say("a starting row has {hand} {panels}, not {count}",
                                hand=self.settings.hand, count=len(event.row)))
        if self.settings.dashes is False and any(t.dash for t in event.row):
            raise RuleError(say("there are no dashes in this game"))
        for tile in event.row:
            self._take_from_pool(tile)
        check_order(event.row)
        self._set_row(event.seat, tuple(Slot(t) for t in event.row))
        self.dealt = _with(self.dealt, event.seat, True)
        if all(self.dealt):
            self._start_turn(self.first)

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.drawn = None
        self.phase = Phase.DRAW if self.pool_size else Phase.ATTACK

    def _draw(self, event: Draw) -> None:
        self._expect_turn(event.seat)
        if self.phase is not Phase.DRAW:
            if self.pool_size == 0:
                raise RuleError(say("the pool is empty: attack without drawing"))
            raise RuleError(say("a {panel} is drawn only at the start of a turn"))
        if event.tile.dash and not self.settings.dashes:
            raise RuleError(say("there are no dashes in this game"))
        self._take_from_pool(event.tile)
        self.drawn = event.tile
        self.phase = Phase.ATTACK

    def _may_attack(self, seat: int) -> None:
        self._expect_turn(seat)
        if self.phase is Phase.DRAW:
            raise RuleError(say("draw a {panel} before you attack"))
        if self.phase is Phase.PENALTY:
            raise RuleError(self._penalty_hint())

    def _penalty_hint(self) -> str:
        if self.drawn is not None:
            return say("the turn is over: place the drawn {panel} face up")
        return say("the turn is over: knock down one of your own {panels}")

    def _guess(self, event: Guess) -> None:
        self._may_attack(event.seat)
        self._seat(event.target, say("target seat"))
        if event.target == event.seat:
            raise RuleError(say("attack another player's row, not your own"))
        if self.out[event.target]:
            raise RuleError(say("{name} is out", name=self.name(event.target)))
        row = self.rows[event.target]
        if not 0 <= event.slot < len(row):
            raise RuleError(say("{name} has no {panel} at slot {slot}",
                                name=self.name(event.target), slot=event.slot))
        slot = row[event.slot]
        if slot.revealed:
            raise RuleError(say("{name}'s {panel} at slot {slot} is down already",
                                name=self.name(event.target), slot=event.slot))
        if event.value == "-" and not self.settings.dashes:
            raise RuleError(say("there are no dashes in this game"))
        tile = slot.tile
        if tile.known:
            right = tile.value == event.value
            if event.correct is not None and event.correct != right:
                said = say("right") if event.correct else say("wrong")
                truth = say("right") if right else say("wrong")
                raise RuleError(say("{name} answered {said}, but the guess was {truth}",
                                    name=self.name(event.target), said=said, truth=truth))
        else:
            if event.correct is None:
                raise RuleError(
                    say("the referee cannot see that {panel}: the guess needs 'correct'"))
            right = event.correct
            if right:
                tile = self._learn(tile, event.value, row, event.slot)
        if not right:
            self.phase = Phase.PENALTY
            return
        self._set_slot(event.target, event.slot, Slot(tile, revealed=True))
        self._score(event.seat, guesses=CORRECT_POINTS)
        self.phase = Phase.CONTINUE
        if not self.hidden_slots(event.target):
            self.out = _with(self.out, event.target, True)
            self._score(event.seat, exposures=EXPOSURE_POINTS)
            self._maybe_end_round()

    def _learn(self, unknown: Tile, value: str, row: Sequence[Slot], index: int) -> Tile:
        """An unknown panel of a row becomes known: it must be unseen and fit the row."""
        tile = Tile.parse(unknown.color.value + value)
        if tile.dash and not self.settings.dashes:
            raise RuleError(say("there are no dashes in this game"))
        if unknown.known and tile != unknown:
            raise RuleError(say("that {panel} is not {tile}", tile=tile))
        if tile not in self.unseen:
            raise RuleError(say("{tile} cannot be there: it has been seen elsewhere", tile=tile))
        check_order([*(s.tile for s in row[:index]), tile, *(s.tile for s in row[index + 1:])])
        self.unseen = self.unseen - {tile}
        return tile

    def _timeout(self, event: Timeout) -> None:
        self._may_attack(event.seat)
        self.phase = Phase.PENALTY

    def _insert_drawn(
        self, seat: int, slot: int | None, tile: Tile | None, *, revealed: bool
    ) -> None:
        drawn = self.drawn
        assert drawn is not None
        if slot is None:
            raise RuleError(say("say which slot the drawn {panel} goes to"))
        row = self.rows[seat]
        if not 0 <= slot <= len(row):
            raise RuleError(say("the drawn {panel} goes to a slot from 0 to {last}, not {slot}",
                                last=len(row), slot=slot))
        if tile is not None and tile.color is not drawn.color:
            raise RuleError(say("the drawn {panel} is {color}, not {other}",
                                color=colour_word(drawn.color), other=colour_word(tile.color)))
        if drawn.known:
            if tile is not None and tile != drawn:
                raise RuleError(say("the drawn {panel} is not {tile}", tile=tile))
        elif revealed:
            if tile is None or not tile.known:
                raise RuleError(say("the referee has not seen the drawn {panel}: say which it is"))
            drawn = self._learn(drawn, tile.value, [*row[:slot], Slot(drawn), *row[slot:]], slot)
        tiles = [s.tile for s in row]
        check_order([*tiles[:slot], drawn, *tiles[slot:]])
        self._set_row(seat, (*row[:slot], Slot(drawn, revealed=revealed), *row[slot:]))
        self.drawn = None

    def _stop(self, event: Stop) -> None:
        self._expect_turn(event.seat)
        if self.phase is not Phase.CONTINUE:
            if self.phase is Phase.PENALTY:
                raise RuleError(self._penalty_hint())
            raise RuleError(say("you may stop only after a correct guess"))
        if self.drawn is None:
            if event.slot is not None:
                raise RuleError(say("no {panel} was drawn this turn, so there is nothing to place"))
        else:
            self._insert_drawn(event.seat, event.slot, None, revealed=False)
        self._next_turn()

    def _place(self, event: Place) -> None:
        self._expect_turn(event.seat)
        if self.phase is not Phase.PENALTY:
            raise RuleError(say("a drawn {panel} is placed face up only after a miss"))
        if self.drawn is None:
            raise RuleError(
                say("no {panel} was drawn: knock down one of your own {panels} instead"))
        self._insert_drawn(event.seat, event.slot, event.tile, revealed=True)
        self._next_turn()

    def _reveal(self, event: Reveal) -> None:
        self._expect_turn(event.seat)
        if self.phase is not Phase.PENALTY:
            raise RuleError(say("you knock down your own {panel} only after a miss"))
        if self.drawn is not None:
            raise RuleError(say("a {panel} was drawn: place it face up instead"))
        row = self.rows[event.seat]
        if not 0 <= event.slot < len(row):
            raise RuleError(say("you have no {panel} at slot {slot}", slot=event.slot))
        slot = row[event.slot]
        if slot.revealed:
            raise RuleError(say("your {panel} at slot {slot} is down already", slot=event.slot))
        tile = slot.tile
        if tile.known:
            if event.tile is not None and event.tile != tile:
                raise RuleError(say("that {panel} is not {tile}", tile=event.tile))
        else:
            if event.tile is None or not event.tile.known:
                raise RuleError(say("the referee has not seen that {panel}: say which it is"))
            if event.tile.color is not tile.color:
                raise RuleError(say("that {panel} is {color}, not {other}",
                                    color=colour_word(tile.color),
                                    other=colour_word(event.tile.color)))
            tile = self._learn(tile, event.tile.value, row, event.slot)
        self._set_slot(event.seat, event.slot, Slot(tile, revealed=True))
        if not self.hidden_slots(event.seat):
            # knocked out by one's own hand: nobody earns the 3
            self.out = _with(self.out, event.seat, True)
            if self._maybe_end_round():
                return
        self._next_turn()

    def _next_turn(self) -> None:
        assert self.turn is not None
        seat = self.turn
        for step in range(1, self.seats + 1):
            nxt = (seat + step) % self.seats
            if not self.out[nxt]:
                self._start_turn(nxt)
                return
        raise AssertionError("no player is left in")  # a round ends before this can happen

    def _maybe_end_round(self) -> bool:
        left = self.players_in()
        if len(left) != 1:
            return False
        self.round_winner = left[0]
        self.turn = None
        # The round is won now, whatever the winner's unseen panels turn out to be: the 5
        # points count at once, the bonus when the panels are known.
        self._score(left[0], win=WIN_POINTS)
        if self._unknown_bonus_panels():
            self.phase = Phase.BONUS
        else:
            self._finish_round()
        return True

    def _winner_panels(self) -> list[Tile]:
        """The winner's panels that count for the bonus: standing (or all), and the drawn one."""
        winner = self.round_winner
        assert winner is not None
        every = self.settings.bonus == "all"
        tiles = [s.tile for s in self.rows[winner] if every or not s.revealed]
        if self.drawn is not None:
            tiles.append(self.drawn)
        return tiles

    def _unknown_bonus_panels(self) -> list[int]:
        return [i for i, t in enumerate(self._winner_panels()) if not t.known]

    def _bonus(self, event: Bonus) -> None:
        if self.phase is not Phase.BONUS:
            raise RuleError(say("the bonus {panels} are entered only when a round is won"))
        winner = self.round_winner
        assert winner is not None
        if event.seat != winner:
            raise RuleError(say("the round's winner is {name}", name=self.name(winner)))
        unknown = self._unknown_bonus_panels()
        if len(event.tiles) != len(unknown):
            raise RuleError(say("{name} has {count} unseen {panels} standing",
                                name=self.name(winner), count=len(unknown)))
        row = self.rows[winner]
        hidden = [i for i, s in enumerate(row) if not s.tile.known]
        for tile, index in zip(event.tiles, hidden, strict=False):
            if tile.color is not row[index].tile.color:
                raise RuleError(say("the {panel} at slot {slot} is {color}, not {other}",
                                    slot=index,
                                    color=colour_word(row[index].tile.color),
                                    other=colour_word(tile.color)))
            known = self._learn(row[index].tile, tile.value, row, index)
            row = self._set_slot(winner, index, Slot(known, row[index].revealed))
        if self.drawn is not None and not self.drawn.known:
            tile = event.tiles[-1]
            if tile.color is not self.drawn.color:
                raise RuleError(say("the drawn {panel} is {color}",
                                    color=colour_word(self.drawn.color)))
            if tile not in self.unseen:
                raise RuleError(say("{tile} cannot be there: it has been seen elsewhere",
                                    tile=tile))
            self.unseen = self.unseen - {tile}
            self.drawn = tile
        self._finish_round()

    def _finish_round(self) -> None:
        winner = self.round_winner
        assert winner is not None
        self._score(winner, bonus=sum(t.face for t in self._winner_panels()))
        points = self.round_pts
        self.results = (*self.results, RoundResult(winner, tuple(p.total for p in points)))
        self.phase = Phase.FINISHED if self.round_number >= self.settings.rounds else Phase.ROUND


def _blank(cls: type[CodaGame]) -> CodaGame:
    return cls.__new__(cls)


def _with(flags: list[bool], index: int, value: bool) -> list[bool]:
    """A new list: the old one may be shared with snapshots."""
    new = flags.copy()
    new[index] = value
    return new


def row_tiles(row: Sequence[Slot]) -> list[Tile]:
    return [s.tile for s in row]

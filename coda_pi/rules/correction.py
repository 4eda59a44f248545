"""A panel the device had wrong: rewinding to its entry, correcting it, and playing on.

In entered-pool play a player tells the device privately which panels they drew; a slip
found later (a knocked-down panel shows another number than the device had, or a player
sees that their own entry was wrong) must not cost the game. The record keeps what happened
and stays the spec's record:

1. ``undo`` lines take back every event since the entry that holds the panel (the ``deal``
   of its starting row, or its ``draw``);
2. that event is written again with the real panel, and a ``fix`` key the spec does not
   name (replay ignores it) saying what it said before: ``{"slot": 2, "was": "L5"}``;
3. the later events are written again in order and judged anew. They stand as long as the
   judgement is the same; the first guess whose judgement changes (a "right" guess of the
   number the device had is really wrong, or a "wrong" guess of the real number is really
   right) is written judged anew, and the events after it are taken back for good: the game
   goes on from that guess, and the table stands the panels as the device then says.
   An event the corrected game refuses (a drawn panel placed where the real number does not
   fit) ends the re-played part the same way, before it.

The earlier lines stay in the record above the ``undo`` lines, so a reader sees the game as
it was played, the correction, and the game as it goes on. Pure: lines in, lines out.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import (
    Deal,
    Draw,
    Guess,
    Place,
    Reveal,
    RoundStart,
    Stop,
    parse_event,
)
from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import Sentence, say
from coda_pi.rules.tiles import Tile

Line = dict[str, Any]
FIX_KEY = "fix"


@dataclass(frozen=True, slots=True)
class PanelFix:
    """The real panel standing at ``slot`` of ``seat``'s row (``slot`` None: the panel the
    seat drew and has not placed yet)."""

    seat: int
    slot: int | None
    tile: Tile


@dataclass
class Correction:
    """What a correction writes and what it changes."""

    lines: list[Line]  # to append to the record, in order
    index: int  # the corrected event's place among the events in force
    was: Tile
    kept: int  # later events that stand, judged anew
    dropped: list[Line] = field(default_factory=list)  # later events taken back for good
    flipped: Line | None = None  # the guess judged otherwise now (it stands, judged anew)
    now_right: bool | None = None  # that guess's new judgement
    refused: str | None = None  # why the corrected game refused the first dropped event
    game: CodaGame | None = None  # the game after the lines

    def describe(self, players: Sequence[str], *, label: Callable[[str], str] = str,
                 panel: str = "panel") -> Sentence:
        """What the device says it changes, in a sentence or two (``label``: a value as the
        table reads it; ``panel``: "panel" or "card")."""
        parts: list[Sentence] = []
        if self.flipped is not None:
            seat, target = self.flipped["seat"], self.flipped["target"]
            slot, value = self.flipped["slot"], self.flipped["value"]
            words = {"name": players[seat], "target": players[target], "number": slot + 1,
                     "value": label(str(value)), "panel": say(panel)}
            if self.now_right:
                parts.append(say("{name}'s guess \"{target}'s {panel} {number} is {value}\" is "
                                 "right after all: {target}, knock it down", **words))
            else:
                parts.append(say("{name}'s guess \"{target}'s {panel} {number} is {value}\" is "
                                 "wrong after all: {target}, stand it up again", **words))
        elif self.refused is not None:
            parts.append(say("An action no longer fits ({why})", why=self.refused))
        if self.dropped:
            if len(self.dropped) == 1:
                parts.append(say("1 later action taken back: play goes on from there"))
            else:
                parts.append(say("{count} later actions taken back: play goes on from there",
                                 count=len(self.dropped)))
        elif not parts:
            parts.append(say("Nothing else changes"))
        if len(parts) == 1:
            return parts[0]
        return say("{first}. {then}", first=parts[0], then=parts[1])


def replay_events(header: Mapping[str, Any], events: Sequence[Line]) -> CodaGame:
    game = CodaGame.from_header(header)
    for line in events:
        game.apply(parse_event(line))
    return game


def origin_of(header: Mapping[str, Any], events: Sequence[Line], seat: int,
              slot: int | None) -> tuple[int, int | None]:
    """Which event put the panel at ``slot`` of ``seat``'s row (in the current round): its
    index among ``events``, and the panel's place in that event's row (None for a draw)."""
    game = CodaGame.from_header(header)
    origins: list[list[tuple[int, int | None]]] = []
    in_hand: tuple[int, int | None] | None = None
    for index, line in enumerate(events):
        event = parse_event(line)
        game.apply(event)
        match event:
            case RoundStart():
                origins = [[] for _ in range(game.seats)]
                in_hand = None
            case Deal(seat=who, row=row):
                origins[who] = [(index, k) for k in range(len(row))]
            case Draw():
                in_hand = (index, None)
            case Stop(seat=who, slot=at) | Place(seat=who, slot=at) if at is not None:
                assert in_hand is not None
                origins[who].insert(at, in_hand)
                in_hand = None
    if slot is None:
        # The holder is the player whose turn it is, or the round's winner once it ended.
        holder = game.turn if game.turn is not None else game.round_winner
        if in_hand is None or holder != seat or game.drawn is None:
            raise RuleError(say("that player holds no drawn panel"))
        return in_hand
    if not origins or not 0 <= seat < len(origins) or not 0 <= slot < len(origins[seat]):
        raise RuleError(say("there is no such panel in this round"))
    return origins[seat][slot]


def correct_panel(header: Mapping[str, Any], events: Sequence[Line], fix: PanelFix) -> Correction:
    """The lines that put ``fix.tile`` where the device had another panel, and what that
    changes. A RuleError says why the correction itself cannot stand (the real panel is in
    another row by the entries, or makes the row break the order rule)."""
    index, place = origin_of(header, events, fix.seat, fix.slot)
    game = replay_events(header, events[:index])
    original = events[index]
    event = parse_event(original)
    if isinstance(event, Deal):
        assert place is not None
        was = event.row[place]
        row = [str(t) for t in event.row]
        row[place] = str(fix.tile)
        corrected = {**original, "row": row, FIX_KEY: {"slot": place, "was": str(was)}}
    else:
        assert isinstance(event, Draw)
        was = event.tile
        corrected = {**original, "tile": str(fix.tile), FIX_KEY: {"was": str(was)}}
    if was == fix.tile:
        raise RuleError(say("the device already has {tile} there", tile=str(fix.tile)))
    try:
        game.apply(parse_event(corrected))
    except RuleError as err:
        raise RuleError(say("{tile} cannot be there: {why}", tile=str(fix.tile),
                            why=err.message)) from err
    old = replay_events(header, events[: index + 1])
    result = Correction(lines=[{"event": "undo"}] * (len(events) - index) + [corrected],
                        index=index, was=was, kept=0)
    for at in range(index + 1, len(events)):
        line = _judged_anew(game, events[at])
        trial = copy.deepcopy(game)
        try:
            trial.apply(parse_event(line))
        except RuleError as err:
            result.refused = err.message
            result.dropped = list(events[at:])
            break
        old.apply(parse_event(events[at]))
        game = trial
        result.lines.append(line)
        result.kept += 1
        if line["event"] == "guess":
            target, slot = line["target"], line["slot"]
            now_right = game.rows[target][slot].revealed
            if old.rows[target][slot].revealed != now_right:
                result.flipped = line
                result.now_right = now_right
                result.dropped = list(events[at + 1:])
                break
    result.game = game
    return result


def _judged_anew(game: CodaGame, line: Line) -> Line:
    """The line without the answers the device gave from the panels it had: a guess's
    ``correct``, a place's or reveal's ``tile``, where the game knows the panel itself."""
    event = parse_event(line)
    if isinstance(event, Guess) and "correct" in line:
        rows = game.rows
        if 0 <= event.target < len(rows) and 0 <= event.slot < len(rows[event.target]) and \
                rows[event.target][event.slot].tile.known:
            return {k: v for k, v in line.items() if k != "correct"}
    if isinstance(event, Place) and "tile" in line and game.drawn is not None and \
            game.drawn.known:
        return {k: v for k, v in line.items() if k != "tile"}
    if isinstance(event, Reveal) and "tile" in line and game.phase is Phase.PENALTY:
        row = game.rows[event.seat] if 0 <= event.seat < len(game.rows) else []
        if 0 <= event.slot < len(row) and row[event.slot].tile.known:
            return {k: v for k, v in line.items() if k != "tile"}
    return line

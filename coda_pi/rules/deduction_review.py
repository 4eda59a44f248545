"""The post-game review: sure guesses left untaken, and the boldest guesses that paid off.

Pure. ``review`` follows a game's events with a ``Witness``; at every moment a player may
guess it asks the deduction engine what that player could know (their own panels and drawn
panel included, when the record knows them). A *missed certainty* is a turn that ended (a
stop, a miss or a timeout) while some standing opponent panel had probability 1 for that
player: a point left on the table. A *risky hit* is a right guess, with the probability it
had of being right from the guesser's view; the review lists the lowest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import Guess, Stop, Timeout, parse_event
from coda_pi.rules.deduction import Analysis, analyze
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.tiles import Tile

_DECIDING = (Phase.ATTACK, Phase.CONTINUE)


@dataclass(frozen=True, slots=True)
class SureGuess:
    target: int
    slot: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class MissedCertainty:
    """A turn that ended while ``sure`` guesses were open to the player."""

    line: int | None
    round: int
    seat: int
    ended_by: str  # "stop", "miss" or "timeout"
    sure: tuple[SureGuess, ...]


@dataclass(frozen=True, slots=True)
class RiskyHit:
    line: int | None
    round: int
    seat: int
    target: int
    slot: int
    tile: Tile
    chance: Fraction


@dataclass
class Review:
    missed: list[MissedCertainty] = field(default_factory=list)
    hits: list[RiskyHit] = field(default_factory=list)  # every right guess, boldest first

    def riskiest(self, n: int = 5) -> list[RiskyHit]:
        return self.hits[:n]


def sure_guesses(witness: Witness, seat: int, analysis: Analysis) -> tuple[SureGuess, ...]:
    """The standing opponent panels whose tile ``seat`` can name for certain."""
    game = witness.game
    out = []
    for target in range(game.seats):
        if target == seat or game.out[target]:
            continue
        for slot in game.hidden_slots(target):
            tile = analysis.certain(target, slot)
            if tile is not None:
                out.append(SureGuess(target, slot, tile))
    return tuple(out)


def review(header: Mapping[str, Any], events: Iterable[tuple[int | None, Any]]) -> Review:
    """Reviews the events in force (``(line, object)`` pairs, undone ones left out)."""
    witness = Witness(CodaGame.from_header(header))
    result = Review()
    for line, obj in events:
        event = parse_event(obj)
        game = witness.game
        seat = game.turn
        analysis: Analysis | None = None
        sure: tuple[SureGuess, ...] = ()
        if seat is not None and game.phase in _DECIDING and isinstance(
                event, Guess | Stop | Timeout):
            analysis = analyze(witness.view(seat))
            if analysis.consistent:
                sure = sure_guesses(witness, seat, analysis)
        round_number = game.round_number
        target_color = None
        if isinstance(event, Guess) and 0 <= event.target < game.seats:
            row = game.rows[event.target]
            if 0 <= event.slot < len(row):
                target_color = row[event.slot].tile.color
        witness.apply(event)
        if seat is None or analysis is None or not analysis.consistent:
            continue
        if isinstance(event, Guess):
            right = witness.game.phase is not Phase.PENALTY
            if right and target_color is not None:
                tile = Tile.parse(target_color.value + event.value)
                chance = analysis.slots.get((event.target, event.slot), {}).get(tile, Fraction(0))
                result.hits.append(RiskyHit(line, round_number, seat, event.target, event.slot,
                                            tile, chance))
            elif sure:
                result.missed.append(MissedCertainty(line, round_number, seat, "miss", sure))
        elif sure:
            kind = "stop" if isinstance(event, Stop) else "timeout"
            result.missed.append(MissedCertainty(line, round_number, seat, kind, sure))
    result.hits.sort(key=lambda h: (h.chance, h.line or 0))
    return result

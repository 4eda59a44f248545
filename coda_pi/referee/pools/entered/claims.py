"""What each seat told the device, apart from what the table has seen (issue 31).

In entered-pool play a seat's entry is its claim about its own hidden panels. The device
must answer no question about another seat's panels (design principle 4), so a claim is
never checked against another seat's claims while both panels stand hidden: two rows may
claim the same panel. A disagreement is taken up when the panel in question becomes public.

So the record keeps two things apart, to the spec's letter:

- what is public: the spec's lines with every entered panel written by its colour alone
  (``D?``, ``L?``, as in table-pool play), each guess with its ``correct``, each panel that
  falls face up with its ``tile``, and the winner's ``bonus`` line; ``coda-pi replay``
  replays that as a table-pool record, and nothing in it depends on a claim still hidden;
- what was claimed: a key the spec does not name (replay ignores it) on the deal and the
  draw, ``"entered"``: the row or the panel as its seat entered it.

``ClaimsGame`` is the device's game: the spec's game (``public``) beside the game of the
claims, where every panel is known and two hidden claims may name one panel. The referee
plays on the claims (it judges, checks places, counts the bonus as before), and
``record_lines`` turns each of its decisions into the public lines. A guess is right when
the target's claim says so and what the table has seen allows it (``judge``): a claim the
table saw fall elsewhere cannot be right, whoever entered it first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from coda_pi.rules.coda import CodaGame, CodaSettings, Phase, Points, Slot
from coda_pi.rules.coda_events import (
    Bonus,
    CodaEvent,
    Deal,
    Draw,
    Guess,
    Place,
    Reveal,
    parse_event,
    to_dict,
)
from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import say
from coda_pi.rules.tiles import Tile

ENTERED_KEY = "entered"
Line = dict[str, Any]


def _unknown(tile: Tile) -> Tile:
    return Tile.parse(f"{tile.color.value}?")


def claimed_event(line: Mapping[str, Any]) -> CodaEvent:
    """The line's event as its seat claimed it: the ``entered`` panels in place of the
    colours (a line without them, as it is)."""
    event = parse_event(line)
    told = line.get(ENTERED_KEY)
    if isinstance(event, Deal) and isinstance(told, list):
        row = tuple(Tile.parse(t) for t in told)
        if len(row) != len(event.row) or any(
                a.color is not b.color for a, b in zip(row, event.row, strict=True)):
            raise RuleError(say("the entered row does not match the row's colours"))
        return Deal(event.seat, row)
    if isinstance(event, Draw) and isinstance(told, str):
        tile = Tile.parse(told)
        if tile.color is not event.tile.color:
            raise RuleError(say("the entered panel does not match the drawn colour"))
        return Draw(event.seat, tile)
    return event


@dataclass
class ClaimsGame(CodaGame):
    """The game of the claims, with the record's public game beside it (``public``)."""

    public: CodaGame | None = None

    @classmethod
    def from_header(cls, header: Mapping[str, Any]) -> ClaimsGame:
        game = super().from_header(header)
        assert isinstance(game, ClaimsGame)
        return game

    @property
    def seen(self) -> CodaGame:
        """The spec's game of the record: what the table has seen. It follows the "wrong"
        answers too (``FittedGame``), so the device knows, as replay does, when no
        arrangement of the unseen panels fits what the table saw (``looks.pinned_look``)."""
        if self.public is None:
            # The deduction engine, imported when a told game starts (as replay does).
            from coda_pi.rules.table_fit import FittedGame

            self.public = FittedGame(self.settings)
        return self.public

    def totals(self) -> list[int]:
        """The points the record gives so far: while a round's end waits for a look at a
        contested panel (``contested_at_round_end``), the bonus is not counted yet (the
        claims' bonus names the panel in question)."""
        return self.seen.totals() if self._look_waits() else super().totals()

    def round_points(self) -> tuple[Points, ...]:
        return self.seen.round_points() if self._look_waits() else super().round_points()

    def _look_waits(self) -> bool:
        # The spec's game waits for the bonus line only while its look is under way: the
        # device writes that line with the event that ends the round otherwise.
        return self.public is not None and self.public.phase is Phase.BONUS

    def apply_line(self, line: Mapping[str, Any]) -> None:
        """One record line: the spec's game must take it as written, and the claims game
        the event as claimed; a RuleError leaves both as they were."""
        public = self.seen.copy()
        public.apply(parse_event(line))
        if not isinstance(line, Mapping) or line.get("event") != "bonus":
            # The bonus names the winner's claims, which the claims game counted already.
            self.apply(claimed_event(line))
        self.public = public

    def _copied_extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        # The public game is replaced, never changed in place: sharing it is a copy.
        return dict(extra)

    def _deal(self, event: Deal) -> None:
        self._unseen_by_the_table(event.row)
        super()._deal(event)

    def _draw(self, event: Draw) -> None:
        self._unseen_by_the_table((event.tile,))
        seat = event.seat
        if event.tile.known and 0 <= seat < len(self.rows) and any(
                s.tile == event.tile for s in self.rows[seat]):
            raise RuleError(say("{tile} is in that row already", tile=event.tile))
        super()._draw(event)

    def _unseen_by_the_table(self, tiles: Sequence[Tile]) -> None:
        shown = {s.tile for row in self.rows for s in row if s.revealed}
        for tile in tiles:
            if tile.known and tile in shown:
                raise RuleError(say("{tile} has fallen already", tile=tile))

    def _take_from_pool(self, tile: Tile) -> None:
        if tile.known and tile not in self.unseen:
            # Another row claims it too: nobody may be told so while both stand hidden.
            super()._take_from_pool(_unknown(tile))
            return
        super()._take_from_pool(tile)

    def _guess(self, event: Guess) -> None:
        rows = self.rows
        if (event.correct is not None and 0 <= event.target < len(rows)
                and 0 <= event.slot < len(rows[event.target])):
            claim = rows[event.target][event.slot].tile
            if claim.known and (claim.value == event.value) != event.correct:
                if event.correct:
                    raise RuleError(say("the entry does not say {value} there",
                                        value=event.value))
                if judge(self, replace(event, correct=None)):
                    raise RuleError(say("the entry says {value} there", value=event.value))
                # The claim says right, the table's sight says no (``judge``): wrong.
                other = next(v for v in ("0", "1") if v != claim.value)
                super()._guess(replace(event, value=other, correct=None))
                return
        super()._guess(event)


def judge(game: ClaimsGame, guess: Guess) -> bool:
    """Whether ``guess`` is right: the target's claim names its value, and the table's
    sight allows the panel to be that (not fallen elsewhere, in order with the target's
    fallen panels). Nothing else: not another seat's claims."""
    claim = game.rows[guess.target][guess.slot].tile
    if not claim.known or claim.value != guess.value:
        return False
    try:
        game.seen.applied(replace(guess, correct=True))
    except RuleError:
        return False
    return True


def record_lines(game: ClaimsGame, event: CodaEvent) -> list[Line]:
    """The public lines for an event the referee decided on the claims: the claims kept
    under ``entered``, every answer the spec asks of an unseen panel written out, and
    the winner's ``bonus`` line after the event that ends a round."""
    line = _public_line(game, event)
    trial = game.copy()
    assert isinstance(trial, ClaimsGame)
    try:
        trial.apply_line(line)
    except RuleError:
        return [line]  # the referee's own check refuses it, in the same words
    lines = [line]
    bonus = bonus_left(trial)
    if bonus is not None:
        lines.append(to_dict(bonus))
    # A winner whose claim names a panel the table saw fall elsewhere: the bonus waits
    # for the winner's look at that panel (``contested_at_round_end``).
    return lines


def claim_line(event: Deal | Draw) -> Line:
    """A deal or a draw as the record keeps it: the colours, and the claim beside them."""
    if isinstance(event, Deal):
        return {**to_dict(Deal(event.seat, tuple(_unknown(t) for t in event.row))),
                ENTERED_KEY: [str(t) for t in event.row]}
    return {**to_dict(Draw(event.seat, _unknown(event.tile))), ENTERED_KEY: str(event.tile)}


def _public_line(game: ClaimsGame, event: CodaEvent) -> Line:
    match event:
        case Deal(row=row) if any(t.known for t in row):
            return claim_line(event)
        case Draw(tile=tile) if tile.known:
            return claim_line(event)
        case Guess(correct=None) if _on_board(game, event.target, event.slot):
            return to_dict(replace(event, correct=judge(game, event)))
        case Place(tile=None) if game.drawn is not None and game.drawn.known:
            return to_dict(replace(event, tile=game.drawn))
        case Reveal(seat=seat, slot=slot, tile=None) if _on_board(game, seat, slot):
            return to_dict(replace(event, tile=game.rows[seat][slot].tile))
    return to_dict(event)


def _on_board(game: CodaGame, seat: int, slot: int) -> bool:
    return 0 <= seat < len(game.rows) and 0 <= slot < len(game.rows[seat]) and \
        game.rows[seat][slot].tile.known


def bonus_left(game: ClaimsGame) -> Bonus | None:
    """The winner's bonus when the record stops right before it: the device writes it with
    the event that ends the round, as a line of its own, so a power cut between the two
    leaves a round waiting for a bonus nobody is asked for. None when no round waits, or
    when it waits for the winner's look at a contested panel (``contested_at_round_end``)."""
    seen = game.seen
    winner = seen.round_winner
    if seen.phase is not Phase.BONUS or winner is None or contested(game, winner):
        return None
    return Bonus(winner, tuple(_bonus_tiles(game)))


def _bonus_tiles(game: ClaimsGame) -> list[Tile]:
    """The winner's claims where the spec's game has an unseen panel, as its ``bonus``
    line lists them: standing panels left to right, the unplaced drawn panel last."""
    seen = game.seen
    winner = seen.round_winner
    assert winner is not None
    tiles = [claim.tile for claim, public in zip(game.rows[winner], seen.rows[winner],
                                                strict=True) if not public.tile.known]
    if seen.drawn is not None and not seen.drawn.known and game.drawn is not None:
        tiles.append(game.drawn)
    return tiles


def public_tiles(game: ClaimsGame) -> set[Tile]:
    """The panels the table has seen fall, in every row."""
    return {s.tile for row in game.seen.rows for s in row if s.revealed and s.tile.known}


def contradicted(game: ClaimsGame, seat: int) -> list[int]:
    """The slots of ``seat``'s hidden claims that the table has seen fall elsewhere: a
    disagreement taken up now that the panel is public (told to ``seat`` alone)."""
    shown = public_tiles(game)
    row: tuple[Slot, ...] = game.rows[seat] if 0 <= seat < len(game.rows) else ()
    return [i for i, s in enumerate(row) if not s.revealed and s.tile in shown]


def drawn_contradicted(game: ClaimsGame, seat: int) -> bool:
    """Whether ``seat`` holds a drawn panel, not placed yet, whose claim names a panel the
    table has seen fall elsewhere (told to ``seat`` alone while it stays unseen)."""
    seen = game.seen
    holder = seen.turn if seen.turn is not None else seen.round_winner
    drawn = game.drawn
    return holder == seat and drawn is not None and drawn in public_tiles(game)


def contested(game: ClaimsGame, seat: int) -> list[int | None]:
    """Every claim of ``seat`` that the table saw fall elsewhere: its row's slots, then
    None for its unplaced drawn panel."""
    return [*contradicted(game, seat), *([None] if drawn_contradicted(game, seat) else [])]


def contested_at_round_end(game: ClaimsGame) -> tuple[int, int | None] | None:
    """The winner's seat and its first claim that the table saw fall elsewhere (a slot, or
    None for the drawn panel it had not placed), when the round has ended by the claims
    and its bonus line waits for that panel's real number (the winner's panels are shown
    now: the disagreement is taken up in public)."""
    seen = game.seen
    winner = seen.round_winner
    if seen.phase is not Phase.BONUS or winner is None:
        return None
    slots = contested(game, winner)
    return (winner, slots[0]) if slots else None


def as_claimed(settings: CodaSettings, lines: Sequence[Any]) -> list[Any]:
    """A record of claims as a record of known panels (for the post-game review, which
    reads each seat's own panels from the deals): the claims in place of the colours, the
    bonus lines left out (the claims name those panels). A record that does not replay so
    (a lying table: two claims of one panel) is given back as it is."""
    out: list[Any] = []
    for line in lines:
        if not isinstance(line, dict) or line.get("event") == "bonus":
            continue
        told = line.get(ENTERED_KEY)
        if told is None:
            out.append(line)
            continue
        key = "row" if line.get("event") == "deal" else "tile"
        out.append({k: v for k, v in line.items() if k != ENTERED_KEY} | {key: told})
    game = CodaGame(settings)
    try:
        for line in out:
            game.apply(parse_event(line))
    except RuleError:
        return list(lines)
    return out

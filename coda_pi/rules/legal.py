"""The legal events of a game, from the game itself (OpenSpiel's ``legal_actions``).

Pure. ``legal_events(game, panels_seen=...)`` yields, in a fixed order, every event the
rules accept now, in the form the referee writes it: a guess at a panel the referee can see
is judged by the rules (``correct`` None), a guess at a panel it cannot see carries the
answer the table gave. ``panels_seen`` says where deals and draws come from: True when the
device knows every panel it hands out (it deals, or the table tells it), False when the
table draws panels it never sees (table-pool play: only colours reach the record).

Chance and choice are not told apart here: a deal or a draw is one of the events, and the
dealer (``rules/dealer.py``) is what picks one at random on the device. Yielded lazily: a
starting row of the device pool has thousands of possibilities. ``mastermind_legal``
(``rules/mastermind_game.py``) does the same for a Mastermind match, as record lines.

``seat_moves(observe(game, seat))`` gives the moves of a seat's own turn from what that
seat sees (OpenSpiel's legal actions of an information state): the simulated players of
the demo choose among them, so they never derive a move of their own.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from coda_pi.rules.coda import CodaGame, Phase, Slot
from coda_pi.rules.coda_events import (
    VALUES,
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
)
from coda_pi.rules.observe import CodaObservation
from coda_pi.rules.tiles import DASH_VALUE, Color, Tile, legal_slots, order_problem

_PLAIN_VALUES: tuple[str, ...] = tuple(v for v in VALUES if v != DASH_VALUE)


def guess_values(*, dashes: bool) -> tuple[str, ...]:
    """What a guess may name (``"0"``..``"11"``, and ``"-"`` when the dashes are in play), in
    the order the device's PREV/NEXT cycle through them."""
    return VALUES if dashes else _PLAIN_VALUES


def legal_events(game: CodaGame, *, panels_seen: bool = True) -> Iterator[CodaEvent]:
    """Every event the rules accept in ``game`` now (none once it is finished).

    :param panels_seen: True when deals and draws are of panels the device knows.
    """
    match game.phase:
        case Phase.ROUND:
            yield from _round_starts(game)
        case Phase.DEAL:
            yield from _deals(game, panels_seen)
        case Phase.DRAW:
            yield from _draws(game, panels_seen)
        case Phase.ATTACK:
            yield from _guesses(game)
            yield Timeout(_turn(game))
        case Phase.CONTINUE:
            yield from _guesses(game)
            yield Timeout(_turn(game))
            yield from _stops(game)
        case Phase.PENALTY:
            yield from _penalties(game)
        case Phase.BONUS:
            yield from _bonuses(game)
        case Phase.FINISHED:
            return


def _turn(game: CodaGame) -> int:
    assert game.turn is not None
    return game.turn


def _round_starts(game: CodaGame) -> Iterator[RoundStart]:
    if game.round_number == 0:
        yield from (RoundStart(seat) for seat in range(game.seats))
    else:
        yield RoundStart(game.results[-1].winner)


def _deals(game: CodaGame, panels_seen: bool) -> Iterator[Deal]:
    hand = game.settings.hand
    for seat in range(game.seats):
        if game.dealt[seat]:
            continue
        if not panels_seen:
            for colours in itertools.product(Color, repeat=hand):
                if all(colours.count(c) <= game.pool_count[c] for c in Color):
                    yield Deal(seat, tuple(Tile(c) for c in colours))
            continue
        # Each panel's place in the order worked out once, as one int (rank, then the pool's
        # index, which keeps two dashes apart in the pool's order; a dash ranked -1, first):
        # a seat's deals are tens of thousands of rows, and ints sort fastest. The rows come
        # in the pool's order of combinations, as they always have.
        ranked = [(-1 if t.rank is None else t.rank, i, t)
                  for i, t in enumerate(game.pool_tiles())]
        width = len(ranked)
        keys = [(rank + 1) * width + i for rank, i, _ in ranked]
        by_key: dict[int, tuple[int, int, Tile]] = dict(zip(keys, ranked, strict=True))
        tile_of_key = {key: t for key, (_, _, t) in by_key.items()}.__getitem__
        for chosen in itertools.combinations(keys, hand):
            ordered = sorted(chosen)
            if ordered[0] >= width:  # most rows: no dash, one order only
                yield Deal(seat, tuple(map(tile_of_key, ordered)))
                continue
            for row in _orders([by_key[key] for key in ordered]):
                yield Deal(seat, row)


def _orders(ordered: Sequence[tuple[int, int, Tile]]) -> Iterator[tuple[Tile, ...]]:
    """Every row of the panels ``ordered`` (``(rank, index, panel)``, sorted: the dashes
    first) in order: the numbers sorted, each dash wherever it likes."""
    numbered = [t for rank, _, t in ordered if rank >= 0]
    dashes = [t for rank, _, t in ordered if rank < 0]
    rows: list[list[Tile]] = [numbered]
    for dash in dashes:
        rows = [[*row[:i], dash, *row[i:]] for row in rows for i in range(len(row) + 1)]
    if len(set(dashes)) == len(dashes):
        # Different dashes put in at different places always make different rows.
        yield from map(tuple, rows)
        return
    seen: set[tuple[Tile, ...]] = set()
    for row in rows:
        key = tuple(row)
        if key not in seen:
            seen.add(key)
            yield key


def _draws(game: CodaGame, panels_seen: bool) -> Iterator[Draw]:
    seat = _turn(game)
    if panels_seen:
        yield from (Draw(seat, tile) for tile in sorted(game.pool_tiles(), key=str))
    else:
        yield from (Draw(seat, Tile(c)) for c in Color if game.pool_count[c] > 0)


def _learnable(game: CodaGame, row: Sequence[Tile], index: int, colour: Color) -> list[Tile]:
    """The panels an unknown panel of ``colour`` at ``row[index]`` may turn out to be: not
    seen anywhere else, and in order with its row."""
    found = []
    for value in guess_values(dashes=game.settings.dashes):
        tile = Tile.parse(colour.value + value)
        if tile in game.unseen and order_problem(
                [*row[:index], tile, *row[index + 1:]]) is None:
            found.append(tile)
    return found


def _tiles(row: Sequence[Slot]) -> list[Tile]:
    return [s.tile for s in row]


def _guesses(game: CodaGame) -> Iterator[Guess]:
    seat = _turn(game)
    values = guess_values(dashes=game.settings.dashes)
    for target in range(game.seats):
        if target == seat or game.out[target]:
            continue
        row = game.rows[target]
        for slot in game.hidden_slots(target):
            tile = row[slot].tile
            if tile.known:
                yield from (Guess(seat, target, slot, v) for v in values)
                continue
            right = {t.value for t in _learnable(game, _tiles(row), slot, tile.color)}
            for value in values:
                yield Guess(seat, target, slot, value, False)
                if value in right:
                    yield Guess(seat, target, slot, value, True)


def _stops(game: CodaGame) -> Iterator[Stop]:
    seat = _turn(game)
    if game.drawn is None:
        yield Stop(seat)
        return
    yield from (Stop(seat, slot) for slot in legal_slots(_tiles(game.rows[seat]), game.drawn))


def _penalties(game: CodaGame) -> Iterator[Place | Reveal]:
    seat = _turn(game)
    row = _tiles(game.rows[seat])
    drawn = game.drawn
    if drawn is not None:
        if drawn.known:
            yield from (Place(seat, slot) for slot in legal_slots(row, drawn))
            return
        for slot in range(len(row) + 1):
            widened = [*row[:slot], drawn, *row[slot:]]
            yield from (Place(seat, slot, t)
                        for t in _learnable(game, widened, slot, drawn.color))
        return
    for slot in game.hidden_slots(seat):
        tile = row[slot]
        if tile.known:
            yield Reveal(seat, slot)
        else:
            yield from (Reveal(seat, slot, t) for t in _learnable(game, row, slot, tile.color))


def _bonuses(game: CodaGame) -> Iterator[Bonus]:
    """The winner's unknown standing panels (and an unknown drawn one, last): every way
    they can be told that fits the rows and the panels seen elsewhere."""
    winner = game.round_winner
    assert winner is not None
    row = _tiles(game.rows[winner])
    unknown = [i for i, t in enumerate(row) if not t.known]

    def fill(at: int, row: list[Tile], told: tuple[Tile, ...],
             unseen: frozenset[Tile]) -> Iterator[tuple[Tile, ...]]:
        if at == len(unknown):
            drawn = game.drawn
            if drawn is None or drawn.known:
                yield told
            else:
                yield from (told + (t,) for t in sorted(unseen, key=str)
                            if t.color is drawn.color)
            return
        index = unknown[at]
        colour = row[index].color
        for value in guess_values(dashes=game.settings.dashes):
            tile = Tile.parse(colour.value + value)
            widened = [*row[:index], tile, *row[index + 1:]]
            if tile in unseen and order_problem(widened) is None:
                yield from fill(at + 1, widened, (*told, tile), unseen - {tile})

    for tiles in fill(0, row, (), frozenset(game.unseen)):
        yield Bonus(winner, tiles)


def seat_moves(seen: CodaObservation) -> Iterator[CodaEvent]:
    """The moves of the observer's own turn, from what that seat sees; nothing when it is
    not the observer's turn (or the observer is the public).

    Each is one of ``legal_events``, told as far as the seat can tell it: a draw by colour
    only (the pool picks the panel); a guess with no answer (a panel the device cannot see
    is answered by its target); a panel knocked down without its number when the device
    cannot see it. In the order ``legal_events`` gives them; a time-out is the clock's.
    Where the device cannot see the panels (table pool), every legal event of the turn is
    among these, and a place or a panel knocked down is judged once its number is told.
    """
    seat = seen.seat
    if seat is None or seen.turn != seat:
        return
    match seen.phase:
        case Phase.DRAW:
            left = dict(zip((Color.DARK, Color.LIGHT), seen.pool, strict=True))
            yield from (Draw(seat, Tile(c)) for c in Color if left[c] > 0)
        case Phase.ATTACK:
            yield from _aims(seen, seat)
        case Phase.CONTINUE:
            yield from _aims(seen, seat)
            yield from _own_stops(seen, seat)
        case Phase.PENALTY:
            yield from _own_penalties(seen, seat)


def _own(seen: CodaObservation, seat: int) -> tuple[list[Tile], Tile | None]:
    """The seat's row and drawn panel as it sees them (a colour where it cannot see)."""
    row = [p.tile if p.tile is not None else Tile(p.color) for p in seen.rows[seat]]
    return row, None if seen.drawn is None else seen.drawn.tile


def _own_stops(seen: CodaObservation, seat: int) -> Iterator[Stop]:
    row, drawn = _own(seen, seat)
    if drawn is None:
        yield Stop(seat)
    else:
        yield from (Stop(seat, slot) for slot in legal_slots(row, drawn))


def _own_penalties(seen: CodaObservation, seat: int) -> Iterator[Place | Reveal]:
    row, drawn = _own(seen, seat)
    if drawn is not None:
        yield from (Place(seat, slot) for slot in legal_slots(row, drawn))
    else:
        yield from (Reveal(seat, slot) for slot, p in enumerate(seen.rows[seat])
                    if not p.revealed)


def _aims(seen: CodaObservation, seat: int) -> Iterator[Guess]:
    """A guess of every number at every standing panel of every other player still in."""
    values = guess_values(dashes=seen.dashes)
    for target, row in enumerate(seen.rows):
        if target == seat or seen.out[target]:
            continue
        for slot, panel in enumerate(row):
            if not panel.revealed:
                yield from (Guess(seat, target, slot, v) for v in values)

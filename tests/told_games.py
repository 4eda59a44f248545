"""Told-pool games with slips in the entries, played at the rules' level (no screens).

Each seat's starting row and draws are entered at random from the whole box, regardless
of what the other seats entered (a slip: two rows may claim one panel), kept in order and
off the panels the table saw fall, as the device requires of an entry. The rest is a
random legal turn of the claims game, written as ``record_lines`` writes it and taken by
``ClaimsGame.apply_line``, as the device does. ``told_states`` yields the spec's game of
what the table has seen (``ClaimsGame.seen``, a ``FittedGame``) after every line: the
states the told pool's fit check is asked about, up to the first after which nothing fits
(the device goes no further: it waits for a look or an undo there).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from coda_pi.referee.pools.entered.claims import (
    ClaimsGame,
    bonus_left,
    public_tiles,
    record_lines,
)
from coda_pi.rules.coda import CodaSettings, Phase
from coda_pi.rules.coda_events import (
    VALUES,
    CodaEvent,
    Deal,
    Draw,
    Guess,
    Place,
    Reveal,
    RoundStart,
    Stop,
)
from coda_pi.rules.errors import RuleError
from coda_pi.rules.table_fit import FittedGame
from coda_pi.rules.tiles import Color, Tile, full_set, legal_slots

NAMES = ("Ann", "Ben", "Cy", "Dee")


def _row(rng: random.Random, box: list[Tile], hand: int, fallen: set[Tile]) -> tuple[Tile, ...]:
    """A starting row as a seat might enter it: in order, nothing that fell."""
    chosen = rng.sample([t for t in box if t not in fallen], hand)
    numbered = sorted((t for t in chosen if t.rank is not None), key=lambda t: t.rank or 0)
    row = list(numbered)
    for dash in (t for t in chosen if t.rank is None):
        row.insert(rng.randrange(len(row) + 1), dash)
    return tuple(row)


def _next_event(game: ClaimsGame, rng: random.Random, box: list[Tile],
                near: float) -> CodaEvent | None:
    """A random next event by the claims; None when the game waits for something the
    device would ask a look for (the generator stops there)."""
    seen = game.seen
    fallen = public_tiles(game)
    if game.phase is Phase.ROUND:
        return RoundStart(rng.randrange(game.seats) if game.round_number == 0
                          else game.results[-1].winner)
    if game.phase is Phase.DEAL:
        seat = rng.choice([s for s in range(game.seats) if not game.dealt[s]])
        return Deal(seat, _row(rng, box, game.settings.hand, fallen))
    seat = game.turn
    if game.phase is Phase.BONUS:
        return bonus_left(game)
    assert seat is not None
    own = [s.tile for s in game.rows[seat]]
    if game.phase is Phase.DRAW:
        colours = [c for c in Color if seen.pool_count.get(c, 0) > 0]
        colour = rng.choice(colours)
        choices = [t for t in box if t.color is colour and t not in own and t not in fallen]
        return Draw(seat, rng.choice(choices)) if choices else None
    if game.phase is Phase.PENALTY:
        if game.drawn is not None:
            slots = legal_slots(own, game.drawn)
            return Place(seat, rng.choice(slots)) if slots else None
        return Reveal(seat, rng.choice(game.hidden_slots(seat)))
    if game.phase is Phase.CONTINUE and rng.random() < 0.3:
        if game.drawn is None:
            return Stop(seat)
        slots = legal_slots(own, game.drawn)
        return Stop(seat, rng.choice(slots)) if slots else None
    target = rng.choice([s for s in game.players_in() if s != seat])
    slot = rng.choice(game.hidden_slots(target))
    claim = game.rows[target][slot].tile
    values = [v for v in VALUES if game.settings.dashes or v != "-"]
    # Near misses pin panels down: a value beside the claim, now and then.
    if rng.random() < near and claim.value.isdigit():
        value = str(min(11, max(0, int(claim.value) + rng.choice((-1, 1)))))
    elif rng.random() < 0.5:
        value = claim.value
    else:
        value = rng.choice(values)
    return Guess(seat, target, slot, value)


def told_states(seed: int, *, players: int, dashes: bool, hand: int = 4,
                steps: int = 400, near: float = 0.2) -> Iterator[FittedGame]:
    """The public game after every line of one random told-pool game with slips."""
    rng = random.Random(seed)
    settings = CodaSettings(players=NAMES[:players], dashes=dashes, rounds=2, hand=hand)
    game = ClaimsGame(settings)
    box = sorted(full_set(dashes=dashes), key=str)
    for _ in range(steps):
        if game.phase is Phase.FINISHED:
            return
        event = _next_event(game, rng, box, near)
        if event is None:
            return
        try:
            for line in record_lines(game, event):
                game.apply_line(line)
                seen = game.seen
                assert isinstance(seen, FittedGame)
                yield seen
                if seen.misfit() is not None:
                    return
        except RuleError:
            return  # as the device's own check refuses it: this table stops here

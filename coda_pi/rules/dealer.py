"""The shuffle pool's hand: random panels for deals and draws, from an rng passed in.

The device passes ``random.SystemRandom()``; tests pass a seeded ``random.Random``. The
rules stay deterministic: the dealer only chooses which legal event happens.
"""

from __future__ import annotations

import random

from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import Deal, Draw
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Color, Tile, sorted_row


def deal_row(game: CodaGame, seat: int, rng: random.Random) -> Deal:
    """A random starting row for ``seat``, in order; dashes (if any) stand at the right end
    until the player chooses where they go (see ``place_dash``)."""
    tiles = rng.sample(game.pool_tiles(), game.settings.hand)
    return Deal(seat, tuple(sorted_row(tiles)))


def place_dash(row: tuple[Tile, ...], dash: Tile, slot: int) -> tuple[Tile, ...]:
    """The row with ``dash`` moved to ``slot``: a player may stand a dash anywhere."""
    rest = [t for t in row if t != dash]
    if not 0 <= slot <= len(rest):
        raise RuleError(f"the dash goes to a slot from 0 to {len(rest)}")
    return (*rest[:slot], dash, *rest[slot:])


def draw(game: CodaGame, color: Color, rng: random.Random) -> Draw:
    """The current player draws a random panel of the colour they chose."""
    assert game.turn is not None
    choices = game.pool_tiles(color)
    if not choices:
        raise RuleError(f"there is no {color.word} panel left in the pool")
    return Draw(game.turn, rng.choice(choices))

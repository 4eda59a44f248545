"""The demo's simulated table for a resumed entered-pool game (issue 22, item 5).

``EnteredAutoPlayer`` makes up its table (the face-down panels, each seat's real row) when a
round begins. Resumed in the middle of a round it used to make up another one: rows and a
pool the record contradicts, so the device refused the entries (a panel already dealt to
another seat, a drawn panel that is not in the pool) and the demo never finished. In the
entered pool the record holds every panel the table entered, so a resumed table is given
exactly those back: each seat's row as it stands, the drawn panel in hand, and the panels
nobody has seen face down; a seat not dealt yet draws its hand from those.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from coda_pi.rules.tiles import Tile, sorted_row

if TYPE_CHECKING:
    from coda_pi.rules.coda import CodaGame
    from coda_pi.sim.entered import EnteredAutoPlayer


def seat_entered_players(player: EnteredAutoPlayer, game: CodaGame,
                         rng: random.Random) -> None:
    """Give ``player`` (the whole simulated table) the panels ``game`` says are on it."""
    if game.round_number == 0:
        return  # nothing dealt yet: the round's start deals as for a new game
    pool = sorted(game.unseen, key=str)
    rng.shuffle(pool)
    rows: list[list[Tile]] = []
    for row in game.rows:
        if row:
            rows.append([slot.tile for slot in row])
            continue
        taken, pool = pool[:game.settings.hand], pool[game.settings.hand:]
        stood = sorted_row(t for t in taken if not t.dash)
        for dash in (t for t in taken if t.dash):
            stood.insert(rng.randrange(len(stood) + 1), dash)
        rows.append(stood)
    player.rows = rows
    player.pool = pool
    player.in_hand = game.drawn
    player._round = game.round_number  # this round's table is set: do not deal it again

"""Each pool mode's simulated players for the demo and the tests, by the mode's name
(``referee/shared/pool_names.py``): kept here, beside the players, so the device's pool
modes never import a simulated table. A mode without a line plays with ``coda.AutoPlayer``
(the device-pool table)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coda_pi.rules.deduction_view import Witness

Resumed = Callable[[], "Witness | None"]
"""The game the device resumed, as the table witnessed it; None for a new one."""


def _entered(rng: random.Random, resumed: Resumed) -> Any:
    """Players who draw simulated real panels and enter them privately; a resumed game's
    players get back the panels its record holds, not new ones."""
    from coda_pi.sim.entered import EnteredAutoPlayer
    from coda_pi.sim.entered_resumed_table import seat_entered_players

    player = EnteredAutoPlayer(rng)
    witness = resumed()
    if witness is not None:
        seat_entered_players(player, witness.game, rng)
    return player


def _table(rng: random.Random, resumed: Resumed) -> Any:
    """Players who hold simulated real panels; a resumed game's are drawn again among
    the panels its record allows."""
    from coda_pi.sim.table_pool import TablePoolAutoPlayer, seat_table_pool_players

    player = TablePoolAutoPlayer(rng)
    witness = resumed()
    if witness is not None:
        seat_table_pool_players(player, witness, witness.game.round_number, rng)
    return player


SIMULATED_PLAYERS: dict[str, Callable[[random.Random, Resumed], Any]] = {
    "entered": _entered,
    "table": _table,
}


def simulated_players(pool: str, rng: random.Random, resumed: Resumed) -> Any:
    """The demo's simulated table for the pool mode ``pool`` (``decide(view, private)``),
    given the game it resumes; None: ``coda.AutoPlayer``."""
    players = SIMULATED_PLAYERS.get(pool)
    return players(rng, resumed) if players is not None else None

"""Presses per entered panel in entered-pool play: starting rows and draws, separately.

Each panel a player draws from the table is told to the device privately (coda_pi/rules/
panel_entry.py): a starting row panel by its colour (one press), the number dial and OK,
plus one OK per row for the last look; a drawn panel by the dial and OK. The dial starts at
a random place for every panel so that the presses do not give the number away.

First figures: whole simulated tournaments on the device, as the demo plays them
(``EnteredAutoPlayer`` on the referee: the presses each entry really took), 2, 3 and 4
players, dashes off and on. Then the model alone over many dealt rounds, and for comparison
the same panels counted as a dial that starts at 0 and then at the number entered before
(the row is in order): fewer presses, but anyone counting them reads the gaps of the row.
Run: .venv/bin/python bench/bench_entry_presses.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event, to_dict
from coda_pi.rules.dealer import Shuffle, new_seed
from coda_pi.rules.panel_entry import PanelEntry, dial_moves, dial_values, keys_to_enter
from coda_pi.rules.tiles import Color, Tile


def entered_presses(rows: Sequence[Sequence[Tile]], draws: Sequence[Tile], *, dashes: bool,
                    rng: random.Random) -> tuple[list[float], list[int]]:
    """Presses per panel of each starting row, and presses of each draw, by the model."""
    size = len(dial_values(dashes=dashes))
    per_row: list[float] = []
    for row in rows:
        entry = PanelEntry.starting_row(len(row), dashes=dashes,
                                        pads=[rng.randrange(size) for _ in row])
        keys = keys_to_enter(entry, row)
        for key in keys:
            entry.press(key)
        assert entry.tiles() == tuple(row)
        per_row.append(entry.presses / len(row))
    per_draw: list[int] = []
    for tile in draws:
        entry = PanelEntry.drawn(tile.color, dashes=dashes, pad=rng.randrange(size))
        for key in keys_to_enter(entry, [tile]):
            entry.press(key)
        assert entry.tiles() == (tile,)
        per_draw.append(entry.presses)
    return per_row, per_draw


def from_the_last_one(row: Sequence[Tile], *, dashes: bool) -> float:
    """Presses per panel of a dial that starts at 0, then at the number entered before."""
    values = dial_values(dashes=dashes)
    at = 0
    presses = 1  # the last look
    for tile in row:
        goal = values.index(tile.value)
        presses += 1 + len(dial_moves(at, goal, len(values))) + 1
        at = goal
    return presses / len(row)


def simulated_round(players: int, dashes: bool, seed: str) -> tuple[list[list[Tile]], list[Tile]]:
    """The rows the device's dealer would deal, and the rest of the pool drawn in turn."""
    names = ["Ann", "Ben", "Cy", "Di"][:players]
    game = CodaGame.from_header({"game": "coda", "players": names, "dashes": dashes})
    game.apply(parse_event({"event": "round"}))
    shuffle = Shuffle(seed)
    rows = []
    for seat in range(players):
        deal = shuffle.deal_row(game, seat)
        rows.append(list(deal.row))
        game.apply(parse_event(to_dict(deal)))
    rng = random.Random(seed)
    draws = []
    pool = game.pool_tiles()
    while pool:
        colour = rng.choice([c for c in Color if any(t.color is c for t in pool)])
        tile = shuffle.first(f"bench/{len(draws)}", [t for t in pool if t.color is colour])[0]
        pool.remove(tile)
        draws.append(tile)
    return rows, draws


def entered_tournament(players: int, dashes: bool, seed: int,
                       send: Callable[[Any, Any], None] | None = None) -> tuple[Any, Any]:
    """One three-round tournament played by the demo's simulated players on the referee,
    in the entered pool; each intent goes through ``send(table, intent)`` (the table's own
    ``send`` when None). The referee and the player, at the final standings."""
    from coda_pi.referee.coda.referee import Referee
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.referee.shared.views import FinalView
    from coda_pi.sim.entered import EnteredAutoPlayer
    from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben", "Cy", "Di"), players=players, dashes=dashes,
                          rounds=3, pool="entered", timer=False)
    referee = Referee(clock=clock, rng=random.Random(seed), record=MemoryRecord(),
                      setup=setup, pads=random.Random(seed + 1).randrange)
    table = Table(referee, clock)
    player = EnteredAutoPlayer(random.Random(seed + 2))
    for _ in range(50_000):
        view = referee.view()
        if isinstance(view.screen, FinalView):
            return referee, player
        for intent in player.decide(view, referee.private_view()):
            if send is None:
                table.send(intent)
            else:
                send(table, intent)
    raise SystemExit(f"tournament {seed} did not finish")


def demo_presses(players: int, dashes: bool, seed: int) -> tuple[list[float], list[int]]:
    """One three-round tournament played by the demo's simulated players on the referee:
    presses per panel of each starting row, and presses of each drawn panel."""
    referee, player = entered_tournament(players, dashes, seed)
    player.decide(referee.view(), None)  # the last entry's count closes
    return player.counts.rows, player.counts.draws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="rounds per table (200)")
    parser.add_argument("--tournaments", type=int, default=3,
                        help="simulated tournaments per table on the device (3)")
    args = parser.parse_args()
    print(f"On the device: {args.tournaments} simulated tournaments (3 rounds) per table")
    print(f"{'table':<22}{'starting row':>16}{'draw':>12}{'rows':>7}{'draws':>7}")
    for dashes in (False, True):
        for players in (2, 3, 4):
            rows: list[float] = []
            draws: list[int] = []
            for seed in range(args.tournaments):
                r, d = demo_presses(players, dashes, seed)
                rows += r
                draws += d
            table = f"{players} players{', dashes' if dashes else ''}"
            print(f"{table:<22}{statistics.mean(rows):>10.2f} ({max(rows):.2f})"
                  f"{statistics.mean(draws):>7.2f} ({max(draws)}){len(rows):>7}{len(draws):>7}")
    print()
    rng = random.Random(11)
    print("The entry model alone: ", end="")
    print(f"{args.games} dealt rounds per table; presses per entered panel (mean, max)")
    print(f"{'table':<22}{'starting row':>16}{'draw':>12}{'row, from the last one':>26}")
    for dashes in (False, True):
        for players in (2, 3, 4):
            rows_pp: list[float] = []
            draws_pp: list[int] = []
            naive: list[float] = []
            for _ in range(args.games):
                rows, draws = simulated_round(players, dashes, new_seed(rng))
                per_row, per_draw = entered_presses(rows, draws, dashes=dashes, rng=rng)
                rows_pp += per_row
                draws_pp += per_draw
                naive += [from_the_last_one(row, dashes=dashes) for row in rows]
            table = f"{players} players{', dashes' if dashes else ''}"
            print(f"{table:<22}{statistics.mean(rows_pp):>10.2f} ({max(rows_pp):.2f})"
                  f"{statistics.mean(draws_pp):>7.2f} ({max(draws_pp)})"
                  f"{statistics.mean(naive):>19.2f} (leaks)")


if __name__ == "__main__":
    main()

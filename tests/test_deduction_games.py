"""Whole random games, played on the device and again as table-pool play with the same panels.

The table that draws by hand must get the same referee: the same scores after every line.
And the deduction must agree with what really lies on the table: seen by the public or by
the player whose turn it is, the true deal is always consistent (every standing panel's true
tile has a chance above 0), and the public odds are the same whether the device or the
table drew the panels.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules_properties import legal_event

from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.deduction import Analysis, analyze
from coda_pi.rules.deduction_view import Witness

NAMES = ["Ann", "Ben", "Cy", "Dee"]


def unknown(tile: str) -> str:
    return tile[0] + "?"


def table_pool_line(game: CodaGame, line: dict[str, Any]) -> dict[str, Any]:
    """The same event as a table drawing real panels writes it (``game`` is before it)."""
    kind = line["event"]
    out = dict(line)
    if kind == "deal":
        out["row"] = [unknown(t) for t in line["row"]]
    elif kind == "draw":
        out["tile"] = unknown(line["tile"])
    elif kind == "guess":
        out["correct"] = game.rows[line["target"]][line["slot"]].tile.value == line["value"]
    elif kind == "place":
        assert game.drawn is not None
        out["tile"] = str(game.drawn)
    elif kind == "reveal":
        out["tile"] = str(game.rows[line["seat"]][line["slot"]].tile)
    return out


def bonus_line(game: CodaGame) -> dict[str, Any]:
    """The winner's standing panels and unplaced drawn panel, from the device's game."""
    winner = game.results[-1].winner
    tiles = [str(s.tile) for s in game.rows[winner] if not s.revealed]
    if game.drawn is not None:
        tiles.append(str(game.drawn))
    return {"event": "bonus", "seat": winner, "tiles": tiles}


def truth_is_possible(witness: Witness, seat: int | None) -> Analysis:
    result = analyze(witness.view(seat))
    game = witness.game
    assert result.worlds >= 1, result.contradiction
    for s, row in enumerate(game.rows):
        for i, slot in enumerate(row):
            if not slot.revealed:
                assert result.slots[(s, i)].get(slot.tile, 0) > 0, (s, i, slot.tile)
    if game.drawn is not None:
        assert result.drawn is not None and result.drawn.get(game.drawn, 0) > 0
    return result


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), dashes=st.booleans(), rounds=st.integers(1, 2),
       seed=st.integers(0, 2**32 - 1))
def test_device_and_table_pool_games_agree_and_the_truth_stays_possible(
        players: int, dashes: bool, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    header = {"game": "coda", "players": NAMES[:players], "dashes": dashes, "rounds": rounds}
    device = Witness(CodaGame.from_header(header))
    table = Witness(CodaGame.from_header(header))
    steps = 0
    while not device.game.finished:
        steps += 1
        assert steps < 3000
        line = legal_event(device.game, rng)
        tp_line = table_pool_line(device.game, line)
        rounds_done = len(device.game.results)
        device.apply(parse_event(line))
        table.apply(parse_event(tp_line))
        if len(device.game.results) > rounds_done and table.game.phase is Phase.BONUS:
            table.apply(parse_event(bonus_line(device.game)))
        assert table.game.totals() == device.game.totals()
        assert table.game.phase is device.game.phase
        in_play = device.game.phase in (Phase.DRAW, Phase.ATTACK, Phase.CONTINUE,
                                        Phase.PENALTY)
        if in_play and steps % 4 == 0:
            public = truth_is_possible(device, None)
            truth_is_possible(device, device.game.turn)
            seen_by_table = analyze(table.view(None))
            assert seen_by_table.worlds == public.worlds
            assert seen_by_table.slots == public.slots
    assert [r.points for r in table.game.results] == [r.points for r in device.game.results]

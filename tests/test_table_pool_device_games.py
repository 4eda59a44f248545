"""Whole table-pool games by simulated honest hands, dashes and all: the device never stops
an honest table, and what it shows at the end is what its record replays to."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.table.views import ContradictionView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView
from coda_pi.replay import replay_bytes
from coda_pi.sim.table_pool import TablePoolAutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), dashes=st.booleans(),
       labels=st.sampled_from(["panels", "cards"]))
def test_an_honest_table_pool_game_is_never_stopped_and_replays_to_the_final_screen(
        seed: int, players: int, dashes: bool, labels: str) -> None:
    clock = FakeClock()
    record = MemoryRecord()
    setup = SetupDefaults(names=("Ann", "Ben", "Cy", "Di"), players=players, dashes=dashes,
                          pool="table", timer=False, labels=labels)
    referee = Referee(clock=clock, rng=random.Random(seed), record=record, setup=setup)
    table = Table(referee, clock)
    hands = TablePoolAutoPlayer(random.Random(seed))
    for _ in range(20_000):
        view = referee.view()
        assert not isinstance(view.screen, ContradictionView), view.screen
        if isinstance(view.screen, FinalView):
            break
        intents = hands.decide(view)
        assert intents, view.screen
        for intent in intents:
            table.send(intent)
    final = referee.view().screen
    assert isinstance(final, FinalView)
    assert not record.events("undo")
    replay = replay_bytes("".join(json.dumps(o) + "\n" for o in record.lines).encode())
    assert replay.error is None and replay.game.finished
    shown = {s.seat: s.total for s in final.standings}
    assert replay.game.totals() == [shown[s] for s in range(players)]
    # The bonus was entered from the hands' real panels: the record knows them all now.
    assert len(record.events("bonus")) == 1

"""The twin worlds of the side-channel property (tests/twin_worlds.py), seen by the phones:
a seat's page depends only on that seat's observation, and every other part of it only on
the public table.

World B is world A with some panels swapped for others of the same colour; the same presses
go to both. While the worlds agree in public, for every seat: the public part of its page is
the same in both worlds; and where the seat's own observation and its own held view are the
same in both worlds (the swap touched none of its panels), its whole page is the same. A
page that carried anything of another seat's panels would differ there.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_side_channels import physical_player, same_so_far, twins
from twin_worlds import Relabel, relabels

from coda_pi.phones.actions import held_view
from coda_pi.phones.seat_views import seat_page
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView
from coda_pi.rules.observe import observe
from coda_pi.rules.tiles import Tile
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.table_pool import TablePoolAutoPlayer

NAMES = ("Ann", "Ben", "Cy", "Di")
MAX_INTENTS = 300


def compare_pages(a: Referee, b: Referee) -> int:
    """Every seat's page in both worlds; the number of seats whose whole page was compared."""
    whole = 0
    assert a.game is not None and b.game is not None
    for seat in range(a.game.seats):
        page_a, page_b = seat_page(a, seat), seat_page(b, seat)
        for part in ("seat", "lang", "words", "public"):
            assert page_a[part] == page_b[part], (seat, part)
        if observe(a.game, seat) == observe(b.game, seat) and \
                held_view(a, seat) == held_view(b, seat):
            assert page_a == page_b, seat
            whole += 1
    return whole


def play(case: dict[str, Any]) -> tuple[int, int]:
    """Both worlds press by press while they agree in public: (moments, whole pages)."""
    pool, relabel = case["pool"], case["relabel"]
    setup = SetupDefaults(names=NAMES, players=case["players"], dashes=case["dashes"],
                          rounds=1, pool=pool, timer=False)
    worlds = twins(case, setup)
    physical, a, b, tables = worlds.physical, worlds.a, worlds.b, worlds.tables
    rng = random.Random(case["seed"] + 1)
    player: Any = {"device": AutoPlayer, "table": TablePoolAutoPlayer}.get(pool)
    player = player(rng) if player else physical_player(rng, physical, a)
    moments = whole = sent = 0
    while sent < MAX_INTENTS and not isinstance(a.view().screen, FinalView):
        intents = player.decide(a.view(), a.private_view())
        if not intents:
            break
        for intent in intents:
            for table in tables:
                table.send(intent)
            sent += 1
            if not same_so_far(a, b, relabel):
                return moments, whole
            if a.game is not None:
                whole += compare_pages(a, b)
                moments += 1
    return moments, whole


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    dashes = draw(st.booleans())
    return {"pool": draw(st.sampled_from(["device", "table", "entered"])), "dashes": dashes,
            "players": draw(st.integers(2, 4)), "seed": draw(st.integers(0, 2**32 - 1)),
            "relabel": draw(relabels(dashes=dashes))}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_a_seat_page_depends_only_on_its_seat_s_observation(case: dict[str, Any]) -> None:
    play(case)


def test_the_twin_pages_are_compared_whole_often_enough_to_mean_something() -> None:
    """Not vacuous: seats the swap does not touch have their whole page compared at many
    moments, in every pool mode."""
    relabel = Relabel(((Tile.parse("D10"), Tile.parse("D11")),
                       (Tile.parse("L0"), Tile.parse("L1"))))
    for pool in ("device", "table", "entered"):
        moments, whole = play({"pool": pool, "dashes": False, "players": 3, "seed": 4,
                               "relabel": relabel})
        assert moments > 20 and whole > moments, (pool, moments, whole)

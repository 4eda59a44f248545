"""The twin worlds of the side-channel property (tests/twin_worlds.py), seen by the pods:
a seat's pod shows only that seat's observation, and whether a pod is lit (which everybody at
the table sees) depends only on the public table.

World B is world A with some panels swapped for others of the same colour; the same presses
go to both, and each world has four pods on luma's dummy devices joined as the loop joins
them. While the worlds agree in public: every pod is lit in one world exactly when it is in
the other; and where a seat's own observation and its own held view are the same in both
worlds (the swap touched none of its panels, dealt or not yet), its pod's glass is the same
pixel for pixel: a pod that showed anything of another seat's panels would differ there.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from luma.core.device import dummy
from test_phones_twin_worlds import NAMES, cases
from test_side_channels import physical_player, same_so_far, twins
from twin_worlds import Relabel

from coda_pi.pods.companion import PodsCompanion
from coda_pi.pods.panel import PodPanel
from coda_pi.pods.seat_pod import SeatPod
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView
from coda_pi.rules.observe import observe
from coda_pi.rules.tiles import Tile
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.table_pool import TablePoolAutoPlayer
from coda_pi.sim.testing import FakeClock

MAX_INTENTS = 300


def pods_for(clock: FakeClock, seats: int) -> PodsCompanion:
    return PodsCompanion({seat: SeatPod(seat, PodPanel(dummy(width=128, height=64, mode="1"),
                                                       None)) for seat in range(seats)},
                         clock.monotonic)


def glass(pod: SeatPod) -> bytes:
    image = pod.panel.device.image  # None until the pod first showed a frame: blank glass
    return b"" if image is None else image.tobytes()


def play(case: dict[str, Any]) -> tuple[int, int]:
    """Both worlds press by press while they agree in public: (moments, pods compared whole
    while showing something)."""
    pool, relabel = case["pool"], case["relabel"]
    setup = SetupDefaults(names=NAMES, players=case["players"], dashes=case["dashes"],
                          rounds=1, pool=pool, timer=False)
    worlds = twins(case, setup)
    physical, clocks = worlds.physical, worlds.clocks
    a, b, tables = worlds.a, worlds.b, worlds.tables
    pods = (pods_for(clocks[0], case["players"]), pods_for(clocks[1], case["players"]))
    rng = random.Random(case["seed"] + 1)
    player: Any = {"device": AutoPlayer, "table": TablePoolAutoPlayer}.get(pool)
    player = player(rng) if player else physical_player(rng, physical, a)
    moments = whole = sent = 0
    while sent < MAX_INTENTS and not isinstance(a.view().screen, FinalView):
        intents = player.decide(a.view(), a.private_view())
        if not intents:
            break
        for intent in intents:
            for table, world_pods, referee in zip(tables, pods, (a, b), strict=True):
                table.send(intent)
                world_pods.publish(referee)
            sent += 1
            if not same_so_far(a, b, relabel):
                return moments, whole
            if a.game is None or b.game is None:
                continue
            moments += 1
            for seat in range(a.game.seats):
                pod_a, pod_b = pods[0].pods[seat], pods[1].pods[seat]
                assert pod_a.panel.lit == pod_b.panel.lit, seat
                if pod_a.panel.lit and observe(a.game, seat) == observe(b.game, seat) and \
                        a.private_view_of(seat) == b.private_view_of(seat):
                    assert glass(pod_a) == glass(pod_b), seat  # what the lit glass shows
                    whole += 1
    return moments, whole


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_a_pod_shows_only_its_own_seat_s_observation(case: dict[str, Any]) -> None:
    play(case)


def test_the_twin_pods_are_compared_lit_often_enough_to_mean_something() -> None:
    """Not vacuous: lit pods of seats the swap does not touch are compared at many moments
    where the device deals (the pods show Coda's private views; the table pool has none)."""
    relabel = Relabel(((Tile.parse("D10"), Tile.parse("D11")),
                       (Tile.parse("L0"), Tile.parse("L1"))))
    moments, whole = play({"pool": "device", "dashes": False, "players": 3, "seed": 4,
                           "relabel": relabel})
    assert moments > 20 and whole > 10, (moments, whole)

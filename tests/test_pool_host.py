"""What a pool mode may do to the Coda referee is one public, typed interface
(``pools.mode.PoolHost``) that the referee itself implements (issue 21): no facade over the
referee's private members, and no mode reaching past the interface."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.mode import PoolHost, pool_modes
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

POOLS = Path(__file__).resolve().parent.parent / "coda_pi" / "referee" / "pools"


def protocol_members() -> dict[str, object]:
    return {name: value for name, value in vars(PoolHost).items()
            if not name.startswith("_")}


def test_the_referee_has_every_member_of_the_pool_host_with_its_signature() -> None:
    assert len(protocol_members()) >= 20
    for name, member in protocol_members().items():
        mine = inspect.getattr_static(Referee, name, None)
        assert mine is not None, f"Referee lacks PoolHost.{name}"
        assert isinstance(mine, property) == isinstance(member, property), name
        if callable(member) and not isinstance(member, property):
            assert inspect.signature(mine) == inspect.signature(member), name


def test_each_mode_is_handed_the_referee_itself() -> None:
    for name in pool_modes():
        clock = FakeClock()
        referee = Referee(clock=clock, rng=random.Random(1), record=MemoryRecord(),
                          setup=SetupDefaults(players=3, rounds=1, pool=name),
                          pads=random.Random(2).randrange)
        table = Table(referee, clock)
        player = AutoPlayer(random.Random(3))
        for _ in range(50):  # through the setup menu into the first deal
            if referee.game is not None:
                break
            for intent in player.decide(referee.view(), referee.private_view()):
                table.send(intent)
        assert referee.game is not None, name
        assert referee.pool.name == name
        assert referee.pool.host is referee, name


def test_no_pool_mode_reaches_a_private_member_of_its_host() -> None:
    reached = []
    for path in POOLS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and isinstance(node.value, ast.Attribute) and node.value.attr == "host"):
                reached.append(f"{path.name}:{node.lineno} host.{node.attr}")
    assert not reached, reached

"""Coda's screens follow Mastermind's pattern (issue 21): one state class per ``CodaScreen``,
handed the referee as a typed, public ``CodaContext`` that the referee itself implements;
no screen reaches a private member of the referee."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

from coda_pi.referee.coda.context import CodaContext
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.coda.states import SCREENS
from coda_pi.referee.pools.mode import PoolHost
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

CODA = Path(__file__).resolve().parent.parent / "coda_pi" / "referee" / "coda"
SCREEN_MODULES = ("state.py", "states.py", "setup.py", "deal.py", "turn.py", "standings.py",
                  "verdicts.py")


def context_members() -> dict[str, object]:
    members: dict[str, object] = {}
    for protocol in (PoolHost, CodaContext):  # CodaContext's own win over PoolHost's
        members |= {name: value for name, value in vars(protocol).items()
                    if not name.startswith("_")}
    return members


def test_every_screen_has_one_state_of_its_own_kind() -> None:
    assert set(SCREENS) == set(CodaScreen)
    assert all(state.kind is kind for kind, state in SCREENS.items())
    assert len({type(state) for state in SCREENS.values()}) == len(CodaScreen)


def test_the_referee_has_every_member_of_the_context_with_its_signature() -> None:
    assert len(context_members()) >= 30  # PoolHost's and the screens' own
    for name, member in context_members().items():
        mine = inspect.getattr_static(Referee, name, None)
        assert mine is not None, f"Referee lacks CodaContext.{name}"
        assert isinstance(mine, property) == isinstance(member, property), name
        if isinstance(member, property) and member.fset is not None:
            assert mine.fset is not None, f"CodaContext.{name} is set by screens"
        if callable(member) and not isinstance(member, property):
            assert inspect.signature(mine) == inspect.signature(member), name


def test_the_context_s_plain_cursors_are_on_every_referee() -> None:
    referee = Referee(clock=FakeClock(), rng=random.Random(1), record=MemoryRecord())
    annotated = CodaContext.__annotations__
    assert {"pending_deals", "dash_index", "peeked", "colour_dials", "refusal",
            "final_shown", "review"} <= set(annotated), annotated
    for name in annotated:
        assert hasattr(referee, name), f"Referee lacks the cursor {name}"


def test_no_screen_reaches_a_private_member_of_the_referee() -> None:
    reached = []
    for name in SCREEN_MODULES:
        path = CODA / name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and isinstance(node.value, ast.Name) and node.value.id == "ref"):
                reached.append(f"{name}:{node.lineno} ref.{node.attr}")
    assert not reached, reached


def test_a_game_visits_each_device_screen_and_each_shows_its_states_view() -> None:
    clock = FakeClock()
    referee = Referee(clock=clock, rng=random.Random(5), record=MemoryRecord(),
                      setup=SetupDefaults(players=3, rounds=1, pool="device"),
                      new_record=MemoryRecord)
    table = Table(referee, clock)
    player = AutoPlayer(random.Random(6))
    seen: set[CodaScreen] = set()
    for _ in range(3000):
        kind = referee._screen_kind()
        seen.add(kind)
        if kind is CodaScreen.FINAL:
            break
        for intent in player.decide(referee.view(), referee.private_view()):
            table.send(intent)
    assert {CodaScreen.SETUP, CodaScreen.DEAL, CodaScreen.TURN, CodaScreen.ROUND_END,
            CodaScreen.FINAL} <= seen, seen
    view = referee.view()
    assert view.title == "Final standings"
    assert view.screen.winners  # the final state's view: who won, from the game's totals

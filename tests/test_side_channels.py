"""No side channel: what the device shows, lights and sounds depends on public facts only.

Two games are played side by side: world A, and world B where some panels are swapped for
others of the same colour (tests/twin_worlds.py). The same button presses go to both, chosen
by A's simulated players; for as long as the two worlds agree on everything public (A's
events, relabelled, are legal in B and leave the same public table), the public screen, the
seat LEDs, the sounds and the timer's next deadline must be the same in both, press by press.
In entered-pool play world B's number dials start where they must for the same presses to
enter B's panels: the presses are all a watcher sees, and they fit every world.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twin_worlds import Relabel, RelabelledDealer, WorldEnteredPlayer, relabels

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.entered.claims import claimed_event
from coda_pi.referee.pools.entered.mode import EnteredPool
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView, PublicView
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.dealer import Shuffle
from coda_pi.rules.errors import RuleError
from coda_pi.rules.panel_entry import dial_values
from coda_pi.rules.tiles import Color, Tile
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.table_pool import TablePoolAutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben", "Cy", "Di")
MAX_INTENTS = 800


class PhysicalTable:
    """World A's real panels in entered-pool play: who draws what is fixed by a shuffle of
    the table (not the device's), per moment, so B's dials can be set before each entry."""

    def __init__(self, seed: str) -> None:
        self.shuffle = Shuffle(seed)
        self.rows: dict[tuple[int, int], tuple[Tile, ...]] = {}
        self.draws: dict[tuple[int, int, Color], Tile] = {}

    def row(self, game: CodaGame, seat: int) -> tuple[Tile, ...]:
        key = (game.round_number, seat)
        if key not in self.rows:
            self.rows[key] = self.shuffle.deal_row(game, seat).row
        return self.rows[key]

    def draw(self, game: CodaGame, colour: Color) -> Tile:
        key = (game.round_number, game.pool_size, colour)
        if key not in self.draws:
            self.draws[key] = self.shuffle.draw(game, colour).tile
        return self.draws[key]


def physical_player(rng: random.Random, physical: PhysicalTable, world: Referee
                    ) -> WorldEnteredPlayer:
    """World A's players in entered-pool play: they enter the panels the physical table
    gives them."""
    return WorldEnteredPlayer(
        rng, world, lambda game, seat: list(physical.rows[(game.round_number, seat)]),
        physical.draw)


class Pads:
    """World A's dial starts (random), and world B's: shifted so that the same presses
    enter B's panel, σ(A's panel)."""

    def __init__(self, rng: random.Random, physical: PhysicalTable, relabel: Relabel) -> None:
        self.rng = rng
        self.physical = physical
        self.relabel = relabel
        self.world_a: Referee | None = None
        self.a_pads: list[int] = []
        self.b_index = 0
        self.b_entry: object = None

    def for_a(self, size: int) -> int:
        pad = self.rng.randrange(size)
        self.a_pads.append(pad)
        return pad

    def for_b(self, size: int) -> int:
        a = self.world_a
        assert a is not None and a.game is not None
        pool = a.pool
        assert isinstance(pool, EnteredPool) and pool.entry is not None
        entry, seat = pool.entry, pool.entry_seat
        assert seat is not None
        if self.b_entry is not entry:  # a new entry in A: B's dials are asked for in order
            self.b_entry, self.b_index = entry, 0
        k = self.b_index
        self.b_index += 1
        if entry.is_draw:
            assert entry.colour is not None
            tile = self.physical.draw(a.game, entry.colour)
        else:
            tile = self.physical.row(a.game, seat)[k]
        values = dial_values(dashes=a.game.settings.dashes)
        shift = values.index(self.relabel(tile).value) - values.index(tile.value)
        return (entry.pads[k] + shift) % size


def same_so_far(a: Referee, b: Referee, relabel: Relabel) -> bool:
    """Whether the two worlds still agree on everything public. They part when the same
    action has a different public result in each (a guess right in one world, a panel
    falling with another number), or when an action one world took is one the other's
    player could not take (a place the order rule forbids there). One world taking an
    action the other could take too, on the same presses, is a side channel: a failure."""
    if a.game is None or b.game is None:
        return True
    if a.public_table() == b.public_table():
        return True
    events_a, events_b = a.journal.events, b.journal.events  # type: ignore[union-attr]
    if len(events_a) == len(events_b):
        return False  # the same action, a different public result
    ahead, behind = (a, b) if len(events_a) > len(events_b) else (b, a)
    missing = relabel.line(ahead.journal.events[-1])  # type: ignore[union-attr]
    trial = copy.deepcopy(behind.game)
    try:
        # An entered-pool line as its seat claimed it (the claims ride beside the colours).
        trial.apply(claimed_event(missing))
    except RuleError:
        return False  # the other world's player could not have done it
    raise AssertionError(f"the same presses wrote {missing} in one world only")


def compare(a: Referee, b: Referee, tables: tuple[Table, Table]) -> None:
    seen_a, seen_b = public(a.view()), public(b.view())
    assert seen_a == seen_b, _difference(seen_a, seen_b)
    assert a.leds() == b.leds()
    assert tables[0].cues == tables[1].cues
    assert a.next_deadline() == b.next_deadline()


def public(view: PublicView) -> PublicView:
    """The view without its redraw counter (a redraw of the same frame shows nothing)."""
    return dataclasses.replace(view, version=0)


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    dashes = draw(st.booleans())
    return {
        "pool": draw(st.sampled_from(["device", "table", "entered"])),
        "dashes": dashes,
        "players": draw(st.integers(2, 4)),
        "seed": draw(st.integers(0, 2**32 - 1)),
        "relabel": draw(relabels(dashes=dashes)),
        "waits": draw(st.lists(st.integers(0, MAX_INTENTS), max_size=4)),
    }


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_two_worlds_agreeing_in_public_look_and_sound_the_same(case: dict[str, Any]) -> None:
    play_twins(case)


@dataclasses.dataclass
class Twins:
    """Two referees dealt alike but for ``relabel`` (world B's dealer), pressed through
    their own tables on their own clocks, their pads sharing one physical table."""

    physical: PhysicalTable
    pads: Pads
    clocks: tuple[FakeClock, FakeClock]
    records: tuple[MemoryRecord, MemoryRecord]
    a: Referee
    b: Referee
    tables: tuple[Table, Table]


def twins(case: dict[str, Any], setup: SetupDefaults) -> Twins:
    """The twin worlds of ``case`` (its seed and relabel) with ``setup``: one making for
    every twin-world test (screens and sounds here, phones' pages, pods)."""
    relabel = case["relabel"]
    physical = PhysicalTable(f"{case['seed']:032x}")
    pads = Pads(random.Random(case["seed"]), physical, relabel)
    clocks = (FakeClock(), FakeClock())
    records = (MemoryRecord(), MemoryRecord())
    a = Referee(clock=clocks[0], rng=random.Random(case["seed"]), record=records[0],
                setup=setup, pads=pads.for_a)
    b = Referee(clock=clocks[1], rng=random.Random(case["seed"]), record=records[1],
                setup=setup, pads=pads.for_b,
                dealer_for=lambda seed: RelabelledDealer(Shuffle(seed), relabel))
    pads.world_a = a
    return Twins(physical, pads, clocks, records, a, b,
                 (Table(a, clocks[0]), Table(b, clocks[1])))


def play_twins(case: dict[str, Any]) -> int:
    """Both worlds, press by press, for as long as they agree in public: the number of
    moments compared."""
    pool, relabel = case["pool"], case["relabel"]
    setup = SetupDefaults(names=NAMES, players=case["players"], dashes=case["dashes"],
                          rounds=1, pool=pool, first_seconds=20, extra_seconds=5)
    worlds = twins(case, setup)
    physical, a, b, tables_ = worlds.physical, worlds.a, worlds.b, worlds.tables
    rng = random.Random(case["seed"] + 1)
    player: Any
    if pool == "device":
        player = AutoPlayer(rng)
    elif pool == "table":
        player = TablePoolAutoPlayer(rng)
    else:
        player = physical_player(rng, physical, a)
    sent = 0
    compared = 0
    waits = sorted(set(case["waits"]), reverse=True)
    while sent < MAX_INTENTS and not isinstance(a.view().screen, FinalView):
        if waits and sent >= waits[-1]:
            waits.pop()
            for table in tables_:  # the guess timer runs out in both worlds
                table.wait(30)
            if not same_so_far(a, b, relabel):
                break
            compare(a, b, tables_)
            compared += 1
            continue
        intents = player.decide(a.view(), a.private_view())
        if not intents:
            break
        for intent in intents:
            for table in tables_:
                table.send(intent)
            sent += 1
            if not same_so_far(a, b, relabel):
                break  # the hidden difference is public now: a guess, a fallen panel...
            compare(a, b, tables_)
            compared += 1
        else:
            continue
        break
    assert compared > 0
    return compared


def _difference(a: Any, b: Any) -> str:
    """Which fields of two views differ, for the failure message."""
    if not dataclasses.is_dataclass(a) or type(a) is not type(b):
        return f"{a!r} != {b!r}"
    return "; ".join(f"{f.name}: {_difference(getattr(a, f.name), getattr(b, f.name))}"
                     for f in dataclasses.fields(a)
                     if getattr(a, f.name) != getattr(b, f.name))


@pytest.mark.parametrize("pool", ["device", "table", "entered"])
def test_the_twin_worlds_stay_together_long_enough_to_mean_something(pool: str) -> None:
    """The property is not vacuous: twins often play on together for many presses (a deal,
    draws, guesses) before the hidden difference shows."""
    compared = []
    for seed in range(8):
        relabel = Relabel(((Tile.parse("D10"), Tile.parse("D11")),
                           (Tile.parse("L0"), Tile.parse("L1"))))
        compared.append(play_twins({"pool": pool, "dashes": seed % 2 == 1, "players": 2 + seed % 3,
                                    "seed": seed, "relabel": relabel, "waits": [40]}))
    assert max(compared) > 100 and sorted(compared)[len(compared) // 2] > 20, compared

"""No public view ever holds the number of a standing panel.

Hypothesis drives random legal games: the simulated table plays, and random button presses
(seat buttons held and let go, PREV/NEXT/OK/BACK at odd moments, long BACK holds, waits
that run the timer out) are mixed in. After every input, the whole public view object is
walked, every field of every nested value, and checked against the hidden panels of the
game at that moment.
"""

from __future__ import annotations

import dataclasses
import random
import re
from enum import Enum
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.labels import tile_label
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import PanelView, PublicView
from coda_pi.rules.coda import CodaGame, Slot
from coda_pi.rules.tiles import Tile
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

_LEAVES = (str, int, float, Enum)
_COLLECTIONS = (tuple, list, set, frozenset)


def walk(obj: object) -> list[object]:
    """Every value inside a view: dataclass fields, tuples, lists, dicts, recursively."""
    found: list[object] = []
    stack = [obj]
    while stack:
        value = stack.pop()
        found.append(value)
        if value is None or isinstance(value, _LEAVES):
            continue
        fields = getattr(value, "__dataclass_fields__", None)
        if fields is not None and not isinstance(value, type):
            stack.extend([getattr(value, name) for name in fields])
        elif isinstance(value, _COLLECTIONS):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
    return found


def hidden_panels(game: CodaGame) -> list[Tile]:
    hidden = [s.tile for row in game.rows for s in row if not s.revealed]
    if game.drawn is not None:
        hidden.append(game.drawn)
    return hidden


def naming(tiles: list[Tile], labels: str) -> re.Pattern[str] | None:
    """A pattern that finds any of ``tiles`` named in a text ("D7", "dark 7", "dark Q");
    "dark 1" is not found in "dark 10"."""
    return _naming(frozenset(tiles), labels)


@cache  # the hidden panels stay the same over many presses: one pattern for them all
def _naming(tiles: frozenset[Tile], labels: str) -> re.Pattern[str] | None:
    names = set()
    for tile in tiles:
        names.add(re.escape(str(tile)))
        names.add(re.escape(f"{tile.color.word} {tile_label(tile, labels)}"))
    if not names:
        return None
    return re.compile(rf"\b(?:{'|'.join(sorted(names))})(?![0-9])")


def check_public(view: PublicView, game: CodaGame | None) -> None:
    values = walk(view)
    assert not any(isinstance(v, Tile | Slot | CodaGame) for v in values)
    if game is None:
        return
    labels = view.labels
    pattern = naming(hidden_panels(game), labels)
    if pattern is not None:
        for text in {v for v in values if isinstance(v, str)}:
            assert pattern.search(text) is None, text
    # Every labelled panel on the public screen is a knocked-down panel of the table.
    panels = [v for v in values if isinstance(v, PanelView)]
    table_panels = []
    if view.table is not None:
        for seat in view.table.seats:
            real = game.rows[seat.seat] if seat.seat < len(game.rows) else []
            assert len(seat.row) == len(real)
            for shown, slot in zip(seat.row, real, strict=True):
                table_panels.append(shown)
                assert shown.dark is (slot.tile.color.value == "D")
                if slot.revealed:
                    assert shown.label == tile_label(slot.tile, labels)
                else:
                    assert shown.label is None and not shown.revealed
    assert len(panels) == len(table_panels)  # no panel anywhere else on the public screen


BUTTONS = list(Button)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    dashes=st.booleans(),
    timer=st.booleans(),
    cards=st.booleans(),
    noise=st.floats(0.0, 0.5),
)
def test_no_public_view_of_a_random_game_holds_a_hidden_number(
    seed, players, dashes, timer, cards, noise
):
    rng = random.Random(seed)
    clock, record = FakeClock(), MemoryRecord()
    referee = Referee(
        clock=clock,
        rng=random.Random(seed + 1),
        record=record,
        setup=SetupDefaults(
            players=players, dashes=dashes, timer=timer, rounds=rng.choice((1, 3)),
            labels="cards" if cards else "panels", first_seconds=20, extra_seconds=10,
        ),
    )
    table = Table(referee, clock)
    auto = AutoPlayer(random.Random(seed + 2))
    held: set[Button] = set()
    for _ in range(300):
        if rng.random() < noise:
            choice = rng.random()
            if choice < 0.15:
                table.wait(rng.choice((0.5, 2.5, 15.0, 31.0)))
            else:
                button = rng.choice(BUTTONS)
                if button in held:
                    table.send(Release(button))
                    held.discard(button)
                else:
                    table.send(Press(button))
                    held.add(button)
        else:
            # The simulated players act with their hands free of the noise's buttons.
            for button in list(held):
                table.send(Release(button))
                held.discard(button)
            intents = auto.decide(referee.view(), referee.private_view())
            if not intents:
                break
            for intent in intents[:-1]:
                table.send(intent)
                check_public(referee.view(), referee.game)
            table.send(intents[-1])
        check_public(referee.view(), referee.game)
        private = referee.private_view()
        if private is not None:
            seats = {b.seat for b in held if b.seat is not None}
            assert seats <= {private.seat}


def test_the_check_finds_a_number_that_leaks():
    """The walk sees deep into a view: a hidden number in a label or a sentence fails it."""
    clock, record = FakeClock(), MemoryRecord()
    referee = Referee(clock=clock, rng=random.Random(3), record=record, setup=SetupDefaults())
    table = Table(referee, clock)
    auto = AutoPlayer(random.Random(4))
    while referee.game is None or referee.game.turn is None:
        for intent in auto.decide(referee.view(), referee.private_view()):
            table.send(intent)
    view = referee.view()
    check_public(view, referee.game)  # the real view is clean
    secret = referee.game.rows[1][0].tile
    seats = list(view.table.seats)
    row = list(seats[1].row)
    row[0] = dataclasses.replace(row[0], label=secret.value)
    seats[1] = dataclasses.replace(seats[1], row=tuple(row))
    leaky = dataclasses.replace(view, table=dataclasses.replace(view.table, seats=tuple(seats)))
    with pytest.raises(AssertionError):
        check_public(leaky, referee.game)
    told = dataclasses.replace(view, title=f"psst: {secret.color.word} {secret.value}")
    with pytest.raises(AssertionError):
        check_public(told, referee.game)

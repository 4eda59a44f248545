"""The referee's words: labels for panels and cards, the order rule's reasons, events
described for an undo without a secret in them, and the redraw counter."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.describe import describe_event
from coda_pi.referee.shared.labels import label_value, order_detail, tile_name, value_label
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.rules.coda_events import VALUES
from coda_pi.rules.tiles import Tile, full_set, order_problem
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

TILES = sorted(full_set(dashes=True), key=str)


def test_cards_name_ten_eleven_and_the_dash_j_q_k():
    assert [value_label(v, "cards") for v in VALUES] == [
        "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K"
    ]
    assert [value_label(v, "panels") for v in VALUES] == list(VALUES)
    for labels in ("cards", "panels"):
        assert [label_value(value_label(v, labels), labels) for v in VALUES] == list(VALUES)
    assert tile_name(Tile.parse("L11"), "cards") == "light Q"
    assert tile_name(Tile.parse("D-"), "panels") == "dark -"


@given(st.lists(st.sampled_from(TILES), min_size=1, max_size=8, unique=True))
def test_the_order_reason_names_the_same_pair_as_the_rules(row):
    ours = order_detail(row, "panels")
    rules = order_problem(row)
    assert (ours is None) == (rules is None)
    if rules is not None:
        # The rules say "D8 cannot stand left of L7"; the screen "dark 8 ... light 7".
        words = rules.replace("D", "dark ").replace("L", "light ")
        assert ours == words


def test_the_order_reason_speaks_in_cards():
    row = [Tile.parse("D11"), Tile.parse("L10")]
    assert order_detail(row, "cards") == "dark Q cannot stand left of light J"


def test_an_event_described_for_undo_keeps_drawn_and_dealt_panels_secret():
    players = ("Ann", "Ben")
    draw = describe_event({"event": "draw", "seat": 0, "tile": "L7"}, players, "panels")
    assert draw == "Ann's draw (a light panel)" and "7" not in draw
    deal = describe_event({"event": "deal", "seat": 1, "row": ["D1", "D5"]}, players, "panels")
    assert "1" not in deal and "5" not in deal and "Ben" in deal
    guess = describe_event(
        {"event": "guess", "seat": 0, "target": 1, "slot": 2, "value": "11"}, players, "cards"
    )
    # Panels counted from 1, in the table's own words: cards with the Rainbow deck.
    assert guess == "Ann's guess that Ben's card 3 is Q"
    stop = describe_event({"event": "stop", "seat": 1, "slot": 0}, players, "panels")
    assert stop == "Ben stopping and standing the drawn panel at place 1"


def test_the_redraw_counter_moves_with_every_press_and_each_second_of_the_timer():
    clock = FakeClock()
    referee = Referee(
        clock=clock, rng=random.Random(1), record=MemoryRecord(),
        setup=SetupDefaults(players=2),
    )
    table = Table(referee, clock)
    seen = referee.version
    table.press(Button.NEXT)
    assert referee.version != seen
    table.release(Button.NEXT)
    table.tap(Button.PREV)  # back to "Start", where the setup opened
    assert referee.view().screen.prompt == "Press OK to start"
    table.tap(Button.OK)
    for seat in (0, 1):
        table.press(table.seat(seat))
        table.tap(Button.OK, 2)  # any mix of colours (issue 24), then the row
        table.release(table.seat(seat))
    table.tap(Button.OK)  # draw: the timer runs
    seen = referee.version
    clock.now += 0.5
    referee.tick()  # early: nothing changed on the screen
    assert referee.version == seen
    clock.now += 0.5
    referee.tick()  # a second passed: the big number changes
    assert referee.version != seen
    assert referee.view().timer.seconds_left == 79

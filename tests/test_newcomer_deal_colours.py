"""Device-pool dealing: the seat being dealt chooses how many of its starting panels are dark,
privately, as the box lets it ("any mix of dark and light", issue 24)."""

from __future__ import annotations

import dataclasses
import random

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import DealView, PrivatePurpose, SetupView
from coda_pi.rules.dealer import Shuffle
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

OK, PREV, NEXT, BACK = Button.OK, Button.PREV, Button.NEXT, Button.BACK


def _dealing(seed: int = 0, players: int = 2) -> tuple[Table, MemoryRecord]:
    record, clock = MemoryRecord(), FakeClock()
    referee = Referee(clock=clock, rng=random.Random(seed), record=record,
                      setup=SetupDefaults(names=("Ann", "Ben", "Cy"), players=players,
                                          timer=False))
    table = Table(referee, clock)
    while (menu := referee.view().screen).items[menu.cursor].key != "Start":
        assert isinstance(menu, SetupView)
        table.tap(NEXT)
    table.tap(OK)
    assert isinstance(referee.view().screen, DealView)
    return table, record


def test_each_count_of_dark_panels_can_be_chosen() -> None:
    rows = {}
    for turns in range(1, 6):  # "any mix" first, then 0, 1, 2, 3, 4 dark panels
        table, record = _dealing()
        table.press(table.seat(0))
        table.tap(NEXT, turns)
        shown = table.referee.private_view()
        assert shown.purpose is PrivatePurpose.DEAL
        assert [p.dark for p in shown.row] == [i < turns - 1 for i in range(4)]
        table.tap(OK)
        table.tap(OK)
        table.release(table.seat(0))
        [deal] = record.events("deal")
        rows[turns - 1] = deal["row"]
    for dark, row in rows.items():
        assert sum(tile.startswith("D") for tile in row) == dark, row


def test_any_mix_is_the_dealer_s_own_row_as_before() -> None:
    table, record = _dealing(seed=7)
    table.press(table.seat(0))
    table.tap(OK)  # the dial starts on "any mix"
    table.tap(OK)
    table.release(table.seat(0))
    [deal] = record.events("deal")
    # The same seed, the same moment: the seeded dealer's own row, as before issue 24.
    fresh, fresh_record = _dealing(seed=7)
    shuffle = Shuffle.from_header(fresh_record.lines[0])
    game = fresh.referee.game
    assert shuffle is not None and game is not None
    assert deal["row"] == [str(t) for t in shuffle.deal_row(game, 0).row]


def test_a_chosen_mix_takes_the_first_panels_of_the_same_shuffle() -> None:
    """Two dark, two light: the darks are the first darks of the "any mix" order, so that
    turning the dial is no second look at another shuffle."""
    table, record = _dealing(seed=3)
    table.press(table.seat(0))
    table.tap(NEXT, 3)  # 2 dark
    table.tap(OK)
    table.tap(OK)
    table.release(table.seat(0))
    [deal] = record.events("deal")
    shuffle = Shuffle.from_header(record.lines[0])
    game = _dealing(seed=3)[0].referee.game
    assert shuffle is not None and game is not None
    from coda_pi.rules.dealer import deal_moment
    from coda_pi.rules.tiles import Color

    moment = deal_moment(game, 0)
    darks = [str(t) for t in shuffle.first(moment, game.pool_tiles(Color.DARK), 2)]
    lights = [str(t) for t in shuffle.first(moment, game.pool_tiles(Color.LIGHT), 2)]
    assert sorted(deal["row"]) == sorted(darks + lights)


def test_the_dial_turns_only_while_the_seat_is_held_and_the_table_sees_nothing() -> None:
    table, record = _dealing()
    table.tap(NEXT)  # nobody holds the seat: refused, as moving a dash unseen is
    assert table.take_cues() == [Cue.ERROR]
    publics = []
    table.press(table.seat(0))
    for _ in range(6):
        publics.append(dataclasses.replace(table.referee.view(), version=0))
        table.tap(NEXT)
    # Whatever the dial shows, the public screen is the same.
    assert all(view == publics[0] for view in publics)
    assert record.events("deal") == []


def test_an_undone_deal_comes_back_as_it_was_without_choosing_again() -> None:
    table, record = _dealing()
    table.press(table.seat(0))
    table.tap(NEXT, 5)  # 4 dark
    table.tap(OK)
    table.tap(OK)
    table.release(table.seat(0))
    [deal] = record.events("deal")
    table.press(BACK)
    table.wait(2.5)
    table.release(BACK)
    table.tap(OK)
    table.press(table.seat(0))
    again = table.referee.private_view()
    assert [p.label for p in again.row] == [t[1:] for t in deal["row"]]  # no dial first
    table.tap(OK)
    table.release(table.seat(0))
    assert record.events("deal")[-1]["row"] == deal["row"]

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


def _deal_with(table: Table, seat: int, dark: int | None) -> list[str]:
    """``seat`` turns its dial to ``dark`` dark panels (None: any mix) and deals; its row."""
    table.press(table.seat(seat))
    dial = table.referee.private_view()
    assert dial.purpose is PrivatePurpose.DEAL
    if dark is not None:
        for _ in range(30):
            shown = table.referee.private_view()
            if shown.prompt.startswith(f"{dark} dark"):
                break
            table.tap(NEXT)
        else:
            raise AssertionError(f"seat {seat + 1}'s dial never offers {dark} dark")
    table.tap(OK)
    table.tap(OK)
    table.release(table.seat(seat))
    deal = table.referee.game.rows[seat]
    return [str(s.tile) for s in deal]


def _offers(table: Table, seat: int) -> list[str]:
    """Every value ``seat``'s dial offers, from where it starts, once round."""
    table.press(table.seat(seat))
    first = table.referee.private_view().prompt
    seen = [first]
    for _ in range(10):
        table.tap(NEXT)
        prompt = table.referee.private_view().prompt
        if prompt == first:
            break
        seen.append(prompt)
    table.release(table.seat(seat))
    return [p.split(":")[0] for p in seen]


def test_a_new_game_s_dials_start_afresh_and_offer_only_rows_the_pool_can_make() -> None:
    """Issue 33, item 12: four players with a hand of 5. In game 1 seats 1 and 2 take five
    dark panels each and seat 3 takes 2 dark; in game 2 seats 1 and 2 take five light each.
    Seat 3's dial must start on "any mix" and offer only 3, 4 or 5 dark (two light panels are
    left), and every choice must deal a row of 5 (000 and 002: any combination, from what is
    left)."""
    record, clock = MemoryRecord(), FakeClock()
    records = [record]

    def new_record() -> MemoryRecord:
        records.append(MemoryRecord())
        return records[-1]

    referee = Referee(clock=clock, rng=random.Random(5), record=record,
                      setup=SetupDefaults(names=("Ann", "Ben", "Cy", "Di"), players=4,
                                          timer=False, hand_choice=5),
                      new_record=new_record)
    table = Table(referee, clock)

    def start() -> None:
        while (menu := referee.view().screen).items[menu.cursor].key != "Start":
            assert isinstance(menu, SetupView)
            table.tap(NEXT)
        table.tap(OK)
        assert isinstance(referee.view().screen, DealView)

    start()
    assert referee.game is not None and referee.game.settings.hand == 5
    assert _deal_with(table, 0, 5) and _deal_with(table, 1, 5)
    assert sum(t.startswith("D") for t in _deal_with(table, 2, 2)) == 2
    _deal_with(table, 3, None)
    # End the game from the BACK menu, then OK at the final standings: a new game.
    table.tap(BACK)
    for _ in range(10):
        menu = referee.view().overlay
        if menu.items[menu.cursor] == "End the game now":
            break
        table.tap(NEXT)
    else:
        raise AssertionError("the BACK menu offers no end of the game")
    table.tap(OK)
    table.tap(OK)  # "Stop here and show the final standings?"
    assert referee.over
    table.tap(OK)
    start()
    assert all(t.startswith("L") for t in _deal_with(table, 0, 0))
    assert all(t.startswith("L") for t in _deal_with(table, 1, 0))
    offers = _offers(table, 2)
    assert offers[0] == "Any mix of dark and light", offers  # where a dial starts
    assert offers[1:] == ["3 dark, 2 light", "4 dark, 1 light", "5 dark, 0 light"], offers
    row = _deal_with(table, 2, 3)
    assert len(row) == 5 and sum(t.startswith("D") for t in row) == 3, row
    assert len(records) == 2
    assert records[1].events("deal")[-1] == {"event": "deal", "seat": 2, "row": row}


def _faces_shown(table: Table, size: tuple[int, int]) -> tuple[int, int]:
    """Pixels of a dark panel's face and of a light one's on the held seat's screen."""
    import pygame

    from coda_pi.ui import theme
    from coda_pi.ui.scene import Scene
    from coda_pi.ui.screens import draw_scene

    pygame.font.init()
    surface = pygame.Surface(size)
    draw_scene(surface, Scene(table.referee.view(), table.referee.private_view()))
    faces = [pygame.transform.threshold(None, surface, face, (0, 0, 0, 0), set_behavior=0)
             for face in (theme.DARK_PANEL, theme.LIGHT_PANEL)]
    return faces[0], faces[1]


def test_any_mix_shows_no_particular_mix_of_colours() -> None:
    """Alternate dark and light "?" panels read as two of each: "any mix" is drawn as
    panels of no colour yet, and a chosen mix in its colours."""
    for size in ((320, 240), (800, 480)):
        table, _record = _dealing()
        table.press(table.seat(0))
        shown = table.referee.private_view()
        assert shown.purpose is PrivatePurpose.DEAL and "Any mix" in shown.prompt
        assert _faces_shown(table, size) == (0, 0)
        table.tap(NEXT, 2)  # 1 dark, 3 light
        dark, light = _faces_shown(table, size)
        assert dark > 0 and light > 2 * dark, (dark, light)


def test_a_chosen_mix_is_said_with_each_colour_agreeing_with_its_count() -> None:
    """"1 oscuras" read wrong in Spanish: one dark panel is "1 oscura"."""
    from coda_pi.i18n import in_language
    from coda_pi.referee.coda.deal_colours import ColourDial, colour_view

    said = {}
    for language in ("en", "es"):
        with in_language(language):
            for index in (1, 2, 5):  # 0, 1 and 4 dark of 4
                dial = ColourDial(hand=4, dark_left=12, light_left=12, index=index)
                said[language, index] = colour_view(0, "Ann", dial, "panels").prompt
    assert said["es", 2].startswith("1 oscura, 3 claras:"), said["es", 2]
    assert said["es", 1].startswith("0 oscuras, 4 claras:"), said["es", 1]
    assert said["es", 5].startswith("4 oscuras, 0 claras:"), said["es", 5]
    assert said["en", 2].startswith("1 dark, 3 light:"), said["en", 2]

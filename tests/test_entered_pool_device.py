"""Entered-pool play on the device, the seeded dealer, the timer rule and the dealer setting,
as a table meets them: buttons in, screens, record lines and sounds out."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from coda_pi.config import Config, RulesConfig
from coda_pi.demo import run_demo
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.coda.setup_menu import SetupMenu
from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView, FixStep, FixView
from coda_pi.referee.pools.mode import CASUAL
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import PrivatePurpose, TurnStep, TurnView
from coda_pi.replay import replay_bytes, replay_file
from coda_pi.rules.dealer import SEED_KEY
from coda_pi.rules.panel_entry import Stage, dial_values, keys_to_enter
from coda_pi.rules.tiles import Tile, legal_slots
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

ANN_ROW = [Tile.parse(t) for t in ("D1", "L4", "D7", "L10")]
BEN_ROW = [Tile.parse(t) for t in ("D0", "L3", "D6", "L11")]
KEY_BUTTON = {"prev": Button.PREV, "next": Button.NEXT, "ok": Button.OK, "back": Button.BACK}


def referee(pool: str, *, seed: int = 3, timer: bool = False, dashes: bool = False,
            record: MemoryRecord | None = None) -> tuple[Referee, Table, MemoryRecord]:
    clock = FakeClock()
    record = record if record is not None else MemoryRecord()
    setup = SetupDefaults(names=("Ann", "Ben"), pool=pool, timer=timer, dashes=dashes,  # type: ignore[arg-type]
                          first_seconds=20, extra_seconds=5)
    ref = Referee(clock=clock, rng=random.Random(seed), record=record, setup=setup)
    table = Table(ref, clock)
    table.tap(Button.OK)  # the setup opens on Start
    assert ref.game is not None
    return ref, table, record


def choose_any_mix(table: Table, seat: int) -> None:
    """A device-pool seat looks at its colour dial and deals "any mix" (issue 24)."""
    table.press(Button.for_seat(seat))
    table.release(Button.for_seat(seat))
    table.tap(Button.OK)


def enter_held(ref: Referee, table: Table, seat: int, panels: list[Tile]) -> None:
    """Hold the seat button and press what the private entry asks for."""
    table.press(Button.for_seat(seat))
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView)
    entry = ref.pool.entry  # type: ignore[attr-defined]
    for key in keys_to_enter(entry, panels):
        table.tap(KEY_BUTTON[key.value])
    table.release(Button.for_seat(seat))


def test_a_starting_row_is_entered_privately_and_recorded_as_the_spec_s_deal() -> None:
    ref, table, record = referee("entered")
    view = ref.view()
    assert isinstance(view.screen, EntryWaitView) and view.screen.seat == 0
    assert ref.private_view() is None  # nobody holds a button: nothing private shows
    table.tap(Button.NEXT)  # without the seat button held: refused, in public words
    assert table.cues[-1] is Cue.ERROR and "Hold seat button 1 to enter" in ref.view().banner.text
    enter_held(ref, table, 0, ANN_ROW)
    # Colours in the row, what the seat told beside it (issue 31: a claim, not a fact).
    assert record.events("deal") == [{"event": "deal", "seat": 0,
                                      "row": ["D?", "L?", "D?", "L?"],
                                      "entered": ["D1", "L4", "D7", "L10"]}]
    assert record.lines[0]["pool"] == "entered" and SEED_KEY in record.lines[0]


def test_the_private_entry_shows_only_while_its_seat_alone_is_held() -> None:
    ref, table, _ = referee("entered")
    table.press(Button.for_seat(0))
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView) and private.stage is Stage.COLOUR
    table.press(Button.for_seat(1))  # a second button: the private screen goes
    assert ref.private_view() is None
    table.release(Button.for_seat(1))
    table.release(Button.for_seat(0))
    assert ref.private_view() is None


def test_a_panel_another_row_claims_is_taken_as_the_seat_s_own_claim() -> None:
    """Issue 31: refusing it answered whether Ann holds L4. Ben's claim is taken; the
    disagreement waits until one of the two panels falls."""
    ref, table, record = referee("entered")
    enter_held(ref, table, 0, ANN_ROW)
    cues = len(table.cues)
    clash = [Tile.parse(t) for t in ("D0", "L4", "D6", "L11")]  # L4 is Ann's, by her entry
    enter_held(ref, table, 1, clash)
    assert record.events("deal")[1]["entered"] == ["D0", "L4", "D6", "L11"]
    assert table.cues[cues:] == []
    assert "light 4" not in repr(ref.view())


def test_a_drawn_panel_already_in_the_seat_s_own_row_is_refused_privately() -> None:
    ref, table, record = referee("entered")
    enter_held(ref, table, 0, ANN_ROW)
    enter_held(ref, table, 1, BEN_ROW)
    if not ref.view().screen.color_dark:
        table.tap(Button.NEXT)
    table.tap(Button.OK)
    cues = len(table.cues)
    enter_held(ref, table, 0, [Tile.parse("D7")])  # D7 stands in Ann's own row
    assert record.events("draw") == [] and table.cues[cues:] == []
    table.press(Button.for_seat(0))
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView) and private.stage is Stage.NUMBER
    assert private.message == "Dark 7 is in your row already: look at the panel you drew again"
    assert private.prompt == "OK: look again"
    table.release(Button.for_seat(0))
    assert "dark 7" not in repr(ref.view()).lower()


def test_a_draw_is_its_colour_in_public_then_its_number_in_private() -> None:
    ref, table, record = referee("entered")
    enter_held(ref, table, 0, ANN_ROW)
    enter_held(ref, table, 1, BEN_ROW)
    view = ref.view()
    assert isinstance(view.screen, TurnView) and view.screen.step is TurnStep.CHOOSE_COLOR
    if not view.screen.color_dark:
        table.tap(Button.NEXT)
    table.tap(Button.OK)  # "I took a dark one"
    wait = ref.view().screen
    assert isinstance(wait, EntryWaitView) and wait.dark is True
    enter_held(ref, table, 0, [Tile.parse("D5")])
    assert record.events("draw") == [{"event": "draw", "seat": 0, "tile": "D?", "entered": "D5"}]
    table.press(Button.for_seat(0))
    private = ref.private_view()
    assert private is not None and private.purpose is PrivatePurpose.DRAWN
    assert "box" not in private.prompt  # no box in this pool
    table.release(Button.for_seat(0))


def test_undo_of_an_entered_row_opens_it_again_at_its_last_look() -> None:
    ref, table, record = referee("entered")
    enter_held(ref, table, 0, ANN_ROW)
    table.press(Button.BACK)
    table.wait(2.1)
    table.release(Button.BACK)
    table.tap(Button.OK)  # confirm the undo
    assert record.lines[-1] == {"event": "undo"}
    table.press(Button.for_seat(0))
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView) and private.stage is Stage.REVIEW
    assert [s.label for s in private.slots] == ["1", "4", "7", "10"]
    table.tap(Button.OK)
    table.release(Button.for_seat(0))
    assert record.events("deal")[-1]["entered"] == ["D1", "L4", "D7", "L10"]


def test_undo_of_a_device_draw_then_ok_draws_the_same_panel_and_so_does_a_resume() -> None:
    ref, table, record = referee("device", seed=8)
    for seat in (0, 1):
        choose_any_mix(table, seat)
        table.press(Button.for_seat(seat))
        table.release(Button.for_seat(seat))
        table.tap(Button.OK)
    table.tap(Button.OK)  # draw the colour under the cursor
    first = record.events("draw")[-1]
    table.press(Button.BACK)
    table.wait(2.1)
    table.release(Button.BACK)
    table.tap(Button.OK)  # undo
    table.tap(Button.OK)  # and draw again
    assert record.events("draw")[-1] == first
    # A power cut now: the record without its last draw, resumed, draws the same panel.
    lines = record.lines[:-1]
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    replay = replay_bytes(data)
    assert replay.error is None
    again = MemoryRecord(lines=list(lines))
    resumed = Referee(clock=FakeClock(), rng=random.Random(999), record=again,
                      journal=replay.journal, header=lines[0])
    Table(resumed, FakeClock()).tap(Button.OK)
    assert again.events("draw")[-1] == first


def test_with_dashes_every_seat_confirms_its_deal_with_the_same_two_oks() -> None:
    for seed in range(12):
        ref, table, record = referee("device", seed=seed, dashes=True)
        for seat in (0, 1):
            choose_any_mix(table, seat)
            table.press(Button.for_seat(seat))
            table.release(Button.for_seat(seat))
            table.tap(Button.OK)
            assert len(record.events("deal")) == seat  # one OK is never enough
            table.tap(Button.OK)
            assert len(record.events("deal")) == seat + 1


def place_drawn(ref: Referee, table: Table, seat: int) -> None:
    """Show the drawn panel's place (the first the order rule allows), OK."""
    game = ref.game
    assert game is not None and game.drawn is not None
    row = [s.tile for s in game.rows[seat]]
    for _ in range(legal_slots(row, game.drawn)[0]):
        table.tap(Button.NEXT)
    table.tap(Button.OK)


def test_time_up_before_the_first_guess_is_the_penalty_and_after_a_right_one_a_stop() -> None:
    ref, table, record = referee("device", seed=4, timer=True)
    for seat in (0, 1):
        choose_any_mix(table, seat)
        table.press(Button.for_seat(seat))
        table.release(Button.for_seat(seat))
        table.tap(Button.OK)
    table.tap(Button.OK)  # Ann draws
    table.wait(26)
    assert record.events()[-1] == {"event": "timeout", "seat": 0}
    assert Cue.TIME_UP in table.cues
    place_drawn(ref, table, 0)  # the penalty: Ann's drawn panel stands face up
    assert record.events()[-1]["event"] == "place"
    # Ben draws, guesses Ann's first panel right (the device knows it), then waits.
    game = ref.game
    assert game is not None and game.turn == 1
    table.tap(Button.OK)
    truth = game.rows[0][0].tile
    table.tap(Button.for_seat(0))
    table.tap(Button.OK)  # slot 1
    values = dial_values(dashes=False)
    for _ in range(values.index(truth.value)):
        table.tap(Button.NEXT)
    table.tap(Button.OK)
    assert record.events()[-1]["event"] == "guess" and ref.game.phase.value == "continue"
    points = ref.game.totals()
    table.wait(26)
    assert record.events()[-1]["event"] == "guess"  # no timeout written: no penalty
    view = ref.view()
    assert isinstance(view.screen, TurnView) and view.screen.step is TurnStep.CLAIM_HIDDEN
    assert "stops" in view.banner.text
    table.tap(Button.BACK)  # the choice is gone: BACK does not bring it back
    assert ref.view().screen.step is not TurnStep.CONTINUE
    table.tap(Button.BACK)  # close the menu BACK opened
    place_drawn(ref, table, 1)
    stop = record.events()[-1]
    assert stop["event"] == "stop" and stop["seat"] == 1
    assert ref.game.totals() == points and ref.game.turn == 0
    assert not ref.game.rows[1][stop["slot"]].revealed


def test_without_a_dealer_the_device_pool_setup_says_what_an_open_box_costs() -> None:
    def pool_line(defaults: SetupDefaults) -> SetupMenu:
        menu = SetupMenu(defaults)
        while menu.view().items[menu.view().cursor].label != "More":
            menu.nav(Button.NEXT)
        menu.nav(Button.OK)  # into "More"
        while menu.view().items[menu.view().cursor].label != "Pool":
            menu.nav(Button.NEXT)
        return menu

    menu = pool_line(SetupDefaults(pool="device"))
    assert menu.view().prompt == CASUAL
    assert "Dealer" in [item.label for item in menu.view().items]
    assert pool_line(SetupDefaults(pool="device", dealer=True)).view().prompt != CASUAL
    assert pool_line(SetupDefaults(pool="entered")).view().prompt != CASUAL
    assert SetupDefaults.from_config(Config()).pool == "entered"
    assert RulesConfig().pool == "entered"


def test_with_a_dealer_the_private_screens_address_the_dealer() -> None:
    clock = FakeClock()
    record = MemoryRecord()
    setup = SetupDefaults(names=("Ann", "Ben"), pool="device", dealer=True, timer=False)
    ref = Referee(clock=clock, rng=random.Random(5), record=record, setup=setup)
    table = Table(ref, clock)
    table.tap(Button.OK)  # the setup opens on Start
    table.press(Button.for_seat(0))
    assert ref.private_view().prompt.startswith("Any mix")  # the seat chooses the colours
    table.tap(Button.OK)
    assert ref.private_view().prompt.startswith("Dealer: hand these over face down")
    table.release(Button.for_seat(0))
    assert record.lines[0]["dealer"] is True  # a resumed game keeps its dealer


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dashes", [False, True])
def test_the_demo_plays_entered_pool_tournaments_that_replay_to_the_screen(
        tmp_path: Path, players: int, dashes: bool) -> None:
    # Two rounds: the rows entered again and the score and first seat carried from one round
    # to the next, which a third round would only check once more.
    record = tmp_path / "demo.jsonl"
    result = run_demo(Config(data_dir=tmp_path / "data"), headless=True, seed=players * 7,
                      players=players, rounds=2, record=record, pool="entered", dashes=dashes,
                      size=(320, 240), draw=False)  # its frames: test_demo_readability.py
    assert result.finished
    summary = replay_file(record).summary()
    assert summary["error"] is None and summary["finished"]
    assert len(summary["rounds"]) == 2
    assert result.shown_totals == dict(zip(summary["players"], summary["totals"], strict=True))
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    header, events = lines[0], lines[1:]
    assert header["pool"] == "entered" and header["dashes"] is dashes
    # The device knew every claim; the record writes each beside its colours (issue 31).
    deals = [e for e in events if e["event"] == "deal"]
    assert deals and all(t[1] == "?" for e in deals for t in e["row"])
    assert all([t[0] for t in e["entered"]] == [t[0] for t in e["row"]] for e in deals)
    assert all(Tile.parse(e["entered"]).color is Tile.parse(e["tile"]).color
               for e in events if e["event"] == "draw")


def test_a_fallen_panel_showing_another_number_is_fixed_and_play_judged_again() -> None:
    """Ben entered L3 where he holds L2. Ann guesses 3 there: the device says right, Ben
    knocks the panel down, and the table sees a 2. "Fix a panel" puts L2 in Ben's deal:
    Ann's guess is wrong after all. The record keeps the old lines, the undo lines, the
    corrected deal (marked with what it said) and the draw and guess written again."""
    ref, table, record = referee("entered")
    enter_held(ref, table, 0, ANN_ROW)
    enter_held(ref, table, 1, [Tile.parse(t) for t in ("D0", "L3", "D6", "L11")])
    if not ref.view().screen.color_dark:
        table.tap(Button.NEXT)
    table.tap(Button.OK)
    enter_held(ref, table, 0, [Tile.parse("D5")])
    table.tap(Button.for_seat(1))
    table.tap(Button.NEXT)  # Ben's panel 2
    table.tap(Button.OK)
    table.tap(Button.NEXT, 3)
    table.tap(Button.OK)  # "3"
    assert ref.game.totals() == [1, 0] and ref.game.rows[1][1].revealed
    table.tap(Button.BACK)  # the menu
    items = ref.view().overlay.items
    assert "Fix a panel entered wrong" in items
    table.tap(Button.NEXT, items.index("Fix a panel entered wrong"))
    table.tap(Button.OK)
    screen = ref.view().screen
    assert isinstance(screen, FixView) and screen.step is FixStep.PANEL
    assert screen.what == "Ben's panel 2" and screen.had == screen.value_label == "3"
    assert ref.view().banner is None  # the guess's news is not about the panel being fixed
    table.tap(Button.OK)  # that panel
    table.tap(Button.OK)  # the number the device has: refused on the fix's own screen
    assert table.cues[-1] is Cue.ERROR and ref.view().banner is None
    assert ref.view().screen.problem == "Turn to the real number first"
    table.tap(Button.PREV)
    assert ref.view().screen.problem is None
    table.tap(Button.OK)  # it is a 2
    screen = ref.view().screen
    assert screen.step is FixStep.CONFIRM and screen.value_label == "2"
    # Checked with Ben, privately (issue 20): nothing about hidden panels in public.
    assert screen.change == ("Ben: hold seat button 2 to see the fix in your row, then OK "
                             "to correct it")
    before = len(record.lines)
    table.press(Button.for_seat(1))
    private = ref.private_view()
    assert private is not None and private.row[1].label == "2" and private.message is None
    table.tap(Button.OK)  # correct it
    table.release(Button.for_seat(1))
    written = record.lines[before:]
    assert written[:3] == [{"event": "undo"}] * 3
    assert written[3] == {"event": "deal", "seat": 1, "row": ["D?", "L?", "D?", "L?"],
                          "entered": ["D0", "L2", "D6", "L11"],
                          "fix": {"slot": 1, "was": "L3"}}
    assert [w["event"] for w in written[4:]] == ["draw", "guess"]
    game = ref.game
    assert game.totals() == [0, 0] and not game.rows[1][1].revealed
    assert game.phase.value == "penalty"  # Ann's miss: her drawn panel stands face up
    assert ref.view().banner.text == ("Fixed: Ben's panel 2 is light 2. Ann's guess \"Ben's "
                                      "panel 2 is 3\" is wrong after all: Ben, stand it up "
                                      "again")
    replayed = replay_bytes("".join(json.dumps(o) + "\n" for o in record.lines).encode())
    assert replayed.error is None and replayed.summary()["totals"] == [0, 0]

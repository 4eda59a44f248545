"""The referee step by step: setup, dealing, a turn, claims, an empty pool, undo, labels,
a full disk. Buttons only in; screens, LEDs, cues and the record checked out."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from coda_pi.record import Journal, RecordWriteError
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import (
    BannerKind,
    ConfirmView,
    DealView,
    FinalView,
    LedState,
    MenuView,
    PrivatePurpose,
    RoundEndView,
    SetupView,
    TurnStep,
    TurnView,
)
from coda_pi.replay import replay_bytes, replay_file
from coda_pi.rules.tiles import Tile, legal_slots
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben", "Cy", "Di")
OK, PREV, NEXT, BACK = Button.OK, Button.PREV, Button.NEXT, Button.BACK
SPEC = Path(__file__).parent / "records" / "spec"


def new_table(players: int = 2, seed: int = 0, **setup) -> tuple[Table, MemoryRecord]:
    clock = FakeClock()
    record = MemoryRecord()
    setup.setdefault("timer", False)
    referee = Referee(
        clock=clock,
        rng=random.Random(seed),
        record=record,
        setup=SetupDefaults(names=NAMES, players=players, **setup),
    )
    return Table(referee, clock), record


def start(table: Table) -> None:
    """Moves to "Start" (where the cursor waits, after the common choices) and presses OK."""
    while (menu := table.referee.view().screen).items[menu.cursor].key != "Start":
        table.tap(NEXT)
    assert menu.items[menu.cursor].label == "Start"
    table.tap(OK)


def deal_all(table: Table) -> None:
    while isinstance(screen := table.referee.view().screen, DealView):
        table.press(table.seat(screen.seat))
        table.tap(OK)
        table.release(table.seat(screen.seat))


def started(players: int = 2, seed: int = 0, **setup) -> tuple[Table, MemoryRecord]:
    table, record = new_table(players, seed, **setup)
    start(table)
    deal_all(table)
    table.take_cues()
    return table, record


def turn(table: Table) -> TurnView:
    screen = table.referee.view().screen
    assert isinstance(screen, TurnView), screen
    return screen


def truth(table: Table, seat: int) -> list[Tile]:
    """The real panels of a row (the test plays the part of the people at the table)."""
    game = table.referee.game
    assert game is not None
    return [s.tile for s in game.rows[seat]]


def guess(table: Table, value: str) -> None:
    """In the VALUE step, turn the dial to ``value`` and press OK."""
    view = turn(table)
    assert view.step is TurnStep.VALUE
    for _ in range(len(view.values)):
        if turn(table).value_label == value:
            break
        table.tap(NEXT)
    assert turn(table).value_label == value
    table.tap(OK)


def draw_and_aim(table: Table, slot: int) -> TurnView:
    """Draws a dark panel (or light) and aims at the opponent's ``slot`` (two players)."""
    table.tap(OK)
    view = turn(table)
    assert view.step is TurnStep.SLOT  # with one opponent the target is chosen already
    while turn(table).slot != slot:
        table.tap(NEXT)
    table.tap(OK)
    return turn(table)


# -- setup -------------------------------------------------------------------------------


def test_the_setup_menu_edits_choices_and_writes_them_in_the_header():
    table, record = new_table(players=2)
    view = table.referee.view()
    assert isinstance(view.screen, SetupView)
    # The common choices, then Start (where the cursor waits), then the rest behind More.
    assert [i.key for i in view.screen.items] == ["players", "game", "Start", "Names", "More"]
    assert view.screen.items[view.screen.cursor].key == "Start"
    table.tap(PREV, times=2)  # "Players"
    assert view.screen.items[0].label == "Players"
    assert table.referee.view().screen.items[0].value == "2"
    table.tap(OK)  # edit "Players"
    table.tap(NEXT)
    assert table.referee.view().screen.items[0].value == "3"
    table.tap(BACK)  # BACK puts the old value back
    assert table.referee.view().screen.items[0].value == "2"
    table.tap(OK)
    table.tap(NEXT)
    table.tap(OK)  # keep 3 players
    assert table.referee.view().screen.players == ("Ann", "Ben", "Cy")
    table.tap(NEXT)  # "Game": Coda, Coda with dashes, Mastermind
    table.tap(OK)
    table.tap(NEXT)
    table.tap(OK)
    assert table.referee.view().screen.items[1].value == "Coda with dashes"
    table.tap(NEXT, times=3)  # past Start and Names to "More"
    table.tap(OK)
    more = table.referee.view()
    assert more.title == "More choices"
    assert [i.label for i in more.screen.items][:3] == ["Rounds", "Who starts", "Starting hand"]
    table.tap(OK)  # "Rounds"
    table.tap(NEXT)
    table.tap(OK)
    table.tap(NEXT, times=2)  # "Starting hand": the published variant's 3 panels with three
    assert table.referee.view().screen.items[2].value == "box rule (4)"
    table.tap(OK)
    table.tap(NEXT)
    table.tap(OK)
    assert table.referee.view().screen.items[2].value == "3 panels"
    table.tap(BACK)  # out of "More"
    screen = table.referee.view().screen
    assert screen.items[screen.cursor].key == "More"
    assert [i.value for i in screen.items[:2]] == ["3", "Coda with dashes"]
    assert record.lines == []  # nothing is written before the game starts
    start(table)
    seed = record.lines[0].pop("seed")  # the dealer's secret: every deal decided once
    assert isinstance(seed, str) and len(seed) == 32
    assert record.lines[0] == {
        "game": "coda", "version": 1, "players": ["Ann", "Ben", "Cy"], "dashes": True,
        "rounds": 3, "hand": 3, "bonus": "hidden", "labels": "panels",
        "timer": {"enabled": False, "first_seconds": 60, "extra_seconds": 20},
    }
    assert record.lines[1] == {"event": "round", "first": 0}
    assert isinstance(table.referee.view().screen, DealView)


# -- dealing -----------------------------------------------------------------------------


def test_a_starting_row_shows_only_while_exactly_that_seat_is_held():
    table, record = new_table(players=3)
    start(table)
    ref = table.referee
    view = ref.view()
    assert isinstance(view.screen, DealView) and view.screen.seat == 0
    assert ref.leds()[:3] == (LedState.BLINK, LedState.OFF, LedState.OFF)
    assert ref.private_view() is None
    table.press(table.seat(1))  # another seat's button shows nothing
    assert ref.private_view() is None
    table.release(table.seat(1))
    table.tap(OK)  # confirming a row nobody looked at is refused
    assert table.take_cues() == [Cue.ERROR]
    assert ref.view().banner.kind is BannerKind.ERROR
    assert record.events("deal") == []
    table.press(table.seat(0))
    # First the colours, privately (issue 24): the dial starts on "any mix", OK deals.
    assert ref.private_view().prompt.startswith("Any mix of dark and light")
    table.tap(OK)
    private = ref.private_view()
    assert private is not None and private.purpose is PrivatePurpose.DEAL and private.seat == 0
    assert len(private.row) == 4 and all(p.label is not None for p in private.row)
    assert ref.view().private_shown == 0
    table.press(table.seat(2))  # two seats held: nothing private on screen
    assert ref.private_view() is None
    table.release(table.seat(2))
    assert ref.private_view() is not None
    table.tap(OK)
    table.release(table.seat(0))
    assert ref.private_view() is None  # releasing hides at once
    deal = record.events("deal")[0]
    assert deal["seat"] == 0
    assert [t[1:] for t in deal["row"]] == [p.label for p in private.row]
    assert [t[0] == "D" for t in deal["row"]] == [p.dark for p in private.row]
    assert ref.view().screen.seat == 1 and ref.leds()[1] is LedState.BLINK
    # The public table shows the dealt row by colour only.
    seat0 = ref.view().table.seats[0]
    assert [p.dark for p in seat0.row] == [p.dark for p in private.row]
    assert all(p.label is None for p in seat0.row)


def test_the_seat_chooses_where_its_dash_stands_while_holding_its_button():
    for seed in range(200):
        table, record = new_table(players=2, seed=seed, dashes=True)
        start(table)
        table.press(table.seat(0))
        table.tap(OK)  # any mix of colours
        private = table.referee.private_view()
        if private.cursor is not None:
            break
        table.release(table.seat(0))
    else:
        pytest.fail("no deal with a dash in 200 seeds")
    # The public screen is the same whether or not the seat was dealt a dash.
    for plain_seed in range(200):
        plain, _ = new_table(players=2, seed=plain_seed, dashes=True)
        start(plain)
        plain.press(plain.seat(0))
        plain.tap(OK)  # any mix of colours
        if plain.referee.private_view().cursor is None:
            break
    else:
        pytest.fail("every deal had a dash")
    assert dataclasses.replace(plain.referee.view(), version=0) == dataclasses.replace(
        table.referee.view(), version=0
    )
    table.release(table.seat(0))
    table.tap(PREV)  # moving the dash unseen is refused
    assert table.take_cues() == [Cue.ERROR]
    table.press(table.seat(0))
    start_at = table.referee.private_view().cursor
    table.tap(PREV)
    moved = table.referee.private_view()
    assert moved.cursor == (start_at - 1) % 4
    assert moved.row[moved.cursor].label == "-"
    # With dashes in play every seat confirms twice (its dark dash, then its light one),
    # whatever its row holds: the count of OKs tells nobody who holds a dash.
    table.tap(OK)
    assert not record.events("deal")
    table.tap(OK)
    table.release(table.seat(0))
    row = record.events("deal")[0]["row"]
    assert row[moved.cursor].endswith("-")
    assert [t[1:] for t in row] == [p.label for p in moved.row]


# -- a turn ------------------------------------------------------------------------------


def test_a_turn_draw_right_guess_stop_and_claim():
    table, record = started(players=2, seed=3)
    ref = table.referee
    view = turn(table)
    assert view.seat == 0 and view.step is TurnStep.CHOOSE_COLOR
    assert ref.leds()[:2] == (LedState.ON, LedState.OFF)
    assert view.dark_left + view.light_left == 24 - 8
    before = view.color_dark
    table.tap(NEXT)
    assert turn(table).color_dark is (not before)
    table.tap(OK)
    drawn = record.events("draw")[-1]
    assert drawn["seat"] == 0 and (drawn["tile"][0] == "D") is (not before)
    assert ref.view().table.seats[0].holding
    table.press(table.seat(0))
    private = ref.private_view()
    assert private.purpose is PrivatePurpose.DRAWN
    assert private.drawn.label == drawn["tile"][1:]
    table.release(table.seat(0))
    # Attack Ben's leftmost panel with its real number.
    view = turn(table)
    assert view.step is TurnStep.SLOT and view.target == 1 and view.slot == 0
    table.tap(OK)
    target = truth(table, 1)[0]
    guess(table, target.value)
    assert table.take_cues() == [Cue.CORRECT]
    assert record.events()[-1] == {
        "event": "guess", "seat": 0, "target": 1, "slot": 0, "value": target.value
    }
    view = ref.view()
    assert view.banner.kind is BannerKind.GOOD
    assert view.table.seats[1].row[0].label == target.value
    assert view.table.seats[1].row[0].revealed
    assert view.screen.step is TurnStep.CONTINUE and view.screen.knock_down == 1
    assert ref.leds()[:2] == (LedState.ON, LedState.BLINK)  # Ben, knock it down
    # Stop, and claim a slot that breaks the order rule first.
    table.tap(NEXT)
    assert turn(table).attack_again is False
    table.tap(OK)
    assert turn(table).step is TurnStep.CLAIM_HIDDEN
    row = truth(table, 0)
    tile = ref.game.drawn
    legal = legal_slots(row, tile)
    wrong = next(s for s in range(len(row) + 1) if s not in legal)
    while turn(table).claim_slot != wrong:
        table.tap(NEXT)
    table.tap(OK)
    # The refusal is the player's alone (issue 20): no sound, no banner, no mark in public.
    assert table.take_cues() == []
    view = ref.view()
    assert not view.screen.claim_refused and view.banner.kind is BannerKind.GOOD
    assert record.events()[-1]["event"] == "guess"  # nothing written
    table.press(table.seat(0))
    private = ref.private_view()
    assert private.purpose is PrivatePurpose.CLAIM and "Not there" in private.message
    assert f"{tile.color.word} {tile.value}" in private.message  # names the drawn panel
    assert private.row[wrong].label == tile.value  # the preview shows it at the claimed slot
    while turn(table).claim_slot != legal[0]:
        table.tap(NEXT)
    assert not turn(table).claim_refused and ref.private_view().message is None
    table.tap(OK)
    table.release(table.seat(0))
    assert record.events()[-1] == {"event": "stop", "seat": 0, "slot": legal[0]}
    assert Cue.YOUR_TURN in table.take_cues()
    view = ref.view()
    assert view.screen.seat == 1 and view.screen.step is TurnStep.CHOOSE_COLOR
    assert ref.leds()[:2] == (LedState.OFF, LedState.ON)
    assert view.table.seats[0].row[legal[0]].label is None  # stood up hidden


def test_a_miss_stands_the_drawn_panel_face_up():
    table, record = started(players=2, seed=8)
    ref = table.referee
    draw_and_aim(table, slot=1)
    real = truth(table, 1)[1]
    wrong = next(v for v in turn(table).values if v != real.value)
    guess(table, wrong)
    assert table.take_cues() == [Cue.WRONG]
    view = ref.view()
    assert view.banner.kind is BannerKind.BAD and wrong in view.banner.text
    assert view.table.seats[1].row[1].label is None  # a miss reveals nothing of Ben's
    assert view.screen.step is TurnStep.CLAIM_FACE_UP
    tile = ref.game.drawn
    slot = legal_slots(truth(table, 0), tile)[0]
    while turn(table).claim_slot != slot:
        table.tap(NEXT)
    table.tap(OK)
    assert record.events()[-1] == {"event": "place", "seat": 0, "slot": slot}
    placed = ref.view().table.seats[0].row[slot]
    assert placed.revealed and placed.label == tile.value


def test_an_empty_pool_means_no_draw_and_a_miss_knocks_down_ones_own_panel():
    # Resume the spec's empty-pool record just before Ben's turn with an empty pool.
    lines = (SPEC / "empty-pool.jsonl").read_text().splitlines(keepends=True)
    upto = next(i for i, line in enumerate(lines) if '"stop"' in line) + 1
    replay = replay_bytes("".join(lines[:upto]).encode())
    assert replay.error is None
    journal: Journal = replay.journal
    assert journal.game.pool_size == 0
    clock, record = FakeClock(), MemoryRecord()
    referee = Referee(
        clock=clock, rng=random.Random(0), record=record, journal=journal,
        setup=SetupDefaults(names=NAMES, players=3, timer=False),
    )
    table = Table(referee, clock)
    view = turn(table)
    assert view.seat == 1 and not view.drew
    assert referee.view().table.seats[2].out  # Cy is out: Ann is the only one to attack
    assert view.step is TurnStep.SLOT and view.target == 0
    table.tap(table.seat(2))
    assert table.take_cues() == [Cue.ERROR] and "Cy is out" in referee.view().banner.text
    table.tap(table.seat(0))
    assert turn(table).target == 0
    hidden = [i for i, p in enumerate(referee.view().table.seats[0].row) if not p.revealed]
    while turn(table).slot != hidden[0]:
        table.tap(NEXT)
    table.tap(OK)
    real = truth(table, 0)[hidden[0]]
    guess(table, next(v for v in turn(table).values if v != real.value))
    assert table.take_cues() == [Cue.WRONG]
    view = turn(table)
    assert view.step is TurnStep.REVEAL_OWN
    own_hidden = [i for i, p in enumerate(referee.view().table.seats[1].row) if not p.revealed]
    assert view.reveal_slot == own_hidden[0]
    table.tap(NEXT)
    chosen = turn(table).reveal_slot
    table.tap(OK)
    assert record.lines[-1] == {"event": "reveal", "seat": 1, "slot": chosen}
    shown = referee.view().table.seats[1].row[chosen]
    assert shown.revealed and shown.label == truth(table, 1)[chosen].value
    assert turn(table).seat == 0  # Cy is out, so Ann plays next
    assert Cue.YOUR_TURN in table.take_cues()


# -- undo --------------------------------------------------------------------------------


def play_a_miss(table: Table) -> None:
    draw_and_aim(table, slot=0)
    real = truth(table, 1)[0]
    guess(table, next(v for v in turn(table).values if v != real.value))
    slot = legal_slots(truth(table, 0), table.referee.game.drawn)[0]
    while turn(table).claim_slot != slot:
        table.tap(NEXT)
    table.tap(OK)


def test_back_held_two_seconds_undoes_across_a_turn_after_confirming(tmp_path):
    table, record = started(players=2, seed=5)
    ref = table.referee
    play_a_miss(table)
    assert turn(table).seat == 1
    placed = record.lines[-1]
    # A short press opens the menu instead.
    table.press(BACK)
    table.wait(1.0)
    table.release(BACK)
    assert isinstance(ref.view().overlay, MenuView)
    table.tap(BACK)
    assert ref.view().overlay is None
    # Held for two seconds: the confirmation says what will be taken back.
    table.press(BACK)
    assert ref.next_deadline() == pytest.approx(table.clock.now + 2.0)
    table.wait(2.0)
    confirm = ref.view().overlay
    assert isinstance(confirm, ConfirmView)
    assert "Ann placing" in confirm.text and "face up" in confirm.text
    table.release(BACK)
    assert isinstance(ref.view().overlay, ConfirmView)  # letting go does not answer
    table.tap(OK)
    assert record.lines[-1] == {"event": "undo"}
    view = ref.view()
    assert view.overlay is None
    assert view.screen.seat == 0 and view.screen.step is TurnStep.CLAIM_FACE_UP
    assert ref.leds()[:2] == (LedState.ON, LedState.OFF)
    assert "Took back" in view.banner.text
    # Undo twice more through the menu: the guess, then the draw.
    for _ in range(2):
        table.tap(BACK)
        menu = ref.view().overlay
        while menu.items[menu.cursor] != "Undo the last action":
            table.tap(NEXT)
            menu = ref.view().overlay
        table.tap(OK)
        table.tap(OK)
    view = ref.view()
    assert view.screen.step is TurnStep.CHOOSE_COLOR and view.screen.seat == 0
    assert "Put the drawn panel back in the box" in view.banner.text
    assert not view.table.seats[0].holding
    # The record with its undo lines replays to what the referee shows.
    assert [o["event"] for o in record.lines[-3:]] == ["undo"] * 3
    summary = replay_file(record.save(tmp_path / "r.jsonl")).summary()
    assert summary["error"] is None and summary["turn"] == 0
    assert summary["rows"] == ref.game.summary()["rows"]
    # And the game goes on: the same move can be made again.
    play_a_miss(table)
    assert record.lines[-1]["event"] == "place"
    assert replay_file(record.save(tmp_path / "r.jsonl")).summary()["turn"] == 1
    assert placed["event"] == "place"


def test_undo_takes_back_a_round_start_but_not_the_end_of_the_round():
    """An ended round is closed (issue 20): its full lines are on the club feed and every
    panel was shown, so the undo stops at the event that ended it, with one sentence."""
    table, record = new_table(players=2, seed=9, rounds=3)
    ref = table.referee
    auto = AutoPlayer(random.Random(1))
    while not isinstance(ref.view().screen, RoundEndView):
        for intent in auto.decide(ref.view(), ref.private_view()):
            table.send(intent)
    round_end = ref.view().screen
    winner = round_end.winner
    ended_by = record.lines[-1]
    assert ended_by["event"] == "guess"  # the simulated players never knock themselves out
    table.take_cues()
    table.tap(OK)  # the winner starts round 2
    assert record.lines[-1] == {"event": "round"}
    assert isinstance(ref.view().screen, DealView) and ref.view().screen.seat == winner
    # Undo the round start: the round's end is on the screen again.
    table.press(BACK)
    table.wait(2.0)
    assert "start of the round" in ref.view().overlay.text
    table.release(BACK)
    table.tap(OK)
    assert isinstance(ref.view().screen, RoundEndView)
    # The guess that won the round stays: no question, one sentence, nothing written.
    lines = len(record.lines)
    table.press(BACK)
    table.wait(2.5)
    table.release(BACK)
    view = ref.view()
    assert view.overlay is None and isinstance(view.screen, RoundEndView)
    assert view.banner.text == "Round 1 is over and all panels were shown: it cannot be taken back"
    assert table.take_cues()[-1] is Cue.ERROR
    assert len(record.lines) == lines and ref.game.results


# -- labels, storage, ending -------------------------------------------------------------


def test_card_labels_name_ten_and_eleven_j_and_q_and_the_record_keeps_numbers():
    table, record = started(players=2, seed=2, labels="cards")
    ref = table.referee
    table.press(table.seat(0))
    labels = {p.label for p in ref.private_view().row}
    table.release(table.seat(0))
    assert labels <= {*"0123456789", "J", "Q"}
    table.tap(OK)  # draw
    table.tap(OK)  # Ben's first panel
    view = turn(table)
    assert view.values == ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q")
    table.tap(PREV)  # from 0 back round to Q
    assert turn(table).value_label == "Q"
    table.tap(OK)
    assert record.events("guess")[-1]["value"] == "11"
    assert "Q" in ref.view().banner.text


def test_card_labels_call_the_dash_k():
    table, record = started(players=2, seed=2, labels="cards", dashes=True)
    table.tap(OK)
    table.tap(OK)
    assert turn(table).values[-3:] == ("J", "Q", "K")


def test_a_record_that_cannot_be_written_leaves_the_game_as_it_was():
    table, record = started(players=2, seed=4)
    ref = table.referee
    lines = len(record.lines)
    record.fail = OSError(28, "No space left on device")
    table.tap(OK)  # draw
    assert table.take_cues() == [Cue.ERROR]
    view = ref.view()
    assert view.banner.kind is BannerKind.ERROR and "Could not save" in view.banner.text
    assert view.screen.step is TurnStep.CHOOSE_COLOR
    assert not view.table.seats[0].holding and ref.game.drawn is None
    assert len(record.lines) == lines
    record.fail = None
    table.tap(OK)
    assert record.lines[-1]["event"] == "draw" and ref.game.drawn is not None


def test_a_refused_line_is_a_record_write_error_and_a_bug_is_not_called_a_full_card():
    """The referee catches a storage failure by name (an OSError subclass, as gpiozero's
    errors subclass built-ins); any other exception from the sink is a bug and must not be
    dressed up as "Could not save"."""
    table, record = started(players=2, seed=4)
    ref = table.referee
    record.fail = OSError(28, "No space left on device")
    with pytest.raises(RecordWriteError) as caught:
        ref._write({"event": "draw"})
    assert isinstance(caught.value, OSError) and caught.value.errno == 28
    table.tap(OK)  # draw
    assert "no space left" in ref.view().banner.text.lower()  # the system's reason, said
    record.fail = RuntimeError("a bug in the sink")
    with pytest.raises(RuntimeError):
        table.tap(OK)
    record.fail = None


def test_undo_that_cannot_be_stored_takes_nothing_back():
    table, record = started(players=2, seed=4)
    ref = table.referee
    table.tap(OK)  # draw
    assert ref.game.drawn is not None
    lines = len(record.lines)
    record.fail = OSError(28, "No space left on device")
    ref._undo()
    assert ref.game.drawn is not None and len(record.lines) == lines
    assert "Could not save" in ref.view().banner.text
    record.fail = None
    ref._undo()
    assert ref.game.drawn is None and record.lines[-1] == {"event": "undo"}


def test_the_game_can_be_ended_from_the_menu():
    table, record = started(players=3, seed=6)
    ref = table.referee
    table.tap(BACK)
    menu = ref.view().overlay
    assert isinstance(menu, MenuView) and "End the game now" in menu.items
    table.tap(PREV, 2)  # past "Quit", the last item
    assert ref.view().overlay.items[ref.view().overlay.cursor] == "End the game now"
    table.tap(OK)
    assert isinstance(ref.view().overlay, ConfirmView)
    table.tap(BACK)  # no
    assert ref.view().overlay is None and isinstance(ref.view().screen, TurnView)
    table.tap(BACK)
    table.tap(PREV, 2)
    table.tap(OK)
    table.tap(OK)  # yes
    screen = ref.view().screen
    assert isinstance(screen, FinalView) and screen.ended_early
    assert [s.total for s in screen.standings] == [0, 0, 0]
    assert screen.standings[0].rank == screen.standings[2].rank == 1


def test_a_resumed_record_keeps_its_labels_and_timer_from_the_header():
    table, record = started(players=2, seed=2, labels="cards", timer=True, first_seconds=30)
    table.tap(OK)  # draw
    replay = replay_bytes(
        "".join(json.dumps(o) + "\n" for o in record.lines).encode()
    )
    clock = FakeClock()
    resumed = Referee(
        clock=clock, rng=random.Random(1), record=MemoryRecord(), journal=replay.journal,
        header=replay.header, setup=SetupDefaults(names=NAMES, timer=False),
    )
    view = resumed.view()
    assert view.labels == "cards"
    assert view.timer is not None and view.timer.seconds_left == 30 + 20
    assert isinstance(view.screen, TurnView) and view.screen.step is TurnStep.SLOT


def test_the_round_winner_starts_the_next_round_with_their_seat_button():
    table, record = new_table(players=2, seed=9, rounds=3)
    ref = table.referee
    auto = AutoPlayer(random.Random(1))
    while not isinstance(ref.view().screen, RoundEndView):
        for intent in auto.decide(ref.view(), ref.private_view()):
            table.send(intent)
    winner = ref.view().screen.winner
    table.release(table.seat(winner))  # the winner let go of the button held to look
    table.tap(table.seat(1 - winner))  # the loser's button does nothing here
    assert isinstance(ref.view().screen, RoundEndView)
    table.tap(table.seat(winner))
    assert record.lines[-1] == {"event": "round"}
    assert isinstance(ref.view().screen, DealView) and ref.view().screen.seat == winner


def test_a_game_whose_record_cannot_be_started_stays_in_the_setup_menu():
    table, record = new_table(players=2)
    record.fail = PermissionError(13, "Permission denied")
    start(table)
    view = table.referee.view()
    assert isinstance(view.screen, SetupView) and table.referee.journal is None
    assert view.banner.kind is BannerKind.ERROR and "Could not save" in view.banner.text
    assert table.take_cues() == [Cue.ERROR]
    record.fail = None
    table.tap(OK)  # the cursor is still on "Start"
    assert isinstance(table.referee.view().screen, DealView)
    assert record.lines[0]["game"] == "coda"


def test_an_undo_that_cannot_be_written_takes_nothing_back():
    table, record = started(players=2, seed=5)
    ref = table.referee
    table.tap(OK)  # draw
    record.fail = OSError(28, "No space left on device")
    table.press(BACK)
    table.wait(2.0)
    table.release(BACK)
    table.tap(OK)
    assert record.lines[-1]["event"] == "draw" and ref.game.drawn is not None
    assert ref.view().banner.kind is BannerKind.ERROR
    assert turn(table).step is TurnStep.SLOT


@pytest.mark.parametrize("seed", [3, 135])
def test_undoing_many_actions_then_playing_on_replays_to_the_same_totals(seed, tmp_path):
    table, record = new_table(players=3, seed=seed, rounds=1, dashes=True)
    ref = table.referee
    auto = AutoPlayer(random.Random(seed))

    def play(until) -> None:
        for _ in range(5000):
            if until():
                return
            intents = auto.decide(ref.view(), ref.private_view())
            if not intents:
                return
            for intent in intents:
                table.send(intent)

    play(lambda: len(record.events()) >= 30)
    for seat in range(4):
        table.release(table.seat(seat))  # hands off the buttons
    for _ in range(12):
        table.press(BACK)
        table.wait(2.0)
        table.release(BACK)
        assert isinstance(ref.view().overlay, ConfirmView)
        table.tap(OK)
    assert [o["event"] for o in record.lines[-12:]] == ["undo"] * 12
    play(lambda: False)
    final = ref.view().screen
    assert isinstance(final, FinalView)
    summary = replay_file(record.save(tmp_path / "undo.jsonl")).summary()
    assert summary["error"] is None and summary["finished"]
    assert [s.total for s in sorted(final.standings, key=lambda s: s.seat)] == summary["totals"]

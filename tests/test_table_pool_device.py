"""Table-pool play on the device, by button presses: the players draw real panels by hand,
so the device learns only what the table enters. A simulated table (``HiddenTable``) holds
the real panels; the referee never sees them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.table.views import (
    ColourRowView,
    ContradictionView,
    JudgeView,
    NumberEntryView,
)
from coda_pi.referee.shared.review import ReviewView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import (
    FinalView,
    LedState,
    PrivatePurpose,
    RoundEndView,
    SetupView,
    TurnStep,
    TurnView,
)
from coda_pi.replay import replay_bytes, replay_file
from coda_pi.rules.tiles import Tile
from coda_pi.sim.table_pool_hands import HiddenTable
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben", "Cy", "Di")
OK, PREV, NEXT, BACK = Button.OK, Button.PREV, Button.NEXT, Button.BACK


def start(players: int = 2, *, training: bool = False, seed: int = 0,
          **setup: object) -> tuple[Table, MemoryRecord]:
    clock = FakeClock()
    record = MemoryRecord()
    defaults = SetupDefaults(names=NAMES, players=players, pool="table", training=training,
                             **setup)  # type: ignore[arg-type]
    referee = Referee(clock=clock, rng=random.Random(seed), record=record, setup=defaults)
    table = Table(referee, clock)
    _to_start(table)
    table.tap(OK)
    return table, record


def _to_start(table: Table) -> None:
    for _ in range(30):
        screen = table.referee.view().screen
        assert isinstance(screen, SetupView)
        if screen.items[screen.cursor].label == "Start":
            return
        table.tap(PREV)
    raise AssertionError("no Start in the setup menu")


def screen(table: Table) -> object:
    return table.referee.view().screen


def no_hints_anywhere(table: Table) -> None:
    """Whatever button is held, no view holds a probability."""
    referee = table.referee
    view = referee.view()
    assert "%" not in repr(view)
    players = len(view.table.seats) if view.table else 0
    for seat in range(players):
        table.press(table.seat(seat))
        private = referee.private_view()
        assert private is None, private  # the device knows no seat's panels at all
        assert "%" not in repr(referee.view())
        table.release(table.seat(seat))


# -- setup ----------------------------------------------------------------------------------


def test_the_setup_menu_chooses_the_table_pool_and_the_header_says_so() -> None:
    clock, record = FakeClock(), MemoryRecord()
    referee = Referee(clock=clock, rng=random.Random(0), record=record,
                      setup=SetupDefaults(names=NAMES))
    table = Table(referee, clock)
    setup = screen(table)
    assert isinstance(setup, SetupView)
    table.tap(NEXT, [item.key for item in setup.items].index("More") - setup.cursor)
    table.tap(OK)  # "More": where the pool is chosen
    setup = screen(table)
    assert isinstance(setup, SetupView)
    labels = [item.label for item in setup.items]
    pool = labels.index("Pool")
    assert setup.items[pool].value == "device"  # the default
    table.tap(NEXT, pool)
    table.tap(OK)
    table.tap(NEXT)
    table.tap(OK)
    after = screen(table)
    assert isinstance(after, SetupView) and after.items[pool].value == "table"
    table.tap(BACK)  # back to the first choices
    _to_start(table)
    table.tap(OK)
    assert record.lines[0]["pool"] == "table" and record.lines[0]["training"] is False
    first = screen(table)
    assert isinstance(first, ColourRowView) and first.seat == 0 and first.hand == 4


# -- a whole round by button presses --------------------------------------------------------


def _hidden_slots(table: Table, seat: int) -> list[int]:
    view = table.referee.view()
    assert view.table is not None
    return [i for i, p in enumerate(view.table.seats[seat].row) if p.label is None]


def _wrong_value(tile: Tile) -> str:
    return "5" if tile.value != "5" else "6"


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 7), (4, 3)])
def test_a_whole_table_pool_round_by_buttons_replays_to_the_final_totals(
        players: int, seed: int) -> None:
    table, record = start(players, timer=True)
    hand = 3 if players == 4 else 4
    hidden = HiddenTable.deal(table, players, hand, rng=random.Random(seed))
    rng = random.Random(seed)
    for seat in range(players):
        no_hints_anywhere(table)
        hidden.enter_row(seat)
    # What the rules give, counted here from the real panels, not read from the device.
    guesses = [0] * players
    exposures = [0] * players
    out = [False] * players
    turns = 0
    timed_out = False
    while isinstance(screen(table), TurnView):
        view = screen(table)
        assert isinstance(view, TurnView)
        seat = view.seat
        turns += 1
        assert turns < 200
        if view.step is TurnStep.CHOOSE_COLOR:
            hidden.draw(rng=rng)
        no_hints_anywhere(table)
        target = next(s for s in range(1, players) if not out[(seat + s) % players])
        target = (seat + target) % players
        slot = _hidden_slots(table, target)[0]
        truth = hidden.rows[target][slot].tile
        if turns % 3 == 2 and not timed_out:
            timed_out = True
            table.wait(81)  # the guess timer runs as in device-pool play
            assert table.take_cues()[-1] is Cue.TIME_UP
        elif turns % 3 == 1:
            assert hidden.guess(seat, target, slot, _wrong_value(truth)) is False
        else:
            assert hidden.guess(seat, target, slot, truth.value) is True
            guesses[seat] += 1
            if all(s.down for s in hidden.rows[target]):
                out[target] = True
                exposures[seat] += 1
                if sum(not o for o in out) == 1:
                    break
            hidden.stop(seat)
            continue
        if hidden.held is not None:
            hidden.place_face_up(seat)
        else:
            hidden.knock_down(seat, _hidden_slots(table, seat)[0])
            if all(s.down for s in hidden.rows[seat]):
                out[seat] = True
                if sum(not o for o in out) == 1:
                    break
    winner = out.index(False)
    bonus_screen = screen(table)
    assert isinstance(bonus_screen, NumberEntryView) and bonus_screen.seat == winner
    assert table.referee.leds()[winner] is LedState.BLINK
    bonus = sum(s.tile.face for s in hidden.rows[winner] if not s.down)
    bonus += hidden.held.face if hidden.held is not None else 0
    hidden.show_bonus(winner)
    end = screen(table)
    assert isinstance(end, RoundEndView)
    expected = [g + 3 * e for g, e in zip(guesses, exposures, strict=True)]
    expected[winner] += 5 + bonus
    assert [p.total for p in end.points] == expected
    table.tap(OK)
    final = screen(table)
    assert isinstance(final, FinalView)
    shown = {s.seat: s.total for s in final.standings}
    assert [shown[s] for s in range(players)] == expected
    assert record.events("timeout") and record.events("bonus")
    assert all(e["tile"][1] == "?" for e in record.events("draw"))
    replay = replay_bytes("".join(json.dumps(o) + "\n" for o in record.lines).encode())
    assert replay.error is None
    assert replay.game.totals() == expected


def test_the_record_file_replays_with_replay_file(tmp_path: Path) -> None:
    table, record = start(2, timer=False)
    hidden = HiddenTable.from_rows(table, [["L4", "D6", "L8", "D11"], ["D0", "D1", "D2", "D3"]])
    hidden.enter_row(0)
    hidden.enter_row(1)
    hidden.draw(tile=Tile.parse("D5"))
    for slot in (3, 0, 1, 2):
        assert hidden.guess(0, 1, slot, hidden.rows[1][slot].tile.value)
    hidden.show_bonus(0)
    table.tap(OK)
    final = screen(table)
    assert isinstance(final, FinalView)
    # 4 right guesses, Ben exposed (3), the win (5), and L4 D6 L8 D11 + the held D5.
    assert final.standings[0].seat == 0 and final.standings[0].total == 4 + 3 + 5 + 34
    replay = replay_file(record.save(tmp_path / "game.jsonl"))
    assert replay.error is None
    assert replay.game.totals() == [s.total for s in sorted(final.standings,
                                                              key=lambda s: s.seat)]


# -- order checks from public information ----------------------------------------------------


def _certain_position(training: bool = False) -> tuple[Table, MemoryRecord, HiddenTable]:
    """Ann takes Ben's D3 at his fourth panel: his three dark panels left of it must then be
    D0, D1, D2, and everybody can know it."""
    table, record = start(2, training=training, timer=True)
    hidden = HiddenTable.from_rows(table, [["L4", "D6", "L8", "D11"], ["D0", "D1", "D2", "D3"]])
    hidden.enter_row(0)
    hidden.enter_row(1)
    hidden.draw(tile=Tile.parse("D5"))
    assert hidden.guess(0, 1, 3, "3")
    return table, record, hidden


def test_a_wrong_answer_that_must_have_been_right_stops_the_game_until_undone() -> None:
    table, record, hidden = _certain_position()
    hidden.aim(1, 0, "0")
    judge = screen(table)
    assert isinstance(judge, JudgeView) and judge.target == 1
    assert "Ben" in judge.prompt and "RIGHT" in judge.prompt and "WRONG" in judge.prompt
    assert table.referee.leds()[1] is LedState.BLINK  # Ben must answer
    table.take_cues()
    hidden.answer(1, 0, "0", honest=False)  # Ben says "wrong" to his D0
    assert record.lines[-1]["event"] == "guess" and record.lines[-1]["correct"] is False
    halt = screen(table)
    assert isinstance(halt, ContradictionView)
    assert "0" in halt.sentence and "Ben" in halt.sentence
    assert "guess" in halt.last
    assert Cue.ERROR in table.take_cues()
    # Stopped: the timer waits, seat buttons and PREV/NEXT do nothing.
    events = len(record.lines)
    table.wait(300)
    table.tap(table.seat(0))
    table.tap(NEXT)
    assert len(record.lines) == events and isinstance(screen(table), ContradictionView)
    table.tap(OK)  # take back the last entry
    assert record.lines[-1] == {"event": "undo"}
    again = screen(table)
    assert isinstance(again, TurnView) and again.step is TurnStep.CONTINUE
    assert hidden.guess(0, 1, 0, "0")  # this time Ben answers truly
    assert isinstance(screen(table), TurnView)


def test_a_face_up_number_that_breaks_the_order_stops_the_game_and_undo_recovers() -> None:
    table, record = start(2, timer=False)
    hidden = HiddenTable.from_rows(table, [["L4", "D6", "L8", "D11"], ["D0", "D1", "D2", "D3"]])
    hidden.enter_row(0)
    hidden.enter_row(1)
    hidden.draw(tile=Tile.parse("D5"))
    assert not hidden.guess(0, 1, 0, "5")
    view = screen(table)
    assert isinstance(view, TurnView) and view.step is TurnStep.CLAIM_FACE_UP
    table.tap(NEXT)  # D5 stands at place 2, right of Ann's L4 ...
    table.tap(OK)
    entry = screen(table)
    assert isinstance(entry, NumberEntryView) and entry.dark and entry.count == 1
    hidden.enter_number(Tile.parse("D0"))  # ... but the table types 0: no light panel is < D0
    assert record.lines[-1] == {"event": "place", "seat": 0, "slot": 1, "tile": "D0"}
    halt = screen(table)
    assert isinstance(halt, ContradictionView)
    # In the table's words: panels counted from 1, as on every screen.
    assert halt.sentence.startswith("Ann's panel 1 is light") and "D0" in halt.sentence
    table.tap(BACK)  # BACK: the menu, never a way around the stop
    menu = table.referee.view().overlay
    assert menu is not None and "Undo the last action" in menu.items
    table.tap(BACK)
    table.tap(OK)
    assert record.lines[-1] == {"event": "undo"}
    claim = screen(table)
    assert isinstance(claim, TurnView) and claim.step is TurnStep.CLAIM_FACE_UP
    hidden.place_face_up(0)
    assert record.lines[-1] == {"event": "place", "seat": 0, "slot": 1, "tile": "D5"}
    nxt = screen(table)
    assert isinstance(nxt, TurnView) and nxt.seat == 1


def test_a_number_the_rules_refuse_outright_is_not_written() -> None:
    table, record = start(2, timer=False)
    hidden = HiddenTable.from_rows(table, [["L4", "D6", "L8", "D11"], ["D0", "D1", "D2", "D3"]])
    hidden.enter_row(0)
    hidden.enter_row(1)
    hidden.draw(tile=Tile.parse("D5"))
    assert hidden.guess(0, 1, 0, "0")  # Ben's D0 falls
    assert not hidden.guess(0, 1, 1, "5")
    table.tap(NEXT)
    table.tap(OK)
    lines = len(record.lines)
    table.take_cues()
    hidden.enter_number(Tile.parse("D0"))  # a slip: the D0 lies face up in Ben's row
    view = table.referee.view()
    assert len(record.lines) == lines  # refused by the rules: nothing written
    assert view.banner is not None and "D0" in view.banner.text
    assert Cue.ERROR in table.take_cues()
    entry = view.screen
    assert isinstance(entry, NumberEntryView) and entry.value_label == "0"  # to be corrected
    hidden.enter_number(Tile.parse("D5"))
    assert record.lines[-1] == {"event": "place", "seat": 0, "slot": 1, "tile": "D5"}


def test_an_unfinished_table_pool_record_resumes_and_is_checked_again() -> None:
    table, record, hidden = _certain_position()
    hidden.aim(1, 0, "0")
    hidden.answer(1, 0, "0", honest=False)
    assert isinstance(screen(table), ContradictionView)
    replay = replay_bytes("".join(json.dumps(o) + "\n" for o in record.lines).encode())
    # The spec: the line is the record's error until an undo takes it back; the device,
    # waiting for that undo, still resumes on the same halt.
    assert replay.error is not None and replay.error.line == len(record.lines)
    assert replay.resumable
    clock = FakeClock()
    again = Referee(clock=clock, rng=random.Random(0), record=record,
                    setup=SetupDefaults(names=NAMES), journal=replay.journal,
                    header=replay.header)
    resumed = Table(again, clock)
    assert isinstance(resumed.referee.view().screen, ContradictionView)
    resumed.tap(OK)
    assert record.lines[-1] == {"event": "undo"}
    view = resumed.referee.view().screen
    assert isinstance(view, TurnView) and view.step is TurnStep.CONTINUE


# -- training hints and the review ------------------------------------------------------------


def test_training_hints_show_the_public_odds_to_the_held_seat_only() -> None:
    table, record, hidden = _certain_position(training=True)
    assert "%" not in repr(table.referee.view())  # never on the public screen
    table.press(table.seat(0))
    hints = table.referee.private_view()
    table.release(table.seat(0))
    assert hints is not None and hints.purpose is PrivatePurpose.HINTS and hints.seat == 0
    assert [p.label for p in hints.row] == ["0", "1", "2", "3"]
    assert hints.message == "Ben's panel 1: 0 100%"
    # Another seat's button shows nothing: it is not their turn.
    table.press(table.seat(1))
    assert table.referee.private_view() is None
    table.release(table.seat(1))


def test_training_off_no_probability_is_shown_in_a_certain_position() -> None:
    table, record, hidden = _certain_position(training=False)
    no_hints_anywhere(table)
    hidden.aim(1, 0, "0")
    no_hints_anywhere(table)


def test_the_review_names_a_sure_guess_not_taken_and_the_riskiest_hits() -> None:
    table, record, hidden = _certain_position()
    hidden.stop(0)  # Ann stops while Ben's D0, D1, D2 are certain
    hidden.draw(tile=Tile.parse("L0"))
    assert not hidden.guess(1, 0, 0, "0")
    hidden.place_face_up(1)
    hidden.draw(tile=Tile.parse("L1"))
    for slot in _hidden_slots(table, 1):  # Ben's L0 now stands among them, face up
        assert hidden.guess(0, 1, slot, hidden.rows[1][slot].tile.value)
    hidden.show_bonus(0)
    table.tap(OK)
    final = screen(table)
    assert isinstance(final, FinalView) and "review" in final.prompt
    table.tap(NEXT)
    review = screen(table)
    assert isinstance(review, ReviewView)
    lines = [line for page in _pages(table) for line in page]
    missed = [line for line in lines if not line.good]
    assert len(missed) == 1
    assert missed[0].text.startswith("Round 1: Ann stopped while Ben's panel 1 was surely the "
                                     "dark 0 (and 2 more)")
    hits = [line for line in lines if line.good]
    # Ann's first hit, the D3 at Ben's fourth panel, was the one real risk.
    assert "dark 3 at Ben's panel 4" in hits[0].text
    table.tap(OK)
    assert isinstance(screen(table), FinalView)


def _pages(table: Table) -> list[tuple]:
    first = screen(table)
    assert isinstance(first, ReviewView)
    pages = [first.lines]
    for _ in range(first.pages - 1):
        table.tap(NEXT)
        page = screen(table)
        assert isinstance(page, ReviewView)
        pages.append(page.lines)
    table.tap(NEXT)
    back = screen(table)
    assert isinstance(back, ReviewView) and back.page == 1
    return pages


def test_dealing_by_colour_counts_the_pool_and_back_takes_a_colour_back() -> None:
    table, record = start(2, timer=False)
    deal = screen(table)
    assert isinstance(deal, ColourRowView)
    assert (deal.dark_left, deal.light_left) == (12, 12)
    table.tap(OK)  # dark
    table.tap(NEXT)
    table.tap(OK)  # light
    deal = screen(table)
    assert isinstance(deal, ColourRowView) and deal.entered == (True, False)
    assert (deal.dark_left, deal.light_left) == (11, 11)
    table.tap(BACK)
    deal = screen(table)
    assert isinstance(deal, ColourRowView) and deal.entered == (True,)
    table.tap(OK, 4)
    assert record.events("deal") == [{"event": "deal", "seat": 0,
                                      "row": ["D?", "L?", "L?", "L?"]}]
    ben = screen(table)
    assert isinstance(ben, ColourRowView) and ben.seat == 1 and ben.light_left == 9
    assert table.referee.private_view() is None


def test_only_the_target_answers() -> None:
    table, record, hidden = _certain_position()
    hidden.aim(1, 0, "0")
    lines = len(record.lines)
    table.tap(table.seat(0))  # Ann cannot answer for Ben
    assert len(record.lines) == lines
    view = table.referee.view()
    assert isinstance(view.screen, JudgeView) and view.banner is not None
    assert "Ben" in view.banner.text
    table.tap(BACK)  # Ann takes the number back before Ben answers
    back = screen(table)
    assert isinstance(back, TurnView) and back.step is TurnStep.VALUE
    assert len(record.lines) == lines


def test_the_timer_waits_while_the_target_answers() -> None:
    table, record, hidden = _certain_position()  # Ann may attack again: her clock runs
    hidden.aim(1, 0, "0")
    table.wait(300)  # Ben takes his time: that is not Ann's thinking time
    assert not record.events("timeout")
    view = table.referee.view()
    assert isinstance(view.screen, JudgeView)
    assert view.timer is not None and view.timer.paused
    hidden.answer(1, 0, "0")
    table.wait(81)  # after the answer, Ann's next decision is timed again, and runs out
    view = table.referee.view()
    # After a right guess the time running out means she stops: no timeout, no penalty.
    assert not record.events("timeout")
    assert isinstance(view.screen, TurnView) and view.screen.step is TurnStep.CLAIM_HIDDEN
    assert view.banner is not None and "stops" in view.banner.text


def test_the_review_is_in_the_menu_once_the_game_is_over_and_not_before() -> None:
    table, record, hidden = _certain_position()
    table.tap(BACK)
    menu = table.referee.view().overlay
    assert menu is not None and "Review the game" not in menu.items
    table.tap(BACK)
    for slot in (0, 1, 2):
        assert hidden.guess(0, 1, slot, str(slot))
    hidden.show_bonus(0)
    table.tap(OK)
    assert isinstance(screen(table), FinalView)
    table.tap(BACK)
    menu = table.referee.view().overlay
    assert menu is not None and "Review the game" in menu.items
    table.tap(NEXT, menu.items.index("Review the game"))
    table.tap(OK)
    review = screen(table)
    assert isinstance(review, ReviewView) and review.lines
    table.tap(BACK)
    assert isinstance(screen(table), FinalView)


def test_undoing_a_draw_says_to_put_the_panel_back_among_the_face_down_ones() -> None:
    table, record = start(2, timer=False)
    hidden = HiddenTable.from_rows(table, [["L4", "D6", "L8", "D11"], ["D0", "D1", "D2", "D3"]])
    hidden.enter_row(0)
    hidden.enter_row(1)
    hidden.draw(tile=Tile.parse("D5"))
    table.press(BACK)
    table.wait(2.5)  # BACK held: the undo question
    table.release(BACK)
    table.tap(OK)
    view = table.referee.view()
    assert record.lines[-1] == {"event": "undo"}
    assert view.banner is not None and "face down" in view.banner.text
    assert "box" not in view.banner.text
    again = view.screen
    assert isinstance(again, TurnView) and again.step is TurnStep.CHOOSE_COLOR


def test_the_final_standings_show_how_to_open_the_review() -> None:
    table, record, hidden = _certain_position()
    for slot in (0, 1, 2):
        assert hidden.guess(0, 1, slot, str(slot))
    hidden.show_bonus(0)
    table.tap(OK)
    view = table.referee.view()
    assert isinstance(view.screen, FinalView)
    assert view.banner is None  # the footer shows the prompt, which names the review
    assert view.screen.prompt.startswith("NEXT: review the game")


def _lie_then(table: Table, hidden: HiddenTable) -> None:
    """Ben answers "wrong" to Ann's right guess of his D0; nothing shows it yet."""
    hidden.enter_row(0)
    hidden.enter_row(1)
    hidden.draw(tile=Tile.parse("D5"))
    hidden.aim(1, 0, "0")
    hidden.answer(1, 0, "0", honest=False)
    assert isinstance(screen(table), TurnView)  # D1.. could still stand there
    hidden.place_face_up(0)


def test_a_lie_is_caught_when_the_same_guess_is_answered_right_later() -> None:
    table, record = start(2, timer=False)
    hidden = HiddenTable.from_rows(table, [["L4", "D6", "L8", "D11"], ["D0", "D1", "D2", "D3"]])
    _lie_then(table, hidden)
    hidden.draw(tile=Tile.parse("L5"))
    assert not hidden.guess(1, 0, 0, "9")
    hidden.place_face_up(1)
    hidden.draw(tile=Tile.parse("L10"))
    assert hidden.guess(0, 1, 0, "0")  # the same guess, answered "right" this time
    halt = screen(table)
    assert isinstance(halt, ContradictionView)
    assert halt.sentence == 'Ben answered "wrong" to 0 at panel 1, but that panel is D0'
    table.tap(OK)  # undo the "right": which answer lied, the table sorts out
    assert isinstance(screen(table), TurnView)


def test_a_lie_is_caught_when_the_panel_is_shown_for_the_bonus() -> None:
    table, record = start(2, timer=False)
    hidden = HiddenTable.from_rows(table, [["D0", "D1", "D2", "D3"], ["L4", "D6", "L8", "D11"]])
    hidden.enter_row(0)
    hidden.enter_row(1)
    hidden.draw(tile=Tile.parse("D5"))
    hidden.aim(1, 1, "6")
    hidden.answer(1, 1, "6", honest=False)  # Ben's D6: "wrong"
    hidden.place_face_up(0)
    hidden.draw(tile=Tile.parse("L10"))
    for slot in _hidden_slots(table, 0):
        assert hidden.guess(1, 0, slot, hidden.rows[0][slot].tile.value)
    # Ben wins and shows his panels for the bonus: the D6 he denied is there.
    hidden.show_bonus(1)
    halt = screen(table)
    assert isinstance(halt, ContradictionView)
    assert halt.sentence == 'Ben answered "wrong" to 6 at panel 2, but that panel is D6'
    assert record.lines[-1]["event"] == "bonus"
    table.tap(OK)
    assert record.lines[-1] == {"event": "undo"}
    assert isinstance(screen(table), NumberEntryView)  # the bonus, to be entered again

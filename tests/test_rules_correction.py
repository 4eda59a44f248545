"""A panel entered wrong and found out later: undo back to its entry, the real panel, and
the later events judged anew, in a record that stays the spec's record."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules_lines import ANN_BEN, ANN_ROW, deal, draw, guess, place, record_bytes, rnd
from test_rules_properties import Line, apply_line, legal_event, tables

from coda_pi.record import Journal
from coda_pi.replay import replay_bytes
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.correction import FIX_KEY, PanelFix, correct_panel, origin_of
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Tile

# Ben's real row is D0 L2 D6 L11; the device was told L3 for his second panel.
BEN_ENTERED = ("D0", "L3", "D6", "L11")
START: list[Line] = [rnd(), deal(0, *ANN_ROW), deal(1, *BEN_ENTERED)]
L2 = Tile.parse("L2")


def replayed(*lines: Line) -> CodaGame:
    result = replay_bytes(record_bytes(ANN_BEN, *lines))
    assert result.error is None, result.error
    return result.game


def test_a_right_guess_of_the_number_the_device_had_is_wrong_after_all() -> None:
    """Ann guesses Ben's second panel is 3; the device says right, and the panel knocked down
    shows L2. The table corrects it: the guess is wrong, Ann loses her point and places her
    drawn panel face up; the record keeps the whole story and replays to the new state."""
    events = [*START, draw(0, "D2"), guess(0, 1, 1, "3")]
    assert replayed(*events).totals() == [1, 0]
    fix = correct_panel(ANN_BEN, events, PanelFix(1, 1, L2))
    assert fix.lines[:3] == [{"event": "undo"}] * 3
    assert fix.lines[3] == deal(1, "D0", "L2", "D6", "L11") | {FIX_KEY: {"slot": 1, "was": "L3"}}
    assert fix.lines[4:] == [draw(0, "D2"), guess(0, 1, 1, "3")]
    assert fix.flipped == guess(0, 1, 1, "3") and fix.now_right is False
    assert fix.dropped == [] and fix.kept == 2 and fix.was == Tile.parse("L3")
    game = replayed(*events, *fix.lines)
    assert game == fix.game
    assert game.totals() == [0, 0] and game.phase is Phase.PENALTY
    assert not game.rows[1][1].revealed and game.rows[1][1].tile == L2
    said = fix.describe(["Ann", "Ben"])
    assert "Ann's guess \"Ben's panel 2 is 3\" is wrong after all: Ben, stand it up again" in said


def test_a_wrong_guess_of_the_real_number_is_right_after_all_and_later_play_is_taken_back(
) -> None:
    events = [*START, draw(0, "D2"), guess(0, 1, 1, "2"), place(0, 1), draw(1, "L5")]
    assert replayed(*events).totals() == [0, 0]
    fix = correct_panel(ANN_BEN, events, PanelFix(1, 1, L2))
    assert fix.flipped == guess(0, 1, 1, "2") and fix.now_right is True
    assert fix.dropped == [place(0, 1), draw(1, "L5")]
    game = replayed(*events, *fix.lines)
    assert game.totals() == [1, 0] and game.phase is Phase.CONTINUE and game.turn == 0
    assert game.rows[1][1].revealed
    said = fix.describe(["Ann", "Ben"])
    assert "is right after all: Ben, knock it down" in said
    assert "2 later actions taken back" in said


def test_a_correction_that_changes_no_judgement_keeps_every_later_event() -> None:
    events = [*START, draw(0, "D2"), guess(0, 1, 2, "6"), guess(0, 1, 0, "5"), place(0, 1)]
    before = replayed(*events)
    fix = correct_panel(ANN_BEN, events, PanelFix(1, 1, L2))
    assert fix.flipped is None and fix.dropped == [] and fix.kept == 4
    game = replayed(*events, *fix.lines)
    assert game.totals() == before.totals() and game.phase is before.phase
    assert [s.tile for s in game.rows[1]] == [Tile.parse(t) for t in ("D0", "L2", "D6", "L11")]
    assert fix.describe(["Ann", "Ben"]) == "Nothing else changes"


def test_a_drawn_panel_is_corrected_at_its_draw_and_its_place_checked_again() -> None:
    # Ann entered D5 for a panel that is really D8, missed, and stood it face up in slot 2.
    events = [*START, draw(0, "D5"), guess(0, 1, 0, "4"), place(0, 2)]
    assert origin_of(ANN_BEN, events, 0, 2) == (3, None)
    fix = correct_panel(ANN_BEN, events, PanelFix(0, 2, Tile.parse("D8")))
    assert fix.lines[3] == draw(0, "D8") | {FIX_KEY: {"was": "D5"}}
    # D8 cannot stand left of L7: the place no longer fits, and Ann places it again.
    assert fix.refused is not None and fix.dropped == [place(0, 2)]
    game = replayed(*events, *fix.lines)
    assert game.phase is Phase.PENALTY and game.drawn == Tile.parse("D8")
    # A real panel that still fits keeps the place.
    fine = correct_panel(ANN_BEN, events, PanelFix(0, 2, Tile.parse("L6")))
    assert fine.dropped == [] and fine.kept == 2
    assert replayed(*events, *fine.lines).rows[0][2].tile == Tile.parse("L6")


def test_a_panel_still_in_hand_is_corrected_too() -> None:
    events = [*START, draw(0, "D5"), guess(0, 1, 0, "0")]
    fix = correct_panel(ANN_BEN, events, PanelFix(0, None, Tile.parse("D9")))
    assert replayed(*events, *fix.lines).drawn == Tile.parse("D9")


@pytest.mark.parametrize(("fix", "message"), [
    (PanelFix(1, 1, Tile.parse("D4")), "D4 cannot be there"),  # in Ann's row by the entries
    (PanelFix(1, 1, Tile.parse("L7")), "L7 cannot be there"),
    (PanelFix(1, 1, Tile.parse("D8")), "D8 cannot be there"),  # breaks Ben's order
    (PanelFix(1, 1, Tile.parse("L3")), "already has L3"),
    (PanelFix(1, 9, L2), "no such panel"),
    (PanelFix(0, None, L2), "holds no drawn panel"),
])
def test_a_correction_that_cannot_stand_is_refused_with_the_reason(
    fix: PanelFix, message: str,
) -> None:
    with pytest.raises(RuleError, match=message):
        correct_panel(ANN_BEN, [*START, draw(0, "D2"), guess(0, 1, 0, "5"), place(0, 1)], fix)


@settings(max_examples=80, deadline=None)
@given(tables(), st.integers(1, 150), st.data())
def test_any_correction_replays_to_what_it_says(
    table: tuple[Line, int], steps: int, data: st.DataObject,
) -> None:
    head, seed = table
    rng = random.Random(seed)
    journal = Journal(CodaGame.from_header(head), apply_line)
    for _ in range(steps):
        if journal.game.finished:
            break
        journal.apply(legal_event(journal.game, rng))
    game = journal.game
    if game.round_number == 0 or not game.rows or not any(game.rows):
        return
    seat = data.draw(st.sampled_from([s for s in range(game.seats) if game.rows[s]]))
    slot = data.draw(st.integers(0, len(game.rows[seat]) - 1))
    real = data.draw(st.sampled_from(sorted(game.unseen, key=str) or [Tile.parse("D0")]))
    events = list(journal.events)
    try:
        fix = correct_panel(head, events, PanelFix(seat, slot, real))
    except RuleError:
        return  # the real panel does not fit the row: the table must look again
    index = origin_of(head, events, seat, slot)[0]
    assert fix.lines[: len(events) - index] == [{"event": "undo"}] * (len(events) - index)
    assert fix.kept + len(fix.dropped) == len(events) - index - 1
    if fix.dropped:  # only a changed judgement or a refusal ends the events that stand
        assert (fix.flipped is None) != (fix.refused is None)
    assert fix.refused is None or fix.dropped
    after = replay_bytes(record_bytes(head, *events, *fix.lines))
    assert after.error is None
    assert after.game == fix.game
    assert after.summary()["totals"] == after.game.totals()

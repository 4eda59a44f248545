"""The timer rule: the penalty before the turn's first guess, a plain stop after it."""

from __future__ import annotations

from test_rules_lines import ANN_BEN, ANN_ROW, BEN_ROW, deal, draw, guess, play, rnd, stop

from coda_pi.rules.coda import Phase
from coda_pi.rules.coda_events import Stop, Timeout, to_dict
from coda_pi.rules.tiles import legal_slots
from coda_pi.rules.time_up import SHOW_THE_PLACE, time_up

DEALT = [rnd(), deal(0, *ANN_ROW), deal(1, *BEN_ROW)]


def test_time_up_before_the_first_guess_is_the_penalty() -> None:
    game = play(ANN_BEN, *DEALT, draw(0, "D2"))
    assert game.phase is Phase.ATTACK
    assert time_up(game) == Timeout(0)


def test_time_up_after_a_right_guess_is_a_stop_without_penalty() -> None:
    game = play(ANN_BEN, *DEALT, draw(0, "D2"), guess(0, 1, 0, "0"))
    assert game.phase is Phase.CONTINUE
    assert time_up(game) == SHOW_THE_PLACE  # the player shows where D2 goes
    # Written as the spec's stop once the place is shown: the panel stands hidden, Ann keeps
    # her point, and it is Ben's turn.
    after = play(ANN_BEN, *DEALT, draw(0, "D2"), guess(0, 1, 0, "0"), stop(0, 1))
    assert after.totals() == [1, 0] and after.turn == 1
    assert not after.rows[0][1].revealed


def test_time_up_after_a_right_guess_with_an_empty_pool_is_a_stop_at_once() -> None:
    # Sixteen draws empty the pool of 24 - 8: every one of them a miss, placed face up.
    lines = list(DEALT)
    game = play(ANN_BEN, *lines)
    while game.pool_size:
        seat = game.turn
        assert seat is not None
        tile = game.pool_tiles()[0]
        other = 1 - seat
        hidden = game.hidden_slots(other)[0]
        wrong = next(v for v in map(str, range(12)) if v != game.rows[other][hidden].tile.value)
        row = [s.tile for s in game.rows[seat]]
        lines += [draw(seat, str(tile)), guess(seat, other, hidden, wrong),
                  {"event": "place", "seat": seat, "slot": legal_slots(row, tile)[0]}]
        game = play(ANN_BEN, *lines)
    seat = game.turn
    assert seat is not None and game.phase is Phase.ATTACK
    hidden = game.hidden_slots(1 - seat)[0]
    value = game.rows[1 - seat][hidden].tile.value
    game = play(ANN_BEN, *lines, guess(seat, 1 - seat, hidden, value))
    assert game.phase is Phase.CONTINUE and game.drawn is None  # 3 of 4 still stand
    event = time_up(game)
    assert event == Stop(seat)
    after = play(ANN_BEN, *lines, guess(seat, 1 - seat, hidden, value), to_dict(event))
    assert after.turn == 1 - seat and after.totals()[seat] == 1


def test_no_decision_pending_means_nothing_to_do() -> None:
    assert time_up(play(ANN_BEN, rnd())) is None
    game = play(ANN_BEN, *DEALT)
    assert game.phase is Phase.DRAW
    assert time_up(game) is None

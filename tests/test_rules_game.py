"""The Coda game rule by rule: each legal move, and each refusal in the words a player reads.

Ann's row is the rules' example (D1 D4 L7 L10), Ben's is D0 L3 D6 L11; every refusal is
also checked to leave the game exactly as it was.
"""

from __future__ import annotations

import random

import pytest
from test_rules_lines import (
    ANN_BEN,
    ANN_BEN_CY,
    FOUR,
    UNDO,
    Line,
    deal,
    dealt,
    draw,
    guess,
    header,
    place,
    play,
    refuse,
    reveal,
    rnd,
    row_of,
    stop,
    timeout,
)

from coda_pi.record import Journal
from coda_pi.rules import dealer
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Color

SWEEP_BEN = [guess(0, 1, 0, "0"), guess(0, 1, 1, "3"), guess(0, 1, 2, "6"), guess(0, 1, 3, "11")]


def go(game: CodaGame, *lines: Line) -> CodaGame:
    for line in lines:
        game.apply(parse_event(line))
    return game


def points(game: CodaGame) -> list[int]:
    return game.totals()


# -- the deal ------------------------------------------------------------------------------


def test_nothing_is_dealt_or_drawn_before_the_round_starts() -> None:
    game = play(ANN_BEN)
    assert refuse(game, deal(0, "D1", "D4", "L7", "L10")).message == "start a round first"
    assert refuse(game, draw(0, "D2")).message == "start a round first"
    assert refuse(game, guess(0, 1, 0, "0")).message == "start a round first"


def test_each_seat_is_dealt_once_from_the_pool_in_any_order() -> None:
    game = play(ANN_BEN, rnd(), deal(1, "D0", "L3", "D6", "L11"))
    assert game.turn is None
    assert refuse(game, draw(0, "D2")).message == "deal every player's panels first"
    assert refuse(game, deal(1, "D1", "D4", "L7", "L10")).message == "Ben has been dealt already"
    assert refuse(game, deal(2, "D1", "D4", "L7", "L10")).message == (
        "there is no seat 2 at this table of 2"
    )
    assert refuse(game, deal(0, "D0", "D4", "L7", "L10")).message == "D0 is not in the pool"
    assert refuse(game, deal(0, "D1", "D1", "L7", "L10")).message == "D1 is not in the pool"
    assert refuse(game, deal(0, "D1", "D4", "L7")).message == "a starting row has 4 panels, not 3"
    go(game, deal(0, "D1", "D4", "L7", "L10"))
    assert game.turn == 0 and game.phase is Phase.DRAW
    assert game.pool_size == 16
    assert refuse(game, deal(0, "D2", "D3", "D5", "D7")).message == (
        "the panels have been dealt already"
    )


def test_a_dealt_row_out_of_order_is_refused_naming_the_pair() -> None:
    game = play(ANN_BEN, rnd())
    err = refuse(game, deal(0, "D4", "D1", "L7", "L10"))
    assert (err.message, err.detail) == ("row out of order", "D4 cannot stand left of D1")
    err = refuse(game, deal(0, "D1", "L5", "D5", "L10"))
    assert (err.message, err.detail) == ("row out of order", "L5 cannot stand left of D5")
    go(game, deal(0, "D1", "D5", "L5", "L10"))
    assert row_of(game, 0) == ["D1", "D5", "L5", "L10"]


def test_dashes_only_in_advanced_play() -> None:
    game = play(ANN_BEN, rnd())
    assert refuse(game, deal(0, "D-", "D1", "L7", "L10")).message == (
        "there are no dashes in this game"
    )
    game = dealt()
    assert refuse(game, draw(0, "L-")).message == "there are no dashes in this game"
    go(game, draw(0, "D8"))
    assert refuse(game, guess(0, 1, 0, "-")).message == "there are no dashes in this game"


@pytest.mark.parametrize("slot", range(5))
def test_a_dash_is_dealt_anywhere_even_left_of_a_zero(slot: int) -> None:
    numbered = ["D0", "L0", "D6", "L11"]
    row = [*numbered[:slot], "L-", *numbered[slot:]]
    game = play(header(dashes=True, hand=5), rnd(), deal(0, *row))
    assert row_of(game, 0) == row


def test_a_dash_never_moves_as_panels_join_the_row() -> None:
    game = dealt(header(dashes=True), ("D-", "D1", "L7", "L10"), ("D0", "L3", "D6", "L11"))
    go(game, draw(0, "L0"), guess(0, 1, 1, "2"))
    # L0 may go left or right of the dash: the dash keeps its place among the others
    go(game, place(0, 0))
    assert row_of(game, 0) == ["l0", "D-", "D1", "L7", "L10"]
    go(game, draw(1, "L-"), guess(1, 0, 1, "-"), stop(1, 4))
    assert row_of(game, 0) == ["l0", "d-", "D1", "L7", "L10"]
    assert row_of(game, 1) == ["D0", "L3", "D6", "L11", "L-"]
    assert game.totals() == [0, 1]


def test_four_players_are_dealt_three_panels_and_the_hand_override_changes_it() -> None:
    game = play(FOUR, rnd())
    assert refuse(game, deal(0, "D1", "D4", "L7", "L10")).message == (
        "a starting row has 3 panels, not 4"
    )
    go(game, deal(0, "D1", "D4", "L7"), deal(1, "D0", "L3", "D6"),
       deal(2, "D2", "L2", "D9"), deal(3, "L0", "D5", "L9"))
    assert game.turn == 0 and game.pool_size == 12
    small = play(header(hand=3), rnd(), deal(0, "D1", "D4", "L7"))
    assert refuse(small, deal(1, "D0", "L3", "D6", "L11")).message == (
        "a starting row has 3 panels, not 4"
    )


def test_the_first_round_starts_with_the_seat_it_names() -> None:
    assert dealt(first=1).turn == 1
    assert dealt().turn == 0
    game = play(ANN_BEN)
    assert refuse(game, rnd(2)).message == "there is no seat 2 at this table of 2"


# -- drawing ------------------------------------------------------------------------------


def test_a_turn_starts_with_a_draw_from_the_pool_by_the_current_player() -> None:
    game = dealt()
    assert refuse(game, draw(1, "D2")).message == "it is Ann's turn"
    assert refuse(game, draw(0, "D0")).message == "D0 is not in the pool"
    assert refuse(game, draw(0, "L10")).message == "L10 is not in the pool"
    assert refuse(game, draw(3, "D2")).message == "there is no seat 3 at this table of 2"
    go(game, draw(0, "D8"))
    assert game.drawn is not None and str(game.drawn) == "D8" and game.pool_size == 15
    assert refuse(game, draw(0, "D2")).message == "a panel is drawn only at the start of a turn"


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("color", list(Color))
def test_the_dealer_draws_a_panel_of_the_colour_the_player_chose(seed: int, color: Color) -> None:
    game = dealt()
    event = dealer.draw(game, color, random.Random(seed))
    game.apply(event)
    assert game.drawn is not None and game.drawn.color is color
    assert game.drawn not in game.unseen


def test_a_colour_that_has_run_out_cannot_be_drawn() -> None:
    light = tuple(f"L{n}" for n in range(12))
    game = dealt(header(hand=6), light[:6], light[6:])
    assert refuse(game, draw(0, "L3")).message == "there is no light panel left in the pool"
    with pytest.raises(RuleError) as caught:
        dealer.draw(game, Color.LIGHT, random.Random(1))
    assert caught.value.message == "there is no light panel left in the pool"
    go(game, draw(0, "D3"))
    assert str(game.drawn) == "D3"


def test_the_dealer_deals_random_rows_in_order_from_the_pool() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        game = play(header(ANN_BEN_CY, dashes=True), rnd())
        for seat in range(3):
            game.apply(dealer.deal_row(game, seat, rng))
        assert game.turn == 0 and game.pool_size == 26 - 12
        placed = [s.tile for row in game.rows for s in row]
        assert len(set(placed)) == 12


def test_a_dealt_dash_may_be_moved_anywhere_before_the_deal_is_entered() -> None:
    game = play(header(dashes=True), rnd())
    row = dealer.place_dash(tuple(parse_event(deal(0, "D0", "L4", "D9", "L-")).row),
                            parse_event(draw(0, "L-")).tile, 0)
    assert [str(t) for t in row] == ["L-", "D0", "L4", "D9"]
    with pytest.raises(RuleError) as caught:
        dealer.place_dash(row, row[0], 5)
    assert caught.value.message == "the dash goes to a slot from 0 to 3"
    go(game, {"event": "deal", "seat": 0, "row": [str(t) for t in row]})
    assert row_of(game, 0) == ["L-", "D0", "L4", "D9"]


# -- attacking -----------------------------------------------------------------------------


def test_draw_a_panel_before_you_attack() -> None:
    game = dealt()
    assert refuse(game, guess(0, 1, 0, "0")).message == "draw a panel before you attack"
    assert refuse(game, timeout(0)).message == "draw a panel before you attack"


def test_a_guess_names_another_players_hidden_panel() -> None:
    game = go(dealt(), draw(0, "D8"))
    assert refuse(game, guess(1, 0, 0, "1")).message == "it is Ann's turn"
    assert refuse(game, guess(0, 0, 0, "1")).message == "attack another player's row, not your own"
    assert refuse(game, guess(0, 2, 0, "1")).message == (
        "there is no target seat 2 at this table of 2"
    )
    assert refuse(game, guess(0, 1, 4, "1")).message == "Ben has no panel at slot 4"
    assert refuse(game, guess(0, 1, -1, "1")).message == "Ben has no panel at slot -1"
    with pytest.raises(RuleError) as caught:
        parse_event(guess(0, 1, 0, "12"))
    assert caught.value.message == "a guess names a number 0 to 11 or '-', not '12'"
    go(game, guess(0, 1, 0, "0"))
    assert refuse(game, guess(0, 1, 0, "0")).message == "Ben's panel at slot 0 is down already"


def test_a_right_guess_knocks_the_panel_down_scores_one_and_the_turn_may_go_on() -> None:
    game = go(dealt(), draw(0, "D8"), guess(0, 1, 1, "3"))
    assert row_of(game, 1) == ["D0", "l3", "D6", "L11"]
    assert points(game) == [1, 0]
    assert game.turn == 0 and game.phase is Phase.CONTINUE
    go(game, guess(0, 1, 2, "6"))
    assert points(game) == [2, 0]
    assert game.turn == 0


def test_a_referee_answer_that_disagrees_with_the_panel_is_caught() -> None:
    game = go(dealt(), draw(0, "D8"))
    assert refuse(game, guess(0, 1, 0, "0", correct=False)).message == (
        "Ben answered wrong, but the guess was right"
    )
    assert refuse(game, guess(0, 1, 0, "5", correct=True)).message == (
        "Ben answered right, but the guess was wrong"
    )
    go(game, guess(0, 1, 0, "0", correct=True))
    assert points(game) == [1, 0]


def test_after_a_right_guess_the_player_stops_and_the_drawn_panel_stands_hidden() -> None:
    game = go(dealt(), draw(0, "D8"), guess(0, 1, 0, "0"))
    assert refuse(game, stop(0)).message == "say which slot the drawn panel goes to"
    assert refuse(game, stop(0, 5)).message == "the drawn panel goes to a slot from 0 to 4, not 5"
    err = refuse(game, stop(0, 2))
    assert (err.message, err.detail) == ("row out of order", "D8 cannot stand left of L7")
    err = refuse(game, stop(0, 1))
    assert (err.message, err.detail) == ("row out of order", "D8 cannot stand left of D4")
    assert refuse(game, place(0, 2)).message == (
        "a drawn panel is placed face up only after a miss"
    )
    assert refuse(game, reveal(0, 0)).message == "you knock down your own panel only after a miss"
    go(game, stop(0, 3))
    assert row_of(game, 0) == ["D1", "D4", "L7", "D8", "L10"]
    assert game.turn == 1 and game.phase is Phase.DRAW and game.drawn is None
    assert points(game) == [1, 0]


def test_stop_only_after_a_right_guess() -> None:
    game = go(dealt(), draw(0, "D8"))
    assert refuse(game, stop(0, 2)).message == "you may stop only after a correct guess"
    go(game, guess(0, 1, 0, "5"))
    assert refuse(game, stop(0, 2)).message == "the turn is over: place the drawn panel face up"
    fresh = dealt()
    assert refuse(fresh, stop(0, 2)).message == "you may stop only after a correct guess"


def test_a_wrong_guess_ends_the_turn_with_the_drawn_panel_face_up() -> None:
    game = go(dealt(), draw(0, "D8"), guess(0, 1, 0, "5"))
    assert points(game) == [0, 0]
    assert row_of(game, 1) == ["D0", "L3", "D6", "L11"]
    assert refuse(game, guess(0, 1, 1, "3")).message == (
        "the turn is over: place the drawn panel face up"
    )
    assert refuse(game, timeout(0)).message == "the turn is over: place the drawn panel face up"
    assert refuse(game, reveal(0, 0)).message == "a panel was drawn: place it face up instead"
    assert refuse(game, place(1, 2)).message == "it is Ann's turn"
    err = refuse(game, place(0, 0))
    assert (err.message, err.detail) == ("row out of order", "D8 cannot stand left of D1")
    assert refuse(game, place(0, 2, "D9")).message == "the drawn panel is not D9"
    assert refuse(game, place(0, 2, "L8")).message == "the drawn panel is dark, not light"
    go(game, place(0, 3, "D8"))
    assert row_of(game, 0) == ["D1", "D4", "L7", "d8", "L10"]
    assert game.turn == 1 and game.phase is Phase.DRAW


def test_a_miss_after_right_guesses_keeps_their_points() -> None:
    game = go(dealt(), draw(0, "D8"), guess(0, 1, 0, "0"), guess(0, 1, 1, "4"), place(0, 3))
    assert points(game) == [1, 0]
    assert row_of(game, 0) == ["D1", "D4", "L7", "d8", "L10"]
    assert row_of(game, 1) == ["d0", "L3", "D6", "L11"]


def test_a_timeout_counts_as_a_wrong_guess() -> None:
    game = dealt()
    assert refuse(game, timeout(1)).message == "it is Ann's turn"
    go(game, draw(0, "D8"), timeout(0))
    assert refuse(game, guess(0, 1, 0, "0")).message == (
        "the turn is over: place the drawn panel face up"
    )
    go(game, place(0, 3))
    assert row_of(game, 0) == ["D1", "D4", "L7", "d8", "L10"]
    # after a right guess the timer still runs: running out ends the turn as a miss
    go(game, draw(1, "L2"), guess(1, 0, 0, "1"), timeout(1))
    assert refuse(game, stop(1, 1)).message == "the turn is over: place the drawn panel face up"
    go(game, place(1, 1))
    assert row_of(game, 1) == ["D0", "l2", "L3", "D6", "L11"]
    assert points(game) == [0, 1] and game.turn == 0


# -- the empty pool ------------------------------------------------------------------------

LIGHTS = tuple(f"L{n}" for n in range(12))
DARKS = tuple(f"D{n}" for n in range(12))


def empty_pool() -> CodaGame:
    """Ann holds every light panel, Ben every dark one: nothing is left to draw."""
    return dealt(header(hand=12), LIGHTS, DARKS)


def test_with_the_pool_empty_a_turn_starts_with_the_attack() -> None:
    game = empty_pool()
    assert game.pool_size == 0 and game.phase is Phase.ATTACK
    assert refuse(game, draw(0, "D3")).message == "the pool is empty: attack without drawing"
    go(game, guess(0, 1, 3, "3"))
    assert refuse(game, stop(0, 3)).message == (
        "no panel was drawn this turn, so there is nothing to place"
    )
    go(game, stop(0))
    assert game.turn == 1 and game.phase is Phase.ATTACK and points(game) == [1, 0]


def test_a_miss_with_nothing_drawn_knocks_down_a_panel_of_ones_own() -> None:
    game = go(empty_pool(), guess(0, 1, 3, "4"))
    assert refuse(game, place(0, 3)).message == (
        "no panel was drawn: knock down one of your own panels instead"
    )
    assert refuse(game, stop(0)).message == "the turn is over: knock down one of your own panels"
    assert refuse(game, guess(0, 1, 4, "4")).message == (
        "the turn is over: knock down one of your own panels"
    )
    assert refuse(game, reveal(0, 12)).message == "you have no panel at slot 12"
    assert refuse(game, reveal(0, 5, "L6")).message == "that panel is not L6"
    assert refuse(game, reveal(1, 5)).message == "it is Ann's turn"
    go(game, reveal(0, 5, "L5"))
    assert row_of(game, 0)[4:7] == ["L4", "l5", "L6"]
    assert game.turn == 1 and points(game) == [0, 0]
    go(game, timeout(1))
    assert refuse(game, reveal(1, 12)).message == "you have no panel at slot 12"
    go(game, reveal(1, 0), guess(0, 1, 1, "2"), reveal(0, 0))
    assert refuse(game, guess(1, 0, 5, "5")).message == "Ann's panel at slot 5 is down already"
    go(game, guess(1, 0, 1, "0"), reveal(1, 1))
    assert refuse(game, guess(0, 1, 1, "5")).message == "Ben's panel at slot 1 is down already"
    go(game, guess(0, 1, 2, "5"))
    assert refuse(game, reveal(0, 0)).message == "your panel at slot 0 is down already"


def test_knocking_down_ones_own_last_panel_puts_one_out_and_nobody_earns_the_three() -> None:
    game = empty_pool()
    for slot in range(11):
        go(game, guess(0, 1, slot, str(slot)))
    go(game, stop(0), guess(1, 0, 0, "5"))
    assert points(game) == [11, 0]
    go(game, reveal(1, 11))
    # Ann: 11 right guesses, no exposure points, 5 for the win, and her 12 standing light
    # panels 0 + 1 + ... + 11 = 66 as the bonus.
    assert game.out == [False, True]
    assert game.results[0].winner == 0
    assert points(game) == [11 + 5 + 66, 0]
    assert game.finished and game.turn is None


# -- elimination and the round's end -------------------------------------------------------

CY_ROW = ("D2", "L2", "D9", "L9")


def three() -> CodaGame:
    return dealt(ANN_BEN_CY, ("D1", "D4", "L7", "L10"), ("D0", "L3", "D6", "L11"), CY_ROW)


def test_exposing_a_whole_row_scores_three_more_and_puts_that_player_out() -> None:
    game = go(three(), draw(0, "D8"), *SWEEP_BEN)
    assert game.out == [False, True, False]
    assert points(game) == [4 + 3, 0, 0]
    assert not game.results and game.turn == 0 and game.phase is Phase.CONTINUE
    assert refuse(game, guess(0, 1, 0, "0")).message == "Ben is out"
    go(game, stop(0, 3))
    assert game.turn == 2  # Ben is skipped
    go(game, draw(2, "L5"), guess(2, 0, 0, "1"))
    assert refuse(game, guess(2, 1, 1, "3")).message == "Ben is out"
    go(game, stop(2, 2))
    assert game.turn == 0
    assert row_of(game, 2) == ["D2", "L2", "L5", "D9", "L9"]


def test_the_round_ends_when_one_player_alone_has_standing_panels() -> None:
    game = go(three(), draw(0, "D8"), *SWEEP_BEN, stop(0, 3),
              draw(2, "L5"), guess(2, 0, 0, "2"), place(2, 2),
              draw(0, "L0"), guess(0, 2, 0, "2"), guess(0, 2, 1, "2"), guess(0, 2, 3, "9"))
    assert not game.results
    go(game, guess(0, 2, 4, "9"))
    # Ann: 4 + 3 (Ben) + 5 + 3 (Cy) right guesses and exposures, 5 for the win, and the bonus
    # of her standing D1 D4 L7 D8 L10 with the drawn L0: 1 + 4 + 8 + 7 + 10 + 0 = 30.
    assert game.results[0].winner == 0
    assert game.results[0].points == (4 + 3 + 4 + 3 + 5 + 30, 0, 0)
    assert game.turn is None and game.finished
    assert refuse(game, draw(0, "D3")).message == "the game is over"
    assert refuse(game, stop(0, 0)).message == "the game is over"
    assert refuse(game, rnd()).message == "the game is over"


def test_the_bonus_counts_standing_panels_or_every_panel_and_the_drawn_one() -> None:
    lines = [
        draw(0, "D8"), guess(0, 1, 0, "5"), place(0, 3),  # Ann: D1 D4 L7 d8 L10
        draw(1, "L2"), guess(1, 0, 0, "0"), place(1, 1),  # Ben: D0 l2 L3 D6 L11
        draw(0, "D9"), guess(0, 1, 0, "0"), guess(0, 1, 2, "3"), guess(0, 1, 3, "6"),
        guess(0, 1, 4, "11"),
    ]
    hidden = go(dealt(), *lines)
    every = go(dealt(header(bonus="all")), *lines)
    # 4 right guesses, 3 for Ben's row, 5 for the round; standing D1 D4 L7 L10 = 22 and the
    # drawn D9; "all" adds the face-up D8.
    assert hidden.totals() == [4 + 3 + 5 + 22 + 9, 0]
    assert every.totals() == [4 + 3 + 5 + 22 + 9 + 8, 0]
    assert row_of(hidden, 1) == ["d0", "l2", "l3", "d6", "l11"]


def test_the_sweep_scores_like_the_tournament_rules() -> None:
    game = go(dealt(), draw(0, "D8"), *SWEEP_BEN)
    assert game.summary()["rounds"] == [{"winner": 0, "points": [42, 0]}]


# -- tournaments ---------------------------------------------------------------------------


def test_the_winner_starts_the_next_round_and_only_the_winner() -> None:
    game = go(dealt(header(rounds=2), first=1), draw(1, "D2"), guess(1, 0, 0, "3"), place(1, 1))
    go(game, draw(0, "D8"), guess(0, 1, 0, "0"), guess(0, 1, 2, "3"), guess(0, 1, 3, "6"),
       guess(0, 1, 4, "11"))
    assert game.results[0].winner == 0 and not game.finished and game.turn is None
    assert refuse(game, draw(1, "D3")).message == "start a round first"
    assert refuse(game, rnd(1)).message == "the winner of the last round, Ann, starts"
    assert refuse(game, rnd(7)).message == "the winner of the last round, Ann, starts"
    go(game, rnd(0))
    assert refuse(game, rnd()).message == "the round is still being played"
    # every panel is back in the pool: the same rows may be dealt again
    go(game, deal(0, "D1", "D4", "L7", "L10"), deal(1, "D0", "L3", "D6", "L11"))
    assert game.turn == 0 and game.pool_size == 16 and game.drawn is None
    assert game.rows[1][0].revealed is False


def test_a_later_round_without_first_starts_with_the_winner() -> None:
    game = go(dealt(header(rounds=3)), draw(0, "L0"), guess(0, 1, 0, "1"), place(0, 0))
    ben_sweeps = [guess(1, 0, 1, "1"), guess(1, 0, 2, "4"), guess(1, 0, 3, "7"),
                  guess(1, 0, 4, "10")]
    go(game, draw(1, "L4"), *ben_sweeps)
    # Ben: 4 + 3 + 5 and his standing D0 L3 D6 L11 and drawn L4: 0 + 3 + 6 + 11 + 4 = 24
    assert game.results[0].points == (0, 4 + 3 + 5 + 24)
    go(game, rnd(), deal(0, *("D1", "D4", "L7", "L10")), deal(1, *("D0", "L3", "D6", "L11")))
    assert game.turn == 1
    go(game, draw(1, "D5"), guess(1, 0, 0, "1"), guess(1, 0, 1, "4"), guess(1, 0, 2, "7"),
       guess(1, 0, 3, "10"))
    # round 2: Ben 4 + 3 + 5 + (0 + 3 + 6 + 11) + 5 drawn = 37
    assert [r.points for r in game.results] == [(0, 36), (0, 37)]
    assert game.totals() == [0, 73]
    assert game.summary()["totals"] == [0, 73] and not game.finished


def test_totals_include_the_round_being_played() -> None:
    game = go(dealt(header(rounds=2)), draw(0, "D8"), *SWEEP_BEN, rnd(),
              deal(0, "D1", "D4", "L7", "L10"), deal(1, "D0", "L3", "D6", "L11"),
              draw(0, "D8"), guess(0, 1, 0, "0"))
    assert game.summary()["totals"] == [43, 0]
    assert game.summary()["rounds"] == [{"winner": 0, "points": [42, 0]}]


# -- undo ----------------------------------------------------------------------------------


def journal(head: Line) -> Journal[CodaGame]:
    return Journal(CodaGame.from_header(head), lambda g, obj: g.apply(parse_event(obj)))


def test_undo_takes_back_events_one_by_one_across_turns_and_rounds() -> None:
    lines = [rnd(), deal(0, "D1", "D4", "L7", "L10"), deal(1, "D0", "L3", "D6", "L11"),
             draw(0, "D8"), guess(0, 1, 0, "5"), place(0, 3), draw(1, "L2"),
             guess(1, 0, 0, "1"), stop(1, 1), draw(0, "D9"), *SWEEP_BEN[:1],
             guess(0, 1, 1, "2"), guess(0, 1, 2, "3"), guess(0, 1, 3, "6"), guess(0, 1, 4, "11"),
             rnd(),
             deal(0, "D1", "D4", "L7", "L10"), deal(1, "D0", "L3", "D6", "L11"), draw(0, "D2")]
    j = journal(header(rounds=2))
    states = [j.game.copy()]
    for line in lines:
        j.apply(line)
        states.append(j.game.copy())
    assert j.game.results[0].winner == 0
    for back in range(len(lines)):
        assert j.undo() == lines[-1 - back]
        assert j.game == states[-2 - back]
    assert j.game == CodaGame.from_header(header(rounds=2))
    with pytest.raises(RuleError) as caught:
        j.undo()
    assert caught.value.message == "there is nothing to undo"


def test_an_undone_finish_may_be_played_differently() -> None:
    j = journal(ANN_BEN)
    for line in [rnd(), deal(0, "D1", "D4", "L7", "L10"), deal(1, "D0", "L3", "D6", "L11"),
                 draw(0, "D8"), *SWEEP_BEN]:
        j.apply(line)
    assert j.game.finished
    assert j.undo() == SWEEP_BEN[-1]
    assert not j.game.finished and j.game.totals() == [3, 0]
    j.apply(stop(0, 3))
    assert j.game.turn == 1 and j.game.totals() == [3, 0]


def test_the_engine_itself_refuses_undo_so_only_the_journal_takes_back() -> None:
    game = dealt()
    assert refuse(game, UNDO).message == "undo is applied by the journal, not by the game"


def test_an_unknown_event_is_named() -> None:
    game = dealt()
    with pytest.raises(RuleError) as caught:
        game.apply(parse_event({"event": "pass", "seat": 0}))
    assert caught.value.message == "unknown event 'pass'"
    with pytest.raises(RuleError) as caught:
        parse_event({"seat": 0})
    assert caught.value.message == "unknown event None"
    with pytest.raises(RuleError) as caught:
        parse_event(["draw"])
    assert caught.value.message == "an event must be a JSON object"


def test_the_same_seed_deals_and_draws_the_same_game_and_other_seeds_do_not() -> None:
    def opening(seed: int) -> list[Line]:
        rng = random.Random(seed)
        game = play(header(ANN_BEN_CY, dashes=True), rnd())
        lines = []
        for seat in range(3):
            event = dealer.deal_row(game, seat, rng)
            game.apply(event)
            lines.append(event)
        event = dealer.draw(game, Color.DARK, rng)
        game.apply(event)
        return [*lines, event]

    assert opening(7) == opening(7)
    assert len({tuple(map(str, opening(seed))) for seed in range(20)}) == 20


def test_a_dealt_dash_waits_at_the_right_end_for_the_player_to_place_it() -> None:
    for seed in range(40):
        game = play(header(dashes=True, hand=12), rnd())
        row = dealer.deal_row(game, 0, random.Random(seed)).row
        dashes = [i for i, t in enumerate(row) if t.dash]
        assert dashes == list(range(12 - len(dashes), 12))

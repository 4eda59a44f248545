"""The shipped codebreaker, played against every secret."""

from __future__ import annotations

from fractions import Fraction

import pytest

from coda_pi.rules.errors import RuleError
from coda_pi.rules.mastermind import Feedback, all_codes, feedback
from coda_pi.rules.mastermind_deduction import consistent_codes
from coda_pi.rules.mastermind_strategy import Strategy

# Koyama & Lai (1993) and Ville (2013): the fewest guesses on average any strategy needs.
OPTIMUM = {False: Fraction(5625, 1296), True: Fraction(11228, 2401)}
ROWS = 10


@pytest.mark.parametrize("blanks", [False, True], ids=["6x4", "7x4"])
def test_the_tree_breaks_every_secret_within_the_rows(blanks):
    strategy = Strategy.load(4, blanks)
    lengths = []
    for secret in all_codes(4, blanks):
        guesses = strategy.tree_path(secret)
        assert guesses[-1] == secret
        assert len(guesses) <= ROWS
        lengths.append(len(guesses))
    average = Fraction(sum(lengths), len(lengths))
    assert average >= OPTIMUM[blanks]  # nobody beats the proven optimum
    # what the file says about itself is what playing it gives
    assert strategy.info["total"] == sum(lengths)
    assert strategy.info["worst"] == max(lengths)
    assert strategy.info["optimal"] == (average == OPTIMUM[blanks])


@pytest.mark.parametrize("blanks", [False, True], ids=["6x4", "7x4"])
def test_the_shipped_strategies_reach_the_known_optimum(blanks):
    strategy = Strategy.load(4, blanks)
    codes = all_codes(4, blanks)
    total = sum(len(strategy.tree_path(secret)) for secret in codes)
    assert Fraction(total, len(codes)) == OPTIMUM[blanks]


def test_play_uses_next_guess_and_ends_on_the_secret():
    strategy = Strategy.load()
    for secret in ("BBBB", "RGBY", "YYWK", "GWKG"):
        guesses = strategy.play(secret)
        assert guesses == strategy.tree_path(secret)


def test_every_guess_after_the_first_rows_keeps_the_secret_possible_at_the_end():
    strategy = Strategy.load()
    secret = "KWYR"
    rows: list[tuple[str, Feedback]] = []
    while not rows or rows[-1][1] != Feedback(4, 0):
        guess = strategy.next_guess(rows)
        rows.append((guess, feedback(secret, guess)))
        assert secret in consistent_codes(rows)


def test_off_the_tree_a_human_breakers_rows_still_get_a_good_guess():
    strategy = Strategy.load()
    secret = "RGBY"
    rows = [("WWWW", feedback(secret, "WWWW")), ("KKRR", feedback(secret, "KKRR"))]
    for _ in range(8):
        guess = strategy.next_guess(rows)
        fb = feedback(secret, guess)
        rows.append((guess, fb))
        if fb == Feedback(4, 0):
            break
    assert rows[-1] == (secret, Feedback(4, 0))
    assert len(rows) <= 8


def test_rows_that_contradict_each_other_are_named():
    strategy = Strategy.load()
    rows = [("BBGG", Feedback(0, 0)), ("BBBB", Feedback(1, 0))]  # no blue, yet a blue
    with pytest.raises(RuleError) as caught:
        strategy.next_guess(rows)
    assert caught.value.message == "row 2's answer contradicts row 1's"


def test_next_guess_after_a_win_is_refused():
    with pytest.raises(RuleError):
        Strategy.load().next_guess([("RGBY", Feedback(4, 0))])


def test_an_unshipped_board_is_a_clear_error():
    with pytest.raises(RuleError) as caught:
        Strategy.load(5, False)
    assert "no codebreaking strategy" in caught.value.message

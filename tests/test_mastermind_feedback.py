"""Key pegs: Knuth's vectors, the classic first-guess split, and a slow twin."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coda_pi.rules.errors import RuleError
from coda_pi.rules.mastermind import (
    Feedback,
    all_codes,
    check_code,
    feedback,
    iter_feedbacks,
)


def slow_feedback(code: str, guess: str) -> tuple[int, int]:
    """The way a player scores a row: blacks first, then each peg matched at most once."""
    code_left = list(code)
    guess_left = list(guess)
    black = 0
    for i, (c, g) in enumerate(zip(code, guess, strict=True)):
        if c == g:
            black += 1
            code_left[i] = guess_left[i] = None
    white = 0
    for g in guess_left:
        if g is not None and g in code_left:
            white += 1
            code_left[code_left.index(g)] = None
    return black, white


def test_knuths_example_in_digits_and_in_letters():
    assert feedback("2532", "3523") == Feedback(1, 2)
    assert feedback("GWKG", "KWGK") == Feedback(1, 2)


def test_the_rules_examples_a_repeated_colour_scores_once():
    # Example #2 of the rules: two reds guessed, one red in the code: one key peg.
    assert feedback("RGBY", "RRKK") == Feedback(1, 0)
    # and the black peg takes precedence over a white one
    assert feedback("RGBY", "KRRK") == Feedback(0, 1)
    assert feedback("RRGG", "GGRR") == Feedback(0, 4)


def test_first_guess_bbgg_splits_the_1296_codes_like_knuths_1122():
    sizes = Counter(feedback(code, "BBGG") for code in all_codes())
    assert sorted(sizes.values(), reverse=True) == [
        256, 256, 256, 208, 114, 96, 36, 32, 20, 16, 4, 1, 1,
    ]


def test_every_board_has_the_expected_number_of_codes():
    assert len(all_codes()) == 1296
    assert len(set(all_codes(4, blanks=True))) == 2401
    assert "R..Y" in all_codes(4, blanks=True)


def test_three_black_one_white_never_happens():
    seen = {feedback(code, "BGKR") for code in all_codes()}
    assert Feedback(3, 1) not in seen
    assert seen == set(iter_feedbacks(4)) - {Feedback(3, 1)}


codes = st.text(alphabet="BGKRWY.", min_size=4, max_size=4)


@given(codes, codes)
def test_feedback_matches_the_slow_way(code, guess):
    fb = feedback(code, guess)
    assert (fb.black, fb.white) == slow_feedback(code, guess)


@given(st.integers(1, 8).flatmap(lambda n: st.tuples(
    st.text(alphabet="BGKRWY", min_size=n, max_size=n),
    st.text(alphabet="BGKRWY", min_size=n, max_size=n),
)))
def test_feedback_is_symmetric_and_fits_the_row(pair):
    code, guess = pair
    fb = feedback(code, guess)
    assert fb == feedback(guess, code)
    assert 0 <= fb.black + fb.white <= len(code)
    assert (fb.black == len(code)) == (code == guess)


@pytest.mark.parametrize(
    ("code", "blanks", "words"),
    [
        ("RGB", False, "has 3 pegs; this game uses 4"),
        ("RGBYY", False, "has 5 pegs"),
        ("RGXY", False, "'X', which is not a colour"),
        ("rgby", False, "'r', which is not a colour"),
        ("RG.Y", False, "only the extra-challenge game (blanks) allows"),
        (1234, False, "must be a string"),
    ],
)
def test_bad_codes_are_refused_with_a_reason(code, blanks, words):
    with pytest.raises(RuleError) as caught:
        check_code(code, 4, blanks)
    assert words in caught.value.message


def test_the_empty_hole_is_a_colour_with_blanks():
    assert check_code("RG.Y", 4, True) == "RG.Y"
    assert feedback("R..Y", "....") == Feedback(2, 0)
    assert feedback("R..Y", ".RY.") == Feedback(0, 4)

"""What the rows tell the breaker: possible codes, and contradictions named by row."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from coda_pi.rules.mastermind import Feedback, all_codes, feedback
from coda_pi.rules.mastermind_deduction import consistent_codes, find_contradiction


def test_no_rows_leave_every_code():
    assert len(consistent_codes([])) == 1296
    assert len(consistent_codes([], blanks=True)) == 2401


def test_knuths_first_row_leaves_208_codes():
    assert len(consistent_codes([("BBGG", Feedback(1, 1))])) == 208


def test_a_broken_code_leaves_only_itself():
    assert consistent_codes([("RGBY", Feedback(4, 0))]) == ["RGBY"]


a_code = st.text(alphabet="BGKRWY", min_size=4, max_size=4)


@given(a_code, st.lists(a_code, min_size=1, max_size=4))
def test_true_rows_keep_the_secret_and_have_no_contradiction(secret, guesses):
    rows = [(g, feedback(secret, g)) for g in guesses]
    possible = consistent_codes(rows)
    assert secret in possible
    assert all(feedback(code, g) == f for code in possible for g, f in rows)
    assert find_contradiction(rows) is None


def test_a_row_that_clashes_with_an_earlier_one_is_named_with_it():
    rows = [
        ("BBGG", Feedback(0, 0)),  # no blue, no green
        ("KRRW", Feedback(1, 1)),
        ("GYYY", Feedback(1, 0)),  # a green or a yellow... fine so far
        ("BKRW", Feedback(2, 0)),
        ("GGGG", Feedback(1, 0)),  # a green: row 1 said none
    ]
    found = find_contradiction(rows)
    assert found is not None
    assert (found.row, found.with_rows) == (5, (1,))
    assert found.message == "row 5's answer contradicts row 1's"


def test_a_clash_with_several_rows_together_says_so():
    # Each row on its own allows the code, the three together do not.
    rows = [
        ("BBBB", Feedback(1, 0)),  # exactly one blue
        ("GGGG", Feedback(1, 0)),  # exactly one green
        ("KKKK", Feedback(1, 0)),  # exactly one black
        ("RRRR", Feedback(1, 0)),  # exactly one red
        ("WWWW", Feedback(1, 0)),  # a fifth colour in four holes: impossible
    ]
    found = find_contradiction(rows)
    assert found is not None and found.row == 5
    assert found.with_rows == (1, 2, 3, 4)
    assert found.message == "row 5's answer contradicts rows 1, 2, 3 and 4 taken together"


def test_an_answer_no_code_can_give_is_named_alone():
    found = find_contradiction([("RGBY", Feedback(1, 0)), ("RGBY", Feedback(3, 1))])
    assert found is not None
    assert found.message == "row 2's answer is impossible: no code gives those key pegs"


def test_every_code_is_checked_against_all_rows():
    rows = [("RRGG", Feedback(2, 0)), ("RGRG", Feedback(2, 0))]
    expected = [
        code for code in all_codes()
        if feedback(code, "RRGG") == Feedback(2, 0) and feedback(code, "RGRG") == Feedback(2, 0)
    ]
    assert consistent_codes(rows) == expected
    assert "RKKG" in expected and "RRGG" not in expected

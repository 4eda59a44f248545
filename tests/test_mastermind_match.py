"""The Mastermind referee: header, roles, voids, points, the end of the match, bad input."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coda_pi.rules.errors import RuleError
from coda_pi.rules.mastermind import Feedback, MastermindHeader, MastermindMatch

PLAYERS = ["Ann", "Ben"]


def match(**header) -> MastermindMatch:
    return MastermindMatch(MastermindHeader.from_dict({"players": PLAYERS} | header))


def code(m: MastermindMatch, maker: int, secret: str) -> None:
    m.apply({"event": "code", "maker": maker, "code": secret})


def guess(m: MastermindMatch, row: str, keys: dict | None = None) -> None:
    event = {"event": "guess", "code": row}
    if keys is not None:
        event["keys"] = keys
    m.apply(event)


def rule_error(m: MastermindMatch, event: dict) -> str:
    before = copy.deepcopy(m.__dict__)
    with pytest.raises(RuleError) as caught:
        m.apply(event)
    assert m.__dict__ == before, "a refused event must leave the match as it was"
    return caught.value.message


# -- header ------------------------------------------------------------------------------


def test_header_defaults_are_the_boxed_game():
    h = MastermindHeader.from_dict({"game": "mastermind", "version": 1, "players": PLAYERS})
    assert (h.pegs, h.rows, h.blanks, h.games, h.players) == (4, 10, False, 2, ("Ann", "Ben"))


@pytest.mark.parametrize(
    ("header", "words"),
    [
        ({"players": ["Ann"]}, "exactly 2 players, not 1"),
        ({"players": ["Ann", "Ben", "Cy"]}, "exactly 2 players, not 3"),
        ({}, "name the two players"),
        ({"players": "Ann, Ben"}, "list of names"),
        ({"players": PLAYERS, "version": 2}, "newer coda-pi"),
        ({"players": PLAYERS, "version": "1"}, "version must be a whole number"),
        ({"players": PLAYERS, "pegs": 0}, "'pegs' must be from 1"),
        ({"players": PLAYERS, "rows": 2.5}, "'rows' must be a whole number"),
        ({"players": PLAYERS, "games": True}, "'games' must be a whole number"),
        ({"players": PLAYERS, "games": 0}, "'games' must be from 1"),
        ({"players": PLAYERS, "blanks": "yes"}, "'blanks' must be true or false"),
        ({"players": PLAYERS, "game": "coda"}, "not of Mastermind"),
    ],
)
def test_bad_headers_are_refused_with_a_reason(header, words):
    with pytest.raises(RuleError) as caught:
        MastermindHeader.from_dict(header)
    assert words in caught.value.message


# -- roles -------------------------------------------------------------------------------


def test_either_seat_may_make_the_first_code_then_roles_alternate():
    m = match(games=3)
    assert m.maker is None and m.expected == "code"
    code(m, 1, "RGBY")
    assert (m.maker, m.breaker, m.code_set, m.expected) == (1, 0, True, "guess")
    guess(m, "RGBY")
    assert (m.maker, m.code_set, m.game_number) == (0, False, 2)
    assert "Ann's turn to make the code" in rule_error(
        m, {"event": "code", "maker": 1, "code": "KKKK"}
    )
    code(m, 0, "KKKK")
    guess(m, "KKKK")
    assert m.maker == 1


def test_a_void_game_is_replayed_by_the_same_maker():
    m = match()
    code(m, 0, "RRGG")
    guess(m, "GGRR", {"black": 0, "white": 0})  # truth: 0 black, 4 white
    assert m.maker == 0 and not m.code_set and m.game_number == 1
    assert "Ann makes the code again" in rule_error(
        m, {"event": "code", "maker": 1, "code": "BBBB"}
    )
    code(m, 0, "BBBB")
    assert m.rows == []


# -- points ------------------------------------------------------------------------------


def test_the_maker_scores_a_point_per_row_including_the_breaking_row():
    m = match()
    code(m, 0, "RGBY")
    guess(m, "BBGG", {"black": 0, "white": 2})
    guess(m, "RGYB")
    assert m.totals == (2, 0)  # the running game counts as rows are played
    guess(m, "RGBY", {"black": 4, "white": 0})
    result = m.results[-1]
    assert (result.maker, result.rows, result.broken, result.void) == (0, 3, True, False)
    assert result.points == (3, 0) and m.totals == (3, 0)


def test_rows_are_kept_with_their_true_feedback_for_the_screen():
    m = match()
    code(m, 1, "RGBY")
    guess(m, "RGYB")
    assert [(r.guess, r.feedback) for r in m.rows] == [("RGYB", Feedback(2, 2))]
    assert m.rows_left == 9


def test_a_code_never_broken_earns_rows_plus_one():
    m = match(rows=10, games=1)
    code(m, 1, "BGKR")
    for _ in range(10):
        guess(m, "YYYY")
    result = m.results[-1]
    assert (result.rows, result.broken, result.points) == (10, False, (0, 11))
    assert m.finished and m.totals == (0, 11)


def test_breaking_on_the_last_row_scores_the_rows_not_the_bonus():
    m = match(rows=2, games=1)
    code(m, 0, "BGKR")
    guess(m, "YYYY")
    guess(m, "BGKR")
    assert m.results[-1].points == (2, 0) and m.results[-1].broken


def test_wrong_keys_void_the_game_and_give_the_breaker_three():
    m = match()
    code(m, 1, "YYRR")
    guess(m, "RRYY", {"black": 0, "white": 4})
    guess(m, "YRYR", {"black": 2, "white": 1})  # truth: 2 black, 2 white
    result = m.results[-1]
    assert (result.void, result.broken, result.rows, result.points) == (True, False, 2, (3, 0))
    assert m.totals == (3, 0)  # the maker's rows in a void game earn nothing
    assert m.rows[-1].claimed == Feedback(2, 1) and m.rows[-1].feedback == Feedback(2, 2)


@pytest.mark.parametrize(
    "keys", [{"black": 4, "white": 0}, {"black": 3}, {"black": 0, "white": 0}]
)
def test_a_false_win_or_a_withheld_win_also_voids(keys):
    m = match()
    code(m, 0, "RGBY")
    guess(m, "RGBY" if keys.get("black") != 4 else "RGBB", keys)
    assert m.results[-1].void


def test_void_games_do_not_count_towards_the_match():
    m = match(games=1)
    code(m, 0, "RRRR")
    guess(m, "GGGG", {"black": 1, "white": 0})
    assert not m.finished
    code(m, 0, "RRRR")
    guess(m, "RRRR")
    assert m.finished and m.expected is None
    assert [r.void for r in m.results] == [True, False]
    assert m.summary() == {
        "game": "mastermind",
        "players": ["Ann", "Ben"],
        "totals": [1, 3],
        "games": [
            {"maker": 0, "rows": 1, "broken": False, "void": True, "points": [0, 3]},
            {"maker": 0, "rows": 1, "broken": True, "void": False, "points": [1, 0]},
        ],
        "finished": True,
    }
    assert list(m.summary()) == ["game", "players", "totals", "games", "finished"]


# -- errors ------------------------------------------------------------------------------


def test_events_after_the_finish_are_errors():
    m = match(games=1)
    code(m, 0, "KKKK")
    guess(m, "KKKK")
    assert "the match is over" in rule_error(m, {"event": "code", "maker": 1, "code": "RRRR"})
    assert "the match is over" in rule_error(m, {"event": "guess", "code": "RRRR"})


def test_a_guess_before_the_code_is_an_error():
    m = match()
    assert "no code is set yet" in rule_error(m, {"event": "guess", "code": "RGBY"})


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ({"event": "guess", "code": "RGB"}, "has 3 pegs"),
        ({"event": "guess", "code": "RGBQ"}, "'Q', which is not a colour"),
        ({"event": "guess", "code": "RG.Y"}, "empty hole"),
        ({"event": "guess", "code": None}, "must be a string"),
        ({"event": "guess", "code": "RGBY", "keys": {"black": 5}}, "do not fit a row of 4"),
        ({"event": "guess", "code": "RGBY", "keys": {"black": -1}}, "whole number"),
        ({"event": "guess", "code": "RGBY", "keys": [1, 2]}, "keys must look like"),
        ({"event": "code", "maker": 0, "code": "RGBY"}, "already set"),
        ({"event": "draw"}, "not a Mastermind event"),
        ({"event": "undo"}, "not a Mastermind event"),
    ],
)
def test_bad_events_are_refused_and_change_nothing(event, words):
    m = match()
    code(m, 0, "KWKW")
    guess(m, "BBBB")
    assert words in rule_error(m, event)


@pytest.mark.parametrize("maker", [None, 2, -1, True, "0"])
def test_the_code_needs_a_real_maker_seat(maker):
    m = match()
    assert "seat 0 or 1" in rule_error(m, {"event": "code", "maker": maker, "code": "RGBY"})


def test_blanks_allow_the_empty_hole():
    m = match(blanks=True, games=1)
    code(m, 0, "R..Y")
    guess(m, "....", {"black": 2, "white": 0})
    assert not m.results


def test_unnamed_keys_are_ignored():
    m = match()
    m.apply({"event": "code", "maker": 0, "code": "RGBY", "t": 3.5, "note": "hi"})
    assert m.code_set


# Random streams of plausible and implausible events: whatever happens, a refused event
# changes nothing and the points always add up from the games listed.
colour = st.sampled_from("BGKRWY")
a_code = st.text(alphabet="BGKRWY", min_size=4, max_size=4)
events = st.one_of(
    st.builds(lambda s, c: {"event": "code", "maker": s, "code": c}, st.integers(0, 1), a_code),
    st.builds(lambda c: {"event": "guess", "code": c}, a_code),
    st.builds(
        lambda c, b, w: {"event": "guess", "code": c, "keys": {"black": b, "white": w}},
        a_code, st.integers(0, 4), st.integers(0, 4),
    ),
    st.builds(lambda c: {"event": "guess", "code": c}, st.text(max_size=5)),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(events, max_size=40), st.integers(1, 3), st.integers(1, 4))
def test_any_event_stream_keeps_the_books_straight(stream, games, rows):
    m = match(games=games, rows=rows)
    for event in stream:
        before = copy.deepcopy(m.__dict__)
        try:
            m.apply(event)
        except RuleError:
            assert m.__dict__ == before
        summary = m.summary()
        played = [sum(g["points"][s] for g in summary["games"]) for s in (0, 1)]
        running = len(m.rows) if m.code_set else 0
        assert summary["totals"][m.maker or 0] == played[m.maker or 0] + running
        assert sum(not g["void"] for g in summary["games"]) <= games
        assert all(g["rows"] <= rows for g in summary["games"])
        assert summary["finished"] == (sum(not g["void"] for g in summary["games"]) == games)

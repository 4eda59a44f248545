"""Panels and the order rule, with the published rules' own examples."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coda_pi.rules.errors import OrderError, RuleError
from coda_pi.rules.tiles import (
    Color,
    Tile,
    check_order,
    full_set,
    legal_slots,
    order_problem,
    sorted_row,
)


def tiles(*texts: str) -> list[Tile]:
    return [Tile.parse(t) for t in texts]


def texts(row: list[Tile]) -> list[str]:
    return [str(t) for t in row]


def test_the_rules_example_row_is_arranged_low_to_high() -> None:
    # "you draw Dark 4, Dark 1, Light 7 and Light 10. Arrange them as follows: D1, D4, L7, L10"
    assert texts(sorted_row(tiles("D4", "D1", "L7", "L10"))) == ["D1", "D4", "L7", "L10"]
    check_order(tiles("D1", "D4", "L7", "L10"))


def test_the_example_drawn_in_another_order_is_refused_naming_the_pair() -> None:
    with pytest.raises(OrderError) as caught:
        check_order(tiles("D4", "D1", "L7", "L10"))
    assert caught.value.message == "row out of order"
    assert caught.value.detail == "D4 cannot stand left of D1"


def test_dark_five_stands_left_of_light_five_never_the_other_way() -> None:
    check_order(tiles("D5", "L5"))
    assert texts(sorted_row(tiles("L5", "D5"))) == ["D5", "L5"]
    with pytest.raises(OrderError) as caught:
        check_order(tiles("L5", "D5"))
    assert caught.value.message == "row out of order"
    assert caught.value.detail == "L5 cannot stand left of D5"
    assert str(caught.value) == "row out of order: L5 cannot stand left of D5"


def test_a_drawn_five_has_one_place_beside_the_other_five() -> None:
    assert legal_slots(tiles("D1", "D5", "L7"), Tile.parse("L5")) == [2]
    assert legal_slots(tiles("D1", "L5", "L7"), Tile.parse("D5")) == [1]


def test_the_same_panel_twice_is_out_of_order() -> None:
    assert order_problem(tiles("D5", "D5")) == "there is only one D5"


def test_the_order_holds_across_panels_that_are_not_neighbours() -> None:
    assert order_problem(tiles("D2", "L9", "D-", "D3")) == "L9 cannot stand left of D3"


@pytest.mark.parametrize("slot", range(5))
def test_a_dash_may_stand_anywhere_even_left_of_a_zero(slot: int) -> None:
    row = tiles("D0", "L0", "D6", "L11")
    dash = Tile.parse("L-")
    check_order([*row[:slot], dash, *row[slot:]])
    assert legal_slots(row, dash) == [0, 1, 2, 3, 4]


def test_a_dash_is_no_wall_for_the_order_of_the_panels_around_it() -> None:
    # D- then L3 then D2: the numbered panels still have to rise past the dash.
    assert order_problem(tiles("L3", "D-", "D2")) == "L3 cannot stand left of D2"
    assert legal_slots(tiles("D2", "L-", "D9"), Tile.parse("D5")) == [1, 2]


def test_ranks_follow_number_then_dark_before_light() -> None:
    ranks = [Tile.parse(t).rank for t in ("D0", "L0", "D1", "L1", "D11", "L11")]
    assert ranks == [0, 1, 2, 3, 22, 23]
    assert Tile.parse("D-").rank is None and Tile.parse("L?").rank is None


@pytest.mark.parametrize("text", [f"{c}{n}" for c in "DL" for n in [*range(12), "-", "?"]])
def test_every_panel_reads_and_writes_back_the_same(text: str) -> None:
    assert str(Tile.parse(text)) == text


@pytest.mark.parametrize("text", ["D12", "X5", "d5", "D05", "D", "", "L-1", "D 5", 5, None])
def test_a_malformed_panel_is_named(text: object) -> None:
    with pytest.raises(RuleError) as caught:
        Tile.parse(text)
    assert caught.value.message == (
        f"{text!r} is not a panel (write D0..D11, L0..L11, D- or L-)"
    )


def test_the_box_holds_24_numbered_panels_and_two_dashes_in_advanced_play() -> None:
    plain, advanced = full_set(dashes=False), full_set(dashes=True)
    assert len(plain) == 24 and all(t.number is not None for t in plain)
    assert advanced - plain == {Tile(Color.DARK, dash=True), Tile(Color.LIGHT, dash=True)}


def test_a_dash_is_worth_nothing_in_the_bonus() -> None:
    assert [Tile.parse(t).face for t in ("D-", "L-", "D0", "L11")] == [0, 0, 0, 11]


@given(st.randoms(use_true_random=False), st.integers(1, 12))
def test_any_hand_sorted_is_in_order_and_every_legal_slot_keeps_it(
    rng: random.Random, size: int
) -> None:
    box = sorted(full_set(dashes=True), key=str)
    hand = sorted_row(rng.sample(box, size))
    assert order_problem(hand) is None
    rest = [t for t in box if t not in hand]
    new = rng.choice(rest)
    slots = legal_slots(hand, new)
    assert slots, f"{new} fits nowhere in {hand}"
    for slot in range(len(hand) + 1):
        fits = order_problem([*hand[:slot], new, *hand[slot:]]) is None
        assert fits == (slot in slots)
    if new.rank is not None:
        # a numbered panel has exactly one place among the numbered ones
        numbered_before = {sum(1 for t in hand[:s] if t.rank is not None) for s in slots}
        assert len(numbered_before) == 1

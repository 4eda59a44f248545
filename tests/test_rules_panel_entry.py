"""The private entry of real panels: few presses, and presses that tell the watchers nothing."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coda_pi.rules.panel_entry import (
    Key,
    Outcome,
    PanelEntry,
    Stage,
    dial_values,
    keys_to_enter,
)
from coda_pi.rules.tiles import Color, Tile, full_set, order_problem, sorted_row

BOX = sorted(full_set(dashes=True), key=str)


@st.composite
def starting_rows(draw: st.DrawFn) -> tuple[tuple[Tile, ...], bool, list[int]]:
    dashes = draw(st.booleans())
    hand = draw(st.integers(1, 6))
    box = [t for t in BOX if dashes or not t.dash]
    tiles = draw(st.lists(st.sampled_from(box), min_size=hand, max_size=hand, unique=True))
    row = sorted_row(tiles)
    for dash in [t for t in row if t.dash]:  # a dash stands anywhere
        row.remove(dash)
        row.insert(draw(st.integers(0, len(row))), dash)
    pads = draw(st.lists(st.integers(0, 12), min_size=hand, max_size=hand))
    return tuple(row), dashes, pads


def enter(entry: PanelEntry, keys: list[Key]) -> list[Outcome]:
    return [entry.press(key) for key in keys]


@settings(max_examples=300)
@given(starting_rows())
def test_a_starting_row_is_entered_as_stood_with_the_presses_counted(
    case: tuple[tuple[Tile, ...], bool, list[int]],
) -> None:
    row, dashes, pads = case
    entry = PanelEntry.starting_row(len(row), dashes=dashes, pads=pads)
    keys = keys_to_enter(entry, row)
    outcomes = enter(entry, keys)
    assert outcomes[-1] is Outcome.DONE and Outcome.DONE not in outcomes[:-1]
    assert entry.tiles() == row
    assert entry.presses == len(keys)
    # Colour, dial moves and OK per panel, and one OK for the last look: never more than
    # half the dial per panel.
    assert len(keys) <= len(row) * (2 + len(dial_values(dashes=dashes)) // 2) + 1


@settings(max_examples=200)
@given(st.sampled_from(BOX), st.integers(0, 12))
def test_a_draw_is_the_dial_and_ok_its_colour_being_known(tile: Tile, pad: int) -> None:
    entry = PanelEntry.drawn(tile.color, dashes=True, pad=pad)
    keys = keys_to_enter(entry, [tile])
    assert keys[-1] is Key.OK and set(keys[:-1]) <= {Key.PREV, Key.NEXT}
    assert enter(entry, keys)[-1] is Outcome.DONE
    assert entry.tiles() == (tile,)


@pytest.mark.parametrize("dashes", [False, True])
def test_the_presses_of_a_panel_say_nothing_about_its_number(dashes: bool) -> None:
    """Over the dial's random start, every number is reached by the same presses equally
    often: a watcher counting (or even reading) the presses learns nothing."""
    size = len(dial_values(dashes=dashes))
    box = [t for t in BOX if dashes or not t.dash]
    seen: dict[Tile, Counter[tuple[Key, ...]]] = {}
    for tile in box:
        seen[tile] = Counter(
            tuple(keys_to_enter(PanelEntry.drawn(tile.color, dashes=dashes, pad=pad), [tile]))
            for pad in range(size)
        )
    # Same presses for every number of a colour: the colour is public, the number is not.
    for colour in Color:
        patterns = {frozenset(c.items()) for t, c in seen.items() if t.color is colour}
        assert len(patterns) == 1
    mean = Fraction(sum(len(k) * n for k, n in seen[box[0]].items()), size)
    assert mean == (Fraction(4) if not dashes else Fraction(55, 13))  # 3 (3.23) moves + OK


@settings(max_examples=100)
@given(starting_rows(), st.data())
def test_two_rows_with_the_same_colours_can_be_entered_with_the_same_presses(
    case: tuple[tuple[Tile, ...], bool, list[int]], data: st.DataObject,
) -> None:
    """For any other row with the same colours there are random starts that make its entry
    the very same presses: what the hands show is consistent with every row."""
    row, dashes, pads = case
    values = dial_values(dashes=dashes)
    other = []
    for tile in row:
        pool = [t for t in BOX if t.color is tile.color and (dashes or not t.dash)]
        other.append(data.draw(st.sampled_from(pool)))
    # The start that turns each panel's dial by the same amount.
    shifted = [
        (pad + values.index(b.value) - values.index(a.value)) % len(values)
        for pad, a, b in zip(pads, row, other, strict=True)
    ]
    one = keys_to_enter(PanelEntry.starting_row(len(row), dashes=dashes, pads=pads), row)
    two = keys_to_enter(PanelEntry.starting_row(len(row), dashes=dashes, pads=shifted), other)
    assert one == two


def test_a_slip_is_fixed_privately_before_the_row_is_confirmed() -> None:
    entry = PanelEntry.starting_row(3, dashes=False, pads=[0, 0, 0])
    # D2, then L5 where L6 was meant, then D9.
    enter(entry, [Key.PREV, Key.NEXT, Key.NEXT, Key.OK])
    enter(entry, [Key.NEXT, *[Key.NEXT] * 5, Key.OK])
    enter(entry, [Key.PREV, *[Key.PREV] * 3, Key.OK])
    assert entry.stage is Stage.REVIEW
    assert [str(t) for t in entry.partial()] == ["D2", "L5", "D9"]
    # From the last look: BACK to D9's dial, its colour, then L5's dial; one NEXT; OK.
    assert enter(entry, [Key.BACK, Key.BACK, Key.BACK]) == [Outcome.MOVED] * 3
    assert entry.slot == 1 and entry.stage is Stage.NUMBER and entry.shown == "5"
    enter(entry, [Key.NEXT, Key.OK])
    assert entry.stage is Stage.COLOUR and entry.slot == 2
    assert enter(entry, [Key.OK]) == [Outcome.MOVED]  # D9's colour stays as entered
    assert entry.shown == "9"
    assert enter(entry, [Key.OK, Key.OK]) == [Outcome.MOVED, Outcome.DONE]
    assert [str(t) for t in entry.tiles()] == ["D2", "L6", "D9"]


def test_a_row_out_of_order_is_refused_privately_with_the_reason() -> None:
    entry = PanelEntry.starting_row(2, dashes=False, pads=[0, 0])
    enter(entry, [Key.NEXT, *[Key.NEXT] * 7, Key.OK, Key.PREV, *[Key.NEXT] * 3, Key.OK])
    assert [str(t) for t in entry.partial()] == ["L7", "D3"]
    assert entry.press(Key.OK) is Outcome.REFUSED
    assert entry.problem is not None and "L7 cannot stand left of D3" in entry.problem
    with pytest.raises(ValueError):
        entry.tiles()
    enter(entry, [Key.BACK, Key.BACK, Key.BACK])  # D3's dial, its colour, L7's dial
    assert entry.slot == 0 and entry.stage is Stage.NUMBER and entry.shown == "7"
    enter(entry, [*[Key.PREV] * 6, Key.OK, Key.OK, Key.OK])  # L1; D3 kept as entered
    assert entry.press(Key.OK) is Outcome.DONE
    assert order_problem(entry.tiles()) is None
    assert [str(t) for t in entry.tiles()] == ["L1", "D3"]


def test_back_at_the_start_leaves_and_ok_without_a_colour_is_refused() -> None:
    entry = PanelEntry.starting_row(4, dashes=True, pads=[1, 2, 3, 4])
    assert entry.press(Key.OK) is Outcome.REFUSED
    assert entry.problem == "PREV: dark, NEXT: light"
    assert entry.press(Key.BACK) is Outcome.LEFT
    draw = PanelEntry.drawn(Color.LIGHT, dashes=True, pad=12)
    assert draw.shown == "-"
    assert draw.press(Key.BACK) is Outcome.LEFT
    assert draw.presses == 1


def test_a_refused_draw_goes_back_to_its_dial_with_the_reason() -> None:
    entry = PanelEntry.drawn(Color.DARK, dashes=False, pad=4)
    assert entry.press(Key.OK) is Outcome.DONE
    entry.refuse("Look at the panel again")
    assert entry.stage is Stage.NUMBER and entry.problem == "Look at the panel again"
    enter(entry, [Key.NEXT, Key.OK])
    assert entry.tiles() == (Tile(Color.DARK, 5),)


def test_a_row_taken_back_opens_at_its_last_look_to_be_fixed_or_confirmed() -> None:
    row = tuple(Tile.parse(t) for t in ("D1", "L4", "D-", "L9"))
    entry = PanelEntry.prefilled(row, dashes=True)
    assert entry.stage is Stage.REVIEW and entry.partial() == list(row)
    enter(entry, [Key.BACK, Key.NEXT, Key.OK])  # L9 was L10 in truth
    assert entry.press(Key.OK) is Outcome.DONE
    assert [str(t) for t in entry.tiles()] == ["D1", "L4", "D-", "L10"]

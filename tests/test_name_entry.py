"""Typing a player's name with the eight buttons."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from coda_pi.referee.shared.name_entry import DONE, MAX_NAME_LENGTH, RING, NameEntry
from coda_pi.referee.shared.signals import Button

B = Button


def type_word(entry: NameEntry, word: str) -> int:
    """Types ``word`` the quick way (the nearest seat-button jump, then PREV/NEXT); returns
    the presses it took."""
    presses = 0
    for char in word.upper():
        target = RING.index(char)
        best: tuple[int, list[Button]] | None = None
        for seat, jump in enumerate("AGNT"):
            start = RING.index(jump)
            ahead = (target - start) % len(RING)
            back = (start - target) % len(RING)
            steps = [B.NEXT] * ahead if ahead <= back else [B.PREV] * back
            plan = [B.for_seat(seat), *steps]
            if best is None or len(plan) < best[0]:
                best = (len(plan), plan)
        assert best is not None
        for button in [*best[1], B.OK]:
            entry.press(button)
            presses += 1
    return presses


def finish(entry: NameEntry) -> None:
    while RING[entry.cursor] != DONE:
        entry.press(B.PREV)
    entry.press(B.OK)


def test_a_name_is_typed_capitalised_and_kept():
    entry = NameEntry(0, "Seat 1")
    type_word(entry, "chloe")
    assert entry.name == "Chloe"
    finish(entry)
    assert entry.done and entry.result == "Chloe"


def test_every_letter_is_a_few_presses_away():
    # The four seat buttons jump into the alphabet: no letter needs more than 5 presses
    # (jump, at most 3 steps, OK), so a six-letter name takes about 20 presses, not 80.
    entry = NameEntry(0)
    presses = type_word(entry, "WXYZBF")
    assert presses <= 6 * 5
    assert entry.name == "Wxyzbf"


def test_back_rubs_out_then_leaves_with_the_old_name():
    entry = NameEntry(1, "Ben")
    type_word(entry, "ab")
    entry.press(B.BACK)
    assert entry.name == "A"
    entry.press(B.BACK)
    entry.press(B.BACK)
    assert entry.done and entry.cancelled and entry.result == "Ben"


def test_words_after_a_space_start_with_a_capital_and_spaces_do_not_pile_up():
    entry = NameEntry(0)
    type_word(entry, "ann")
    space = RING.index(" ")
    entry.cursor = space
    entry.press(B.OK)
    entry.press(B.OK)  # a second space is not added
    type_word(entry, "b")
    assert entry.name == "Ann B"


def test_an_empty_or_blank_name_keeps_the_old_one():
    entry = NameEntry(2, "Cleo")
    finish(entry)
    assert entry.result == "Cleo"


@given(st.lists(st.sampled_from(list(Button)), max_size=80))
def test_any_presses_leave_a_name_that_fits(presses):
    entry = NameEntry(3, "Dee")
    for button in presses:
        entry.press(button)
    assert len(entry.name) <= MAX_NAME_LENGTH
    assert DONE not in entry.name
    assert entry.result.strip() == entry.result and entry.result
    view = entry.view()
    assert view.ring[view.cursor] in (RING[entry.cursor], RING[entry.cursor].lower())

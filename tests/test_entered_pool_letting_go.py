"""Entered-pool play: a player who lets go of their seat button part-way through entering a
starting row, or at its last look ("Is this your row?"), finds the public screen saying what
is kept and what to press, not the first instruction again as if nothing had been entered
(found walking the quick start, evening 3).

What it says must follow from public facts only: which buttons were pressed and held
(everyone sees the hands), never the row's numbers."""

from __future__ import annotations

from dataclasses import replace

from test_entered_pool_device import ANN_ROW, KEY_BUTTON, referee

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.rules.panel_entry import Key, Stage, keys_to_enter
from coda_pi.rules.tiles import Tile
from coda_pi.sim.testing import MemoryRecord, Table


def _keys(ref: Referee, row: list[Tile]) -> list[Key]:
    return keys_to_enter(ref.pool.entry, row)  # type: ignore[attr-defined]


def _enter_all_but_the_last_ok(ref: Referee, table: Table, row: list[Tile]) -> None:
    """Hold seat button 1, enter the whole row, and let go at "Is this your row?"."""
    keys = _keys(ref, row)
    table.press(Button.SEAT_1)
    for key in keys[:-1]:
        table.tap(KEY_BUTTON[key.value])
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView) and private.stage is Stage.REVIEW
    table.release(Button.SEAT_1)


def _wait(ref: Referee) -> EntryWaitView:
    screen = ref.view().screen
    assert isinstance(screen, EntryWaitView)
    return screen


def test_letting_go_at_the_last_look_says_the_row_waits_for_ok_with_the_button_held() -> None:
    ref, table, record = referee("entered")
    first = _wait(ref)
    assert "Draw 4 panels" in first.prompt
    _enter_all_but_the_last_ok(ref, table, ANN_ROW)
    waiting = _wait(ref)
    # Not the first instruction again: the row is kept, and OK with the button held ends it.
    assert "Draw" not in waiting.prompt
    assert "Hold seat button 1" in waiting.prompt and "OK" in waiting.prompt
    assert waiting.what != first.what and "OK" in waiting.what
    # OK alone is refused, saying the button must be held while it is pressed.
    table.tap(Button.OK)
    banner = ref.view().banner
    assert table.cues[-1] is Cue.ERROR and banner is not None
    assert "Hold seat button 1" in banner.text and "OK" in banner.text
    assert record.events("deal") == []
    # Held again: the last look is where it was left, and OK records the row.
    table.press(Button.SEAT_1)
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView) and private.stage is Stage.REVIEW
    assert [s.label for s in private.slots] == ["1", "4", "7", "10"]
    table.tap(Button.OK)
    table.release(Button.SEAT_1)
    assert record.events("deal")[0]["entered"] == ["D1", "L4", "D7", "L10"]


def test_letting_go_part_way_says_what_was_entered_is_kept() -> None:
    ref, table, _ = referee("entered")
    first = _wait(ref)
    keys = _keys(ref, ANN_ROW)
    table.press(Button.SEAT_1)
    # The first panel: its colour, the dial, OK; then the second one's colour.
    taken = keys.index(Key.OK) + 2
    for key in keys[:taken]:
        table.tap(KEY_BUTTON[key.value])
    table.release(Button.SEAT_1)
    kept = _wait(ref)
    assert "Draw" not in kept.prompt and kept.prompt != first.prompt
    assert "Hold seat button 1" in kept.prompt and "kept" in kept.prompt
    table.press(Button.SEAT_1)
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView) and private.stage is Stage.NUMBER
    assert private.slots[0].label == "1" and private.slots[1].dark is False
    table.release(Button.SEAT_1)


def test_a_look_with_nothing_pressed_leaves_the_first_instruction() -> None:
    """Holding the button only to look changes nothing; a colour pressed and stepped back
    from is still entered (OK takes it again), so it reads as kept."""
    ref, table, _ = referee("entered")
    first = _wait(ref)
    table.press(Button.SEAT_1)
    table.release(Button.SEAT_1)
    assert _wait(ref) == first
    table.press(Button.SEAT_1)
    table.tap(Button.PREV)  # dark
    table.tap(Button.BACK)  # back to its colour, which stays dark
    table.release(Button.SEAT_1)
    assert "kept" in _wait(ref).prompt


def test_the_public_screen_at_the_last_look_is_the_same_whatever_the_row() -> None:
    """Two tables that differ only in Ann's panels, both let go at the last look: what
    everyone sees is the same, banner and LEDs included."""
    other = [Tile.parse(t) for t in ("D2", "L5", "D9", "L11")]
    views = []
    for row in (ANN_ROW, other):
        ref, table, _ = referee("entered", record=MemoryRecord())
        _enter_all_but_the_last_ok(ref, table, row)
        # The version counts redraws, and a redraw shows nothing (tests/twin_worlds.py).
        views.append(replace(ref.view(), version=0))
    assert views[0] == views[1]


def test_a_row_refused_for_its_order_offers_back_not_ok() -> None:
    """OK can never take a row entered out of order: the private footer offers BACK alone
    (walking the quick start, it still said "OK: that is my row")."""
    ref, table, record = referee("entered")
    out_of_order = [Tile.parse(t) for t in ("D1", "L6", "D7", "L4")]
    table.press(Button.SEAT_1)
    for key in _keys(ref, out_of_order):
        table.tap(KEY_BUTTON[key.value])
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView) and private.message is not None
    assert "BACK" in private.prompt and "OK" not in private.prompt
    table.tap(Button.BACK)  # back to the last panel's number: the footer is the entry's again
    private = ref.private_view()
    assert isinstance(private, EntryPrivateView) and private.stage is Stage.NUMBER
    assert "OK" in private.prompt
    table.release(Button.SEAT_1)
    assert record.events("deal") == []

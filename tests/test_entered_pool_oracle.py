"""Entered-pool play answers no question about another seat's panels (issue 31).

Each test plays two tables that differ only in one seat's hidden panels and entries, while
the other seat probes as a determined player would: entering a panel it does not hold, in
its starting row, for a drawn panel, or as the real number of its own fallen panel. What
the probing seat can observe (the public view and banner, the sounds, the LEDs, its own
private view) must be the same in both worlds, and its entry must be taken in both.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from test_privacy_leaks import KEY_BUTTON, Twins, public, tiles

from coda_pi.config import Config
from coda_pi.demo import run_demo
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.entered.claims import ClaimsGame, as_claimed, judge
from coda_pi.referee.pools.entered.views import EntryWaitView, FixStep, FixView
from coda_pi.referee.shared.review import review_lines
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import TurnStep
from coda_pi.replay import replay_bytes
from coda_pi.rules.coda import CodaSettings, Phase
from coda_pi.rules.coda_events import Guess
from coda_pi.rules.panel_entry import keys_to_enter
from coda_pi.rules.tiles import Tile
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table


def entered(*, record: MemoryRecord) -> tuple[Referee, Table]:
    """An entered-pool table whose dials start at the same places in both worlds (on the
    device they are random: only the seat holding its button sees them)."""
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), pool="entered", timer=False,
                          first_seconds=20, extra_seconds=5)
    ref = Referee(clock=clock, rng=random.Random(3), record=record, setup=setup,
                  pads=random.Random(7).randrange)
    table = Table(ref, clock)
    table.tap(Button.OK)  # the setup opens on Start
    return ref, table


def held_entry(twins: Twins, seat: int, panels: list[Tile], *, prober: bool = True) -> None:
    """Both worlds: ``seat`` holds its button and enters ``panels``; the prober's private
    view is compared after every press (a hidden seat's own differs, as its row does)."""
    twins.press(Button.for_seat(seat))
    entries = [ref.pool.entry for ref in twins.refs]  # type: ignore[attr-defined]
    assert all(e is not None for e in entries)
    # The dials start at the same random place in both worlds (the same seed).
    keys = keys_to_enter(entries[0], panels)
    for key in keys:
        twins.tap(KEY_BUTTON[key.value])
        if prober:
            assert_private_equal(twins)
    twins.release(Button.for_seat(seat))


def assert_private_equal(twins: Twins) -> None:
    a, b = twins.refs
    assert a.private_view() == b.private_view()


def worlds(ann_a: list[Tile], ann_b: list[Tile]) -> tuple[Twins, tuple[MemoryRecord, ...]]:
    """Ann (seat 1) enters a different row in each world; Ben (seat 2) probes after."""
    records = (MemoryRecord(), MemoryRecord())
    pairs: list[tuple[Referee, Table]] = []
    for ann, record in zip((ann_a, ann_b), records, strict=True):
        ref, table = entered(record=record)
        table.press(Button.for_seat(0))
        for key in keys_to_enter(ref.pool.entry, ann):  # type: ignore[attr-defined]
            table.tap(KEY_BUTTON[key.value])
        table.release(Button.for_seat(0))
        pairs.append((ref, table))
    return Twins(*pairs), records


def test_the_clash_probe_a_starting_row_naming_another_seat_s_panel_is_taken_alike() -> None:
    """Ben enters L4 in his starting row: Ann holds L4 in world A, L5 in world B. Ben sees,
    hears and is told the same in both, and his row is taken in both."""
    twins, records = worlds(tiles("D1", "L4", "D7", "L10"), tiles("D1", "L5", "D7", "L10"))
    held_entry(twins, 1, tiles("D0", "L4", "D6", "L11"))
    twins.check()
    for ref in twins.refs:
        assert ref.game is not None and all(ref.game.dealt)
    # The record keeps what each told apart from what the table saw: colours in the row.
    deals = [r.events("deal") for r in records]
    assert [d["row"] for d in deals[0]] == [["D?", "L?", "D?", "L?"]] * 2
    assert deals[0][1]["entered"] == ["D0", "L4", "D6", "L11"]


def _draw_dark(twins: Twins) -> None:
    if not twins.refs[0].view().screen.color_dark:
        twins.tap(Button.NEXT)
    twins.tap(Button.OK)


def test_the_drawn_panel_probe_a_number_another_row_holds_is_taken_alike() -> None:
    """Ann enters her row first; Ben enters his; Ann (whose turn it is) draws a dark panel
    and enters it as D6, which Ben holds in world A and not in world B (D5 there). Ann's
    entry is taken in both worlds, and nothing she can observe differs."""
    records = (MemoryRecord(), MemoryRecord())
    pairs = []
    for ben, record in zip((tiles("D0", "L3", "D6", "L11"), tiles("D0", "L3", "D5", "L11")),
                           records, strict=True):
        ref, table = entered(record=record)
        for seat, row in ((0, tiles("D1", "L4", "D7", "L10")), (1, ben)):
            table.press(Button.for_seat(seat))
            for key in keys_to_enter(ref.pool.entry, row):  # type: ignore[attr-defined]
                table.tap(KEY_BUTTON[key.value])
            table.release(Button.for_seat(seat))
        pairs.append((ref, table))
    twins = Twins(*pairs)
    _draw_dark(twins)
    held_entry(twins, 0, tiles("D6"))
    twins.check()
    assert [r.events("draw") for r in records] == [
        [{"event": "draw", "seat": 0, "tile": "D?", "entered": "D6"}]] * 2
    # Taking it back and entering again answers nothing either.
    twins.press(Button.BACK)
    for table in twins.tables:
        table.wait(2.1)
    twins.release(Button.BACK)
    twins.tap(Button.OK)  # "take back Ann's draw?" yes
    _draw_dark(twins)
    held_entry(twins, 0, tiles("D6"))
    twins.check()


def _ben_panel_two_falls(twins: Twins) -> None:
    """Ann draws D5 and guesses Ben's panel 2 is 3: right by Ben's entry, it falls."""
    _draw_dark(twins)
    held_entry(twins, 0, tiles("D5"), prober=False)  # Ann's row differs: her own view too
    twins.tap(Button.for_seat(1))
    twins.tap(Button.NEXT)  # Ben's panel 2
    twins.tap(Button.OK)
    twins.tap(Button.NEXT, 3)
    twins.tap(Button.OK)  # "3"


def test_the_fix_probe_the_owner_s_fix_to_a_number_another_row_holds_is_taken_alike() -> None:
    """Ben's fallen panel 2 showed another number: he fixes it to 4. Ann holds L4 in world
    A, L5 in world B. Ben's answer, the public screen and the sounds are the same, and the
    fix is written in both worlds; the record replays."""
    twins, records = worlds(tiles("D1", "L4", "D7", "L10"), tiles("D1", "L5", "D7", "L10"))
    held_entry(twins, 1, tiles("D0", "L3", "D6", "L11"))
    _ben_panel_two_falls(twins)
    twins.tap(Button.BACK)
    items = twins.refs[0].view().overlay.items
    twins.tap(Button.NEXT, items.index("Fix a panel entered wrong"))
    twins.tap(Button.OK)
    assert isinstance(twins.refs[0].view().screen, FixView)
    twins.tap(Button.OK)  # Ben's panel 2
    twins.tap(Button.NEXT)  # 4
    twins.tap(Button.OK)
    assert twins.refs[0].view().screen.step is FixStep.CONFIRM
    twins.press(Button.SEAT_2)
    assert_private_equal(twins)
    twins.tap(Button.OK)
    assert_private_equal(twins)
    twins.release(Button.SEAT_2)
    twins.check()
    for ref, record in zip(twins.refs, records, strict=True):
        assert ref.game is not None and ref.game.rows[1][1].tile == Tile.parse("L4")
        assert "Fixed: Ben's panel 2 is light 4" in ref.view().banner.text
        text = "".join(json.dumps(o) + "\n" for o in record.lines).encode()
        assert replay_bytes(text).error is None
    assert public(twins.refs[0].view()) == public(twins.refs[1].view())


def test_a_claim_the_table_saw_fall_elsewhere_is_taken_up_with_its_own_seat_alone() -> None:
    """Ben's entry says L4 where Ann's says L4 too (world A; L5 in world B): nobody is told
    while both stand. Ann guesses 4 at Ben's panel 2: right by Ben's entry, it falls, and
    the disagreement is public now: Ann alone is told, about her own panel, and a guess of
    4 at her panel is judged wrong from then on (the table saw the 4 elsewhere)."""
    twins, _ = worlds(tiles("D1", "L4", "D7", "L10"), tiles("D1", "L5", "D7", "L10"))
    held_entry(twins, 1, tiles("D0", "L4", "D6", "L11"))
    _draw_dark(twins)
    held_entry(twins, 0, tiles("D5"), prober=False)
    twins.tap(Button.for_seat(1))
    twins.tap(Button.NEXT)  # Ben's panel 2
    twins.tap(Button.OK)
    twins.tap(Button.NEXT, 4)
    twins.tap(Button.OK)  # "4": right in both worlds
    a, b = twins.refs
    assert a.game.rows[1][1].revealed and b.game.rows[1][1].revealed
    ta, tb = twins.tables
    ta.press(Button.SEAT_1)
    tb.press(Button.SEAT_1)
    note_a, note_b = a.private_view(), b.private_view()
    assert note_a is not None and note_a.message is not None
    assert note_a.message == ("Light 4 has fallen, but your entry says your panel 2 is light 4: "
                              "look at it again")
    assert note_b is not None and note_b.message is None
    ta.release(Button.SEAT_1)
    tb.release(Button.SEAT_1)
    game = a.game
    assert isinstance(game, ClaimsGame) and game.rows[0][1].tile == Tile.parse("L4")
    # Ben's turn, as it will come: a guess of Ann's claim is right unless the table saw it.
    bens = game.copy()
    assert isinstance(bens, ClaimsGame)
    bens.public = game.seen.copy()
    for g in (bens, bens.public):
        g.turn, g.phase, g.drawn = 1, Phase.ATTACK, None
    assert judge(bens, Guess(1, 0, 0, "1"))
    assert not judge(bens, Guess(1, 0, 1, "4"))  # Ann's claim, but the 4 fell elsewhere


def test_the_post_game_review_reads_each_seat_s_own_panels_from_its_entries(
        tmp_path: Path) -> None:
    """The record writes entered panels by colour; the review (who could be sure of what)
    must still know each seat's own panels, as it did when the deals named them."""
    record = tmp_path / "demo.jsonl"
    result = run_demo(Config(data_dir=tmp_path / "data"), headless=True, seed=5, players=2,
                      rounds=3, record=record, pool="entered", size=(320, 240), draw=False)
    assert result.finished
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    settings = CodaSettings.from_dict(lines[0])
    claimed = as_claimed(settings, lines[1:])
    assert all("entered" not in line and "?" not in str(line.get("row", ""))
               for line in claimed)
    told = review_lines(settings, claimed, "panels", secret_rows=True)
    colours_only = review_lines(settings, lines[1:], "panels", secret_rows=True)
    # Knowing its own panels, a seat could be sure of more: the review says so.
    assert len(told) > len(colours_only)


def _guess(twins: Twins, target: int, slot: int, value: int, *, last: bool = False) -> None:
    """The player whose turn it is attacks ``target``'s panel at ``slot`` with ``value``,
    in both worlds (the same presses: the cursors are public and alike); the public
    outputs compared after every press but the ``last`` one's OK (it ends the round)."""
    ref = twins.refs[0]
    cur = ref.cursor
    assert cur is not None
    if cur.step is TurnStep.CONTINUE:
        assert cur.attack_again
        twins.tap(Button.OK)
    if ref.cursor.step is TurnStep.TARGET:
        twins.tap(Button.for_seat(target))
    cur = ref.cursor
    assert cur.step is TurnStep.SLOT and cur.slot is not None
    hidden = [i for i, s in enumerate(ref.game.rows[target]) if not s.revealed]
    twins.tap(Button.NEXT, (hidden.index(slot) - hidden.index(cur.slot)) % len(hidden))
    twins.tap(Button.OK)
    twins.tap(Button.NEXT, (value - ref.cursor.value_index) % 12)
    if not last:
        twins.tap(Button.OK)
        return
    for table in twins.tables:
        table.tap(Button.OK)


def test_a_round_whose_winner_holds_a_contested_claim_ends_and_scores() -> None:
    """Ann entered light 4 where her panel is light 5 (world A; she entered it right in
    world B); Ben holds the light 4. Nothing Ben sees depends on Ann's slip while her panel
    stands; the 4 falls from Ben's row, and Ann knocks Ben out. At the round's end (her
    panels are shown now) the device asks Ann alone for the real number of the panel whose
    entry names a fallen one, writes the correction, and the round ends and scores as in
    world B; the record says so in the spec's lines and replays to the same totals."""
    twins, records = worlds(tiles("D1", "L4", "D7", "L10"), tiles("D1", "L5", "D7", "L10"))
    held_entry(twins, 1, tiles("D0", "L4", "D6", "L11"))
    _draw_dark(twins)
    held_entry(twins, 0, tiles("D5"), prober=False)
    for slot, value in ((1, 4), (0, 0), (2, 6), (3, 11)):
        # Twins checks the public outputs at every press until Ben's last panel falls.
        _guess(twins, 1, slot, value, last=slot == 3)
        assert twins.refs[0].private_view_of(1) == twins.refs[1].private_view_of(1)
    a, b = twins.refs
    assert b.game is not None and b.game.phase is Phase.FINISHED
    # World A: the round's end waits for Ann's look at her panel 2, asked of her alone.
    screen = a.view().screen
    assert isinstance(screen, EntryWaitView) and screen.seat == 0
    assert "your panel 2" in screen.prompt
    table_a = twins.tables[0]
    table_a.press(Button.SEAT_1)
    told = a.private_view()
    assert told is not None and "Light 4 has fallen" in told.message
    for key in keys_to_enter(a.pool.entry, tiles("L5")):  # type: ignore[attr-defined]
        table_a.tap(KEY_BUTTON[key.value])
    table_a.release(Button.SEAT_1)
    assert a.game is not None and a.game.phase is Phase.FINISHED
    assert a.game.totals() == b.game.totals() and a.game.results == b.game.results
    assert "Fixed: Ann's panel 2 is light 5" in a.view().banner.text
    lines = records[0].lines
    fixed = [line for line in lines if line.get("event") == "deal" and "fix" in line]
    assert fixed and fixed[-1]["entered"] == ["D1", "L5", "D7", "L10"]
    assert lines[-1] == {"event": "bonus", "seat": 0, "tiles": ["D1", "L5", "D7", "L10", "D5"]}
    replays = [replay_bytes("".join(json.dumps(o) + "\n" for o in r.lines).encode())
               for r in records]
    assert [r.error for r in replays] == [None, None]
    assert replays[0].journal.game.totals() == replays[1].journal.game.totals() == b.game.totals()

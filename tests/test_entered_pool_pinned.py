"""A slip the table's public sight pins down: the told pool waits for its look (issue 31).

Ann entered light 4 where her panel is light 5. Ben's light 4 falls, and Ben's guess of 5 at
her panel is judged wrong by her entry. Later her own face-up panels close it in between
dark 4 and dark 6: by what the table has seen, it can only be light 5, which was answered
"wrong". The spec: the device writes such a line and waits for an undo. Before this, the
told pool wrote on, and a record whose slip was never corrected did not replay.
"""

from __future__ import annotations

import json
import random

from test_privacy_leaks import KEY_BUTTON, Twins, enter_held, public, tiles

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import TurnStep
from coda_pi.replay import replay_bytes
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.panel_entry import keys_to_enter
from coda_pi.rules.tiles import Tile, legal_slots
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

ANN_SLIP = tiles("D1", "L4", "D7", "L10")  # her second panel is light 5
BEN = tiles("D0", "L4", "L6", "L11")


def _table(*, timer: bool = False, ben: list[Tile] = BEN
           ) -> tuple[Referee, Table, MemoryRecord]:
    return told_table(ANN_SLIP, ben, timer=timer)


def told_table(ann: list[Tile], ben: list[Tile], *, timer: bool = False
               ) -> tuple[Referee, Table, MemoryRecord]:
    """Ann and Ben at a told-pool table, each row entered as given (slips and all)."""
    record = MemoryRecord()
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), pool="entered", timer=timer,
                          first_seconds=20, extra_seconds=5)
    ref = Referee(clock=clock, rng=random.Random(3), record=record, setup=setup,
                  pads=random.Random(7).randrange)
    table = Table(ref, clock)
    table.tap(Button.OK)  # the setup opens on Start
    for seat, row in ((0, ann), (1, ben)):
        enter_held(ref, table, seat, row)
    return ref, table, record


def _draw_dark(ref: Referee, table: Table | Twins, drawn: str) -> None:
    if not ref.view().screen.color_dark:  # type: ignore[union-attr]
        table.tap(Button.NEXT)
    table.tap(Button.OK)
    assert ref.game is not None and ref.game.turn is not None
    enter_held(ref, table, ref.game.turn, tiles(drawn))


def _guess(ref: Referee, table: Table | Twins, target: int, slot: int, value: int) -> None:
    cur = ref.cursor
    assert cur is not None
    if cur.step is TurnStep.CONTINUE:
        table.tap(Button.OK)
    if ref.cursor is not None and ref.cursor.step is TurnStep.TARGET:
        table.tap(Button.for_seat(target))
    cur = ref.cursor
    assert ref.game is not None and cur is not None and cur.step is TurnStep.SLOT
    assert cur.slot is not None
    hidden = [i for i, s in enumerate(ref.game.rows[target]) if not s.revealed]
    table.tap(Button.NEXT, (hidden.index(slot) - hidden.index(cur.slot)) % len(hidden))
    table.tap(Button.OK)
    assert ref.cursor is not None
    table.tap(Button.NEXT, (value - ref.cursor.value_index) % 12)
    table.tap(Button.OK)


def _place_face_up(ref: Referee, table: Table | Twins, drawn: str) -> None:
    """After a miss: the drawn panel stands face up where its entry fits its own row."""
    game, cur = ref.game, ref.cursor
    assert game is not None and game.turn is not None
    assert cur is not None and cur.step is TurnStep.CLAIM_FACE_UP
    seat = game.turn
    slot = legal_slots([s.tile for s in game.rows[seat]], Tile.parse(drawn))[0]
    table.tap(Button.NEXT, (slot - cur.claim_slot) % (len(game.rows[seat]) + 1))
    table.press(Button.for_seat(seat))
    table.tap(Button.OK)
    table.release(Button.for_seat(seat))


def _turn(ref: Referee, table: Table | Twins, drawn: str, *, at: tuple[int, int, int]) -> None:
    """A draw, a wrong guess ``at`` (target, slot, value), the drawn panel face up."""
    _draw_dark(ref, table, drawn)
    _guess(ref, table, *at)
    _place_face_up(ref, table, drawn)


def _replayed(record: MemoryRecord) -> CodaGame:
    result = replay_bytes("".join(json.dumps(o) + "\n" for o in record.lines).encode())
    assert result.error is None, result.error
    game = result.journal.game
    assert isinstance(game, CodaGame)
    return game


def _assert_replays_to_the_live_state(ref: Referee, record: MemoryRecord) -> None:
    live = ref.game
    assert live is not None
    replayed = _replayed(record)
    assert replayed.totals() == live.totals()
    assert replayed.turn == live.turn and replayed.phase == live.phase
    # The record shows what the table has seen: each revealed panel, where it stands.
    shown = [[(s.tile if s.revealed else None) for s in row] for row in live.rows]
    assert [[(s.tile if s.revealed else None) for s in row] for row in replayed.rows] == shown


def _to_the_pinning_place(*, timer: bool = False) -> tuple[Referee, Table, MemoryRecord]:
    ref, table, record = _table(timer=timer)
    _play_to_the_pin(ref, table)
    return ref, table, record


def _play_to_the_pin(ref: Referee, table: Table | Twins) -> None:
    """Ann's slip, Ben's guess of 5 judged wrong by it, and Ann's face-up dark 4 and dark
    6 closing her panel in: the last place is the line after which nothing fits."""
    _draw_dark(ref, table, "D2")
    _guess(ref, table, 1, 1, 4)  # right: Ben's light 4 falls; Ann's entry is contested now
    _guess(ref, table, 1, 0, 3)
    _place_face_up(ref, table, "D2")  # Ann: D1 D2 L4? D7 L10
    _turn(ref, table, "D3", at=(0, 2, 5))  # Ben's 5 at her light panel: wrong by her entry
    _turn(ref, table, "D4", at=(1, 0, 3))  # Ann: D1 D2 D4 L4? D7 L10
    _turn(ref, table, "D5", at=(0, 0, 3))
    _turn(ref, table, "D6", at=(1, 0, 3))  # Ann: D4 L? D6: light 4 fell, 5 was "wrong"


def test_a_slip_pinned_by_what_the_table_saw_is_looked_at_and_the_record_replays() -> None:
    """After the place that pins Ann's panel, the device asks Ann (in public: the table's
    sight pins the panel) to look at it again; her real number is written as a Fix writes
    a correction, which turns Ben's guess of 5 right; the record replays to the live state
    at every step, the slip never corrected by anybody's own initiative."""
    ref, table, record = _to_the_pinning_place()
    screen = ref.view().screen
    assert isinstance(screen, EntryWaitView) and screen.seat == 0, screen
    assert "your panel 4" in screen.prompt
    # Nothing written after the pinning line: the device waits for the look.
    assert record.lines[-1]["event"] == "place" and record.lines[-1]["tile"] == "D6"
    # Ben cannot play on past it.
    table.tap(Button.OK)
    assert isinstance(ref.view().screen, EntryWaitView)
    table.press(Button.for_seat(0))
    told = ref.private_view()
    assert told is not None and "Light 4 has fallen" in (told.message or ""), told
    entry = ref.pool.entry  # type: ignore[attr-defined]
    assert entry is not None
    for key in keys_to_enter(entry, tiles("L5")):
        table.tap(KEY_BUTTON[key.value])
    table.release(Button.for_seat(0))
    game = ref.game
    assert game is not None and not isinstance(ref.view().screen, EntryWaitView)
    fixed = [o for o in record.lines if o.get("event") == "deal" and "fix" in o]
    assert fixed and fixed[-1]["entered"] == ["D1", "L5", "D7", "L10"]
    # Ben's guess of 5 was right after all: play goes back to it, Ben goes on.
    assert game.turn == 1 and game.phase is Phase.CONTINUE
    assert any(s.revealed and s.tile == Tile.parse("L5") for s in game.rows[0])
    assert "right" in ref.view().banner.text.lower(), ref.view().banner.text
    _assert_replays_to_the_live_state(ref, record)
    # And play goes on from there, replaying all the way.
    _guess(ref, table, 0, 0, 3)
    _place_face_up(ref, table, "D3")
    _assert_replays_to_the_live_state(ref, record)


def test_the_whole_game_replays_where_nobody_corrects_the_slip_by_hand() -> None:
    """Whatever the table does next, the record the device wrote replays to its state:
    nobody fixes anything by hand, and a look asked by the device is answered."""
    ref, table, record = _to_the_pinning_place()
    if isinstance(ref.view().screen, EntryWaitView):
        enter_held(ref, table, 0, tiles("L5"))
    _assert_replays_to_the_live_state(ref, record)


def test_the_guess_timer_waits_for_the_look() -> None:
    """With the guess timer on, Ben's time does not run out while Ann looks: nothing is
    written past the pinning line until her look is in."""
    ref, table, record = _to_the_pinning_place(timer=True)
    written = len(record.lines)
    assert isinstance(ref.view().screen, EntryWaitView)
    table.wait(120)
    assert len(record.lines) == written and not record.events("timeout")
    enter_held(ref, table, 0, tiles("L5"))
    _assert_replays_to_the_live_state(ref, record)


def test_who_looks_and_when_depends_on_nothing_of_ben_s_hidden_panels() -> None:
    """Twin tables that differ only in Ben's hidden third panel (light 6, or light 7):
    the same presses, and everything Ann and the table see and hear is the same after
    every one, the look asked of her included, and her own private screen at it; the
    look is taken in both, and both records replay."""
    made = [_table(ben=ben) for ben in (BEN, tiles("D0", "L4", "L7", "L11"))]
    twins = Twins(*((ref, table) for ref, table, _ in made))
    _play_to_the_pin(twins.refs[0], twins)
    for ref in twins.refs:
        assert isinstance(ref.view().screen, EntryWaitView)
    twins.press(Button.for_seat(0))
    a, b = twins.refs
    assert a.private_view() == b.private_view() and a.private_view() is not None
    twins.release(Button.for_seat(0))
    enter_held(a, twins, 0, tiles("L5"))
    assert public(a.view()) == public(b.view())
    for (ref, _, record) in made:
        _assert_replays_to_the_live_state(ref, record)


def test_a_power_cut_while_the_look_waits_resumes_on_the_same_look() -> None:
    """The pinning line is the record's last (the device waited for the look, then lost
    power): the record is resumable (replay's halt that waits for an undo), and the device
    resumed on it asks Ann for the same look."""
    from test_entered_pool_contest import resumed

    _, _, record = _to_the_pinning_place()
    lines = list(record.lines)
    replay = replay_bytes("".join(json.dumps(o) + "\n" for o in lines).encode())
    assert replay.resumable and replay.error is not None and replay.error.line == len(lines)
    ref, table, again = resumed(lines, replays=False)
    screen = ref.view().screen
    assert isinstance(screen, EntryWaitView) and screen.seat == 0
    assert "your panel 4" in screen.prompt
    enter_held(ref, table, 0, tiles("L5"))
    _assert_replays_to_the_live_state(ref, again)


def test_a_slip_no_fallen_panel_names_is_pinned_too() -> None:
    """Ann entered light 5 where her panel is light 6; Ben holds the light 5 (nothing has
    fallen that her entry names). Ben's 6 at her panel is judged wrong by her entry; when
    his own face-up dark 5 and dark 6 close his light panel in, both rows need light 5.
    Ann's panel is the one whose "wrong" answer breaks the fit: she is asked to look, told
    privately that what the table saw does not fit her entry, and Ben's 6 turns right."""
    record = MemoryRecord()
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), pool="entered", timer=False)
    ref = Referee(clock=clock, rng=random.Random(3), record=record, setup=setup,
                  pads=random.Random(7).randrange)
    table = Table(ref, clock)
    table.tap(Button.OK)
    enter_held(ref, table, 0, tiles("D1", "L5", "D7", "L10"))  # her second panel is light 6
    enter_held(ref, table, 1, tiles("D0", "L4", "L5", "L11"))
    _draw_dark(ref, table, "D2")
    _guess(ref, table, 1, 1, 4)  # right: Ben's light 4 falls
    _guess(ref, table, 1, 0, 3)
    _place_face_up(ref, table, "D2")  # Ann: D1 D2 L5? D7 L10
    _turn(ref, table, "D3", at=(0, 2, 6))  # wrong by her entry
    _turn(ref, table, "D4", at=(1, 0, 3))  # Ann: D1 D2 D4 L5? D7 L10
    _turn(ref, table, "D5", at=(0, 0, 3))  # Ben: D0 D3 L4 D5 L5 L11
    _turn(ref, table, "D8", at=(1, 0, 3))
    assert not isinstance(ref.view().screen, EntryWaitView)
    _turn(ref, table, "D6", at=(0, 0, 3))  # Ben: D5 L? D6: only light 5, which Ann needs
    screen = ref.view().screen
    assert isinstance(screen, EntryWaitView) and screen.seat == 0, screen
    assert "your panel 4" in screen.prompt
    table.press(Button.for_seat(0))
    told = ref.private_view()
    assert told is not None and "does not fit your entry" in (told.message or ""), told
    table.release(Button.for_seat(0))
    enter_held(ref, table, 0, tiles("L6"))
    game = ref.game
    assert game is not None and game.turn == 1
    assert any(s.revealed and s.tile == Tile.parse("L6") for s in game.rows[0])
    _assert_replays_to_the_live_state(ref, record)


def _draw_light(ref: Referee, table: Table, drawn: str) -> None:
    if ref.view().screen.color_dark:  # type: ignore[union-attr]
        table.tap(Button.NEXT)
    table.tap(Button.OK)
    assert ref.game is not None and ref.game.turn is not None
    enter_held(ref, table, ref.game.turn, tiles(drawn))


def test_when_either_of_two_panels_could_be_the_slip_each_owner_looks_in_turn() -> None:
    """Ann entered her light 5 right; Ben entered his light 6 as light 5. Ann's 6 at his
    panel and Ben's 6 at hers were both judged "wrong"; the face-up panels then leave each
    of the two panels only light 5. Either answer could be the slip: the table's sight
    cannot tell which, so the owners look in seat order. Ann looks first and enters what
    her entry says: nothing to correct, and Ben is asked next; his look corrects his entry
    and turns Ann's guess of 6 right."""
    record = MemoryRecord()
    clock = FakeClock()
    setup = SetupDefaults(names=("Ann", "Ben"), pool="entered", timer=False)
    ref = Referee(clock=clock, rng=random.Random(3), record=record, setup=setup,
                  pads=random.Random(7).randrange)
    table = Table(ref, clock)
    table.tap(Button.OK)
    enter_held(ref, table, 0, tiles("D1", "L5", "D7", "L10"))
    enter_held(ref, table, 1, tiles("D0", "L4", "L5", "L11"))  # his third panel is light 6
    _draw_dark(ref, table, "D2")
    _guess(ref, table, 1, 1, 4)  # right: Ben's light 4 falls
    _guess(ref, table, 1, 2, 6)  # wrong by Ben's entry
    _place_face_up(ref, table, "D2")  # Ann: D1 D2 L5 D7 L10
    _turn(ref, table, "D3", at=(0, 2, 6))  # wrong: her light 5
    _turn(ref, table, "D4", at=(1, 0, 3))  # Ann: D1 D2 D4 L5 D7 L10: her light, only 5
    _turn(ref, table, "D5", at=(0, 0, 3))  # Ben: D0 D3 L4 D5 L5? L11
    _draw_light(ref, table, "L7")
    _guess(ref, table, 1, 0, 3)
    _place_face_up(ref, table, "L7")
    assert not isinstance(ref.view().screen, EntryWaitView)
    _turn(ref, table, "D8", at=(0, 0, 3))  # Ben: D5 L? D8: only light 5 too
    screen = ref.view().screen
    assert isinstance(screen, EntryWaitView) and screen.seat == 0, screen
    written = len(record.lines)
    enter_held(ref, table, 0, tiles("L5"))  # as her entry says
    assert len(record.lines) == written  # nothing to correct
    assert ref.view().banner.text == "Ann looked at panel 4 again: it is as entered"
    screen = ref.view().screen
    assert isinstance(screen, EntryWaitView) and screen.seat == 1, screen
    enter_held(ref, table, 1, tiles("L6"))
    game = ref.game
    assert game is not None and game.turn == 0 and game.phase is Phase.CONTINUE
    assert any(s.revealed and s.tile == Tile.parse("L6") for s in game.rows[1])
    _assert_replays_to_the_live_state(ref, record)

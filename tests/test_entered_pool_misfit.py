"""A told-pool misfit with no "wrong" answer to blame: the device waits for an undo.

Ann and Ben both entered dark 5 in their starting rows (one of them is a slip: nobody is
told while both stand hidden). Ann's light 4 and light 5 guesses at Ben fall, closing his
dark panel in between them; Ben's guesses of dark 4 and dark 6 at Ann fall, closing hers
in. Each answer was right by its entry and each panel fits its own row, but by what the
table has seen both hidden panels can only be dark 5: no arrangement fits. No guess was
answered "wrong", so ``table_fit.pinned_panels`` names nobody to look. Before this the
device wrote on and its record did not replay (the spec: a line after which nothing fits
is an error unless a later undo takes it back).
"""

from __future__ import annotations

import json

from test_entered_pool_contest import resumed
from test_entered_pool_pinned import _draw_dark, _guess, _place_face_up, told_table
from test_privacy_leaks import Twins, public, tiles

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.table.views import ContradictionView
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.replay import replay_bytes
from coda_pi.rules.tiles import Tile
from coda_pi.sim.testing import MemoryRecord, Table

ANN = tiles("D4", "D5", "D6", "D11")
BEN = tiles("L4", "D5", "L5", "L11")


def _table(*, ben: list[Tile] = BEN, timer: bool = False
           ) -> tuple[Referee, Table, MemoryRecord]:
    return told_table(ANN, ben, timer=timer)


def _play_to_the_misfit(ref: Referee, table: Table | Twins) -> None:
    """Ann: light 4 and light 5 at Ben fall, a miss, her dark 2 face up. Ben: dark 4 and
    dark 6 at Ann fall: the line after which nothing fits."""
    _draw_dark(ref, table, "D2")
    _guess(ref, table, 1, 0, 4)  # right: Ben's light 4 falls
    _guess(ref, table, 1, 2, 5)  # right: Ben's light 5 falls; his dark panel is closed in
    _guess(ref, table, 1, 3, 3)  # wrong
    _place_face_up(ref, table, "D2")  # Ann: D2 D4? D5? D6? D11?
    _draw_dark(ref, table, "D3")
    _guess(ref, table, 0, 1, 4)  # right: Ann's dark 4 falls
    _guess(ref, table, 0, 3, 6)  # right: Ann's dark 6 falls; both closed in on dark 5


def _replay(record: MemoryRecord) -> str | None:
    """The error ``coda-pi replay`` reports for the record (None: it replays)."""
    data = "".join(json.dumps(o) + "\n" for o in record.lines).encode()
    error = replay_bytes(data).error
    return None if error is None else str(error)


def test_the_device_writes_nothing_past_a_misfit_and_waits_for_an_undo() -> None:
    """After the line that leaves no arrangement fitting, the table sees why and is asked
    to take it back; whatever else is pressed, nothing is written (Ben cannot play on);
    OK takes the line back, and the record replays again."""
    ref, table, record = _table()
    _play_to_the_misfit(ref, table)
    assert Cue.ERROR in table.cues[-2:]  # the alarm, as the table pool's stop sounds
    last = record.lines[-1]
    assert last["event"] == "guess" and last["value"] == "6" and last["correct"] is True
    written = len(record.lines)
    screen = ref.view().screen
    assert isinstance(screen, ContradictionView), screen
    assert "cannot all be filled in order" in screen.sentence
    assert screen.prompt.startswith("OK: take back Ben's guess")
    # While it waits, the record is what the spec calls an error until an undo.
    assert _replay(record) is not None
    for button in (Button.NEXT, Button.PREV, Button.for_seat(1), Button.for_seat(0)):
        table.tap(button)
    assert len(record.lines) == written
    assert isinstance(ref.view().screen, ContradictionView)
    table.tap(Button.OK)
    assert [o["event"] for o in record.lines[written:]] == ["undo"]
    assert not isinstance(ref.view().screen, ContradictionView)
    assert _replay(record) is None


def test_a_misfit_stops_the_guess_timer() -> None:
    """With the guess timer on, Ben's time does not run out while the device waits."""
    ref, table, record = _table(timer=True)
    _play_to_the_misfit(ref, table)
    written = len(record.lines)
    table.wait(120)
    assert len(record.lines) == written and not record.events("timeout")
    assert isinstance(ref.view().screen, ContradictionView)


def test_the_wait_depends_on_nothing_of_a_hidden_panel() -> None:
    """Twin tables that differ only in Ben's hidden last panel (light 11 or light 10):
    the same presses, and everything the table sees is the same after every one, the
    stop included."""
    made = [_table(ben=ben) for ben in (BEN, tiles("L4", "D5", "L5", "L10"))]
    twins = Twins(*((ref, table) for ref, table, _ in made))
    _play_to_the_misfit(twins.refs[0], twins)
    a, b = twins.refs
    assert public(a.view()) == public(b.view())
    assert isinstance(a.view().screen, ContradictionView)
    twins.tap(Button.OK)
    assert public(a.view()) == public(b.view())
    assert made[0][2].lines[-1]["event"] == "undo"


def test_a_record_cut_while_it_waits_resumes_on_the_wait() -> None:
    """A power cut while the device waits: resumed on that record, it waits again (no
    alarm this time: nothing new happened), and OK takes the line back."""
    ref, table, record = _table()
    _play_to_the_misfit(ref, table)
    again, again_table, again_record = resumed(record.lines, replays=False)
    screen = again.view().screen
    assert isinstance(screen, ContradictionView), screen
    assert not again_table.cues
    again_table.tap(Button.OK)
    assert again_record.lines[-1] == {"event": "undo"}
    assert _replay(again_record) is None

"""A contested entry taken up when its panel is shown anyway (issue 31, the open part).

An entry that names a panel the table saw fall elsewhere can no longer fall by a guess;
its real number is asked of its own player when the panel is shown anyway: knocked down
after a miss with the table empty, or the winner's (an unplaced drawn panel included) at
the round's end. Each test plays twin tables from a record resumed at the moment, with
the same presses in both, and compares what the others see and hear after every press.
"""

from __future__ import annotations

import json
import random
from typing import Any

from test_entered_pool_oracle import _draw_dark, _guess, held_entry, worlds
from test_privacy_leaks import KEY_BUTTON, Twins, public, tiles

from coda_pi.phones.seat_views import seat_page
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.entered.claims import ClaimsGame, record_lines
from coda_pi.referee.pools.entered.mode import EnteredPool
from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import TurnStep
from coda_pi.replay import replay_bytes
from coda_pi.rules.coda import CodaGame, CodaSettings, Phase
from coda_pi.rules.coda_events import CodaEvent, Deal, Draw, Guess, Place, RoundStart, Stop
from coda_pi.rules.panel_entry import keys_to_enter
from coda_pi.rules.tiles import Color, Tile, legal_slots
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

HEADER: dict[str, Any] = {"game": "coda", "version": 1, "players": ["Ann", "Ben"],
                          "dashes": False, "rounds": 1, "pool": "entered", "timer": False}
ANN_SLIP = tiles("D1", "L4", "D7", "L10")  # her second panel is light 5
ANN_RIGHT = tiles("D1", "L5", "D7", "L10")
BEN = tiles("D0", "L4", "L6", "L11")


def _slot_of(game: CodaGame, seat: int, tile: Tile) -> int:
    return next(i for i, s in enumerate(game.rows[seat]) if s.tile == tile)


def _wrong_at(game: CodaGame, target: int) -> Guess:
    """A guess wrong in every world here: 3 at the target's first standing dealt panel
    (no row holds a 3 among its dealt panels, and the guesser never hits a drawn one)."""
    assert game.turn is not None
    slot = next(i for i, s in enumerate(game.rows[target]) if not s.revealed)
    return Guess(game.turn, target, slot, "3")


def to_an_empty_table(rows: tuple[list[Tile], list[Tile]], *, knock_ann: bool,
                      ben_says_five: bool = False) -> list[dict[str, Any]]:
    """The record (as the device writes it) of a round whose table is empty now, at Ann's
    turn: Ann knocked Ben's light 4 down on her first turn (her own entry says light 4
    too: contested from then on); the sixteen panels left were drawn by turns, each
    placed face up after a miss, except that Ben, when ``knock_ann``, knocked down Ann's
    three other dealt panels on his first three turns (standing his draws hidden), and,
    when ``ben_says_five``, his first miss named 5 at Ann's contested panel (wrong by her
    entry, light 4)."""
    game = ClaimsGame.from_header(HEADER)
    lines: list[dict[str, Any]] = [dict(HEADER)]
    taken = {*rows[0], *rows[1], Tile.parse("L5"), Tile.parse("L6")}
    pool = [t for t in (Tile(c, n) for c in (Color.DARK, Color.LIGHT) for n in range(12))
            if t not in taken]
    assert len(pool) == 16

    def write(event: CodaEvent) -> None:
        for line in record_lines(game, event):
            game.apply_line(line)
            lines.append(line)

    write(RoundStart(0))
    write(Deal(0, tuple(rows[0])))
    write(Deal(1, tuple(rows[1])))
    knocks = [Tile.parse(t) for t in ("D1", "D7", "L10")] if knock_ann else []
    for turn, drawn in enumerate(pool):
        seat = turn % 2
        write(Draw(seat, drawn))
        row = [s.tile for s in game.rows[seat]]
        if turn == 0:
            write(Guess(0, 1, _slot_of(game, 1, Tile.parse("L4")), "4"))
        elif seat == 1 and knocks:
            aim = knocks.pop(0)
            write(Guess(1, 0, _slot_of(game, 0, aim), str(aim.number)))
            write(Stop(1, legal_slots(row, drawn)[0]))
            continue
        if turn == 1 and ben_says_five:
            write(Guess(1, 0, _slot_of(game, 0, Tile.parse("L4")), "5"))
        else:
            write(_wrong_at(game, 1 - seat))
        write(Place(seat, legal_slots(row, drawn)[0]))
    assert game.turn == 0 and game.phase is Phase.ATTACK and sum(game.pool_count.values()) == 0
    return lines


def resumed(lines: list[dict[str, Any]], *,
            replays: bool = True) -> tuple[Referee, Table, MemoryRecord]:
    """A device resumed from ``lines``; ``replays``: they replay without error too (a
    device may have written a line replay refuses, which a later undo takes back)."""
    replay = replay_bytes("".join(json.dumps(o) + "\n" for o in lines).encode())
    assert (replay.error is None) is replays, replay.error
    journal = EnteredPool.journal(CodaSettings.from_dict(lines[0]), lines[1:])
    record = MemoryRecord(lines=list(lines))
    clock = FakeClock()
    ref = Referee(clock=clock, rng=random.Random(3), record=record, journal=journal,
                  header=lines[0], setup=SetupDefaults(names=("Ann", "Ben"), pool="entered"),
                  pads=random.Random(7).randrange)
    return ref, Table(ref, clock), record


def _twins(ann: tuple[list[Tile], list[Tile]], ben: tuple[list[Tile], list[Tile]], *,
           knock_ann: bool) -> tuple[Twins, tuple[MemoryRecord, MemoryRecord]]:
    made = [resumed(to_an_empty_table((a, b), knock_ann=knock_ann))
            for a, b in zip(ann, ben, strict=True)]
    return Twins(*((ref, table) for ref, table, _ in made)), (made[0][2], made[1][2])


def _miss_and_aim_at_own(twins: Twins, slot: int) -> None:
    """Ann guesses wrong at Ben (the table is empty: she knocks down one of her own), and
    turns her choice to her panel at ``slot``; OK is the caller's."""
    _guess(twins, 1, 0, 3)
    a = twins.refs[0]
    cur = a.cursor
    assert cur is not None and cur.step is TurnStep.REVEAL_OWN
    hidden = [i for i, s in enumerate(a.game.rows[0]) if not s.revealed]
    twins.tap(Button.NEXT, (hidden.index(slot) - hidden.index(cur.reveal_slot)) % len(hidden))


def _look(ref: Referee, table: Table, real: str) -> None:
    """Ann holds her button and enters the real number of the panel looked at."""
    table.press(Button.SEAT_1)
    entry = ref.pool.entry  # type: ignore[attr-defined]
    assert entry is not None
    for key in keys_to_enter(entry, tiles(real)):
        table.tap(KEY_BUTTON[key.value])
    table.release(Button.SEAT_1)


def _replays(record: MemoryRecord) -> CodaGame:
    result = replay_bytes("".join(json.dumps(o) + "\n" for o in record.lines).encode())
    assert result.error is None, result.error
    game = result.journal.game
    assert isinstance(game, CodaGame)
    return game


def test_a_contested_panel_knocked_down_with_the_table_empty_is_looked_at_and_falls() -> None:
    """Ann's entry says light 4 for her light 5; Ben's light 4 fell: her claim is
    contested. The table is empty, Ann misses and chooses to knock that panel down. The
    device asks her (in public: the panel falls now) to enter its real number, privately;
    it writes the correction as Fix does, then the panel falls as light 5, and Ben plays.
    The twin worlds differ in Ben's entry for his third panel: light 5 (the number Ann
    enters) or light 6; everything Ann and the table see is the same in both, and her
    look is taken in both (it is checked against her own row and what fell alone)."""
    ben_5 = tiles("D0", "L4", "L5", "L11")
    twins, records = _twins((ANN_SLIP, ANN_SLIP), (ben_5, BEN), knock_ann=False)
    slot = _slot_of(twins.refs[0].game, 0, Tile.parse("L4"))
    _miss_and_aim_at_own(twins, slot)
    twins.tap(Button.OK)  # knock that panel down
    for ref in twins.refs:
        screen = ref.view().screen
        assert isinstance(screen, EntryWaitView) and screen.seat == 0, screen
        assert f"your panel {slot + 1}" in screen.prompt
        assert screen.note == "Points wait for this look"
        # The phones say it too: Ann's, what to do; Ben's, who looks at which panel.
        assert seat_page(ref, 0)["sentence"] == "Look at that panel again and tap its real number"
        assert seat_page(ref, 1)["sentence"] == f"Ann: looking at panel {slot + 1} again"
    twins.press(Button.SEAT_1)
    told = twins.refs[0].private_view()
    assert told is not None and told == twins.refs[1].private_view()
    assert "Light 4 has fallen" in (told.message or "")
    for key in keys_to_enter(twins.refs[0].pool.entry, tiles("L5")):  # type: ignore[attr-defined]
        twins.tap(KEY_BUTTON[key.value])
    twins.release(Button.SEAT_1)
    for ref, record in zip(twins.refs, records, strict=True):
        game = ref.game
        assert game is not None and game.phase is Phase.ATTACK and game.turn == 1
        assert game.rows[0][slot].revealed and game.rows[0][slot].tile == Tile.parse("L5")
        assert "Ann knocked down their 5" in ref.view().banner.text
        fixed = [o for o in record.lines if o.get("event") == "deal" and "fix" in o]
        assert fixed and fixed[-1]["entered"] == ["D1", "L5", "D7", "L10"]
        assert record.lines[-1] == {"event": "reveal", "seat": 0, "slot": slot, "tile": "L5"}
        replayed = _replays(record)
        assert replayed.rows[0][slot].tile == Tile.parse("L5") and replayed.turn == 1
    assert twins.tables[0].cues == twins.tables[1].cues


def test_a_contested_last_panel_knocked_down_ends_the_round() -> None:
    """As above, with the contested panel Ann's last standing one: she is out once it
    falls, and the round ends and scores (it stalled until an undo: the knock-down was
    refused). World B: Ann entered it right; Ben sees the same until her choice, and the
    round ends alike in both, in the record as in the device."""
    twins, records = _twins((ANN_SLIP, ANN_RIGHT), (BEN, BEN), knock_ann=True)
    a, b = twins.refs
    _miss_and_aim_at_own(twins, _slot_of(a.game, 0, Tile.parse("L4")))
    for table in twins.tables:
        table.tap(Button.OK)
    assert isinstance(a.view().screen, EntryWaitView)
    assert b.game is not None and b.game.phase is Phase.FINISHED
    _look(a, twins.tables[0], "L5")
    assert a.game is not None and a.game.phase is Phase.FINISHED
    assert a.game.results == b.game.results and a.game.totals() == b.game.totals()
    assert a.game.results[-1].winner == 1
    assert public(a.view()).table == public(b.view()).table
    assert [_replays(r).totals() for r in records] == [b.game.totals()] * 2


def test_a_contested_drawn_panel_the_winner_holds_is_looked_at_at_the_round_s_end() -> None:
    """Ann draws a dark panel, dark 5, and enters it as dark 6 (world A; dark 5 in world
    B); Ben's dark 6 falls, and she knocks Ben out holding the panel unplaced. The round's
    end asks her for its real number (it stalled: the bonus line named a fallen panel);
    the round then scores as in world B, and the record replays to the same totals. While
    her look waits, the points shown claim no bonus and say they wait for it."""
    twins, records = worlds(ANN_RIGHT, ANN_RIGHT)
    held_entry(twins, 1, BEN[:2] + tiles("D6", "L11"))
    _draw_dark(twins)
    a, b = twins.refs
    for ref, table, drawn in zip(twins.refs, twins.tables, ("D6", "D5"), strict=True):
        table.press(Button.SEAT_1)
        for key in keys_to_enter(ref.pool.entry, tiles(drawn)):  # type: ignore[attr-defined]
            table.tap(KEY_BUTTON[key.value])
        table.release(Button.SEAT_1)
    for slot, value in ((1, 4), (0, 0), (2, 6), (3, 11)):
        _guess(twins, 1, slot, value, last=slot == 3)
    assert b.game is not None and b.game.phase is Phase.FINISHED
    screen = a.view().screen
    assert isinstance(screen, EntryWaitView) and screen.seat == 0, screen
    assert "drawn panel" in screen.prompt
    # No bonus counted while the look waits: Ann has her guesses and the 5 for the round.
    shown = a.view().table
    assert shown is not None and shown.seats[0].total == 4 + 3 + 5
    assert screen.note == "Points wait for this look: no bonus yet"
    # The round's winner is known; the game's waits for the look's points.
    assert a.view().banner.text == "Ann wins round 1!"
    _look(a, twins.tables[0], "D5")
    assert a.game is not None and a.game.phase is Phase.FINISHED
    assert a.game.totals() == b.game.totals() and a.game.results == b.game.results
    assert records[0].lines[-1] == {"event": "bonus", "seat": 0,
                                    "tiles": ["D1", "L5", "D7", "L10", "D5"]}
    assert [_replays(r).totals() for r in records] == [b.game.totals()] * 2


def test_a_contested_drawn_panel_stood_face_up_after_a_miss_is_looked_at_first() -> None:
    """Ann enters her drawn dark 5 as dark 6 (world A; right in world B); Ben's dark 6
    falls to her guess, then she misses: the drawn panel must stand face up. Its entry
    names a fallen panel, so OK asks her to look at it first (as the winner's at a round's
    end); then she shows its place again, and it stands face up as dark 5, as in world B."""
    twins, records = worlds(ANN_RIGHT, ANN_RIGHT)
    held_entry(twins, 1, BEN[:2] + tiles("D6", "L11"))
    _draw_dark(twins)
    for ref, table, drawn in zip(twins.refs, twins.tables, ("D6", "D5"), strict=True):
        table.press(Button.SEAT_1)
        for key in keys_to_enter(ref.pool.entry, tiles(drawn)):  # type: ignore[attr-defined]
            table.tap(KEY_BUTTON[key.value])
        table.release(Button.SEAT_1)
    _guess(twins, 1, 2, 6)  # right: Ben's dark 6 falls
    _guess(twins, 1, 0, 3)  # wrong: Ann stands her drawn panel face up
    a, b = twins.refs
    for ref, table in zip(twins.refs, twins.tables, strict=True):
        cur = ref.cursor
        assert cur is not None and cur.step is TurnStep.CLAIM_FACE_UP
        slot = legal_slots([s.tile for s in ref.game.rows[0]], Tile.parse("D5"))[0]
        table.tap(Button.NEXT, (slot - cur.claim_slot) % (len(ref.game.rows[0]) + 1))
        table.press(Button.SEAT_1)
        table.tap(Button.OK)
        table.release(Button.SEAT_1)
    screen = a.view().screen
    assert isinstance(screen, EntryWaitView) and "drawn panel" in screen.prompt
    assert b.game is not None and b.game.turn == 1  # placed at once in world B
    _look(a, twins.tables[0], "D5")
    cur = a.cursor
    assert cur is not None and cur.step is TurnStep.CLAIM_FACE_UP
    assert "Fixed: Ann's drawn panel is dark 5" in a.view().banner.text
    table = twins.tables[0]
    table.tap(Button.NEXT, (slot - cur.claim_slot) % (len(a.game.rows[0]) + 1))
    table.press(Button.SEAT_1)
    table.tap(Button.OK)
    table.release(Button.SEAT_1)
    assert a.game is not None and a.game.turn == 1
    assert public(a.view()).table == public(b.view()).table
    assert records[0].lines[-1] == records[1].lines[-1] == {
        "event": "place", "seat": 0, "slot": slot, "tile": "D5"}
    assert [_replays(r).totals() for r in records] == [b.game.totals()] * 2


def test_back_leaves_a_look_asked_in_a_turn_and_another_panel_may_fall() -> None:
    """Ann chose her contested panel to knock down, then thinks better of it: BACK (her
    button not held) leaves the look, nothing is written, and she knocks down another."""
    twins, records = _twins((ANN_SLIP, ANN_SLIP), (BEN, BEN), knock_ann=False)
    a = twins.refs[0]
    contested = _slot_of(a.game, 0, Tile.parse("L4"))
    _miss_and_aim_at_own(twins, contested)
    twins.tap(Button.OK)
    written = len(records[0].lines)
    assert isinstance(a.view().screen, EntryWaitView)
    twins.tap(Button.BACK)
    cur = a.cursor
    assert cur is not None and cur.step is TurnStep.REVEAL_OWN and len(records[0].lines) == written
    other = _slot_of(a.game, 0, Tile.parse("D1"))
    hidden = [i for i, s in enumerate(a.game.rows[0]) if not s.revealed]
    twins.tap(Button.NEXT, (hidden.index(other) - hidden.index(cur.reveal_slot)) % len(hidden))
    twins.tap(Button.OK)
    assert records[0].lines[-1] == {"event": "reveal", "seat": 0, "slot": other, "tile": "D1"}
    assert a.game is not None and a.game.turn == 1


def test_a_look_that_turns_an_earlier_guess_right_takes_play_back_to_it() -> None:
    """Ben had guessed 5 at Ann's contested panel (judged wrong: her entry said 4). The
    panels that fell since show the public that her panel can only be the 5: a line after
    which no arrangement fits. This record was written on past it (by the device before
    it waited there); resumed on it, the device asks Ann at once to look at that panel
    (``test_entered_pool_pinned``: it never writes past such a line now). It is light 5:
    his guess was right after all. The correction turns play back to it (the panel fell
    to his guess, he goes on), as Fix does; the table hears the error cue and reads what
    changed. The record says it in the spec's lines: undo back to her deal, the deal with
    ``fix``, then Ben's guess judged right; the undo lines take back the line that broke
    the fit, so the record replays (the spec: the error "unless a later undo takes it
    back")."""
    lines = to_an_empty_table((ANN_SLIP, BEN), knock_ann=False, ben_says_five=True)
    ref, table, record = resumed(lines, replays=False)
    contested = _slot_of(ref.game, 0, Tile.parse("L4"))
    screen = ref.view().screen
    assert isinstance(screen, EntryWaitView) and screen.seat == 0, screen
    assert f"your panel {contested + 1}" in screen.prompt
    cues = len(table.cues)
    _look(ref, table, "L5")
    game = ref.game
    assert game is not None and game.turn == 1 and game.phase is Phase.CONTINUE
    slot = _slot_of(game, 0, Tile.parse("L5"))
    assert game.rows[0][slot].revealed
    assert Cue.ERROR in table.cues[cues:]
    assert "right" in ref.view().banner.text.lower(), ref.view().banner.text
    written = record.lines[len(lines):]
    deal = next(i for i, o in enumerate(written) if o.get("event") == "deal")
    assert all(o == {"event": "undo"} for o in written[:deal])
    assert written[deal]["entered"] == ["D1", "L5", "D7", "L10"] and "fix" in written[deal]
    assert written[-1] == {"event": "guess", "seat": 1, "target": 0, "slot": slot,
                           "value": "5", "correct": True}
    replayed = _replays(record)
    assert replayed.turn == 1 and replayed.rows[0][slot].revealed

"""The Mastermind referee end to end by button presses, on the fake clock.

The hands here read the screen (the peg under the cursor, the key pegs shown) and press
PREV/NEXT/OK as a player would; what the device should say is worked out by hand or by the
rules module, never read back from the referee's own answer.
"""

from __future__ import annotations

import random
from pathlib import Path

from coda_pi.referee.coda.referee import Referee as CodaReferee
from coda_pi.referee.mastermind.referee import MastermindReferee
from coda_pi.referee.mastermind.setup import MastermindOptions
from coda_pi.referee.mastermind.views import (
    MastermindPublicView,
    MastermindStep,
)
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import FinalView, LedState, SetupView
from coda_pi.referee.switch import GameSwitch
from coda_pi.replay import replay_file
from coda_pi.rules.mastermind import Feedback, all_codes, feedback
from coda_pi.rules.mastermind_deduction import consistent_codes
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben")


def _table(mode: str = "scores", *, games: int = 2, first: int = 0, hint: bool = False,
           seed: int = 3) -> tuple[Table, MemoryRecord]:
    clock = FakeClock()
    record = MemoryRecord()
    referee = MastermindReferee(
        clock=clock, rng=random.Random(seed), record=record,
        options=MastermindOptions(names=NAMES, mode=mode, games=games, first=first, hint=hint),  # type: ignore[arg-type]
        new_record=MemoryRecord,
    )
    table = Table(referee, clock)  # type: ignore[arg-type]
    table.tap(Button.NEXT, 2)  # from "Game" past "Mode" to "Start"
    table.tap(Button.OK)
    return table, record


def _screen(table: Table):
    view = table.referee.view()
    assert isinstance(view, MastermindPublicView), view
    return view.screen


def _set_code(table: Table, seat: int, code: str) -> None:
    """The maker holds their seat button and sets each peg: NEXT until it shows, OK."""
    button = Button.for_seat(seat)
    table.press(button)
    for hole, want in enumerate(code):
        private = table.referee.private_view()
        assert private is not None and private.hole == hole
        for _ in range(8):
            if table.referee.private_view().code[hole] == want:
                break
            table.tap(Button.NEXT)
        assert table.referee.private_view().code[hole] == want
        table.tap(Button.OK)
    table.release(button)


def _enter_row(table: Table, guess: str) -> None:
    for hole, want in enumerate(guess):
        screen = _screen(table)
        assert screen.step is MastermindStep.GUESS and screen.hole == hole
        for _ in range(8):
            if _screen(table).entry[hole] == want:
                break
            table.tap(Button.NEXT)
        assert _screen(table).entry[hole] == want
        table.tap(Button.OK)


def _enter_keys(table: Table, black: int, white: int) -> None:
    screen = _screen(table)
    assert screen.step is MastermindStep.KEYS
    for field, want in ((0, black), (1, white)):
        if field == 1 and black == screen.pegs:
            break
        for _ in range(6):
            if _screen(table).key_entry[field] == want:
                break
            table.tap(Button.NEXT)
        assert _screen(table).key_entry[field] == want
        table.tap(Button.OK)


def _final(table: Table) -> FinalView:
    view = table.referee.view()
    assert isinstance(view.screen, FinalView), view.screen
    return view.screen


def _totals(final: FinalView) -> list[int]:
    by_seat = {s.seat: s.total for s in final.standings}
    return [by_seat[0], by_seat[1]]


def _replayed(record: MemoryRecord, tmp_path: Path) -> dict:
    replay = replay_file(record.save(tmp_path / "match.jsonl"))
    assert replay.error is None
    return replay.summary()


def test_a_two_game_match_by_button_presses(tmp_path):
    table, record = _table("scores", games=2)
    screen = _screen(table)
    assert screen.step is MastermindStep.SET_CODE and screen.maker == 0
    assert table.referee.leds()[0] is LedState.BLINK
    # Without the seat button held, nothing is set and the table is told why.
    table.tap(Button.NEXT)
    assert Cue.ERROR in table.take_cues()
    assert record.events() == []

    _set_code(table, 0, "RGBY")
    assert record.events() == [{"event": "code", "maker": 0, "code": "RGBY"}]
    public = repr(table.referee.view())
    assert "RGBY" not in public and "RGB" not in public  # the code stays behind the shield
    assert Cue.YOUR_TURN in table.take_cues()
    assert table.referee.leds()[1] is LedState.ON

    # Worked by hand: RGBY against BBGG has no peg in place, one B and one G in common.
    _enter_row(table, "BBGG")
    assert _screen(table).keys == (0, 2)
    assert Cue.WRONG in table.take_cues()
    _enter_row(table, "RGBW")
    assert _screen(table).keys == (3, 0)
    assert [r.guess for r in _screen(table).board] == ["BBGG", "RGBW"]
    assert _screen(table).totals == (2, 0)  # a point to the maker per row played
    _enter_row(table, "RGBY")
    screen = _screen(table)
    assert screen.step is MastermindStep.GAME_END and screen.code == "RGBY"
    cues = table.take_cues()
    assert Cue.CORRECT in cues and Cue.ROUND_WON in cues
    assert screen.totals == (3, 0)
    table.tap(Button.OK)

    # Roles switch: Ben makes the second code.
    screen = _screen(table)
    assert screen.step is MastermindStep.SET_CODE and screen.maker == 1
    _set_code(table, 1, "KKWW")
    _enter_row(table, "KWKW")  # K and W in place at the ends, the middle two swapped
    assert _screen(table).keys == (2, 2)
    _enter_row(table, "KKWW")
    assert _screen(table).step is MastermindStep.GAME_END
    assert Cue.TOURNAMENT_WON in table.take_cues()
    table.tap(Button.OK)
    final = _final(table)
    assert _totals(final) == [3, 2]
    assert final.winners == (0,)
    summary = _replayed(record, tmp_path)
    assert summary["totals"] == _totals(final) and summary["finished"]
    assert [g["rows"] for g in summary["games"]] == [3, 2]


def test_audit_catches_a_wrong_key_peg_at_once(tmp_path):
    table, record = _table("audit", games=2)
    _set_code(table, 0, "RGBY")
    _enter_row(table, "RGBW")
    # The maker places three black: right, so the game goes on.
    _enter_keys(table, 3, 0)
    assert _screen(table).step is MastermindStep.GUESS
    assert record.events("guess")[-1]["keys"] == {"black": 3, "white": 0}
    _enter_row(table, "BBGG")
    _enter_keys(table, 0, 1)  # the truth is 0 black, 2 white
    screen = _screen(table)
    assert screen.step is MastermindStep.GAME_END
    assert "void" in (screen.message or "").lower()
    # The same game is played again: the screen says so, not "the next game".
    assert screen.game_number == 1
    assert screen.prompt == "OK: game 1 again, with a new code"
    assert "next game" not in screen.prompt
    assert Cue.ERROR in table.take_cues()
    assert screen.totals == (0, 3)  # the breaker's 3 points, the maker's rows gone
    assert record.events("guess")[-1]["keys"] == {"black": 0, "white": 1}
    table.tap(Button.OK)
    # Replayed: the same maker sets a new code.
    screen = _screen(table)
    assert screen.step is MastermindStep.SET_CODE and screen.maker == 0
    assert screen.game_number == 1
    summary = _replayed(record, tmp_path)
    assert summary["games"][0]["void"] and summary["totals"] == [0, 3]


def test_solo_the_device_makes_a_random_code_and_the_player_breaks_it(tmp_path):
    table, record = _table("solo", games=1, first=1, seed=11)
    codes = record.events("code")
    assert len(codes) == 1 and codes[0]["maker"] == 1  # the device set its code at once
    secret = codes[0]["code"]
    assert "Device" in _screen(table).names
    rows: list[tuple[str, Feedback]] = []
    for _ in range(10):
        # The player guesses a code that fits what the board shows.
        guess = consistent_codes(rows)[0]
        _enter_row(table, guess)
        if _screen(table).step is MastermindStep.GAME_END:
            break
        shown = _screen(table).keys
        assert shown == (feedback(secret, guess).black, feedback(secret, guess).white)
        rows.append((guess, Feedback(*shown)))
    screen = _screen(table)
    assert screen.step is MastermindStep.GAME_END and screen.code == secret
    table.tap(Button.OK)
    final = _final(table)
    assert _totals(final)[1] == len(rows) + 1
    assert _replayed(record, tmp_path)["totals"] == _totals(final)


def test_solo_the_device_breaks_the_players_code(tmp_path):
    table, record = _table("solo", games=1, first=0)
    secret = "YKRB"  # the player's, never told to the device
    for row in range(1, 11):
        screen = _screen(table)
        assert screen.step is MastermindStep.KEYS and screen.device_guess is not None
        guess = screen.device_guess
        fb = feedback(secret, guess)
        _enter_keys(table, fb.black, fb.white)
        if fb.black == 4:
            break
        # Nothing but the header is written until the code is broken: the device has no code
        # to write before then.
        assert record.events() == []
        assert len(_screen(table).board) == row
    screen = _screen(table)
    assert screen.step is MastermindStep.GAME_END and screen.code == secret
    assert Cue.CORRECT in table.take_cues()
    assert record.events("code") == [{"event": "code", "maker": 0, "code": secret}]
    table.tap(Button.OK)
    final = _final(table)
    assert _totals(final) == [row, 0]
    assert _replayed(record, tmp_path)["totals"] == [row, 0]


def test_the_device_notices_answers_no_code_can_give_and_offers_to_take_back(tmp_path):
    table, record = _table("solo", games=1, first=0)
    first = _screen(table).device_guess
    assert first is not None
    # Three in place from the first row: a strong answer, which many later answers contradict.
    secret = first[:3] + next(c for c in "BGKRWY" if c not in first)
    fb = feedback(secret, first)
    _enter_keys(table, fb.black, fb.white)
    second = _screen(table).device_guess
    assert second is not None
    # An answer to row 2 that some code could give, but none together with row 1's.
    row1 = [(first, fb)]
    bad = next(
        Feedback(b, w)
        for b in range(5) for w in range(5 - b)
        if (b, w) != (4, 0)
        and consistent_codes([(second, Feedback(b, w))])
        and not consistent_codes([*row1, (second, Feedback(b, w))])
    )
    _enter_keys(table, bad.black, bad.white)
    screen = _screen(table)
    assert screen.step is MastermindStep.CONTRADICTION
    assert screen.message == "Row 2's answer contradicts row 1's"
    assert Cue.ERROR in table.take_cues()
    assert record.events() == []
    table.tap(Button.OK)  # take the answer back
    screen = _screen(table)
    assert screen.step is MastermindStep.KEYS and screen.device_guess == second
    assert len(screen.board) == 1
    for _ in range(8):
        guess = _screen(table).device_guess
        good = feedback(secret, guess)
        _enter_keys(table, good.black, good.white)
        if good.black == 4:
            break
    assert _screen(table).code == secret
    assert _replayed(record, tmp_path)["games"][0]["broken"]


def test_the_hint_counts_the_codes_that_still_fit():
    table, _ = _table("scores", games=2, hint=True)
    _set_code(table, 0, "RGBY")
    assert _screen(table).hint == len(all_codes()) == 1296
    _enter_row(table, "BBGG")
    expected = consistent_codes([("BBGG", Feedback(0, 2))])
    assert _screen(table).hint == len(expected) < 1296
    plain, _ = _table("scores", games=2, hint=False)
    _set_code(plain, 0, "RGBY")
    assert _screen(plain).hint is None


def test_undo_by_holding_back_takes_back_the_last_row(tmp_path):
    table, record = _table("scores", games=2)
    _set_code(table, 0, "RGBY")
    _enter_row(table, "BBGG")
    _enter_row(table, "RGBW")
    table.press(Button.BACK)
    table.wait(2.5)
    table.release(Button.BACK)
    view = table.referee.view()
    assert view.overlay is not None and "RGBW" in view.overlay.text
    table.tap(Button.OK)
    screen = _screen(table)
    assert [r.guess for r in screen.board] == ["BBGG"] and screen.totals == (1, 0)
    assert record.lines[-1] == {"event": "undo"}
    summary = _replayed(record, tmp_path)
    assert summary["totals"] == [1, 0]


def test_the_setup_menu_switches_between_coda_and_mastermind():
    clock = FakeClock()
    records: list[MemoryRecord] = []

    def new_record() -> MemoryRecord:
        records.append(MemoryRecord())
        return records[-1]

    def coda(setup: SetupDefaults, rec, journal):
        return CodaReferee(clock=clock, rng=random.Random(1), record=rec or new_record(),
                           setup=setup, journal=journal, new_record=new_record)

    setup = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"))
    switch = GameSwitch.build(coda, clock=clock, rng=random.Random(2), setup=setup,
                              record=None, journal=None, header=None,
                              mastermind_record=new_record)
    table = Table(switch, clock)  # type: ignore[arg-type]
    screen = switch.view().screen
    assert isinstance(screen, SetupView)
    game_item = [i.key for i in screen.items].index("game")
    versions = [switch.version]
    table.tap(Button.PREV, screen.cursor - game_item)  # up from "Start" to "Game"
    assert switch.view().screen.cursor == game_item
    table.tap(Button.OK)
    table.tap(Button.PREV)  # Coda, Coda with dashes, Mastermind: round to Mastermind
    assert not switch.playing_mastermind  # nothing changes while the value is being edited
    table.tap(Button.OK)
    assert switch.playing_mastermind
    versions.append(switch.version)
    view = switch.view()
    assert "Mastermind" in view.title
    assert [(i.label, i.value) for i in view.screen.items][0] == ("Game", "Mastermind")
    table.tap(Button.OK)  # on "Game": back to Coda
    assert not switch.playing_mastermind
    versions.append(switch.version)
    assert versions == sorted(set(versions))  # the screen is redrawn at each switch
    values = {i.key: i.value for i in switch.view().screen.items}
    assert values["game"] == "Coda"
    assert all(r.lines == [] for r in records)  # no record until a game starts


def test_solo_roles_switch_the_device_makes_then_breaks(tmp_path):
    table, record = _table("solo", games=2, first=1, seed=5)
    secret = record.events("code")[0]["code"]
    rows: list[tuple[str, Feedback]] = []
    while _screen(table).step is MastermindStep.GUESS:
        guess = consistent_codes(rows, candidates=None)[0]
        _enter_row(table, guess)
        rows.append((guess, feedback(secret, guess)))
    assert _screen(table).step is MastermindStep.GAME_END
    table.tap(Button.OK)
    # Game 2: Ann makes (she never tells the device) and the device breaks.
    screen = _screen(table)
    assert screen.maker == 0 and screen.device_guess is not None
    assert table.referee.leds()[0] is LedState.BLINK
    mine = "WYKW"
    while _screen(table).step is MastermindStep.KEYS:
        fb = feedback(mine, _screen(table).device_guess)
        _enter_keys(table, fb.black, fb.white)
    table.tap(Button.OK)
    final = _final(table)
    summary = _replayed(record, tmp_path)
    assert summary["finished"] and summary["totals"] == _totals(final)
    assert [g["maker"] for g in summary["games"]] == [1, 0]
    assert [e["code"] for e in record.events("code")] == [secret, mine]


def test_ending_the_match_from_the_menu_shows_the_standings_so_far():
    table, _ = _table("scores", games=4)
    _set_code(table, 0, "RGBY")
    _enter_row(table, "BBGG")
    table.tap(Button.BACK, 1)
    view = table.referee.view()
    assert view.overlay is not None
    while view.overlay.items[view.overlay.cursor] != "End the game now":
        table.tap(Button.NEXT)
        view = table.referee.view()
    table.tap(Button.OK)
    table.tap(Button.OK)  # yes
    final = _final(table)
    assert final.ended_early and _totals(final) == [1, 0]


def test_solo_the_device_s_code_is_decided_once_undo_and_resume_keep_it(tmp_path):
    table, record = _table("solo", games=1, first=1, seed=11)
    code = record.events("code")[0]["code"]
    assert "seed" in record.lines[0]  # kept in the header, beside the spec's keys
    _enter_row(table, "RRGG")
    for _ in range(2):  # take back the row, then the code: the device sets it again
        table.press(Button.BACK)
        table.wait(2.1)
        table.release(Button.BACK)
        table.tap(Button.OK)
    assert [line.get("event") for line in record.lines[-3:]] == ["undo", "undo", "code"]
    codes = [line["code"] for line in record.lines[1:] if line.get("event") == "code"]
    assert codes == [code, code]
    # Other seeds set other codes: the code is random, only not drawn twice.
    others = {_table("solo", games=1, first=1, seed=s)[1].events("code")[0]["code"]
              for s in range(20)}
    assert len(others) > 10


def _switch_remembering(data_dir: Path) -> tuple[GameSwitch, Table]:
    """The device's switch as the app builds it: the remembered setup laid over the
    defaults, Mastermind's remembered choices, and every start remembered."""
    from coda_pi import remembered

    clock = FakeClock()

    def coda(setup: SetupDefaults, rec, journal):
        return CodaReferee(clock=clock, rng=random.Random(1), record=rec or MemoryRecord(),
                           setup=setup, journal=journal, new_record=MemoryRecord,
                           remember=lambda chosen: remembered.save(data_dir, chosen, "en"))

    setup, _language = remembered.load(
        data_dir, SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev")), "en")
    switch = GameSwitch.build(
        coda, clock=clock, rng=random.Random(2), setup=setup, record=None, journal=None,
        header=None, mastermind_record=MemoryRecord,
        mastermind=remembered.load_mastermind(data_dir, setup.names),
        remember=lambda chosen, mm: remembered.save(data_dir, chosen, "en", mm))
    return switch, Table(switch, clock)  # type: ignore[arg-type]


def _go_to(table: Table, switch: GameSwitch, label: str) -> None:
    screen = switch.view().screen
    labels = [i.label for i in screen.items]
    table.tap(Button.NEXT, (labels.index(label) - screen.cursor) % len(labels))
    assert switch.view().screen.items[switch.view().screen.cursor].label == label


def test_mastermind_and_its_choices_are_remembered_for_the_next_start(tmp_path):
    switch, table = _switch_remembering(tmp_path)
    assert not switch.playing_mastermind
    _go_to(table, switch, "Game")
    table.tap(Button.OK)
    table.tap(Button.PREV)  # Coda, Coda with dashes, Mastermind: round to Mastermind
    table.tap(Button.OK)
    assert switch.playing_mastermind
    # Mastermind's setup has Coda's shape: the common choices, Start, then More.
    labels = [i.label for i in switch.view().screen.items]
    assert labels == ["Game", "Mode", "Start", "More"]
    _go_to(table, switch, "Mode")
    table.tap(Button.OK)
    table.tap(Button.NEXT)  # scores -> audit
    table.tap(Button.OK)
    _go_to(table, switch, "More")
    table.tap(Button.OK)
    assert switch.view().title == "More choices"
    _go_to(table, switch, "Games")
    table.tap(Button.OK)
    table.tap(Button.NEXT, 2)  # 2 -> 4 -> 6
    table.tap(Button.OK)
    _go_to(table, switch, "Empty holes")
    table.tap(Button.OK)
    table.tap(Button.NEXT)
    table.tap(Button.OK)
    table.tap(Button.BACK)  # out of More
    _go_to(table, switch, "Start")
    table.tap(Button.OK)
    assert switch.game is not None

    # The device restarts: Mastermind's setup, its choices, the cursor waiting on Start.
    again, table = _switch_remembering(tmp_path)
    assert again.playing_mastermind
    screen = again.view().screen
    assert isinstance(screen, SetupView)
    assert screen.items[screen.cursor].label == "Start"
    assert {i.label: i.value for i in screen.items}["Mode"] == "2 players, audit"
    table.tap(Button.NEXT)  # to More
    table.tap(Button.OK)
    more = {i.label: i.value for i in again.view().screen.items}
    assert more["Games"] == "6" and more["Empty holes"] == "on (7 colours)"
    table.tap(Button.BACK)

    # Back to Coda and a Coda game started: the next start is Coda's setup again.
    _go_to(table, again, "Game")
    table.tap(Button.OK)
    assert not again.playing_mastermind
    _go_to(table, again, "Start")
    table.tap(Button.OK)
    third, _table_again = _switch_remembering(tmp_path)
    assert not third.playing_mastermind


def test_the_end_of_a_game_names_the_game_that_ended_not_the_next():
    """After game 1 of 2 the screen says "Game 1 of 2 over" (it said 2: the match's next)."""
    table, _record = _table(games=2)
    _set_code(table, 0, "RGBY")
    _enter_row(table, "RGBY")
    screen = _screen(table)
    assert screen.step is MastermindStep.GAME_END
    assert (screen.game_number, screen.games) == (1, 2)
    assert screen.prompt == "OK for the next game"
    table.tap(Button.OK)
    _set_code(table, 1, "KKWW")
    assert _screen(table).game_number == 2
    _enter_row(table, "KKWW")
    screen = _screen(table)
    assert screen.step is MastermindStep.GAME_END and screen.game_number == 2
    assert screen.prompt == "OK for the final standings"

"""Undo goes back any number of events, across turns and a restart, back to the start of a
round, and the screen says what will be taken back before it is confirmed. An ended round is
closed (issue 20): its panels were all shown and its full lines published."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from coda_pi.record import Journal
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.ports import coda_journal
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import BannerKind, ConfirmView, FinalView
from coda_pi.replay import replay_file
from coda_pi.rules.coda import CodaGame
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben", "Cleo", "Dev")

# What a player must be able to read in the question, for each kind of event: the words
# of the action. The player's name is checked separately.
WORDS = {
    "round": "round",
    "deal": "panels",
    "draw": "draw",
    "guess": "guess",
    "stop": "stop",
    "place": "plac",
    "reveal": "knock",
    "timeout": "time",
}


def play(table: Table, auto: AutoPlayer, until=lambda: False) -> None:
    ref = table.referee
    for _ in range(20_000):
        if until():
            return
        intents = auto.decide(ref.view(), ref.private_view())
        if not intents:
            return
        for intent in intents:
            table.send(intent)
    raise AssertionError("the game did not get there")


def hands_off(table: Table) -> None:
    for seat in range(4):
        table.release(table.seat(seat))


def summaries(header: dict[str, Any], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The state after each number of events, played forward from the header."""
    journal: Journal[Any] = coda_journal(CodaGame.from_header(header))
    out = [journal.game.summary()]
    for event in events:
        journal.apply(event)
        out.append(journal.game.summary())
    return out


def undo_once(table: Table, record: MemoryRecord, event: dict[str, Any],
              players: tuple[str, ...]) -> None:
    """Hold BACK two seconds, read the question, then confirm it with OK."""
    ref = table.referee
    lines = len(record.lines)
    table.press(Button.BACK)
    table.wait(2.0)
    table.release(Button.BACK)
    question = ref.view().overlay
    assert isinstance(question, ConfirmView), event
    assert len(record.lines) == lines  # nothing is taken back before the answer
    text = question.text.lower()
    assert WORDS[event["event"]] in text, (event, question.text)
    seat = event.get("seat")
    if isinstance(seat, int):
        assert players[seat].lower() in text, (event, question.text)
    if event["event"] == "guess":
        assert players[event["target"]].lower() in text
    table.tap(Button.OK)
    assert record.lines[-1] == {"event": "undo"}
    assert ref.view().overlay is None


def test_a_round_taken_back_event_by_event_after_a_restart(tmp_path: Path) -> None:
    clock = FakeClock()
    record = MemoryRecord()
    setup = SetupDefaults(names=NAMES, players=3, rounds=3, timer=True)
    table = Table(Referee(clock=clock, rng=random.Random(7), record=record, setup=setup),
                  clock)
    ref = table.referee
    def third_round_under_way() -> bool:
        if ref.game is None or ref.game.round_number != 3:
            return False
        events = list(ref.journal.events)
        start = max(i for i, e in enumerate(events) if e["event"] == "round")
        return len([e for e in events[start:] if e["event"] == "guess"]) >= 6

    play(table, AutoPlayer(random.Random(8)), until=third_round_under_way)
    played = record.save(tmp_path / "played.jsonl")
    header, events = record.lines[0], record.lines[1:]
    assert all(e.get("event") != "undo" for e in events)
    last_start = max(i for i, e in enumerate(events) if e["event"] == "round")
    assert len({e["event"] for e in events[last_start:]}) >= 4  # every kind of action
    expected = summaries(header, events)

    # The power goes; the device starts again on the record and undoes the third round.
    replay = replay_file(played)
    more = MemoryRecord()
    ref = Referee(clock=clock, rng=random.Random(9), record=more, setup=setup,
                  journal=replay.journal, header=replay.header)
    table = Table(ref, clock)
    hands_off(table)
    players = tuple(header["players"])
    for n in range(len(events), last_start, -1):
        undo_once(table, more, events[n - 1], players)
        assert ref.game.summary() == expected[n - 1]
        assert ref.view().banner is not None and "Took back" in ref.view().banner.text
    assert ref.game.round_number == 2 and len(ref.game.results) == 2
    # The second round's end is as far as it goes: it says so, and nothing is written.
    lines = len(more.lines)
    table.press(Button.BACK)
    table.wait(2.0)
    table.release(Button.BACK)
    assert ref.view().overlay is None
    assert ref.view().banner.kind is BannerKind.ERROR and "Round 2 is over" in \
        ref.view().banner.text
    assert len(more.lines) == lines
    # The record, played lines then undo lines, replays to the end of the second round;
    # playing on from there ends the tournament.
    both = played.read_text() + "".join(json.dumps(o) + "\n" for o in more.lines)
    (tmp_path / "both.jsonl").write_text(both)
    assert replay_file(tmp_path / "both.jsonl").summary() == expected[last_start] | {
        "error": None}
    play(table, AutoPlayer(random.Random(10)))
    assert isinstance(ref.view().screen, FinalView)


def test_undo_in_the_middle_of_the_second_round_stops_at_the_first_round_s_end(
        tmp_path: Path) -> None:
    clock = FakeClock()
    record = MemoryRecord()
    setup = SetupDefaults(names=NAMES, players=2, rounds=3, timer=False)
    table = Table(Referee(clock=clock, rng=random.Random(3), record=record, setup=setup),
                  clock)
    ref = table.referee
    play(table, AutoPlayer(random.Random(4)),
         until=lambda: ref.game is not None and ref.game.round_number == 2
         and len([e for e in record.events() if e["event"] == "guess"]) >= 14)
    hands_off(table)
    header, events = record.lines[0], list(ref.journal.events)
    expected = summaries(header, events)
    starts = [i for i, e in enumerate(events) if e["event"] == "round"]
    for n in range(len(events), starts[1], -1):
        undo_once(table, record, events[n - 1], tuple(header["players"]))
    assert ref.game.round_number == 1 and ref.game.summary() == expected[starts[1]]
    lines = len(record.lines)
    table.press(Button.BACK)
    table.wait(2.0)
    table.release(Button.BACK)
    assert ref.view().overlay is None and len(record.lines) == lines  # refused, one sentence
    assert ref.view().banner.text.startswith("Round 1 is over")
    summary = replay_file(record.save(tmp_path / "r.jsonl")).summary()
    assert summary == expected[starts[1]] | {"error": None}

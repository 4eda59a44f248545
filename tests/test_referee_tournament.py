"""Whole tournaments on the referee, driven by button presses only.

The simulated table (coda_pi.sim.coda) presses the buttons; the test watches every
screen, LED and cue on the way, and at the end replays the written record with the same code
as `coda-pi replay` and compares its totals with the final screen.
"""

from __future__ import annotations

import random

import pytest

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue, Press, Release
from coda_pi.referee.shared.views import (
    BannerKind,
    DealView,
    FinalView,
    LedState,
    RoundEndView,
    TurnView,
)
from coda_pi.replay import replay_file
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben", "Cy", "Di")


def play_tournament(players: int, seed: int, tmp_path, **setup):
    clock = FakeClock()
    record = MemoryRecord()
    defaults = SetupDefaults(names=NAMES, players=players, rounds=3, **setup)
    referee = Referee(clock=clock, rng=random.Random(seed), record=record, setup=defaults)
    table = Table(referee, clock)
    auto = AutoPlayer(random.Random(seed + 100))
    held: set[Button] = set()
    round_ends: list[RoundEndView] = []
    turn_seat: tuple[int, int] | None = None  # (round, seat) of the turn on screen
    for _ in range(20_000):
        intents = auto.decide(referee.view(), referee.private_view())
        if not intents:
            break
        for intent in intents:
            lines_before = len(record.lines)
            table.send(intent)
            cues = table.take_cues()
            if isinstance(intent, Press):
                held.add(intent.button)
            elif isinstance(intent, Release):
                held.discard(intent.button)
            view = referee.view()
            leds = referee.leds()
            assert view.leds == leds and len(leds) == 4
            screen = view.screen
            # The LEDs say who is asked to act.
            if isinstance(screen, DealView) and view.table.round_number > 0:
                assert leds[screen.seat] is LedState.BLINK
            if isinstance(screen, TurnView):
                assert leds[screen.seat] is LedState.ON
                assert [s.seat for s in view.table.seats if s.turn] == [screen.seat]
                for seat in range(players, 4):
                    assert leds[seat] is LedState.OFF
            # The seat the game waits for (the pods write its pod first) is the one asked.
            if isinstance(screen, DealView | TurnView) and view.table.round_number > 0 \
                    and view.overlay is None:
                assert referee.acting_seat() == screen.seat
            # A private view only while exactly the acting seat's button is held.
            private = referee.private_view()
            seats_held = {b.seat for b in held if b.seat is not None}
            if private is not None:
                assert seats_held == {private.seat} == {screen.seat}
                assert view.private_shown == private.seat
            elif isinstance(screen, DealView | TurnView) and view.table.round_number > 0:
                assert seats_held != {screen.seat} or view.overlay is not None
            # Each judged guess is told with a cue and a banner.
            new = record.lines[lines_before:]
            if any(o.get("event") == "guess" for o in new):
                assert cues[0] in (Cue.CORRECT, Cue.WRONG)
                kind = BannerKind.GOOD if cues[0] is Cue.CORRECT else BannerKind.BAD
                assert view.banner is not None and view.banner.kind is kind
            # A new turn on screen comes with the "your turn" cue.
            if isinstance(screen, TurnView):
                key = (view.table.round_number, screen.seat)
                if key != turn_seat:
                    assert Cue.YOUR_TURN in cues
                turn_seat = key
            if isinstance(screen, RoundEndView) and (
                not round_ends or round_ends[-1].round_number != screen.round_number
            ):
                round_ends.append(screen)
                assert leds[screen.winner] is LedState.BLINK
                won = Cue.TOURNAMENT_WON if screen.last_round else Cue.ROUND_WON
                assert won in cues
    else:
        pytest.fail("the tournament did not end")
    final = referee.view().screen
    assert isinstance(final, FinalView)
    replay = replay_file(record.save(tmp_path / "game.jsonl"))
    return record, final, round_ends, replay, referee


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_whole_tournament_replays_to_the_totals_on_the_final_screen(players, seed, tmp_path):
    record, final, round_ends, replay, referee = play_tournament(players, seed, tmp_path)
    summary = replay.summary()
    assert summary["error"] is None
    assert summary["finished"] is True
    assert summary["players"] == list(NAMES[:players])
    shown = {s.seat: s.total for s in final.standings}
    assert [shown[s] for s in range(players)] == summary["totals"]
    # Standings best first, ranks shared on equal totals, the winners' LEDs lit.
    totals = [s.total for s in final.standings]
    assert totals == sorted(totals, reverse=True)
    assert final.standings[0].rank == 1
    assert set(final.winners) == {s.seat for s in final.standings if s.total == totals[0]}
    for seat in final.winners:
        assert referee.leds()[seat] is LedState.ON
    # Three round-end screens, each showing points by cause that add up to the record's.
    assert [r.round_number for r in round_ends] == [1, 2, 3]
    running = [0] * players
    for shown_round, played in zip(round_ends, summary["rounds"], strict=True):
        assert shown_round.winner == played["winner"]
        for p in shown_round.points:
            assert p.guesses + p.exposures + p.win + p.bonus == p.round_total
            assert p.round_total == played["points"][p.seat]
            running[p.seat] += p.round_total
            assert p.total == running[p.seat]
        winner = shown_round.points[shown_round.winner]
        assert winner.win == 5
    # The next round was started by the round's winner.
    assert len(record.events("round")) == 3
    starts = [r["winner"] for r in summary["rounds"][:2]]
    deals = [o for o in record.events() if o["event"] in ("round", "draw", "guess")]
    # After each later `round` line, the first draw/guess is by the previous winner.
    after_round = [deals[i + 1]["seat"] for i, o in enumerate(deals) if o["event"] == "round"]
    assert after_round[1:] == starts


def test_the_record_header_says_what_the_setup_menu_chose(tmp_path):
    record, final, round_ends, replay, referee = play_tournament(
        3, 11, tmp_path, dashes=True, labels="cards", bonus="all"
    )
    header = record.lines[0]
    assert header["game"] == "coda"
    assert header["players"] == ["Ann", "Ben", "Cy"]
    assert header["dashes"] is True and header["rounds"] == 3 and header["bonus"] == "all"
    assert header["labels"] == "cards"
    assert replay.summary()["error"] is None


def test_every_event_is_written_before_the_game_state_changes():
    clock = FakeClock()
    seen: list[tuple[int, int]] = []
    holder: dict[str, Referee] = {}
    lines: list[dict] = []

    def sink(obj: dict) -> None:
        referee = holder.get("r")
        journal = None if referee is None else referee.journal
        # At write time the journal does not hold the event yet (and no cue was given).
        events = -1 if journal is None else len(journal.events)
        seen.append((len(lines), events))
        lines.append(obj)

    referee = Referee(
        clock=clock, rng=random.Random(4), record=sink, setup=SetupDefaults(names=NAMES)
    )
    holder["r"] = referee
    auto = AutoPlayer(random.Random(5))
    for _ in range(5_000):
        intents = auto.decide(referee.view(), referee.private_view())
        if not intents:
            break
        for intent in intents:
            before = None if referee.journal is None else len(referee.journal.events)
            referee.handle(intent)
            after = None if referee.journal is None else len(referee.journal.events)
            if before is not None and after != before:
                # The line was already on its way to disk when the journal had `before`.
                assert seen[-1][1] == before
    assert lines[0]["game"] == "coda"
    assert len(lines) == 1 + len(referee.journal.events)

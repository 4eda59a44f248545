"""Whole games played by phone taps alone, in-process: the referee, the loop's
``PhoneBridge`` and each tap checked and parsed as the server does it, with no thread and no clock
(fast enough to run every screen of a game in a test). Every page each phone was sent is
kept, for the tests that read what phones were told.

The players know every hidden panel (they read the game) and guess right, except once on
purpose, so that a miss, a face-up placing and a knocked-down panel happen too.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from coda_pi.phones.actions import Ticket
from coda_pi.phones.bodies import checked
from coda_pi.phones.bridge import PhoneBridge
from coda_pi.phones.seat_views import seat_page
from coda_pi.phones.server import _intent
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.mastermind.referee import MastermindReferee
from coda_pi.referee.mastermind.setup import MastermindOptions
from coda_pi.referee.mastermind.views import MastermindPublicView, MastermindStep
from coda_pi.referee.shared.labels import value_label
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import (
    DealView,
    FinalView,
    RoundEndView,
    SetupView,
    TurnStep,
    TurnView,
)
from coda_pi.rules.mastermind import feedback
from coda_pi.sim.testing import FakeClock, MemoryRecord


@dataclass
class TappedTable:
    """A referee with every seat on a phone; ``tap`` is a phone's tap, ``press`` a hand
    on the device's own buttons (the table's moves: start, next round)."""

    referee: Any
    seats: int
    bridge: PhoneBridge = field(default_factory=PhoneBridge)
    pages: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (seat, page)
    taps: int = 0
    watch: Callable[[TappedTable], None] | None = None  # called after every move

    def __post_init__(self) -> None:
        for seat in range(self.seats):
            # The table's OK to the question naming this seat's one request.
            assert self.bridge.pairings.complete(self.bridge.pairings.request(seat).rid)
        self.referee.attach_seat_screens(self.bridge)
        self._after()

    def tap(self, seat: int, **body: Any) -> None:
        # As the server takes it: the body checked against its schema (a tap the page
        # sends must fit it), then the intent with the ticket the loop answers.
        ticket = Ticket()
        intent = _intent(seat, checked("/api/tap", json.dumps(body).encode()), ticket)
        self.bridge.take(self.referee, intent)
        # As the loop's pass does once its lines are on the card (a memory record: at once).
        self.bridge.settled(self.referee, True)
        assert ticket.wait(0), body  # answered once it was done, on the loop's thread
        self.taps += 1
        self._after()

    def press(self, button: Button) -> None:
        self.referee.handle(Press(button))
        self.referee.handle(Release(button))
        self._after()

    def _after(self) -> None:
        self.bridge.publish(self.referee)
        for seat in range(self.seats):
            self.pages.append((seat, seat_page(self.referee, seat)))
        if self.watch is not None:
            self.watch(self)

    def page(self, seat: int) -> dict[str, Any]:
        return seat_page(self.referee, seat)


def coda_table(names: tuple[str, ...] = ("Ann", "Ben"), *, rounds: int = 1,
               seed: int = 4, timer: bool = False) -> TappedTable:
    referee = Referee(clock=FakeClock(), rng=random.Random(seed), record=MemoryRecord(),
                      setup=SetupDefaults(names=names, players=len(names), rounds=rounds,
                                          pool="device", timer=timer))
    return TappedTable(referee, len(names))


def play_coda(table: TappedTable, *, limit: int = 2000) -> FinalView:
    """The whole tournament by taps; the table's own moves (start, next round) on the
    device. One guess is missed on purpose, the first of the game."""
    referee = table.referee
    missed = False
    for _ in range(limit):
        screen = referee.view().screen
        game = referee.game
        if isinstance(screen, FinalView):
            return screen
        if isinstance(screen, SetupView | RoundEndView):
            table.press(Button.OK)
        elif isinstance(screen, DealView):
            table.tap(screen.seat, kind="key", key="ok")
        else:
            assert isinstance(screen, TurnView), screen
            missed = _turn(table, game, screen, missed)
    raise AssertionError("the tournament did not end")


def _turn(table: TappedTable, game: Any, screen: TurnView, missed: bool) -> bool:
    seat = screen.seat
    step = screen.step
    if step is TurnStep.CHOOSE_COLOR:
        table.tap(seat, kind="colour", dark=bool(screen.dark_left))
    elif step in (TurnStep.TARGET, TurnStep.SLOT, TurnStep.CONTINUE):
        target = next(s for s in range(game.seats) if s != seat and not game.out[s])
        slot = next(i for i, p in enumerate(game.rows[target]) if not p.revealed)
        table.tap(seat, kind="attack", target=target, slot=slot)
    elif step is TurnStep.VALUE:
        assert screen.target is not None and screen.slot is not None
        truth = value_label(game.rows[screen.target][screen.slot].tile.value, "panels")
        guess = truth if missed else next(v for v in screen.values if v != truth)
        table.tap(seat, kind="guess", value=guess)
        return True
    elif step in (TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP):
        # The player tries the gaps left to right; the referee refuses the wrong ones.
        for gap in range(len(game.rows[seat]) + 1):
            table.tap(seat, kind="place", slot=gap)
            now = table.referee.view().screen
            if not (isinstance(now, TurnView) and now.seat == seat and now.step is step):
                break
    elif step is TurnStep.REVEAL_OWN:
        slot = next(i for i, p in enumerate(game.rows[seat]) if not p.revealed)
        table.tap(seat, kind="reveal", slot=slot)
    else:
        raise AssertionError(step)
    return missed


def mastermind_table(*, mode: str = "audit", games: int = 2, seed: int = 3) -> TappedTable:
    referee = MastermindReferee(
        clock=FakeClock(), rng=random.Random(seed), record=MemoryRecord(),
        options=MastermindOptions(names=("Ann", "Ben"), mode=mode, games=games),  # type: ignore[arg-type]
        new_record=MemoryRecord)
    return TappedTable(referee, 2)


def play_mastermind(table: TappedTable, *, limit: int = 500) -> FinalView:
    """A whole match by taps: each maker taps a code, each breaker taps rows (the code's
    colours shifted, then the code itself), each maker taps the key pegs the rules give."""
    referee = table.referee
    table.press(Button.NEXT)
    table.press(Button.NEXT)  # from "Game" past "Mode" to "Start"
    table.press(Button.OK)
    codes: dict[int, str] = {}
    for _ in range(limit):
        view = referee.view()
        if isinstance(view.screen, FinalView):
            return view.screen
        assert isinstance(view, MastermindPublicView), view
        screen = view.screen
        if screen.step is MastermindStep.SET_CODE:
            code = "".join(screen.palette[(screen.game_number + i) % len(screen.palette)]
                           for i in range(screen.pegs))
            codes[screen.game_number] = code
            for colour in code:
                table.tap(screen.maker, kind="peg", value=colour)
        elif screen.step is MastermindStep.GUESS:
            code = codes[screen.game_number]
            row = code if screen.board else code[1:] + code[0]  # one wrong row, then right
            for colour in row:
                table.tap(screen.breaker, kind="peg", value=colour)
        elif screen.step is MastermindStep.KEYS:
            assert screen.entry is not None
            keys = feedback(codes[screen.game_number], screen.entry)
            table.tap(screen.maker, kind="keys", black=keys.black, white=keys.white)
        else:
            table.press(Button.OK)  # a game's end: the table goes on, on the device
    raise AssertionError("the match did not end")

"""The first evening's snags (issue 33), each as a newcomer met it: what the shared screen
says while a drawn panel waits, and what the table is told when nothing seems to happen."""

from __future__ import annotations

import random

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import TurnStep, TurnView
from coda_pi.rules.tiles import legal_slots
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

OK, PREV, NEXT = Button.OK, Button.PREV, Button.NEXT


def _table(players: int, seed: int = 0, **setup) -> tuple[Referee, Table]:
    clock = FakeClock()
    ref = Referee(clock=clock, rng=random.Random(seed), record=MemoryRecord(),
                  setup=SetupDefaults(names=("Ann", "Ben", "Cy", "Di")[:players],
                                      players=players, timer=False, **setup))
    return ref, Table(ref, clock)


def _play_until(ref: Referee, table: Table, seed: int, done) -> bool:
    player = AutoPlayer(random.Random(seed))
    for _ in range(3000):
        if done(ref):
            return True
        if ref.over:
            return False
        for intent in player.decide(ref.view(), ref.private_view()):
            table.send(intent)
    return False


def _attacking_after_a_draw(ref: Referee) -> bool:
    screen = ref.view().screen
    return isinstance(screen, TurnView) and screen.drew and screen.step in (
        TurnStep.TARGET, TurnStep.SLOT)


def test_two_seats_the_drawing_seat_is_told_to_hold_its_button_as_with_three() -> None:
    for players in (3, 2):
        ref, table = _table(players)
        assert _play_until(ref, table, 1, _attacking_after_a_draw)
        prompt = ref.view().screen.prompt
        told = ("Hold yours to see your panel", "Hold your button to see your panel")
        assert any(words in prompt for words in told), (players, prompt)


def _claiming_with_a_refusable_place(ref: Referee) -> bool:
    screen = ref.view().screen
    game = ref.game
    if not (isinstance(screen, TurnView) and screen.step is TurnStep.CLAIM_HIDDEN
            and game is not None and game.drawn is not None):
        return False
    row = [s.tile for s in game.rows[game.turn]]
    return len(legal_slots(row, game.drawn)) <= len(row)


def test_a_refused_placement_leaves_a_hint_on_the_shared_screen_to_hold_the_button() -> None:
    ref, table = _table(2, seed=3)
    assert _play_until(ref, table, 4, _claiming_with_a_refusable_place)
    game = ref.game
    row = [s.tile for s in game.rows[game.turn]]
    bad = next(k for k in range(len(row) + 1) if k not in legal_slots(row, game.drawn))
    table.tap(NEXT, (bad - ref.view().screen.claim_slot) % (len(row) + 1))
    table.tap(OK)
    view = ref.view()
    assert view.screen.step is TurnStep.CLAIM_HIDDEN  # refused: still placing
    shown = " ".join(filter(None, (view.screen.prompt, view.banner and view.banner.text)))
    assert "hold your button" in shown.lower(), shown
    # The reason stays the player's own: only the held button shows it.
    table.press(Button.for_seat(game.turn))
    why = ref.private_view().message
    table.release(Button.for_seat(game.turn))
    assert why and why not in shown

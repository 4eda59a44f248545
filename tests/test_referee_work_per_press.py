"""A press costs the referee only the work its change needs: a Zero has about 1.3 ms of CPU
here for a press and its frame (issue 34). The public table of a game (every panel seen
through the public observer) is worked out once per change of the game, whoever asks for
it (the turn's buttons, the screen, the phones), and a move of the cursor works out none."""

from __future__ import annotations

from typing import Any

import pytest

from coda_pi.referee.shared import public
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import TurnStep, TurnView
from tests.test_referee_flow import started, truth

NEXT, OK = Button.NEXT, Button.OK


@pytest.fixture
def observed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times a game has been looked at through the public observer."""
    count = [0]
    observe = public.observe

    def counted(game: Any) -> Any:
        count[0] += 1
        return observe(game)

    monkeypatch.setattr(public, "observe", counted)
    return count


def _turn(table: Any) -> TurnView:
    screen = table.referee.view().screen
    assert isinstance(screen, TurnView), screen
    return screen


def test_turning_the_dial_works_out_no_public_table(observed: list[int]) -> None:
    table, _ = started(players=2, seed=3)
    table.tap(OK)  # draw
    table.tap(OK)  # aim at the only opponent's first panel
    before = _turn(table)
    assert before.step is TurnStep.VALUE
    observed[0] = 0
    table.tap(NEXT)
    after = _turn(table)
    assert after.value_label != before.value_label  # the dial moved on screen
    assert observed[0] == 0


def test_a_guess_works_out_the_public_table_once_for_the_turn_and_the_screen(
        observed: list[int]) -> None:
    table, record = started(players=2, seed=3)
    table.tap(OK)  # draw
    table.tap(OK)  # aim
    target = truth(table, 1)[0]
    while _turn(table).value_label != target.value:
        table.tap(NEXT)
    _turn(table)
    observed[0] = 0
    table.tap(OK)  # the right number: the panel turns face up
    view = table.referee.view()
    assert record.events()[-1]["event"] == "guess"
    assert view.table.seats[1].row[0].revealed
    assert observed[0] == 1


def test_a_guess_builds_again_only_the_row_it_changed() -> None:
    """The screen compares what it shows with what is drawn (``app/loop.py``, ``ui/``): a row
    that did not change is the very row shown before, so the comparison stops at once."""
    table, _ = started(players=3, seed=3)
    table.tap(OK)  # draw
    screen = _turn(table)
    assert screen.step is TurnStep.TARGET  # two opponents: the player chooses one
    table.tap(NEXT)
    table.tap(OK)
    target = _turn(table).target
    assert target is not None
    before = table.referee.view().table
    if _turn(table).step is TurnStep.SLOT:
        table.tap(OK)
    assert _turn(table).step is TurnStep.VALUE
    real = truth(table, target)[_turn(table).slot]
    for _ in range(len(_turn(table).values)):
        if _turn(table).value_label == real.value:
            break
        table.tap(NEXT)
    assert _turn(table).value_label == real.value
    table.tap(OK)
    after = table.referee.view().table
    assert after.seats[target].row != before.seats[target].row  # the guessed panel is down
    others = [s for s in range(3) if s not in (target, screen.seat)]
    assert others and all(after.seats[s].row is before.seats[s].row for s in others)


def _to_a_right_guess(players: int) -> tuple[Any, int]:
    """A table whose turn's player has the right number dialled on an opponent's panel."""
    table, _ = started(players=players, seed=3)
    table.tap(OK)  # draw
    assert _turn(table).step is TurnStep.TARGET  # two opponents: the player chooses one
    table.tap(NEXT)
    table.tap(OK)
    target = _turn(table).target
    assert target is not None
    if _turn(table).step is TurnStep.SLOT:
        table.tap(OK)
    real = truth(table, target)[_turn(table).slot]
    for _ in range(len(_turn(table).values)):
        if _turn(table).value_label == real.value:
            break
        table.tap(NEXT)
    return table, target


def test_a_guess_makes_again_only_the_panels_of_the_row_it_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The observer and the public table make a panel seen only for the row a guess
    turned: the others come back as the very rows seen before the guess."""
    from coda_pi.rules import observe as observer

    table, target = _to_a_right_guess(players=3)
    made: list[object] = []
    seen_panel = observer.SeenPanel

    def counted(*args: Any) -> Any:
        made.append(args)
        return seen_panel(*args)

    monkeypatch.setattr(observer, "SeenPanel", counted)
    slot = _turn(table).slot
    assert slot is not None
    table.tap(OK)  # the right number: the panel turns face up
    view = table.referee.view()
    assert view.table.seats[target].row[slot].revealed
    game = table.referee.game
    assert game is not None
    # That row's panels (and the drawn one, seen apart), not the whole table's.
    assert 0 < len(made) <= len(game.rows[target]) + 1 < sum(map(len, game.rows))


def test_a_seat_sees_its_own_row_and_the_public_only_what_is_down_in_any_order() -> None:
    """Rows seen are kept by the row and by whether the viewer sees all of it: asking the
    public, then the row's own seat, then the public again gives each its own."""
    from coda_pi.rules.observe import observe

    table, _ = started(players=3, seed=3)
    game = table.referee.game
    assert game is not None
    for _ in range(2):
        public = observe(game)
        own = observe(game, 0)
        assert all(p.tile is None for p in public.rows[0] if not p.revealed)
        assert [p.tile for p in own.rows[0]] == truth(table, 0)
        assert all(p.tile is None for p in own.rows[1] if not p.revealed)
        assert observe(game).rows == public.rows

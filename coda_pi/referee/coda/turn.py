"""A player's turn (``CodaScreen.TURN``): draw, aim, guess, go on or stop, place or knock
down after a miss. ``TurnState``, handed the referee as a ``CodaContext``: one small handler
per turn step for PREV/NEXT (``_TURN_MOVES``) and for OK (``_TURN_OKS``), so a new step is
one entry in each. What a turn writes and announces is ``verdicts``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from coda_pi.i18n import _
from coda_pi.referee.coda import verdicts
from coda_pi.referee.coda.standings import stuck_view
from coda_pi.referee.coda.state import CodaState
from coda_pi.referee.shared import private
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.labels import guess_values
from coda_pi.referee.shared.public import PublicTable, TurnCursor, turn_view
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.timer import GuessTimer
from coda_pi.referee.shared.views import (
    LedState,
    PrivatePurpose,
    PrivateView,
    Screen,
    TurnStep,
)
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import Reveal, Stop

if TYPE_CHECKING:
    from coda_pi.referee.coda.context import CodaContext


class TurnState(CodaState):
    """The turn's buttons, LEDs and the player's own row; the cursor lives on the referee."""

    kind = CodaScreen.TURN

    def enter(self, ref: CodaContext, game: CodaGame, previous: TurnCursor | None) -> None:
        """A turn's step begins: its cursor, aimed at the only target there is, and the
        guess timer while a guess is asked for."""
        assert game.turn is not None
        table = _table(ref)
        ref.cursor = cur = turn_cursor(game, table, previous)
        if cur.step is TurnStep.TARGET:
            targets = table.targets(game.turn)
            if len(targets) == 1:
                aim(ref, targets[0])
        ref.timer = None
        options = ref.options
        if game.phase in (Phase.ATTACK, Phase.CONTINUE) and options.timer:
            ref.timer = GuessTimer(options.first_seconds, options.extra_seconds,
                                   started=ref.now())
        ref.sync_timer()

    def view(self, ref: CodaContext, table: PublicTable) -> Screen:
        if ref.cursor is None:
            return stuck_view(ref, table)
        return turn_view(table, ref.cursor, ref.options.labels)

    def leds(self, ref: CodaContext, states: list[LedState]) -> None:
        game = ref.game
        assert game is not None
        if game.turn is None:
            return
        states[game.turn] = LedState.ON
        cur = ref.cursor
        if cur is not None and cur.knock_down is not None:
            states[cur.knock_down] = LedState.BLINK

    def acting(self, ref: CodaContext, game: CodaGame) -> int | None:
        return game.turn

    def private(self, ref: CodaContext, game: CodaGame, seat: int) -> PrivateView:
        """The player's own row while held: where the drawn panel goes, which panel to
        knock down, or the row and the drawn panel."""
        labels = ref.options.labels
        name = game.name(seat)
        cur = ref.cursor
        row, drawn = private.own_panels(game, seat)
        if cur is None:
            return private.row_view(seat, name, row, drawn, labels)
        if cur.step in (TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP) and drawn:
            return private.claim_view(
                seat, name, row, drawn, cur.claim_slot, labels,
                face_up=cur.step is TurnStep.CLAIM_FACE_UP, refusal=ref.refusal,
            )
        if cur.step is TurnStep.REVEAL_OWN:
            return private.row_view(
                seat, name, row, None, labels, cursor=cur.reveal_slot,
                purpose=PrivatePurpose.REVEAL,
                prompt=nouns(labels)(_("PREV/NEXT: the {panel} to knock down, then OK")),
            )
        return private.row_view(seat, name, row, drawn, labels)

    def seat(self, ref: CodaContext, seat: int) -> None:
        """Another seat's button: the player attacks that seat."""
        game = ref.game
        cur = ref.cursor
        if game is None or cur is None or seat == game.turn:
            return
        if cur.step is TurnStep.CHOOSE_COLOR:
            ref.refuse(nouns(ref.options.labels)(
                _("Draw a {panel} first: choose a colour and press OK")))
        elif cur.step in (TurnStep.TARGET, TurnStep.SLOT, TurnStep.VALUE, TurnStep.CONTINUE):
            if game.out[seat]:
                ref.refuse(_("{name} is out: attack someone else").format(name=game.name(seat)))
            else:
                aim(ref, seat)

    def back(self, ref: CodaContext) -> bool:
        """BACK during a turn: one step back (True), or nowhere to go back to (the menu)."""
        cur = ref.cursor
        game = ref.game
        if cur is None or game is None:
            return False
        assert game.turn is not None
        if cur.step is TurnStep.VALUE:
            cur.step = TurnStep.SLOT
            return True
        if cur.step is TurnStep.SLOT and len(_table(ref).targets(game.turn)) > 1:
            cur.step = TurnStep.TARGET
            cur.target = None
            return True
        if cur.step in (TurnStep.SLOT, TurnStep.TARGET) and game.phase is Phase.CONTINUE:
            cur.step = TurnStep.CONTINUE
            cur.target = None
            return True
        if cur.step is TurnStep.CLAIM_HIDDEN and not cur.timed_out:
            cur.step = TurnStep.CONTINUE
            cur.claim_refused = False
            ref.refusal = None
            ref.sync_timer()
            return True
        return False

    def nav(self, ref: CodaContext, button: Button) -> None:
        """PREV/NEXT or OK during a turn: handed to the turn step's own handler (one per
        ``TurnStep``)."""
        step = -1 if button is Button.PREV else 1
        game = ref.game
        cur = ref.cursor
        assert game is not None and cur is not None and game.turn is not None
        if button in (Button.PREV, Button.NEXT):
            _TURN_MOVES[cur.step](ref, cur, _table(ref), step)
        elif button is Button.OK:
            _TURN_OKS[cur.step](ref, cur, _table(ref))


# PREV/NEXT at each step of a turn.

def _move_colour(ref: CodaContext, cur: TurnCursor, table: PublicTable, step: int) -> None:
    if all(_left(table, c) for c in (True, False)):
        cur.color_dark = not cur.color_dark


def _move_target(ref: CodaContext, cur: TurnCursor, table: PublicTable, step: int) -> None:
    assert table.turn is not None
    targets = table.targets(table.turn)
    if targets:
        aim(ref, targets[0] if step > 0 else targets[-1])


def _move_slot(ref: CodaContext, cur: TurnCursor, table: PublicTable, step: int) -> None:
    assert cur.target is not None
    hidden = table.hidden_slots(cur.target)
    if hidden:
        at = hidden.index(cur.slot) if cur.slot in hidden else 0
        cur.slot = hidden[(at + step) % len(hidden)]


def _move_value(ref: CodaContext, cur: TurnCursor, table: PublicTable, step: int) -> None:
    cur.value_index = (cur.value_index + step) % len(guess_values(dashes=table.dashes))


def _move_continue(ref: CodaContext, cur: TurnCursor, table: PublicTable, step: int) -> None:
    cur.attack_again = not cur.attack_again


def _move_claim(ref: CodaContext, cur: TurnCursor, table: PublicTable, step: int) -> None:
    assert table.turn is not None
    cur.claim_slot = (cur.claim_slot + step) % (len(table.rows[table.turn]) + 1)
    cur.claim_refused = False  # the refusal was about the other place
    ref.refusal = None


def _move_reveal(ref: CodaContext, cur: TurnCursor, table: PublicTable, step: int) -> None:
    assert table.turn is not None
    hidden = table.hidden_slots(table.turn)
    if hidden:
        at = hidden.index(cur.reveal_slot) if cur.reveal_slot in hidden else 0
        cur.reveal_slot = hidden[(at + step) % len(hidden)]


# OK at each step of a turn.

def _ok_colour(ref: CodaContext, cur: TurnCursor, table: PublicTable) -> None:
    """Nothing: the draw is the pool mode's (``DevicePool`` draws at random)."""


def _ok_target(ref: CodaContext, cur: TurnCursor, table: PublicTable) -> None:
    ref.refuse(_("Press the seat button of the player you attack"))


def _ok_slot(ref: CodaContext, cur: TurnCursor, table: PublicTable) -> None:
    cur.step = TurnStep.VALUE


def _ok_value(ref: CodaContext, cur: TurnCursor, table: PublicTable) -> None:
    verdicts.guess(ref, guess_values(dashes=table.dashes)[cur.value_index])


def _ok_continue(ref: CodaContext, cur: TurnCursor, table: PublicTable) -> None:
    game = ref.game
    assert game is not None and game.turn is not None
    seat = game.turn
    if cur.attack_again:
        targets = table.targets(seat)
        cur.knock_down = None
        if len(targets) == 1:
            aim(ref, targets[0])
        else:
            cur.step = TurnStep.TARGET
    elif game.drawn is None:
        verdicts.end_turn(ref, Stop(seat))
    else:
        cur.step = TurnStep.CLAIM_HIDDEN
        cur.knock_down = None
        cur.claim_slot = 0
        ref.sync_timer()


def _ok_claim(ref: CodaContext, cur: TurnCursor, table: PublicTable) -> None:
    verdicts.claim(ref, cur)


def _ok_reveal(ref: CodaContext, cur: TurnCursor, table: PublicTable) -> None:
    if cur.reveal_slot is not None and table.turn is not None:
        verdicts.end_turn(ref, Reveal(table.turn, cur.reveal_slot))


def _table(ref: CodaContext) -> PublicTable:
    """The referee's public table of the game now: kept from the last change of the game,
    which the screen's view shares (a NEXT press once built it afresh, and a commit twice)."""
    table = ref.public_table()
    assert table is not None
    return table


def aim(ref: CodaContext, target: int) -> None:
    """The player attacks ``target``: the cursor goes to its first hidden panel."""
    game = ref.game
    cur = ref.cursor
    assert game is not None and cur is not None
    hidden = _table(ref).hidden_slots(target)
    if cur.target != target or cur.slot not in hidden:
        cur.slot = hidden[0] if hidden else None
    cur.target = target
    cur.step = TurnStep.SLOT
    cur.knock_down = None


def turn_cursor(game: CodaGame, table: PublicTable, previous: TurnCursor | None) -> TurnCursor:
    """The cursor a turn starts at for the game's phase; a turn going on (a guess was made
    by the same seat) keeps the number last chosen and the last guess on screen."""
    seat = game.turn
    assert seat is not None
    cur = TurnCursor(step=TurnStep.CHOOSE_COLOR)
    if previous is not None and previous.last_guess is not None \
            and previous.last_guess.seat == seat:
        cur.value_index = previous.value_index
        cur.last_guess = previous.last_guess
    if game.phase is Phase.DRAW:
        cur.color_dark = _left(table, True) > 0
    elif game.phase is Phase.ATTACK:
        cur.step = TurnStep.TARGET
    elif game.phase is Phase.CONTINUE:
        cur.step = TurnStep.CONTINUE
    elif game.drawn is not None:
        cur.step = TurnStep.CLAIM_FACE_UP
    else:
        cur.step = TurnStep.REVEAL_OWN
        hidden = table.hidden_slots(seat)
        cur.reveal_slot = hidden[0] if hidden else None
    return cur


def _left(table: PublicTable, dark: bool) -> int:
    return table.pool_dark if dark else table.pool_light


_Move = Callable[["CodaContext", TurnCursor, PublicTable, int], None]
_Ok = Callable[["CodaContext", TurnCursor, PublicTable], None]

_TURN_MOVES: dict[TurnStep, _Move] = {
    TurnStep.CHOOSE_COLOR: _move_colour,
    TurnStep.TARGET: _move_target,
    TurnStep.SLOT: _move_slot,
    TurnStep.VALUE: _move_value,
    TurnStep.CONTINUE: _move_continue,
    TurnStep.CLAIM_HIDDEN: _move_claim,
    TurnStep.CLAIM_FACE_UP: _move_claim,
    TurnStep.REVEAL_OWN: _move_reveal,
}
"""PREV/NEXT at each step of a turn: a new step is one entry here and one in _TURN_OKS."""

_TURN_OKS: dict[TurnStep, _Ok] = {
    TurnStep.CHOOSE_COLOR: _ok_colour,
    TurnStep.TARGET: _ok_target,
    TurnStep.SLOT: _ok_slot,
    TurnStep.VALUE: _ok_value,
    TurnStep.CONTINUE: _ok_continue,
    TurnStep.CLAIM_HIDDEN: _ok_claim,
    TurnStep.CLAIM_FACE_UP: _ok_claim,
    TurnStep.REVEAL_OWN: _ok_reveal,
}

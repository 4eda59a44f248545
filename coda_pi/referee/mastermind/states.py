"""The Mastermind referee's screens, one class each (``SCREENS``, by ``MastermindKind``).

A screen says what it shows (``screen``), what PREV, NEXT and OK do on it (``nav``), what
BACK does before the menu opens (``back``) and how it starts (``enter``, after an event).
The match, the cursors and the check-write-apply path stay in the referee
(``referee.py``); a screen reaches them through its public members.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coda_pi.i18n import _, spoken
from coda_pi.referee.mastermind.board import (
    capital,
    ended_board,
    events_of,
    game_end_message,
    game_lines,
    last_code,
)
from coda_pi.referee.mastermind.views import MastermindScreen, MastermindStep
from coda_pi.referee.shared.kinds import MastermindKind
from coda_pi.referee.shared.seat_screens import PHONES_ON
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.rules.mastermind_events import PlaceRow, SetCode

if TYPE_CHECKING:
    from coda_pi.referee.mastermind.context import MatchContext


class Screen:
    """A screen of a match. The base answers "nothing happens"."""

    kind: MastermindKind

    def screen(self, ref: MatchContext) -> MastermindScreen:
        raise NotImplementedError(f"{self.kind} is not drawn as a match screen")

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        """PREV, NEXT or OK (``step``: -1 for PREV, else 1)."""

    def back(self, ref: MatchContext) -> bool:
        """BACK before the menu: True when the screen took it."""
        return False

    def enter(self, ref: MatchContext) -> None:
        """The match has moved on to this screen."""


class SetupScreen(Screen):
    """No match yet: the setup menu. Drawn by the referee (a ``SetupView``)."""

    kind = MastermindKind.SETUP

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        chosen = ref.setup_menu.nav(button)
        if chosen == "start":
            ref.start()
        elif chosen == "coda":
            ref.switch_to_coda()
        elif chosen == PHONES_ON:
            ref.turn_phones_on()


class CodeScreen(Screen):
    """The codemaker sets the code, seat button held; the device sets its own at once."""

    kind = MastermindKind.CODE

    def enter(self, ref: MatchContext) -> None:
        match = ref.match
        maker = ref.maker()
        if maker == ref.options.device_seat:
            code = ref.shuffle.code(match.game_number, ref.palette(), match.header.pegs)
            if ref.commit(SetCode(maker, code)):
                ref.cue(Cue.YOUR_TURN)
                ref.say(_("The device has set its code: break it"))
            return
        ref.code_started = False
        ref.entry.start([-1] * match.header.pegs)

    def screen(self, ref: MatchContext) -> MastermindScreen:
        who = ref.match.players[ref.maker()]
        prompt = (_("{name}: hold your seat button to set the code; the others look away")
                  if not ref.code_started
                  else _("{name}: hold your button, PREV/NEXT colour, OK sets each peg")
                  ).format(name=who)
        chosen = ref.entry.hole if ref.code_started else 0  # pegs confirmed with OK
        return MastermindScreen(step=MastermindStep.SET_CODE, board=ref.board(),
                                prompt=prompt, pegs_set=chosen, **ref.common())

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        match = ref.match
        maker = ref.maker()
        if ref.private_seat() != maker:
            ref.refuse(_("{name}: hold your seat button to set the code").format(
                name=match.players[maker]))
            return
        if not ref.entry.press(button, step, ref.palette(), carry=True):
            return
        if ref.commit(SetCode(maker, ref.entry.text(ref.palette()))):
            ref.cue(Cue.YOUR_TURN)
            ref.say(_("{maker}'s code is set: {breaker} guesses").format(
                maker=match.players[maker], breaker=match.players[1 - maker]))

    def back(self, ref: MatchContext) -> bool:
        return ref.entry.back()


class GuessScreen(Screen):
    """The codebreaker enters the row they placed, peg by peg."""

    kind = MastermindKind.GUESS

    def enter(self, ref: MatchContext) -> None:
        # Each peg starts at the colour of the row before: placing a similar row is quick.
        match = ref.match
        last = match.rows[-1].guess if match.rows else None
        colours = ref.palette()
        ref.entry.start([colours.index(c) for c in last] if last else [0] * match.header.pegs)

    def screen(self, ref: MatchContext) -> MastermindScreen:
        board = ref.board()
        hole = ref.entry.hole
        prompt = (_("{name}: peg {number}: PREV/NEXT colour, OK sets it")
                  if board or hole else
                  _("{name}: place your first row; PREV/NEXT colour, OK per peg")
                  ).format(name=ref.match.players[1 - ref.maker()], number=hole + 1)
        return MastermindScreen(step=MastermindStep.GUESS, board=board, prompt=prompt,
                                entry=ref.entry.text(ref.palette()), hole=hole,
                                keys=_last_keys(board), hint=ref.hint(), **ref.common())

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        if not ref.entry.press(button, step, ref.palette()):
            return
        guess = ref.entry.text(ref.palette())
        if ref.options.mode == "audit":
            ref.pending_guess = guess
            ref.key_entry.reset()
            ref.cue(Cue.YOUR_TURN)
            return
        ref.play_row(PlaceRow(guess))

    def back(self, ref: MatchContext) -> bool:
        return ref.entry.back()


class KeysScreen(Screen):
    """Audit play: the codemaker counts the key pegs they placed on the breaker's row."""

    kind = MastermindKind.KEYS

    def screen(self, ref: MatchContext) -> MastermindScreen:
        assert ref.pending_guess is not None
        board = ref.board()
        prompt = (_("{name}: how many black key pegs did you place? OK")
                  if ref.key_entry.field == 0
                  else _("{name}: how many white key pegs did you place? OK")
                  ).format(name=ref.match.players[ref.maker()])
        return MastermindScreen(step=MastermindStep.KEYS, board=board, prompt=prompt,
                                entry=ref.pending_guess, keys=_last_keys(board),
                                key_entry=ref.key_entry.shown, key_field=ref.key_entry.field,
                                **ref.common())

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        keys = ref.key_entry.press(button, step, ref.match.header.pegs)
        if keys is None:
            return
        guess = ref.pending_guess
        assert guess is not None
        ref.play_row(PlaceRow(guess, keys))

    def back(self, ref: MatchContext) -> bool:
        if not ref.key_entry.back():
            ref.pending_guess = None  # back to the row: the breaker may still change a peg
        return True


class DeviceBreaksScreen(Screen):
    """Solo: the device is the codebreaker; it shows its row, the player counts the keys."""

    kind = MastermindKind.DEVICE_BREAKS

    def screen(self, ref: MatchContext) -> MastermindScreen:
        board = ref.board()
        guess = ref.device_guess()
        prompt = (_("{name}: place this row, then how many black key pegs? OK")
                  if ref.key_entry.field == 0
                  else _("{name}: place this row, then how many white key pegs? OK")
                  ).format(name=ref.match.players[ref.maker()])
        return MastermindScreen(step=MastermindStep.KEYS, board=board, prompt=prompt,
                                entry=guess, device_guess=guess, keys=_last_keys(board),
                                key_entry=ref.key_entry.shown, key_field=ref.key_entry.field,
                                **ref.common())

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        keys = ref.key_entry.press(button, step, ref.match.header.pegs)
        if keys is not None:
            ref.answer_device(keys)

    def back(self, ref: MatchContext) -> bool:
        return ref.key_entry.back()


class ContradictionScreen(Screen):
    """Solo: no code gives every answer so far; OK takes the last answer back."""

    kind = MastermindKind.CONTRADICTION

    def screen(self, ref: MatchContext) -> MastermindScreen:
        assert ref.contradiction is not None
        board = ref.board()
        return MastermindScreen(
            step=MastermindStep.CONTRADICTION, board=board,
            prompt=_("OK takes back the last answer; BACK for the menu"),
            keys=_last_keys(board), message=capital(spoken(ref.contradiction.message)),
            **ref.common())

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        if button is Button.OK:
            ref.take_back_device_row()


class GameEndScreen(Screen):
    """A game of the match ended (or was void): its code, its rows, who scored."""

    kind = MastermindKind.GAME_END

    def screen(self, ref: MatchContext) -> MastermindScreen:
        match = ref.match
        result = match.results[ref.seen_results]
        events = events_of(ref.journal) if ref.journal is not None else []
        board = ended_board(events, result)
        if match.finished:
            prompt = _("OK for the final standings")
        elif result.void:
            # The same game is played again, with a new code: not "the next game".
            prompt = _("OK: game {number} again, with a new code").format(
                number=match.game_number)
        else:
            prompt = _("OK for the next game")
        # The game that ended, not the one the match goes on to ("Game 1 of 2 over").
        number = game_lines(match)[ref.seen_results].number
        common = ref.common() | {"maker": result.maker, "breaker": result.breaker,
                                 "game_number": number}
        return MastermindScreen(step=MastermindStep.GAME_END, board=tuple(board),
                                prompt=prompt, code=last_code(events),
                                message=game_end_message(result, board, match.players),
                                keys=_last_keys(tuple(board)), **common)

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        if button is Button.OK:
            ref.seen_results = len(ref.match.results)
            ref.enter_phase()


class FinalScreen(Screen):
    """The match's final standings. Drawn by the referee (a ``FinalView``)."""

    kind = MastermindKind.FINAL

    def nav(self, ref: MatchContext, button: Button, step: int) -> None:
        if button is Button.OK and ref.can_start_again:
            ref.new_match()


def _last_keys(board: tuple[Any, ...]) -> tuple[int, int] | None:
    """The key pegs to show big: the last row's."""
    return (board[-1].black, board[-1].white) if board else None


SCREENS: dict[MastermindKind, Screen] = {
    screen.kind: screen
    for screen in (SetupScreen(), CodeScreen(), GuessScreen(), KeysScreen(),
                   DeviceBreaksScreen(), ContradictionScreen(), GameEndScreen(),
                   FinalScreen())
}
"""Every screen of a match, by kind."""

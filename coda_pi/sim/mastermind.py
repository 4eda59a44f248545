"""A simulated Mastermind table for the demo: which buttons a sensible player presses next.

Like ``autoplay.AutoPlayer`` it sees only what a person sees: the public screen, and the code
it is setting while it holds its own seat button. It answers with ``Press``/``Release``
intents that the demo feeds through the same path as real buttons, one small batch at a time
(the next batch is decided from the screen those presses led to).

As codemaker it chooses a secret and sets it peg by peg, button held; when the device breaks
it, it answers each row the device shows with the true key pegs. As codebreaker it places a
row that fits every row on the board so far. A resumed match (a power cut) gives it no
memory: its secret is then chosen among the codes that fit the rows already answered, as a
person who forgot would read it back from behind the shield.
"""

from __future__ import annotations

import random

from coda_pi.referee.mastermind.views import (
    MastermindPrivateView,
    MastermindPublicView,
    MastermindScreen,
    MastermindStep,
)
from coda_pi.referee.shared.signals import Button, Intent, Press, Release
from coda_pi.referee.shared.views import ConfirmView, FinalView, MenuView, PublicView, SetupView
from coda_pi.rules.mastermind import Feedback, feedback
from coda_pi.rules.mastermind_deduction import consistent_codes
from coda_pi.sim.coda import start_line


def _tap(button: Button, times: int = 1) -> list[Intent]:
    return [intent for _ in range(times) for intent in (Press(button), Release(button))]


def _turn_to(current: str, wanted: str, colours: str) -> list[Intent]:
    """NEXT presses from the colour under the cursor to ``wanted`` (PREV when shorter)."""
    ahead = (colours.index(wanted) - colours.index(current)) % len(colours)
    if ahead <= len(colours) - ahead:
        return _tap(Button.NEXT, ahead)
    return _tap(Button.PREV, len(colours) - ahead)


class MastermindAutoPlayer:
    """Both seats of a Mastermind table (the human one, in solo play)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self.secret: str | None = None  # the code this table set, behind the shield
        self._plan: tuple[int, str] | None = None  # (rows on the board, the row to place)

    def decide(
        self, view: PublicView | MastermindPublicView, private: MastermindPrivateView | None
    ) -> list[Intent]:
        if isinstance(view.overlay, MenuView | ConfirmView):
            return _tap(Button.BACK)  # a notice or a menu: back to the game
        screen = view.screen
        if isinstance(screen, SetupView):
            if screen.editing:
                return _tap(Button.OK)
            return _tap(Button.OK if screen.cursor == start_line(screen) else Button.NEXT)
        if isinstance(screen, FinalView):
            return []
        assert isinstance(screen, MastermindScreen), type(screen).__name__
        step = screen.step
        if step is MastermindStep.SET_CODE:
            return self._set_code(screen, private)
        if step is MastermindStep.GUESS:
            return self._guess(screen)
        if step is MastermindStep.KEYS:
            return self._keys(screen)
        return _tap(Button.OK)  # a game's end (or a contradiction: take the answer back)

    # -- the codemaker ------------------------------------------------------------------

    def _set_code(
        self, screen: MastermindScreen, private: MastermindPrivateView | None
    ) -> list[Intent]:
        seat = Button.for_seat(screen.maker)
        if private is None:
            self.secret = "".join(self._rng.choice(screen.palette) for _ in range(screen.pegs))
            return [Press(seat)]  # hold the button: the code appears for this seat only
        if self.secret is None:  # resumed with the button held: choose now
            self.secret = "".join(self._rng.choice(private.palette)
                                  for _ in range(len(private.code)))
        hole = private.hole
        presses = [*_turn_to(private.code[hole], self.secret[hole], private.palette),
                   *_tap(Button.OK)]
        if hole == len(private.code) - 1:
            presses.append(Release(seat))  # the last peg: the code is set
        return presses

    def _keys(self, screen: MastermindScreen) -> list[Intent]:
        """The key pegs for the row the device placed (audit: for the breaker's row), one
        field (black, then white) per batch."""
        row = screen.device_guess or screen.entry
        assert row is not None and screen.key_entry is not None
        truth = feedback(self._secret_for(screen), row)
        field = screen.key_field
        wanted = truth.black if field == 0 else truth.white
        limit = screen.pegs if field == 0 else screen.pegs - screen.key_entry[0]
        ahead = (wanted - screen.key_entry[field]) % (limit + 1)
        return [*_tap(Button.NEXT, ahead), *_tap(Button.OK)]

    def _secret_for(self, screen: MastermindScreen) -> str:
        """The secret, or (forgotten after a power cut) a code every answered row fits."""
        pairs = [(r.guess, Feedback(r.black, r.white)) for r in screen.board]
        if self.secret is None or any(feedback(self.secret, g) != f for g, f in pairs):
            blanks = "." in screen.palette
            self.secret = self._rng.choice(consistent_codes(pairs, screen.pegs, blanks))
        return self.secret

    # -- the codebreaker ----------------------------------------------------------------

    def _guess(self, screen: MastermindScreen) -> list[Intent]:
        """One peg of a row that fits the board so far: turned to its colour, then OK."""
        board = screen.board
        if self._plan is None or self._plan[0] != len(board):
            pairs = [(r.guess, Feedback(r.black, r.white)) for r in board]
            fits = consistent_codes(pairs, screen.pegs, "." in screen.palette)
            options = fits or [self._random_code(screen.palette, screen.pegs)]
            self._plan = (len(board), self._rng.choice(options))
        row = self._plan[1]
        hole = screen.hole or 0
        entry = screen.entry or ""
        current = entry[hole] if hole < len(entry) and entry[hole] in screen.palette \
            else screen.palette[0]
        return [*_turn_to(current, row[hole], screen.palette), *_tap(Button.OK)]

    def _random_code(self, colours: str, pegs: int) -> str:
        return "".join(self._rng.choice(colours) for _ in range(pegs))


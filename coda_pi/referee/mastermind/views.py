"""The Mastermind referee's view models: what its screens show, as frozen values.

Setup and the final standings reuse Coda's ``SetupView`` and ``FinalView`` inside a plain
``PublicView`` (the same screens draw them); a game in progress is a
:class:`MastermindPublicView`, whose board never holds the secret code while the game runs.
The code being set is only in :class:`MastermindPrivateView`, shown while the maker holds
their seat button.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from coda_pi.referee.shared.seat_screens import PhonesView
from coda_pi.referee.shared.views import Banner, ConfirmView, LedState, MenuView
from coda_pi.rules.mastermind import COLOUR_NAMES, Feedback, feedback


class MastermindStep(Enum):
    """What the game waits for now."""

    SET_CODE = "set_code"  # the maker, seat button held, sets the secret peg by peg
    GUESS = "guess"  # the breaker enters the row they placed, peg by peg
    KEYS = "keys"  # the maker enters the key pegs they placed (audit), or answers the device
    CONTRADICTION = "contradiction"  # the answers given fit no code: OK takes the last back
    GAME_END = "game_end"  # a game ended or was voided: the code and the points


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One row on the board: the guess, and its key pegs."""

    guess: str
    black: int
    white: int
    wrong: bool = False  # the keys the maker placed were wrong (this row voided the game)
    placed: tuple[int, int] | None = None  # those wrong keys (black, white)


@dataclass(frozen=True, slots=True)
class GameLine:
    """One ended game for the score table."""

    number: int
    maker: int
    rows: int
    broken: bool
    void: bool
    points: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MastermindScreen:
    """A game in progress. ``entry`` is the row (or code) being entered, ``.`` free."""

    step: MastermindStep
    names: tuple[str, str]
    maker: int
    breaker: int
    device_seat: int | None  # the seat the device plays (solo), None with two players
    game_number: int
    games: int
    rows_total: int
    pegs: int
    palette: str  # the colours PREV/NEXT cycle through, in order
    board: tuple[BoardRow, ...]
    totals: tuple[int, int]
    results: tuple[GameLine, ...]
    prompt: str
    entry: str | None = None  # GUESS: the pegs so far ("?" for a hole not yet chosen)
    hole: int | None = None  # GUESS / SET_CODE: the hole under the cursor
    pegs_set: int = 0  # SET_CODE: holes chosen so far (the public screen shows only this)
    keys: tuple[int, int] | None = None  # the key pegs to show big: the last row's
    key_entry: tuple[int, int] | None = None  # KEYS: black and white under the cursor
    key_field: int = 0  # KEYS: 0 black, 1 white
    device_guess: str | None = None  # the device breaks: the row to place
    hint: int | None = None  # codes that still fit (the hint, when on)
    code: str | None = None  # GAME_END only: the secret, now shown
    message: str | None = None  # GAME_END / CONTRADICTION: the sentence that says why
    audit: bool = False


@dataclass(frozen=True, slots=True)
class MastermindPublicView:
    """Everything the table's screen shows during a Mastermind game."""

    screen: MastermindScreen
    overlay: MenuView | ConfirmView | PhonesView | None = None
    banner: Banner | None = None
    title: str = ""
    leds: tuple[LedState, ...] = ()
    private_shown: int | None = None
    version: int = 0
    timer: None = None  # Mastermind has no guess timer; here for code that looks for one
    table: None = None


@dataclass(frozen=True, slots=True)
class MastermindPrivateView:
    """What the maker sees while holding their seat button: the code they are setting."""

    seat: int
    name: str
    code: str  # the pegs chosen so far, the one under the cursor included; "?" for unset
    hole: int
    palette: str
    prompt: str

    @property
    def purpose(self) -> MastermindStep:
        """Why the private screen is up (Coda's private view names its purpose the same way)."""
        return MastermindStep.SET_CODE

    @property
    def colour_words(self) -> str:
        """The pegs set so far in words (``"red green"``), for the colour-blind."""
        return " ".join(COLOUR_NAMES.get(c, c) for c in self.code if c != "?")


def board_row(code: str, guess: str) -> BoardRow:
    """A guess on the board with the key pegs the rules give it against ``code``."""
    keys: Feedback = feedback(code, guess)
    return BoardRow(guess, keys.black, keys.white)

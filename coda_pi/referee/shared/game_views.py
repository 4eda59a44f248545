"""The views of a game in play: the table, the deal, a turn, a round's end, the final
standings (the rest of ``coda_pi/referee/shared/views.py``, where the contract is told).

A module of their own because the first frame, the setup menu, shows none of them: their
eleven frozen classes (about 1.5 ms to make here, some 20 ms on a Pi Zero 2 W) are made
once a game needs them, or once the first frame is shown (app/warm_up). Every name here is
also ``views``'s own (``from coda_pi.referee.shared.views import TurnView`` works as ever,
importing this module then).
"""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.referee.shared.view_states import LedState, TurnStep

__all__ = [
    "TimerView",
    "PanelView",
    "SeatView",
    "TableView",
    "DealView",
    "GuessView",
    "TurnView",
    "PointsView",
    "RoundEndView",
    "StandingView",
    "FinalView",
]


@dataclass(frozen=True, slots=True)
class TimerView:
    """The guess timer, drawn large while a player must decide."""

    seconds_left: int  # whole seconds left of the whole decision (first + extra period)
    period_seconds_left: int  # whole seconds left of the period running now
    extra: bool  # the first period is over: the "20-second rule" is running
    paused: bool
    urgent: bool  # the last five seconds: draw it loud


@dataclass(frozen=True, slots=True)
class PanelView:
    """One panel as a screen draws it.

    ``label`` is None on the public screen for a standing panel: its number is not public.
    In a private view every panel has its label and ``revealed`` says whether it is down.
    ``dark`` is None for a panel whose colour is not decided yet (a deal's "any mix").
    """

    dark: bool | None
    label: str | None
    revealed: bool
    highlight: bool = False  # under the cursor (a slot being attacked, a chosen panel)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player at the table, as everybody may see them."""

    seat: int
    name: str
    row: tuple[PanelView, ...]
    total: int  # points so far in the tournament, the running round included
    out: bool  # every panel of the row is down
    turn: bool  # it is this player's turn
    led: LedState
    holding: bool  # a panel drawn this turn, not yet in the row (its colour only)
    holding_dark: bool | None = None  # the held panel's colour, None when nothing is held


@dataclass(frozen=True, slots=True)
class TableView:
    """The public table: every row by colour and knocked-down numbers, and the pool."""

    round_number: int
    rounds: int
    seats: tuple[SeatView, ...]
    pool_dark: int
    pool_light: int
    turn: int | None
    dashes: bool


@dataclass(frozen=True, slots=True)
class DealView:
    """Dealing, seat by seat: the seat being dealt holds its button to see its panels."""

    seat: int
    name: str
    dealt: tuple[bool, ...]  # per seat of the game
    # Dashes are in play: a seat dealt one stands it where it likes (PREV/NEXT while held).
    # Not whether this seat got one: that is its secret, shown only in its private view.
    has_dash: bool
    hand: int  # panels in a starting row
    prompt: str


@dataclass(frozen=True, slots=True)
class GuessView:
    """The last judged guess, for the banner and the table's memory."""

    seat: int
    target: int
    slot: int
    label: str  # the value guessed, in the table's labels
    correct: bool | None  # None for a timeout


@dataclass(frozen=True, slots=True)
class TurnView:
    """A player's turn. Only the fields of the current step are set."""

    seat: int
    name: str
    step: TurnStep
    prompt: str  # one sentence: what to do now
    color_dark: bool | None = None  # CHOOSE_COLOR: the colour under the cursor
    dark_left: int = 0  # panels of each colour left in the pool
    light_left: int = 0
    pool_on_table: bool = False  # CHOOSE_COLOR: the pool lies face down on the table, no box
    drew: bool = False  # a panel was drawn this turn (the pool was not empty)
    target: int | None = None  # SLOT/VALUE: the seat attacked
    slot: int | None = None  # SLOT/VALUE: the slot (index in the target's row)
    value_label: str | None = None  # VALUE: the number under the cursor
    values: tuple[str, ...] = ()  # VALUE: every label PREV/NEXT cycles through
    attack_again: bool | None = None  # CONTINUE: True "attack again", False "stop"
    claim_slot: int | None = None  # CLAIM_*: where the drawn panel goes (0 .. len(row))
    claim_refused: bool = False  # the last claim broke the order rule (details private)
    reveal_slot: int | None = None  # REVEAL_OWN: the own panel to knock down
    last_guess: GuessView | None = None
    knock_down: int | None = None  # the seat that must knock a panel down now


@dataclass(frozen=True, slots=True)
class PointsView:
    """One seat's points in a round, by cause, and the running total."""

    seat: int
    name: str
    guesses: int
    exposures: int
    win: int
    bonus: int
    round_total: int
    total: int


@dataclass(frozen=True, slots=True)
class RoundEndView:
    """The end of a round: who won it and everyone's points."""

    round_number: int
    rounds: int
    winner: int
    winner_name: str
    points: tuple[PointsView, ...]
    last_round: bool
    prompt: str


@dataclass(frozen=True, slots=True)
class StandingView:
    """One seat's line in the standings."""

    rank: int  # 1 = first; equal totals share a rank
    seat: int
    name: str
    total: int
    rounds: tuple[int, ...]  # points per round


@dataclass(frozen=True, slots=True)
class FinalView:
    """The end of the game: the standings and who won."""

    standings: tuple[StandingView, ...]  # best first
    winners: tuple[int, ...]  # seats with the best total
    ended_early: bool  # the table ended the game from the menu
    prompt: str
    # Heads each column of points with its number: "R1, R2…" (Coda's rounds) or "G1, G2…"
    # (a Mastermind match's games).
    column_prefix: str = "R"

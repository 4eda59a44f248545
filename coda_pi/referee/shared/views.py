"""The referee's view models: everything a screen may show, as frozen values.

The UI draws these and nothing else. Two kinds exist, and they never mix:

- :class:`PublicView` is what the table's screen shows to everybody. It is built from
  public information only (colours, knocked-down numbers, counts), so it holds no number of
  a standing panel anywhere (see ``coda_pi/referee/shared/public.py``).
- :class:`PrivateView` is what one seat sees while it holds its seat button, and only then.

Panel labels are already written in the table's chosen style ("panels": 0-11 and "-";
"cards": 0-9, J, Q and K for the dash), so the UI never needs to know the mode to draw them.

These classes are a contract with ui/: fields are added, never renamed or removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from coda_pi.referee.shared.seat_screens import PhonesCard, PhonesView

MAX_SEATS = 4


class LedState(Enum):
    """What one seat's LED shows. Values match ``coda_pi.devices.gpio.SeatLight``."""

    OFF = "off"
    ON = "on"
    BLINK = "blink"  # this seat is asked to act: the seat being dealt, a target, a winner


class BannerKind(Enum):
    INFO = "info"
    GOOD = "good"  # a right guess, a round won
    BAD = "bad"  # a miss, time up
    ERROR = "error"  # a refused input, a record that could not be written


@dataclass(frozen=True, slots=True)
class Banner:
    """A sentence across the screen saying what just happened, until the next action."""

    text: str
    kind: BannerKind = BannerKind.INFO


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
    """

    dark: bool
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


# -- the screens ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupItem:
    """One line of the setup screen: a label and its value."""

    label: str  # "Players", "Timer" ... (in the screen's language)
    value: str  # "3", "on" ...
    key: str = ""  # what the line is, whatever the language: "players", "game", "Start" ...


@dataclass(frozen=True, slots=True)
class SetupView:
    """The setup menu: PREV/NEXT move, OK edits the item (PREV/NEXT change it, OK keeps it),
    and OK on the last item ("Start") starts the game."""

    items: tuple[SetupItem, ...]
    cursor: int
    editing: bool
    players: tuple[str, ...]  # the names that will play, in seat order
    prompt: str
    phones: PhonesCard | None = None  # phones are on: where they open their seat pages


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


class TurnStep(Enum):
    """Where a turn stands."""

    CHOOSE_COLOR = "choose_color"  # PREV/NEXT pick dark or light, OK draws
    TARGET = "target"  # press the seat button of the player to attack
    SLOT = "slot"  # PREV/NEXT pick the target's panel, OK
    VALUE = "value"  # PREV/NEXT pick the number, OK guesses
    CONTINUE = "continue"  # after a right guess: attack again or stop
    CLAIM_HIDDEN = "claim_hidden"  # stopping: which slot the drawn panel went to (hidden)
    CLAIM_FACE_UP = "claim_face_up"  # after a miss or time up: where it stands face up
    REVEAL_OWN = "reveal_own"  # after a miss with nothing drawn: knock down one of one's own


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


@dataclass(frozen=True, slots=True)
class MenuView:
    """The pause menu (BACK): PREV/NEXT move, OK chooses, BACK closes."""

    title: str
    items: tuple[str, ...]
    cursor: int


@dataclass(frozen=True, slots=True)
class ConfirmView:
    """A yes/no question: OK does it, BACK does not."""

    title: str
    text: str  # what will happen, e.g. which event an undo takes back
    ok_label: str = "OK: yes"
    back_label: str = "BACK: no"


Screen = SetupView | DealView | TurnView | RoundEndView | FinalView
Overlay = MenuView | ConfirmView | PhonesView


@dataclass(frozen=True, slots=True)
class PublicView:
    """Everything the table's screen shows now."""

    screen: Screen
    table: TableView | None  # None before the game starts
    overlay: Overlay | None = None  # drawn over the screen
    banner: Banner | None = None
    timer: TimerView | None = None  # None when no timer runs (or the timer is off)
    title: str = ""  # "Round 2 of 3", "Setup" ...
    labels: str = "panels"
    leds: tuple[LedState, ...] = ()
    private_shown: int | None = None  # a seat's private view is on screen (seat index)
    version: int = 0


class PrivatePurpose(Enum):
    DEAL = "deal"  # the starting row (and where the dash stands)
    DRAWN = "drawn"  # the panel just drawn, beside the row
    CLAIM = "claim"  # where the drawn panel goes: the row with it inserted at the cursor
    REVEAL = "reveal"  # which own panel to knock down
    ROW = "row"  # just the row
    HINTS = "hints"  # table-pool training: an opponent's row with its likeliest numbers


@dataclass(frozen=True, slots=True)
class PrivateView:
    """What one seat sees while holding its button: its own numbers."""

    seat: int
    name: str
    purpose: PrivatePurpose
    row: tuple[PanelView, ...]  # the row with every label (the preview for DEAL/CLAIM)
    drawn: PanelView | None = None  # the drawn panel, not yet in the row
    cursor: int | None = None  # the index in ``row`` the cursor is on
    message: str | None = None  # e.g. why a claim was refused ("L8 cannot stand left of D5")
    prompt: str = ""

"""The referee's view models: everything a screen may show, as frozen values.

The UI draws these and nothing else. Two kinds exist, and they never mix:

- :class:`PublicView` is what the table's screen shows to everybody. It is built from
  public information only (colours, knocked-down numbers, counts), so it holds no number of
  a standing panel anywhere (see ``coda_pi/referee/shared/public.py``).
- :class:`PrivateView` is what one seat sees while it holds its seat button, and only then.

Panel labels are already written in the table's chosen style ("panels": 0-11 and "-";
"cards": 0-9, J, Q and K for the dash), so the UI never needs to know the mode to draw them.

These classes are a contract with ui/: fields are added, never renamed or removed.

The views of a game in play (the table, the deal, a turn, a round's end, the standings) are
made in ``game_views``, which the first frame (the setup menu) does not import: they are
this module's names all the same, ``from coda_pi.referee.shared.views import TurnView``
imports them when asked (``__getattr__`` below).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from coda_pi.referee.shared.seat_screens import PhonesCard, PhonesView
from coda_pi.referee.shared.view_states import LedState, TurnStep  # noqa: F401 (views, as ever)

if TYPE_CHECKING:
    from typing import TypeAlias

    from coda_pi.referee.shared.game_views import (
        DealView,
        FinalView,
        PanelView,
        RoundEndView,
        TableView,
        TimerView,
        TurnView,
    )

MAX_SEATS = 4


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


if TYPE_CHECKING:
    Screen: TypeAlias = SetupView | DealView | TurnView | RoundEndView | FinalView
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


GAME_VIEWS = "coda_pi.referee.shared.game_views"
_IN_GAME_VIEWS = frozenset({
    "TimerView", "PanelView", "SeatView", "TableView", "DealView", "GuessView", "TurnView",
    "PointsView", "RoundEndView", "StandingView", "FinalView",
})


def __getattr__(name: str) -> Any:
    """A game's views (and ``Screen``, their union) from ``game_views``, imported the first
    time one is asked for."""
    if name in _IN_GAME_VIEWS:
        return getattr(importlib.import_module(GAME_VIEWS), name)
    if name == "Screen":
        game = importlib.import_module(GAME_VIEWS)
        return SetupView | game.DealView | game.TurnView | game.RoundEndView | game.FinalView
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""``TableReferee``: the referee as the loop sees it, either game's or the switch between
them (``switch.py``). Above both games' folders, since it names both games' views."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from coda_pi.referee.mastermind.views import MastermindPrivateView, MastermindPublicView
    from coda_pi.referee.shared.seat_screens import SeatScreens
    from coda_pi.referee.shared.signals import Button, Cue, Intent
    from coda_pi.referee.shared.views import BannerKind, LedState, PrivateView, PublicView


class TableReferee(Protocol):
    """The referee as the loop sees it: either game's, or the switch between them.

    Button edges in (``handle``), deadlines (``next_deadline``, then ``tick``), and out:
    frozen views for the screen, LED states and cues to play. ``version`` changes whenever
    the screen must be drawn again; ``notify`` puts a sentence from outside the game (a
    resumed game, a problem at start) on the screen.
    """

    @property
    def version(self) -> int: ...

    @property
    def seats_version(self) -> int:
        """``version`` less the moves no seat's own view shows (the timer's seconds)."""
        ...

    def handle(self, intent: Intent) -> None: ...

    def type_text(self, text: str) -> None:
        """Text typed on a keyboard (``signals.Typed``): read only by a screen that takes
        text (a name), ignored elsewhere."""

    def tick(self) -> None: ...

    def next_deadline(self) -> float | None: ...

    def view(self) -> PublicView | MastermindPublicView: ...

    def private_view(self) -> PrivateView | MastermindPrivateView | None: ...

    def private_view_of(self, seat: int) -> PrivateView | MastermindPrivateView | None:
        """What ``seat`` would see holding its button alone now (its phone's page asks)."""

    def acting_seat(self) -> int | None:
        """The seat whose move the game waits for now (its seat pod is written first)."""

    def is_held(self, button: Button) -> bool: ...

    def phone_presses(self) -> AbstractContextManager[None]:
        """The presses made inside are a phone's, apart from the buttons held on the
        device (which are as they were afterwards)."""

    def attach_seat_screens(self, screens: SeatScreens | None) -> None:
        """Phones are on (coda_pi/phones): the setup shows where they go, the BACK menu
        gets "Phones"."""

    def seat_screens_changed(self) -> None:
        """What the phones' card shows changed by itself (a seat's code ran out)."""

    def leds(self) -> tuple[LedState, ...]: ...

    def take_cues(self) -> list[Cue]: ...

    def notify(self, text: str, kind: BannerKind = ...) -> None: ...

    def hold_time(self, held: bool) -> None:
        """Stop (or let run again) every time limit while something hides the game."""

"""``CodaState``: one Coda screen (a ``CodaScreen``), as a class. A screen says what it shows
(``view``), what PREV, NEXT and OK do on it (``nav``), what a seat button does (``seat``),
what BACK does before the menu opens (``back``), which LEDs it lights (``leds``), which seat
may look at its own panels (``acting``) and what that seat sees (``private``). The base
answers "nothing happens". A screen keeps no state of its own: the cursors live on the
referee, reached through ``context.CodaContext``; the pool mode is asked first at every
input and may replace the screen (``pools.PoolMode``). ``states.SCREENS`` lists them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coda_pi.referee.shared.kinds import CodaScreen

if TYPE_CHECKING:
    from coda_pi.referee.coda.context import CodaContext
    from coda_pi.referee.shared.public import PublicTable, TurnCursor
    from coda_pi.referee.shared.signals import Button
    from coda_pi.referee.shared.views import LedState, PrivateView, Screen
    from coda_pi.rules.coda import CodaGame


class CodaState:
    """A screen of a Coda game."""

    kind: CodaScreen

    def view(self, ref: CodaContext, table: PublicTable) -> Screen:
        raise NotImplementedError(f"{self.kind} draws no screen of its own")

    def nav(self, ref: CodaContext, button: Button) -> None:
        """PREV, NEXT or OK."""

    def seat(self, ref: CodaContext, seat: int) -> None:
        """A seat button pressed (a game's seat: the setup's letters are the setup's)."""

    def back(self, ref: CodaContext) -> bool:
        """BACK briefly: True when the screen stepped back (else the menu opens)."""
        return False

    def leds(self, ref: CodaContext, states: list[LedState]) -> None:
        """The seat LEDs this screen lights (in place)."""

    def acting(self, ref: CodaContext, game: CodaGame) -> int | None:
        """The seat that may look at its own panels now."""
        return None

    def private(self, ref: CodaContext, game: CodaGame, seat: int) -> PrivateView | None:
        """That seat's own view while its button alone is held."""
        return None

    def enter(self, ref: CodaContext, game: CodaGame, previous: TurnCursor | None) -> None:
        """The game moved on to this screen (``previous``: the turn cursor it left)."""
        ref.timer = None


__all__ = ["CodaState"]

"""``CodaContext``: what a Coda screen (``states``) is handed, and all it may use of the
referee. It is what a pool mode sees (``pools.mode.PoolHost``) plus the screens' own cursors
and steps: the choices the game started with, the deal's and the turn's cursors, the final
standings' review, and the few moves a screen makes. The referee (``referee.Referee``)
implements it; this module names the referee nowhere, so screens and referee import no
circle (Mastermind's ``mastermind/context.py`` is the same pattern)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from coda_pi.referee.pools.mode import PoolHost

if TYPE_CHECKING:
    from coda_pi.referee.coda.deal_colours import ColourDial
    from coda_pi.referee.coda.setup_menu import SetupMenu
    from coda_pi.referee.pools.mode import PoolMode
    from coda_pi.referee.shared.public import PublicTable, TurnCursor
    from coda_pi.referee.shared.results import ResultsBrowser
    from coda_pi.referee.shared.review import GameReview
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.referee.shared.signals import Button
    from coda_pi.referee.shared.timer import GuessTimer
    from coda_pi.referee.shared.views import Banner
    from coda_pi.rules.dealer import Dealer
    from coda_pi.rules.tiles import Tile


class CodaContext(PoolHost, Protocol):
    """The Coda referee as one of its screens sees it."""

    # The choices the game started with, and who keeps the pool.
    @property
    def options(self) -> SetupDefaults: ...

    @property
    def pool(self) -> PoolMode: ...

    @property
    def dealer(self) -> Dealer: ...

    @property
    def setup_menu(self) -> SetupMenu: ...

    @property
    def results(self) -> ResultsBrowser | None: ...

    @property
    def can_start_again(self) -> bool: ...

    # The cursors: none of them is game truth.
    @property
    def cursor(self) -> TurnCursor | None: ...

    @cursor.setter
    def cursor(self, cursor: TurnCursor | None) -> None: ...

    pending_deals: dict[int, tuple[Tile, ...]]
    dash_index: int
    peeked: set[int]
    colour_dials: dict[tuple[int, int], ColourDial]
    refusal: str | None
    final_shown: bool
    review: GameReview | None

    @property
    def banner(self) -> Banner | None: ...

    @property
    def timer(self) -> GuessTimer | None: ...

    @timer.setter
    def timer(self, timer: GuessTimer | None) -> None: ...

    def now(self) -> float: ...

    def public_table(self) -> PublicTable | None:
        """The public part of the game being played, worked out once per change of the
        game: a screen asks here rather than building its own (a press builds none)."""

    # What a screen may do besides a pool mode's steps.
    def nav(self, button: Button) -> None:
        """A navigation button as if pressed (the menu and the pool mode first)."""

    def start_game(self) -> None: ...

    def turn_phones_on(self) -> bool: ...

    def new_game(self) -> None: ...

    def redraw(self) -> None:
        """Something only the acting seat's own screen shows changed: draw again."""


__all__ = ["CodaContext"]

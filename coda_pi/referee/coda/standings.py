"""The screens between the turns: the start (``CodaScreen.START``), a round's end
(``ROUND_END``), the final standings and their review (``FINAL``), and the screen of a record
the device cannot go on with. Mixed into the Coda ``Referee``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from coda_pi.i18n import _
from coda_pi.referee.coda.parts import CodaParts
from coda_pi.referee.shared.public import PublicTable, round_end_view, standings
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import Banner, BannerKind, DealView, FinalView, LedState, Screen
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import Phase
from coda_pi.rules.coda_events import RoundStart

if TYPE_CHECKING:
    from coda_pi.record import Journal
    from coda_pi.referee.pools.mode import PoolMode
    from coda_pi.referee.shared.ports import Sink
    from coda_pi.referee.shared.review import GameReview


class StandingsScreens(CodaParts):
    """Start, round end and final standings; the referee supplies the game and the commit
    path (declared here for the type checker only)."""

    _journal: Journal[Any] | None
    _pool: PoolMode
    _new_record: Callable[[], Sink] | None
    _review: GameReview | None
    _final_shown: bool
    _ended_early: bool

    if TYPE_CHECKING:
        def _nav(self, button: Button) -> None: ...

        def _new_game(self) -> None: ...

    # -- the start --------------------------------------------------------------------------

    def _start_view(self, table: PublicTable) -> Screen:
        return DealView(seat=table.first, name=table.players[table.first],
                        dealt=(False,) * table.seats, has_dash=False, hand=table.hand,
                        prompt=_("Press OK to start the game"))

    def _start_nav(self, button: Button) -> None:
        if button is Button.OK and self._commit(RoundStart(self._options.first)):
            self._after_round_start()

    def _after_round_start(self) -> None:
        game = self.game
        assert game is not None
        self._banner = Banner(_("Round {number}: dealing").format(number=game.round_number),
                              BannerKind.INFO)

    # -- a round's end ----------------------------------------------------------------------

    def _round_end_view(self, table: PublicTable) -> Screen:
        return round_end_view(table)

    def _round_end_nav(self, button: Button) -> None:
        game = self.game
        assert game is not None
        if button is not Button.OK:
            return
        if game.phase is Phase.FINISHED:
            self._final_shown = True
            self._banner = None  # the standings' prompt (NEXT: the review) shows
        elif self._commit(RoundStart()):
            self._after_round_start()

    def _round_end_seat(self, seat: int) -> None:
        game = self.game
        assert game is not None
        if game.phase is Phase.ROUND and seat == game.results[-1].winner:
            self._nav(Button.OK)  # the winner starts the next round

    def _round_end_leds(self, states: list[LedState]) -> None:
        game = self.game
        assert game is not None
        if game.results:
            states[game.results[-1].winner] = LedState.BLINK

    # -- the final standings and the review -------------------------------------------------

    def _final_view(self, table: PublicTable) -> Screen:
        prompt = (_("NEXT: review the game. OK: a new game") if self._new_record is not None
                  else _("NEXT: review the game. Thanks for playing"))
        return FinalView(standings=standings(table), winners=self._winners(),
                         ended_early=self._ended_early, prompt=prompt)

    def _final_nav(self, button: Button) -> None:
        """OK: a new game (the review, over these standings, took NEXT already)."""
        if button is Button.OK and self._new_record is not None:
            self._new_game()

    def _final_leds(self, states: list[LedState]) -> None:
        for seat in self._winners():
            states[seat] = LedState.ON

    def _winners(self) -> tuple[int, ...]:
        game = self.game
        if game is None:
            return ()
        totals = game.totals()
        best = max(totals)
        return tuple(s for s, t in enumerate(totals) if t == best)

    def _open_review(self) -> None:
        """The post-game review: the final standings' NEXT, or the menu once it is over."""
        # The review (and its deduction engine) loads here, not with the device.
        from coda_pi.referee.shared.review import GameReview

        journal = self._journal
        assert journal is not None
        self._review = GameReview.of(journal.game.settings, journal.events,
                                     self._options.labels, secret_rows=self._pool.secret_rows)

    def _review_nav(self, button: Button) -> bool:
        """PREV, NEXT or OK at the final standings. True when the review took it."""
        if self._review is None:
            if button is Button.NEXT:
                self._open_review()
                return True
            return False
        if button is Button.OK:
            self._review = None
        else:
            self._review.turn(button)
        return True

    # -- a record the device cannot go on with ----------------------------------------------

    def _stuck_view(self, table: PublicTable) -> Screen:
        """A screen no device-pool game reaches (the bonus, told by the table only)."""
        return DealView(seat=0, name=table.players[0], dealt=(False,) * table.seats,
                        has_dash=False, hand=table.hand,
                        prompt=nouns(self._options.labels)(
                            _("The record needs {panels} the device has not seen: it "
                              "cannot go on")))

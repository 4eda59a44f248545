"""The screens between the turns: the start (``CodaScreen.START``), a round's end
(``ROUND_END``), the final standings and their review (``FINAL``), and the screen of a record
the device cannot go on with (``BONUS``, which only table-pool play's own screen replaces).
One ``CodaState`` each, handed the referee as a ``CodaContext``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coda_pi.i18n import _
from coda_pi.referee.coda.state import CodaState
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.public import PublicTable, round_end_view, standings
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import Banner, BannerKind, DealView, FinalView, LedState, Screen
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import Phase
from coda_pi.rules.coda_events import RoundStart

if TYPE_CHECKING:
    from coda_pi.referee.coda.context import CodaContext
    from coda_pi.rules.coda import CodaGame


class StartState(CodaState):
    """Before the first round: OK starts it."""

    kind = CodaScreen.START

    def view(self, ref: CodaContext, table: PublicTable) -> Screen:
        return DealView(seat=table.first, name=table.players[table.first],
                        dealt=(False,) * table.seats, has_dash=False, hand=table.hand,
                        prompt=_("Press OK to start the game"))

    def nav(self, ref: CodaContext, button: Button) -> None:
        if button is Button.OK and ref.commit(RoundStart(ref.options.first)):
            after_round_start(ref)


def after_round_start(ref: CodaContext) -> None:
    """A round has started: the table is told it is being dealt."""
    game = ref.game
    assert game is not None
    # Built first: the message extractor reads ``say(`` as its own keyword.
    dealing = Banner(_("Round {number}: dealing").format(number=game.round_number),
                     BannerKind.INFO)
    ref.say(dealing)


class RoundEndState(CodaState):
    """A round was won: OK (or the winner's seat button) starts the next one, or, after the
    last round, shows the final standings."""

    kind = CodaScreen.ROUND_END

    def view(self, ref: CodaContext, table: PublicTable) -> Screen:
        return round_end_view(table)

    def nav(self, ref: CodaContext, button: Button) -> None:
        game = ref.game
        assert game is not None
        if button is not Button.OK:
            return
        if game.phase is Phase.FINISHED:
            ref.final_shown = True
            ref.say(None)  # the standings' prompt (NEXT: the review) shows
        elif ref.commit(RoundStart()):
            after_round_start(ref)

    def seat(self, ref: CodaContext, seat: int) -> None:
        game = ref.game
        assert game is not None
        if game.phase is Phase.ROUND and seat == game.results[-1].winner:
            ref.nav(Button.OK)  # the winner starts the next round

    def leds(self, ref: CodaContext, states: list[LedState]) -> None:
        game = ref.game
        assert game is not None
        if game.results:
            states[game.results[-1].winner] = LedState.BLINK


class FinalState(CodaState):
    """The final standings; NEXT opens the review over them (``review_nav``), OK a new
    game when the app can open a new record."""

    kind = CodaScreen.FINAL

    def view(self, ref: CodaContext, table: PublicTable) -> Screen:
        prompt = (_("NEXT: review the game. OK: a new game") if ref.can_start_again
                  else _("NEXT: review the game. Thanks for playing"))
        return FinalView(standings=standings(table), winners=winners(ref.game),
                         ended_early=ref.ended_early, prompt=prompt)

    def nav(self, ref: CodaContext, button: Button) -> None:
        """OK: a new game (the review, over these standings, took NEXT already)."""
        if button is Button.OK and ref.can_start_again:
            ref.new_game()

    def leds(self, ref: CodaContext, states: list[LedState]) -> None:
        for seat in winners(ref.game):
            states[seat] = LedState.ON


def winners(game: CodaGame | None) -> tuple[int, ...]:
    """The seats with the best total (all of them on a tie)."""
    if game is None:
        return ()
    totals = game.totals()
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)


def open_review(ref: CodaContext) -> None:
    """The post-game review: the final standings' NEXT, or the menu once it is over."""
    # The review (and its deduction engine) loads here, not with the device.
    from coda_pi.referee.shared.review import GameReview

    journal = ref.journal
    assert journal is not None
    ref.review = GameReview.of(journal.game.settings, ref.pool.review_events(journal.events),
                               ref.options.labels, secret_rows=ref.pool.secret_rows)


def review_nav(ref: CodaContext, button: Button) -> bool:
    """PREV, NEXT or OK at the final standings. True when the review took it."""
    if ref.review is None:
        if button is Button.NEXT:
            open_review(ref)
            return True
        return False
    if button is Button.OK:
        ref.review = None
    else:
        ref.review.turn(button)
    return True


class BonusState(CodaState):
    """The bonus: table-pool play's own screen (its pool mode draws it); the device's own
    pool never gets here."""

    kind = CodaScreen.BONUS

    def view(self, ref: CodaContext, table: PublicTable) -> Screen:
        return stuck_view(ref, table)


def stuck_view(ref: CodaContext, table: PublicTable) -> Screen:
    """A screen no device-pool game reaches (the bonus, told by the table only)."""
    return DealView(seat=0, name=table.players[0], dealt=(False,) * table.seats,
                    has_dash=False, hand=table.hand,
                    prompt=nouns(ref.options.labels)(
                        _("The record needs {panels} the device has not seen: it "
                          "cannot go on")))

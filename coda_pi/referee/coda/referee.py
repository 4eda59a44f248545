"""The Referee: button intents in, game events out, view models for the screen.

The game's truth is the journal of the record (principle 1): every screen of a game is
derived from ``journal.game`` plus a few cursors (which slot, which number) that are not
part of the game. An action becomes an event that is first checked on a copy of the game,
then written durably, and only then applied and announced (principle 5). Undo writes
``{"event": "undo"}`` and restores the journal's snapshot, so it works across turns and
rounds with nothing else to rewind.

Each screen is one state class (``states.SCREENS``, by ``CodaScreen``), handed the referee
as a ``context.CodaContext``: the referee holds the journal and the cursors and sends every
input and view to the screen the game is on, after the pool mode (``pools/mode.py``) had its
say. The BACK menu lies over every screen and is the referee's own (``menu``).

Time comes from the injected clock only: long presses and the guess timer are deadlines the
loop learns from ``next_deadline()`` and reports back through ``tick()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from coda_pi.i18n import _
from coda_pi.record import Journal, RecordWriteError
from coda_pi.referee.coda.menu import CodaMenu
from coda_pi.referee.coda.setup import RESULTS
from coda_pi.referee.coda.setup_menu import SetupMenu
from coda_pi.referee.coda.states import SCREENS
from coda_pi.referee.pools.mode import DevicePool, PoolHost, PoolMode, pool_mode
from coda_pi.referee.shared.base import HOLD_FOR_UNDO, BaseReferee
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.overlays import Confirm, Menu, overlay_view
from coda_pi.referee.shared.ports import (
    Clock,
    PadSource,
    RecordSink,
    Sink,
    coda_journal,
    system_pads,
    writer,
)
from coda_pi.referee.shared.results import ResultsBrowser, ResultsSource
from coda_pi.referee.shared.seat_screens import PHONES_ON, PhonesPanel, SeatScreens
from coda_pi.referee.shared.setup import SetupDefaults, options_from_header, unique_names
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import (
    MAX_SEATS,
    Banner,
    LedState,
    PrivateView,
    PublicView,
    SetupView,
)
from coda_pi.rules.dealer import SEED_KEY, Dealer, Shuffle, inherited_seed, new_seed

if TYPE_CHECKING:
    import random

    from coda_pi.referee.coda.deal_colours import ColourDial
    from coda_pi.referee.shared.game_views import TableView
    from coda_pi.referee.shared.public import PublicTable, TurnCursor
    from coda_pi.referee.shared.review import GameReview, ReviewLine  # loaded when needed
    from coda_pi.referee.shared.timer import GuessTimer
    from coda_pi.rules.coda import CodaGame
    from coda_pi.rules.coda_events import CodaEvent, Place, Reveal, Stop
    from coda_pi.rules.tiles import Tile

# A game's screens and what they share (the public table, the verdicts, the timer) are
# imported once the first frame is shown (``states.play_modules``, from the loop's first
# idle), not for the setup menu a start draws: hence the imports inside the methods below.


def resumed_seed(header: Mapping[str, Any] | None, journal: Journal[Any] | None,
                 rng: random.Random) -> str:
    """The dealer's seed for a game: the header's, an old record's inherited one, or new."""
    kept = Shuffle.from_header(header) if header is not None else None
    if kept is not None:
        return kept.seed
    if header is None or journal is None or not journal.events:
        return new_seed(rng)  # nothing decided yet: nothing to keep
    return inherited_seed(header, journal.events)


__all__ = ["HOLD_FOR_UNDO", "Clock", "RecordSink", "Referee", "Sink", "coda_journal"]


@cache
def turn_phases() -> tuple[Any, ...]:
    """The phases of a player's turn (the rules' ``Phase``: imported with a game). Kept:
    the screen's kind is asked several times a view, and the import statement was most of
    that."""
    from coda_pi.rules.coda import Phase

    return (Phase.DRAW, Phase.ATTACK, Phase.CONTINUE, Phase.PENALTY)


@cache
def _phases() -> tuple[Any, Any, Any]:
    """The rules' ROUND, FINISHED and DEAL phases (imported with a game: kept once it is)."""
    from coda_pi.rules.coda import Phase

    return Phase.ROUND, Phase.FINISHED, Phase.DEAL


class Referee(CodaMenu, BaseReferee):
    """What the device is doing now. One thread (the app's loop) calls every method.

    Each screen is a ``CodaState`` (``states.SCREENS``); this class holds the journal and
    the cursors, is what a screen sees (``CodaContext``) and what a pool mode sees
    (``PoolHost``), and sends every input and view to the screen the game is on, after the
    pool mode (``pools/mode.py``) had its say.
    """

    def __init__(
        self,
        *,
        clock: Clock,
        rng: random.Random,
        record: Sink,
        setup: SetupDefaults | None = None,
        journal: Journal[Any] | None = None,
        header: Mapping[str, Any] | None = None,
        new_record: Callable[[], Sink] | None = None,
        results: ResultsSource | None = None,
        dealer_for: Callable[[str], Dealer] = Shuffle,
        pads: PadSource | None = None,
        remember: Callable[[SetupDefaults], None] | None = None,
    ) -> None:
        """``journal`` resumes a game (the replay of its record, which ``record`` goes on
        appending to); ``header``, that record's first line, then gives back the table's
        labels and timer, which the device writes there beside the spec's keys.
        ``dealer_for`` makes the dealer from a game's seed (tests pass a stand-in);
        ``pads``: where a pool mode's private number dials start (random by default);
        ``remember`` keeps the setup the table started a game with, for the next start."""
        self._remember = remember
        self._clock = clock
        self._rng = rng
        # Every deal and draw is decided once, from the seed the record's header keeps; a
        # record from before seeds were kept gets one made from its own secret opening.
        self._dealer_for = dealer_for
        self._dealer: Dealer = dealer_for(resumed_seed(header, journal, rng))
        self._pads = pads or system_pads()
        self._write = writer(record)
        self._new_record = new_record
        # The past games, from the setup menu's "Results" (when the app can list them).
        self._results = ResultsBrowser(results) if results is not None else None
        self._setup = SetupMenu(setup or SetupDefaults(),
                                actions=(RESULTS,) if results is not None else ())
        self._journal: Journal[Any] | None = journal
        # The public table of the game as it stood last asked (see _public_table).
        self._public: tuple[Journal[Any], CodaGame, int, PublicTable] | None = None
        self._shown_table: tuple[PublicTable, tuple[Any, ...], TableView] | None = None
        self._options = self._setup.choices
        if journal is not None and header is not None:
            self._options = options_from_header(self._options, header)
        self._init_buttons()
        self._overlay: Menu | Confirm | PhonesPanel | None = None
        # Cursors of the moment: none of them is game truth.
        self.pending_deals: dict[int, tuple[Tile, ...]] = {}  # the deal's (deal.py)
        self.dash_index = 0
        self.peeked: set[int] = set()
        self.colour_dials: dict[tuple[int, int], ColourDial] = {}
        self._cursor: TurnCursor | None = None
        self._refusal: str | None = None  # why a claim was refused: private to the player
        self._timer: GuessTimer | None = None
        self._timer_paused = False  # paused from the menu
        self._time_held = False  # a notice from outside the game hides it (hold_time)
        self._final_shown = False
        self._ended_early = False
        self._review: GameReview | None = None  # open over the final standings
        self.quit_requested = False  # "Quit" confirmed from the menu: the loop stops
        # Who keeps the pool (pools/mode.py): asked at every hook, whatever the mode.
        self._pool: PoolMode = DevicePool(self._host())
        if journal is not None:
            self._pool = pool_mode(self._options.pool)(
                self._host(), training=self._options.training)
            self._journal = self._pool.resume(journal)
            self._enter_phase()

    def _host(self) -> PoolHost:
        return self  # the referee is what its pool mode sees (PoolHost, below)

    # -- what a pool mode may see and do (pools.PoolHost, implemented here) -------------
    # Public and typed: the mode is handed the referee as a PoolHost and reaches no
    # private member (tests/test_pool_host.py holds both sides to the protocol).

    @property
    def labels(self) -> str:
        return self._options.labels

    @property
    def rng(self) -> random.Random:
        return self._rng

    @property
    def cursor(self) -> TurnCursor | None:
        return self._cursor

    @property
    def dealer(self) -> Dealer:
        return self._dealer

    @property
    def pads(self) -> PadSource:
        return self._pads

    @property
    def dealer_present(self) -> bool:
        return self._options.dealer

    def private_seat(self) -> int | None:
        return self._private_seat()

    def rewrite(self, lines: list[dict[str, Any]]) -> bool:
        journal = self._journal
        assert journal is not None
        for line in lines:
            try:
                self._write(line)
            except RecordWriteError as err:  # the lines written so far stand
                self._storage_failed(err)
                self._enter_phase()
                return False
            if line.get("event") == "undo":
                journal.undo()
            else:
                journal.apply(line)
        self._final_shown = False
        self._enter_phase()
        return True

    @property
    def ended_early(self) -> bool:
        return self._ended_early

    def say(self, banner: Banner | None) -> None:
        self._banner = banner

    def commit(self, event: CodaEvent) -> bool:
        return self._commit(event)

    def cue(self, cue: Cue) -> None:
        self._cue(cue)

    def refuse(self, text: str) -> None:
        self._refuse(text)

    def undo(self) -> None:
        self._undo()

    def open_menu(self) -> None:
        self._open_menu()

    def sync_timer(self) -> None:
        self._sync_timer()

    def deal_seat(self) -> int | None:
        from coda_pi.referee.coda.deal import deal_seat

        return deal_seat(self.game)

    def guess(self, value: str, *, correct: bool | None) -> None:
        from coda_pi.referee.coda import verdicts

        verdicts.guess(self, value, correct=correct)

    def end_turn(self, event: Stop | Place | Reveal) -> None:
        from coda_pi.referee.coda import verdicts

        verdicts.end_turn(self, event)

    def announce_round_end(self) -> bool:
        from coda_pi.referee.coda import verdicts

        return verdicts.announce_round_end(self)

    # -- what a screen may see and do besides (context.CodaContext, implemented here) ----

    @property
    def options(self) -> SetupDefaults:
        return self._options

    def offer_phones(self, starter: Callable[[], SeatScreens | None] | None) -> None:
        """Phones are off but may be turned on: the setup's last line and the BACK menu
        offer "Turn phones on"."""
        super().offer_phones(starter)
        self._setup.set_action(PHONES_ON, starter is not None and self._seat_screens is None)

    @property
    def setup_menu(self) -> SetupMenu:
        return self._setup

    @property
    def results(self) -> ResultsBrowser | None:
        return self._results

    @property
    def can_start_again(self) -> bool:
        return self._new_record is not None

    @cursor.setter
    def cursor(self, cursor: TurnCursor | None) -> None:
        self._cursor = cursor

    @property
    def refusal(self) -> str | None:
        return self._refusal

    @refusal.setter
    def refusal(self, text: str | None) -> None:
        self._refusal = text

    @property
    def final_shown(self) -> bool:
        return self._final_shown

    @final_shown.setter
    def final_shown(self, shown: bool) -> None:
        self._final_shown = shown

    @property
    def review(self) -> GameReview | None:
        return self._review

    @review.setter
    def review(self, review: GameReview | None) -> None:
        self._review = review

    @property
    def banner(self) -> Banner | None:
        return self._banner

    @property
    def timer(self) -> GuessTimer | None:
        return self._timer

    @timer.setter
    def timer(self, timer: GuessTimer | None) -> None:
        self._timer = timer

    def now(self) -> float:
        return self._clock.monotonic()

    def nav(self, button: Button) -> None:
        self._nav(button)

    def redraw(self) -> None:
        self._version += 1

    def start_game(self) -> None:
        """Start: the record's header is written first (nothing starts unless it is
        stored), then the first round starts."""
        from coda_pi.rules.coda import CodaSettings
        from coda_pi.rules.coda_events import RoundStart

        options = self._setup.choices
        if self._remember is not None:
            self._remember(options)
        settings = CodaSettings(
            players=unique_names(options.player_names),
            dashes=options.dashes,
            rounds=options.rounds,
            hand=options.hand,
            bonus=options.bonus,
        )
        mode = pool_mode(options.pool)
        seed = new_seed(self._rng)
        header = settings.to_dict() | mode.header(options) | {
            "labels": options.labels,
            "timer": {
                "enabled": options.timer,
                "first_seconds": options.first_seconds,
                "extra_seconds": options.extra_seconds,
            },
            SEED_KEY: seed,
        }
        try:
            self._write(header)
        except RecordWriteError as err:  # not stored: not started
            self._storage_failed(err)
            return
        self._options = options
        self._dealer = self._dealer_for(seed)
        self._pool = mode(self._host(), training=options.training)
        self._journal = mode.journal(settings)
        self._banner = None
        if self._commit(RoundStart(options.first)):
            from coda_pi.referee.coda.standings import after_round_start

            after_round_start(self)
        else:
            self._enter_phase()

    def new_game(self) -> None:
        """OK at the final standings: a new record, and the setup menu again."""
        if self._open_new_record() is None:
            return
        self._journal = None
        self._pool = DevicePool(self._host())
        self._clear_game()
        self._banner = None

    # -- the public API -----------------------------------------------------------------

    @property
    def journal(self) -> Journal[Any] | None:
        return self._journal

    @property
    def game(self) -> CodaGame | None:
        return None if self._journal is None else self._journal.game

    @property
    def pool(self) -> PoolMode:
        """Who keeps the pool now (``pools/mode.py``)."""
        return self._pool

    @property
    def over(self) -> bool:
        """The final standings are on the screen."""
        return self._screen_kind() is CodaScreen.FINAL

    def leds(self) -> tuple[LedState, ...]:
        """One state per seat button (four): the current player's lit, a seat asked to act
        (being dealt, knocking a panel down, starting the next round) blinking."""
        states = [LedState.OFF] * MAX_SEATS
        if self.game is None:
            return tuple(states)
        kind = self._screen_kind()
        SCREENS[kind].leds(self, states)
        self._pool.leds(states, kind)
        return tuple(states)

    def view(self) -> PublicView:
        """The public screen: built from public information only."""
        now = self._clock.monotonic()
        leds = self.leds()
        game = self.game
        if game is None:
            return self._setup_view(leds)
        labels = self._options.labels
        table = self._public_table(game)
        highlight = None
        if self._cursor is not None and table.turn is not None:
            from coda_pi.referee.shared.public import cursor_highlight

            highlight = cursor_highlight(table, self._cursor)
        timer = None
        if self._timer is not None and self._timer_visible():
            timer = self._timer.view(now)
        kind = self._screen_kind()
        screen = self._pool.screen(table, SCREENS[kind].view(self, table), kind)
        if self._review is not None and kind is CodaScreen.FINAL:
            screen = self._review.view()  # over the final standings, whatever the pool
        return PublicView(
            screen=screen,
            table=self._table_view(table, labels, leds, highlight),
            overlay=overlay_view(self._overlay, labels),
            banner=self._banner,
            timer=timer,
            title=self._title(table),
            labels=labels,
            leds=leds,
            private_shown=self._private_seat(),
            version=self._version,
        )

    def public_table(self) -> PublicTable | None:
        """The public part of the game being played (``public_table``); None before one."""
        game = self.game
        return None if game is None else self._public_table(game)

    def _public_table(self, game: CodaGame) -> PublicTable:
        """``public_table(game)``, worked out again only when the game changed. The view is
        asked for at every wake-up of the loop and most of them change a cursor, not the
        game (a headless demo spent a third of its time building the same table). The game
        changes only through its journal: an event appends to ``events``, an undo puts back
        another game object; the kept one is held, so its identity cannot be reused."""
        journal = self._journal
        assert journal is not None
        kept = self._public
        if (kept is None or kept[0] is not journal or kept[1] is not game
                or kept[2] != len(journal.events)):
            from coda_pi.referee.shared.public import public_table

            kept = self._public = (journal, game, len(journal.events), public_table(game))
        return kept[3]

    def _table_view(self, table: PublicTable, labels: str, leds: tuple[LedState, ...],
                    highlight: tuple[int, int] | None) -> TableView:
        """``table_view`` of these, worked out again only when one of them changed."""
        given = (labels, leds, highlight)
        kept = self._shown_table
        if kept is None or kept[0] is not table or kept[1] != given:
            from coda_pi.referee.shared.public import table_view

            kept = self._shown_table = (table, given, table_view(
                table, labels=labels, leds=leds, highlight=highlight))
        return kept[2]

    def private_view(self) -> PrivateView | None:
        """The acting seat's private view while exactly its button is held, else None."""
        seat = self._private_seat()
        shown = self._pool.private_view(seat)
        if shown is not None or self._pool.owns_private_view:
            return shown
        game = self.game
        if seat is None or game is None:
            return None
        view = SCREENS[self._screen_kind()].private(self, game, seat)
        note = self._pool.private_note(seat)
        if note is not None and isinstance(view, PrivateView) and view.message is None:
            view = replace(view, message=note)
        return view

    def _setup_view(self, leds: tuple[LedState, ...]) -> PublicView:
        """No game yet: the setup menu, or the past games' results, and no table."""
        results = self._results
        shown = results is not None and results.is_open
        screen = results.view() if results is not None and shown else self._setup.view()
        card = self._phones_card()
        if card is not None and isinstance(screen, SetupView):
            screen = replace(screen, phones=card)  # where phones open their seat pages
        return PublicView(
            screen=screen,
            table=None,
            overlay=None,
            banner=self._banner,
            title=_("Results") if shown else self._setup.title,
            labels=self._options.labels,
            leds=leds,
            version=self._version,
        )

    # -- what is on the screen ------------------------------------------------------------

    def _screen_kind(self) -> CodaScreen:
        game = self.game
        if game is None:
            return CodaScreen.SETUP
        if self._ended_early:
            return CodaScreen.FINAL
        round_, finished, deal = _phases()  # a game is on: its rules are imported
        phase = game.phase
        if phase is round_:
            return CodaScreen.START if game.round_number == 0 else CodaScreen.ROUND_END
        if phase is finished:
            return CodaScreen.FINAL if self._final_shown else CodaScreen.ROUND_END
        if phase is deal:
            return CodaScreen.DEAL
        if phase in turn_phases():
            return CodaScreen.TURN
        return CodaScreen.BONUS  # table-pool play only; the device's own pool never gets here

    def _title(self, table: PublicTable) -> str:
        if self._screen_kind() is CodaScreen.FINAL:
            return _("Final standings")
        if table.round_number == 0:
            return _("Ready")
        if table.rounds == 1:
            return _("One game")
        return _("Round {number} of {rounds}").format(number=table.round_number,
                                                      rounds=table.rounds)

    # -- seats and private information --------------------------------------------------

    _reviewed: tuple[int, tuple[ReviewLine, ...]] | None = None  # events reviewed, lines

    def seat_review(self, seat: int) -> tuple[ReviewLine, ...] | None:
        """``seat``'s own lines of the post-game review, for its phone: None until the final
        standings are on the screen (the review tells who could be sure of what)."""
        journal = self._journal
        if journal is None or self._screen_kind() is not CodaScreen.FINAL:
            return None
        if self._reviewed is None or self._reviewed[0] != len(journal.events):
            from coda_pi.referee.shared.review import review_lines  # loads the deduction

            lines = review_lines(journal.game.settings,
                                 self._pool.review_events(journal.events),
                                 self._options.labels, secret_rows=self._pool.secret_rows)
            self._reviewed = (len(journal.events), tuple(lines))
        from coda_pi.referee.shared.review import seat_lines

        return seat_lines(self._reviewed[1], seat)

    def _seat_names(self) -> tuple[str, ...]:
        game = self.game
        return tuple(game.settings.players) if game is not None else ()

    def acting_seat(self) -> int | None:
        """The seat whose move the screen waits for now (whose turn, whose deal, whose
        entry), whatever is held; None when it waits for nobody's in particular."""
        game = self.game
        if self._overlay is not None or game is None:
            return None
        kind = self._screen_kind()
        seat = self._pool.acting(kind)
        return seat if seat is not None else SCREENS[kind].acting(self, game)

    def _private_seat(self) -> int | None:
        """The seat whose private view shows: the acting seat, its button alone held."""
        seat = self.acting_seat()
        held = {b.seat for b in self._held if b.seat is not None}
        return seat if seat is not None and held == {seat} else None

    # -- input: the pool mode first, then the screen ------------------------------------

    def _seat_pressed(self, seat: int) -> None:
        game = self.game
        if game is None:
            if self._overlay is None:
                SCREENS[CodaScreen.SETUP].seat(self, seat)
            return
        if self._overlay is not None or seat >= game.seats:
            return
        kind = self._screen_kind()
        if not self._pool.seat_pressed(seat, kind):
            SCREENS[kind].seat(self, seat)

    def _typed(self, text: str) -> bool:
        """Letters typed on a laptop: the setup's name being typed takes them."""
        return self.game is None and self._setup.type_text(text)

    def _nav(self, button: Button) -> None:
        """PREV, NEXT or OK: the menu or a question if one is up, else the screen's own
        handler (``SCREENS``), after the pool mode had its say."""
        if self._overlay_nav(button):
            return
        kind = self._screen_kind()
        if kind is CodaScreen.FINAL:
            from coda_pi.referee.coda.standings import review_nav

            if review_nav(self, button):
                return  # the review lies over the final standings, as the menu over a screen
        if kind is CodaScreen.SETUP or not self._pool.nav(button, kind):
            SCREENS[kind].nav(self, button)

    def _back(self) -> None:
        """BACK pressed briefly: the menu or question closes, else the pool mode's or the
        screen's step back, else the menu opens."""
        if self._overlay is not None:
            self._overlay = None
            self._sync_timer()
            return
        kind = self._screen_kind()
        if kind is CodaScreen.SETUP:
            SCREENS[kind].back(self)
        elif kind is CodaScreen.FINAL and self._review is not None:
            self._review = None
        elif not self._pool.back(kind) and not SCREENS[kind].back(self):
            self._open_menu()

    # -- events ----------------------------------------------------------------------------

    def _commit(self, event: CodaEvent) -> bool:
        """Check, write, apply: True when the event is now part of the game."""
        # A pool mode may write an event as more than one line (entered-pool play's bonus
        # after the event that ends a round): each is written and applied in turn.
        return all(self._commit_line(line) for line in self._pool.lines(event))

    def _enter_phase(self) -> None:
        """Sets the cursors and the timer for what the game waits for now."""
        game = self.game
        assert game is not None
        previous = self._cursor
        self._refusal = None
        self._cursor = None
        self._pool.entered()
        # By the game's phase, not the screen: a game ended early shows the final
        # standings whatever phase it stopped in.
        from coda_pi.rules.coda import Phase  # a game is on: its rules are imported

        if game.phase is Phase.DEAL:
            SCREENS[CodaScreen.DEAL].enter(self, game, previous)
        elif game.phase in turn_phases() and game.turn is not None:
            SCREENS[CodaScreen.TURN].enter(self, game, previous)
        else:
            self._timer = None

    def _clear_game(self) -> None:
        """No game any more (a new record is open): no cursor, timer or review left."""
        self._final_shown = False
        self._ended_early = False
        self._review = None
        self._cursor = None
        self._timer = None
        self._timer_paused = False
        self.pending_deals.clear()
        self.peeked.clear()
        self.colour_dials.clear()  # kept by round and seat: a new game's round 1 is new

    # -- what the menu (menu.py) asks of the screens ---------------------------------------

    def _open_review(self) -> None:
        from coda_pi.referee.coda.standings import open_review

        open_review(self)

    def _time_up(self) -> None:
        from coda_pi.referee.coda import verdicts

        verdicts.time_up(self)


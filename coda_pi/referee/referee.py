"""The Referee: button intents in, game events out, view models for the screen.

The game's truth is the journal of the record (principle 1): every screen of a game is
derived from ``journal.game`` plus a few cursors (which slot, which number) that are not
part of the game. An action becomes an event that is first checked on a copy of the game,
then written durably, and only then applied and announced (principle 5). Undo writes
``{"event": "undo"}`` and restores the journal's snapshot, so it works across turns and
rounds with nothing else to rewind.

Time comes from the injected clock only: long presses and the guess timer are deadlines the
loop learns from ``next_deadline()`` and reports back through ``tick()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from coda_pi.i18n import N_, _
from coda_pi.record import Journal
from coda_pi.referee import private
from coda_pi.referee.base import HOLD_FOR_UNDO, BaseReferee
from coda_pi.referee.coda_deal import DealScreen
from coda_pi.referee.coda_turn import TurnScreen, turn_cursor
from coda_pi.referee.describe import describe_event, put_back_hint
from coda_pi.referee.entered_pool import PadSource, system_pads
from coda_pi.referee.kinds import CodaScreen
from coda_pi.referee.overlays import Confirm, Menu, MenuItem, overlay_view
from coda_pi.referee.pools import DevicePool, PoolMode, pool_mode
from coda_pi.referee.ports import Clock, RecordSink, Sink, coda_journal, writer
from coda_pi.referee.public import (
    PublicTable,
    TurnCursor,
    cursor_highlight,
    public_table,
    round_end_view,
    standings,
    table_view,
    turn_view,
)
from coda_pi.referee.results import ResultsBrowser, ResultsSource
from coda_pi.referee.review import GameReview
from coda_pi.referee.setup import SetupDefaults, options_from_header, unique_names
from coda_pi.referee.setup_menu import SetupMenu
from coda_pi.referee.signals import Button, Cue
from coda_pi.referee.timer import GuessTimer, TimerEvent
from coda_pi.referee.views import (
    MAX_SEATS,
    Banner,
    BannerKind,
    ConfirmView,
    DealView,
    FinalView,
    LedState,
    MenuView,
    PrivatePurpose,
    PrivateView,
    PublicView,
    Screen,
    TurnStep,
)
from coda_pi.referee.wording import nouns
from coda_pi.rules.coda import CodaGame, CodaSettings, Phase
from coda_pi.rules.coda_events import (
    CodaEvent,
    Deal,
    Place,
    Reveal,
    RoundStart,
    Stop,
    parse_event,
    to_dict,
)
from coda_pi.rules.dealer import SEED_KEY, Dealer, Shuffle, inherited_seed, new_seed
from coda_pi.rules.tiles import Tile


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

RESULTS = N_("Results")  # the setup menu's line to the past games

TURN_PHASES = (Phase.DRAW, Phase.ATTACK, Phase.CONTINUE, Phase.PENALTY)


class Referee(DealScreen, TurnScreen, BaseReferee):
    """What the device is doing now. One thread (the app's loop) calls every method."""

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
        ``pads``: where entered-pool play's number dials start (random by default);
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
        self._options = self._setup.choices
        if journal is not None and header is not None:
            self._options = options_from_header(self._options, header)
        self._init_buttons()
        self._overlay: Menu | Confirm | None = None
        # Cursors of the moment: none of them is game truth.
        self._pending_deals: dict[int, tuple[Tile, ...]] = {}
        self._dash_index = 0
        self._peeked: set[int] = set()
        self._cursor: TurnCursor | None = None
        self._refusal: str | None = None  # why a claim was refused: private to the player
        self._timer: GuessTimer | None = None
        self._timer_paused = False  # paused from the menu
        self._time_held = False  # a notice from outside the game hides it (hold_time)
        self._final_shown = False
        self._ended_early = False
        self._review: GameReview | None = None  # open over the final standings
        self.quit_requested = False  # "Quit" confirmed from the menu: the loop stops
        # Who keeps the pool (pools.py): asked at every hook, whatever the mode.
        self._pool: PoolMode = DevicePool(_Host(self))
        if journal is not None:
            self._pool = pool_mode(self._options.pool)(
                _Host(self), training=self._options.training)
            self._journal = self._pool.resume(journal)
        if journal is not None:
            self._enter_phase()

    # -- the public API -----------------------------------------------------------------

    @property
    def journal(self) -> Journal[Any] | None:
        return self._journal

    @property
    def game(self) -> CodaGame | None:
        return None if self._journal is None else self._journal.game

    @property
    def pool(self) -> PoolMode:
        """Who keeps the pool now (``pools.py``)."""
        return self._pool

    @property
    def over(self) -> bool:
        """The final standings are on the screen."""
        return self._screen_kind() is CodaScreen.FINAL

    def _advance_timers(self, now: float) -> bool:
        timer = self._timer
        if timer is not None:
            before = timer.handled
            events = timer.advance(now)
            if timer.handled != before:
                self._version += 1
            for event in events:
                if event is TimerEvent.FIRST_PERIOD_OVER:
                    self._cue(Cue.ONE_MINUTE)
                elif event is TimerEvent.COUNTDOWN:
                    self._cue(Cue.COUNTDOWN)
                elif event is TimerEvent.TIME_UP:
                    self._time_up()
                    return True
        return False

    def _timer_deadlines(self) -> list[float]:
        deadline = self._timer.next_deadline() if self._timer is not None else None
        return [] if deadline is None else [deadline]

    def leds(self) -> tuple[LedState, ...]:
        """One state per seat button (four): the current player's lit, a seat asked to act
        (being dealt, knocking a panel down, starting the next round) blinking."""
        states = [LedState.OFF] * MAX_SEATS
        game = self.game
        if game is None:
            return tuple(states)
        kind = self._screen_kind()
        if kind is CodaScreen.DEAL:
            seat = self._deal_seat()
            if seat is not None:
                states[seat] = LedState.BLINK
        elif kind is CodaScreen.TURN and game.turn is not None:
            states[game.turn] = LedState.ON
            cur = self._cursor
            if cur is not None and cur.knock_down is not None:
                states[cur.knock_down] = LedState.BLINK
        elif kind is CodaScreen.ROUND_END and game.results:
            states[game.results[-1].winner] = LedState.BLINK
        elif kind is CodaScreen.FINAL:
            for seat in self._winners():
                states[seat] = LedState.ON
        self._pool.leds(states, kind)
        return tuple(states)

    def view(self) -> PublicView:
        """The public screen: built from public information only."""
        now = self._clock.monotonic()
        leds = self.leds()
        labels = self._options.labels
        game = self.game
        if game is None:
            return PublicView(
                screen=self._results.view() if self._browsing() else self._setup.view(),
                table=None,
                overlay=None,
                banner=self._banner,
                title=_("Results") if self._browsing() else self._setup.title,
                labels=labels,
                leds=leds,
                version=self._version,
            )
        table = public_table(game)
        highlight = None
        if self._cursor is not None and table.turn is not None:
            highlight = cursor_highlight(table, self._cursor)
        timer = None
        if self._timer is not None and self._timer_visible():
            timer = self._timer.view(now)
        screen = self._pool.screen(table, self._screen(table), self._screen_kind())
        if self._review is not None and self._screen_kind() is CodaScreen.FINAL:
            screen = self._review.view()
        return PublicView(
            screen=screen,
            table=table_view(table, labels=labels, leds=leds, highlight=highlight),
            overlay=self._overlay_view(),
            banner=self._banner,
            timer=timer,
            title=self._title(table),
            labels=labels,
            leds=leds,
            private_shown=self._private_seat(),
            version=self._version,
        )

    def private_view(self) -> PrivateView | None:
        """The acting seat's private view while exactly its button is held, else None."""
        seat = self._private_seat()
        game = self.game
        shown = self._pool.private_view(seat)
        if shown is not None or self._pool.owns_private_view:
            return shown
        if seat is None or game is None:
            return None
        labels = self._options.labels
        name = game.name(seat)
        if game.phase is Phase.DEAL:
            row = self._pending_row(seat)
            stage = (self._dash_index, 2) if game.settings.dashes else None
            return private.deal_view(seat, name, row, self._dash_at(row), labels, stage=stage,
                                     dealer=self._options.dealer)
        cur = self._cursor
        row, drawn = private.own_panels(game, seat)
        if cur is None:
            return private.row_view(seat, name, row, drawn, labels)
        if cur.step in (TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP) and drawn:
            return private.claim_view(
                seat, name, row, drawn, cur.claim_slot, labels,
                face_up=cur.step is TurnStep.CLAIM_FACE_UP, refusal=self._refusal,
            )
        if cur.step is TurnStep.REVEAL_OWN:
            return private.row_view(
                seat, name, row, None, labels, cursor=cur.reveal_slot,
                purpose=PrivatePurpose.REVEAL,
                prompt=nouns(labels)(_("PREV/NEXT: the {panel} to knock down, then OK")),
            )
        return private.row_view(seat, name, row, drawn, labels)

    # -- what is on the screen ------------------------------------------------------------

    def _screen_kind(self) -> CodaScreen:
        game = self.game
        if game is None:
            return CodaScreen.SETUP
        if self._ended_early:
            return CodaScreen.FINAL
        if game.phase is Phase.ROUND:
            return CodaScreen.START if game.round_number == 0 else CodaScreen.ROUND_END
        if game.phase is Phase.FINISHED:
            return CodaScreen.FINAL if self._final_shown else CodaScreen.ROUND_END
        if game.phase is Phase.DEAL:
            return CodaScreen.DEAL
        if game.phase in TURN_PHASES:
            return CodaScreen.TURN
        return CodaScreen.BONUS  # table-pool play only; the device's own pool never gets here

    def _screen(self, table: PublicTable) -> Screen:
        kind = self._screen_kind()
        labels = self._options.labels
        if kind is CodaScreen.TURN and self._cursor is not None:
            return turn_view(table, self._cursor, labels)
        if kind is CodaScreen.ROUND_END:
            return round_end_view(table)
        if kind is CodaScreen.FINAL:
            prompt = (_("NEXT: review the game. OK: a new game") if self._new_record is not None
                      else _("NEXT: review the game. Thanks for playing"))
            return FinalView(
                standings=standings(table),
                winners=self._winners(),
                ended_early=self._ended_early,
                prompt=prompt,
            )
        if kind is CodaScreen.DEAL:
            seat = self._deal_seat()
            assert seat is not None
            name = table.players[seat]
            # Whether this seat got a dash is its secret: the public screen only says that
            # dashes are in play, so a seat with one places it (PREV/NEXT while held).
            has_dash = table.dashes
            # The held seat's own screen says what to take and where the dash goes.
            return DealView(
                seat=seat,
                name=name,
                dealt=table.dealt,
                has_dash=has_dash,
                hand=table.hand,
                prompt=nouns(labels)(_("{name}: hold seat button {number} to see your {panels}, "
                                       "then OK"), name=name, number=seat + 1),
            )
        seat = table.first if kind is CodaScreen.START else 0
        return DealView(
            seat=seat,
            name=table.players[seat],
            dealt=(False,) * table.seats,
            has_dash=False,
            hand=table.hand,
            prompt=_("Press OK to start the game")
            if kind is CodaScreen.START
            else nouns(labels)(_("The record needs {panels} the device has not seen: it "
                                 "cannot go on")),
        )

    def _title(self, table: PublicTable) -> str:
        if self._screen_kind() is CodaScreen.FINAL:
            return _("Final standings")
        if table.round_number == 0:
            return _("Ready")
        if table.rounds == 1:
            return _("One game")
        return _("Round {number} of {rounds}").format(number=table.round_number,
                                                      rounds=table.rounds)

    def _overlay_view(self) -> MenuView | ConfirmView | None:
        return overlay_view(self._overlay)

    def _winners(self) -> tuple[int, ...]:
        game = self.game
        if game is None:
            return ()
        totals = game.totals()
        best = max(totals)
        return tuple(s for s, t in enumerate(totals) if t == best)

    def _timer_visible(self) -> bool:
        cur = self._cursor
        return cur is not None and cur.step not in (
            TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP, TurnStep.REVEAL_OWN,
        )

    # -- seats and private information --------------------------------------------------

    def _acting_seat(self) -> int | None:
        """The seat that may look at its own panels now."""
        game = self.game
        kind = self._screen_kind()
        if game is None:
            return None
        if kind is CodaScreen.DEAL:
            return self._deal_seat()
        if kind is CodaScreen.TURN:
            return game.turn
        return None

    def _private_seat(self) -> int | None:
        if self._overlay is not None:
            return None
        seat = self._acting_seat()
        held = {b.seat for b in self._held if b.seat is not None}
        return seat if seat is not None and held == {seat} else None

    # -- input ------------------------------------------------------------------------

    def _seat_pressed(self, seat: int) -> None:
        game = self.game
        if game is None and self._overlay is None and not self._browsing():
            self._setup.seat(seat)  # typing a name: the seat buttons jump the letters
            return
        if game is None or self._overlay is not None or seat >= game.seats:
            return
        kind = self._screen_kind()
        if self._pool.seat_pressed(seat, kind):
            return
        if kind is CodaScreen.DEAL:
            if seat == self._deal_seat():
                self._peeked.add(seat)
            return
        if (kind is CodaScreen.ROUND_END and game.phase is Phase.ROUND
                and seat == game.results[-1].winner):
            self._nav(Button.OK)  # the winner starts the next round
            return
        if kind is not CodaScreen.TURN or self._cursor is None or seat == game.turn:
            return
        cur = self._cursor
        if cur.step is TurnStep.CHOOSE_COLOR:
            self._refuse(nouns(self._options.labels)(
                _("Draw a {panel} first: choose a colour and press OK")))
        elif cur.step in (TurnStep.TARGET, TurnStep.SLOT, TurnStep.VALUE, TurnStep.CONTINUE):
            if game.out[seat]:
                self._refuse(_("{name} is out: attack someone else").format(name=game.name(seat)))
            else:
                self._aim(seat)

    def _nav(self, button: Button) -> None:
        """PREV, NEXT or OK: the menu or a question if one is up, else the screen's own
        handler (``_SCREEN_NAV``), after the pool mode had its say."""
        if self._overlay_nav(button):
            return
        kind = self._screen_kind()
        if kind is CodaScreen.FINAL and self._review_nav(button):
            return
        if kind is not CodaScreen.SETUP and self._pool.nav(button, kind):
            return
        handler = _SCREEN_NAV.get(kind)
        if handler is not None:
            handler(self, button)

    def _setup_nav(self, button: Button) -> None:
        if self._results is not None and self._results.is_open:
            self._results.nav(button)
        elif self._setup.nav(button):
            self._start_game()
        elif self._setup.chosen == RESULTS and self._results is not None:
            self._setup.chosen = None
            self._results.open()

    def _start_nav(self, button: Button) -> None:
        if button is Button.OK and self._commit(RoundStart(self._options.first)):
            self._after_round_start()

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

    def _final_nav(self, button: Button) -> None:
        if button is Button.OK and self._new_record is not None:
            self._new_game()

    def _back(self) -> None:
        """BACK pressed briefly: one step back, or the menu."""
        overlay = self._overlay
        if overlay is not None:
            self._overlay = None
            self._sync_timer()
            return
        if self.game is None:
            if self._results is not None and self._results.is_open:
                self._results.nav(Button.BACK)
            else:
                self._setup.back()
            return
        if self._review is not None and self._screen_kind() is CodaScreen.FINAL:
            self._review = None
            return
        if self._pool.back(self._screen_kind()):
            return
        cur = self._cursor
        if cur is not None and self._screen_kind() is CodaScreen.TURN:
            game = self.game
            assert game.turn is not None
            many = len(public_table(game).targets(game.turn)) > 1
            continuing = game.phase is Phase.CONTINUE
            if cur.step is TurnStep.VALUE:
                cur.step = TurnStep.SLOT
                return
            if cur.step is TurnStep.SLOT and many:
                cur.step = TurnStep.TARGET
                cur.target = None
                return
            if cur.step in (TurnStep.SLOT, TurnStep.TARGET) and continuing:
                cur.step = TurnStep.CONTINUE
                cur.target = None
                return
            if cur.step is TurnStep.CLAIM_HIDDEN and not cur.timed_out:
                cur.step = TurnStep.CONTINUE
                cur.claim_refused = False
                self._refusal = None
                self._sync_timer()
                return
        self._open_menu()

    def _open_menu(self) -> None:
        game = self.game
        items: list[MenuItem] = ["resume"]
        if self._options.timer and self._screen_kind() is CodaScreen.TURN:
            items.append("unpause" if self._timer_paused else "pause")
        if game is not None:
            items.append("undo")
            items.extend(self._pool.menu_items(self._screen_kind()))
            if self._screen_kind() is not CodaScreen.FINAL:
                items.append("end")
            else:
                items.append("review")
        items.append("quit")
        self._overlay = Menu(tuple(items))
        self._sync_timer()

    def hold_time(self, held: bool) -> None:
        self._time_held = held
        self._sync_timer()

    def _menu_chosen(self, item: MenuItem) -> None:
        if item == "pause":
            self._timer_paused = True
            self._banner = Banner(_("The timer is paused"), BannerKind.INFO)
        elif item == "unpause":
            self._timer_paused = False
            self._banner = Banner(_("The timer runs again"), BannerKind.INFO)
        elif item == "review":
            self._open_review()
        elif not self._pool.menu_chosen(item):
            super()._menu_chosen(item)

    def _overlay_closed(self) -> None:
        self._sync_timer()

    def _undo_count(self) -> int:
        journal = self._journal
        return len(journal.events) if journal is not None else 0

    def _open_review(self) -> None:
        """The post-game review: the final standings' NEXT, or the menu once it is over."""
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

    # -- setup ---------------------------------------------------------------------------

    def _browsing(self) -> bool:
        """The results list is on the screen (it opens from the setup menu only)."""
        return self._results is not None and self._results.is_open

    def _start_game(self) -> None:
        options = self._setup.choices
        if self._remember is not None:
            self._remember(options)
        names = unique_names(options.player_names)
        settings = CodaSettings(
            players=names,
            dashes=options.dashes,
            rounds=options.rounds,
            hand=options.hand,
            bonus=options.bonus,
        )
        mode = pool_mode(options.pool)
        dealer = {"dealer": True} if options.dealer and options.pool == "device" else {}
        header = settings.to_dict() | mode.header(options.training) | dealer | {
            "labels": options.labels,
            "timer": {
                "enabled": options.timer,
                "first_seconds": options.first_seconds,
                "extra_seconds": options.extra_seconds,
            },
        }
        seed = new_seed(self._rng)
        header[SEED_KEY] = seed
        try:
            self._write(header)
        except Exception as err:  # noqa: BLE001 - any failure to store means "not started"
            self._storage_failed(err)
            return
        self._options = options
        self._dealer = self._dealer_for(seed)
        self._pool = mode(_Host(self), training=options.training)
        self._journal = mode.journal(settings)
        self._banner = None
        if self._commit(RoundStart(options.first)):
            self._after_round_start()
        else:
            self._enter_phase()

    def _new_game(self) -> None:
        assert self._new_record is not None
        try:
            self._write = writer(self._new_record())
        except Exception as err:  # noqa: BLE001
            self._storage_failed(err)
            return
        self._journal = None
        self._pool = DevicePool(_Host(self))
        self._final_shown = False
        self._ended_early = False
        self._review = None
        self._cursor = None
        self._timer = None
        self._timer_paused = False
        self._pending_deals.clear()
        self._peeked.clear()
        self._banner = None

    def _after_round_start(self) -> None:
        game = self.game
        assert game is not None
        self._banner = Banner(_("Round {number}: dealing").format(number=game.round_number),
                              BannerKind.INFO)

    # -- events, undo, the timer ------------------------------------------------------------

    def _commit(self, event: CodaEvent) -> bool:
        """Check, write, apply: True when the event is now part of the game."""
        return self._commit_line(to_dict(event))

    def _ask_undo(self) -> None:
        journal = self._journal
        if journal is None:
            return
        if not journal.can_undo:
            self._overlay = None
            self._refuse(_("There is nothing to undo"))
            return
        game = journal.game
        text = describe_event(journal.events[-1], game.settings.players, self._options.labels)
        self._overlay = Confirm("undo", _("Take back {what}?").format(what=text),
                                len(journal.events))
        self._sync_timer()

    def _undo(self) -> None:
        journal = self._journal
        assert journal is not None
        if not journal.can_undo:
            self._refuse(_("There is nothing to undo"))
            return
        last = journal.events[-1]
        try:
            self._write({"event": "undo"})
        except Exception as err:  # noqa: BLE001
            self._storage_failed(err)
            return
        journal.undo()
        players = journal.game.settings.players
        if last.get("event") == "deal":
            event = parse_event(last)
            assert isinstance(event, Deal)
            self._pending_deals[event.seat] = event.row
            self._peeked.discard(event.seat)
            self._dash_index = 0
        self._final_shown = False
        self._ended_early = False
        self._review = None
        self._enter_phase()
        text = describe_event(last, players, self._options.labels)
        hint = self._pool.put_back_hint(last) or put_back_hint(last, players,
                                                                  self._options.labels)
        took = _("Took back {what}.").format(what=text)
        self._banner = Banner(f"{took} {hint}".strip(), BannerKind.INFO)

    def _end_early(self) -> None:
        self._ended_early = True
        self._timer = None
        self._cursor = None
        self._banner = Banner(_("The game was ended"), BannerKind.INFO)

    def _enter_phase(self) -> None:
        """Sets the cursors and the timer for what the game waits for now."""
        game = self.game
        assert game is not None
        previous = self._cursor
        self._refusal = None
        self._cursor = None
        self._pool.entered()
        if game.phase is Phase.DEAL:
            self._enter_deal(game)
            return
        if game.phase not in TURN_PHASES or game.turn is None:
            self._timer = None
            return
        table = public_table(game)
        self._cursor = cur = turn_cursor(game, table, previous)
        if cur.step is TurnStep.TARGET:
            targets = table.targets(game.turn)
            if len(targets) == 1:
                self._aim(targets[0])
        self._timer = None
        if game.phase in (Phase.ATTACK, Phase.CONTINUE) and self._options.timer:
            self._timer = GuessTimer(self._options.first_seconds, self._options.extra_seconds,
                                     started=self._clock.monotonic())
        self._sync_timer()

    def _sync_timer(self) -> None:
        """Pauses the timer while the menu paused it, while a question is on the screen, or
        while no decision is pending."""
        timer = self._timer
        if timer is None:
            return
        now = self._clock.monotonic()
        cur = self._cursor
        claiming = cur is not None and cur.step is TurnStep.CLAIM_HIDDEN
        # The menu or a question (undo, end the game) hides the game, and the table is busy
        # with it: the clock stops, as it does under a notice from outside (hold_time).
        asking = self._overlay is not None or self._pool.holds_timer()
        if self._timer_paused or claiming or asking or self._time_held:
            timer.pause(now)
        else:
            timer.resume(now)



class _Host:
    """The referee as its pool mode sees it (``pools.PoolHost``): the one place that lends
    a pool mode the referee's own steps."""

    def __init__(self, referee: Referee) -> None:
        self._r = referee

    @property
    def game(self) -> CodaGame | None:
        return self._r.game

    @property
    def journal(self) -> Journal[Any] | None:
        return self._r.journal

    @property
    def labels(self) -> str:
        return self._r._options.labels

    @property
    def rng(self) -> random.Random:
        return self._r._rng

    @property
    def cursor(self) -> TurnCursor | None:
        return self._r._cursor

    @property
    def dealer(self) -> Dealer:
        return self._r._dealer

    @property
    def pads(self) -> PadSource:
        return self._r._pads

    @property
    def dealer_present(self) -> bool:
        return self._r._options.dealer

    def private_seat(self) -> int | None:
        return self._r._private_seat()

    def rewrite(self, lines: list[dict[str, Any]]) -> bool:
        r = self._r
        journal = r._journal
        assert journal is not None
        for line in lines:
            try:
                r._write(line)
            except Exception as err:  # noqa: BLE001 - the lines written so far stand
                r._storage_failed(err)
                r._enter_phase()
                return False
            if line.get("event") == "undo":
                journal.undo()
            else:
                journal.apply(line)
        r._final_shown = False
        r._enter_phase()
        return True

    @property
    def ended_early(self) -> bool:
        return self._r._ended_early

    def say(self, banner: Banner | None) -> None:
        self._r._banner = banner

    def commit(self, event: CodaEvent) -> bool:
        return self._r._commit(event)

    def cue(self, cue: Cue) -> None:
        self._r._cue(cue)

    def refuse(self, text: str) -> None:
        self._r._refuse(text)

    def undo(self) -> None:
        self._r._undo()

    def open_menu(self) -> None:
        self._r._open_menu()

    def sync_timer(self) -> None:
        self._r._sync_timer()

    def deal_seat(self) -> int | None:
        return self._r._deal_seat()

    def guess(self, value: str, *, correct: bool | None) -> None:
        self._r._guess(value, correct=correct)

    def end_turn(self, event: Stop | Place | Reveal) -> None:
        self._r._end_turn(event)

    def announce_round_end(self) -> bool:
        return self._r._announce_round_end()


_SCREEN_NAV: dict[CodaScreen, Callable[[Referee, Button], None]] = {
    CodaScreen.SETUP: Referee._setup_nav,
    CodaScreen.START: Referee._start_nav,
    CodaScreen.DEAL: Referee._deal_nav,
    CodaScreen.TURN: Referee._turn_nav,
    CodaScreen.ROUND_END: Referee._round_end_nav,
    CodaScreen.FINAL: Referee._final_nav,
}
"""PREV, NEXT or OK on each screen (the bonus screen is table-pool play's, in its mode)."""

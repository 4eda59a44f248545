"""What Coda adds to the shared BACK menu (``base.py``): pausing the guess timer, undo with
the pool mode's words for the real panels, ending early, the review, and when the guess
timer waits. Mixed into the Coda ``Referee``: the menu is no screen but lies over any of
them (``states``), so it stays with the referee, which it is part of."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coda_pi.i18n import _
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.overlays import Confirm, Menu, MenuItem
from coda_pi.referee.shared.seat_screens import PhonesPanel
from coda_pi.referee.shared.signals import Cue
from coda_pi.referee.shared.views import Banner, BannerKind, TurnStep

if TYPE_CHECKING:
    from collections.abc import Callable

    from coda_pi.record import Journal
    from coda_pi.referee.pools.mode import PoolMode
    from coda_pi.referee.shared.ports import Clock
    from coda_pi.referee.shared.public import TurnCursor
    from coda_pi.referee.shared.review import GameReview
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.referee.shared.timer import GuessTimer
    from coda_pi.rules.coda import CodaGame
    from coda_pi.rules.tiles import Tile


def guess_was_right(obj: dict[str, Any], game: CodaGame) -> bool | None:
    """How the guess ``obj`` went, from its record line or from the panel it named (in
    ``game``, where that guess is taken back); None when it was no guess or is not known."""
    if obj.get("event") != "guess":
        return None
    correct = obj.get("correct")
    if isinstance(correct, bool):
        return correct
    try:
        tile = game.rows[obj["target"]][obj["slot"]].tile
    except (KeyError, IndexError, TypeError):
        return None
    return tile.value == obj.get("value") if tile.known else None


class CodaMenu:
    """The Coda menu's items, undo and the timer's pauses; the referee supplies the rest
    (declared here for the type checker only)."""

    _options: SetupDefaults
    _banner: Banner | None
    _timer: GuessTimer | None
    _cursor: TurnCursor | None
    _clock: Clock
    _journal: Journal[Any] | None
    _pool: PoolMode
    _overlay: Menu | Confirm | PhonesPanel | None
    _timer_paused: bool
    _time_held: bool
    _version: int
    _clock_moves: int
    _final_shown: bool
    _ended_early: bool
    _review: GameReview | None
    pending_deals: dict[int, tuple[Tile, ...]]
    peeked: set[int]
    dash_index: int
    _write: Callable[[dict[str, Any]], None]

    if TYPE_CHECKING:
        def _screen_kind(self) -> CodaScreen: ...

        def _storage_failed(self, err: Exception) -> None: ...

        def _enter_phase(self) -> None: ...

        def _open_review(self) -> None: ...

        def _time_up(self) -> None: ...

        def _refuse(self, text: str) -> None: ...

        def _cue(self, cue: Cue) -> None: ...

        def _phones_items(self) -> tuple[MenuItem, ...]: ...

    # -- the menu ------------------------------------------------------------------------

    def _open_menu(self) -> None:
        kind = self._screen_kind()
        items: list[MenuItem] = ["resume"]
        if self._options.timer and kind is CodaScreen.TURN:
            items.append("unpause" if self._timer_paused else "pause")
        if self._journal is not None:
            items.append("undo")
            items.extend(self._pool.menu_items(kind))
            items.append("end" if kind is not CodaScreen.FINAL else "review")
        items.extend(self._phones_items())
        items.append("quit")
        self._overlay = Menu(tuple(items))
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
            super()._menu_chosen(item)  # type: ignore[misc] # undo, end, quit: base.py's

    def _overlay_closed(self) -> None:
        self._sync_timer()

    # -- undo and the end ------------------------------------------------------------------

    def _undo_count(self) -> int:
        journal = self._journal
        return len(journal.events) if journal is not None else 0

    def _ask_undo(self) -> None:
        journal = self._journal
        if journal is None:
            return
        if not journal.can_undo:
            self._overlay = None
            self._refuse(_("There is nothing to undo"))
            return
        # A game's (undo is asked of one in play): imported after the first frame
        # (states.PLAY_MODULES), not for the setup a start shows.
        from coda_pi.referee.coda.closed_rounds import (
            closed_round_refusal,
            round_closed_by_last_event,
        )
        from coda_pi.referee.shared.describe import describe_event

        game = journal.game
        if round_closed_by_last_event(game):  # its lines are public now (closed_rounds.py)
            self._overlay = None
            self._refuse(closed_round_refusal(game, self._options.labels))
            return
        text = describe_event(journal.events[-1], game.settings.players, self._options.labels)
        self._overlay = Confirm("undo", _("Take back {what}?").format(what=text),
                                len(journal.events))
        self._sync_timer()

    def _undo(self) -> None:
        journal = self._journal
        assert journal is not None
        last = journal.events[-1] if journal.can_undo else None
        if not self._write_undo():
            return
        assert last is not None
        players = journal.game.settings.players
        if last.get("event") == "deal":
            from coda_pi.rules.coda_events import Deal, parse_event

            event = parse_event(last)
            assert isinstance(event, Deal)
            self.pending_deals[event.seat] = event.row
            self.peeked.discard(event.seat)
            self.dash_index = 0
        self._final_shown = False
        self._ended_early = False
        self._review = None
        self._enter_phase()
        from coda_pi.referee.shared.describe import put_back_hint, undo_banner

        labels = self._options.labels
        hint = self._pool.put_back_hint(last) or put_back_hint(
            last, players, labels, right=guess_was_right(last, journal.game))
        self._banner = Banner(undo_banner(last, hint), BannerKind.INFO)

    def _end_early(self) -> None:
        self._ended_early = True
        self._timer = None
        self._cursor = None
        self._banner = Banner(_("The game was ended"), BannerKind.INFO)

    # -- the guess timer -----------------------------------------------------------------------

    def hold_time(self, held: bool) -> None:
        self._time_held = held
        self._sync_timer()

    def _advance_timers(self, now: float) -> bool:
        timer = self._timer
        if timer is None:
            return False
        # A timer runs: its module was imported with it (not for the setup's first frame).
        from coda_pi.referee.shared.timer import TimerEvent

        before = timer.handled
        events = timer.advance(now)
        if timer.handled != before:
            self._version += 1
            if TimerEvent.TIME_UP not in events:  # the seconds only: no seat's own view
                self._clock_moves += 1
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

    def _timer_visible(self) -> bool:
        cur = self._cursor
        return cur is not None and cur.step not in (
            TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP, TurnStep.REVEAL_OWN,
        )

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

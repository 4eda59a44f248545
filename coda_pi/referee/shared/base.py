"""What every game's referee shares: the eight buttons, and writing before telling.

Press/Release edges come in; a seat button or a navigation button is handed to the game at
once, while BACK waits for its release: a short press means "back", a hold of
``HOLD_FOR_UNDO`` seconds asks for an undo (judged from the injected clock, so a held key and
a held GPIO button behave alike and tests need no real time). The game supplies what the
buttons mean; the version counter, the queued cues and the banner live here too, so the
Coda and the Mastermind referee keep the same contract with the loop.

An action becomes a record line by one path for every game (``_commit_line``): checked on a
copy of the game, written durably, and only then applied and announced (principle 5).
"""

from __future__ import annotations

import copy
import errno
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from coda_pi.i18n import TableWords, _, spoken
from coda_pi.os_words import said
from coda_pi.record import Journal, RecordWriteError
from coda_pi.referee.shared.overlays import Confirm, Menu, MenuItem, quit_confirm
from coda_pi.referee.shared.ports import Clock, Sink, writer
from coda_pi.referee.shared.seat_screens import PhonesCard, PhonesPanel, SeatScreens
from coda_pi.referee.shared.signals import Button, Cue, Intent, Press, Release
from coda_pi.referee.shared.views import Banner, BannerKind
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import Sentence

HOLD_FOR_UNDO = 2.0  # seconds BACK is held to ask for an undo


class BaseReferee(ABC):
    """A base for the referees: button edges, the BACK hold, cues, banner, version, and the
    check-write-apply path of every event.

    Subclasses set ``_clock``, ``_write`` and ``_journal``, call ``_init_buttons`` in their
    constructor, and give the buttons their meaning in ``_seat_pressed``, ``_nav``, ``_back``
    and ``_ask_undo``; ``_enter_phase`` follows a committed event. The BACK menu and its
    questions are handled here (``_overlay_nav``); a game adds menu items in
    ``_menu_chosen``. A game with a timer also overrides ``_advance_timers`` and
    ``_timer_deadlines``.
    """

    _clock: Clock
    _write: Any  # writes one record line durably, or raises RecordWriteError
    _new_record: Any  # opens the next game's record (None: the app gives none)
    _journal: Journal[Any] | None
    _overlay: Menu | Confirm | PhonesPanel | None
    quit_requested: bool
    _seat_screens: SeatScreens | None = None  # phones as seat screens, when they are on
    # Phones are off and the device can start them from the BACK menu (app/build.py): it
    # starts them, attaches them to the device's referee and returns them (None: it could
    # not, and said why on the screen).
    _phones_starter: Callable[[], SeatScreens | None] | None = None

    def _init_buttons(self) -> None:
        self._version = 0
        # The moves of ``_version`` that changed only what the clock shows (the guess
        # timer's seconds): nothing of a seat's own view (``seats_version``).
        self._clock_moves = 0
        self._cues: list[Cue] = []
        self._banner: Banner | None = None
        self._held: set[Button] = set()
        self._back_down_at: float | None = None
        self._back_fired = False

    @property
    def version(self) -> int:
        """Changes whenever the screen must be drawn again."""
        return self._version

    @property
    def seats_version(self) -> int:
        """Changes whenever what any seat sees of its own (``private_view_of``, its review)
        may have changed: every change of ``version`` but the timer's seconds, which no
        seat's own view shows. The seats' own screens (pods) are built again only then."""
        return self._version - self._clock_moves

    def handle(self, intent: Intent) -> None:
        """One button edge."""
        now = self._clock.monotonic()
        button = intent.button
        self._version += 1
        if self._advance_time(now) and isinstance(intent, Press) and button is not Button.BACK:
            # The time ran out before this press: it was meant for a question no longer asked.
            self._held.add(button)
            return
        if isinstance(intent, Press):
            if button in self._held:
                return  # a second Press without a Release: the edge is already known
            self._held.add(button)
            if self._banner is not None and self._banner.kind is BannerKind.ERROR:
                self._banner = None
            if button is Button.BACK:
                self._back_down_at = now
                self._back_fired = False
            elif button.seat is not None:
                self._seat_pressed(button.seat)
            else:
                self._nav(button)
        elif isinstance(intent, Release):
            self._held.discard(button)
            if button is Button.BACK and self._back_down_at is not None:
                held_for = now - self._back_down_at
                fired = self._back_fired
                self._back_down_at = None
                if not fired:
                    if held_for >= HOLD_FOR_UNDO:
                        self._ask_undo()
                    else:
                        self._back()

    def type_text(self, text: str) -> None:
        """Text typed on a keyboard (``signals.Typed``): the game's screen that takes text
        reads it (``_typed``); with a menu or a question up, nothing does."""
        if self._overlay is None and self._typed(text):
            self._version += 1

    def _typed(self, text: str) -> bool:
        """A game's screen that takes text reads ``text``; True when anything changed."""
        return False

    def tick(self) -> None:
        """Called when ``next_deadline()`` has passed (calling it early is harmless)."""
        self._advance_time(self._clock.monotonic())

    def _advance_time(self, now: float) -> bool:
        """Does what the deadlines passed by ``now`` ask for. True when the time ran out."""
        if (
            self._back_down_at is not None
            and not self._back_fired
            and now >= self._back_down_at + HOLD_FOR_UNDO
        ):
            self._back_fired = True
            self._version += 1
            self._ask_undo()
        return self._advance_timers(now)

    def next_deadline(self) -> float | None:
        """The clock time at which ``tick`` must be called next, None when nothing waits."""
        times = self._timer_deadlines()
        if self._back_down_at is not None and not self._back_fired:
            times.append(self._back_down_at + HOLD_FOR_UNDO)
        return min(times) if times else None

    @abstractmethod
    def private_view(self) -> Any:
        """The private view of the seat whose button alone is held now, else None."""

    def private_view_of(self, seat: int) -> Any:
        """What ``seat`` would see holding its button alone now (None: nothing private of
        it now), whatever buttons are really held: a seat's own screen (its phone) asks.
        The buttons held are put back as they were; nothing else changes."""
        held = self._held
        self._held = {Button.for_seat(seat)}
        try:
            return self.private_view()
        finally:
            self._held = held

    def acting_seat(self) -> int | None:
        """The seat whose move the game waits for now, None when nobody's in particular
        (a game that does not say: its seat pods are written in their own order)."""
        return None

    def is_held(self, button: Button) -> bool:
        """``button`` is held down now (its press seen, its release not yet)."""
        return button in self._held

    @contextmanager
    def phone_presses(self) -> Iterator[None]:
        """The presses made inside are a phone's: they start from no button held, and the
        buttons really held (and a BACK hold's start) are as they were afterwards.

        A phone has no hand on the device: a key still down there (OK on Start, its
        release not yet read by a slow loop) must neither swallow the phone's OK as a
        press already known nor be let go by the phone's release."""
        kept = self._held, self._back_down_at, self._back_fired
        self._held, self._back_down_at, self._back_fired = set(), None, False
        try:
            yield
        finally:
            self._held, self._back_down_at, self._back_fired = kept

    def take_cues(self) -> list[Cue]:
        """The sounds to play since the last call, oldest first."""
        cues, self._cues = self._cues, []
        return cues

    def hold_time(self, held: bool) -> None:
        """While ``held``, something outside the game (a notice at start) hides the screen:
        no time limit may run. Games without one have nothing to hold."""
        self._time_held = held

    def notify(self, text: str, kind: BannerKind = BannerKind.INFO) -> None:
        """Puts a sentence from outside the game on the screen (a resumed game, a record
        kept aside, a config problem) until the next action replaces it."""
        self._banner = Banner(text, kind)
        self._version += 1

    # -- phones as seat screens (seat_screens.py) -----------------------------------------

    def attach_seat_screens(self, screens: SeatScreens | None) -> None:
        """Phones are on: the setup shows where they go, the BACK menu gets "Phones"."""
        self._seat_screens = screens
        self._version += 1

    def offer_phones(self, starter: Callable[[], SeatScreens | None] | None) -> None:
        """Phones are off but may be turned on: the BACK menu offers "Turn phones on"."""
        self._phones_starter = starter
        self._version += 1

    def turn_phones_on(self) -> bool:
        """Start the phones offered (``offer_phones``): True when they are on now (the
        starter attached them; it said on the screen why not, otherwise)."""
        if self._phones_starter is None or self._phones_starter() is None:
            return False
        self.offer_phones(None)  # on for good: "Phones" from now on
        return True

    def seat_screens_changed(self) -> None:
        """What the phones' card shows changed by itself (a seat's code ran out, an
        invitation ended): the screen is drawn again with it."""
        self._version += 1

    def close_phones_page(self) -> None:
        """A phone opened the seat's code drawn on the "Phones" page and holds the seat:
        the page has done its work and closes, so the phone plays at once (taps wait
        while the table's page is up)."""
        if isinstance(self._overlay, PhonesPanel):
            self._overlay = None
            self._overlay_closed()
            self._version += 1

    def _phones_card(self) -> PhonesCard | None:
        return self._seat_screens.card() if self._seat_screens is not None else None

    def _phones_items(self) -> tuple[MenuItem, ...]:
        """The BACK menu's "Phones" line, where phones are on ("Turn phones on" where the
        device can start them)."""
        if self._seat_screens is not None:
            return ("phones",)
        return ("phones_on",) if self._phones_starter is not None else ()

    def _seat_names(self) -> tuple[str, ...]:
        """The players of the game at work, in seat order (the "Phones" page's lines)."""
        return ()

    def _phones_nav(self, panel: PhonesPanel, button: Button) -> None:
        """PREV/NEXT move over the seats; OK on a seat with a phone takes it away, on a
        seat without one offers it to a phone (the page stays, with that seat's QR code:
        the phone that opens it holds the seat)."""
        if button in (Button.PREV, Button.NEXT):
            panel.move(-1 if button is Button.PREV else 1)
            return
        if button is not Button.OK:
            return
        seat = panel.chosen_seat()
        if seat is None:
            self._overlay = None
            self._overlay_closed()
        elif seat in panel.screens.card().paired:
            panel.screens.unpair(seat)
            self._banner = Banner(_("Seat {number} has no phone now: its button shows its "
                                    "view here again").format(number=seat + 1),
                                  BannerKind.INFO)
        else:  # the table offers the seat: the page draws the seat's own QR code
            panel.screens.invite(seat)

    # -- events: check, write, then apply and tell --------------------------------------------

    def _commit_line(self, line: dict[str, Any]) -> bool:
        """Make ``line`` (an event as the record has it) part of the game, written before
        it is told: True when it is now part of the game.

        The rules judge it on a copy (``rules/games.py``: the same apply as replay), so
        the journal does not change until the line is stored, and a refusal or a full disk
        leaves no trace; only then does the journal apply it and the screen announce it
        (principle 5).
        """
        journal = self._journal
        assert journal is not None
        trial = copy.deepcopy(journal.game)
        from coda_pi.rules.games import rules_of  # with the game: not for a start's setup

        try:
            rules_of(trial).apply(trial, line)
        except RuleError as err:
            self._refuse(err.message)
            return False
        try:
            self._write(line)
        except RecordWriteError as err:  # not stored: nothing happened
            self._storage_failed(err)
            return False
        journal.apply(line)
        self._banner = None
        self._enter_phase()
        return True

    def _write_undo(self) -> bool:
        """The record's undo written, then the latest event taken back: False (the screen
        says why) when there is nothing to undo or the line could not be stored."""
        journal = self._journal
        assert journal is not None
        if not journal.can_undo:
            self._refuse(_("There is nothing to undo"))
            return False
        try:
            self._write({"event": "undo"})
        except RecordWriteError as err:
            self._storage_failed(err)
            return False
        journal.undo()
        return True

    def _open_new_record(self) -> Sink | None:
        """The next game's record, opened and made the one lines go to; None (the screen
        says why) when the card refused it."""
        assert self._new_record is not None
        try:
            record: Sink = self._new_record()
        except OSError as err:
            self._storage_failed(err)
            return None
        self._write = writer(record)
        return record

    def _storage_failed(self, err: Exception) -> None:
        self._cue(Cue.ERROR)
        if getattr(err, "errno", None) == errno.EROFS:  # freeing space would not help
            text = _("The card is read-only: nothing was done, and nothing can be saved until "
                     "it can be written again. Check the card, then restart")
        else:
            text = _("Could not save to the game record ({why}): nothing was done. Free some "
                     "space or check the card, then try again").format(why=said(err))
        self._banner = Banner(text, BannerKind.ERROR)

    def _refuse(self, text: str) -> None:
        """Sounds the error cue and shows ``text``; a rule's refusal (``RuleError.message``, an
        engine sentence) is said in the table's language and words."""
        if isinstance(text, Sentence):
            text = spoken(text, self._table_words())
            text = text[:1].upper() + text[1:]
        self._cue(Cue.ERROR)
        self._banner = Banner(text, BannerKind.ERROR)

    def _table_words(self) -> TableWords:
        """The words of this table's things in the engine's sentences: a Coda table with the
        Rainbow-deck labels (``_options.labels``) says cards, any other the boxed panels."""
        labels = getattr(getattr(self, "_options", None), "labels", "panels")
        return nouns(labels if isinstance(labels, str) else "panels")

    def _cue(self, cue: Cue) -> None:
        self._cues.append(cue)

    # -- the BACK menu and its questions: one implementation for both games ----------------

    def _overlay_nav(self, button: Button) -> bool:
        """PREV, NEXT or OK while the menu or a question is up: True when it took the press.

        OK on a question answers yes: an undo (asked again when the last action changed
        meanwhile), quitting, or ending the game early.
        """
        overlay = self._overlay
        if isinstance(overlay, PhonesPanel):
            self._phones_nav(overlay, button)
            return True
        if isinstance(overlay, Menu):
            if button in (Button.PREV, Button.NEXT):
                step = -1 if button is Button.PREV else 1
                overlay.cursor = (overlay.cursor + step) % len(overlay.items)
            elif button is Button.OK:
                self._overlay = None
                self._menu_chosen(overlay.items[overlay.cursor])
                self._overlay_closed()
            return True
        if isinstance(overlay, Confirm):
            if button is Button.OK:
                self._overlay = None
                if overlay.kind == "undo":
                    if self._undo_count() != overlay.events:
                        self._ask_undo()  # the last action changed meanwhile: ask again
                        self._refuse(_("The last action changed: confirm the undo again"))
                        return True
                    self._undo()
                elif overlay.kind == "quit":
                    self.quit_requested = True
                else:
                    self._end_early()
                self._overlay_closed()
            return True
        return False

    def _menu_chosen(self, item: MenuItem) -> None:
        """An item of the BACK menu chosen with OK (the menu is already closed)."""
        if item == "undo":
            self._ask_undo()
        elif item == "end":
            self._overlay = Confirm(
                "end", _("Stop here and show the final standings with the points so far?")
            )
        elif item == "quit":
            self._overlay = quit_confirm(game_over=self.over)
        elif item in ("phones", "phones_on"):
            # "Turn phones on" starts them (or says why not), then shows their page.
            if item == "phones_on":
                self.turn_phones_on()
            if self._seat_screens is not None:
                self._overlay = PhonesPanel(self._seat_screens, self._seat_names())

    def _overlay_closed(self) -> None:  # noqa: B027 - a hook most games leave empty
        """After the menu or a question was answered (Coda's timer resumes here)."""

    @property
    @abstractmethod
    def over(self) -> bool:
        """The final standings are on the screen."""

    @abstractmethod
    def _undo_count(self) -> int:
        """How many actions an undo could take back now (a question names the count)."""

    @abstractmethod
    def _undo(self) -> None:
        """Take back the latest action (the table confirmed it)."""

    @abstractmethod
    def _end_early(self) -> None:
        """Stop the game here and show the final standings."""

    # -- what the game gives the buttons ---------------------------------------------------

    def _advance_timers(self, now: float) -> bool:
        """The game's own deadlines passed by ``now``; True when the decision time ran out."""
        return False

    def _timer_deadlines(self) -> list[float]:
        return []

    @abstractmethod
    def _seat_pressed(self, seat: int) -> None: ...

    @abstractmethod
    def _nav(self, button: Button) -> None: ...

    @abstractmethod
    def _back(self) -> None: ...

    @abstractmethod
    def _ask_undo(self) -> None: ...

    @abstractmethod
    def _enter_phase(self) -> None:
        """Sets the cursors and screen for the game's state after an event."""

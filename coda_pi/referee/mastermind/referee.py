"""The Mastermind referee: the same API as Coda's (``handle``, ``tick``, ``next_deadline``,
``view``, ``private_view``, ``leds``, ``take_cues``, ``version``), for one Mastermind match.

The match's truth is the journal of the record (a ``MastermindMatch``); an action is a typed
event (``rules/mastermind_events.py``) checked on a copy, written, and only then applied and
announced. The cursors (``entry``: the peg under the cursor, the key pegs being
counted) are not game truth. Each screen is a class in ``states`` (what it
shows, what its buttons do); the BACK menu, undo and confirm are the base's, shared with Coda.

Who does what:

- two players, "device scores": the maker sets the code with their seat button held; the
  breaker enters each row as they place it, and the device shows the key pegs to place.
- two players, "audit": as above, but the maker enters the key pegs they placed; the record's
  guess carries them and a wrong one voids the game at once (the rules give the breaker 3).
- solo: the device plays seat 2. As maker it draws a random code; as breaker it shows the
  shipped strategy's guess and the player answers with key pegs. It never sees the player's
  code: its rows are kept beside the record until the code is broken (the broken row *is*
  the code), then written as the code and its guesses (``device_rows``). Answers
  no code can give are caught at once, with the rows they contradict, and OK takes the last
  one back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from coda_pi.i18n import _
from coda_pi.record import Journal, RecordWriteError
from coda_pi.referee.mastermind.board import (
    describe,
    events_of,
    game_lines,
    key_words,
    standings,
    winners,
)
from coda_pi.referee.mastermind.device_rows import DeviceRow, DeviceRows
from coda_pi.referee.mastermind.entry import KeyEntry, PegEntry
from coda_pi.referee.mastermind.setup import MastermindOptions, MastermindSetupMenu
from coda_pi.referee.mastermind.states import SCREENS
from coda_pi.referee.mastermind.views import (
    BoardRow,
    MastermindPrivateView,
    MastermindPublicView,
)
from coda_pi.referee.shared.base import BaseReferee
from coda_pi.referee.shared.kinds import MastermindKind
from coda_pi.referee.shared.overlays import Confirm, Menu, MenuItem, overlay_view
from coda_pi.referee.shared.ports import Clock, Sink, writer
from coda_pi.referee.shared.seat_screens import PHONES_ON, PhonesPanel, SeatScreens
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import (
    MAX_SEATS,
    Banner,
    BannerKind,
    FinalView,
    LedState,
    PublicView,
    SetupView,
)
from coda_pi.replay import journal_of
from coda_pi.rules.dealer import Shuffle, new_seed
from coda_pi.rules.mastermind import Feedback, MastermindHeader, MastermindMatch, palette
from coda_pi.rules.mastermind_deduction import (
    Contradiction,
    consistent_codes,
    find_contradiction,
)
from coda_pi.rules.mastermind_events import MastermindEvent, PlaceRow, SetCode, to_dict
from coda_pi.rules.mastermind_strategy import Strategy

_MAKER_ACTS = (MastermindKind.CODE, MastermindKind.KEYS, MastermindKind.DEVICE_BREAKS,
               MastermindKind.CONTRADICTION)


class MastermindReferee(BaseReferee):
    """What the device does during a Mastermind match. One thread calls every method."""

    def __init__(
        self,
        *,
        clock: Clock,
        rng: random.Random,
        record: Sink,
        options: MastermindOptions | None = None,
        journal: Journal[MastermindMatch] | None = None,
        new_record: Callable[[], Sink] | None = None,
        on_switch: Callable[[], None] | None = None,
        remember: Callable[[MastermindOptions], None] | None = None,
        at_start: bool = False,
    ) -> None:
        """``journal`` resumes a match (its record's replay); ``on_switch`` is called when
        the table chooses Coda in the setup menu; ``remember`` keeps the options a match
        started with, for the next start; ``at_start``: the setup's cursor waits on Start."""
        self._clock = clock
        self._rng = rng
        self._write = writer(record)
        self._new_record = new_record
        self._on_switch = on_switch
        self._remember = remember
        self._setup = MastermindSetupMenu(options or MastermindOptions(), at_start=at_start)
        self.options = self._setup.choices
        self._journal = journal
        # The device's codes are decided once per game (undo and resume keep them).
        seed = self.options.seed
        self.shuffle = Shuffle(seed if seed is not None else new_seed(rng))
        self._init_buttons()
        self._overlay: Menu | Confirm | PhonesPanel | None = None
        # Cursors: none of them is game truth.
        self.entry = PegEntry()  # the row or code being entered
        self.code_started = False  # the maker has looked (held their button) at least once
        self.pending_guess: str | None = None  # audit: the row waiting for its key pegs
        self.key_entry = KeyEntry()
        self.device = DeviceRows(record)  # solo, device breaking: rows not yet written
        self.contradiction: Contradiction | None = None
        self.seen_results = 0 if journal is None else len(journal.game.results)
        self._ended_early = False
        self.quit_requested = False  # "Quit" confirmed from the menu: the loop stops
        self._strategy: Strategy | None = None
        self._hint_cache: tuple[Any, int] | None = None
        if journal is not None:
            self._write_unwritten(journal)
            self.device.resume(journal, self._strategy_guess)
            self.enter_phase()
            rows = self.device.rows
            if rows and rows[-1][1].black == journal.game.header.pegs:
                # Cut after the breaking answer was kept, before the code was written.
                self._write_broken_code(list(rows))

    # -- the public API -----------------------------------------------------------------

    @property
    def journal(self) -> Journal[MastermindMatch] | None:
        return self._journal

    @property
    def game(self) -> MastermindMatch | None:
        return None if self._journal is None else self._journal.game

    @property
    def match(self) -> MastermindMatch:
        """The match being played (only asked for once there is one)."""
        assert self._journal is not None
        return self._journal.game

    def offer_phones(self, starter: Callable[[], SeatScreens | None] | None) -> None:
        """Phones are off but may be turned on: the setup's last line and the BACK menu
        offer "Turn phones on"."""
        super().offer_phones(starter)
        self._setup.set_action(PHONES_ON, starter is not None and self._seat_screens is None)

    @property
    def setup_menu(self) -> MastermindSetupMenu:
        return self._setup

    @property
    def over(self) -> bool:
        return self._kind() is MastermindKind.FINAL

    @property
    def can_start_again(self) -> bool:
        return self._new_record is not None

    def leds(self) -> tuple[LedState, ...]:
        """The maker's LED blinks while they must act (set the code, give key pegs), the
        breaker's is lit while they guess, the winners' at the end."""
        states = [LedState.OFF] * MAX_SEATS
        match = self.game
        if match is None:
            return tuple(states)
        kind = self._kind()
        if kind is MastermindKind.FINAL:
            for seat in winners(match):
                states[seat] = LedState.ON
        elif kind is MastermindKind.GAME_END:
            last = match.results[-1]
            states[last.breaker if (last.void or last.broken) else last.maker] = LedState.BLINK
        elif kind in _MAKER_ACTS:
            states[self.maker()] = LedState.BLINK
        elif kind is MastermindKind.GUESS:
            states[1 - self.maker()] = LedState.ON
        return tuple(states)

    def view(self) -> PublicView | MastermindPublicView:
        match = self.game
        leds = self.leds()
        if match is None:
            setup = self._setup.view()
            card = self._phones_card()
            if card is not None and isinstance(setup, SetupView):
                setup = replace(setup, phones=card)  # where phones open their seat pages
            return PublicView(screen=setup, table=None, banner=self._banner,
                              title=self._setup.title, leds=leds, version=self._version)
        kind = self._kind()
        if kind is MastermindKind.FINAL:
            prompt = (_("Press OK for a new game") if self.can_start_again
                      else _("Thanks for playing"))
            screen = FinalView(standings=standings(match), winners=winners(match),
                               ended_early=self._ended_early, prompt=prompt,
                               column_prefix="G")
            return PublicView(screen=screen, table=None, overlay=overlay_view(self._overlay),
                              banner=self._banner, title=_("Final standings"), leds=leds,
                              version=self._version)
        return MastermindPublicView(
            screen=SCREENS[kind].screen(self),
            overlay=overlay_view(self._overlay),
            banner=self._banner,
            title=_("Mastermind: game {number} of {games}").format(
                number=match.game_number, games=match.header.games),
            leds=leds,
            private_shown=self.private_seat(),
            version=self._version,
        )

    def private_view(self) -> MastermindPrivateView | None:
        seat = self.private_seat()
        match = self.game
        if seat is None or match is None:
            return None
        return MastermindPrivateView(
            seat=seat,
            name=match.players[seat],
            code=self.entry.text(self.palette()),
            hole=self.entry.hole,
            palette=self.palette(),
            prompt=_("Peg {number} of {pegs}: PREV/NEXT colour, OK sets it").format(
                number=self.entry.hole + 1, pegs=match.header.pegs),
        )

    # -- where the match stands (what the screens ask) ------------------------------------

    def _kind(self) -> MastermindKind:
        match = self.game
        if match is None:
            return MastermindKind.SETUP
        if self._ended_early:
            return MastermindKind.FINAL
        if len(match.results) > self.seen_results:
            return MastermindKind.GAME_END
        if match.finished:
            return MastermindKind.FINAL
        if 1 - self.maker() == self.options.device_seat:
            return (MastermindKind.DEVICE_BREAKS if self.contradiction is None
                    else MastermindKind.CONTRADICTION)
        if match.code is None:
            return MastermindKind.CODE
        return MastermindKind.GUESS if self.pending_guess is None else MastermindKind.KEYS

    def maker(self) -> int:
        """The codemaker of the running (or next) game."""
        match = self.match
        return match.maker if match.maker is not None else self.options.first

    def palette(self) -> str:
        match = self.game
        return palette(match.header.blanks if match is not None else self.options.blanks)

    def _seat_names(self) -> tuple[str, ...]:
        match = self.game
        return tuple(match.players) if match is not None else ()

    def private_seat(self) -> int | None:
        """The seat whose code shows while only its button is held (setting the code)."""
        if self._overlay is not None or self._kind() is not MastermindKind.CODE:
            return None
        maker = self.maker()
        held = {b.seat for b in self._held if b.seat is not None}
        return maker if held == {maker} else None

    def board(self) -> tuple[BoardRow, ...]:
        """The running game's rows: the record's, then the device's not yet written."""
        return tuple(BoardRow(guess, fb.black, fb.white) for guess, fb in self._device_pairs())

    def common(self) -> dict[str, Any]:
        """What every screen of a running match shows."""
        match = self.match
        maker = self.maker()
        return dict(
            names=match.players, maker=maker, breaker=1 - maker,
            device_seat=self.options.device_seat, game_number=match.game_number,
            games=match.header.games, rows_total=match.header.rows, pegs=match.header.pegs,
            palette=self.palette(), totals=match.totals, results=game_lines(match),
            audit=self.options.mode == "audit",
        )

    def _device_pairs(self) -> list[DeviceRow]:
        """The rows the device breaks with: the written ones, then the unwritten ones."""
        match = self.match
        pairs = [(r.guess, r.feedback) for r in match.rows] if match.code is not None else []
        return pairs + self.device.rows

    def device_guess(self) -> str | None:
        """The row the device plays next (None while its answers contradict each other)."""
        if self.contradiction is not None:
            return None
        return self._strategy_guess(self._device_pairs())

    def _strategy_guess(self, rows: list[DeviceRow]) -> str | None:
        if self._strategy is None:
            header = self.match.header
            self._strategy = Strategy.load(header.pegs, header.blanks)
        return self._strategy.next_guess(rows)

    def hint(self) -> int | None:
        """How many codes still fit the board (the hint, when on)."""
        match = self.game
        if not self.options.hint or match is None:
            return None
        pairs = tuple((r.guess, r.claimed or r.feedback) for r in match.rows)
        if self._hint_cache is None or self._hint_cache[0] != pairs:
            header = match.header
            self._hint_cache = (pairs, len(consistent_codes(pairs, header.pegs, header.blanks)))
        return self._hint_cache[1]

    # -- what the screens do -----------------------------------------------------------

    def say(self, text: str) -> None:
        self._banner = Banner(text, BannerKind.INFO)

    def cue(self, cue: Cue) -> None:
        self._cue(cue)

    def refuse(self, text: str) -> None:
        self._refuse(text)

    def commit(self, event: MastermindEvent) -> bool:
        """Check, write, apply: True when the event is now part of the match."""
        return self._commit_line(to_dict(event))

    def play_row(self, row: PlaceRow) -> None:
        """A row on the record's board: written, then its key pegs (or the void) announced."""
        games_before = len(self.match.results)
        if self.commit(row):
            self._announce_row(games_before)

    def _announce_row(self, games_before: int) -> None:
        match = self.match
        if len(match.results) > games_before:
            result = match.results[-1]
            if result.void:
                self._cue(Cue.ERROR)
                self._banner = Banner(_("Wrong key pegs: the game is void"), BannerKind.BAD)
                return
            if result.broken:
                self._cue(Cue.CORRECT)
            self._cue(Cue.TOURNAMENT_WON if match.finished else Cue.ROUND_WON)
            return
        last = match.rows[-1]
        self._cue(Cue.WRONG)
        self.say(_("Row {number}: place {keys}").format(
            number=len(match.rows), keys=key_words(last.feedback.black, last.feedback.white)))

    def answer_device(self, keys: Feedback) -> None:
        """The player's key pegs for the device's row: kept beside the record before they
        are shown; the broken code written with every row."""
        match = self.match
        guess = self.device_guess()
        assert guess is not None
        self.key_entry.reset()
        if match.code is not None:
            # The record already holds the code (after an undo, or a resume): play it out
            # there, where the rules judge the answer.
            self.play_row(PlaceRow(guess, keys))
            return
        rows = [*self.device.rows, (guess, keys)]
        if not self._keep_device_rows(rows):
            return  # not stored: the row is not taken, the screen says why
        self.contradiction = find_contradiction(rows, match.header.pegs, match.header.blanks)
        if self.contradiction is not None:
            self._cue(Cue.ERROR)
        elif keys.black < match.header.pegs:
            self._answered(rows, keys)
        else:
            self._write_broken_code(rows)

    def _answered(self, rows: list[DeviceRow], keys: Feedback) -> None:
        if len(rows) >= self.match.header.rows:
            # The shipped strategy breaks any code well within ten rows, so this only
            # happens on a short board; the code is then the only one left.
            self._refuse(_("Out of rows: the device cannot write a game it has not ended"))
        self._cue(Cue.WRONG)
        self.say(_("Row {number}: {keys}").format(number=len(rows),
                                                  keys=key_words(keys.black, keys.white)))

    def _write_broken_code(self, rows: list[DeviceRow]) -> None:
        """Broken: the row is the code. Write the game as the record knows it."""
        games_before = len(self.match.results)
        unwritten, self.device.rows = rows, []
        if not self.commit(SetCode(self.maker(), rows[-1][0])):
            self.device.rows = rows[:-1]
            self._keep_device_rows(rows[:-1])
            return
        for guess, fb in unwritten:
            if not self.commit(PlaceRow(guess, fb)):
                # The record holds the code now: the rest is answered again row by row.
                return
        # The record holds every row now; a copy left behind (a failure here) is stale by
        # its event count and never read back.
        self._keep_device_rows([])
        self._announce_row(games_before)

    def _write_unwritten(self, journal: Journal[MastermindMatch]) -> None:
        """A power cut while a broken code's rows were written: the rest are written now,
        so no row the table was shown goes missing (``DeviceRows.unwritten``)."""
        lines = self.device.unwritten(journal)
        if lines and all(self.commit(line) for line in lines):
            self._keep_device_rows([])

    def _keep_device_rows(self, rows: list[DeviceRow]) -> bool:
        """Stores ``rows`` beside the record; False (the screen says why) when it failed."""
        try:
            self.device.keep(rows, len(self._journal.events) if self._journal else 0)
        except OSError as err:  # the rows beside the record could not be stored
            self._storage_failed(err)
            return False
        return True

    def take_back_device_row(self) -> None:
        rows = self.device.rows
        if rows:
            if not self._keep_device_rows(rows[:-1]):
                return
            guess, fb = rows[-1]
            self.say(_("Took back the answer to {guess} ({keys})").format(
                guess=guess, keys=key_words(fb.black, fb.white)))
        self.contradiction = None
        self.key_entry.reset()

    def switch_to_coda(self) -> None:
        if self._on_switch is not None:
            self._on_switch()

    # -- buttons ------------------------------------------------------------------------

    def _seat_pressed(self, seat: int) -> None:
        if self._overlay is not None or self.game is None:
            return
        if (self._kind() is MastermindKind.CODE and seat == self.maker()
                and not self.code_started):
            self.code_started = True
            self.entry.start([0] + [-1] * (self.match.header.pegs - 1))

    def _nav(self, button: Button) -> None:
        """PREV, NEXT or OK: the menu or a question if one is up, else the screen's own."""
        if self._overlay_nav(button):
            return
        SCREENS[self._kind()].nav(self, button, -1 if button is Button.PREV else 1)

    def _back(self) -> None:
        if self._overlay is not None:
            self._overlay = None
        elif self.game is None:
            self._setup.back()
        elif not SCREENS[self._kind()].back(self):
            self._open_menu()

    def _open_menu(self) -> None:
        items: list[MenuItem] = ["resume", "undo"]
        if self._kind() is not MastermindKind.FINAL:
            items.append("end")
        items.extend(self._phones_items())
        items.append("quit")
        self._overlay = Menu(tuple(items))

    def _end_early(self) -> None:
        self._ended_early = True
        self.say(_("The match was ended"))

    # -- setup, new match, undo ----------------------------------------------------------

    def start(self) -> None:
        """Start chosen in the setup menu: the header written, the first game entered."""
        options = replace(self._setup.choices, seed=new_seed(self._rng))
        header = MastermindHeader(players=options.players, blanks=options.blanks,
                                  games=options.games)
        try:
            self._write(header.to_dict() | options.header_extras())
        except RecordWriteError as err:  # not stored: not started
            self._storage_failed(err)
            return
        self.options = options
        assert options.seed is not None
        self.shuffle = Shuffle(options.seed)
        if self._remember is not None:
            self._remember(options)
        self._journal = journal_of(MastermindMatch(header))
        self.seen_results = 0
        self._banner = None
        self.enter_phase()

    def new_match(self) -> None:
        """OK on the final standings: a new record, the setup with Start under the cursor."""
        record = self._open_new_record()
        if record is None:
            return
        self.device = DeviceRows(record)
        self._journal = None
        self._ended_early = False
        self.contradiction = None
        self.pending_guess = None
        self._banner = None
        self._setup.move_to_start()  # same again: one press

    def _undo_count(self) -> int:
        journal = self._journal
        return (len(journal.events) if journal else 0) + len(self.device.rows)

    def _last_action(self) -> str | None:
        """The action an undo takes back, in words; None when there is none."""
        journal = self._journal
        assert journal is not None
        if self.device.rows:
            guess, fb = self.device.rows[-1]
            return _("the answer to {guess} ({keys})").format(
                guess=guess, keys=key_words(fb.black, fb.white))
        if journal.can_undo:
            return describe(events_of(journal)[-1], journal.game.players)
        return None

    def _ask_undo(self) -> None:
        if self._journal is None:
            return
        text = self._last_action()
        if text is None:
            self._overlay = None
            self._refuse(_("There is nothing to undo"))
            return
        self._overlay = Confirm("undo", _("Take back {what}?").format(what=text),
                                self._undo_count())

    def _undo(self) -> None:
        journal = self._journal
        assert journal is not None
        if self.device.rows:
            self.take_back_device_row()
            return
        what = self._last_action() if journal.can_undo else ""
        if not self._write_undo():
            return
        self.seen_results = min(self.seen_results, len(journal.game.results))
        self._ended_early = False
        self.enter_phase()
        self.say(_("Took back {what}").format(what=what))

    def enter_phase(self) -> None:
        """Sets the cursors for what the match waits for now; the device's own moves."""
        self.pending_guess = None
        self.contradiction = None
        self.key_entry.reset()
        SCREENS[self._kind()].enter(self)

    _enter_phase = enter_phase  # the base calls it after each committed event

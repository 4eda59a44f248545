"""The Mastermind referee: the same API as Coda's (``handle``, ``tick``, ``next_deadline``,
``view``, ``private_view``, ``leds``, ``take_cues``, ``version``), for one Mastermind match.

The match's truth is the journal of the record (a ``MastermindMatch``); an action is checked
on a copy, written, and only then applied and announced. The cursors (the peg under the
cursor, the key pegs being counted) are not game truth.

Who does what:

- two players, "device scores": the maker sets the code with their seat button held; the
  breaker enters each row as they place it, and the device shows the key pegs to place.
- two players, "audit": as above, but the maker enters the key pegs they placed; the record's
  guess carries them and a wrong one voids the game at once (the rules give the breaker 3).
- solo: the device plays seat 2. As maker it draws a random code; as breaker it shows the
  shipped strategy's guess and the player answers with key pegs. It never sees the player's
  code: its rows are kept here until the code is broken (the broken row *is* the code), then
  written as the code and its guesses. Answers no code can give are caught at once, with the
  rows they contradict, and OK takes the last one back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from coda_pi.i18n import _, ngettext, spoken
from coda_pi.record import Journal
from coda_pi.referee.base import BaseReferee
from coda_pi.referee.kinds import MastermindKind
from coda_pi.referee.mastermind_setup import MastermindOptions, MastermindSetupMenu
from coda_pi.referee.mastermind_views import (
    BoardRow,
    GameLine,
    MastermindPrivateView,
    MastermindPublicView,
    MastermindScreen,
    MastermindStep,
)
from coda_pi.referee.overlays import Confirm, Menu, MenuItem, overlay_view
from coda_pi.referee.ports import Clock, Sink, writer
from coda_pi.referee.signals import Button, Cue
from coda_pi.referee.views import (
    MAX_SEATS,
    Banner,
    BannerKind,
    FinalView,
    LedState,
    PublicView,
    StandingView,
)
from coda_pi.replay import journal_of
from coda_pi.rules.dealer import Shuffle, new_seed
from coda_pi.rules.mastermind import (
    COLOUR_NAMES,
    Feedback,
    MastermindHeader,
    MastermindMatch,
    feedback,
    palette,
)
from coda_pi.rules.mastermind_deduction import (
    Contradiction,
    consistent_codes,
    find_contradiction,
)
from coda_pi.rules.mastermind_strategy import Strategy

UNSET = "?"


def describe(event: Mapping[str, Any], names: tuple[str, str]) -> str:
    """An event as the undo question names it."""
    if event.get("event") == "code":
        return _("{name}'s code").format(name=names[int(event.get("maker", 0))])
    keys = event.get("keys")
    text = _("the row {code}").format(code=event.get("code"))
    if isinstance(keys, Mapping):
        text += " (" + _key_words(keys.get("black", 0), keys.get("white", 0)) + ")"
    return text


def _key_words(black: object, white: object) -> str:
    return _("{black} black, {white} white").format(black=black, white=white)


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
        self._record = record  # its keep_aside holds the device's rows not yet written
        self._new_record = new_record
        self._on_switch = on_switch
        self._remember = remember
        self._setup = MastermindSetupMenu(options or MastermindOptions(), at_start=at_start)
        self._options = self._setup.choices
        self._journal = journal
        # The device's codes are decided once per game (undo and resume keep them).
        seed = self._options.seed
        self._shuffle = Shuffle(seed if seed is not None else new_seed(rng))
        self._init_buttons()
        self._overlay: Menu | Confirm | None = None
        # Cursors: none of them is game truth.
        self._entry: list[int] = []  # colour indices of the row or code being entered
        self._hole = 0
        self._code_started = False  # the maker has looked (held their button) at least once
        self._pending_guess: str | None = None  # audit: the row waiting for its key pegs
        self._keys = [0, 0]
        self._key_field = 0
        self._device_rows: list[tuple[str, Feedback]] = []  # solo, device breaking: unwritten
        self._contradiction: Contradiction | None = None
        self._seen_results = 0 if journal is None else len(journal.game.results)
        self._final_shown = False
        self._ended_early = False
        self.quit_requested = False  # "Quit" confirmed from the menu: the loop stops
        self._strategy: Strategy | None = None
        self._hint_cache: tuple[Any, int] | None = None
        if journal is not None:
            self._finish_broken_code(journal)
            self._device_rows = self._kept_device_rows(journal)
            self._enter_phase()

    # -- the public API -----------------------------------------------------------------

    @property
    def journal(self) -> Journal[MastermindMatch] | None:
        return self._journal

    @property
    def game(self) -> MastermindMatch | None:
        return None if self._journal is None else self._journal.game

    @property
    def options(self) -> MastermindOptions:
        return self._options

    @property
    def over(self) -> bool:
        return self._kind() is MastermindKind.FINAL

    def leds(self) -> tuple[LedState, ...]:
        """The maker's LED blinks while they must act (set the code, give key pegs), the
        breaker's is lit while they guess, the winners' at the end."""
        states = [LedState.OFF] * MAX_SEATS
        match = self.game
        if match is None:
            return tuple(states)
        kind = self._kind()
        maker = self._maker()
        if kind is MastermindKind.FINAL:
            for seat in self._winners():
                states[seat] = LedState.ON
        elif kind is MastermindKind.GAME_END:
            last = match.results[-1]
            winner = last.breaker if (last.void or last.broken) else last.maker
            states[winner] = LedState.BLINK
        elif kind in (MastermindKind.CODE, MastermindKind.KEYS, MastermindKind.DEVICE_BREAKS,
                      MastermindKind.CONTRADICTION):
            states[maker] = LedState.BLINK
        elif kind is MastermindKind.GUESS:
            states[1 - maker] = LedState.ON
        return tuple(states)

    def view(self) -> PublicView | MastermindPublicView:
        match = self.game
        leds = self.leds()
        if match is None:
            return PublicView(screen=self._setup.view(), table=None, banner=self._banner,
                              title=self._setup.title, leds=leds, version=self._version)
        if self._kind() is MastermindKind.FINAL:
            prompt = (_("Press OK for a new game") if self._new_record is not None
                      else _("Thanks for playing"))
            screen = FinalView(standings=self._standings(), winners=self._winners(),
                               ended_early=self._ended_early, prompt=prompt,
                               column_prefix="G")
            return PublicView(screen=screen, table=None, overlay=overlay_view(self._overlay),
                              banner=self._banner, title=_("Final standings"), leds=leds,
                              version=self._version)
        return MastermindPublicView(
            screen=self._screen(),
            overlay=overlay_view(self._overlay),
            banner=self._banner,
            title=self._title(),
            leds=leds,
            private_shown=self._private_seat(),
            version=self._version,
        )

    def private_view(self) -> MastermindPrivateView | None:
        seat = self._private_seat()
        match = self.game
        if seat is None or match is None:
            return None
        colours = self._palette()
        return MastermindPrivateView(
            seat=seat,
            name=match.players[seat],
            code=self._entry_text(),
            hole=self._hole,
            palette=colours,
            prompt=_("Peg {number} of {pegs}: PREV/NEXT colour, OK sets it").format(
                number=self._hole + 1, pegs=match.header.pegs),
        )

    # -- where the match stands ---------------------------------------------------------

    def _kind(self) -> MastermindKind:
        match = self.game
        if match is None:
            return MastermindKind.SETUP
        if self._ended_early:
            return MastermindKind.FINAL
        if len(match.results) > self._seen_results:
            return MastermindKind.GAME_END
        if match.finished:
            return MastermindKind.FINAL
        breaker = 1 - self._maker()
        if breaker == self._options.device_seat:
            if self._contradiction is not None:
                return MastermindKind.CONTRADICTION
            return MastermindKind.DEVICE_BREAKS
        if match.code is None:
            return MastermindKind.CODE
        if self._pending_guess is not None:
            return MastermindKind.KEYS
        return MastermindKind.GUESS

    def _maker(self) -> int:
        match = self.game
        assert match is not None
        return match.maker if match.maker is not None else self._options.first

    def _palette(self) -> str:
        match = self.game
        blanks = match.header.blanks if match is not None else self._options.blanks
        return palette(blanks)

    def _pegs(self) -> int:
        match = self.game
        return match.header.pegs if match is not None else 4

    def _entry_text(self) -> str:
        colours = self._palette()
        return "".join(colours[i] if i >= 0 else UNSET for i in self._entry)

    def _private_seat(self) -> int | None:
        if self._overlay is not None or self._kind() is not MastermindKind.CODE:
            return None
        maker = self._maker()
        held = {b.seat for b in self._held if b.seat is not None}
        return maker if held == {maker} else None

    def _rows(self) -> list[BoardRow]:
        match = self.game
        assert match is not None
        rows = []
        if match.code is not None:
            for row in match.rows:
                rows.append(BoardRow(row.guess, row.feedback.black, row.feedback.white))
        for guess, fb in self._device_rows:
            rows.append(BoardRow(guess, fb.black, fb.white))
        return rows

    def _device_pairs(self) -> list[tuple[str, Feedback]]:
        """The rows the device breaks with: the written ones, then the unwritten ones."""
        match = self.game
        assert match is not None
        pairs = [(r.guess, r.feedback) for r in match.rows] if match.code is not None else []
        return pairs + self._device_rows

    def _device_guess(self) -> str | None:
        if self._contradiction is not None:
            return None
        match = self.game
        assert match is not None
        if self._strategy is None:
            self._strategy = Strategy.load(match.header.pegs, match.header.blanks)
        return self._strategy.next_guess(self._device_pairs())

    def _hint(self) -> int | None:
        match = self.game
        if not self._options.hint or match is None:
            return None
        pairs = tuple((r.guess, r.claimed or r.feedback) for r in match.rows)
        if self._hint_cache is not None and self._hint_cache[0] == pairs:
            return self._hint_cache[1]
        count = len(consistent_codes(pairs, match.header.pegs, match.header.blanks))
        self._hint_cache = (pairs, count)
        return count

    def _screen(self) -> MastermindScreen:
        match = self.game
        assert match is not None
        kind = self._kind()
        names = match.players
        maker = self._maker()
        breaker = 1 - maker
        board = self._rows()
        keys = (board[-1].black, board[-1].white) if board else None
        common: dict[str, Any] = dict(
            names=names, maker=maker, breaker=breaker, device_seat=self._options.device_seat,
            game_number=match.game_number, games=match.header.games,
            rows_total=match.header.rows, pegs=match.header.pegs, palette=self._palette(),
            totals=match.totals, results=self._game_lines(), audit=self._options.mode == "audit",
        )
        if kind is MastermindKind.GAME_END:
            return self._game_end_screen(common)
        if kind is MastermindKind.CODE:
            chosen = self._hole if self._code_started else 0  # pegs confirmed with OK
            who = names[maker]
            prompt = (_("{name}: hold your seat button to set the code; the others look away")
                      if not self._code_started
                      else _("{name}: hold your button, PREV/NEXT colour, OK sets each peg")
                      ).format(name=who)
            return MastermindScreen(step=MastermindStep.SET_CODE, board=tuple(board),
                                    prompt=prompt, pegs_set=chosen, **common)
        if kind is MastermindKind.GUESS:
            entry = self._entry_text()
            prompt = (_("{name}: peg {number}: PREV/NEXT colour, OK sets it")
                      if board or self._hole else
                      _("{name}: place your first row; PREV/NEXT colour, OK per peg")
                      ).format(name=names[breaker], number=self._hole + 1)
            return MastermindScreen(step=MastermindStep.GUESS, board=tuple(board),
                                    prompt=prompt, entry=entry, hole=self._hole, keys=keys,
                                    hint=self._hint(), **common)
        if kind is MastermindKind.KEYS:
            assert self._pending_guess is not None
            prompt = (_("{name}: how many black key pegs did you place? OK")
                      if self._key_field == 0
                      else _("{name}: how many white key pegs did you place? OK")
                      ).format(name=names[maker])
            return MastermindScreen(step=MastermindStep.KEYS, board=tuple(board), prompt=prompt,
                                    entry=self._pending_guess, keys=keys,
                                    key_entry=(self._keys[0], self._keys[1]),
                                    key_field=self._key_field, **common)
        if kind is MastermindKind.CONTRADICTION:
            assert self._contradiction is not None
            return MastermindScreen(
                step=MastermindStep.CONTRADICTION, board=tuple(board),
                prompt=_("OK takes back the last answer; BACK for the menu"),
                keys=keys, message=_capital(spoken(self._contradiction.message)), **common)
        # The device breaks: its guess to place, then the maker's key pegs.
        guess = self._device_guess()
        prompt = (_("{name}: place this row, then how many black key pegs? OK")
                  if self._key_field == 0
                  else _("{name}: place this row, then how many white key pegs? OK")
                  ).format(name=names[maker])
        return MastermindScreen(step=MastermindStep.KEYS, board=tuple(board), prompt=prompt,
                                entry=guess, device_guess=guess, keys=keys,
                                key_entry=(self._keys[0], self._keys[1]),
                                key_field=self._key_field, **common)

    def _game_end_screen(self, common: dict[str, Any]) -> MastermindScreen:
        match = self.game
        assert match is not None
        result = match.results[self._seen_results]
        names = match.players
        # The code of the game that ended is in the record: the last "code" event before it.
        code = None
        for event in reversed(self._journal.events if self._journal else []):
            if event.get("event") == "code":
                code = event.get("code")
                break
        board = _board_of(match, self._journal, result)
        maker, breaker = result.maker, result.breaker
        if result.void:
            last = board[-1] if board else None
            truth = _key_words(last.black, last.white) if last else ""
            message = _("Wrong key pegs on row {row}: the truth was {truth}. Game void: 3 "
                        "points to {breaker}; {maker} sets a new code").format(
                row=result.rows, truth=truth, breaker=names[breaker], maker=names[maker])
        elif result.broken:
            message = ngettext("{breaker} broke the code in {count} row: {points} to {maker}",
                               "{breaker} broke the code in {count} rows: {points} to {maker}",
                               result.rows).format(breaker=names[breaker], count=result.rows,
                                                   points=result.points[maker],
                                                   maker=names[maker])
        else:
            message = _("The code survived all {count} rows: {points} points to {maker}").format(
                count=result.rows, points=result.points[maker], maker=names[maker])
        if match.finished:
            prompt = _("OK for the final standings")
        elif result.void:
            # The same game is played again, with a new code: not "the next game".
            prompt = _("OK: game {number} again, with a new code").format(
                number=match.game_number)
        else:
            prompt = _("OK for the next game")
        common = common | {"maker": maker, "breaker": breaker}
        return MastermindScreen(step=MastermindStep.GAME_END, board=tuple(board), prompt=prompt,
                                code=code, message=message,
                                keys=(board[-1].black, board[-1].white) if board else None,
                                **common)

    def _game_lines(self) -> tuple[GameLine, ...]:
        match = self.game
        assert match is not None
        lines = []
        number = 1
        for result in match.results:
            lines.append(GameLine(number, result.maker, result.rows, result.broken, result.void,
                                  result.points))
            if not result.void:
                number += 1
        return tuple(lines)

    def _title(self) -> str:
        match = self.game
        assert match is not None
        return _("Mastermind: game {number} of {games}").format(number=match.game_number,
                                                                games=match.header.games)

    def _winners(self) -> tuple[int, ...]:
        match = self.game
        if match is None:
            return ()
        totals = match.totals
        best = max(totals)
        return tuple(s for s, t in enumerate(totals) if t == best)

    def _standings(self) -> tuple[StandingView, ...]:
        match = self.game
        assert match is not None
        totals = match.totals
        per_game: list[list[int]] = [[], []]
        for result in match.results:
            for seat in (0, 1):
                per_game[seat].append(result.points[seat])
        order = sorted((0, 1), key=lambda s: -totals[s])
        out = []
        for seat in order:
            rank = 1 + sum(1 for t in totals if t > totals[seat])
            out.append(StandingView(rank, seat, match.players[seat], totals[seat],
                                    tuple(per_game[seat])))
        return tuple(out)

    # -- input ------------------------------------------------------------------------

    def _seat_pressed(self, seat: int) -> None:
        if self._overlay is not None or self.game is None:
            return
        kind = self._kind()
        if kind is MastermindKind.CODE and seat == self._maker() and not self._code_started:
            self._code_started = True
            self._entry = [0] + [-1] * (self._pegs() - 1)
            self._hole = 0

    def _nav(self, button: Button) -> None:
        """PREV, NEXT or OK: the menu or a question if one is up, else the screen's own
        handler (``_SCREEN_NAV``)."""
        if self._overlay_nav(button):
            return
        _SCREEN_NAV[self._kind()](self, button, -1 if button is Button.PREV else 1)

    def _setup_nav(self, button: Button, step: int) -> None:
        chosen = self._setup.nav(button)
        if chosen == "start":
            self._start()
        elif chosen == "coda" and self._on_switch is not None:
            self._on_switch()

    def _contradiction_nav(self, button: Button, step: int) -> None:
        if button is Button.OK:
            self._take_back_device_row()

    def _game_end_nav(self, button: Button, step: int) -> None:
        match = self.game
        assert match is not None
        if button is Button.OK:
            self._seen_results = len(match.results)
            self._enter_phase()
            if match.finished:
                self._final_shown = True

    def _final_nav(self, button: Button, step: int) -> None:
        if button is Button.OK and self._new_record is not None:
            self._new_match()

    def _code_nav(self, button: Button, step: int) -> None:
        match = self.game
        assert match is not None
        maker = self._maker()
        if self._private_seat() != maker:
            self._refuse(_("{name}: hold your seat button to set the code").format(
                name=match.players[maker]))
            return
        if not self._step_entry(button, step, carry=True):
            return
        code = self._entry_text()
        if self._commit({"event": "code", "maker": maker, "code": code}):
            self._cue(Cue.YOUR_TURN)
            self._banner = Banner(_("{maker}'s code is set: {breaker} guesses").format(
                                      maker=match.players[maker],
                                      breaker=match.players[1 - maker]), BannerKind.INFO)

    def _step_entry(self, button: Button, step: int, *, carry: bool = False) -> bool:
        """PREV/NEXT change the peg under the cursor, OK moves to the next hole (``carry``:
        an unset hole starts at the colour before it). True on OK at the last hole."""
        if button in (Button.PREV, Button.NEXT):
            self._entry[self._hole] = (self._entry[self._hole] + step) % len(self._palette())
            return False
        if button is not Button.OK:
            return False
        if self._hole + 1 < len(self._entry):
            self._hole += 1
            if carry and self._entry[self._hole] < 0:
                self._entry[self._hole] = self._entry[self._hole - 1]
            return False
        return True

    def _guess_nav(self, button: Button, step: int) -> None:
        if not self._step_entry(button, step):
            return
        guess = self._entry_text()
        if self._options.mode == "audit":
            self._pending_guess = guess
            self._keys = [0, 0]
            self._key_field = 0
            self._cue(Cue.YOUR_TURN)
            return
        self._play_row({"event": "guess", "code": guess})

    def _keys_nav(self, button: Button, step: int) -> None:
        pegs = self._pegs()
        if button in (Button.PREV, Button.NEXT):
            limit = pegs if self._key_field == 0 else pegs - self._keys[0]
            self._keys[self._key_field] = (self._keys[self._key_field] + step) % (limit + 1)
            return
        if button is not Button.OK:
            return
        if self._key_field == 0 and self._keys[0] < pegs:
            self._key_field = 1
            self._keys[1] = min(self._keys[1], pegs - self._keys[0])
            return
        keys = {"black": self._keys[0], "white": 0 if self._keys[0] == pegs else self._keys[1]}
        if self._kind() is MastermindKind.DEVICE_BREAKS:
            self._answer_device(keys)
            return
        guess = self._pending_guess
        assert guess is not None
        self._play_row({"event": "guess", "code": guess, "keys": keys})

    def _play_row(self, event: dict[str, Any]) -> None:
        """A human breaker's row: written, then its key pegs (or the void) announced."""
        match = self.game
        assert match is not None
        games_before = len(match.results)
        if not self._commit(event):
            return
        self._announce_row(games_before)

    def _announce_row(self, games_before: int) -> None:
        match = self.game
        assert match is not None
        if len(match.results) > games_before:
            result = match.results[-1]
            if result.void:
                self._cue(Cue.ERROR)
                self._banner = Banner(_("Wrong key pegs: the game is void"), BannerKind.BAD)
            else:
                if result.broken:
                    self._cue(Cue.CORRECT)
                self._cue(Cue.TOURNAMENT_WON if match.finished else Cue.ROUND_WON)
            return
        last = match.rows[-1]
        self._cue(Cue.WRONG)
        self._banner = Banner(_("Row {number}: place {keys}").format(
            number=len(match.rows), keys=_key_words(last.feedback.black, last.feedback.white)),
            BannerKind.INFO)

    def _answer_device(self, keys: dict[str, int]) -> None:
        match = self.game
        assert match is not None
        guess = self._device_guess()
        assert guess is not None
        fb = Feedback(keys["black"], keys["white"])
        maker = self._maker()
        self._reset_keys()
        if match.code is not None:
            # The record already holds the code (after an undo, or a resume): play it out
            # there, where the rules judge the answer.
            self._play_row({"event": "guess", "code": guess, "keys": keys})
            return
        rows = [*self._device_rows, (guess, fb)]
        if not self._keep_device_rows(rows):
            return  # not stored: the row is not taken, the screen says why
        self._device_rows = rows
        found = find_contradiction(rows, match.header.pegs, match.header.blanks)
        if found is not None:
            self._contradiction = found
            self._cue(Cue.ERROR)
            return
        if fb.black < match.header.pegs:
            if len(rows) >= match.header.rows:
                # The shipped strategy breaks any code well within ten rows, so this only
                # happens on a short board; the code is then the only one left.
                self._refuse(_("Out of rows: the device cannot write a game it has not ended"))
            self._cue(Cue.WRONG)
            self._banner = Banner(_("Row {number}: {keys}").format(number=len(rows),
                                                             keys=_key_words(fb.black, fb.white)),
                                  BannerKind.INFO)
            return
        # Broken: the row is the code. Write the game as the record knows it.
        games_before = len(match.results)
        unwritten, self._device_rows = rows, []
        if not self._commit({"event": "code", "maker": maker, "code": guess}):
            self._device_rows = rows[:-1]
            self._keep_device_rows(self._device_rows)
            return
        for g, f in unwritten:
            if not self._commit({"event": "guess", "code": g, "keys": f.to_dict()}):
                # The record holds the code now: the rest is answered again row by row.
                return
        # The record holds every row now; a copy left behind (a failure here) is stale by
        # its event count and never read back.
        self._keep_device_rows([])
        self._announce_row(games_before)

    # The device breaking a human's code cannot write its rows before the code (the record
    # needs the code first), yet a row must be stored before it is shown: the rows wait
    # beside the record (the sink's keep_aside, NAME.pending), written and fsynced.

    def _keep_device_rows(self, rows: list[tuple[str, Feedback]]) -> bool:
        """Stores ``rows`` beside the record; False (the screen says why) when it failed."""
        keep = getattr(self._record, "keep_aside", None)
        journal = self._journal
        if keep is None or journal is None:
            return True  # a sink without a side (a test's memory): the rows stay in memory
        try:
            keep({"device_rows": [{"code": g, "keys": f.to_dict()} for g, f in rows],
                  "after": len(journal.events)} if rows else None)
        except Exception as err:  # noqa: BLE001 - any failure to store means "not done"
            self._storage_failed(err)
            return False
        return True

    def _kept_device_rows(self, journal: Journal[MastermindMatch]) -> list[tuple[str, Feedback]]:
        """The device's rows kept beside a resumed record, when they belong to it: written
        after its last event, for a code not in it, each the guess the device would make."""
        aside = getattr(self._record, "aside", None)
        kept = aside() if aside is not None else None
        match = journal.game
        if (not isinstance(kept, dict) or kept.get("after") != len(journal.events)
                or match.code is not None or match.finished):
            return []
        rows: list[tuple[str, Feedback]] = []
        for row in kept.get("device_rows") or []:
            try:
                keys = row["keys"]
                fb = Feedback(int(keys["black"]), int(keys["white"]))
                expected = self._strategy_guess(rows)
            except (KeyError, TypeError, ValueError):
                break
            if row.get("code") != expected or find_contradiction(
                    [*rows, (expected, fb)], match.header.pegs, match.header.blanks):
                break
            rows.append((expected, fb))
        return rows

    def _finish_broken_code(self, journal: Journal[MastermindMatch]) -> None:
        """A power cut while a broken code's rows were written (the code first, then a line
        per row) leaves some in the record and all of them beside it: the rest are written
        now, so no row the table was shown goes missing."""
        aside = getattr(self._record, "aside", None)
        kept = aside() if aside is not None else None
        if not isinstance(kept, dict) or not isinstance(kept.get("after"), int):
            return
        after, rows, events = kept["after"], kept.get("device_rows"), journal.events
        if (journal.game.code is None or not isinstance(rows, list)
                or not 0 <= after < len(events) or events[after].get("event") != "code"):
            return
        code = events[after].get("code")
        lines = [{"event": "guess", "code": row.get("code"), "keys": row.get("keys")}
                 for row in rows if isinstance(row, dict)]
        if not lines or lines[-1]["code"] != code:  # the breaking row: the code, all black
            lines.append({"event": "guess", "code": code,
                          "keys": {"black": journal.game.header.pegs, "white": 0}})
        written = list(events[after + 1:])
        if len(written) >= len(lines) or written != lines[: len(written)]:
            return
        for line in lines[len(written):]:
            if not self._commit(line):
                return
        self._keep_device_rows([])

    def _strategy_guess(self, rows: list[tuple[str, Feedback]]) -> str | None:
        match = self.game
        assert match is not None
        if self._strategy is None:
            self._strategy = Strategy.load(match.header.pegs, match.header.blanks)
        return self._strategy.next_guess(rows)

    def _take_back_device_row(self) -> None:
        if self._device_rows:
            if not self._keep_device_rows(self._device_rows[:-1]):
                return
            guess, fb = self._device_rows.pop()
            self._banner = Banner(_("Took back the answer to {guess} ({keys})").format(
                guess=guess, keys=_key_words(fb.black, fb.white)), BannerKind.INFO)
        self._contradiction = None
        self._reset_keys()

    def _reset_keys(self) -> None:
        self._keys = [0, 0]
        self._key_field = 0

    def _back(self) -> None:
        if self._overlay is not None:
            self._overlay = None
            return
        if self.game is None:
            self._setup.back()
            return
        kind = self._kind()
        if kind in (MastermindKind.GUESS, MastermindKind.CODE) and self._hole > 0:
            self._hole -= 1
            return
        if kind in (MastermindKind.KEYS, MastermindKind.DEVICE_BREAKS) and self._key_field == 1:
            self._key_field = 0
            return
        if kind is MastermindKind.KEYS:
            # Back to the row: the breaker may still change the last peg.
            self._pending_guess = None
            return
        self._open_menu()

    def _open_menu(self) -> None:
        items: list[MenuItem] = ["resume", "undo"]
        if self._kind() is not MastermindKind.FINAL:
            items.append("end")
        items.append("quit")
        self._overlay = Menu(tuple(items))

    def _end_early(self) -> None:
        self._ended_early = True
        self._banner = Banner(_("The match was ended"), BannerKind.INFO)

    # -- setup, events, undo ---------------------------------------------------------------

    def _start(self) -> None:
        options = replace(self._setup.choices, seed=new_seed(self._rng))
        header = MastermindHeader(players=options.players, blanks=options.blanks,
                                  games=options.games)
        try:
            self._write(header.to_dict() | options.header_extras())
        except Exception as err:  # noqa: BLE001 - any failure to store means "not started"
            self._storage_failed(err)
            return
        self._options = options
        assert options.seed is not None
        self._shuffle = Shuffle(options.seed)
        if self._remember is not None:
            self._remember(options)
        self._journal = journal_of(MastermindMatch(header))
        self._seen_results = 0
        self._banner = None
        self._enter_phase()

    def _new_match(self) -> None:
        assert self._new_record is not None
        try:
            record = self._new_record()
            self._write = writer(record)
        except Exception as err:  # noqa: BLE001
            self._storage_failed(err)
            return
        self._record = record
        self._journal = None
        self._final_shown = False
        self._ended_early = False
        self._device_rows = []
        self._contradiction = None
        self._pending_guess = None
        self._banner = None
        self._setup.move_to_start()  # same again: one press

    def _commit(self, event: dict[str, Any]) -> bool:
        """Check, write, apply: True when the event is now part of the match."""
        return self._commit_line(event)

    def _undo_count(self) -> int:
        journal = self._journal
        return (len(journal.events) if journal else 0) + len(self._device_rows)

    def _ask_undo(self) -> None:
        journal = self._journal
        if journal is None:
            return
        names = journal.game.players
        if self._device_rows:
            guess, fb = self._device_rows[-1]
            text = _("the answer to {guess} ({keys})").format(guess=guess,
                                                             keys=_key_words(fb.black, fb.white))
        elif journal.can_undo:
            text = describe(journal.events[-1], names)
        else:
            self._overlay = None
            self._refuse(_("There is nothing to undo"))
            return
        self._overlay = Confirm("undo", _("Take back {what}?").format(what=text),
                                self._undo_count())

    def _undo(self) -> None:
        journal = self._journal
        assert journal is not None
        if self._device_rows:
            self._take_back_device_row()
            return
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
        self._seen_results = min(self._seen_results, len(journal.game.results))
        self._final_shown = False
        self._ended_early = False
        self._enter_phase()
        self._banner = Banner(_("Took back {what}").format(
            what=describe(last, journal.game.players)),
                              BannerKind.INFO)

    def _enter_phase(self) -> None:
        """Sets the cursors for what the match waits for now; the device's own moves."""
        match = self.game
        assert match is not None
        self._pending_guess = None
        self._contradiction = None
        self._reset_keys()
        pegs = match.header.pegs
        kind = self._kind()
        if kind is MastermindKind.CODE:
            maker = self._maker()
            if maker == self._options.device_seat:
                colours = self._palette()
                code = self._shuffle.code(match.game_number, colours, pegs)
                if self._commit({"event": "code", "maker": maker, "code": code}):
                    self._cue(Cue.YOUR_TURN)
                    self._banner = Banner(_("The device has set its code: break it"),
                                          BannerKind.INFO)
                return
            self._code_started = False
            self._entry = [-1] * pegs
            self._hole = 0
        elif kind is MastermindKind.GUESS:
            # Each peg starts at the colour of the row before: placing a similar row is quick.
            last = match.rows[-1].guess if match.rows else None
            colours = self._palette()
            self._entry = [colours.index(c) for c in last] if last else [0] * pegs
            self._hole = 0



_SCREEN_NAV: dict[MastermindKind, Callable[[MastermindReferee, Button, int], None]] = {
    MastermindKind.SETUP: MastermindReferee._setup_nav,
    MastermindKind.CODE: MastermindReferee._code_nav,
    MastermindKind.GUESS: MastermindReferee._guess_nav,
    MastermindKind.KEYS: MastermindReferee._keys_nav,
    MastermindKind.DEVICE_BREAKS: MastermindReferee._keys_nav,
    MastermindKind.CONTRADICTION: MastermindReferee._contradiction_nav,
    MastermindKind.GAME_END: MastermindReferee._game_end_nav,
    MastermindKind.FINAL: MastermindReferee._final_nav,
}
"""PREV, NEXT or OK on each screen of a match (``step``: -1 for PREV, else 1)."""


def _board_of(match: MastermindMatch, journal: Journal[MastermindMatch] | None,
              result: Any) -> list[BoardRow]:
    """The rows of the game that just ended, from the record's events (the match keeps
    only the running game's rows)."""
    if journal is None:
        return []
    rows: list[BoardRow] = []
    code: str | None = None
    for event in journal.events:
        if event.get("event") == "code":
            code = event.get("code")
            rows = []
        elif event.get("event") == "guess" and code is not None:
            guess = event.get("code", "")
            truth = feedback(code, guess)
            keys = event.get("keys")
            placed = (keys.get("black", 0), keys.get("white", 0)) if isinstance(keys, Mapping) \
                else None
            wrong = placed is not None and placed != (truth.black, truth.white)
            rows.append(BoardRow(guess, truth.black, truth.white, wrong,
                                 placed if wrong else None))
    return rows[: result.rows]


def colour_name(letter: str) -> str:
    return COLOUR_NAMES.get(letter, letter)


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]

"""What a turn writes and announces (``CodaScreen.TURN``): a guess judged, a drawn panel
claimed, the event that ends a turn, the time running out, and a round's end. Mixed into
the Coda ``Referee`` beside ``turn`` (the turn's buttons)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coda_pi.i18n import _, ngettext
from coda_pi.referee.coda.parts import CodaParts
from coda_pi.referee.shared.labels import order_detail, tile_label, value_label
from coda_pi.referee.shared.public import TurnCursor
from coda_pi.referee.shared.signals import Cue
from coda_pi.referee.shared.views import Banner, BannerKind, GuessView, TurnStep
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import Phase
from coda_pi.rules.coda_events import Guess, Place, Reveal, Stop, Timeout
from coda_pi.rules.tiles import legal_slots
from coda_pi.rules.time_up import SHOW_THE_PLACE, time_up


class TurnVerdicts(CodaParts):
    """The turn's events and their announcements; the referee supplies the game and the
    commit path (declared here for the type checker only)."""

    if TYPE_CHECKING:
        def _winners(self) -> tuple[int, ...]: ...

    def _guess(self, value: str, correct: bool | None = None) -> None:
        """``correct``: the target's answer, in table-pool play (the device cannot see)."""
        game = self.game
        cur = self._cursor
        assert game is not None and cur is not None and game.turn is not None
        assert cur.target is not None and cur.slot is not None
        seat, target, slot = game.turn, cur.target, cur.slot
        labels = self._options.labels
        if not self._commit(Guess(seat, target, slot, value, correct)):
            return
        game = self.game
        assert game is not None
        right = game.rows[target][slot].revealed
        label = value_label(value, labels)
        guess = GuessView(seat, target, slot, label, right)
        who = game.name(target)
        if right:
            self._cue(Cue.CORRECT)
            say = nouns(labels)
            # Whether the target is now out, its seat on the table says.
            text = say(_("Right! {name}'s {panel} {number} is {label}: knock it down"),
                       name=who, number=slot + 1, label=label)
            self._banner = Banner(text, BannerKind.GOOD)
        else:
            self._cue(Cue.WRONG)
            self._banner = Banner(nouns(labels)(
                _("Wrong: {name}'s {panel} {number} is not {label}"), name=who,
                number=slot + 1, label=label), BannerKind.BAD)
        if self._cursor is not None:
            self._cursor.last_guess = guess
            if right and self._cursor.step is TurnStep.CONTINUE:
                self._cursor.knock_down = target
        self._announce_round_end()

    def _claim(self, cur: TurnCursor) -> None:
        game = self.game
        assert game is not None and game.turn is not None and game.drawn is not None
        seat = game.turn
        row = [s.tile for s in game.rows[seat]]
        slot = cur.claim_slot
        if slot not in legal_slots(row, game.drawn):
            # Private to the player: whether a place fits depends on the hidden panels (with
            # dashes a refusal alone says the drawn panel is no dash), so no sound, no
            # banner, nothing on the public screen; the player's own screen says why.
            inserted = [*row[:slot], game.drawn, *row[slot:]]
            self._refusal = order_detail(inserted, self._options.labels)
            self._version += 1
            return
        face_up = cur.step is TurnStep.CLAIM_FACE_UP
        self._end_turn(Place(seat, slot) if face_up else Stop(seat, slot))

    def _end_turn(self, event: Stop | Place | Reveal) -> None:
        if not self._commit(event):
            return
        game = self.game
        assert game is not None
        if isinstance(event, Reveal):
            label = tile_label(game.rows[event.seat][event.slot].tile, self._options.labels)
            self._banner = Banner(
                _("{name} knocked down their {label}").format(name=game.name(event.seat),
                                                             label=label),
                BannerKind.INFO,
            )
        if self._announce_round_end():
            return
        if game.turn is not None:
            self._cue(Cue.YOUR_TURN)
            text = _("{name}'s turn").format(name=game.name(game.turn))
            if isinstance(event, Reveal) and self._banner is not None:
                text = f"{self._banner.text}. {text}"
            self._banner = Banner(text, BannerKind.INFO)

    def _time_up(self) -> None:
        """The timer ran out. Before the turn's first guess that is the penalty (the spec's
        ``timeout``); after a right guess the rules ask for no more guesses, so the player
        stops with no penalty and shows where the drawn panel stands, as after any stop
        (rules/time_up.py)."""
        game = self.game
        self._timer = None
        if game is None or game.turn is None:
            return
        seat = game.turn
        meaning = time_up(game)
        if meaning == SHOW_THE_PLACE:
            self._cue(Cue.TIME_UP)
            cur = self._cursor
            assert cur is not None
            cur.step = TurnStep.CLAIM_HIDDEN
            cur.knock_down = None
            cur.claim_slot = 0
            cur.timed_out = True
            self._banner = Banner(
                f"Time is up: {game.name(seat)} stops. Stand your drawn panel hidden and show "
                "its place", BannerKind.INFO)
            return
        if isinstance(meaning, Stop):
            written = self._commit(meaning)
            self._cue(Cue.TIME_UP)
            if written and not self._announce_round_end():
                game = self.game
                assert game is not None and game.turn is not None
                self._banner = Banner(f"Time is up: {game.name(seat)} stops. "
                                      f"{game.name(game.turn)}'s turn", BannerKind.INFO)
            return
        written = self._commit(Timeout(seat))
        self._cue(Cue.TIME_UP)  # the clock's verdict stands even if the record failed
        if not written:
            return
        game = self.game
        assert game is not None
        say = nouns(self._options.labels)
        if game.drawn is not None:
            text = say(_("Time is up! {name} stands the drawn {panel} face up"),
                       name=game.name(seat))
        else:
            text = say(_("Time is up! {name} knocks down one of their {panels}"),
                       name=game.name(seat))
        self._banner = Banner(text, BannerKind.BAD)

    def _announce_round_end(self) -> bool:
        game = self.game
        assert game is not None
        if game.phase not in (Phase.ROUND, Phase.FINISHED):
            return False
        winner = game.results[-1].winner
        if game.phase is Phase.FINISHED:
            self._cue(Cue.TOURNAMENT_WON)
            winners = self._winners()
            names = _(" and ").join(game.name(s) for s in winners)
            if game.settings.rounds == 1:
                text = ngettext("{name} wins the round; {names} wins the game!",
                                "{name} wins the round; {names} win the game!", len(winners))
            else:
                text = ngettext("{name} wins the round; {names} wins the tournament!",
                                "{name} wins the round; {names} win the tournament!",
                                len(winners))
            text = text.format(name=game.name(winner), names=names)
            self._banner = Banner(text, BannerKind.GOOD)
        else:
            self._cue(Cue.ROUND_WON)
            self._banner = Banner(
                _("{name} wins round {number}!").format(name=game.name(winner),
                                                       number=game.round_number),
                BannerKind.GOOD,
            )
        return True

"""Table-pool play: the referee when the players draw the real panels by hand.

The device never sees a standing panel, so the table enters what falls: the colours of each
starting row, the colour drawn, the target's answer to each guess (the target alone knows),
and the number of every panel knocked down, placed face up, or shown for the bonus.

After every entry the deduction engine is asked whether any deal of the unseen panels still
fits everything entered. When none does, the device stops on a screen naming the reason (a
row out of order, a "wrong" answer that cannot be true) and offers to take back the last
entry; it stays stopped, one undo at a time, until the record makes sense again.

``TablePool`` is the referee's pool mode "table" (``pools/mode.py``): the referee asks it at each
input and for each screen, and it leaves to the referee what plays as in device-pool play
(choosing a target, slot and number, the timer, stopping, the menu, undo). It acts through
the ``PoolHost`` interface only.

Buttons in table-pool play:

- dealing: PREV/NEXT choose the colour of the next panel, OK enters it, BACK takes the last
  one back; OK after the last panel writes the row.
- drawing: PREV/NEXT choose the colour drawn, OK.
- the answer to a guess: the target's seat button means RIGHT, OK means WRONG, BACK goes
  back to the choice of the number (the guess is not written until answered).
- a panel falling face up, and the bonus: PREV/NEXT choose its number, OK, BACK.
- the final standings: as in device-pool play (the referee's review, ``review.py``).

Training hints (a setup option): while the current player holds their seat button, the
private screen shows the attacked (or next) opponent's row with each standing panel's most
likely number and the three likeliest numbers of the panel under the cursor. The device
knows no private panel, so these are the public odds; with training off no probability is
shown anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from coda_pi.i18n import N_, _
from coda_pi.record import Journal
from coda_pi.referee.pools.mode import PoolHost, PoolMode
from coda_pi.referee.pools.table.game import WitnessedGame, table_journal
from coda_pi.referee.pools.table.hints import training_view
from coda_pi.referee.pools.table.show import (
    colour_row_view,
    halt_view,
    judge_view,
    number_entry_view,
)
from coda_pi.referee.pools.table.views import (
    ColourRowView,
    ContradictionView,
    JudgeView,
    NumberEntryView,
)
from coda_pi.referee.shared.describe import table_pool_hint
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.labels import guess_values
from coda_pi.referee.shared.public import PublicTable
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import (
    Banner,
    BannerKind,
    LedState,
    PrivateView,
    Screen,
    TurnStep,
    TurnView,
)
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame, CodaSettings, Phase
from coda_pi.rules.coda_events import Bonus, Deal, Draw, Place, Reveal
from coda_pi.rules.deduction import Analysis
from coda_pi.rules.tiles import Color, Tile


@dataclass
class _Judging:
    """A guess spoken aloud, waiting for the target's answer."""

    target: int
    slot: int
    value: str


@dataclass
class _Entry:
    """Numbers being entered for panels that fall face up: one, or the winner's for the
    bonus. ``event`` builds the event from the tiles once every number is in."""

    seat: int
    colours: tuple[Color, ...]
    whats: tuple[str, ...]
    kind: str  # "place", "reveal" or "bonus"
    slot: int = 0
    values: list[str] | None = None
    index: int = 0  # the value under the cursor, in guess_values

    def __post_init__(self) -> None:
        if self.values is None:
            self.values = []


class TablePool(PoolMode):
    """Table-pool play (see the module docstring): the referee's pool mode "table"."""

    name = "table"
    setup_label = N_("table")  # pool_names.POOL_WORDS: one name everywhere
    secret_rows = False  # the device knows only what the table saw: nothing to keep back
    panels_seen = False  # deals and draws by colour only
    owns_private_view = True  # the device knows no seat's panels: hints, or nothing
    setup_lines = frozenset({"training"})

    def __init__(self, host: PoolHost, *, training: bool = False) -> None:
        super().__init__(host, training=training)
        self._colours: list[bool] = []  # the starting row being entered (dark?)
        self._dark = True
        self._judging: _Judging | None = None
        self._entry: _Entry | None = None
        self._checked: tuple[CodaGame, int, Analysis] | None = None

    # -- the journal ----------------------------------------------------------------------

    @classmethod
    def header(cls, options: SetupDefaults) -> dict[str, Any]:
        """The device's keys the record's header gets beside the spec's."""
        return {"pool": "table", "training": options.training}

    @classmethod
    def journal(cls, settings: CodaSettings, events: Iterable[Any] = ()) -> Journal[Any]:
        return table_journal(settings, events)

    def resume(self, journal: Journal[Any]) -> Journal[Any]:
        """The resumed game again, as a ``WitnessedGame`` (the "wrong" answers it heard)."""
        return table_journal(journal.game.settings, journal.events)

    def analysis(self) -> Analysis:
        """The public analysis of the game as it stands now (computed once per state)."""
        journal = self.host.journal
        assert journal is not None
        game = journal.game
        key = len(journal.events)
        if self._checked is not None and self._checked[0] is game and self._checked[1] == key:
            return self._checked[2]
        assert isinstance(game, WitnessedGame)
        result = game.public_analysis()
        was_fine = self._checked is None or self._checked[2].consistent
        self._checked = (game, key, result)  # holding the game keeps its id from reuse
        if was_fine and not result.consistent:
            self.host.cue(Cue.ERROR)
        return result

    def halted(self) -> str | None:
        """Why the game cannot go on as entered, or None."""
        if self.host.game is None or self.host.ended_early:
            return None
        return self.analysis().contradiction

    def holds_timer(self) -> bool:
        """The guess timer waits while the target answers and while the device is stopped."""
        return self._judging is not None or self.halted() is not None

    def entered(self) -> None:
        """The game moved (an event, an undo): what the table was entering no longer
        applies, and the new position is checked at once (so the alarm sounds now)."""
        self._judging = None
        self._entry = None
        self._colours = []
        self.halted()

    # -- screens -------------------------------------------------------------------------

    def screen(self, table: PublicTable, default: Screen, kind: CodaScreen) -> Screen:
        """The screen for now: ``default`` (the device-pool screen) or one of this mode."""
        game = self._game
        if kind is CodaScreen.FINAL:
            return default
        why = self.halted()
        if why is not None:
            return self._halt_view(why)
        if kind is CodaScreen.DEAL:
            return self._deal_view(table)
        if kind is CodaScreen.BONUS:
            return self._entry_view(self._bonus_entry())
        if kind is not CodaScreen.TURN or game.turn is None:
            return default
        if self._judging is not None:
            return self._judge_view(table)
        if self._entry is not None:
            return self._entry_view(self._entry)
        if isinstance(default, TurnView) and default.step is TurnStep.CHOOSE_COLOR:
            # The pool lies face down on the table: no box to count the panels "in".
            return replace(default, pool_on_table=True, prompt=nouns(self._labels)(
                _("{name}: take a {panel} from the table, then PREV/NEXT its colour and OK"),
                name=default.name))
        return default

    def _halt_view(self, why: str) -> ContradictionView:
        journal = self.host.journal
        assert journal is not None
        return halt_view(why, journal.events, self._game.settings.players, self._labels)

    def _deal_view(self, table: PublicTable) -> ColourRowView:
        seat = self.host.deal_seat()
        assert seat is not None
        return colour_row_view(table, seat, self._colours, self._dark, self._labels)

    def _judge_view(self, table: PublicTable) -> JudgeView:
        judging = self._judging
        assert judging is not None
        return judge_view(table, judging.target, judging.slot, judging.value, self._labels)

    def _entry_view(self, entry: _Entry) -> NumberEntryView:
        assert entry.values is not None
        return number_entry_view(self._game, entry.seat, entry.kind, entry.colours,
                                 entry.whats, entry.values, entry.index, self._labels)

    def put_back_hint(self, obj: dict[str, Any]) -> str | None:
        """What the table does with the real panels after an undo, where it differs from
        device-pool play (no box to put panels back in: the pool lies on the table)."""
        return table_pool_hint(obj)

    def leds(self, states: list[LedState], kind: CodaScreen) -> None:
        """The seat asked to act blinks: the target answering, the winner showing panels."""
        if kind is CodaScreen.TURN and self._judging is not None:
            states[self._judging.target] = LedState.BLINK
        elif kind is CodaScreen.BONUS and self._game.round_winner is not None:
            states[self._game.round_winner] = LedState.BLINK

    # -- private views (training hints only) ---------------------------------------------

    def private_view(self, seat: int | None) -> PrivateView | None:
        """The device knows no seat's panels: a held seat sees hints in training, else
        nothing."""
        game = self.host.game
        if not self.training or seat is None or game is None or game.turn != seat:
            return None
        cur = self.host.cursor
        if cur is None or self.halted() is not None:
            return None
        return training_view(game, seat, cur, self.analysis(), self._labels)

    # -- input ---------------------------------------------------------------------------

    def nav(self, button: Button, kind: CodaScreen) -> bool:
        """PREV, NEXT or OK. True when this mode handled it."""
        if kind is CodaScreen.FINAL:
            return False
        if self.halted() is not None:
            if button is Button.OK:
                self.host.undo()
            return True
        if kind is CodaScreen.ROUND_END and button is Button.OK and self._game.finished:
            # The final standings come next: their prompt (NEXT, the review) must show,
            # not the round's banner.
            self.host.say(None)
            return False
        if kind is CodaScreen.DEAL:
            self._deal_nav(button)
            return True
        if kind is CodaScreen.BONUS:
            self._entry_nav(self._bonus_entry(), button)
            return True
        if kind is not CodaScreen.TURN:
            return False
        if self._judging is not None:
            if button is Button.OK:
                self._answer(right=False)
            return True
        if self._entry is not None:
            self._entry_nav(self._entry, button)
            return True
        return button is Button.OK and self._turn_ok()

    def _turn_ok(self) -> bool:
        """OK at a step of the turn where the table tells the device something: the colour
        drawn, a guess to be answered, the number of a panel falling. True when taken."""
        cur = self.host.cursor
        game = self._game
        if cur is None or game.turn is None:
            return False
        if cur.step is TurnStep.CHOOSE_COLOR:
            colour = Color.DARK if cur.color_dark else Color.LIGHT
            if self.host.commit(Draw(game.turn, Tile(colour))):
                say = nouns(self._labels)
                self.host.say(Banner(say(
                    _("{name} drew a dark {panel}") if colour is Color.DARK
                    else _("{name} drew a light {panel}"), name=game.name(game.turn)),
                    BannerKind.INFO))
            return True
        if cur.step is TurnStep.VALUE and cur.target is not None and cur.slot is not None:
            values = guess_values(dashes=game.settings.dashes)
            self._judging = _Judging(cur.target, cur.slot, values[cur.value_index])
            self.host.sync_timer()
            return True
        if cur.step is TurnStep.CLAIM_FACE_UP and game.drawn is not None:
            slot = cur.claim_slot
            what = nouns(self._labels)(_("{name}'s drawn {panel}, face up at place {number}"),
                                       name=game.name(game.turn), number=slot + 1)
            self._entry = _Entry(game.turn, (game.drawn.color,), (what,), "place", slot)
            return True
        if cur.step is TurnStep.REVEAL_OWN and cur.reveal_slot is not None:
            slot = cur.reveal_slot
            colour = game.rows[game.turn][slot].tile.color
            what = nouns(self._labels)(_("{name}'s {panel} {number}, knocked down"),
                                       name=game.name(game.turn), number=slot + 1)
            self._entry = _Entry(game.turn, (colour,), (what,), "reveal", slot)
            return True
        return False

    def back(self, kind: CodaScreen) -> bool:
        """BACK pressed briefly. True when this mode handled it (else: the referee's step
        back, or the menu)."""
        if kind is CodaScreen.FINAL:
            return False
        if self.halted() is not None:
            self.host.open_menu()  # not a step back: the way out is undo (or the end)
            return True
        if kind is CodaScreen.DEAL and self._colours:
            self._colours.pop()
            return True
        if kind is CodaScreen.BONUS:
            entry = self._bonus_entry()
            assert entry.values is not None
            if entry.values:
                entry.values.pop()
                return True
            return False
        if self._judging is not None:
            self._judging = None  # back to the choice of the number
            self.host.sync_timer()
            return True
        if self._entry is not None:
            assert self._entry.values is not None
            if self._entry.values:
                self._entry.values.pop()
            else:
                self._entry = None  # back to the choice of the place
            return True
        return False

    def seat_pressed(self, seat: int, kind: CodaScreen) -> bool:
        """A seat button. True when this mode handled it."""
        if kind is CodaScreen.FINAL:
            return False
        if self.halted() is not None or kind in (CodaScreen.DEAL, CodaScreen.BONUS):
            return True
        if self._judging is not None:
            if seat == self._judging.target:
                self._answer(right=True)
            else:
                name = self._game.name(self._judging.target)
                self.host.refuse(_("Only {name} knows: {name} answers").format(name=name))
            return True
        return self._entry is not None

    def _answer(self, *, right: bool) -> None:
        judging = self._judging
        assert judging is not None
        self._judging = None
        cur = self.host.cursor
        if cur is not None:
            cur.target, cur.slot = judging.target, judging.slot
        self.host.guess(judging.value, correct=right)
        game = self._game
        if game.phase is Phase.BONUS and game.round_winner is not None:
            winner = game.name(game.round_winner)
            self.host.cue(Cue.ROUND_WON)
            self.host.say(Banner(nouns(self._labels)(
                _("{name} wins the round! {name}: show your standing {panels} for the bonus"),
                name=winner), BannerKind.GOOD))
        self.host.sync_timer()

    def _deal_nav(self, button: Button) -> None:
        seat = self.host.deal_seat()
        game = self._game
        assert seat is not None
        if button in (Button.PREV, Button.NEXT):
            self._dark = not self._dark
            return
        if button is not Button.OK:
            return
        if len(self._colours) < game.settings.hand:
            self._colours.append(self._dark)
            return
        row = tuple(Tile(Color.DARK if d else Color.LIGHT) for d in self._colours)
        if self.host.commit(Deal(seat, row)):
            self._colours = []
            if game.phase is not Phase.DEAL and game.turn is not None:
                self.host.cue(Cue.YOUR_TURN)
                self.host.say(Banner(_("{name} starts").format(name=game.name(game.turn)),
                                     BannerKind.INFO))

    def _bonus_entry(self) -> _Entry:
        """The winner's unseen panels, left to right and the held drawn panel last."""
        game = self._game
        winner = game.round_winner
        assert winner is not None
        entry = self._entry
        if entry is not None and entry.kind == "bonus" and entry.seat == winner:
            return entry
        colours: list[Color] = []
        whats: list[str] = []
        name = game.name(winner)
        for i, slot in enumerate(game.rows[winner]):
            if not slot.tile.known:
                colours.append(slot.tile.color)
                whats.append(nouns(self._labels)(_("{name}'s {panel} {number}"), name=name,
                                                 number=i + 1))
        if game.drawn is not None and not game.drawn.known:
            colours.append(game.drawn.color)
            whats.append(nouns(self._labels)(_("{name}'s drawn {panel}"), name=name))
        self._entry = _Entry(winner, tuple(colours), tuple(whats), "bonus")
        return self._entry

    def _entry_nav(self, entry: _Entry, button: Button) -> None:
        values = guess_values(dashes=self._game.settings.dashes)
        assert entry.values is not None
        if button in (Button.PREV, Button.NEXT):
            step = -1 if button is Button.PREV else 1
            entry.index = (entry.index + step) % len(values)
            return
        if button is not Button.OK:
            return
        entry.values.append(values[entry.index])
        if len(entry.values) < len(entry.colours):
            entry.index = 0
            return
        tiles = tuple(Tile.parse(c.value + v) for c, v in zip(entry.colours, entry.values,
                                                              strict=True))
        game = self._game
        if entry.kind == "bonus":
            done = self.host.commit(Bonus(entry.seat, tiles))
            if done:
                self._entry = None
                self.host.announce_round_end()
        else:
            event = (Place(entry.seat, entry.slot, tiles[0]) if entry.kind == "place"
                     else Reveal(entry.seat, entry.slot, tiles[0]))
            before = len(self.host.journal.events) if self.host.journal else 0
            self._entry = None
            self.host.end_turn(event)
            journal = self.host.journal
            done = journal is not None and len(journal.events) > before
            if not done and game.phase is Phase.PENALTY:
                self._entry = entry  # refused: the number stays on screen to be changed
        if not done:
            entry.values.pop()

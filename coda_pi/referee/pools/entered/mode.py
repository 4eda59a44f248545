"""Entered-pool play: the panels lie face down on the table, and each player tells the device
privately which ones they drew.

The players mix and draw the real panels as the box says. A starting row, and each drawn
panel, is entered by its player while holding their seat button (the entry itself is
``coda_pi.rules.panel_entry``: colour, a number dial that starts at a random place, OK). The
device then knows every row, so the rest of a turn plays exactly as in device-dealt play: it
judges each guess, checks each claimed place privately, counts the bonus, and gives the
full review. Nobody looks through a box, so nobody learns what the pool holds.

``EnteredPool`` is this pool mode (``pools.PoolMode``): it answers the referee's hooks for
the deal and the draw, and leaves the rest of a turn to the referee, as device-pool play.

An entry is a claim (``claims.py``): it is checked, when it is made, only against what the
table has seen and the seat's own row, never against another seat's claims, so nothing a
seat sees depends on another seat's panels or entries (issue 31). What can go wrong, and
what the device does:

- A starting row out of order, or a drawn panel already in the seat's own row: refused
  privately, naming the seat's own panels.
- A panel the table has seen fall: refused privately ("it has fallen in Ben's row"):
  public.
- Two rows claiming one panel: nobody is told while both stand hidden. When one of them
  falls, the other seat's claim is contradicted by what the table saw: its private screen
  says so (``claims.contradicted``), a guess of that number at it is judged wrong
  (``claims.judge``), and the fallen panel shows the truth: the table compares it with the
  number the device announced, and "Fix a panel" corrects whichever entry was the slip.
- A contradicted claim whose panel is shown anyway: knocked down by its player after a
  miss with the table empty, a drawn panel stood face up after a miss, or the round's
  winner's (a drawn panel not placed included) at its end. The disagreement is taken up
  in public then: the device asks that player alone to look at the panel and enter its
  real number (privately, like any entry, checked against the player's own row and what
  fell; ``Look``), corrects the entry as "Fix a panel" does (``claims_fix``: taken back
  to the entry, written again with ``fix``, the later events judged anew, a guess that is
  right now turning the game back to it), and then the panel falls, or its place is
  asked again, or the round ends and scores on the real number
  (``claims.contested_at_round_end``). Nothing waits for ever: a look in a turn may be
  left with BACK, and a round's end shows the record's points (no bonus) meanwhile.
- A slip the table's sight pins down while its panel still stands: a guess judged wrong
  by the entry, and what fell since leaves that panel only the number guessed. No
  arrangement of the hidden panels fits the record then (replay refuses such a line
  unless an undo takes it back), so the device plays no further: the owner of the panel
  whose "wrong" answers break the fit looks at it at once (``looks.pinned_look``, found
  from what the table saw alone), and the correction's undo lines take the line back.
- A misfit no panel's "wrong" answers are to blame for: two hidden entries of one panel,
  each closed in by what its own seat's entry set down. The device plays no further and
  waits for an undo, as the table pool does (``looks.table_misfit`` says why not a look),
  on the table pool's stop screen: why, and OK to take the last line back.
- A slip found later: ``claims_fix`` (the menu's "Fix a panel"), checked against the
  owner's own row alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from coda_pi.i18n import N_, _
from coda_pi.record import Journal
from coda_pi.referee.pools.entered.claims import (
    ClaimsGame,
    as_claimed,
    bonus_left,
    claimed_event,
    contested_at_round_end,
    public_tiles,
    record_lines,
)
from coda_pi.referee.pools.entered.claims_fix import correct_claim, is_claims_record
from coda_pi.referee.pools.entered.fix_check import (
    cannot_fix,
    confirm_words,
    hold_to_confirm,
    owner_view,
    public_change,
)
from coda_pi.referee.pools.entered.looks import (
    Look,
    contest_note,
    look_colour,
    pinned_look,
    pinned_note,
    table_misfit,
    turn_look,
)
from coda_pi.referee.pools.entered.views import (
    CLASH_KEYS,
    EntryProgress,
    FixStep,
    FixView,
    contest_title,
    contest_wait_view,
    drawn_twice_message,
    entry_private_view,
    entry_progress,
    entry_wait_view,
    fix_view,
    fixed_banner,
    fixed_drawn_banner,
    order_message,
)
from coda_pi.referee.pools.mode import PoolHost, PoolMode
from coda_pi.referee.pools.table.show import halt_view
from coda_pi.referee.shared.describe import entered_pool_hint
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.labels import order_detail, tile_name, value_label
from coda_pi.referee.shared.ports import PadSource, system_pads
from coda_pi.referee.shared.private import own_panels, row_view
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
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import CodaEvent, Deal, Draw, Reveal, to_dict
from coda_pi.rules.correction import Correction, PanelFix, correct_panel
from coda_pi.rules.errors import RuleError
from coda_pi.rules.panel_entry import Key, Outcome, PanelEntry, Stage, dial_values, tile_of
from coda_pi.rules.tiles import Color, Tile

__all__ = ["EnteredPool", "PadSource", "system_pads"]

POOL_NAME = "entered"
KEYS = {Button.PREV: Key.PREV, Button.NEXT: Key.NEXT, Button.OK: Key.OK, Button.BACK: Key.BACK}


@dataclass
class _Fix:
    """The menu's "Fix a panel": which fallen panel, its real number, then yes or no."""

    panels: list[tuple[int, int]]  # (seat, slot) of every panel down in this round
    at: int = 0
    value: int = 0  # index in the dial's values
    step: str = "panel"  # "panel", "number", "confirm"
    plan: Correction | None = None
    problem: str | None = None  # why the last OK was refused: on the fix's own screen
    private_problem: str | None = None  # the owner's answer at the confirm step (fix_check)


class EnteredPool(PoolMode):
    """Entered-pool play (see the module docstring)."""

    name: ClassVar[str] = POOL_NAME
    setup_label: ClassVar[str] = N_("told")  # pool_names.POOL_WORDS: one name everywhere
    secret_rows: ClassVar[bool] = True  # the device knows every row
    game_class: ClassVar[type[CodaGame]] = ClaimsGame  # the claims beside the public game

    def __init__(self, host: PoolHost, *, training: bool = False) -> None:
        super().__init__(host, training=training)
        self.entry: PanelEntry | None = None
        self._entry_seat: int | None = None
        self._entry_moment: tuple[int, int, int] | None = None  # round, events, seat
        self._undone: dict[str, tuple[int, tuple[Tile, ...]]] = {}  # "deal"/"draw" taken back
        self._fix: _Fix | None = None
        self._clash = False  # the entry under way was refused for a clash: OK looks again
        self._look: Look | None = None  # a contested panel's real number, asked for
        # Pinned panels looked at and found as entered, since the game last moved.
        self._confirmed: set[tuple[int, int]] = set()
        # Why nothing fits what the table saw, when no look can settle it: play waits for
        # an undo (``looks.table_misfit``).
        self._misfit: str | None = None
        self._resumed = False  # set by ``resume`` until the first ``entered`` after it

    @property
    def entry_seat(self) -> int | None:
        """The seat whose entry is under way."""
        return self._entry_seat

    @classmethod
    def header(cls, options: SetupDefaults) -> dict[str, Any]:
        """The device's keys the record's header gets beside the spec's."""
        return {"pool": POOL_NAME}

    def resume(self, journal: Journal[Any]) -> Journal[Any]:
        """The resumed game again, as the claims game."""
        self._resumed = True  # the first ``entered`` finishes a round cut from its bonus
        return self.journal(journal.game.settings, journal.events)

    def lines(self, event: CodaEvent) -> list[dict[str, Any]]:
        """The record's lines for the event: the claims apart from what the table saw."""
        game = self.host.game
        if isinstance(game, ClaimsGame):
            return record_lines(game, event)
        return [to_dict(event)]

    def review_events(self, events: list[Any]) -> list[Any]:
        """The review reads each seat's own panels as it entered them (the record keeps
        them beside the colours), the answers then as the device judged them."""
        return as_claimed(self._game.settings, events)

    @property
    def _pads(self) -> PadSource:
        return self.host.pads

    # -- the entry under way ---------------------------------------------------------------

    def entered(self) -> None:
        """The game moved: a starting row to enter now opens its entry; anything else
        closes the one under way."""
        game = self._game
        resumed, self._resumed = self._resumed, False
        self.entry = None
        self._entry_seat = None
        self._clash = False
        self._look = None
        self._fix = None  # its panels were those of the game before (an undo under it)
        self._confirmed = set()
        was_fit, self._misfit = self._misfit is None, None
        contest = contested_at_round_end(game) if isinstance(game, ClaimsGame) else None
        misfit = table_misfit(game) if isinstance(game, ClaimsGame) and contest is None \
            else None
        look = misfit.look if misfit is not None else None
        if misfit is not None and look is None:
            # Nothing fits and no look can settle it: play waits for an undo (even between
            # two starting rows: the next row is entered once the record fits again).
            self._misfit = misfit.why
            if was_fit and not resumed:
                self.host.cue(Cue.ERROR)  # as the table pool's stop sounds
        elif game.phase is Phase.DEAL:
            seat = self.host.deal_seat()
            if seat is not None:
                self._open_row(seat)
        elif isinstance(game, ClaimsGame):
            if contest is not None:
                look = Look(*contest, at_round_end=True)
            if look is not None:
                self._open_look(look)
            elif resumed and (bonus := bonus_left(game)) is not None:
                # Only as the record is resumed: in play the bonus is the next line of the
                # event being written (``record_lines``), not one to write again here.
                self.host.commit(bonus)

    def _open_look(self, look: Look) -> None:
        """The game waits for ``look.seat``'s look at a contested panel: entered like a
        drawn panel of its colour."""
        dashes = self._game.settings.dashes
        self.entry = PanelEntry.drawn(look_colour(self._game, look), dashes=dashes,
                                      pad=self._pads(len(dial_values(dashes=dashes))))
        self._entry_seat = look.seat
        self._look = look

    def _turn_look(self, kind: CodaScreen) -> Look | None:
        """OK on a contested panel its player must show after a miss (``looks``)."""
        game = self._game
        cur = self.host.cursor
        if kind is not CodaScreen.TURN or cur is None or not isinstance(game, ClaimsGame):
            return None
        return turn_look(game, cur)

    def _open_row(self, seat: int) -> None:
        game = self._game
        dashes = game.settings.dashes
        size = len(dial_values(dashes=dashes))
        undone = self._undone.pop("deal", None)
        if undone is not None and undone[0] == seat:
            self.entry = PanelEntry.prefilled(undone[1], dashes=dashes)
        else:
            self.entry = PanelEntry.starting_row(
                game.settings.hand, dashes=dashes,
                pads=[self._pads(size) for _ in range(game.settings.hand)])
        self._entry_seat = seat

    def _open_draw(self, seat: int, colour: Color) -> None:
        dashes = self._game.settings.dashes
        undone = self._undone.pop("draw", None)
        values = dial_values(dashes=dashes)
        if undone is not None and undone[0] == seat and undone[1][0].color is colour:
            pad = values.index(undone[1][0].value)  # the number entered before, to adjust
        else:
            pad = self._pads(len(values))
        self.entry = PanelEntry.drawn(colour, dashes=dashes, pad=pad)
        self._entry_seat = seat

    # -- input -------------------------------------------------------------------------------

    def seat_pressed(self, seat: int, kind: CodaScreen) -> bool:
        """While an entry is under way a seat button only shows the private screen; while
        play waits for an undo it does nothing else either."""
        return self.entry is not None or self._fix is not None or self._halted()

    def _halted(self) -> bool:
        """Play waits for an undo: nothing fits what the table saw (``_misfit``)."""
        return self._misfit is not None and not self.host.ended_early

    # -- a slip found later: "Fix a panel" -----------------------------------------------

    def menu_items(self, kind: CodaScreen) -> tuple[str, ...]:
        game = self.host.game
        # Only while a round is played: an ended round is closed (closed_rounds.py).
        if game is None or kind is not CodaScreen.TURN or not self._fallen(game):
            return ()
        return ("fix",)

    def menu_chosen(self, item: str) -> bool:
        if item != "fix":
            return False
        game = self._game
        panels = self._fallen(game)
        seat, slot = panels[0]
        self._fix = _Fix(panels, value=self._dial_index(game.rows[seat][slot].tile))
        self.host.say(None)  # the last guess's news is not about the panel being fixed
        self.host.sync_timer()
        return True

    def holds_timer(self) -> bool:
        # A pinned panel's look stops play whoever's turn it is: no time runs out meanwhile.
        return self._fix is not None or (self._look is not None and self._look.pinned) \
            or self._halted()

    def results_wait(self) -> bool:
        """A round's end waiting for a look: its correction may change the points."""
        return self._look is not None and self._look.at_round_end

    @staticmethod
    def _fallen(game: CodaGame) -> list[tuple[int, int]]:
        return [(seat, slot) for seat, row in enumerate(game.rows)
                for slot, panel in enumerate(row) if panel.revealed]

    def _dial_index(self, tile: Tile) -> int:
        return dial_values(dashes=self._game.settings.dashes).index(tile.value)

    def _fix_nav(self, fix: _Fix, button: Button) -> None:
        game = self._game
        values = dial_values(dashes=game.settings.dashes)
        step = -1 if button is Button.PREV else 1
        seat, slot = fix.panels[fix.at]
        fix.problem = None
        if fix.step == "panel":
            if button is Button.OK:
                fix.step = "number"
            else:
                fix.at = (fix.at + step) % len(fix.panels)
                seat, slot = fix.panels[fix.at]
                fix.value = self._dial_index(game.rows[seat][slot].tile)
            return
        if fix.step == "number":
            if button is not Button.OK:
                fix.value = (fix.value + step) % len(values)
                return
            real = tile_of(game.rows[seat][slot].tile.color, values[fix.value])
            if real == game.rows[seat][slot].tile:
                self._fix_refused(fix, _("Turn to the real number first"))
                return
            # Nothing is checked in public: the owner checks it (fix_check.py, issue 20).
            fix.step = "confirm"
            fix.private_problem = None
            return
        if button is not Button.OK:
            return
        if self.host.private_seat() != seat:
            self.host.refuse(hold_to_confirm(seat))  # the same for every fix
            return
        journal = self.host.journal
        assert journal is not None
        real = tile_of(game.rows[seat][slot].tile.color, values[fix.value])
        events = list(journal.events)
        fixer = correct_claim if is_claims_record(events) else correct_panel
        try:
            plan = fixer(game.settings.to_dict(), events, PanelFix(seat, slot, real))
        except RuleError:
            # Only the owner is told, no sound: the others see an OK not taken yet.
            fix.private_problem = cannot_fix(self._labels)
            return
        self._fix = None
        self._write_fix(plan, fixed_banner(game.name(seat), slot, real, self._labels),
                        game.settings.players)
        self.host.sync_timer()

    def _fix_refused(self, fix: _Fix, why: str) -> None:
        """The error cue; the reason on the fix's screen (too long for the header)."""
        self.host.cue(Cue.ERROR)
        fix.problem = why

    def _fix_view(self, fix: _Fix, table: PublicTable) -> FixView:
        game = self._game
        values = dial_values(dashes=game.settings.dashes)
        labels = tuple(value_label(v, self._labels) for v in values)
        seat, slot = fix.panels[fix.at]
        step = FixStep(fix.step)
        change = confirm_words(table.players[seat], seat, self._labels) \
            if step is FixStep.CONFIRM else None
        return fix_view(seat, table.players[seat], slot, game.rows[seat][slot].tile,
                        labels[fix.value], labels, step, self._labels, change=change,
                        problem=fix.problem)

    def nav(self, button: Button, kind: CodaScreen) -> bool:
        game = self._game
        if self._fix is not None:
            self._fix_nav(self._fix, button)
            return True
        if self.entry is not None:
            self._entry_key(button)
            return True
        if self._halted() and kind is not CodaScreen.FINAL:
            if button is Button.OK:
                self.host.undo()  # the way out, as the table pool's stop
            return True
        look = self._turn_look(kind) if button is Button.OK else None
        if look is not None:
            self._open_look(look)
            self.host.say(None)  # the miss's news is old: the screen says who looks now
            return True
        cur = self.host.cursor
        if (kind is CodaScreen.TURN and button is Button.OK and cur is not None
                and cur.step is TurnStep.CHOOSE_COLOR and game.turn is not None):
            colour = Color.DARK if cur.color_dark else Color.LIGHT
            if game.pool_count.get(colour, 0) == 0:
                self.host.refuse(nouns(self._labels)(
                    _("There is no dark {panel} left on the table") if colour is Color.DARK
                    else _("There is no light {panel} left on the table")))
                return True
            self._open_draw(game.turn, colour)
            return True
        return False

    def back(self, kind: CodaScreen) -> bool:
        """BACK while entering: a step back in the entry when the seat is held; a drawn
        panel's entry is set aside (back to the colour) when nobody holds a button."""
        fix = self._fix
        if fix is not None:
            if fix.step == "panel":
                self._fix = None
                self.host.sync_timer()
            else:
                fix.step = "panel" if fix.step == "number" else "number"
                fix.problem = None
                fix.private_problem = None
                self.host.say(None)
            return True
        entry = self.entry
        if entry is None:
            if self._halted() and kind is not CodaScreen.FINAL:
                self.host.open_menu()  # not a step back: the way out is undo (or the end)
                return True
            return False
        if self._held():
            self._entry_key(Button.BACK)
            return True
        if entry.is_draw and (self._look is None or self._look.in_turn):
            # A drawn panel's entry, or a look asked in a turn: back to the choice before.
            self.entry = None
            self._entry_seat = None
            self._look = None
            return True
        return False  # a starting row or a round's end waits: BACK opens the menu

    def _held(self) -> bool:
        return self._entry_seat is not None and self.host.private_seat() == self._entry_seat

    def _entry_key(self, button: Button) -> None:
        entry = self.entry
        seat = self._entry_seat
        assert entry is not None and seat is not None
        if not self._held():
            # Short: it shows beside the name ("Deal: Ann") in the header.
            if entry_progress(entry) is EntryProgress.LAST_LOOK:
                self.host.refuse(_("Hold seat button {number} while you press OK").format(
                    number=seat + 1))
            else:
                self.host.refuse(_("Hold seat button {number} to enter").format(
                    number=seat + 1))
            return
        key = KEYS.get(button)
        if key is None:
            return
        if self._clash:
            self._clash = False
            if key is Key.OK:  # the way out of a clash: look at the entry again
                entry.problem = None
                return
        outcome = entry.press(key)
        look = self._look
        if outcome is Outcome.LEFT and entry.is_draw and (look is None or look.in_turn):
            self.entry = None
            self._entry_seat = None
            self._look = None
        elif outcome is Outcome.DONE and look is not None:
            self._settle_look(entry, look)
        elif outcome is Outcome.DONE:
            self._record(entry, seat)
        elif entry.problem is not None and entry.stage is Stage.REVIEW:
            # The order rule, said in the table's labels.
            row = [t for t in entry.partial() if t is not None]
            entry.problem = order_message(order_detail(row, self._labels) or "")

    def _record(self, entry: PanelEntry, seat: int) -> None:
        """A complete entry becomes the record's deal or draw. It is checked against the
        seat's own row and what the table has seen, never against another seat's entries
        (issue 31): a refusal is private and names the seat's own or public panels."""
        tiles = entry.tiles()
        event: Deal | Draw = Deal(seat, tiles) if not entry.is_draw else Draw(seat, tiles[0])
        problem = self._own_problem(seat, tiles, draw=entry.is_draw)
        if problem is not None:
            entry.refuse(problem)
            self._clash = True
            return
        game = self._game
        if not self.host.commit(event):
            entry.refuse(_("The entry could not be saved: try OK again"))
            return
        if isinstance(event, Draw):
            # Worded before the call: the catalogs' extractor takes ``say(`` for the engine's
            # ``say`` and would miss a message inside it.
            drew = nouns(self._labels)(
                _("{name} drew a dark {panel}") if event.tile.color is Color.DARK
                else _("{name} drew a light {panel}"), name=game.name(seat))
            self.host.say(Banner(drew, BannerKind.INFO))

    def _settle_look(self, entry: PanelEntry, look: Look) -> None:
        """The real number of a contested panel: checked against its player's own row and
        what fell (a refusal is its own), then written as "Fix a panel" writes a
        correction. The round's end then scores on it, a panel knocked down falls, a drawn
        panel is shown face up where its player says; unless a guess judged before turns
        out right, and play goes back to it."""
        tile = entry.tiles()[0]
        game = self._game
        seat, slot = look.seat, look.slot
        problem = self._own_problem(seat, (tile,), draw=slot is None)
        if tile.color is not look_colour(self._game, look):
            # The deal's colours are public: a look at a number never changes them.
            problem = _("Its colour shows on its back: enter a number of that colour")
        journal = self.host.journal
        assert journal is not None
        plan = None
        if problem is None and look.pinned and slot is not None \
                and tile == game.rows[seat][slot].tile:
            self._confirm(look)
            return
        if problem is None:
            try:
                plan = correct_claim(game.settings.to_dict(), list(journal.events),
                                     PanelFix(seat, slot, tile))
            except RuleError as err:
                problem = err.message
        if plan is None:
            entry.refuse(problem or "")
            self._clash = True
            return
        said = fixed_banner(game.name(seat), slot, tile, self._labels) if slot is not None \
            else fixed_drawn_banner(game.name(seat), tile, self._labels)
        if not self._write_fix(plan, said, game.settings.players) or not look.knock_down:
            return
        game = self._game
        assert slot is not None
        if plan.flipped is None and game.turn == seat and game.phase is Phase.PENALTY:
            # The miss stands: the panel falls as it really is.
            self.host.end_turn(Reveal(seat, slot))

    def _confirm(self, look: Look) -> None:
        """A pinned panel found as entered: nothing to correct; the next panel that could
        be the slip is looked at (``looks.pinned_look``). The table sees who looked."""
        assert look.slot is not None
        self._confirmed.add((look.seat, look.slot))
        # Worded before the call: the extractor takes ``say(`` for the engine's own.
        looked = nouns(self._labels)(
            _("{name} looked at {panel} {number} again: it is as entered"),
            name=self._game.name(look.seat), number=look.slot + 1)
        self.host.say(Banner(looked, BannerKind.INFO))
        game = self._game
        assert isinstance(game, ClaimsGame)
        after = pinned_look(game, frozenset(self._confirmed))
        self.entry = None
        self._entry_seat = None
        self._look = None
        self._clash = False
        if after is not None:
            self._open_look(after)

    def _write_fix(self, plan: Correction, said: str, players: int) -> bool:
        """A correction's lines written in place of the old ones (Fix, or the look at a
        contested panel): the sound says whether a verdict turned, the banner what
        changed. True when written."""
        if not self.host.rewrite(plan.lines):
            return False
        self.host.cue(Cue.CORRECT if plan.flipped is None else Cue.ERROR)
        change = public_change(plan, players, self._labels)
        self.host.say(Banner(f"{said}. {change}", BannerKind.INFO))
        return True

    def _own_problem(self, seat: int, tiles: tuple[Tile, ...], *, draw: bool) -> str | None:
        """Why an entry cannot be the seat's, from its own row and the fallen panels."""
        game = self._game
        labels = self._labels
        say = nouns(labels)
        if draw:
            own = {s.tile for s in game.rows[seat]} if game.rows else set()
            if tiles[0] in own:
                return drawn_twice_message(tiles[0], labels)
        if isinstance(game, ClaimsGame):
            fallen = public_tiles(game)
            for tile in tiles:
                if tile in fallen:
                    return say(_("{tile} has fallen already, in plain sight: look at your "
                                 "{panels} again"), tile=tile_name(tile, labels))
        return None

    # -- what shows ----------------------------------------------------------------------

    def screen(self, table: PublicTable, default: Screen, kind: CodaScreen) -> Any:
        if self._fix is not None:
            return self._fix_view(self._fix, table)
        entry = self.entry
        seat = self._entry_seat
        if self._misfit is not None and self._halted() and kind is not CodaScreen.FINAL:
            journal = self.host.journal
            assert journal is not None
            return halt_view(self._misfit, journal.events, table.players, self._labels)
        if entry is None or seat is None:
            if isinstance(default, TurnView) and default.step is TurnStep.CHOOSE_COLOR:
                return replace(default, pool_on_table=True, prompt=nouns(self._labels)(
                    _("{name}: take a {panel} from the table, then PREV/NEXT its colour and OK"),
                    name=default.name))
            return default
        colour = entry.colour
        if self._look is not None:
            return contest_wait_view(seat, table.players[seat], self._look.slot, self._labels,
                                     hand=table.hand, dealt=table.dealt,
                                     dark_left=table.pool_dark, light_left=table.pool_light,
                                     at_round_end=self._look.at_round_end)
        return entry_wait_view(
            seat, table.players[seat], self._labels,
            dark=None if colour is None else colour is Color.DARK,
            hand=table.hand, dealt=table.dealt,
            dark_left=table.pool_dark, light_left=table.pool_light,
            progress=entry_progress(entry),
        )

    def private_view(self, seat: int | None) -> Any:
        """The entry, for its seat while held; the drawn panel in words of this mode; else
        None (the device-dealt private screens apply)."""
        entry = self.entry
        game = self.host.game
        if self._fix is not None:
            return self._fix_private(self._fix, seat)
        if entry is None and seat is not None and game is not None:
            return self._drawn_view(seat, game)
        if entry is None or seat is None or seat != self._entry_seat or game is None:
            return None
        row = game.rows[seat] if entry.is_draw and game.rows else ()
        if self._look is not None:
            look = self._look
            note = self.private_note(seat, look.slot)
            if note is None and look.pinned:
                note = pinned_note(look, self._labels)
            shown = entry_private_view(entry, seat, game.name(seat), self._labels, row=row,
                                       title=contest_title(look.slot, self._labels),
                                       message=None if entry.problem else note)
            return replace(shown, prompt=_(CLASH_KEYS)) if self._clash else shown
        shown = entry_private_view(entry, seat, game.name(seat), self._labels, row=row)
        return replace(shown, prompt=_(CLASH_KEYS)) if self._clash else shown

    def private_note(self, seat: int, slot: int | None | str = "first") -> str | None:
        """A claim of the seat's own that the table saw fall elsewhere: taken up with the
        seat alone (its own claim and a public panel), issue 31 (``looks.contest_note``)."""
        game = self.host.game
        if not isinstance(game, ClaimsGame):
            return None
        return contest_note(game, seat, slot, self._labels)

    def _fix_private(self, fix: _Fix, seat: int | None) -> PrivateView | None:
        """The owner's own row with the real number, at the fix's confirm step."""
        owner, slot = fix.panels[fix.at]
        if fix.step != "confirm" or seat != owner:
            return None
        game = self._game
        values = dial_values(dashes=game.settings.dashes)
        real = tile_of(game.rows[owner][slot].tile.color, values[fix.value])
        return owner_view(game, owner, slot, real, self._labels, fix.private_problem)

    def acting(self, kind: CodaScreen) -> int | None:
        """At the fix's confirm step the fallen panel's owner looks privately; at a round's
        end, the winner whose look at a panel it waits for."""
        fix = self._fix
        if self._look is not None:
            return self._entry_seat
        return fix.panels[fix.at][0] if fix is not None and fix.step == "confirm" else None

    def leds(self, states: list[LedState], kind: CodaScreen) -> None:
        """The owner's LED blinks while the fix waits for their look."""
        owner = self.acting(kind)
        if owner is not None:
            states[owner] = LedState.BLINK

    def _drawn_view(self, seat: int, game: CodaGame) -> PrivateView | None:
        cur = self.host.cursor
        if (game.turn != seat or game.drawn is None or cur is None or cur.step in (
                TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP, TurnStep.REVEAL_OWN)):
            return None
        row, drawn = own_panels(game, seat)
        view = row_view(seat, game.name(seat), row, drawn, self._labels,
                        prompt=nouns(self._labels)(_("The {panel} you drew, as you entered it")))
        return replace(view, message=self.private_note(seat))

    def put_back_hint(self, obj: dict[str, Any]) -> str | None:
        """After an undo: the panels stay where they are, and the entry opens again with
        what was entered, to be fixed and confirmed."""
        try:
            event = claimed_event(obj)
        except RuleError:
            return None
        if isinstance(event, Deal):
            self._undone["deal"] = (event.seat, event.row)
            self.entered()  # reopen the entry with the row as it was
            return entered_pool_hint(obj, self._labels)
        if isinstance(event, Draw):
            self._undone["draw"] = (event.seat, (event.tile,))
            return entered_pool_hint(obj, self._labels)
        return None

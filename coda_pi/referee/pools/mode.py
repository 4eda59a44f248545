"""Pool modes: who holds the pool, as variants of one Coda referee (python-chess's variants).

The Coda referee (``coda/referee.py``) plays the turn the same way whoever keeps the pool; a
``PoolMode`` changes what differs. The referee asks its mode at each hook, always (there is
no "no mode"): a screen of its own instead of the referee's, a button press taken, a seat's
LED, the private view, the record's header keys and journal, what to say after an undo,
whether the timer waits. The default answers (``PoolMode`` itself) leave everything to the
referee's own screens, so a mode overrides only what it changes. A mode talks to the
referee through ``PoolHost`` alone.

- ``DevicePool`` ("device"): the device deals (the referee's deal screen) and draws at
  random once the player chose a colour.
- ``TablePool`` ("table", ``table/mode.py``): the table draws real panels by hand; the
  device is told colours, answers and what falls.
- ``EnteredPool`` ("entered", ``entered/mode.py``): the table draws real panels by hand
  and each player tells the device privately which: the device knows every row.

Adding a mode: a subclass (its own module or folder here, with its views), one entry in
``referee/shared/pool_names.py``'s ``POOL_MODES`` (the setup menu, the config's check, the
remembered setup, the demo's ``--pool`` and a resumed record's header read the names from
there), and its screens in ``ui/``. Everything a mode changes is one of the hooks below and
the setup's lines (``setup_lines``, ``setup_note``); the demo's simulated players for it, if
the device-pool table's will not do, are one line in ``coda_pi/sim/pool_players.py``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from coda_pi.i18n import N_, _
from coda_pi.record import Journal
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.pool_names import POOL_MODES
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import Banner, BannerKind, LedState, PrivateView, TurnStep
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Color

if TYPE_CHECKING:
    import random

    from coda_pi.referee.shared.ports import PadSource
    from coda_pi.referee.shared.public import PublicTable, TurnCursor
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.referee.shared.views import Screen
    from coda_pi.rules.coda import CodaGame, CodaSettings
    from coda_pi.rules.coda_events import CodaEvent, Place, Reveal, Stop
    from coda_pi.rules.dealer import Dealer



class _CodaGameClass:
    """``CodaGame``, imported when first asked for: the device's own pool is made for the
    setup a start shows, which needs no game's rules yet."""

    def __get__(self, instance: object, owner: type | None = None) -> type[CodaGame]:
        from coda_pi.rules.coda import CodaGame

        return CodaGame


# Steps where the held seat's view is about its own row (placing, knocking down).
_OWN_STEPS = (TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP, TurnStep.REVEAL_OWN)


class PoolHost(Protocol):
    """The Coda referee as a pool mode sees it: the game, and the few things it may do."""

    @property
    def game(self) -> CodaGame | None: ...

    @property
    def journal(self) -> Journal[Any] | None: ...

    @property
    def labels(self) -> str: ...

    @property
    def rng(self) -> random.Random:
        """The device's randomness (``SystemRandom`` on the device, seeded in tests)."""

    @property
    def cursor(self) -> TurnCursor | None: ...

    @property
    def dealer(self) -> Dealer:
        """The device's dealer: each deal and draw decided once, from the game's seed."""

    @property
    def pads(self) -> PadSource:
        """Where a mode's private number dials start: random, nobody can predict it."""

    @property
    def dealer_present(self) -> bool:
        """The setup's dealer: a person who does not play fetches panels from the box."""

    def private_seat(self) -> int | None:
        """The seat whose private view shows now (its button alone is held)."""

    def rewrite(self, lines: list[dict[str, Any]]) -> bool:
        """Write record lines as they are (``undo`` lines included) and apply each: True
        when all are written (rules/correction.py's lines)."""

    @property
    def ended_early(self) -> bool: ...

    def say(self, banner: Banner | None) -> None:
        """Put ``banner`` on the screen (None takes the banner away)."""

    def commit(self, event: CodaEvent) -> bool:
        """Check, write, apply ``event``: True when it is now part of the game."""

    def cue(self, cue: Cue) -> None: ...

    def refuse(self, text: str) -> None:
        """The error cue, and ``text`` in the error banner."""

    def undo(self) -> None:
        """Take back the latest event (already confirmed)."""

    def open_menu(self) -> None: ...

    def sync_timer(self) -> None:
        """Pause or resume the guess timer as the screen now asks (``holds_timer``)."""

    def deal_seat(self) -> int | None:
        """The seat being dealt now."""

    def guess(self, value: str, *, correct: bool | None) -> None:
        """The guess under the turn cursor, with the target's answer."""

    def end_turn(self, event: Stop | Place | Reveal) -> None:
        """Write the event that ends the turn (a place, a reveal)."""

    def announce_round_end(self) -> bool: ...


class PoolMode:
    """Device-pool play's answers to every hook; a pool mode overrides what it changes.

    :param host: the referee the mode serves.
    :param training: the setup's training hints (only a mode that shows odds uses it).
    """

    name: ClassVar[str] = "device"
    setup_label: ClassVar[str] = N_("device")  # the menu's name for it: pool_names.POOL_WORDS
    secret_rows: ClassVar[bool] = True  # the device knows rows the table does not
    # Deals and draws name their panels (rules/legal.py's ``panels_seen``); False when the
    # table draws panels the device never sees (only their colours reach the record).
    panels_seen: ClassVar[bool] = True
    owns_private_view: ClassVar[bool] = False  # the mode builds the held seat's view
    # The setup's More lines only this mode uses ("dealer", "training"): others say "none".
    setup_lines: ClassVar[frozenset[str]] = frozenset()
    game_class: ClassVar[type[CodaGame]] = _CodaGameClass()  # type: ignore[assignment]
    """The game its journal keeps (``CodaGame`` here)."""

    def __init__(self, host: PoolHost, *, training: bool = False) -> None:
        self.host = host
        self.training = training

    @property
    def _game(self) -> CodaGame:
        """The game in play (a mode's hooks run only while there is one)."""
        game = self.host.game
        assert game is not None
        return game

    @property
    def _labels(self) -> str:
        return self.host.labels

    # -- the record ------------------------------------------------------------------------

    @classmethod
    def header(cls, options: SetupDefaults) -> dict[str, Any]:
        """The device's keys the record's header gets beside the spec's, from the setup
        the game starts with."""
        return {}

    @classmethod
    def journal(cls, settings: CodaSettings, events: Iterable[Any] = ()) -> Journal[Any]:
        """A new journal for this mode's game, with ``events`` (record lines) applied."""
        from coda_pi.replay import journal_of  # a game's: not for a start's setup

        journal = journal_of(cls.game_class(settings))
        for obj in events:
            journal.apply(obj)
        return journal

    def resume(self, journal: Journal[Any]) -> Journal[Any]:
        """The journal of a resumed record, as this mode keeps it."""
        return journal

    def review_events(self, events: list[Any]) -> list[Any]:
        """The record's events as the post-game review reads them (it tells who could be
        sure of what, from each seat's own panels and what was public)."""
        return events

    def lines(self, event: CodaEvent) -> list[dict[str, Any]]:
        """The record lines an event the referee decided is written as."""
        from coda_pi.rules.coda_events import to_dict

        return [to_dict(event)]

    # -- the setup and the demo --------------------------------------------------------------

    @classmethod
    def setup_note(cls, choices: SetupDefaults) -> str | None:
        """One sentence (a msgid) the setup shows on the pool and dealer lines, or None."""
        return None

    # -- hooks -----------------------------------------------------------------------------

    def screen(self, table: PublicTable, default: Screen, kind: CodaScreen) -> Screen:
        """The screen for now: the referee's ``default``, or one of this mode's."""
        return default

    def leds(self, states: list[LedState], kind: CodaScreen) -> None:
        """Change the seat LEDs the referee set (in place)."""

    def private_view(self, seat: int | None) -> PrivateView | None:
        """The held seat's view, when ``owns_private_view``."""
        return None

    def private_note(self, seat: int) -> str | None:
        """A line the mode adds to ``seat``'s own private view (None: nothing)."""
        return None

    def acting(self, kind: CodaScreen) -> int | None:
        """A seat the mode asks to look privately now, in place of the screen's acting
        seat (entered-pool play's fix: the fallen panel's owner); None: the screen's."""
        return None

    def seat_pressed(self, seat: int, kind: CodaScreen) -> bool:
        """True when the mode took the press."""
        return False

    def nav(self, button: Button, kind: CodaScreen) -> bool:
        """PREV, NEXT or OK: True when the mode took the press."""
        return False

    def back(self, kind: CodaScreen) -> bool:
        """BACK: True when the mode took the press."""
        return False

    def entered(self) -> None:
        """The game moved (an event, an undo): forget what was being entered."""

    def holds_timer(self) -> bool:
        """True while the guess timer must wait for the mode."""
        return False

    def results_wait(self) -> bool:
        """True while a round's end waits for the mode before its points are known (the
        game's winner is not announced then)."""
        return False

    def menu_items(self, kind: CodaScreen) -> tuple[str, ...]:
        """Lines the mode adds to the BACK menu (after "undo")."""
        return ()

    def menu_chosen(self, item: str) -> bool:
        """True when the mode took the menu line chosen."""
        return False

    def put_back_hint(self, obj: dict[str, Any]) -> str | None:
        """What the table must do with real panels after ``obj`` was undone (None: the
        referee's own words)."""
        return None


# One sentence, short enough to read on the smallest screen (issue 11: an open box shows
# what is left in it, so device-dealt play without a dealer is for casual play).
CASUAL = N_("An open box shows what is left in it: without a dealer, casual play only")


class DevicePool(PoolMode):
    """The device deals and draws from the pool it keeps: the referee's own screens, and
    the draw at random when the player has chosen a colour."""

    setup_lines: ClassVar[frozenset[str]] = frozenset({"dealer"})

    @classmethod
    def header(cls, options: SetupDefaults) -> dict[str, Any]:
        """A dealer who does not play hands the panels over (only this mode has one)."""
        return {"dealer": True} if options.dealer else {}

    @classmethod
    def setup_note(cls, choices: SetupDefaults) -> str | None:
        """Without a dealer, an open box shows what is left: casual play only."""
        return None if choices.dealer else CASUAL

    def nav(self, button: Button, kind: CodaScreen) -> bool:
        cur = self.host.cursor
        if (kind is CodaScreen.TURN and button is Button.OK and cur is not None
                and cur.step is TurnStep.CHOOSE_COLOR):
            self._draw(Color.DARK if cur.color_dark else Color.LIGHT)
            return True
        return False

    def _draw(self, colour: Color) -> None:
        game = self.host.game
        assert game is not None and game.turn is not None
        try:
            event = self.host.dealer.draw(game, colour)
        except RuleError as err:
            self.host.refuse(err.message)
            return
        if self.host.commit(event):
            self.host.say(Banner(
                # Where to see it, the footer says (hold your button).
                nouns(self.host.labels)(_("{name} drew a dark {panel}") if colour.word == "dark"
                                        else _("{name} drew a light {panel}"),
                                        name=game.name(game.turn)),
                BannerKind.INFO,
            ))

    def private_view(self, seat: int | None) -> PrivateView | None:
        """With a dealer, the drawn panel's screen asks the dealer to hand it over."""
        game = self.host.game
        cur = self.host.cursor
        if (not self.host.dealer_present or seat is None or game is None or game.turn != seat
                or game.drawn is None or cur is None or cur.step in _OWN_STEPS):
            return None
        from coda_pi.referee.shared.private import own_panels, row_view  # in play only

        row, drawn = own_panels(game, seat)
        return row_view(seat, game.name(seat), row, drawn, self.host.labels,
                        prompt=f"Dealer: hand this {drawn.color.word} panel to "
                               f"{game.name(seat)} face down" if drawn else "")


def pool_modes() -> dict[str, type[PoolMode]]:
    """Every pool mode by the name the setup, the config and the record's header use, in
    the registry's order (``pool_names.POOL_MODES``)."""
    return {name: pool_mode(name) for name in POOL_MODES}


def pool_mode(name: str) -> type[PoolMode]:
    """The pool mode called ``name``, its module imported (and none of the others': the
    table pool's brings the deduction engine, with decimal and fractions).

    :raises ValueError: naming the modes there are, for a name that is none of them.
    """
    where = POOL_MODES.get(name)
    if where is None:
        raise ValueError(f"no pool mode {name!r}: choose {', '.join(POOL_MODES)}")
    module, cls = where.split(":")
    mode = getattr(importlib.import_module(module), cls)  # a mode builds on this module
    assert issubclass(mode, PoolMode) and mode.name == name, where
    return mode

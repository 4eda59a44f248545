"""Which game the device referees: Coda or Mastermind, behind one referee API.

The app holds a ``GameSwitch``; it passes every call of the loop's referee interface
(``table_referee.TableReferee``, and ``game``, ``journal``, ``over``, ``quit_requested``) to the
referee of the game chosen. The Coda setup menu's "Game" line (key ``"game"``), chosen as
Mastermind, hands the device to a Mastermind referee (its own setup menu, its own record);
that menu's first line hands it back. A resumed record is resumed by the referee of its
game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from coda_pi.lazy_types import instance_of
from coda_pi.record import Journal
from coda_pi.referee.shared.ports import Clock, Sink
from coda_pi.referee.shared.seat_screens import SeatScreens
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue, Intent
from coda_pi.referee.shared.views import (
    BannerKind,
    LedState,
    PrivateView,
    PublicView,
    SetupView,
)

if TYPE_CHECKING:
    import random

    from coda_pi.referee.coda.referee import Referee
    from coda_pi.referee.mastermind.referee import MastermindReferee
    from coda_pi.referee.mastermind.setup import MastermindOptions
    from coda_pi.referee.mastermind.views import MastermindPrivateView, MastermindPublicView
    from coda_pi.referee.shared.review import ReviewLine
    from coda_pi.rules.coda import CodaGame
    from coda_pi.rules.mastermind import MastermindMatch

GAME_KEY = "game"  # the Coda setup menu's line (referee/coda/setup_menu.py), in any language

MakeCoda = Callable[[SetupDefaults, Sink | None, Journal[Any] | None], Any]
Remember = Callable[[SetupDefaults, "MastermindOptions"], None]
# Mastermind's remembered choices, read when a match starts (a Coda start imports none of
# Mastermind: each module costs start-up time, on a Pi Zero 10-15 times more).
LoadMastermind = Callable[[], "MastermindOptions"]


class GameSwitch:
    """The referee the app talks to; ``current`` is the one at work."""

    def __init__(
        self,
        current: Any,
        *,
        make_coda: MakeCoda,
        clock: Clock,
        rng: random.Random,
        setup: SetupDefaults,
        mastermind_record: Callable[[], Sink],
        mastermind: MastermindOptions | None = None,
        load_mastermind: LoadMastermind | None = None,
        remember: Remember | None = None,
    ) -> None:
        self._make_coda = make_coda
        self._mastermind = mastermind
        self._load_mastermind = load_mastermind
        self._remember = remember
        self._clock = clock
        self._rng = rng
        self._setup = setup
        self._mastermind_record = mastermind_record
        self._base = 0
        self._seats_base = 0
        self._seat_screens: SeatScreens | None = None  # phones: handed to every referee
        self._phones_starter: Callable[[], SeatScreens | None] | None = None
        self.current: Referee | MastermindReferee = current
        if _is_mastermind(current):
            current._on_switch = self._to_coda  # noqa: SLF001 - set before any call
            current._remember = self._remember_mastermind  # noqa: SLF001 - the same

    @classmethod
    def build(
        cls,
        make_coda: MakeCoda,
        *,
        clock: Clock,
        rng: random.Random,
        setup: SetupDefaults,
        record: Sink | None,
        journal: Journal[Any] | None,
        header: Mapping[str, Any] | None,
        mastermind_record: Callable[[], Sink],
        mastermind: MastermindOptions | None = None,
        load_mastermind: LoadMastermind | None = None,
        remember: Remember | None = None,
    ) -> GameSwitch:
        """The device's referee: the resumed game's own, else Coda's setup (or Mastermind's,
        when the setup, remembered or configured, says so). ``mastermind``: Mastermind's
        choices remembered, or ``load_mastermind()`` reads them when a match first starts;
        ``remember(setup, options)`` keeps a Mastermind match's start
        (the game chosen and its choices) for the next one."""
        current: Any
        if journal is not None and instance_of(journal.game, "coda_pi.rules.mastermind",
                                               "MastermindMatch"):
            from coda_pi.referee.mastermind.setup import options_from_header

            options = options_from_header(header or journal.game.header.to_dict())
            current = _mastermind_referee()(
                clock=clock, rng=rng, record=record or mastermind_record(), options=options,
                journal=journal, new_record=mastermind_record)
        elif journal is None and setup.game == "mastermind":
            mastermind = _options(setup, mastermind, load_mastermind)
            current = _mastermind_referee()(
                clock=clock, rng=rng, record=mastermind_record(),
                options=mastermind, new_record=mastermind_record,
                at_start=True)
        else:
            current = make_coda(setup, record, journal)
        return cls(current, make_coda=make_coda, clock=clock, rng=rng, setup=setup,
                   mastermind_record=mastermind_record, mastermind=mastermind,
                   load_mastermind=load_mastermind, remember=remember)

    # -- the referee API, passed on --------------------------------------------------------

    @property
    def version(self) -> int:
        return self._base + int(self.current.version)

    @property
    def seats_version(self) -> int:
        """``version`` less the timer's seconds (base.py); moves at every game switched."""
        return self._seats_base + int(self.current.seats_version)

    def handle(self, intent: Intent) -> None:
        self.current.handle(intent)
        self._maybe_switch()

    def type_text(self, text: str) -> None:
        self.current.type_text(text)

    def tick(self) -> None:
        self.current.tick()

    def next_deadline(self) -> float | None:
        deadline: float | None = self.current.next_deadline()
        return deadline

    def view(self) -> PublicView | MastermindPublicView:
        return self.current.view()

    def private_view(self) -> PrivateView | MastermindPrivateView | None:
        return self.current.private_view()

    def private_view_of(self, seat: int) -> PrivateView | MastermindPrivateView | None:
        """What ``seat`` would see holding its button alone now (a phone's page asks)."""
        return self.current.private_view_of(seat)

    def acting_seat(self) -> int | None:
        return self.current.acting_seat()

    def is_held(self, button: Button) -> bool:
        return self.current.is_held(button)

    def phone_presses(self) -> AbstractContextManager[None]:
        """A phone's presses, apart from the buttons held on the device (base.py)."""
        presses: AbstractContextManager[None] = self.current.phone_presses()
        return presses

    def seat_review(self, seat: int) -> tuple[ReviewLine, ...] | None:
        """``seat``'s own lines of the post-game review (Coda's; Mastermind has none)."""
        review = getattr(self.current, "seat_review", None)
        return review(seat) if review is not None else None

    def offer_phones(self, starter: Callable[[], SeatScreens | None] | None) -> None:
        """Phones are off and may be turned on from the BACK menu, in either game."""
        self._phones_starter = starter
        self.current.offer_phones(starter)

    def attach_seat_screens(self, screens: SeatScreens | None) -> None:
        """Phones are on: this referee and every one the switch hands the device to later
        show where phones go and offer "Phones" in the BACK menu."""
        self._seat_screens = screens
        self.current.attach_seat_screens(screens)

    def leds(self) -> tuple[LedState, ...]:
        return self.current.leds()

    def take_cues(self) -> list[Cue]:
        cues: list[Cue] = self.current.take_cues()
        return cues

    def notify(self, text: str, kind: BannerKind = BannerKind.INFO) -> None:
        self.current.notify(text, kind)

    def close_phones_page(self) -> None:
        self.current.close_phones_page()

    def seat_screens_changed(self) -> None:
        self.current.seat_screens_changed()

    def hold_time(self, held: bool) -> None:
        self.current.hold_time(held)

    @property
    def game(self) -> CodaGame | MastermindMatch | None:
        return self.current.game

    @property
    def journal(self) -> Journal[Any] | None:
        return self.current.journal

    @property
    def over(self) -> bool:
        return self.current.over

    @property
    def quit_requested(self) -> bool:
        """"Quit" was confirmed from the menu of the referee at work: the loop stops."""
        return self.current.quit_requested

    # -- switching -----------------------------------------------------------------------

    @property
    def playing_mastermind(self) -> bool:
        return _is_mastermind(self.current)

    def _maybe_switch(self) -> None:
        if self.playing_mastermind or getattr(self.current, "game", None) is not None:
            return
        screen = self.current.view().screen
        if not isinstance(screen, SetupView) or screen.editing:
            return
        if any(i.key == GAME_KEY and i.value == "Mastermind" for i in screen.items):
            self._swap(_mastermind_referee()(
                clock=self._clock, rng=self._rng, record=self._mastermind_record(),
                options=replace(self._mastermind_options(),
                                names=tuple(self._setup.names[:2])),
                new_record=self._mastermind_record, on_switch=self._to_coda,
                remember=self._remember_mastermind,
            ))

    def _mastermind_options(self) -> MastermindOptions:
        """Mastermind's choices as last started (read now, the first time)."""
        if self._mastermind is None:
            self._mastermind = _options(self._setup, None, self._load_mastermind)
        return self._mastermind

    def _remember_mastermind(self, options: MastermindOptions) -> None:
        """A Mastermind match starts: the next start offers Mastermind, with these choices."""
        self._mastermind = options
        if self._remember is None:
            return
        names = (*options.names[:2], *self._setup.names[2:])
        if options.solo:
            names = (options.names[0], *self._setup.names[1:])  # "Device" is no one's name
        self._setup = self._setup.with_changes(game="mastermind", names=tuple(names))
        self._remember(self._setup, options)

    def _to_coda(self) -> None:
        self._swap(self._make_coda(self._setup.with_changes(game="coda", dashes=False), None,
                                   None))

    def _swap(self, referee: Any) -> None:
        self._base += int(self.current.version) + 1
        self._seats_base += int(self.current.seats_version) + 1
        self.current = referee
        if self._seat_screens is not None:
            referee.attach_seat_screens(self._seat_screens)
        elif self._phones_starter is not None:
            referee.offer_phones(self._phones_starter)


def _mastermind_referee() -> type[MastermindReferee]:
    # Mastermind's referee (its views, deduction and strategy) loads when a match starts,
    # not with the device: the first frame is Coda's setup, or a resumed game.
    from coda_pi.referee.mastermind.referee import MastermindReferee

    return MastermindReferee


def _is_mastermind(referee: object) -> bool:
    return instance_of(referee, "coda_pi.referee.mastermind.referee", "MastermindReferee")


def _options(setup: SetupDefaults, given: MastermindOptions | None,
             load: LoadMastermind | None) -> MastermindOptions:
    """Mastermind's choices: those given, else those ``load`` reads, else the defaults."""
    if given is not None:
        return given
    if load is not None:
        return load()
    from coda_pi.referee.mastermind.setup import MastermindOptions

    return MastermindOptions(names=tuple(setup.names[:2]))

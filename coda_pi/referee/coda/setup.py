"""The setup screen (``CodaScreen.SETUP``): no game yet. The setup menu, the past games'
results reached from it, starting a game (its record's header first) and, after the final
standings, a new record for the next game. Mixed into the Coda ``Referee``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from coda_pi.i18n import N_, _
from coda_pi.record import RecordWriteError
from coda_pi.referee.coda.parts import CodaParts
from coda_pi.referee.coda.setup_menu import SetupMenu
from coda_pi.referee.pools.mode import DevicePool, PoolHost, PoolMode, pool_mode
from coda_pi.referee.shared.ports import Sink
from coda_pi.referee.shared.results import ResultsBrowser
from coda_pi.referee.shared.setup import SetupDefaults, unique_names
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import LedState, PublicView
from coda_pi.rules.coda import CodaSettings
from coda_pi.rules.coda_events import RoundStart
from coda_pi.rules.dealer import SEED_KEY, Dealer, new_seed

if TYPE_CHECKING:
    from coda_pi.record import Journal
    from coda_pi.referee.shared.overlays import Confirm, Menu

RESULTS = N_("Results")  # the setup menu's line to the past games


class SetupScreen(CodaParts):
    """The setup menu's buttons and the start of a game; the referee supplies the commit
    path and the pool mode's host (declared here for the type checker only)."""

    _rng: random.Random
    _remember: Callable[[SetupDefaults], None] | None
    _results: ResultsBrowser | None
    _setup: SetupMenu
    _write: Callable[[dict[str, Any]], None]
    _new_record: Callable[[], Sink] | None
    _dealer_for: Callable[[str], Dealer]
    _dealer: Dealer
    _pool: PoolMode
    _journal: Journal[Any] | None
    _overlay: Menu | Confirm | None
    _version: int

    if TYPE_CHECKING:
        def _host(self) -> PoolHost: ...

        def _storage_failed(self, err: Exception) -> None: ...

        def _enter_phase(self) -> None: ...

        def _after_round_start(self) -> None: ...

        def _clear_game(self) -> None: ...

    def _browsing(self) -> bool:
        """The results list is on the screen (it opens from the setup menu only)."""
        return self._results is not None and self._results.is_open

    def _setup_view(self, leds: tuple[LedState, ...]) -> PublicView:
        browsing = self._results is not None and self._results.is_open
        return PublicView(
            screen=self._results.view() if self._results is not None and browsing
            else self._setup.view(),
            table=None,
            overlay=None,
            banner=self._banner,
            title=_("Results") if browsing else self._setup.title,
            labels=self._options.labels,
            leds=leds,
            version=self._version,
        )

    def _setup_nav(self, button: Button) -> None:
        if self._results is not None and self._results.is_open:
            self._results.nav(button)
        elif self._setup.nav(button):
            self._start_game()
        elif self._setup.chosen == RESULTS and self._results is not None:
            self._setup.chosen = None
            self._results.open()

    def _setup_seat(self, seat: int) -> None:
        if self._overlay is None and not self._browsing():
            self._setup.seat(seat)  # typing a name: the seat buttons jump the letters

    def _setup_back(self) -> None:
        if self._results is not None and self._results.is_open:
            self._results.nav(Button.BACK)
        else:
            self._setup.back()

    def _start_game(self) -> None:
        """Start: the record's header is written first (nothing starts unless it is
        stored), then the first round starts."""
        options = self._setup.choices
        if self._remember is not None:
            self._remember(options)
        settings = CodaSettings(
            players=unique_names(options.player_names),
            dashes=options.dashes,
            rounds=options.rounds,
            hand=options.hand,
            bonus=options.bonus,
        )
        mode = pool_mode(options.pool)
        seed = new_seed(self._rng)
        header = settings.to_dict() | mode.header(options) | {
            "labels": options.labels,
            "timer": {
                "enabled": options.timer,
                "first_seconds": options.first_seconds,
                "extra_seconds": options.extra_seconds,
            },
            SEED_KEY: seed,
        }
        try:
            self._write(header)
        except RecordWriteError as err:  # not stored: not started
            self._storage_failed(err)
            return
        self._options = options
        self._dealer = self._dealer_for(seed)
        self._pool = mode(self._host(), training=options.training)
        self._journal = mode.journal(settings)
        self._banner = None
        if self._commit(RoundStart(options.first)):
            self._after_round_start()
        else:
            self._enter_phase()

    def _new_game(self) -> None:
        """OK at the final standings: a new record, and the setup menu again."""
        if self._open_new_record() is None:
            return
        self._journal = None
        self._pool = DevicePool(self._host())
        self._clear_game()
        self._banner = None

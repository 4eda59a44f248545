"""The Coda referee as its pool mode sees it (``pools.PoolHost``): the one place that lends
a pool mode the referee's own steps, so no mode reaches into the referee."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from coda_pi.record import Journal, RecordWriteError
from coda_pi.referee.shared.signals import Cue
from coda_pi.referee.shared.views import Banner
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import CodaEvent, Place, Reveal, Stop
from coda_pi.rules.dealer import Dealer

if TYPE_CHECKING:
    from coda_pi.referee.pools.entered.mode import PadSource
    from coda_pi.referee.shared.public import TurnCursor


class RefereeHost:
    """The referee as its pool mode sees it (``pools.PoolHost``): the one place that lends
    a pool mode the referee's own steps."""

    def __init__(self, referee: Any) -> None:  # the Coda Referee (no import: no circle)
        self._r = referee

    @property
    def game(self) -> CodaGame | None:
        return self._r.game

    @property
    def journal(self) -> Journal[Any] | None:
        return self._r.journal

    @property
    def labels(self) -> str:
        return self._r._options.labels

    @property
    def rng(self) -> random.Random:
        return self._r._rng

    @property
    def cursor(self) -> TurnCursor | None:
        return self._r._cursor

    @property
    def dealer(self) -> Dealer:
        return self._r._dealer

    @property
    def pads(self) -> PadSource:
        return self._r._pads

    @property
    def dealer_present(self) -> bool:
        return self._r._options.dealer

    def private_seat(self) -> int | None:
        return self._r._private_seat()

    def rewrite(self, lines: list[dict[str, Any]]) -> bool:
        r = self._r
        journal = r._journal
        assert journal is not None
        for line in lines:
            try:
                r._write(line)
            except RecordWriteError as err:  # the lines written so far stand
                r._storage_failed(err)
                r._enter_phase()
                return False
            if line.get("event") == "undo":
                journal.undo()
            else:
                journal.apply(line)
        r._final_shown = False
        r._enter_phase()
        return True

    @property
    def ended_early(self) -> bool:
        return self._r._ended_early

    def say(self, banner: Banner | None) -> None:
        self._r._banner = banner

    def commit(self, event: CodaEvent) -> bool:
        return self._r._commit(event)

    def cue(self, cue: Cue) -> None:
        self._r._cue(cue)

    def refuse(self, text: str) -> None:
        self._r._refuse(text)

    def undo(self) -> None:
        self._r._undo()

    def open_menu(self) -> None:
        self._r._open_menu()

    def sync_timer(self) -> None:
        self._r._sync_timer()

    def deal_seat(self) -> int | None:
        return self._r._deal_seat()

    def guess(self, value: str, *, correct: bool | None) -> None:
        self._r._guess(value, correct=correct)

    def end_turn(self, event: Stop | Place | Reveal) -> None:
        self._r._end_turn(event)

    def announce_round_end(self) -> bool:
        return self._r._announce_round_end()

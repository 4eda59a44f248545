"""The game a table-pool journal holds: the Coda game plus the "wrong" answers it heard.

The order checks need every value answered "wrong" at a panel still standing, which the
game itself forgets. Keeping them in the journal's state (not beside it) means the journal's
snapshots take them back on undo with everything else. The bookkeeping is the same as
``coda_pi.rules.deduction_view.Witness``, whose ``view`` then reads this game directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from coda_pi.record import Journal
from coda_pi.referee.ports import coda_journal
from coda_pi.rules.coda import CodaGame, CodaSettings, Phase
from coda_pi.rules.coda_events import (
    Bonus,
    CodaEvent,
    Deal,
    Guess,
    Place,
    Reveal,
    RoundStart,
    Stop,
)
from coda_pi.rules.deduction import Analysis, analyze
from coda_pi.rules.deduction_view import Witness

_NONE: frozenset[str] = frozenset()


@dataclass
class WitnessedGame(CodaGame):
    misses: list[list[frozenset[str]]] = field(default_factory=list)
    # A panel seen at last with a number once answered "wrong" there. The deduction view
    # drops the answers at a panel once it is known, so these are caught here, as it falls.
    caught: list[str] = field(default_factory=list)

    def apply(self, event: CodaEvent) -> None:
        had_drawn = self.drawn is not None
        super().apply(event)
        match event:
            case RoundStart():
                self.misses = [[] for _ in range(self.seats)]
            case Deal(seat, row):
                self.misses[seat] = [_NONE] * len(row)
            case Guess(_, target, slot, value):
                row = self.misses[target]
                if self.phase is Phase.PENALTY:
                    row[slot] = row[slot] | {value}
                else:
                    self._seen(target, slot)
                    row[slot] = _NONE
            case Stop(seat, slot) if had_drawn and slot is not None:
                self.misses[seat].insert(slot, _NONE)
            case Place(seat, slot):
                self.misses[seat].insert(slot, _NONE)
            case Reveal(seat, slot):
                self._seen(seat, slot)
                self.misses[seat][slot] = _NONE
            case Bonus(seat):
                for slot in range(len(self.rows[seat])):
                    self._seen(seat, slot)
            case _:
                pass

    def _seen(self, seat: int, slot: int) -> None:
        tile = self.rows[seat][slot].tile
        if tile.known and tile.value in self.misses[seat][slot]:
            self.caught.append(f'{self.name(seat)} answered "wrong" to {tile.value} at slot '
                               f"{slot}, but that panel is {tile}")

    def public_analysis(self) -> Analysis:
        """What everybody at the table can know: the device sees no more than that."""
        if self.caught:
            return Analysis(0, contradiction=self.caught[0])
        return analyze(Witness(self, self.misses).view(None))


def table_journal(settings: CodaSettings, events: Iterable[Any] = ()) -> Journal[CodaGame]:
    """A journal of a ``WitnessedGame``, with ``events`` (record objects) applied."""
    journal = coda_journal(WitnessedGame(settings))
    for obj in events:
        journal.apply(obj)
    return journal

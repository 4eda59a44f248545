"""The game a table-pool journal holds: the Coda game plus the "wrong" answers it heard.

The order checks need every value answered "wrong" at a panel, which the game itself
forgets. Keeping them in the journal's state (not beside it) means the journal's snapshots
take them back on undo with everything else. The bookkeeping is the deduction view's own
(``follow_misses``), whose ``Witness.view`` then reads this game directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from coda_pi.record import Journal
from coda_pi.referee.shared.ports import coda_journal
from coda_pi.rules.coda import CodaGame, CodaSettings
from coda_pi.rules.deduction import Analysis, analyze
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.table_fit import FittedGame

_NONE: frozenset[str] = frozenset()


@dataclass
class WitnessedGame(FittedGame):
    """The table pool's game: it follows the "wrong" answers as FittedGame does (one
    definition of how they follow the events and how a copy shares them)."""

    def public_analysis(self) -> Analysis:
        """What everybody at the table can know: the device sees no more than that. A
        "wrong" answer exposed when its panel falls is a contradiction here too."""
        return analyze(Witness(self, self.misses).view(None))


def table_journal(settings: CodaSettings, events: Iterable[Any] = ()) -> Journal[CodaGame]:
    """A journal of a ``WitnessedGame``, with ``events`` (record objects) applied."""
    journal = coda_journal(WitnessedGame(settings))
    for obj in events:
        journal.apply(obj)
    return journal

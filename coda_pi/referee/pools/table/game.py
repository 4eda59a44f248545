"""The game a table-pool journal holds: the Coda game plus the "wrong" answers it heard.

The order checks need every value answered "wrong" at a panel, which the game itself
forgets. Keeping them in the journal's state (not beside it) means the journal's snapshots
take them back on undo with everything else. The bookkeeping is the deduction view's own
(``follow_misses``), whose ``Witness.view`` then reads this game directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from coda_pi.record import Journal
from coda_pi.referee.shared.ports import coda_journal
from coda_pi.rules.coda import CodaGame, CodaSettings
from coda_pi.rules.coda_events import (
    CodaEvent,
)
from coda_pi.rules.deduction import Analysis, analyze
from coda_pi.rules.deduction_view import Witness, follow_misses

_NONE: frozenset[str] = frozenset()


@dataclass
class WitnessedGame(CodaGame):
    misses: list[list[frozenset[str]]] = field(default_factory=list)

    def apply(self, event: CodaEvent) -> None:
        had_drawn = self.drawn is not None
        super().apply(event)
        self.misses = follow_misses(self.misses, self, event, had_drawn=had_drawn)

    def _copied_extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        # follow_misses never changes the lists it is given (it returns new ones): a copy
        # shares them, as independent as a deep copy, which walked every frozenset at every
        # event (a twentieth of a table-pool game).
        rest = {k: v for k, v in extra.items() if k != "misses"}
        copied = super()._copied_extra(rest) if rest else {}
        if "misses" in extra:
            copied["misses"] = extra["misses"]
        return copied

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

"""Solo play with the device breaking: the rows it has played and been answered, kept beside
the record until the code is known.

The device never sees the player's code, and the record needs the code before its rows, yet
a row must be stored before it is shown (principle 5): the rows wait beside the record (the
sink's ``keep_aside``, ``NAME.pending``), written and fsynced, each time one is added or
taken back. Once the code is broken (the breaking row *is* the code) the referee writes the
code and every row, then lets go of what was kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from coda_pi.record import Journal
from coda_pi.rules.mastermind import Feedback, MastermindMatch
from coda_pi.rules.mastermind_deduction import find_contradiction
from coda_pi.rules.mastermind_events import PlaceRow, SetCode, parse_event

DeviceRow = tuple[str, Feedback]
NextGuess = Callable[[list[DeviceRow]], str | None]


class DeviceRows:
    """The device's rows not yet in the record, and where they are kept."""

    def __init__(self, record: Any) -> None:
        self.record = record  # its keep_aside / aside: beside the record, when it has them
        self.rows: list[DeviceRow] = []

    def keep(self, rows: list[DeviceRow], events: int) -> None:
        """Stores ``rows`` beside the record (after its first ``events`` events), then holds
        them; raises whatever the storing raised, holding the rows it held before."""
        keep = getattr(self.record, "keep_aside", None)
        if keep is not None:  # a sink without a side (a test's memory): memory only
            keep({"device_rows": [{"code": g, "keys": f.to_dict()} for g, f in rows],
                  "after": events} if rows else None)
        self.rows = rows

    def _aside(self) -> Any:
        aside = getattr(self.record, "aside", None)
        return aside() if aside is not None else None

    def resume(self, journal: Journal[MastermindMatch], next_guess: NextGuess) -> None:
        """The rows kept beside a resumed record, when they belong to it: written after its
        last event, for a code not in it, each the guess the device would make."""
        kept = self._aside()
        match = journal.game
        self.rows = []
        if (not isinstance(kept, dict) or kept.get("after") != len(journal.events)
                or match.code is not None or match.finished):
            return
        header = match.header
        for row in kept.get("device_rows") or []:
            try:
                keys = row["keys"]
                fb = Feedback(int(keys["black"]), int(keys["white"]))
                expected = next_guess(self.rows)
            except (KeyError, TypeError, ValueError):
                return
            if row.get("code") != expected or find_contradiction(
                    [*self.rows, (expected, fb)], header.pegs, header.blanks):
                return
            assert expected is not None
            self.rows.append((expected, fb))

    def unwritten(self, journal: Journal[MastermindMatch]) -> list[PlaceRow]:
        """The rows a power cut kept from the record: it struck while a broken code's rows
        were written (the code first, then a line per row), so the record holds the code and
        some of them, and all of them are still beside it. The rest, to write now."""
        kept = self._aside()
        if not isinstance(kept, dict) or not isinstance(kept.get("after"), int):
            return []
        after, rows, events = kept["after"], kept.get("device_rows"), journal.events
        match = journal.game
        if (match.code is None or not isinstance(rows, list)
                or not 0 <= after < len(events)):
            return []
        header = match.header
        try:
            typed = [parse_event(line, header.pegs, header.blanks) for line in events[after:]]
            code = typed[0]
            lines = [PlaceRow(row["code"], Feedback(row["keys"]["black"], row["keys"]["white"]))
                     for row in rows]
        except (KeyError, TypeError, ValueError):
            return []
        if not isinstance(code, SetCode):
            return []
        if not lines or lines[-1].code != code.code:  # the breaking row: the code, all black
            lines.append(PlaceRow(code.code, Feedback(header.pegs, 0)))
        written = typed[1:]
        if len(written) >= len(lines) or written != lines[: len(written)]:
            return []
        return lines[len(written):]

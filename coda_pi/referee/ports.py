"""What the referee is plugged into: a clock to read and a record to write to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from coda_pi.record import Journal
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event


class Clock(Protocol):
    def monotonic(self) -> float: ...


class RecordSink(Protocol):
    def write(self, obj: dict[str, Any]) -> None: ...


Sink = RecordSink | Callable[[dict[str, Any]], None]


def coda_journal(game: CodaGame) -> Journal[CodaGame]:
    """A journal that takes record objects, like the one ``coda-pi replay`` builds, so a
    resumed record's journal and a new one behave the same."""
    return Journal(game, lambda g, obj: g.apply(parse_event(obj)))


def writer(sink: Sink) -> Callable[[dict[str, Any]], None]:
    """The function that writes one line to ``sink`` (an object with ``write``, or a
    function), returning only once the line is stored."""
    write = getattr(sink, "write", None)
    if callable(write):
        return write  # type: ignore[no-any-return]
    assert callable(sink)
    return sink

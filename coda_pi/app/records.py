"""Where the device's games are written, and the past games it lists.

``Records`` hands each new game a ``LazyRecord`` (a file opened at its first line, so that
starting and leaving without playing leaves no empty record) or the already open writer of
a resumed game; ``result_rows`` lists the past games for the results screen.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coda_pi import log_later
from coda_pi.datadir import new_record_path, results
from coda_pi.i18n import N_, _, ngettext, spoken
from coda_pi.record import RecordWriter, fsync_dir, read_file_bytes, write_atomically
from coda_pi.referee.shared.results import ResultRow

if TYPE_CHECKING:
    from coda_pi.fsync_thread import FsyncThread, FsyncTicket

log = log_later.getLogger(__name__)



OnRecorded = Callable[[Path, dict[str, Any]], None]
"""Told of each line once it is durably written (the demo's acknowledgement log); the same
shape tells of what a game kept beside its record (``keep_aside``; None: nothing now)."""


class LazyRecord:
    """A record file opened at its first line, so that starting the device and leaving
    without playing leaves no empty record behind."""

    def __init__(self, path: Callable[[], Path], on_recorded: OnRecorded | None = None,
                 on_kept: Callable[[Path, Any], None] | None = None, *,
                 fsync_thread: FsyncThread | None = None) -> None:
        self._path = path
        self._writer: RecordWriter | None = None
        self._on_recorded = on_recorded
        self._on_kept = on_kept
        self._fsyncs = fsync_thread
        self._untold: list[dict[str, Any]] = []  # written, their fsync not waited for yet

    @property
    def path(self) -> Path | None:
        return None if self._writer is None else self._writer.path

    def write(self, obj: dict[str, Any]) -> None:
        if self._writer is None:
            self._writer = RecordWriter(self._path(), fsync_thread=self._fsyncs)
            log.info("recording to %s", self._writer.path)
        self._writer.write(obj)
        if self._writer.pending:
            self._untold.append(obj)  # told by ``settle``, once it is on the card
        elif self._on_recorded is not None:
            # Only now is the line on the card: this is the moment the device may announce it.
            self._on_recorded(self._writer.path, obj)

    @property
    def pending(self) -> bool:
        """Lines written whose fsync (on the fsync thread) ``settle`` has not waited for."""
        return self._writer is not None and self._writer.pending

    def start_fsync(self) -> None:
        """The fsync of the lines written so far begun on the fsync thread."""
        if self._writer is not None:
            self._writer.start_fsync()

    @property
    def tickets(self) -> list[FsyncTicket]:
        """The fsyncs begun on the fsync thread that ``settle`` has not waited for."""
        return [] if self._writer is None else self._writer.tickets

    def settle(self) -> None:
        """Waits until every line written is on the card, then tells of them; raises
        ``RecordWriteError`` (those lines cut back, none told) when the card refused."""
        if self._writer is None:
            return
        untold, self._untold = self._untold, []
        self._writer.settle()
        if self._on_recorded is not None:
            for obj in untold:
                self._on_recorded(self._writer.path, obj)

    def close(self) -> None:
        if self._writer is not None:
            try:
                self.settle()
            except OSError:
                log.exception("the record's last lines did not reach the card")
            self._writer.close()

    # What a game must store before showing it but cannot put in the record yet (the rows
    # of the device breaking a code the record does not hold yet): ``NAME.pending``,
    # replaced atomically, beside the record it belongs to.

    def _aside_path(self) -> Path:
        path = self.path
        if path is None:
            raise OSError("the record is not started yet, so nothing can be kept beside it")
        return path.with_name(path.name + PENDING_SUFFIX)

    def keep_aside(self, obj: dict[str, Any] | None) -> None:
        """Durably keeps ``obj`` beside the record (written and fsynced before this returns);
        None removes what was kept."""
        path = self._aside_path()
        if obj is None:
            if path.exists():
                path.unlink()
                fsync_dir(path.parent)
        else:
            write_atomically(path, json.dumps(obj).encode("ascii"))
        if self._on_kept is not None:
            # Only now is it on the card: the device may show it.
            self._on_kept(path.with_name(path.name.removesuffix(PENDING_SUFFIX)), obj)

    def aside(self) -> Any:
        """What ``keep_aside`` kept beside the record, None when nothing (or not JSON)."""
        try:
            return json.loads(read_file_bytes(self._aside_path(), 1024 * 1024))
        except (OSError, ValueError, RecursionError):
            return None


PENDING_SUFFIX = ".pending"


class Records:
    """Where the device's records go: ``first`` (``--record FILE``) for the first game if
    given, then a new file named by date and time in the data directory for each game."""

    def __init__(
        self, data_dir: Path, first: Path | None = None, *, on_recorded: OnRecorded | None = None,
        on_kept: Callable[[Path, Any], None] | None = None,
    ) -> None:
        self.data_dir = data_dir
        self._first = first
        self.on_recorded = on_recorded
        self.on_kept = on_kept
        self.opened: list[LazyRecord] = []
        # Where the records' fsyncs run (None: in ``write``): set by build_app, whose loop
        # calls ``settle`` before it tells of a press.
        self.fsync_thread: FsyncThread | None = None

    def new(self, game: str = "coda") -> LazyRecord:
        record = LazyRecord(lambda: self._claim(game), self.on_recorded, self.on_kept,
                            fsync_thread=self.fsync_thread)
        self.opened.append(record)
        return record

    def start_fsyncs(self) -> None:
        """Every record's lines written so far begin their way to the card (on the fsync
        thread), while the caller goes on: ``settle`` waits for them."""
        for record in self.opened:
            if record.pending:
                record.start_fsync()

    def then(self, tell: Callable[[], None]) -> bool:
        """``tell`` run on the fsync thread as soon as every line begun on its way to the
        card (``start_fsyncs``) is there, and never when the card refused one (``settle``
        then raises). False when no fsync is on its way: nothing to run it after."""
        tickets = [ticket for record in self.opened for ticket in record.tickets]
        if self.fsync_thread is None or not tickets:
            return False

        def on_card() -> None:
            if all(ticket.on_card for ticket in tickets):
                try:
                    tell()
                except Exception:  # the loop's settle tells it again: logged, not lost
                    log.exception("while telling of lines on the card")

        self.fsync_thread.then(on_card)
        return True

    def settle(self) -> None:
        """Waits until every line written to any record is on the card, and tells of them
        (``LazyRecord.settle``); the first refusal is raised once all were waited for."""
        failure: OSError | None = None
        for record in self.opened:
            if record.pending:
                try:
                    record.settle()
                except OSError as error:
                    failure = failure or error
        if failure is not None:
            raise failure

    def _claim(self, game: str) -> Path:
        """The file for a record's first line: ``--record FILE`` goes to the first game that
        writes (the table may choose Mastermind before Coda's record was ever written), and
        never to a FILE that already holds a game (a resumed one that has finished)."""
        first, self._first = self._first, None
        if first is None:
            return new_record_path(self.data_dir, game)
        if not first.exists() or (first.is_file() and first.stat().st_size == 0):
            return first
        # A FIFO or a device is no place for a record: the data directory is.
        return new_record_path(first.parent if first.is_file() else self.data_dir, game)

    def resumed(self, writer: RecordWriter) -> LazyRecord:
        """The record of a resumed game, already open, in the list of records."""
        writer.fsync_on(self.fsync_thread)
        record = _Opened(writer, self.on_recorded, self.on_kept)
        self.opened.append(record)
        return record

    def keep_finished_first(self, explain: Callable[[str], None]) -> None:
        """A ``--record FILE`` that already holds a game (a finished one, or one the table
        chose not to resume) is never appended to: the new game goes beside it."""
        first = self._first
        if first is not None and first.exists() and first.stat().st_size > 0:
            self._first = None
            self.data_dir = first.parent
            explain(_("{path} already holds a game; the new game goes to a new record "
                      "beside it").format(path=first))

    @property
    def paths(self) -> list[Path]:
        """The record files actually written, oldest first."""
        return [r.path for r in self.opened if r.path is not None]

    def close(self) -> None:
        for record in self.opened:
            record.close()



class _Opened(LazyRecord):
    """An already open writer (a resumed record) in the list of records."""

    def __init__(self, writer: RecordWriter, on_recorded: OnRecorded | None = None,
                 on_kept: Callable[[Path, Any], None] | None = None) -> None:
        super().__init__(lambda: writer.path, on_recorded, on_kept)
        self._writer = writer



_MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
           N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))

RESULTS_SHOWN = 50
"""The newest past games listed on the device (each is replayed to be listed)."""


def result_rows(data_dir: Path, limit: int = RESULTS_SHOWN) -> list[ResultRow]:
    """The past games in ``data_dir``, newest first, as the results screen shows them."""
    rows = []
    for result in itertools.islice(results(data_dir), limit):
        note = None
        if result.error:
            note = _("record broken at {where}").format(where=spoken(result.error))
        elif not result.finished:
            note = _("unfinished")
        if result.game == "mastermind":
            played = ngettext("{count} game", "{count} games", result.rounds)
        else:
            played = ngettext("{count} round", "{count} rounds", result.rounds)
        date = result.date
        rows.append(ResultRow(
            # The month in the screen's language (strftime's %b follows the C locale).
            date=f"{date:%d} {_(_MONTHS[date.month - 1])} {date:%H:%M}",
            game=result.game.capitalize(),
            players=result.players,
            totals=result.totals,
            winners=result.winners,
            rounds=played.format(count=result.rounds),
            note=note,
        ))
    return rows



"""The game record on disk: reading it back, appending to it durably, and undo.

A record is JSON Lines (shared/spec/coda-record.md). The device writes it as its journal:
every event is appended, flushed and fsynced before anything announces it, so a power cut
can only tear the last line, which reading ignores with a warning.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import say

if TYPE_CHECKING:
    from coda_pi.fsync_thread import FsyncThread, FsyncTicket


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One line of a record, read: its number and its JSON object."""

    number: int  # 1-based line number in the file
    obj: Any


@dataclass(frozen=True, slots=True)
class LineError:
    """A line of a record that could not be read, and why."""

    line: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "message": self.message}


@dataclass
class RecordText:
    """The readable lines of a record, up to the first line that is not JSON."""

    lines: list[RecordLine] = field(default_factory=list)
    error: LineError | None = None  # invalid JSON before the last line
    torn_line: int | None = None  # a last line cut short by a power loss, ignored


def parse_record(data: bytes) -> RecordText:
    """Splits a record into JSON objects, telling a torn tail from corruption."""
    text = RecordText()
    pieces = data.split(b"\n")
    for index, raw in enumerate(pieces):
        number = index + 1
        is_tail = index == len(pieces) - 1  # no newline after it
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            # RecursionError: thousands of nested brackets, which no record line holds.
            if is_tail:
                text.torn_line = number
            else:
                text.error = LineError(number, say("line {line} is not valid JSON", line=number))
            break
        text.lines.append(RecordLine(number, obj))
    return text


MAX_RECORD_BYTES = 16 * 1024 * 1024
"""Far more than any game: a three-round tournament with every undo is some tens of KB."""


class NotARecordFile(OSError):
    """The path is not something a record can be read from: not a regular file, or far too
    large. An ``OSError``, so every reader that says "cannot read X" says this too."""


def read_file_bytes(path: Path, limit: int = MAX_RECORD_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    A FIFO named ``*.jsonl`` would block a plain read forever and ``/dev/zero`` would fill
    memory: both are refused with a reason, as is a directory or a file over the limit.
    """
    path = Path(path)
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotARecordFile(errno.EINVAL, say("not a regular file (a FIFO, a device or a "
                                               "directory?)"), str(path))
    # O_NONBLOCK: should a FIFO take the file's place after the check, opening it must not
    # wait for a writer; fstat then refuses it.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotARecordFile(errno.EINVAL, say("not a regular file"), str(path))
        if info.st_size > limit:
            raise NotARecordFile(errno.EFBIG, say("too large to be a record ({size} bytes; the "
                                                  "limit is {limit})", size=info.st_size,
                                                  limit=limit), str(path))
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:  # it grew while being read
                raise NotARecordFile(errno.EFBIG, say("too large to be a record (over {limit} "
                                                      "bytes)", limit=limit), str(path))
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_record(path: Path) -> RecordText:
    return parse_record(read_file_bytes(path))


class Game(Protocol):
    def summary(self) -> dict[str, Any]: ...

    def copy(self) -> Any:
        """An independent snapshot. The games share their immutable parts, so this costs
        the same whatever the length of the game (no whole-game deep copy)."""
        ...


G = TypeVar("G", bound=Game)


class Journal(Generic[G]):
    """A game and the snapshots that let ``undo`` take back any number of events.

    One mechanism for every face of the product: replay, the device and the tests all undo
    by restoring the state from before the event, so an undone event leaves no trace. The
    snapshot is the game's own ``copy``, which shares structure with the live state: a
    snapshot per event costs constant time and a few hundred bytes, so replaying a record
    is linear in its length.
    """

    def __init__(self, game: G, apply: Callable[[G, Any], None]) -> None:
        self.game = game
        self._apply = apply
        self._snapshots: list[G] = []
        self.events: list[Any] = []  # the events in force, oldest first

    def apply(self, event: Any) -> None:
        snapshot = self.game.copy()
        self._apply(self.game, event)
        self._snapshots.append(snapshot)
        self.events.append(event)

    def undo(self) -> Any:
        """Takes back the latest event in force and returns it."""
        if not self._snapshots:
            raise RuleError(say("there is nothing to undo"))
        self.game = self._snapshots.pop()
        return self.events.pop()

    @property
    def can_undo(self) -> bool:
        return bool(self._snapshots)


def _line_bytes(obj: dict[str, Any]) -> bytes:
    try:
        return (json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate (a name read from a damaged record) has no UTF-8: as \u
        # escapes the line is still valid JSON and reads back to the same text.
        return (json.dumps(obj) + "\n").encode("ascii")


class RecordWriteError(OSError):
    """A record line could not be stored (a full card, a file size limit, an I/O error): the
    record is as it was before, so the event did not happen.

    An ``OSError``, so code that handles file trouble in general still catches it; the
    referee catches it by name, and lets any other exception (a bug) reach the loop.
    """

    @classmethod
    def of(cls, err: OSError) -> RecordWriteError:
        """``err`` as a record write failure, with its number, words and file kept."""
        if isinstance(err, RecordWriteError):
            return err
        new = cls(*err.args)
        new.filename = err.filename
        return new


# How much of each record this process writes is on the card, by the file's real path:
# lines written past it wait for their fsync (on the fsync thread, beside the loop's frame),
# and nothing here may tell of them yet, a reader of the file included (the club's
# publisher: coda_pi/club/follow.py).
_ON_CARD: dict[str, int] = {}


def on_card_size(path: Path) -> int | None:
    """The bytes of ``path`` that are on the card when a writer of this process has it open
    (the lines after them may be lost to a power cut yet); None when none has it open."""
    if not _ON_CARD:
        return None
    return _ON_CARD.get(os.path.realpath(path))


class RecordWriter:
    """Appends lines to a record durably: one whole-line write, fsync, then return.

    A line is written with ``os.write`` straight to the file (no buffer that could hold a
    refused line and write it later). When the write or the fsync fails (a full card, a
    file size limit, an I/O error) the file is cut back to the length it had before and
    fsynced, so a refused event leaves the file exactly as it was, and the error is raised
    for the caller to say "nothing was done".

    Opening a record whose last line was torn by a power cut first moves the torn bytes
    aside (``NAME.torn``) so the next line starts on a line of its own.

    With ``fsync_thread`` (the device's loop: coda_pi/fsync_thread.py) a line is written at
    once but its fsync runs on that thread, so the loop can draw while the card works;
    ``settle`` then waits for it, and only then may anything tell of the line. A write that
    fails is still refused at once; an fsync that fails is refused by ``settle``, which cuts
    back every line since the last one settled.
    """

    def __init__(self, path: Path, *, fsync_thread: FsyncThread | None = None) -> None:
        self.path = Path(path)
        self._fsyncs = fsync_thread
        self._tickets: list[FsyncTicket] = []  # fsyncs handed to the thread, not settled
        self._unsynced = False  # lines written that no fsync handed to the thread covers
        created = not self.path.exists()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # O_NONBLOCK: a FIFO in the record's place fails at once instead of waiting for a
        # reader; it is refused just below, like a device.
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC
                           | os.O_NONBLOCK, 0o644)
        if not stat.S_ISREG(os.fstat(self._fd).st_mode):
            os.close(self._fd)
            self._fd = -1
            raise NotARecordFile(errno.EINVAL, "not a regular file", str(self.path))
        # The length every whole line on the card adds up to (fsynced), and every whole line
        # written (``_good`` but for the lines whose fsync the thread has not done yet); a
        # failed write is cut back to ``_written``, a failed fsync to ``_good``.
        self._key = os.path.realpath(self.path)
        self._good = self._written = os.fstat(self._fd).st_size
        self._unclean = False  # a cut-back that failed: tried again before the next line
        if created and fsync_thread is not None:
            # The new name reaches the card beside the first line's fsync, before it is told.
            self._tickets.append(fsync_thread.submit(lambda: fsync_dir(self.path.parent)))
        elif created:
            fsync_dir(self.path.parent)
        else:
            self._cut_torn_tail()

    @property
    def _good(self) -> int:
        """The length of the whole lines on the card (see ``on_card_size``)."""
        return self._on_card

    @_good.setter
    def _good(self, size: int) -> None:
        self._on_card = _ON_CARD[self._key] = size

    def _cut_torn_tail(self) -> None:
        data = self.path.read_bytes()
        if not data or data.endswith(b"\n"):
            return
        keep = data.rfind(b"\n") + 1
        if not parse_record(data[keep:]).torn_line:
            # A whole line that only lost its newline counts on replay, so it must stay.
            self._good = self._written = len(data)
            fsyncs, self._fsyncs = self._fsyncs, None  # at opening: no one is waiting
            try:
                self._append(b"\n")
            finally:
                self._fsyncs = fsyncs
            return
        aside = self.path.with_name(self.path.name + ".torn")
        with open(aside, "ab") as f:
            f.write(data[keep:] + b"\n")
            f.flush()
            os.fsync(f.fileno())
        os.truncate(self._fd, keep)
        os.fsync(self._fd)
        self._good = self._written = keep

    def write(self, obj: dict[str, Any]) -> None:
        """Appends ``obj`` as one line and fsyncs it; on any failure the file is left as it
        was before the call and the error is raised."""
        self._append(_line_bytes(obj))

    def write_many(self, objs: list[dict[str, Any]]) -> None:
        """Appends ``objs`` as lines with one fsync for all; all or none of them stay."""
        self._append(b"".join(_line_bytes(obj) for obj in objs))

    def _append(self, data: bytes) -> None:
        if self._unclean:
            self._cut_back()  # raises again while the card still refuses
        try:
            view = memoryview(data)
            while view:
                # A short write (the size limit reached mid-line) leaves the rest to write;
                # the next call then fails with the reason, and the part is cut back.
                written = os.write(self._fd, view)
                view = view[written:]
            if self._fsyncs is None:
                os.fsync(self._fd)
            else:
                self._unsynced = True  # one fsync for the pass's lines: ``start_fsync``
        except BaseException:
            try:
                self._cut_back()
            except OSError:
                self._unclean = True
            raise
        self._written += len(data)
        if not self.pending:
            self._good = self._written

    def fsync_on(self, thread: FsyncThread | None) -> None:
        """From now on the lines' fsyncs run on ``thread`` (None: before ``write`` returns)."""
        self.settle()
        self._fsyncs = thread

    def _fsync(self) -> None:
        # Looked up at each call, on the thread: the tests put a slow or failing fsync here.
        os.fsync(self._fd)

    @property
    def pending(self) -> bool:
        """Lines written whose fsync has not been waited for (``settle``)."""
        return self._unsynced or bool(self._tickets)

    @property
    def tickets(self) -> list[FsyncTicket]:
        """The fsyncs handed to the thread that ``settle`` has not waited for yet."""
        return list(self._tickets)

    def start_fsync(self) -> None:
        """Hands the fsync of the lines written so far to the thread, and returns once it
        has begun (``FsyncThread.submit``): the caller's work from here overlaps it."""
        if self._unsynced and self._fsyncs is not None:
            self._unsynced = False
            self._tickets.append(self._fsyncs.submit(self._fsync))

    def settle(self) -> None:
        """Waits for the fsyncs handed to the thread (starting the one not handed yet):
        every line written is on the card once this returns. When one failed, every line
        not settled before is cut back (the card is as it was at the last settle) and the
        error is raised."""
        self.start_fsync()
        tickets, self._tickets = self._tickets, []
        failure: BaseException | None = None
        for ticket in tickets:
            try:
                ticket.wait()
            except BaseException as error:  # noqa: BLE001 - raised below, once cut back
                failure = failure or error
        if failure is None:
            self._good = self._written
            return
        self._written = self._good
        try:
            self._cut_back()
        except OSError:
            self._unclean = True
        if isinstance(failure, OSError):
            raise RecordWriteError.of(failure) from failure
        raise failure

    def _cut_back(self) -> None:
        os.ftruncate(self._fd, self._written)
        os.fsync(self._fd)
        self._unclean = False

    @property
    def size(self) -> int:
        """The length of the record's whole lines, in bytes."""
        return self._good

    def close(self) -> None:
        if self._fd >= 0:
            try:
                self.settle()  # the thread must be done with the file before it is closed
            except OSError:
                pass  # cut back: not one of those lines was told
            finally:
                os.close(self._fd)
                self._fd = -1
                _ON_CARD.pop(self._key, None)

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def fsync_dir(directory: Path) -> None:
    """Makes a change of the directory's entries (a file made, renamed, removed) durable."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: Path, data: bytes) -> None:
    """Replaces a file so that a power cut leaves either the old or the new contents."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)

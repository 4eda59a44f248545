"""The game record on disk: reading it back, appending to it durably, and undo.

A record is JSON Lines (shared/spec/coda-record.md). The device writes it as its journal:
every event is appended, flushed and fsynced before anything announces it, so a power cut
can only tear the last line, which reading ignores with a warning.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from coda_pi.rules.errors import RuleError


@dataclass(frozen=True, slots=True)
class RecordLine:
    number: int  # 1-based line number in the file
    obj: Any


@dataclass(frozen=True, slots=True)
class LineError:
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
        except (UnicodeDecodeError, ValueError):
            if is_tail:
                text.torn_line = number
            else:
                text.error = LineError(number, f"line {number} is not valid JSON")
            break
        text.lines.append(RecordLine(number, obj))
    return text


def read_record(path: Path) -> RecordText:
    return parse_record(Path(path).read_bytes())


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
            raise RuleError("there is nothing to undo")
        self.game = self._snapshots.pop()
        return self.events.pop()

    @property
    def can_undo(self) -> bool:
        return bool(self._snapshots)


class RecordWriter:
    """Appends lines to a record durably: write, flush, fsync, then return.

    Opening a record whose last line was torn by a power cut first moves the torn bytes
    aside (``NAME.torn``) so the next line starts on a line of its own.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        created = not self.path.exists()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "ab")  # noqa: SIM115 - held open for the game's life
        if created:
            _fsync_dir(self.path.parent)
        else:
            self._cut_torn_tail()

    def _cut_torn_tail(self) -> None:
        data = self.path.read_bytes()
        if not data or data.endswith(b"\n"):
            return
        keep = data.rfind(b"\n") + 1
        if not parse_record(data[keep:]).torn_line:
            # A whole line that only lost its newline counts on replay, so it must stay.
            self._file.write(b"\n")
            self._file.flush()
            os.fsync(self._file.fileno())
            return
        aside = self.path.with_name(self.path.name + ".torn")
        with open(aside, "ab") as f:
            f.write(data[keep:] + b"\n")
            f.flush()
            os.fsync(f.fileno())
        os.truncate(self.path, keep)
        os.fsync(self._file.fileno())

    def write(self, obj: dict[str, Any]) -> None:
        line = json.dumps(obj, ensure_ascii=False) + "\n"
        self._file.write(line.encode("utf-8"))
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _fsync_dir(directory: Path) -> None:
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
    _fsync_dir(path.parent)

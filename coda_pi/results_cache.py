"""What each record replays to, kept beside the records so a list of past games is quick.

Replaying 50 records takes over a second here and many on a Pi, and a finished record never
changes. So each record's summary is kept in ``.results-cache.json`` in the data directory,
keyed by the file's name and identity (device, inode, size and modification time): any
change to a record, or a record put in another's place, misses the cache and is replayed
again. The cache is only ever a copy: when it is missing, damaged, from another version or
cannot be written, the records are replayed as before and nothing is lost.

A rebuild is incremental: while records are replayed the cache is saved every
``SAVE_EVERY`` seconds, so a rebuild cut short (Ctrl-C, a power cut: a thousand records take
half a minute on a Pi Zero) goes on from where it was at the next look, not from nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coda_pi.record import read_file_bytes
from coda_pi.rules.sentence import say, sentence_from_json, sentence_json

if TYPE_CHECKING:
    import datetime as dt

    from coda_pi.replay import Replay

CACHE_NAME = ".results-cache.json"
VERSION = 2  # 2: the error kept as a sentence the screen can translate
MAX_CACHE_BYTES = 8 * 1024 * 1024
SAVE_EVERY = 2.0  # seconds of replaying between two saves of a cache being rebuilt


@dataclass(frozen=True, slots=True)
class Summary:
    """The part of a replay the results list shows."""

    game: str
    players: tuple[str, ...]
    totals: tuple[int, ...]
    finished: bool
    error: str | None  # "line N: message" when the record breaks a rule (a Sentence)
    rounds: int  # rounds (Coda) or games (Mastermind) played to their end
    date: str  # ISO time the game started: the header's "t", else the file's time

    @classmethod
    def of(cls, replay: Replay, mtime: float) -> Summary:
        s = replay.summary()
        error = None
        if replay.error is not None:
            error = say("line {line}: {message}", line=replay.error.line,
                        message=replay.error.message)
        return cls(
            game=str(s.get("game") or ""),  # "": the header could not be read
            players=tuple(str(p) for p in s["players"]),
            totals=tuple(int(t) for t in s["totals"]),
            finished=bool(s["finished"]),
            error=error,
            rounds=len(s.get("rounds") or s.get("games") or []),
            date=_start_time(replay.header, mtime).isoformat(timespec="seconds"),
        )

    @classmethod
    def from_json(cls, obj: Any) -> Summary | None:
        """The summary a cache entry holds, or None when it is not exactly one."""
        try:
            summary = cls(
                game=obj["game"],
                players=tuple(obj["players"]),
                totals=tuple(obj["totals"]),
                finished=obj["finished"],
                error=None if obj["error"] is None else _error_from_json(obj["error"]),
                rounds=obj["rounds"],
                date=obj["date"],
            )
        except (KeyError, TypeError):
            return None
        ok = (
            isinstance(summary.game, str)
            and all(isinstance(p, str) for p in summary.players)
            and all(isinstance(t, int) and not isinstance(t, bool) for t in summary.totals)
            and isinstance(summary.finished, bool)
            and (summary.error is None or isinstance(summary.error, str))
            and isinstance(summary.rounds, int) and not isinstance(summary.rounds, bool)
            and summary.rounds >= 0
            and isinstance(summary.date, str)
            # Every list the screen pairs up (a name with its points) must pair up: a cache
            # that says otherwise is not believed, and the record is replayed.
            and len(summary.totals) == len(summary.players)
        )
        if not ok:
            return None
        import datetime as dt  # not at the top: a start with no records needs none of it

        try:
            dt.datetime.fromisoformat(summary.date)
        except ValueError:
            return None
        return summary


def _error_from_json(obj: object) -> str:
    """A cached error as the sentence it was; a KeyError (so the entry is not trusted and the
    record is replayed) when it is not one."""
    error = sentence_from_json(obj)
    if error is None:
        raise KeyError("error")
    return error


def _start_time(header: dict[str, Any] | None, mtime: float) -> dt.datetime:
    import datetime as dt  # not at the top: a start with no records needs none of it

    stamp = header.get("t") if header else None
    if isinstance(stamp, str):
        try:
            return dt.datetime.fromisoformat(stamp)
        except ValueError:
            pass
    return dt.datetime.fromtimestamp(mtime)


def _identity(info: os.stat_result) -> list[int]:
    return [info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns]


class ResultsCache:
    """The summaries of one data directory's records; ``save`` keeps what was learnt."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.path = self.data_dir / CACHE_NAME
        self._entries: dict[str, tuple[list[int], Summary]] = {}
        self._dirty = False
        self.replayed = 0  # records replayed because the cache did not hold them
        self._saved_at = time.monotonic()
        self._load()

    def _load(self) -> None:
        try:
            doc = json.loads(read_file_bytes(self.path, MAX_CACHE_BYTES))
        except (OSError, ValueError, RecursionError):
            return  # no cache, or not one: every record is replayed
        if not isinstance(doc, dict) or doc.get("version") != VERSION:
            return
        entries = doc.get("records")
        if not isinstance(entries, dict):
            return
        for name, entry in entries.items():
            if not isinstance(entry, dict):
                continue
            key = entry.get("key")
            summary = Summary.from_json(entry.get("summary"))
            if (summary is not None and isinstance(key, list) and len(key) == 4
                    and all(isinstance(k, int) for k in key)):
                self._entries[name] = (key, summary)

    def summary(self, path: Path) -> Summary:
        """What ``path`` replays to, from the cache when the file is unchanged.

        Raises ``OSError`` when the record cannot be read.
        """
        return self.summary_and_replay(path)[0]

    def summary_and_replay(self, path: Path) -> tuple[Summary, Replay | None]:
        """``summary``, and the replay it was worked out from when the cache did not hold it
        (None when it did): who needs the replay too (the resumed game) does not replay
        the record again.

        Raises ``OSError`` when the record cannot be read.
        """
        info = os.stat(path)
        key = _identity(info)
        cached = self._entries.get(path.name)
        if cached is not None and cached[0] == key:
            return cached[1], None
        data = read_file_bytes(path)
        from coda_pi.replay import replay_bytes  # a record to read: not every start

        replay = replay_bytes(data)
        summary = Summary.of(replay, info.st_mtime)
        self.replayed += 1
        # The key is the file as it was before the read: a line added meanwhile changes
        # it, so the next look replays again rather than trusting a stale summary.
        self._entries[path.name] = (key, summary)
        self._dirty = True
        if time.monotonic() - self._saved_at >= SAVE_EVERY:
            self.save()  # a long rebuild keeps what it learnt as it goes
        return summary, replay

    def holds(self, path: Path) -> bool:
        """Whether ``path``'s summary is in the cache, for the file as it is now."""
        cached = self._entries.get(path.name)
        try:
            return cached is not None and cached[0] == _identity(os.stat(path))
        except OSError:
            return False

    def fill(self, paths: Iterable[Path],
             progress: Callable[[int, int], None] | None = None) -> int:
        """Replay every record of ``paths`` the cache does not hold, telling ``progress``
        (done, of how many) after each; returns how many were replayed. An unreadable record
        is passed over (``summary`` raises for it again when it is asked for)."""
        missing = [path for path in paths if not self.holds(path)]
        for done, path in enumerate(missing, start=1):
            with contextlib.suppress(OSError):
                self.summary(path)
            if progress is not None:
                progress(done, len(missing))
        return len(missing)

    def forget_missing(self, names: set[str]) -> None:
        """Drop the entries of records no longer in the directory."""
        gone = [name for name in self._entries if name not in names]
        for name in gone:
            del self._entries[name]
        self._dirty = self._dirty or bool(gone)

    def save(self) -> None:
        """Writes the cache if it learnt anything; a failure (a read-only card, a full one)
        only means the next look replays again."""
        if not self._dirty:
            return
        doc = {
            "version": VERSION,
            "records": {name: {"key": key, "summary": {
                **asdict(summary),
                "error": None if summary.error is None else sentence_json(summary.error)}}
                        for name, (key, summary) in self._entries.items()},
        }
        data = json.dumps(doc).encode("ascii")
        import tempfile  # only when saving (with shutil, bz2, lzma: 2 ms of the start)

        try:
            # A name of its own: `coda-pi results` may save while the device does.
            fd, tmp = tempfile.mkstemp(dir=self.data_dir, prefix=".results-cache-")
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            return
        finally:
            self._saved_at = time.monotonic()  # a failed save is not tried again at once
        self._dirty = False

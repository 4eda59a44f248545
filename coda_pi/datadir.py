"""The data directory: where game records live, which one to resume, and past results.

Records are never deleted or overwritten. One that cannot be read back (garbage in the
middle, a newer version) is moved aside under a new name so the device can start fresh
while the file stays for a person to look at.

Which record is newest cannot come from the clock: a Pi without a real-time clock starts
at the time fake-hwclock saved, so a newer game can get an older time. Each new record's
name carries a sequence number one past the highest in the directory
(``coda-2026-11-22T14-03-09.n7.jsonl``) and records are ordered by it. Names from before
(no number) come first, by their time and then their ``-2``, ``-10`` suffix as numbers.

One process at a time uses a data directory: :func:`claim_data_dir` takes a lock that the
kernel drops when the process ends, however it ends, so a crash never leaves it stuck.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coda_pi import config, log_later
from coda_pi.rules.sentence import say

if TYPE_CHECKING:
    import datetime as dt

    from coda_pi.replay import Replay

log = log_later.getLogger(__name__)

RECORD_SUFFIX = ".jsonl"
UNREADABLE_MARK = ".unreadable"

# game-YYYY-MM-DDTHH-MM-SS, then an old same-second suffix (-2), then the sequence (.n7).
_NAME = re.compile(
    r"^(?P<game>[^-]+)-(?P<stamp>\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d)"
    r"(?:-(?P<again>\d+))?(?:\.n(?P<seq>\d+))?(?P<rest>.*)$"
)


def default_data_dir() -> Path:
    """``$CODA_PI_DATA``, else ``$XDG_DATA_HOME/coda-pi`` (``~/.local/share/coda-pi``): where
    records go when the config file does not say (its ``[data] directory`` wins)."""
    return config.default_data_dir()


def sequence_number(name: str) -> int | None:
    """The sequence number in a record's name, None for a name from before numbering."""
    match = _NAME.match(name)
    if match is None or match["seq"] is None:
        return None
    return int(match["seq"])


def order_key(path: Path) -> tuple[Any, ...]:
    """Oldest first: numbered names by number, after every name from before numbering, and
    those by time, then by same-second suffix as a number (``-2`` after none, ``-10`` after
    ``-9``), whatever the game."""
    name = path.name
    match = _NAME.match(name)
    seq = None if match is None else match["seq"]
    if seq is not None:
        return (1, int(seq), "", 0, name)
    if match is None:
        return (0, 0, name, 0, name)
    return (0, 0, match["stamp"], int(match["again"] or 1), name)


def next_sequence_number(data_dir: Path) -> int:
    """One past the highest number any record in the directory has (kept aside ones too)."""
    highest = 0
    try:
        names = os.listdir(data_dir)
    except OSError:
        return 1
    for name in names:
        n = sequence_number(name)
        if n is not None:
            highest = max(highest, n)
    return highest + 1


def new_record_path(data_dir: Path, game: str, now: dt.datetime | None = None) -> Path:
    """A fresh record name with the time and the next sequence number:
    ``coda-2026-11-22T14-03-09.n7.jsonl``. The number, not the time, orders records."""
    if now is None:
        # Here, not at the top: the first frame of a new game is drawn before its record is
        # named (datetime is 1 ms of a laptop's start here, some 15 ms on a Pi Zero).
        import datetime as dt

        now = dt.datetime.now()
    stem = f"{game}-{now:%Y-%m-%dT%H-%M-%S}"
    n = next_sequence_number(data_dir)
    path = Path(data_dir) / f"{stem}.n{n}{RECORD_SUFFIX}"
    while path.exists():
        n += 1
        path = Path(data_dir) / f"{stem}.n{n}{RECORD_SUFFIX}"
    return path


def record_files(data_dir: Path) -> list[Path]:
    """Every record in the directory, oldest first (see :func:`order_key`)."""
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        return []
    return sorted(
        (p for p in data_dir.glob(f"*{RECORD_SUFFIX}") if UNREADABLE_MARK not in p.name),
        key=order_key,
    )


def set_aside(path: Path) -> Path:
    """Renames an unreadable record so it is kept but never resumed or listed as a game."""
    target = path.with_name(path.stem + UNREADABLE_MARK + path.suffix)
    n = 2
    while target.exists():
        target = path.with_name(f"{path.stem}{UNREADABLE_MARK}-{n}{path.suffix}")
        n += 1
    path.rename(target)
    return target


@dataclass(frozen=True)
class ResumeChoice:
    """What the device should do at start: resume ``path`` or start fresh, and why."""

    path: Path | None
    replay: Replay | None
    notices: tuple[str, ...] = ()


def choose_resume(data_dir: Path, record: Path | None = None) -> ResumeChoice:
    """The newest unfinished readable record; unreadable ones met on the way are set aside.

    Records are looked at newest first (by sequence number, see :func:`order_key`): finished
    ones are passed over, so an unfinished game is found whatever names the clock gave, and
    a new game is never started over one without a notice saying why.

    With ``record`` given (``--record FILE``) only that file is considered: an unfinished one
    is resumed, a finished one is left alone (the caller starts a new one beside it).
    """
    notices: list[str] = []
    if record is not None:
        return _resume(Path(record), notices) or ResumeChoice(None, None, tuple(notices))
    paths = record_files(data_dir)
    if not paths:
        return ResumeChoice(None, None, ())
    # Where there are records to look at (a first start has none: the cache's module, with
    # its summaries' class, was 0.5 ms of it here).
    from coda_pi.results_cache import ResultsCache

    cache = ResultsCache(data_dir)
    try:
        for path in reversed(paths):
            try:
                info = path.stat()
                if not stat.S_ISREG(info.st_mode):
                    notices.append(say("{name} is not a regular file (a FIFO or a device?), "
                                       "so it is not a record; it was passed over",
                                       name=_shown(path.name)))
                    continue
                if info.st_size == 0:
                    continue  # cut off before its header: nothing to resume
                summary, replay = cache.summary_and_replay(path)
                if summary.finished:
                    continue
            except OSError as err:
                notices.append(say("could not read {name}: {why}", name=_shown(path.name),
                                   why=_why(err)))
                continue
            # The replay that told it unfinished, when there was one: not a second.
            choice = _resume(path, notices, replay)
            if choice is not None:
                return choice
    finally:
        cache.save()
    return ResumeChoice(None, None, tuple(notices))


def _why(err: OSError) -> str:
    """An OSError's reason: the record reader's own sentence, or the system's reason said
    in the reader's language where shown (os_words)."""
    return config.os_reason(err)


def _shown(name: str) -> str:
    from coda_pi.safe_text import printable

    return printable(name)


def _resume(path: Path, notices: list[str], replay: Replay | None = None
            ) -> ResumeChoice | None:
    """The choice to resume ``path`` (replayed already as ``replay``, if given); None (and
    a notice why, if there is news) otherwise."""
    name = _shown(path.name)
    try:
        if not path.exists():
            return None
        if not path.is_file():
            notices.append(say("{name} is not a regular file (a FIFO or a device?), so it is "
                               "not a record; the game goes to a new record", name=name))
            return None
        if path.stat().st_size == 0:
            return None
        if replay is None:
            from coda_pi.replay import replay_file  # a record to resume: not every start

            replay = replay_file(path)
    except OSError as err:
        notices.append(say("could not read {name}: {why}", name=name, why=_why(err)))
        return None
    if not replay.resumable:
        where = (say("line {line}: {message}", line=replay.error.line,
                     message=replay.error.message) if replay.error else "")
        try:
            aside = set_aside(path)
        except OSError as err:
            # A read-only card, say: the file stays where it is, untouched, and the
            # device still starts (it will say the same at the next start).
            if err.errno == errno.EROFS:  # no new game can be saved either: say so
                notices.append(say(
                    "the record {name} could not be resumed ({where}) and the card is "
                    "read-only ({why}): it was left as it is, and no game can be saved until "
                    "the card can be written again", name=name, where=where, why=_why(err)))
                return None
            notices.append(say(
                "the record {name} could not be resumed ({where}) nor renamed ({why}); it was "
                "left as it is and a new game was started", name=name, where=where,
                why=_why(err)))
            return None
        notices.append(say(
            "the record {name} could not be resumed ({where}); it was kept as {aside} and a "
            "new game was started", name=name, where=where, aside=_shown(aside.name)))
        return None
    notices.extend(replay.warnings)
    if replay.summary()["finished"]:
        return None
    return ResumeChoice(path, replay, tuple(notices))


class DataDirBusy(OSError):
    """Another process holds the data directory."""


class DataDirLock:
    """The claim of one process on a data directory: an ``flock`` on the directory itself
    (no lock file to create, so a read-only card works too). The kernel drops it when the
    process ends, however it ends."""

    def __init__(self, directory: Path, fd: int) -> None:
        self.directory = directory
        self._fd = fd

    def release(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> DataDirLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def claim_data_dir(directory: Path) -> DataDirLock:
    """Takes the data directory for this process, making it if need be.

    Raises :class:`DataDirBusy` with a sentence to show when another coda-pi holds it, or
    ``OSError`` when the directory cannot be made or opened.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as err:
        os.close(fd)
        if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
            raise DataDirBusy(
                err.errno,
                say("another coda-pi is already using the data directory {directory} (the "
                    "service, or a copy on the desktop); stop it first, or give this one "
                    "another directory with --data-dir", directory=str(directory)),
            ) from None
        raise
    return DataDirLock(directory, fd)


def claim_data_dirs(data_dir: Path, record: Path | None) -> list[DataDirLock]:
    """Claims the data directory (and ``--record``'s directory) for this process.

    Raises ``DataDirBusy`` when another coda-pi holds one. A directory that cannot be made
    or opened is not claimed: the device then says why it cannot record, as before.
    """
    dirs = [Path(data_dir)]
    if record is not None and Path(record).parent.resolve() != Path(data_dir).resolve():
        dirs.append(Path(record).parent)
    locks: list[DataDirLock] = []
    try:
        for directory in dirs:
            try:
                locks.append(claim_data_dir(directory))
            except DataDirBusy:
                raise
            except OSError as err:
                log.warning("could not claim %s: %s", directory, err)
    except DataDirBusy:
        for lock in locks:
            lock.release()
        raise
    return locks


@dataclass(frozen=True)
class Result:
    """One past game or tournament, for the results list."""

    path: Path
    date: dt.datetime
    game: str
    players: tuple[str, ...]
    totals: tuple[int, ...]
    finished: bool
    error: str | None
    rounds: int = 0  # rounds (Coda) or games (Mastermind) played to their end

    @property
    def winners(self) -> tuple[str, ...]:
        if not self.finished or not self.totals:
            return ()
        best = max(self.totals)
        return tuple(p for p, t in zip(self.players, self.totals, strict=True) if t == best)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.path.name,
            "date": self.date.isoformat(timespec="seconds"),
            "game": self.game,
            "players": list(self.players),
            "totals": list(self.totals),
            "finished": self.finished,
            "winners": list(self.winners),
            "error": self.error,
        }


def results(data_dir: Path,
            progress: Callable[[int, int], None] | None = None) -> Iterator[Result]:
    """Every readable record in the directory, newest first.

    Each record's summary comes from the results cache while the file is unchanged, so only
    new or changed records are replayed. With ``progress``, every record the cache lacks is
    replayed first, and ``progress(done, of)`` told after each (a rebuild takes a while).
    """
    import datetime as dt  # the results are listed after the first frame (new_record_path)

    from coda_pi.results_cache import ResultsCache

    cache = ResultsCache(data_dir)
    paths = list(reversed(record_files(data_dir)))
    cache.forget_missing({p.name for p in paths})
    try:
        if progress is not None:
            cache.fill(paths, progress)
        for path in paths:
            try:
                s = cache.summary(path)
            except OSError:
                continue
            yield Result(
                path=path,
                date=dt.datetime.fromisoformat(s.date),
                game=s.game,
                players=s.players,
                totals=s.totals,
                finished=s.finished,
                error=s.error,
                rounds=s.rounds,
            )
    finally:
        cache.save()

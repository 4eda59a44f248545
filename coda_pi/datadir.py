"""The data directory: where game records live, which one to resume, and past results.

Records are never deleted or overwritten. One that cannot be read back (garbage in the
middle, a newer version) is moved aside under a new name so the device can start fresh
while the file stays for a person to look at.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coda_pi import config
from coda_pi.replay import Replay, replay_file

RECORD_SUFFIX = ".jsonl"
UNREADABLE_MARK = ".unreadable"


def default_data_dir() -> Path:
    """``$CODA_PI_DATA``, else ``$XDG_DATA_HOME/coda-pi`` (``~/.local/share/coda-pi``): where
    records go when the config file does not say (its ``[data] directory`` wins)."""
    return config.default_data_dir()


def new_record_path(data_dir: Path, game: str, now: dt.datetime | None = None) -> Path:
    """A fresh record name that sorts by time: ``coda-2026-11-22T14-03-09.jsonl``."""
    now = now or dt.datetime.now()
    stem = f"{game}-{now:%Y-%m-%dT%H-%M-%S}"
    path = Path(data_dir) / f"{stem}{RECORD_SUFFIX}"
    n = 2
    while path.exists():
        path = Path(data_dir) / f"{stem}-{n}{RECORD_SUFFIX}"
        n += 1
    return path


def record_files(data_dir: Path) -> list[Path]:
    """Every record in the directory, oldest first (names sort by time)."""
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        return []
    # By the time after the game's name: "mastermind-..." must not sort after every "coda-...".
    return sorted(
        (p for p in data_dir.glob(f"*{RECORD_SUFFIX}") if UNREADABLE_MARK not in p.name),
        key=lambda p: (p.name.partition("-")[2], p.name),
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
    """The latest record if it is unfinished and readable; unreadable ones are set aside.

    With ``record`` given (``--record FILE``) only that file is considered: an unfinished one
    is resumed, a finished one is left alone (the caller starts a new one beside it).
    """
    notices: list[str] = []
    candidates = [Path(record)] if record is not None else list(reversed(record_files(data_dir)))
    for path in candidates[:1]:
        if not path.exists() or path.stat().st_size == 0:
            return ResumeChoice(None, None, tuple(notices))
        try:
            replay = replay_file(path)
        except OSError as err:
            notices.append(f"could not read {path.name}: {err.strerror or err}")
            return ResumeChoice(None, None, tuple(notices))
        if replay.error is not None or replay.journal is None:
            where = f"line {replay.error.line}: {replay.error.message}" if replay.error else ""
            try:
                aside = set_aside(path)
            except OSError as err:
                # A read-only card, say: the file stays where it is, untouched, and the
                # device still starts (it will say the same at the next start).
                notices.append(
                    f"the record {path.name} could not be resumed ({where}) nor renamed "
                    f"({err.strerror or err}); it was left as it is and a new game was started"
                )
                return ResumeChoice(None, None, tuple(notices))
            notices.append(
                f"the record {path.name} could not be resumed ({where}); it was kept as "
                f"{aside.name} and a new game was started"
            )
            return ResumeChoice(None, None, tuple(notices))
        notices.extend(replay.warnings)
        if replay.summary()["finished"]:
            return ResumeChoice(None, None, tuple(notices))
        return ResumeChoice(path, replay, tuple(notices))
    return ResumeChoice(None, None, tuple(notices))


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


def _record_date(path: Path, header: dict[str, Any] | None) -> dt.datetime:
    stamp = header.get("t") if header else None
    if isinstance(stamp, str):
        try:
            return dt.datetime.fromisoformat(stamp)
        except ValueError:
            pass
    return dt.datetime.fromtimestamp(path.stat().st_mtime)


def results(data_dir: Path) -> Iterator[Result]:
    """Every readable record in the directory, newest first."""
    for path in reversed(record_files(data_dir)):
        try:
            replay = replay_file(path)
        except OSError:
            continue
        s = replay.summary()
        error = None
        if replay.error is not None:
            error = f"line {replay.error.line}: {replay.error.message}"
        yield Result(
            path=path,
            date=_record_date(path, replay.header),
            game=str(s.get("game") or ""),  # "": the header could not be read
            players=tuple(s["players"]),
            totals=tuple(s["totals"]),
            finished=bool(s["finished"]),
            error=error,
            rounds=len(s.get("rounds") or s.get("games") or []),
        )

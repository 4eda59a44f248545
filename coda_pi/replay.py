"""Replaying a game record: the state after every good line, and the first line that breaks
a rule. ``coda-pi replay`` prints this; the device resumes from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coda_pi.record import Journal, LineError, RecordLine, parse_record, read_file_bytes
from coda_pi.rules.errors import RuleError
from coda_pi.rules.games import GAMES, find_game, rules_of
from coda_pi.rules.sentence import say

__all__ = ["GAMES", "Replay", "journal_of", "replay_bytes", "replay_lines", "start_journal"]


@dataclass
class Replay:
    """What a record replays to."""

    header: dict[str, Any] | None
    journal: Journal[Any] | None
    error: LineError | None = None
    detail: str | None = None  # which panels broke the rule, for people
    warnings: list[str] = field(default_factory=list)
    lines: int = 0  # the number of the last line read
    # Table-pool play: the record ends on a line after which no arrangement of the unseen
    # panels fits. That line is the record's error (the spec), but the device wrote it as it
    # was told and waits for an undo: ``journal`` holds the state after it, for the device to
    # resume on the same halt; this is the state before it, the one replay reports.
    halted_before: Any = None

    @property
    def resumable(self) -> bool:
        """Whether the device can go on from this record: no error, or only the halt that
        waits for an undo."""
        return self.journal is not None and (self.error is None or self.halted_before is not None)

    @property
    def exit_code(self) -> int:
        return 2 if self.error else 0

    @property
    def game(self) -> Any:
        return None if self.journal is None else self.journal.game

    def summary(self) -> dict[str, Any]:
        """The spec's replay object, ``error`` included."""
        if self.halted_before is not None:
            out = self.halted_before.summary()
        elif self.journal is not None:
            out = self.journal.game.summary()
        else:
            out = _empty_summary(self.header)
        out["error"] = None if self.error is None else self.error.to_dict()
        return out


def _empty_summary(header: dict[str, Any] | None) -> dict[str, Any]:
    game = header.get("game") if header else None
    players = header.get("players") if header else None
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        players = []
    if game == "mastermind":
        return {"game": game, "players": players, "totals": [0] * len(players), "games": [],
                "finished": False}
    return {"game": game if isinstance(game, str) else None, "players": players,
            "totals": [0] * len(players), "rounds": [], "finished": False, "turn": None,
            "rows": []}


def journal_of(game: Any) -> Journal[Any]:
    """A journal of ``game`` (any game of ``rules/games.py``) taking record lines: the one
    journal replay, the device and the tests use, so a resumed game and a new one behave
    the same."""
    rules = rules_of(game)
    return Journal(game, rules.apply)


def start_journal(header: dict[str, Any]) -> Journal[Any]:
    """The journal of the game a header starts.

    :raises RuleError: when the header names no game coda-pi knows, or is wrong for it.
    """
    return journal_of(find_game(header.get("game")).start(header))


def replay_lines(lines: list[RecordLine], *, end_line: int = 1) -> Replay:
    """Replays parsed lines: the header first, then each event in order."""
    if not lines:
        return Replay(None, None, LineError(end_line, "the record is empty: it has no header"))
    first = lines[0]
    header = first.obj if isinstance(first.obj, dict) else None
    replay = Replay(header, None, lines=first.number)
    if header is None or "event" in header or "game" not in header:
        replay.error = LineError(first.number,
                                 say("the first line must be the header naming the game"))
        return replay
    fitted = header.get("game") == "coda" and _has_unknown_tiles(line.obj for line in lines[1:])
    try:
        replay.journal = _fitted_journal(header) if fitted else start_journal(header)
    except RuleError as err:
        replay.error = LineError(first.number, err.message)
        replay.detail = err.detail
        return replay
    # Table-pool play: the device halts after a line that leaves no arrangement of the unseen
    # panels fitting, until an undo (issue 24). Checked where play could go on past one. The
    # spec's letter: such a line is the error unless a later undo takes it back, so the
    # misfit found stands (``unfit``) until the undo that takes back its line. (A told-pool
    # device writes on past one, and its correction's undo lines take it back later.)
    watch = _fit_watch() if fitted else None
    standing: list[int] = []  # the lines applied and not taken back, latest last
    unfit = None
    for line in lines[1:]:
        undo = isinstance(line.obj, dict) and line.obj.get("event") == "undo"
        if watch is not None and (undo or _starts_round(line.obj)):
            found = watch.first_unfit(replay.journal.game)  # a new segment starts too
            unfit = unfit or found
            if unfit is not None and not undo:
                replay.error = LineError(unfit.line, unfit.why)
                replay.journal.game, replay.lines = unfit.before, unfit.last_good
                return replay
        if watch is not None and not undo:
            watch.before(line.number, replay.journal.game, replay.lines)
        try:
            if undo:
                replay.journal.undo()
                taken = standing.pop() if standing else None
                if unfit is not None and taken == unfit.line:
                    unfit = None
                    watch.first_unfit(replay.journal.game)  # fits again: the states since go
            else:
                replay.journal.apply(line.obj)
                standing.append(line.number)
        except RuleError as err:
            replay.error = LineError(line.number, err.message)
            replay.detail = err.detail
            return replay
        replay.lines = line.number
    if watch is not None:
        found = watch.first_unfit(replay.journal.game)
        unfit = unfit or found
    if unfit is not None and unfit.line == replay.lines:
        # The record ends there (a power cut while the device waited for the undo). The line
        # still breaks a rule (the spec: it is the error unless a later undo takes it back);
        # the device resumes on the same halt and says why it waits.
        replay.error = LineError(unfit.line, unfit.why)
        replay.halted_before = unfit.before
        replay.warnings.append(say("line {line}: {why}; the device waits for an undo",
                                   line=unfit.line, why=unfit.why))
    elif unfit is not None:
        replay.error = LineError(unfit.line, unfit.why)
        replay.journal.game, replay.lines = unfit.before, unfit.last_good
    return replay


def _starts_round(obj: Any) -> bool:
    return isinstance(obj, dict) and obj.get("event") == "round"


def _fit_watch() -> Any:
    from coda_pi.rules.table_fit import FitWatch  # the deduction engine: only when needed

    return FitWatch()


def _has_unknown_tiles(objs: Any) -> bool:
    """Whether record lines deal or draw a panel the referee has not seen (``D?``, ``L?``):
    table-pool play, the only records whose fit is checked (the others replay as fast)."""
    for obj in objs:
        if not isinstance(obj, dict) or obj.get("event") not in ("deal", "draw"):
            continue
        tiles = obj.get("row") if obj.get("event") == "deal" else [obj.get("tile")]
        if isinstance(tiles, list) and any(isinstance(t, str) and t.endswith("?")
                                           for t in tiles):
            return True
    return False


def _fitted_journal(header: dict[str, Any]) -> Journal[Any]:
    """A Coda journal whose game says when no arrangement fits (rules/table_fit.py)."""
    from coda_pi.rules.table_fit import FittedGame  # the deduction engine: only when needed

    return journal_of(FittedGame.from_header(header))


def replay_bytes(data: bytes) -> Replay:
    text = parse_record(data)
    replay = replay_lines(text.lines, end_line=1)
    # With no line before the corrupt one, "the record is empty" would hide the real fault.
    if text.error is not None and (replay.error is None or not text.lines):
        replay.error = text.error
    if text.torn_line is not None and text.error is None:
        replay.warnings.append(say(
            "line {line} was cut short (a write interrupted by a power loss?) and is ignored",
            line=text.torn_line))
    return replay


def replay_file(path: Path) -> Replay:
    """Replays the record at ``path``; an ``OSError`` when it cannot be read (a FIFO or a
    device is refused, not waited on)."""
    return replay_bytes(read_file_bytes(Path(path)))

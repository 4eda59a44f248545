"""Reading a record file as the device writes it: complete lines only, each with the public
projection of the game after it and how far the record may be released in full."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coda_pi.club.projection import public_event, public_header, public_state, round_closed
from coda_pi.record import Journal, on_card_size
from coda_pi.replay import start_journal
from coda_pi.rules.errors import RuleError


@dataclass
class Line:
    seq: int  # the line's number in the file, 1 for the header
    obj: dict[str, Any]
    public: dict[str, Any]  # the event as the table saw it
    state: dict[str, Any]  # the public state just after it


@dataclass
class FollowedRecord:
    """One record file, read up to its last complete line."""

    path: Path
    lines: list[Line] = field(default_factory=list)
    released: int = 0  # lines up to here belong to ended rounds (or the header)
    offset: int = 0  # bytes read
    error: str | None = None  # not a Coda record, or a line that breaks a rule: stop here
    finished: bool = False
    _journal: Journal[Any] | None = None

    @property
    def name(self) -> str:
        return self.path.stem

    def read_more(self) -> int:
        """Reads the complete lines added since the last call; returns how many."""
        if self.error is not None:
            return 0
        # A record this process writes is read only as far as the card holds it: a line
        # whose fsync has not returned is not the club's to publish yet (principle 5).
        on_card = on_card_size(self.path)
        if on_card is not None and on_card <= self.offset:
            return 0
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read() if on_card is None else f.read(on_card - self.offset)
        except OSError:
            return 0  # gone or unreadable for now: the next poll tries again
        end = data.rfind(b"\n") + 1  # a line without its newline is still being written
        if end == 0:
            return 0
        self.offset += end
        added = 0
        for raw in data[: end - 1].split(b"\n"):
            if not raw.strip():
                continue
            if self._take(raw):
                added += 1
            if self.error is not None:
                break
        return added

    def take(self, obj: dict[str, Any]) -> bool:
        """One line handed over as the device wrote it, for a follower without a file (the
        twin-world tests follow a record in memory)."""
        return self._take(json.dumps(obj).encode("utf-8"))

    def _take(self, raw: bytes) -> bool:
        seq = len(self.lines) + 1
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            self.error = f"line {seq} is not JSON"
            return False
        if not isinstance(obj, dict):
            self.error = f"line {seq} is not an object"
            return False
        try:
            if self._journal is None:
                if obj.get("game") != "coda":
                    self.error = "not a Coda record"
                    return False
                self._journal = start_journal(obj)
                public = public_header(obj)
            else:
                if obj.get("event") == "undo":
                    self._journal.undo()
                else:
                    self._journal.apply(obj)
                public = public_event(obj, self._journal.game)
        except RuleError as err:
            self.error = f"line {seq}: {err.message}"
            return False
        game = self._journal.game
        self.lines.append(Line(seq, obj, public, public_state(game)))
        if round_closed(game) and obj.get("event") != "undo":
            # Only an event closes a round: an undo back to a closed state (a round start
            # taken back) leaves the undone lines held, for they hold deals made again
            # alike, from the same seed, once play goes on.
            self.released = seq
        self.finished = game.finished
        return True

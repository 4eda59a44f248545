"""Stand-ins for the referee's edges, for tests, benchmarks and the headless demo.

``FakeClock`` is a clock that moves only when told; ``MemoryRecord`` is a record sink that
keeps the lines in a list (and can be told to fail like a full disk); ``Table`` presses
buttons on a referee the way hands do, and runs the loop's part: ticking at deadlines.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.ports import FakeClock
from coda_pi.referee.shared.signals import Button, Cue, Intent, Press, Release

__all__ = ["FakeClock", "MemoryRecord", "Table"]


@dataclass
class MemoryRecord:
    """A record sink in memory. ``fail`` set to an exception makes each write raise it."""

    lines: list[dict[str, Any]] = field(default_factory=list)
    fail: Exception | None = None

    def write(self, obj: dict[str, Any]) -> None:
        if self.fail is not None:
            raise self.fail
        self.lines.append(json.loads(json.dumps(obj)))  # only what JSON keeps

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        return [o for o in self.lines[1:] if kind is None or o.get("event") == kind]

    def save(self, path: Path) -> Path:
        path.write_text("".join(json.dumps(o) + "\n" for o in self.lines), encoding="utf-8")
        return path


@dataclass
class Table:
    """Hands on the buttons of one referee, and the loop's clock."""

    referee: Referee
    clock: FakeClock
    cues: list[Cue] = field(default_factory=list)

    def send(self, intent: Intent) -> None:
        self.referee.handle(intent)
        self.cues.extend(self.referee.take_cues())

    def tap(self, button: Button, times: int = 1) -> None:
        for _ in range(times):
            self.send(Press(button))
            self.send(Release(button))

    def press(self, button: Button) -> None:
        self.send(Press(button))

    def release(self, button: Button) -> None:
        self.send(Release(button))

    def seat(self, seat: int) -> Button:
        return Button.for_seat(seat)

    def wait(self, seconds: float) -> None:
        """Lets time pass as the loop would: waking at each deadline on the way."""
        end = self.clock.now + seconds
        while True:
            deadline = self.referee.next_deadline()
            if deadline is None or deadline > end:
                break
            self.clock.now = max(self.clock.now, deadline)
            self.referee.tick()
            self.cues.extend(self.referee.take_cues())
            after = self.referee.next_deadline()
            if after is not None and after <= self.clock.now:
                raise AssertionError(f"tick left a deadline in the past ({after})")
        self.clock.now = end

    def take_cues(self) -> list[Cue]:
        cues, self.cues = self.cues, []
        return cues

"""What a Coda deduction starts from: ``Panel`` and ``View`` (what one onlooker knows), and
``Prepared`` (a view turned into a counting problem). Pure; beside ``deduction`` (which
counts) and ``deduction_explain`` (which says why nothing fits), so neither imports the
other back."""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.rules.deduction_count import Problem
from coda_pi.rules.tiles import Color, Tile


@dataclass(frozen=True, slots=True)
class Panel:
    """One panel as the viewer sees it. ``tile`` is set when the viewer knows it: knocked
    down or placed face up (``revealed``), or the viewer's own. ``missed`` holds the values
    ("0".."11", "-") answered wrong at this panel while it has stood hidden."""

    color: Color
    tile: Tile | None = None
    revealed: bool = False
    missed: frozenset[str] = frozenset()

    @property
    def hidden(self) -> bool:
        """Standing and unknown to the viewer: a slot a deal must fill."""
        return self.tile is None


@dataclass(frozen=True, slots=True)
class View:
    """Everything one onlooker knows about a Coda round at one moment."""

    rows: tuple[tuple[Panel, ...], ...]
    dashes: bool = False
    drawn: Panel | None = None  # the panel the current player drew and holds aside
    drawn_seat: int | None = None
    names: tuple[str, ...] = ()  # for sentences; "seat N" when missing

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"seat {seat}"


@dataclass
class Prepared:
    problem: Problem
    drawn_color: int | None  # colour of a held drawn panel the viewer cannot see
    leftover: int  # unseen panels of that colour the rows leave for it
    unseen: frozenset[Tile]

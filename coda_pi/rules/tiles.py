"""Coda panels ("tiles") and the order rule.

A tile is written as in the game record: ``D0``..``D11`` and ``L0``..``L11`` for numbered
panels, ``D-`` / ``L-`` for the dashes of advanced play, and ``D?`` / ``L?`` for a panel whose
colour is known and whose number is not (table-pool play). The colour of every panel is
public: the backs of the real panels show it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from coda_pi.rules.errors import OrderError, RuleError
from coda_pi.rules.sentence import Sentence, say

HIGHEST = 11
NUMBERS: tuple[int, ...] = tuple(range(HIGHEST + 1))
DASH_VALUE = "-"


class Color(Enum):
    DARK = "D"
    LIGHT = "L"

    @property
    def word(self) -> str:
        return "dark" if self is Color.DARK else "light"


# Each text read, by the class that read it (only texts that are tiles get here: a few dozen).
_PARSED: dict[tuple[type, str], Tile] = {}


@dataclass(frozen=True, slots=True)
class Tile:
    """One panel. ``number`` is None for a dash and for an unknown panel."""

    color: Color
    number: int | None = None
    dash: bool = False

    @classmethod
    def parse(cls, text: object) -> Tile:
        """Reads ``D5``, ``L-`` or ``D?``; anything else is a RuleError.

        A text read once is not read again: a replay, a sim player and an entered pool's
        claims read the same few dozen texts hundreds of thousands of times, and a tile is
        a frozen value (equal to a new one read from the text)."""
        if type(text) is str:
            known = _PARSED.get((cls, text))
            if known is not None:
                return known
            tile = _PARSED[(cls, text)] = cls._read(text)
            return tile
        return cls._read(text)

    @classmethod
    def _read(cls, text: object) -> Tile:
        if not isinstance(text, str) or len(text) < 2 or text[0] not in "DL":
            raise RuleError(say("{text} is not a {panel} (write D0..D11, L0..L11, D- or L-)",
                                text=repr(text)))
        color = Color(text[0])
        rest = text[1:]
        if rest == DASH_VALUE:
            return cls(color, None, dash=True)
        if rest == "?":
            return cls(color, None)
        if rest.isdigit() and rest == str(int(rest)) and int(rest) <= HIGHEST:
            return cls(color, int(rest))
        raise RuleError(say("{text} is not a {panel} (write D0..D11, L0..L11, D- or L-)",
                                text=repr(text)))

    @property
    def known(self) -> bool:
        return self.dash or self.number is not None

    @property
    def value(self) -> str:
        """What a guess names: ``"0"``..``"11"``, ``"-"``, or ``"?"`` when unknown."""
        if self.dash:
            return DASH_VALUE
        return "?" if self.number is None else str(self.number)

    @property
    def rank(self) -> int | None:
        """Position in the order rule; None for dashes and unknown panels, which have none."""
        if self.number is None:
            return None
        return 2 * self.number + (0 if self.color is Color.DARK else 1)

    @property
    def face(self) -> int:
        """Points the panel is worth in the bonus: its number, 0 for a dash."""
        return self.number or 0

    def __str__(self) -> str:
        return self.color.value + self.value

    # A tile is immutable, so a copied game state may share it: this makes the journal's
    # per-event snapshot several times cheaper.
    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Tile:
        return self

    def __repr__(self) -> str:
        return f"Tile({self})"


def colour_word(color: Color) -> Sentence:
    """"dark" or "light", as a word the edge translates (``coda_pi.rules.sentence``)."""
    return say("dark") if color is Color.DARK else say("light")


def full_set(*, dashes: bool) -> frozenset[Tile]:
    """The panels in the box for a game: 24 numbered, plus the two dashes in advanced play."""
    tiles = {Tile(c, n) for c in Color for n in NUMBERS}
    if dashes:
        tiles |= {Tile(c, None, dash=True) for c in Color}
    return frozenset(tiles)


def order_breach(row: Sequence[Tile]) -> tuple[Tile, Tile] | None:
    """The first two panels that break the order rule (left, right), or None when the row
    is in order. Only numbered panels are ordered: dashes and unknown panels have no rank.
    """
    previous: Tile | None = None
    for tile in row:
        if tile.rank is None:
            continue
        if previous is not None and previous.rank is not None and previous.rank >= tile.rank:
            return previous, tile
        previous = tile
    return None


def describe_breach(left: Tile, right: Tile, name: Callable[[Tile], object] | None = None) -> str:
    """``"L5 cannot stand left of D5"``; ``name`` writes a panel in the table's labels."""
    def named(tile: Tile) -> object:  # a Tile is written in the table's labels at the edge
        return tile if name is None else name(tile)

    if left.rank == right.rank:
        return say("there is only one {tile}", tile=named(right))
    return say("{left} cannot stand left of {right}", left=named(left), right=named(right))


def order_problem(row: Sequence[Tile]) -> str | None:
    """Says which two panels break the order rule, or None when the row is in order."""
    breach = order_breach(row)
    return None if breach is None else describe_breach(*breach)


def check_order(row: Sequence[Tile]) -> None:
    """Raises OrderError naming the offending pair when the row is out of order."""
    problem = order_problem(row)
    if problem is not None:
        raise OrderError(problem)


def sorted_row(tiles: Iterable[Tile]) -> list[Tile]:
    """Numbered panels in order; dashes (which the player places) go last."""
    tiles = list(tiles)
    numbered = sorted((t for t in tiles if t.rank is not None), key=lambda t: t.rank or 0)
    return numbered + [t for t in tiles if t.rank is None]


def legal_slots(row: Sequence[Tile], tile: Tile) -> list[int]:
    """Every slot (0..len(row)) where ``tile`` may be inserted without breaking the order rule."""
    return [i for i in range(len(row) + 1) if order_problem([*row[:i], tile, *row[i:]]) is None]

"""Telling the device privately which real panels a player drew: the entry, without a screen.

In "entered" pool play the panels lie face down on the table as in the box rules; a player
draws one at random and tells the device what it is while holding their seat button. The
others watch the hands on the buttons, so how many presses an entry takes must not tell
them the number (design principle 4). Hence the number dial: it does not start at 0, nor at
the number entered before (which would give away the gaps of an ordered row), but at a
random place chosen afresh for every panel and shown only on the private screen. Whatever
the panel, the moves to reach it are then uniform over the dial: about 3 for 12 numbers.

The colour is public (the backs of the real panels show it), so it costs one press and no
cover: PREV for dark, NEXT for light. At a draw the colour is already known.

A starting row is entered slot by slot, left to right, then shown whole for a last look: OK
confirms it, and the order rule is checked then (privately: a refusal says why). BACK steps
back through the entry, so a slip is fixed before anything is recorded.

Pure: the random starts come in as ``pads``; keys come in one at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from coda_pi.rules.sentence import say
from coda_pi.rules.tiles import DASH_VALUE, NUMBERS, Color, Tile, order_problem


class Key(Enum):
    """The buttons an entry listens to (the seat button is held throughout)."""

    PREV = "prev"
    NEXT = "next"
    OK = "ok"
    BACK = "back"


class Stage(Enum):
    COLOUR = "colour"  # PREV: dark, NEXT: light
    NUMBER = "number"  # PREV/NEXT turn the dial, OK takes the number
    REVIEW = "review"  # a starting row, whole: OK confirms
    DONE = "done"  # the entry is complete: the referee records it


class Outcome(Enum):
    """What a key did, for the referee: go on, the entry is complete, or it was left."""

    MOVED = "moved"
    DONE = "done"
    LEFT = "left"  # BACK before anything was entered: the entry is set aside
    REFUSED = "refused"  # the key does nothing here; ``problem`` says why


# Both dials made once: a private screen asks for its dial's numbers on every redraw.
_DIALS: dict[bool, tuple[str, ...]] = {
    dashes: (*(str(n) for n in NUMBERS), *((DASH_VALUE,) if dashes else ()))
    for dashes in (False, True)}


def dial_values(*, dashes: bool) -> tuple[str, ...]:
    """The numbers on the dial: 0..11, and the dash in advanced play."""
    return _DIALS[bool(dashes)]


def tile_of(colour: Color, value: str) -> Tile:
    return Tile(colour, None, dash=True) if value == DASH_VALUE else Tile(colour, int(value))


@dataclass
class PanelEntry:
    """One private entry: a starting row of ``size`` panels, or one drawn panel.

    ``pads`` holds the dial's random starting place for each slot (an index into
    ``dial_values``); ``colour`` is the drawn panel's colour, known before its entry.
    """

    size: int
    dashes: bool
    pads: Sequence[int]
    colour: Color | None = None
    stage: Stage = Stage.COLOUR
    slot: int = 0
    colours: list[Color | None] = field(default_factory=list)
    dials: list[int | None] = field(default_factory=list)  # the dial's place, per slot
    taken: list[bool] = field(default_factory=list)  # OK pressed on that slot's number
    presses: int = 0
    problem: str | None = None  # private: why the last OK was refused

    @classmethod
    def starting_row(cls, hand: int, *, dashes: bool, pads: Sequence[int]) -> PanelEntry:
        return cls(hand, dashes, pads)

    @classmethod
    def drawn(cls, colour: Color, *, dashes: bool, pad: int) -> PanelEntry:
        return cls(1, dashes, (pad,), colour=colour, stage=Stage.NUMBER)

    @classmethod
    def prefilled(cls, row: Sequence[Tile], *, dashes: bool) -> PanelEntry:
        """A starting row entered before (taken back by an undo), at its last look: fix a
        panel with BACK, or confirm it as it is."""
        values = dial_values(dashes=dashes)
        entry = cls(len(row), dashes, [values.index(t.value) for t in row])
        entry.colours = [t.color for t in row]
        entry.taken = [True] * len(row)
        entry.slot = len(row) - 1
        entry.stage = Stage.REVIEW
        return entry

    def __post_init__(self) -> None:
        if self.size < 1 or len(self.pads) != self.size:
            raise ValueError("an entry needs one random start per panel")
        values = self.values
        self.colours = [self.colour] * self.size
        self.dials = [pad % len(values) for pad in self.pads]
        self.taken = [False] * self.size

    # -- what the private screen shows ------------------------------------------------------

    @property
    def values(self) -> tuple[str, ...]:
        return dial_values(dashes=self.dashes)

    @property
    def is_draw(self) -> bool:
        return self.colour is not None

    @property
    def shown(self) -> str:
        """The number under the dial now (the private screen's big figure)."""
        dial = self.dials[self.slot]
        assert dial is not None
        return self.values[dial]

    def partial(self) -> list[Tile | None]:
        """The row so far: a slot is a Tile once its number was taken, else None."""
        out: list[Tile | None] = []
        values = self.values
        for colour, dial, taken in zip(self.colours, self.dials, self.taken, strict=True):
            out.append(tile_of(colour, values[dial])
                       if taken and colour is not None and dial is not None else None)
        return out

    def tiles(self) -> tuple[Tile, ...]:
        """The entered panels, left to right; only once the entry is DONE."""
        if self.stage is not Stage.DONE:
            raise ValueError("the entry is not complete")
        row = self.partial()
        assert all(t is not None for t in row)
        return tuple(t for t in row if t is not None)

    # -- keys ----------------------------------------------------------------------------

    def press(self, key: Key) -> Outcome:
        """One button press while the seat button is held."""
        self.presses += 1
        self.problem = None
        match self.stage:
            case Stage.COLOUR:
                return self._colour_key(key)
            case Stage.NUMBER:
                return self._number_key(key)
            case Stage.REVIEW:
                return self._review_key(key)
        return Outcome.REFUSED

    def refuse(self, problem: str) -> None:
        """The referee could not take the complete entry (a panel it already has elsewhere):
        back to the last look, or to the drawn panel's dial, with the reason."""
        self.stage = Stage.NUMBER if self.is_draw else Stage.REVIEW
        if self.is_draw:
            self.taken[0] = False
        self.problem = problem

    def _colour_key(self, key: Key) -> Outcome:
        if key in (Key.PREV, Key.NEXT):
            self.colours[self.slot] = Color.DARK if key is Key.PREV else Color.LIGHT
            self.stage = Stage.NUMBER
            return Outcome.MOVED
        if key is Key.OK:
            if self.colours[self.slot] is None:
                self.problem = say("PREV: dark, NEXT: light")
                return Outcome.REFUSED
            self.stage = Stage.NUMBER  # back here to fix the number: keep the colour
            return Outcome.MOVED
        if self.slot == 0:
            return Outcome.LEFT
        self.slot -= 1
        self.stage = Stage.NUMBER
        self.taken[self.slot] = False
        return Outcome.MOVED

    def _number_key(self, key: Key) -> Outcome:
        dial = self.dials[self.slot]
        assert dial is not None
        if key in (Key.PREV, Key.NEXT):
            step = -1 if key is Key.PREV else 1
            self.dials[self.slot] = (dial + step) % len(self.values)
            return Outcome.MOVED
        if key is Key.BACK:
            if self.is_draw:
                return Outcome.LEFT
            self.stage = Stage.COLOUR
            return Outcome.MOVED
        self.taken[self.slot] = True
        if self.is_draw:
            self.stage = Stage.DONE
            return Outcome.DONE
        if self.slot + 1 < self.size:
            self.slot += 1
            self.stage = Stage.COLOUR
        else:
            self.stage = Stage.REVIEW
        return Outcome.MOVED

    def _review_key(self, key: Key) -> Outcome:
        if key is Key.BACK:
            self.stage = Stage.NUMBER
            self.taken[self.slot] = False
            return Outcome.MOVED
        if key is not Key.OK:
            return Outcome.REFUSED
        row = [t for t in self.partial() if t is not None]
        problem = order_problem(row)
        if problem is not None:
            self.problem = say("{problem}: press BACK to fix the entry, or stand the row again",
                               problem=problem)
            return Outcome.REFUSED
        self.stage = Stage.DONE
        return Outcome.DONE


def dial_moves(start: int, goal: int, size: int) -> list[Key]:
    """The shortest turn of the dial from ``start`` to ``goal``: NEXT on a tie."""
    ahead = (goal - start) % size
    return [Key.NEXT] * ahead if ahead <= size - ahead else [Key.PREV] * (size - ahead)


def keys_to_enter(entry: PanelEntry, panels: Sequence[Tile]) -> list[Key]:
    """The presses of a player who enters ``panels`` without a slip, from a fresh entry: what
    the simulated players press, and what the benchmark counts."""
    if entry.stage is Stage.DONE or entry.slot != 0 or len(panels) != entry.size:
        raise ValueError("keys_to_enter starts from a fresh entry of the same size")
    values = entry.values
    keys: list[Key] = []
    for slot, tile in enumerate(panels):
        if not entry.is_draw:
            keys.append(Key.PREV if tile.color is Color.DARK else Key.NEXT)
        elif tile.color is not entry.colour:
            raise ValueError(f"the drawn panel is {entry.colour}, not {tile}")
        start = entry.dials[slot]
        assert start is not None
        keys += dial_moves(start, values.index(tile.value), len(values))
        keys.append(Key.OK)
    if not entry.is_draw:
        keys.append(Key.OK)  # the last look at the whole row
    return keys

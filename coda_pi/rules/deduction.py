"""Exact deduction for Coda: which panels each standing panel can still be, and how likely.

Pure. The input is a ``View``: what one onlooker knows (every panel's colour, the panels
knocked down or placed face up, the values answered "wrong" at each panel (a known panel
named so was lied about), the colour of a drawn panel held aside, and for a player their own
panels). The output is an ``Analysis``: the exact number of consistent deals and, for every
standing panel, the exact probability of each tile, every consistent deal counted as equally
likely.

A *deal* gives an unseen panel to every standing slot the viewer cannot see and to the held
drawn panel; the other unseen panels lie in the pool in no order.

The counting itself (no deal is ever listed) is in ``deduction_count``: a dynamic programme
over the rows' fill pointers while the panels are walked in rank order. The drawn panel has
no place in any row, so it is left out of the walk: whatever the rows take, exactly ``m``
unseen panels of its colour remain (a constant), so it multiplies the count by ``m`` and is
a uniform pick of what the rows leave.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from coda_pi.rules.deduction_count import RANKS, Counts, HiddenSlot, Problem, count, rank_tile
from coda_pi.rules.deduction_shapes import Panel, Prepared, View
from coda_pi.rules.sentence import Sentence, say
from coda_pi.rules.tiles import Color, Tile, full_set, order_problem

_COLORS = (Color.DARK, Color.LIGHT)
_BOXES = {d: full_set(dashes=d) for d in (False, True)}


@dataclass
class Analysis:
    """What the view allows. ``slots`` maps (seat, slot) of every standing panel to the
    probability of each tile (known ones: probability 1). ``worlds`` is the number of
    consistent deals; 0 exactly when ``contradiction`` says why none exists."""

    worlds: int
    slots: dict[tuple[int, int], dict[Tile, Fraction]] = field(default_factory=dict)
    drawn: dict[Tile, Fraction] | None = None
    contradiction: str | None = None

    @property
    def consistent(self) -> bool:
        return self.contradiction is None

    def certain(self, seat: int, slot: int) -> Tile | None:
        """The tile a standing panel must be, or None when it may still be several."""
        p = self.slots.get((seat, slot), {})
        return next((t for t, f in p.items() if f == 1), None)


# -- from a view to a problem and back ---------------------------------------------------


class Impossible(Exception):
    """The view cannot happen at all; the message says why, for people."""


def prepare(view: View) -> Prepared:
    """The counting problem of a view; Impossible when its known panels already clash."""
    box = _BOXES[view.dashes]
    # Where each known panel stands, worded only for a message: a view has dozens of known
    # panels and is prepared after every line of told-pool play, and is rarely impossible.
    where: dict[Tile, Callable[[], Sentence]] = {}

    def see(tile: Tile, color: Color, where_it_is: Callable[[], Sentence]) -> None:
        if tile.known and tile.color is color and tile in box and tile not in where:
            where[tile] = where_it_is
            return
        place = where_it_is()
        if not tile.known:
            raise Impossible(say("{place} is marked known but has no number", place=place))
        if tile.color is not color:
            raise Impossible(say("{place} is a {color} {panel}, not {tile}", place=place,
                                 color=say("dark") if color is Color.DARK else say("light"),
                                 tile=tile))
        if tile not in box:
            raise Impossible(say("there is no {tile} in this game", tile=tile))
        raise Impossible(say("{tile} cannot stand both at {first} and at {second}",
                             tile=tile, first=where[tile](), second=place))

    for seat, row in enumerate(view.rows):
        for i, panel in enumerate(row):
            if panel.tile is not None:
                # A literal say() call, which the catalogs' extraction finds (a partial is
                # not found: Spanish screens would name the place in English).
                see(panel.tile, panel.color, lambda seat=seat, n=i + 1: say(
                    "{name}'s {panel} {n}", name=view.name(seat), n=n))
                if panel.tile.value in panel.missed:
                    raise Impossible(say(
                        '{name} answered "wrong" to {value} at {panel} {n}, but that {panel} '
                        "is {tile}", name=view.name(seat), value=panel.tile.value, n=i + 1,
                        tile=panel.tile))
        problem = order_problem([p.tile for p in row if p.tile is not None])
        if problem is not None:
            raise Impossible(say("{name}'s row is out of order: {problem}",
                                 name=view.name(seat), problem=problem))
    if view.drawn is not None and view.drawn.tile is not None:
        see(view.drawn.tile, view.drawn.color, lambda: say("the drawn {panel}"))
    unseen = box - where.keys()
    free_dash = (Tile(Color.DARK, dash=True) in unseen, Tile(Color.LIGHT, dash=True) in unseen)
    chains = []
    for seat, row in enumerate(view.rows):
        chain = _chain(seat, row, free_dash)
        if chain:
            chains.append(tuple(chain))
    ranks = tuple(sorted(t.rank for t in unseen if t.rank is not None))
    drawn_color = None
    leftover = 0
    if view.drawn is not None and view.drawn.tile is None:
        drawn_color = 0 if view.drawn.color is Color.DARK else 1
        color = view.drawn.color
        slots = sum(1 for ch in chains for s in ch if s.color == drawn_color)
        leftover = sum(1 for t in unseen if t.color is color) - slots
    return Prepared(Problem(tuple(chains), ranks, free_dash), drawn_color, leftover,
                    frozenset(unseen))


def _chain(seat: int, row: Sequence[Panel], free_dash: tuple[bool, bool]) -> list[HiddenSlot]:
    ranks = [None if p.tile is None else p.tile.rank for p in row]
    # The greatest known rank left of each place and the least right of it, in two passes.
    above = [-1] * len(row)
    below = [RANKS] * len(row)
    for i in range(1, len(row)):
        rank = ranks[i - 1]
        above[i] = above[i - 1] if rank is None else max(above[i - 1], rank)
    for i in range(len(row) - 2, -1, -1):
        rank = ranks[i + 1]
        below[i] = below[i + 1] if rank is None else min(below[i + 1], rank)
    out = []
    for i, panel in enumerate(row):
        if not panel.hidden:
            continue
        lo, hi = above[i], below[i]
        color = 0 if panel.color is Color.DARK else 1
        banned = frozenset(2 * int(v) + color for v in panel.missed if v.isdigit())
        dash_ok = free_dash[color] and "-" not in panel.missed
        out.append(HiddenSlot(seat, i, color, lo, hi, banned, dash_ok))
    return out


def analyze(view: View) -> Analysis:
    """The exact number of consistent deals and every standing panel's probabilities."""
    from coda_pi.rules.deduction_explain import explain  # the sentences live beside

    try:
        prepared = prepare(view)
    except Impossible as err:
        return Analysis(0, contradiction=err.args[0])
    counts = count(prepared.problem)
    worlds = counts.total
    if prepared.drawn_color is not None:
        worlds *= max(prepared.leftover, 0)
    if worlds == 0:
        return Analysis(0, contradiction=explain(view, prepared))
    return _assemble(view, prepared, counts, worlds)


def _assemble(view: View, prepared: Prepared, counts: Counts, worlds: int) -> Analysis:
    total = counts.total
    slots: dict[tuple[int, int], dict[Tile, Fraction]] = {}
    # Deals (of the rows) in which a tile stands in some row, by rank (a dash: -1 - colour);
    # ints hash much faster than tiles.
    taken: dict[int, int] = {}
    for ci, chain in enumerate(prepared.problem.chains):
        for p, slot in enumerate(chain):
            tally = counts.per_slot[ci][p]
            probs: dict[Tile, Fraction] = {}
            for rank in sorted(tally):
                n = tally[rank]
                probs[rank_tile(rank)] = Fraction(n, total)
                taken[rank] = taken.get(rank, 0) + n
            dashes = counts.dash_count(ci, p)
            if dashes:
                dash = Tile(_COLORS[slot.color], dash=True)
                probs[dash] = Fraction(dashes, total)
                taken[-1 - slot.color] = taken.get(-1 - slot.color, 0) + dashes
            slots[(slot.seat, slot.index)] = probs
    for seat, row in enumerate(view.rows):
        for i, panel in enumerate(row):
            if panel.tile is not None and not panel.revealed:
                slots[(seat, i)] = {panel.tile: Fraction(1)}
    drawn: dict[Tile, Fraction] | None = None
    if view.drawn is not None:
        if view.drawn.tile is not None:
            drawn = {view.drawn.tile: Fraction(1)}
        else:
            color = view.drawn.color
            left = prepared.leftover
            pool = sorted((t for t in prepared.unseen if t.color is color),
                          key=lambda t: (t.rank is None, t.rank or 0))
            drawn = {}
            dash_key = -1 if color is Color.DARK else -2
            for tile in pool:
                key = dash_key if tile.rank is None else tile.rank
                share = Fraction(total - taken.get(key, 0), total * left)
                if share:
                    drawn[tile] = share
    ordered = dict(sorted(slots.items()))
    return Analysis(worlds, ordered, drawn)

"""Exact deduction for Coda: which panels each standing panel can still be, and how likely.

Pure. The input is a ``View``: what one onlooker knows (every panel's colour, the panels
knocked down or placed face up, the values answered "wrong" at panels still standing, the
colour of a drawn panel held aside, and for a player their own panels). The output is an
``Analysis``: the exact number of consistent deals and, for every standing panel, the exact
probability of each tile, every consistent deal counted as equally likely.

A *deal* gives an unseen panel to every standing slot the viewer cannot see and to the held
drawn panel; the other unseen panels lie in the pool in no order.

How it counts without listing deals: walk the numbered panels in rank order, tracking for
each row how many of its hidden slots are filled (a row fills left to right, so rising ranks
keep it in order). Each panel goes to the pool or to the next slot of one row; a dynamic
programme over those pointers counts every deal at once, and a backward pass gives each
slot's marginals. Dashes have no rank: a dash may take a hidden slot of its colour at the
moment the row's pointer reaches that slot, so two bits (dark dash used, light dash used)
join the state. The drawn panel has no place in any row, so it is left out of the walk:
whatever the rows take, exactly ``m`` unseen panels of its colour remain (a constant), so it
multiplies the count by ``m`` and is a uniform pick of what the rows leave.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from coda_pi.rules.tiles import Color, Tile, full_set, order_problem

RANKS = 24  # numbered panels: ranks 0..23
_COLORS = (Color.DARK, Color.LIGHT)


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


# -- the counting problem ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HiddenSlot:
    """A slot a deal must fill: its colour (0 dark, 1 light), the open rank interval that the
    known panels around it leave, the ranks answered wrong there, and whether the dash of
    its colour may stand there."""

    seat: int
    index: int
    color: int
    lo: int
    hi: int
    banned: frozenset[int]
    dash_ok: bool

    def takes(self, rank: int) -> bool:
        return rank & 1 == self.color and self.lo < rank < self.hi and rank not in self.banned


@dataclass(frozen=True, slots=True)
class Problem:
    """Rows of hidden slots (left to right), the unseen numbered ranks, the unseen dashes."""

    chains: tuple[tuple[HiddenSlot, ...], ...]
    ranks: tuple[int, ...]
    free_dash: tuple[bool, bool]


@dataclass
class Counts:
    """The DP's answer: ``total`` fillings of the chains, and per (chain, slot) how many of
    them put each rank there (dashes are what is left of ``total``)."""

    total: int
    per_slot: list[list[dict[int, int]]]

    def dash_count(self, chain: int, slot: int) -> int:
        return self.total - sum(self.per_slot[chain][slot].values())


def rank_tile(rank: int) -> Tile:
    return Tile(_COLORS[rank & 1], rank >> 1)



_Table = dict[int, tuple[int, ...]]
# One row's chance at one panel: (row, pointer offset, pointer mask, accepting pointers as
# bits, one step, the row's dash table or None, the key mask for that table).
_Move = tuple[int, int, int, int, int, "_Table | None", int]


def count(problem: Problem, *, marginals: bool = True) -> Counts:
    """Counts every way to fill the chains in order, and (optionally) each slot's tallies."""
    chains = problem.chains
    per_slot: list[list[dict[int, int]]] = [[{} for _ in ch] for ch in chains]
    if not chains:
        return Counts(1, per_slot)
    offs: list[int] = []
    wms: list[int] = []
    off = 0
    for ch in chains:
        width = len(ch).bit_length()
        offs.append(off)
        wms.append((1 << width) - 1)
        off += width
    pointers_mask = (1 << off) - 1
    dbit = [0, 0]
    for c in (0, 1):
        if problem.free_dash[c]:
            dbit[c] = 1 << off
            off += 1
    bits_mask = dbit[0] | dbit[1]
    full = sum(len(ch) << offs[r] for r, ch in enumerate(chains))
    tables = [_dash_table(ch, offs[r], dbit) for r, ch in enumerate(chains)]

    # Start: a row may open with dashes.
    layer: dict[int, int] = {0: 1}
    for r, table in enumerate(tables):
        if table is None:
            continue
        key_mask = (wms[r] << offs[r]) | bits_mask
        nxt: dict[int, int] = {}
        for s, v in layer.items():
            for d in table.get(s & key_mask, (0,)):
                nxt[s + d] = nxt.get(s + d, 0) + v
        layer = nxt

    all_moves = [
        _moves(chains, rank, offs, wms, tables, bits_mask) for rank in problem.ranks
    ]
    layers = [layer]
    for moves in all_moves:
        nxt = dict(layer)  # the panel goes to the pool
        if moves:
            for s, v in layer.items():
                for _r, off_r, wm, acc, step, table, key_mask in moves:
                    if acc >> ((s >> off_r) & wm) & 1:
                        u = s + step
                        if table is None:
                            nxt[u] = nxt.get(u, 0) + v
                        else:
                            for d in table.get(u & key_mask, (0,)):
                                nxt[u + d] = nxt.get(u + d, 0) + v
        layers.append(nxt)
        layer = nxt

    back = {s: 1 for s in layer if s & pointers_mask == full}
    total = sum(layer[s] for s in back)
    if not marginals or total == 0:
        return Counts(total, per_slot)
    for k in range(len(problem.ranks) - 1, -1, -1):
        rank = problem.ranks[k]
        moves = all_moves[k]
        if not moves:
            continue  # nobody could take this panel: the layer is unchanged
        cur: dict[int, int] = {}
        for s, v in layers[k].items():
            b = back.get(s, 0)
            for r, off_r, wm, acc, step, table, key_mask in moves:
                p = (s >> off_r) & wm
                if acc >> p & 1:
                    u = s + step
                    if table is None:
                        val = back.get(u, 0)
                    else:
                        val = 0
                        for d in table.get(u & key_mask, (0,)):
                            val += back.get(u + d, 0)
                    if val:
                        b += val
                        tally = per_slot[r][p]
                        tally[rank] = tally.get(rank, 0) + v * val
            if b:
                cur[s] = b
        back = cur
    return Counts(total, per_slot)


def _moves(
    chains: Sequence[Sequence[HiddenSlot]], rank: int, offs: list[int], wms: list[int],
    tables: list[_Table | None], bits_mask: int,
) -> list[_Move]:
    """For one panel: each row that can take it, with the pointers at which it can."""
    out: list[_Move] = []
    for r, ch in enumerate(chains):
        acc = 0
        for p, slot in enumerate(ch):
            if slot.takes(rank):
                acc |= 1 << p
        if acc:
            key_mask = (wms[r] << offs[r]) | bits_mask
            out.append((r, offs[r], wms[r], acc, 1 << offs[r], tables[r], key_mask))
    return out


def _dash_table(chain: Sequence[HiddenSlot], off: int, dbit: list[int]) -> _Table | None:
    """Where a row whose pointer just reached a slot may jump by standing dashes there.

    Keyed by the row's pointer field and the dash bits; each entry lists the increments to
    the state (0: no dash). A dash is chosen when the pointer arrives at its slot, so each
    deal is counted once.
    """
    if not any(s.dash_ok and dbit[s.color] for s in chain):
        return None
    table: _Table = {}
    h = len(chain)
    for q in range(h):
        slot = chain[q]
        if not (slot.dash_ok and dbit[slot.color]):
            continue
        other = 1 - slot.color
        for bits in range(4):
            if (bits & 1 and not dbit[0]) or (bits & 2 and not dbit[1]):
                continue
            if bits >> slot.color & 1:
                continue  # that dash stands elsewhere already
            used = (dbit[0] if bits & 1 else 0) | (dbit[1] if bits & 2 else 0)
            first = (1 << off) + dbit[slot.color]
            deltas = [0, first]
            if q + 1 < h:
                nxt = chain[q + 1]
                if nxt.dash_ok and nxt.color == other and dbit[other] and not bits >> other & 1:
                    deltas.append(first + (1 << off) + dbit[other])
            table[(q << off) | used] = tuple(deltas)
    return table


# -- from a view to a problem and back ---------------------------------------------------


class Impossible(Exception):
    """The view cannot happen at all; the message says why, for people."""


@dataclass
class Prepared:
    problem: Problem
    drawn_color: int | None  # colour of a held drawn panel the viewer cannot see
    leftover: int  # unseen panels of that colour the rows leave for it
    unseen: frozenset[Tile]


def prepare(view: View) -> Prepared:
    """The counting problem of a view; Impossible when its known panels already clash."""
    box = full_set(dashes=view.dashes)
    where: dict[Tile, str] = {}

    def see(tile: Tile, color: Color, place: str) -> None:
        if not tile.known:
            raise Impossible(f"{place} is marked known but has no number")
        if tile.color is not color:
            raise Impossible(f"{place} is a {color.word} panel, not {tile}")
        if tile not in box:
            raise Impossible(f"there is no {tile} in this game")
        if tile in where:
            raise Impossible(f"{tile} cannot stand both at {where[tile]} and at {place}")
        where[tile] = place

    for seat, row in enumerate(view.rows):
        for i, panel in enumerate(row):
            if panel.tile is not None:
                see(panel.tile, panel.color, f"{view.name(seat)}'s slot {i}")
        problem = order_problem([p.tile for p in row if p.tile is not None])
        if problem is not None:
            raise Impossible(f"{view.name(seat)}'s row is out of order: {problem}")
    if view.drawn is not None and view.drawn.tile is not None:
        see(view.drawn.tile, view.drawn.color, "the drawn panel")
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
    known = [(i, p.tile.rank) for i, p in enumerate(row) if p.tile is not None
             and p.tile.rank is not None]
    out = []
    for i, panel in enumerate(row):
        if not panel.hidden:
            continue
        lo = max((rank for j, rank in known if j < i), default=-1)
        hi = min((rank for j, rank in known if j > i), default=RANKS)
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
        return Analysis(0, contradiction=str(err))
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
    taken: dict[Tile, int] = {}  # deals (of the rows) in which a tile stands in some row
    for ci, chain in enumerate(prepared.problem.chains):
        for p, slot in enumerate(chain):
            tally = counts.per_slot[ci][p]
            probs: dict[Tile, Fraction] = {}
            for rank in sorted(tally):
                tile = rank_tile(rank)
                probs[tile] = Fraction(tally[rank], total)
                taken[tile] = taken.get(tile, 0) + tally[rank]
            dashes = counts.dash_count(ci, p)
            if dashes:
                dash = Tile(_COLORS[slot.color], dash=True)
                probs[dash] = Fraction(dashes, total)
                taken[dash] = taken.get(dash, 0) + dashes
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
            for tile in pool:
                share = Fraction(total - taken.get(tile, 0), total * left)
                if share:
                    drawn[tile] = share
    ordered = dict(sorted(slots.items()))
    return Analysis(worlds, ordered, drawn)

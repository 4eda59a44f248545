"""The counting core of the deduction engine: how many ways rows of hidden slots can be
filled in order, and how often each rank lands in each slot.

Pure, and blind to seats and names: ``deduction.prepare`` turns a view into a ``Problem``.
Walk the unseen numbered panels in rank order, tracking for each row how many of its hidden
slots are filled (a row fills left to right, so rising ranks keep it in order). Each panel
goes to the pool or to the next slot of one row; a dynamic programme over those pointers
counts every filling at once, and a backward pass gives each slot's tallies. Dashes have no
rank: a dash may take a hidden slot of its colour at the moment the row's pointer reaches
it, and each state keeps its counts apart by which dashes already stand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from coda_pi.rules.tiles import Color, Tile

RANKS = 24  # numbered panels: ranks 0..23
_COLORS = (Color.DARK, Color.LIGHT)


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


_RANK_TILES = tuple(Tile(_COLORS[rank & 1], rank >> 1) for rank in range(RANKS))


def rank_tile(rank: int) -> Tile:
    return _RANK_TILES[rank]



# A row's dash moves when its pointer arrives at a slot: (pointer step, field mask, shift).
_Options = tuple[tuple[int, int, int], ...]
# One row's chance at one panel: (row, one step, accepting pointers, the row's dash options
# by pointer or None).
_Move = tuple[int, int, list[int], "list[_Options | None] | None"]


def count(problem: Problem, *, marginals: bool = True) -> Counts:
    """Counts every way to fill the chains in order, and (optionally) each slot's tallies.

    A state is the rows' pointers, the digits of one mixed-radix number (row r's digit
    weighs ``steps[r]``), and a layer is a list indexed by state. Each value packs four
    counts, one per set of dashes already stood in rows (none, dark, light, both), each in a
    field of ``w`` bits: standing a dash moves counts up by a field, for every state at once.
    The backward values keep the fields in reverse order, so one multiplication pairs each
    forward count with the backward count of the same dash set (the middle field).
    """
    chains = problem.chains
    per_slot: list[list[dict[int, int]]] = [[{} for _ in ch] for ch in chains]
    if not chains:
        return Counts(1, per_slot)
    steps: list[int] = []
    size = 1
    for ch in chains:
        steps.append(size)
        size *= len(ch) + 1
    full = sum(len(ch) * steps[r] for r, ch in enumerate(chains))
    dashes = problem.free_dash[0] or problem.free_dash[1]
    # takers[r][p]: the ranks slot p of row r can take.
    by_color = ([r for r in problem.ranks if not r & 1], [r for r in problem.ranks if r & 1])
    takers = [[[rank for rank in by_color[slot.color] if slot.lo < rank < slot.hi
                and rank not in slot.banned] for slot in ch] for ch in chains]
    # A forward count times a backward count (of any dash sets) counts pairs that join into
    # one filling where each row rises but may repeat ranks of other rows and stand a dash
    # in any slot that allows one: at most the product of each row's such fillings. The
    # joined filling tells the state, the move and both dash sets, so even a field of the
    # pairing products summed over every state stays within that product; so does each
    # count of a state that can still be completed (those that cannot only ever meet a
    # backward 0). The narrower the fields, the cheaper every addition and, above all, the
    # pairing multiplications.
    bound = 1
    for r, ch in enumerate(chains):
        bound *= _loose_fillings(ch, takers[r], problem.free_dash)
    w = bound.bit_length() + 2
    field = (1 << w) - 1
    top = 3 * w if dashes else 0
    ones = sum(1 << (i * w) for i in range(4)) if dashes else 1
    options = [_dash_options(ch, steps[r], problem.free_dash, w) for r, ch in enumerate(chains)]
    # The states whose row r stands at pointer p: a move reads only those. Only states with
    # between lo and hi - 1 slots filled can count anything at layer k: each filled slot
    # took a panel walked or a dash, and every slot left needs one of the panels still to
    # walk or a dash. Members sorted by slots filled make those a slice: cuts[r][t] is how
    # many members have fewer than t slots filled in the other rows.
    n = len(problem.ranks)
    height = sum(len(ch) for ch in chains)
    free = sum(1 for c in (0, 1) if problem.free_dash[c]
               and any(s.dash_ok and s.color == c for ch in chains for s in ch))
    spans = [(max(0, height - (n - k) - free), min(height, k + free) + 1) for k in range(n)]
    filled = [0]
    for ch in reversed(chains):
        filled = [a + p for a in filled for p in range(len(ch) + 1)]
    at = []
    cuts = []
    for r, ch in enumerate(chains):
        step, span = steps[r], steps[r] * (len(ch) + 1)
        base = sorted((a + b for a in range(0, size, span) for b in range(step)),
                      key=filled.__getitem__)
        counts = [0] * (height + 2)
        for x in base:
            counts[filled[x] + 1] += 1
        for t in range(1, height + 2):
            counts[t] += counts[t - 1]
        cuts.append(counts)
        at.append([[x + p * step for x in base] for p in range(len(ch) + 1)])

    layer = [0] * size
    layer[0] = 1
    for r, opts in enumerate(options):  # a row may open with dashes
        o = None if opts is None else opts[0]
        if o is not None:
            for s in at[r][0]:
                v = layer[s]
                if v:
                    for d, mask, shift in o:
                        layer[s + d] += (v & mask) << shift

    all_moves = _moves(problem, takers, steps, options)
    # plans[r][p]: a move from pointer p of row r, then its dash options at p + 1 as
    # (how many, target offset, mask, shift, target offset, mask, shift), offsets from p.
    plans = []
    for r, opts in enumerate(options):
        step = steps[r]
        row_plan = []
        for p in range(len(chains[r])):
            o = () if opts is None else opts[p + 1] or ()
            flat = [x for d, mask, shift in o for x in (step + d, mask, shift)]
            row_plan.append((len(o), *flat, *[0] * (6 - len(flat))))
        plans.append(row_plan)
    rising = _rising(problem)
    dying = _dying(problem, steps)
    layers = [layer]
    for k, moves in enumerate(all_moves):
        nxt = layer[:]  # the panel goes to the pool
        lo, hi = spans[k]
        for r, step, acc, _opts in moves:
            cut, members, plan = cuts[r], at[r], plans[r]
            for p in acc:
                kind, d, mask, shift, d2, mask2, shift2 = plan[p]
                live = members[p][cut[max(lo - p, 0)] : cut[max(hi - p, 0)]]
                if not kind:
                    for s in live:
                        v = layer[s]
                        if v:
                            nxt[s + step] += v
                elif kind == 1:
                    for s in live:
                        v = layer[s]
                        if v:
                            nxt[s + step] += v
                            nxt[s + d] += (v & mask) << shift
                else:
                    for s in live:
                        v = layer[s]
                        if v:
                            nxt[s + step] += v
                            nxt[s + d] += (v & mask) << shift
                            nxt[s + d2] += (v & mask2) << shift2
        for r, least, lowest in rising[k + 1]:
            # States some row can no longer complete count no deal. Those with the row's
            # pointer below ``least`` are 0 already and stay so: their predecessors died too.
            for p in range(least, lowest):
                for s in at[r][p]:
                    nxt[s] = 0
        for s in dying[k + 1]:
            nxt[s] = 0
        layers.append(nxt)
        layer = nxt

    end = layer[full]
    total = sum((end >> (i * w)) & field for i in range(4)) if dashes else end
    if not marginals or total == 0:
        return Counts(total, per_slot)
    back = [0] * size
    back[full] = ones
    for k in range(len(problem.ranks) - 1, -1, -1):
        rank = problem.ranks[k]
        moves = all_moves[k]
        if not moves:
            continue  # nobody could take this panel: the layer is unchanged
        here = layers[k]
        cur = back[:]  # the panel went to the pool
        lo, hi = spans[k]
        for r, step, acc, _opts in moves:
            tallies = per_slot[r]
            cut, members, plan = cuts[r], at[r], plans[r]
            for p in acc:
                kind, d, mask, shift, d2, mask2, shift2 = plan[p]
                live = members[p][cut[max(lo - p, 0)] : cut[max(hi - p, 0)]]
                n = 0
                if not kind:
                    for s in live:
                        v = here[s]
                        if v:
                            val = back[s + step]
                            cur[s] += val
                            n += v * val
                elif kind == 1:
                    for s in live:
                        v = here[s]
                        if v:
                            val = back[s + step] + ((back[s + d] & mask) << shift)
                            cur[s] += val
                            n += v * val
                else:
                    for s in live:
                        v = here[s]
                        if v:
                            val = (back[s + step] + ((back[s + d] & mask) << shift)
                                   + ((back[s + d2] & mask2) << shift2))
                            cur[s] += val
                            n += v * val
                n = (n >> top) & field if dashes else n
                if n:
                    tallies[p][rank] = n
        back = cur
    return Counts(total, per_slot)


def _loose_fillings(
    chain: Sequence[HiddenSlot], takers: list[list[int]], free: tuple[bool, bool]
) -> int:
    """How many ways one row alone can be filled in rising order, with any number of its
    slots that allow a dash left as dashes (an upper bound, used for the field width)."""
    ways = [1] + [0] * RANKS  # by the last rank placed, plus one (0: none yet)
    for slot, ranks in zip(chain, takers, strict=True):
        below = list(accumulate(ways))  # below[rank]: ways whose last rank is less
        nxt = ways[:] if slot.dash_ok and free[slot.color] else [0] * (RANKS + 1)
        for rank in ranks:
            nxt[rank + 1] += below[rank]
        ways = nxt
    return max(1, sum(ways))


def _rising(problem: Problem) -> list[list[tuple[int, int, int]]]:
    """Per layer, the rows whose least completable pointer rises there, from what to what.

    Alone, a row at pointer p can still be completed from panel k on when its slots p.. can
    take panels k.. in order; filling each slot as late as possible (a slot that may hold a
    dash skipped) gives the last panel index ``late[p]`` at which slot p may start.
    """
    n = len(problem.ranks)
    out: list[list[tuple[int, int, int]]] = [[] for _ in range(n + 1)]
    for r, chain in enumerate(problem.chains):
        h = len(chain)
        late = [0] * (h + 1)
        late[h] = n
        for j in range(h - 1, -1, -1):
            if chain[j].dash_ok and problem.free_dash[chain[j].color]:
                late[j] = late[j + 1]
                continue
            i = late[j + 1] - 1
            while i >= 0 and not chain[j].takes(problem.ranks[i]):
                i -= 1
            late[j] = i  # -1: never
        least = 0
        for k in range(n + 1):
            lowest = next(p for p in range(h + 1) if late[p] >= k)
            if lowest > least:
                out[k].append((r, least, lowest))
                least = lowest
    return out


def _dying(problem: Problem, steps: list[int]) -> list[list[int]]:
    """Per layer, the states that every row together can no longer complete from there on.

    The rows still need, in each colour, a rank per slot left (but one, that the dash of
    that colour may take); once fewer such ranks are left to walk, the state counts no deal
    again, nor does any state before it. A state is listed at the layer where it dies (at
    layer 1 when dead from the start); as its predecessors die no later, it stays 0.
    """
    n = len(problem.ranks)
    chains = problem.chains
    # left[k][c]: ranks of colour c walked from panel k on, plus the dash that may stand.
    left = [[0, 0] for _ in range(n + 1)]
    for c in (0, 1):
        dash = any(s.dash_ok and s.color == c for ch in chains for s in ch)
        left[n][c] = 1 if dash and problem.free_dash[c] else 0
        for k in range(n - 1, -1, -1):
            left[k][c] = left[k + 1][c] + (problem.ranks[k] & 1 == c)
    # need[s]: the slots of each colour the rows have left, as dark * 64 + light; built
    # digit by digit, the last row's the most significant.
    need = [0]
    for ch in reversed(chains):
        tail = [0] * (len(ch) + 1)
        for p in range(len(ch) - 1, -1, -1):
            tail[p] = tail[p + 1] + (64 if ch[p].color == 0 else 1)
        need = [a + t for a in need for t in tail]
    dies: dict[int, int] = {}
    for code in set(need):
        n0, n1 = code >> 6, code & 63
        k = 1
        while k <= n and n0 <= left[k][0] and n1 <= left[k][1]:
            k += 1
        dies[code] = k
    out: list[list[int]] = [[] for _ in range(n + 2)]
    for s, code in enumerate(need):
        out[dies[code]].append(s)
    return out[: n + 1]


def _moves(
    problem: Problem, takers: list[list[list[int]]], steps: list[int],
    options: list[list[_Options | None] | None],
) -> list[list[_Move]]:
    """For each panel: each row that can take it, with the pointers at which it can."""
    accepting: list[dict[int, list[int]]] = []
    for row in takers:
        by_rank: dict[int, list[int]] = {}
        for p, ranks in enumerate(row):
            for rank in ranks:
                by_rank.setdefault(rank, []).append(p)
        accepting.append(by_rank)
    return [[(r, steps[r], by_rank[rank], options[r])
             for r, by_rank in enumerate(accepting) if rank in by_rank]
            for rank in problem.ranks]


def _dash_options(
    chain: Sequence[HiddenSlot], step: int, free: tuple[bool, bool], w: int
) -> list[_Options | None] | None:
    """Per pointer value of a row that just reached it, besides standing no dash: the dash of
    the slot's colour there (and perhaps the other dash in the next slot); None when only
    "no dash" is possible.

    A dash is chosen when the pointer arrives at its slot, so each deal is counted once.
    Fields are indexed by the dash set (1 dark, 2 light): standing the dark dash moves the
    counts of fields 0 and 2 up one field, the light dash fields 0 and 1 up two, both at
    once field 0 up three; in reverse order the same moves serve the backward pass.
    """
    if not any(s.dash_ok and free[s.color] for s in chain):
        return None
    f = (1 << w) - 1
    lacks = ((f | f << (2 * w)), (f | f << w))  # fields without the dark / the light dash
    shifts = (w, 2 * w)
    h = len(chain)
    table: list[_Options | None] = []
    for q in range(h + 1):
        opts: list[tuple[int, int, int]] = []
        if q < h and chain[q].dash_ok and free[chain[q].color]:
            c = chain[q].color
            opts.append((step, lacks[c], shifts[c]))
            if q + 1 < h:
                nxt = chain[q + 1]
                if nxt.dash_ok and nxt.color != c and free[nxt.color]:
                    opts.append((2 * step, f, 3 * w))
        table.append(tuple(opts) if opts else None)
    return table

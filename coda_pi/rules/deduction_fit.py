"""Whether any deal fits a view at all, without counting them: the fit check's fast path.

Pure. The told and table pools ask after every line only whether some arrangement of the
unseen panels still fits what the table has seen (``table_fit``); ``deduction.analyze``
answers that by counting every deal and every panel's odds, most of which the question
throws away (0.4-1.3 ms a game move on a laptop, most of a told-pool press). ``fits``
searches for one deal instead, over the same walk as the count (``deduction_count``: the
unseen ranks in order, each to the pool or to the next slot of one row, a dash into a slot
its row's pointer stands at) and gives up on a state as soon as it cannot be completed; a
state that failed is remembered, so a search is never longer than the count's own
programme. Before it, one quick greedy pass (``_greedy``) finds a deal for most positions.

``misfit`` is ``analyze(view).contradiction`` with that fast path: the same sentence when
nothing fits (the engine's explanation, asked only then), None when something does.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from coda_pi.rules.deduction import Impossible, prepare
from coda_pi.rules.deduction_count import RANKS, Problem
from coda_pi.rules.deduction_explain import explain
from coda_pi.rules.deduction_shapes import View


def misfit(view: View) -> str | None:
    """Why no deal fits ``view`` (exactly ``analyze(view).contradiction``), or None."""
    try:
        prepared = prepare(view)
    except Impossible as err:
        why: str = err.args[0]
        return why
    held = prepared.drawn_color is None or prepared.leftover > 0
    if held and fits(prepared.problem):
        return None
    return explain(view, prepared)


def fits(problem: Problem) -> bool:
    """Whether the chains can be filled at all (``count(problem).total > 0``)."""
    return not problem.chains or _greedy(problem) or search(problem)


def search(problem: Problem) -> bool:
    """``fits`` without the quick pass: the search, remembering the states that failed."""
    chains = problem.chains
    ranks = problem.ranks
    n = len(ranks)
    free = problem.free_dash
    # Per row and pointer: the slot's colour, whether a dash may stand there, and the last
    # panel index from which the rest of the row alone can still be filled in order, with
    # the dashes still free (``late[r][p][free]``, free: 1 dark, 2 light; the count's
    # ``_rising`` with each dash at most once: a bound, never too low).
    colours = [[s.color for s in ch] for ch in chains]
    dashable = [[s.dash_ok and free[s.color] for s in ch] for ch in chains]
    # takes[r][p]: the panel indices slot p of row r can take (the ranks are sorted, so
    # those within its interval are one slice).
    takes = [[[k for k in range(bisect_right(ranks, s.lo), bisect_left(ranks, s.hi))
               if ranks[k] & 1 == s.color and ranks[k] not in s.banned] for s in ch]
             for ch in chains]
    taking = [[frozenset(ks) for ks in row] for row in takes]
    late: list[list[list[int]]] = []
    for r, ch in enumerate(chains):
        h = len(ch)
        row_late = [[0] * 4 for _ in range(h + 1)]
        row_late[h] = [n] * 4
        for j in range(h - 1, -1, -1):
            for spare in range(4):
                after = row_late[j + 1][spare]
                best = max((k for k in takes[r][j] if k < after), default=-1)
                bit = 1 << colours[r][j]
                if dashable[r][j] and spare & bit:
                    best = max(best, row_late[j + 1][spare & ~bit])
                row_late[j][spare] = best
        late.append(row_late)
    everything = free[0] | free[1] << 1
    if any(row_late[0][everything] < 0 for row_late in late):
        return False
    # left[k][c]: ranks of colour c from panel k on.
    left = [[0, 0] for _ in range(n + 1)]
    for k in range(n - 1, -1, -1):
        left[k][0] = left[k + 1][0] + (ranks[k] & 1 == 0)
        left[k][1] = left[k + 1][1] + (ranks[k] & 1 == 1)
    need = [[[0, 0] for _ in range(len(ch) + 1)] for ch in chains]
    for r, ch in enumerate(chains):
        for p in range(len(ch) - 1, -1, -1):
            need[r][p] = list(need[r][p + 1])
            need[r][p][colours[r][p]] += 1
    rows = range(len(chains))
    ends = tuple(len(ch) for ch in chains)
    failed: set[tuple[int, tuple[int, ...], int]] = set()

    def walk(k: int, at: tuple[int, ...], used: int) -> bool:
        # ``used``: the dashes stood so far (1 dark, 2 light).
        if at == ends:
            return True
        key = (k, at, used)
        if key in failed:
            return False
        dark = light = 0
        spare = everything & ~used
        for r in rows:
            p = at[r]
            if p < ends[r]:
                if k > late[r][p][spare]:
                    failed.add(key)
                    return False
                dark += need[r][p][0]
                light += need[r][p][1]
        spare_dark = free[0] and not used & 1
        spare_light = free[1] and not used & 2
        if dark > left[k][0] + spare_dark or light > left[k][1] + spare_light:
            failed.add(key)
            return False
        if k < n:
            # The panel to the most urgent row that takes it first, then to the pool.
            takers = [(late[r][at[r]][spare], r) for r in rows
                      if at[r] < ends[r] and k in taking[r][at[r]]]
            if len(takers) > 1:
                takers.sort()
            for _, r in takers:
                if walk(k + 1, at[:r] + (at[r] + 1,) + at[r + 1:], used):
                    return True
            if walk(k + 1, at, used):
                return True
        for r in rows:
            p = at[r]
            if p < ends[r] and dashable[r][p]:
                bit = 1 << colours[r][p]
                if not used & bit and walk(k, at[:r] + (p + 1,) + at[r + 1:], used | bit):
                    return True
        failed.add(key)
        return False

    return walk(0, tuple(0 for _ in chains), 0)


def _greedy(problem: Problem) -> bool:
    """True when one quick pass fills every chain: each panel, in rank order, to the row
    whose slot that takes it closes first; a slot no panel can reach any more takes its
    colour's dash. A pass that gets stuck proves nothing (``fits`` then searches), but
    with room to spare, as most positions have, it is all that is needed."""
    chains = problem.chains
    free = problem.free_dash
    at = [0] * len(chains)
    used = [False, False]

    def stand_dashes(r: int, below: int) -> bool:
        # Slots of row r that no panel from rank ``below`` on can take: each needs a dash.
        ch = chains[r]
        p = at[r]
        while p < len(ch) and ch[p].hi <= below:
            slot = ch[p]
            if not (slot.dash_ok and free[slot.color]) or used[slot.color]:
                return False
            used[slot.color] = True
            p += 1
        at[r] = p
        return True

    for rank in problem.ranks:
        best = -1
        closes = 0
        for r, ch in enumerate(chains):
            p = at[r]
            if p < len(ch) and ch[p].hi <= rank:
                if not stand_dashes(r, rank):
                    return False
                p = at[r]
            if p < len(ch):
                slot = ch[p]
                if slot.takes(rank) and (best < 0 or slot.hi < closes):
                    best, closes = r, slot.hi
        if best >= 0:
            at[best] += 1
    return all(stand_dashes(r, RANKS + 1) and at[r] == len(ch) for r, ch in enumerate(chains))

"""The counting problem of what the table has seen, straight from the game.

Pure. ``deduction.prepare(Witness(game, misses).view(None))`` builds it through the public
observer (``observe``) and the deduction's ``View``, checking and wording every known
panel on the way: right for an analysis, but most of the fit check's time when it is asked
after every told-pool line. ``seen_problem`` builds the same ``Problem`` from the rows
directly, for the fit check's fast path only: whenever anything is out of the ordinary
(the round is over and everything is shown, a known panel twice, out of order, or
answered "wrong" at, no panel left for the drawn one) it answers None, and the caller
takes the long way, which words what is wrong exactly as before.
"""

from __future__ import annotations

from coda_pi.rules.coda import CodaGame
from coda_pi.rules.deduction_count import RANKS, HiddenSlot, Problem
from coda_pi.rules.observe import round_over
from coda_pi.rules.tiles import Color, Tile, full_set

_BOXES = {d: full_set(dashes=d) for d in (False, True)}
_DASHES = (Tile(Color.DARK, dash=True), Tile(Color.LIGHT, dash=True))


def seen_problem(game: CodaGame, misses: list[list[frozenset[str]]]) -> Problem | None:
    """The public problem of ``game`` with its "wrong" answers, when it is ordinary (a drawn
    panel held aside is left out, as ``prepare`` leaves it: a panel remains for it), else
    None."""
    if round_over(game):
        return None
    box = _BOXES[game.settings.dashes]
    seen: set[Tile] = set()
    # Per row: (colour 0/1, known rank or None, hidden?, answers "wrong") per panel.
    rows = []
    for seat, row in enumerate(game.rows):
        answered = misses[seat] if seat < len(misses) else []
        panels = []
        last = -1
        for i, slot in enumerate(row):
            tile = slot.tile
            missed = answered[i] if i < len(answered) else frozenset()
            colour = 0 if tile.color is Color.DARK else 1
            if slot.revealed and tile.known:
                if tile in seen or tile not in box or tile.value in missed:
                    return None
                seen.add(tile)
                rank = tile.rank
                if rank is not None:
                    if rank <= last:
                        return None
                    last = rank
                panels.append((colour, rank, False, missed))
            else:
                panels.append((colour, None, True, missed))
        rows.append(panels)
    unseen = box - seen
    free = (_DASHES[0] in unseen, _DASHES[1] in unseen)
    chains = []
    hidden = [0, 0]
    for seat, panels in enumerate(rows):
        n = len(panels)
        above = [-1] * n
        below = [RANKS] * n
        for i in range(1, n):
            rank = panels[i - 1][1]
            above[i] = above[i - 1] if rank is None else max(above[i - 1], rank)
        for i in range(n - 2, -1, -1):
            rank = panels[i + 1][1]
            below[i] = below[i + 1] if rank is None else min(below[i + 1], rank)
        chain = []
        for i, (colour, _, is_hidden, missed) in enumerate(panels):
            if not is_hidden:
                continue
            banned = frozenset(2 * int(v) + colour for v in missed if v.isdigit())
            dash_ok = free[colour] and "-" not in missed
            chain.append(HiddenSlot(seat, i, colour, above[i], below[i], banned, dash_ok))
            hidden[colour] += 1
        if chain:
            chains.append(tuple(chain))
    drawn = game.drawn
    if drawn is not None:
        colour = drawn.color
        left = sum(1 for t in unseen if t.color is colour) - hidden[0 if colour is Color.DARK
                                                                 else 1]
        if left <= 0:
            return None
    ranks = tuple(sorted(t.rank for t in unseen if t.rank is not None))
    return Problem(tuple(chains), ranks, free)

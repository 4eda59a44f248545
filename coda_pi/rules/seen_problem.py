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
from coda_pi.rules.tiles import HIGHEST, Color

_DARK_DASH, _LIGHT_DASH = -1, -2  # a known dash's code; numbered panels are their ranks


def seen_problem(game: CodaGame, misses: list[list[frozenset[str]]]) -> Problem | None:
    """The public problem of ``game`` with its "wrong" answers, when it is ordinary (a drawn
    panel held aside is left out, as ``prepare`` leaves it: a panel remains for it), else
    None."""
    if round_over(game):
        return None
    dashes = game.settings.dashes
    # Panels as ints (ranks; the dashes below 0): hashing tiles was most of the time.
    seen: set[int] = set()
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
                number = tile.number
                if number is None:  # a dash: in the box only with the dashes in play
                    code = _DARK_DASH - colour
                    rank = None
                    if not dashes or "-" in missed:
                        return None
                else:
                    code = rank = 2 * number + colour
                    if not 0 <= number <= HIGHEST or str(number) in missed or rank <= last:
                        return None
                    last = rank
                if code in seen:
                    return None
                seen.add(code)
                panels.append((colour, rank, False, missed))
            else:
                panels.append((colour, None, True, missed))
        rows.append(panels)
    free = (dashes and _DARK_DASH not in seen, dashes and _LIGHT_DASH not in seen)
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
    ranks = tuple(rank for rank in range(RANKS) if rank not in seen)
    drawn = game.drawn
    if drawn is not None:
        colour = 0 if drawn.color is Color.DARK else 1
        left = sum(1 for rank in ranks if rank & 1 == colour) + free[colour] - hidden[colour]
        if left <= 0:
            return None
    return Problem(tuple(chains), ranks, free)

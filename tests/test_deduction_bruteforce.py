"""A brute-force deal enumerator (tests and bench only) and its own checks on tiny positions.

It shares nothing with the engine but the tiles: it tries every unseen panel in every hidden
slot and in the drawn panel, and keeps a deal when every row obeys the order rule and no
"wrong" answer is contradicted. The engine's tests compare against it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from coda_pi.rules.deduction import Panel, View
from coda_pi.rules.tiles import Color, Tile, full_set, order_problem


class Brute:
    """The enumerator's answer: the number of deals and per place the tally of each tile."""

    def __init__(self) -> None:
        self.worlds = 0
        self.tally: dict[tuple[int, int] | str, Counter[Tile]] = {}

    def probs(self, where: tuple[int, int] | str) -> dict[Tile, Fraction]:
        return {t: Fraction(n, self.worlds) for t, n in self.tally[where].items() if n}


def enumerate_deals(view: View, limit: int | None = None) -> Brute:
    """Every deal, one by one. ``limit`` stops after that many deals (for the bench)."""
    out = Brute()
    box = full_set(dashes=view.dashes)
    seen: list[Tile] = [p.tile for row in view.rows for p in row if p.tile is not None]
    if view.drawn is not None and view.drawn.tile is not None:
        seen.append(view.drawn.tile)
    if len(set(seen)) != len(seen) or any(t not in box for t in seen):
        return out
    for row in view.rows:
        for p in row:
            if p.tile is not None and p.tile.color is not p.color:
                return out
    unseen = sorted(box - set(seen), key=str)
    places: list[tuple[tuple[int, int] | str, Color, frozenset[str]]] = []
    for s, row in enumerate(view.rows):
        for i, p in enumerate(row):
            if p.tile is None:
                places.append(((s, i), p.color, p.missed))
    if view.drawn is not None and view.drawn.tile is None:
        places.append(("drawn", view.drawn.color, frozenset()))
    for where, _c, _m in places:
        out.tally[where] = Counter()
    rows = [[p.tile for p in row] for row in view.rows]
    if any(order_problem([t for t in row if t is not None]) for row in rows):
        return out
    chosen: list[Tile] = []
    used: set[Tile] = set()
    # Each place's candidates: unseen, of its colour, not answered "wrong" there.
    options = [[x for x in unseen if x.color is color and x.value not in missed]
               for _w, color, missed in places]

    def fits(seat: int, index: int, tile: Tile) -> bool:
        # The row was in order; it stays so when the nearest numbered panels around agree.
        if tile.rank is None:
            return True
        row = rows[seat]
        left = [x.rank for x in row[:index] if x is not None and x.rank is not None]
        right = [x.rank for x in row[index + 1:] if x is not None and x.rank is not None]
        return (not left or left[-1] < tile.rank) and (not right or tile.rank < right[0])

    def go(k: int) -> None:
        if limit is not None and out.worlds >= limit:
            return
        if k == len(places):
            out.worlds += 1
            for (where, _c, _m), tile in zip(places, chosen, strict=True):
                out.tally[where][tile] += 1
            return
        where = places[k][0]
        if where == "drawn":
            # The last place: every unused panel of its colour is one deal each; tallied
            # together rather than one recursion apiece (same deals, far fewer calls).
            free = [tile for tile in options[k] if tile not in used]
            out.worlds += len(free)
            for (place, _c, _m), tile in zip(places, chosen, strict=False):
                out.tally[place][tile] += len(free)
            for tile in free:
                out.tally["drawn"][tile] += 1
            return
        for tile in options[k]:
            if tile in used:
                continue
            if isinstance(where, tuple):
                if not fits(where[0], where[1], tile):
                    continue
                rows[where[0]][where[1]] = tile
            used.add(tile)
            chosen.append(tile)
            go(k + 1)
            chosen.pop()
            used.discard(tile)
            if isinstance(where, tuple):
                rows[where[0]][where[1]] = None

    go(0)
    return out


D, L = Color.DARK, Color.LIGHT


def t(text: str) -> Tile:
    return Tile.parse(text)


def test_a_slot_squeezed_between_two_known_panels_has_one_deal() -> None:
    # D3 [dark ?] D5: only D4 fits.
    view = View(((Panel(D, t("D3"), True), Panel(D), Panel(D, t("D5"), True)),))
    brute = enumerate_deals(view)
    assert brute.worlds == 1
    assert brute.probs((0, 1)) == {t("D4"): 1}


def test_two_free_slots_count_increasing_pairs() -> None:
    # Two dark slots, nothing known: any two of the twelve dark panels, in order.
    view = View(((Panel(D), Panel(D)),))
    brute = enumerate_deals(view)
    assert brute.worlds == 66
    assert brute.probs((0, 0))[t("D0")] == Fraction(11, 66)


def test_the_drawn_panel_multiplies_by_what_is_left() -> None:
    view = View(((Panel(D, t("D3"), True), Panel(D), Panel(D, t("D5"), True)),),
                drawn=Panel(D))
    brute = enumerate_deals(view)
    assert brute.worlds == 9  # D4 in the row, any of the 9 other unseen darks drawn
    assert t("D4") not in brute.probs("drawn")


def test_a_wrong_answer_removes_the_value() -> None:
    view = View(((Panel(L, t("L2"), True), Panel(L, missed=frozenset({"3"})),
                  Panel(L, t("L5"), True)),))
    assert enumerate_deals(view).probs((0, 1)) == {t("L4"): 1}


def test_a_dash_stands_anywhere_of_its_colour() -> None:
    view = View(((Panel(D, t("D3"), True), Panel(D), Panel(D, t("D4"), True)),), dashes=True)
    brute = enumerate_deals(view)
    assert brute.worlds == 1
    assert brute.probs((0, 1)) == {t("D-"): 1}

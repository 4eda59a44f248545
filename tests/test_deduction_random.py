"""The engine against the brute-force enumerator on thousands of small random positions.

Positions are made from a true deal (so at least that deal is consistent), seen by the
public or by one seat, with dashes, a held drawn panel and "wrong" answers; then some are
spoiled (a lie, a swapped or changed panel, a panel of the wrong colour) so that the
contradiction check meets every kind of impossible position too.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_deduction_bruteforce import enumerate_deals

from coda_pi.rules.deduction import Panel, View, analyze
from coda_pi.rules.tiles import Color, Tile, full_set, sorted_row

VALUES = [str(n) for n in range(12)]


def make_position(rng: random.Random, *, max_hidden: int = 3) -> tuple[View, list[list[Tile]]]:
    """A random consistent position and the true rows behind it."""
    dashes = rng.random() < 0.5
    seats = rng.choice([2, 2, 3, 3, 4])
    box = sorted(full_set(dashes=dashes), key=str)
    rng.shuffle(box)
    truth: list[list[Tile]] = []
    for _ in range(seats):
        n = rng.randint(1, 5)
        tiles = [box.pop() for _ in range(n)]
        numbered = [x for x in sorted_row(tiles) if not x.dash]
        for dash in (x for x in tiles if x.dash):
            numbered.insert(rng.randint(0, len(numbered)), dash)
        truth.append(numbered)
    viewer = rng.choice([None, None, *range(seats)])
    places = [(s, i) for s in range(seats) for i in range(len(truth[s]))]
    rng.shuffle(places)
    hidden_budget = max_hidden
    hidden: set[tuple[int, int]] = set()
    for s, i in places:
        if s == viewer:
            continue
        if hidden_budget and rng.random() < 0.7:
            hidden.add((s, i))
            hidden_budget -= 1
    rows = []
    for s, row in enumerate(truth):
        panels = []
        for i, tile in enumerate(row):
            if (s, i) in hidden:
                wrong = [v for v in [*VALUES, *(["-"] if dashes else [])] if v != tile.value]
                missed = frozenset(rng.sample(wrong, rng.choice([0, 0, 1, 2, 4])))
                panels.append(Panel(tile.color, missed=missed))
            elif s == viewer and rng.random() < 0.6:
                panels.append(Panel(tile.color, tile))
            else:
                panels.append(Panel(tile.color, tile, revealed=True))
        rows.append(tuple(panels))
    drawn = None
    holder = None
    if box and rng.random() < 0.4:
        tile = box.pop()
        holder = rng.randrange(seats)
        drawn = Panel(tile.color, tile if holder == viewer else None)
    names = tuple(f"P{s}" for s in range(seats))
    return View(tuple(rows), dashes, drawn, holder, names), truth


def spoil(view: View, truth: list[list[Tile]], rng: random.Random) -> View:
    """The same position with one thing made doubtful: often, but not always, impossible."""
    rows = [list(r) for r in view.rows]
    kind = rng.choice(["lie", "lie", "swap", "change", "colour", "duplicate"])
    hidden = [(s, i) for s, r in enumerate(rows) for i, p in enumerate(r) if p.tile is None]
    shown = [(s, i) for s, r in enumerate(rows) for i, p in enumerate(r) if p.tile is not None]
    if kind == "lie" and hidden:
        s, i = rng.choice(hidden)
        p = rows[s][i]
        rows[s][i] = Panel(p.color, missed=p.missed | {truth[s][i].value})
    elif kind == "swap" and len(shown) >= 2:
        (s1, i1), (s2, i2) = rng.sample(shown, 2)
        a, b = rows[s1][i1], rows[s2][i2]
        rows[s1][i1] = Panel(b.tile.color, b.tile, a.revealed)  # type: ignore[union-attr]
        rows[s2][i2] = Panel(a.tile.color, a.tile, b.revealed)  # type: ignore[union-attr]
    elif kind == "change" and shown:
        s, i = rng.choice(shown)
        p = rows[s][i]
        assert p.tile is not None
        other = Tile(p.color, rng.randrange(12))
        rows[s][i] = Panel(p.color, other, p.revealed)
    elif kind == "colour" and hidden:
        s, i = rng.choice(hidden)
        p = rows[s][i]
        flipped = Color.LIGHT if p.color is Color.DARK else Color.DARK
        rows[s][i] = Panel(flipped, missed=p.missed)
    elif kind == "duplicate" and shown:
        s, i = rng.choice(shown)
        s2, i2 = rng.choice(shown)
        rows[s2][i2] = Panel(rows[s][i].color, rows[s][i].tile, True)
    return View(tuple(tuple(r) for r in rows), view.dashes, view.drawn, view.drawn_seat,
                view.names)


def check_against_brute(view: View) -> int:
    brute = enumerate_deals(view)
    result = analyze(view)
    assert result.worlds == brute.worlds
    if brute.worlds == 0:
        assert result.contradiction, "an impossible position must be named"
        assert isinstance(result.contradiction, str) and len(result.contradiction) > 10
        return 0
    assert result.contradiction is None
    for s, row in enumerate(view.rows):
        for i, panel in enumerate(row):
            if panel.tile is None:
                probs = result.slots[(s, i)]
                assert probs == brute.probs((s, i)), (s, i)
                assert sum(probs.values()) == 1
            elif not panel.revealed:
                assert result.slots[(s, i)] == {panel.tile: Fraction(1)}
    if view.drawn is not None and view.drawn.tile is None:
        assert result.drawn == brute.probs("drawn")
    return brute.worlds


def test_thousands_of_consistent_positions_match_the_enumerator() -> None:
    rng = random.Random(7)
    worlds = []
    for _ in range(1000):
        view, _truth = make_position(rng)
        n = check_against_brute(view)
        assert n >= 1  # the true deal is always one of them
        worlds.append(n)
    assert max(worlds) > 1000  # the sample reaches positions with many deals


def test_spoiled_positions_match_the_enumerator_and_name_the_contradiction() -> None:
    rng = random.Random(11)
    impossible = 0
    for _ in range(1000):
        view, truth = make_position(rng)
        if check_against_brute(spoil(view, truth, rng)) == 0:
            impossible += 1
    assert impossible > 150  # the spoiler really does make impossible positions


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_any_position_agrees_with_the_enumerator(seed: int) -> None:
    rng = random.Random(seed)
    view, truth = make_position(rng, max_hidden=4 if rng.random() < 0.2 else 3)
    if rng.random() < 0.3:
        view = spoil(view, truth, rng)
    check_against_brute(view)


@pytest.mark.parametrize("seed", range(40))
def test_dash_heavy_positions(seed: int) -> None:
    # Both dashes unseen, rows of hidden slots only: the dash bookkeeping does all the work.
    rng = random.Random(1000 + seed)
    colours = [rng.choice([Color.DARK, Color.LIGHT]) for _ in range(3)]
    split = rng.randint(1, 2)
    rows = (tuple(Panel(c, missed=frozenset(rng.sample(["-", "0", "11"], rng.randint(0, 1))))
                  for c in colours[:split]),
            tuple(Panel(c) for c in colours[split:]))
    drawn = Panel(rng.choice([Color.DARK, Color.LIGHT])) if rng.random() < 0.5 else None
    check_against_brute(View(rows, True, drawn, 0 if drawn else None))

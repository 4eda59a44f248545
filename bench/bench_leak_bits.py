#!/usr/bin/env python3
"""How many bits of another seat's hidden row a planning prober gets, per probing channel.

Driven through the device itself (the referee, buttons in, everything a seat can observe
out), not a model of it. Ben probes for Ann's row; Ann's row is uniform over the rows the
public allows (her colours stand on the table, nothing of hers has fallen) minus Ben's own
panels: ``--rows`` of them sampled (all when fewer). For each probe Ben can make, the device
is played from the same state in every world of Ann's row, and what Ben observes is kept
whole: the public view and its banner, the seat LEDs, the sounds, the timer's deadline and
Ben's own private view while he holds his button (the channels a phone page is built from
too). A probe is free to repeat and to take back (undo), so the answers form a signature per
probe; the prober plans over every sequence of probes (``plan``: exact over all sets of up
to ``--exact`` probes, then a beam search over longer sequences, each scored by the
partition of Ann's rows its answers make), and the bits are the mutual information between
Ann's row and the answers of the best sequence found, computed exactly over the rows.

Channels (entered-pool play; device-dealt and table-kept play have none of them: the device
deals, or knows no number, so no seat's entry is checked against anything):

- ``deal``: Ben's starting row entered with one panel he does not hold (the clash probe);
- ``draw``: a drawn panel entered as a number Ben does not hold (the one-number probe);
- ``fix``: Ben's own fallen panel "fixed" to a number he does not hold (the owner's fix);
- ``look``: the real number of Ben's contested drawn panel (his entry named Ann's dark
  panel 2, which then fell), asked when he must stand it face up after a miss, entered as
  a number he does not hold (issue 31's look). Ann's rows here are those with that dark 4
  at her panel 2 (public once it falls); ``--rows`` of them.

The boxed game has none of these questions, so the goal is 0.00 bits on each.

Run: ``.venv/bin/python bench/bench_leak_bits.py [--rows 48] [--probes 1,2,4,8,16]``.
Run it against another checkout (``PYTHONPATH=/work/main``) to compare.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import itertools
import math
import random
import time
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.rules.panel_entry import dial_values, keys_to_enter
from coda_pi.rules.tiles import Color, Tile, full_set, legal_slots, sorted_row
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

KEY = {"prev": Button.PREV, "next": Button.NEXT, "ok": Button.OK, "back": Button.BACK}
FIX_ITEM = "Fix a panel entered wrong"
BEN_ROW = tuple(Tile.parse(t) for t in ("D2", "L5", "D8", "L10"))
BEN_DRAW = Tile.parse("D3")  # the panel Ben really draws, before his probes
ANN_COLOURS = (Color.LIGHT, Color.DARK, Color.LIGHT, Color.DARK)  # public: the backs


def _table(names: tuple[str, str]) -> tuple[Referee, Table]:
    clock = FakeClock()
    setup = SetupDefaults(names=names, pool="entered", timer=True, first_seconds=60,
                          extra_seconds=20)
    ref = Referee(clock=clock, rng=random.Random(5), record=MemoryRecord(), setup=setup,
                  pads=random.Random(9).randrange)
    table = Table(ref, clock)
    table.tap(Button.OK)  # Start
    return ref, table


def _enter(ref: Referee, table: Table, seat: int, panels: Sequence[Tile]) -> None:
    table.press(Button.for_seat(seat))
    entry = ref.pool.entry  # type: ignore[attr-defined]
    for key in keys_to_enter(entry, list(panels)):
        table.tap(KEY[key.value])
    table.release(Button.for_seat(seat))


def _observed(ref: Referee, table: Table, ben: int) -> Hashable:
    """Everything Ben can observe now, his button held for his private view."""
    view = dataclasses.replace(ref.view(), version=0)
    timer = ref.timer  # type: ignore[attr-defined]
    deadline = None if timer is None else getattr(timer, "deadline", None)
    cues = tuple(table.take_cues())
    table.press(Button.for_seat(ben))
    private = ref.private_view()
    table.release(Button.for_seat(ben))
    return repr((view, ref.leds(), cues, deadline, private))


def _colour_button(ref: Referee, table: Table, dark: bool) -> None:
    if ref.view().screen.color_dark is not dark:  # type: ignore[union-attr]
        table.tap(Button.NEXT)
    table.tap(Button.OK)


# -- the three channels: a state per world, and a probe played from it -----------------------


def deal_state(ann: Sequence[Tile]) -> tuple[Referee, Table]:
    """Ann (seat 1) has entered her row; Ben (seat 2) is to enter his."""
    ref, table = _table(("Ann", "Ben"))
    _enter(ref, table, 0, ann)
    table.take_cues()
    return ref, table


def deal_probe(state: tuple[Referee, Table], probe: Tile) -> Hashable:
    ref, table = state
    row = _with_probe(BEN_ROW, probe)
    _enter(ref, table, 1, row)
    return _observed(ref, table, 1)


def draw_state(ann: Sequence[Tile]) -> tuple[Referee, Table]:
    """Ben (seat 1) and Ann (seat 2) have entered their rows; Ben took a panel of the
    probe's colour from the table and is to enter it."""
    ref, table = _table(("Ben", "Ann"))
    _enter(ref, table, 0, BEN_ROW)
    _enter(ref, table, 1, ann)
    table.take_cues()
    return ref, table


def draw_probe(state: tuple[Referee, Table], probe: Tile) -> Hashable:
    ref, table = state
    _colour_button(ref, table, probe.color is Color.DARK)
    _enter(ref, table, 0, [probe])
    return _observed(ref, table, 0)


def ben_stands_his_draw_face_up(ref: Referee, table: Table) -> None:
    """After a miss: Ben places his drawn panel face up where his row takes it."""
    slot = legal_slots(list(BEN_ROW), BEN_DRAW)[0]
    table.press(Button.for_seat(0))
    for _ in range(20):
        private = ref.private_view()
        if private is None or private.cursor == slot:
            break
        table.tap(Button.NEXT)
    table.tap(Button.OK)
    table.release(Button.for_seat(0))


def fix_state(ann: Sequence[Tile]) -> tuple[Referee, Table]:
    """Ben drew D3 (his real panel), guessed a number Ann cannot hold there (his own L5 at
    her light panel 1) and placed the D3 face up: his own fallen panel, to be "fixed"."""
    ref, table = draw_state(ann)
    _colour_button(ref, table, True)
    _enter(ref, table, 0, [BEN_DRAW])
    table.tap(Button.for_seat(1))  # Ann
    table.tap(Button.OK)  # her panel 1
    values = dial_values(dashes=False)
    # "5": Ann's panel 1 is light, and Ben holds the light 5: wrong in every world.
    assert ANN_COLOURS[0] is BEN_ROW[1].color
    table.tap(Button.NEXT, values.index(BEN_ROW[1].value))
    table.tap(Button.OK)
    # A miss: Ben places the D3 face up where his row takes it.
    ben_stands_his_draw_face_up(ref, table)
    table.take_cues()
    return ref, table


def fix_probe(state: tuple[Referee, Table], probe: Tile) -> Hashable:
    ref, table = state
    game = ref.game
    assert game is not None
    fallen = [(s, i) for s, row in enumerate(game.rows) for i, p in enumerate(row)
              if p.revealed]
    if not fallen:
        return "no fallen panel"
    table.tap(Button.BACK)
    overlay = ref.view().overlay
    items = getattr(overlay, "items", ())
    if FIX_ITEM not in items:
        return "no fix"
    table.tap(Button.NEXT, items.index(FIX_ITEM))
    table.tap(Button.OK)
    table.tap(Button.OK)  # Ben's fallen panel (the only one)
    values = dial_values(dashes=False)
    now = values.index(BEN_DRAW.value)
    table.tap(Button.NEXT, (values.index(probe.value) - now) % len(values))
    table.tap(Button.OK)
    table.press(Button.for_seat(0))
    table.tap(Button.OK)
    table.release(Button.for_seat(0))
    return _observed(ref, table, 0)


LOOK_FALLEN = Tile.parse("D4")  # Ann's panel 2, which Ben's drawn panel is entered as


def look_state(ann: Sequence[Tile]) -> tuple[Referee, Table]:
    """Ben drew D3 and entered it as D4; he guessed Ann's panel 2 is 4 (right: it falls,
    his entry is contested), then her light panel 1 is 5 (he holds the light 5: wrong),
    and showed where his drawn panel stands face up: the device asks him to look at it."""
    assert ann[1] == LOOK_FALLEN
    ref, table = draw_state(ann)
    _colour_button(ref, table, True)
    _enter(ref, table, 0, [LOOK_FALLEN])
    values = dial_values(dashes=False)
    table.tap(Button.for_seat(1))  # Ann
    table.tap(Button.NEXT)  # her panel 2
    table.tap(Button.OK)
    table.tap(Button.NEXT, values.index(LOOK_FALLEN.value))
    table.tap(Button.OK)  # right
    table.tap(Button.OK)  # attack again
    table.tap(Button.OK)  # her panel 1 (the only one standing before it)
    cursor = ref.cursor
    assert cursor is not None
    table.tap(Button.NEXT, (values.index(BEN_ROW[1].value) - cursor.value_index) % 12)
    table.tap(Button.OK)  # wrong: Ben's drawn panel stands face up
    ben_stands_his_draw_face_up(ref, table)
    if getattr(ref.pool, "entry", None) is None:
        raise SystemExit("look: the device asked for no look (a checkout before issue 31's)")
    table.take_cues()
    return ref, table


def look_probe(state: tuple[Referee, Table], probe: Tile) -> Hashable:
    ref, table = state
    _enter(ref, table, 0, [probe])
    return _observed(ref, table, 0)


def look_rows(limit: int, rng: random.Random) -> list[tuple[Tile, ...]]:
    """Ann's rows the public allows once her panel 2 fell as the dark 4."""
    rows = [r for r in ann_rows(10**6, rng) if r[1] == LOOK_FALLEN]
    return rows if len(rows) <= limit else rng.sample(rows, limit)


def _with_probe(row: Sequence[Tile], probe: Tile) -> list[Tile]:
    """Ben's row with one panel of the probe's colour swapped for it, in order."""
    for at, panel in enumerate(row):
        rest = [t for i, t in enumerate(row) if i != at]
        if panel.color is probe.color and at in legal_slots(rest, probe):
            return sorted_row([*rest, probe])
    raise ValueError(f"{probe} fits nowhere in Ben's row")


CHANNELS: dict[str, tuple[Callable[[Sequence[Tile]], Any], Callable[[Any, Tile], Hashable],
                          Callable[[Tile], bool]]] = {
    "deal": (deal_state, deal_probe, lambda t: _fits(BEN_ROW, t)),
    "draw": (draw_state, draw_probe, lambda t: t != BEN_DRAW),
    "fix": (fix_state, fix_probe, lambda t: t.color is BEN_DRAW.color and t != BEN_DRAW),
    "look": (look_state, look_probe, lambda t: t.color is BEN_DRAW.color and t != LOOK_FALLEN),
}


def _fits(row: Sequence[Tile], probe: Tile) -> bool:
    try:
        _with_probe(row, probe)
    except ValueError:
        return False
    return True


# -- worlds, signatures, the planner ----------------------------------------------------------


def ann_rows(limit: int, rng: random.Random) -> list[tuple[Tile, ...]]:
    """Ann's rows the public allows: her colours in order, none of Ben's panels."""
    free = [t for t in full_set(dashes=False) if t not in BEN_ROW and t != BEN_DRAW]
    rows = []
    for combo in itertools.combinations(sorted(free, key=lambda t: t.rank or 0), 4):
        if tuple(t.color for t in combo) == ANN_COLOURS:
            rows.append(combo)
    return rows if len(rows) <= limit else rng.sample(rows, limit)


def signatures(channel: str, rows: Sequence[Sequence[Tile]]) -> dict[Tile, list[Hashable]]:
    """What Ben observes for each probe, in each world (the state built once per world and
    copied for each probe: a probe taken back leaves the same state)."""
    make, probe_once, allowed = CHANNELS[channel]
    probes = [t for t in sorted(full_set(dashes=False), key=str)
              if t not in BEN_ROW and allowed(t)]
    out: dict[Tile, list[Hashable]] = {p: [] for p in probes}
    for row in rows:
        state = make(row)
        for probe in probes:
            out[probe].append(probe_once(copy.deepcopy(state), probe))
    return out


def bits(parts: Sequence[tuple[Hashable, ...]]) -> float:
    """The mutual information between a uniform world and its answers (the answers are a
    function of the world): the entropy of the partition they make."""
    counts: dict[tuple[Hashable, ...], int] = defaultdict(int)
    for key in parts:
        counts[key] += 1
    n = len(parts)
    return -sum(c / n * math.log2(c / n) for c in counts.values()) + 0.0


def plan(sigs: dict[Tile, list[Hashable]], length: int, *, exact: int = 3,
         beam: int = 24) -> float:
    """The most bits any sequence of ``length`` probes gets: every set of up to ``exact``
    probes tried, then the best ``beam`` sequences extended by every probe at each step."""
    probes = list(sigs)
    if not probes:
        return 0.0
    n = len(next(iter(sigs.values())))

    def score(chosen: Sequence[Tile]) -> float:
        return bits([tuple(sigs[p][w] for p in chosen) for w in range(n)])

    best = 0.0
    frontier: list[tuple[float, tuple[Tile, ...]]] = []
    for size in range(1, min(exact, length, len(probes)) + 1):
        scored = [(score(c), c) for c in itertools.combinations(probes, size)]
        best = max(best, *(s for s, _ in scored))
        frontier = sorted(scored, key=lambda sc: -sc[0])[:beam]
    for _ in range(min(exact, length), min(length, len(probes))):
        grown = {tuple(sorted({*c, p}, key=str)) for _, c in frontier for p in probes
                 if p not in c}
        scored = [(score(c), c) for c in grown]
        if not scored:
            break
        best = max(best, *(s for s, _ in scored))
        frontier = sorted(scored, key=lambda sc: -sc[0])[:beam]
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=48, help="Ann's rows sampled")
    parser.add_argument("--probes", default="1,2,4,8,16")
    parser.add_argument("--exact", type=int, default=3)
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.probes.split(",")]
    rows = ann_rows(args.rows, random.Random(31))
    prior = math.log2(len(rows))
    print(f"Ann's row: {len(rows)} rows the public allows (colours "
          f"{' '.join(c.value for c in ANN_COLOURS)}), {prior:.2f} bits; Ben holds "
          f"{', '.join(str(t) for t in BEN_ROW)}")
    looked = look_rows(args.rows, random.Random(31))
    print(f"look: {len(looked)} rows the public allows once her panel 2 fell as {LOOK_FALLEN}, "
          f"{math.log2(len(looked)):.2f} bits")
    print(f"{'pool':<8} {'channel':<6} " + " ".join(f"{n:>6}" for n in counts)
          + "   probes tried, seconds")
    for pool in ("device", "table"):
        print(f"{pool:<8} {'-':<6} " + " ".join(f"{'n/a':>6}" for _ in counts)
              + "   (no seat's entry is checked: nothing to probe)")
    for channel in CHANNELS:
        started = time.perf_counter()
        sigs = signatures(channel, looked if channel == "look" else rows)
        found = [plan(sigs, n, exact=args.exact) for n in counts]
        print(f"{'entered':<8} {channel:<6} " + " ".join(f"{b:>6.2f}" for b in found)
              + f"   {len(sigs)} probes, {time.perf_counter() - started:.1f} s")
    print("bits = mutual information between Ann's row and what Ben observes (exact over "
          "the rows above); the boxed game: 0.00 on every channel")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

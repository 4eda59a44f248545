"""A draw cannot be re-rolled: the seeded dealer decides each panel once per moment.

Undo of a draw and OK again gives the same panel; so does a resume from the record after a
power cut; and every panel left in the pool is still equally likely to come.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules_lines import UNDO, record_bytes
from test_rules_properties import MAX_STEPS, Line, apply_line, legal_event, tables

from coda_pi.record import Journal
from coda_pi.referee.coda.referee import resumed_seed
from coda_pi.replay import replay_bytes
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import Deal, to_dict
from coda_pi.rules.dealer import SEED_KEY, Shuffle, draws_so_far, inherited_seed, new_seed
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Color, full_set, order_problem

SEEDS = st.integers(0, 2**128 - 1).map(lambda n: f"{n:032x}")


def seeded_line(game: CodaGame, shuffle: Shuffle, rng: random.Random) -> Line:
    """What the table does next, with every deal and draw taken from ``shuffle``."""
    if game.phase is Phase.DEAL:
        seat = next(s for s in range(game.seats) if not game.dealt[s])
        return to_dict(shuffle.deal_row(game, seat))
    if game.phase is Phase.DRAW:
        colour = rng.choice([c for c in Color if game.pool_count[c]])
        return to_dict(shuffle.draw(game, colour))
    return legal_event(game, rng)


def moment(game: CodaGame, line: Line) -> tuple[object, ...]:
    """Everything a dealing decision may depend on: the same key must give the same panel."""
    kind = line["event"]
    which = line.get("seat") if kind == "deal" else (game.turn, line["tile"][0])
    return (kind, game.round_number, draws_so_far(game), which, frozenset(game.unseen))


@settings(max_examples=60, deadline=None)
@given(tables(), SEEDS)
def test_undo_and_redo_never_change_a_deal_or_a_draw(table: tuple[Line, int], seed: str) -> None:
    head, game_seed = table
    rng = random.Random(game_seed)
    shuffle = Shuffle(seed)
    journal = Journal(CodaGame.from_header(head), apply_line)
    decided: dict[tuple[object, ...], object] = {}
    steps = 0
    while not journal.game.finished:
        steps += 1
        assert steps < MAX_STEPS
        if journal.can_undo and rng.random() < 0.15:
            journal.undo()  # a table that takes back a lot, then plays on
            continue
        game = journal.game
        line = seeded_line(game, shuffle, rng)
        if line["event"] in ("deal", "draw"):
            key = moment(game, line)
            chosen = line.get("row", line.get("tile"))
            assert decided.setdefault(key, chosen) == chosen
        journal.apply(line)


def test_undo_of_a_draw_then_ok_draws_the_same_panel() -> None:
    head: Line = {"game": "coda", "players": ["Ann", "Ben"], SEED_KEY: "ab" * 16}
    shuffle = Shuffle.from_header(head)
    assert shuffle is not None
    journal = Journal(CodaGame.from_header(head), apply_line)
    journal.apply({"event": "round"})
    for seat in (0, 1):
        journal.apply(to_dict(shuffle.deal_row(journal.game, seat)))
    first = to_dict(shuffle.draw(journal.game, Color.DARK))
    journal.apply(first)
    journal.undo()
    assert to_dict(shuffle.draw(journal.game, Color.DARK)) == first
    # The other colour is a decision of its own, fixed too, and not the dark one.
    light = to_dict(shuffle.draw(journal.game, Color.LIGHT))
    assert light["tile"].startswith("L")
    assert to_dict(shuffle.draw(journal.game, Color.LIGHT)) == light


@settings(max_examples=40, deadline=None)
@given(tables(), SEEDS, st.integers(0, 400))
def test_a_resume_from_the_record_deals_and_draws_what_the_live_game_would(
    table: tuple[Line, int], seed: str, cut: int,
) -> None:
    """Power cut after any line: the replayed record and its header's seed decide the next
    deal or draw exactly as the game that was running."""
    head, game_seed = table
    head = head | {SEED_KEY: seed}
    rng = random.Random(game_seed)
    shuffle = Shuffle(seed)
    game = CodaGame.from_header(head)
    lines: list[Line] = []
    while not game.finished and len(lines) < cut:
        line = seeded_line(game, shuffle, rng)
        apply_line(game, line)
        lines.append(line)
    if game.phase not in (Phase.DEAL, Phase.DRAW):
        return
    replayed = replay_bytes(record_bytes(head, *lines, UNDO, lines[-1]) if lines else
                            record_bytes(head))
    assert replayed.error is None
    resumed = Shuffle.from_header(replayed.header or {})
    assert resumed == shuffle
    assert replayed.game == game
    if game.phase is Phase.DEAL:
        seat = next(s for s in range(game.seats) if not game.dealt[s])
        assert resumed.deal_row(replayed.game, seat) == shuffle.deal_row(game, seat)
    else:
        for colour in (c for c in Color if game.pool_count[c]):
            assert resumed.draw(replayed.game, colour) == shuffle.draw(game, colour)


@settings(max_examples=50, deadline=None)
@given(tables(), SEEDS)
def test_seeded_deals_and_draws_are_legal(table: tuple[Line, int], seed: str) -> None:
    head, game_seed = table
    rng = random.Random(game_seed)
    shuffle = Shuffle(seed)
    game = CodaGame.from_header(head)
    apply_line(game, {"event": "round"})
    for seat in range(game.seats):
        row = shuffle.deal_row(game, seat).row
        assert len(row) == game.settings.hand
        assert all(tile in game.unseen for tile in row)
        assert order_problem(row) is None
        apply_line(game, to_dict(Deal(seat, row)))
    while game.phase is not Phase.FINISHED and game.round_number == 1:
        if game.phase is Phase.DRAW:
            colour = rng.choice([c for c in Color if game.pool_count[c]])
            tile = shuffle.draw(game, colour).tile
            assert tile.color is colour and tile in game.unseen
        apply_line(game, seeded_line(game, shuffle, rng))


def test_every_panel_is_about_equally_likely_to_be_drawn() -> None:
    """Over 2,400 fixed seeds the first dark draw falls on each of the 12 dark panels about
    200 times, and first rows repeat no more than uniform picks would: a real shuffle."""
    head: Line = {"game": "coda", "players": ["Ann", "Ben"]}
    seen: Counter[str] = Counter()
    rows: set[tuple[str, ...]] = set()
    for n in range(2400):
        shuffle = Shuffle(f"{n * 7919 + 1:032x}")
        game = CodaGame.from_header(head)
        apply_line(game, {"event": "round"})
        deal = shuffle.deal_row(game, 0)
        rows.add(tuple(str(t) for t in deal.row))
        apply_line(game, to_dict(deal))
        apply_line(game, to_dict(shuffle.deal_row(game, 1)))
        seen[str(shuffle.draw(game, Color.DARK).tile)] += 1
    darks = {str(t) for t in full_set(dashes=False) if t.color is Color.DARK}
    assert set(seen) == darks
    assert all(150 <= count <= 250 for count in seen.values()), seen
    # 2,400 uniform picks among the C(24, 4) = 10,626 rows give about 2,147 distinct ones.
    assert 2050 <= len(rows) <= 2250


def test_the_mastermind_code_is_fixed_per_game_and_varies_between_games() -> None:
    shuffle = Shuffle("0123456789abcdef" * 2)
    colours = "RGBYOP"
    code = shuffle.code(1, colours, 4)
    assert code == shuffle.code(1, colours, 4)
    assert len(code) == 4 and set(code) <= set(colours)
    codes = {shuffle.code(n, colours, 4) for n in range(1, 60)}
    assert len(codes) > 50


def test_a_new_seed_is_secret_sized_and_a_header_without_one_gives_none() -> None:
    seed = new_seed(random.Random(1))
    assert len(seed) == 32 and Shuffle(seed).seed == seed
    assert new_seed(random.Random(2)) != seed
    assert Shuffle.from_header({"game": "coda"}) is None
    assert Shuffle.from_header({SEED_KEY: "not hex"}) is None
    assert Shuffle.from_header({SEED_KEY: 12}) is None
    with pytest.raises(RuleError):
        Shuffle("abcd")  # 16 bits: anyone could try them all


@settings(max_examples=30, deadline=None)
@given(tables(), st.integers(0, 400), st.integers(0, 400))
def test_an_old_record_without_a_seed_keeps_one_seed_from_resume_to_resume(
    table: tuple[Line, int], first_cut: int, second_cut: int,
) -> None:
    """A record from before seeds were kept: every resume after its deal makes the same seed,
    so the draw an undo took back comes again after a second power cut."""
    head, game_seed = table
    rng = random.Random(game_seed)
    journal = Journal(CodaGame.from_header(head), apply_line)
    lines: list[Line] = []
    while not journal.game.finished and len(lines) < max(first_cut, second_cut):
        line = seeded_line(journal.game, Shuffle(f"{game_seed:032x}"), rng)
        journal.apply(line)
        lines.append(line)
    dealt = sum(1 for line in lines if line["event"] == "deal")
    if dealt < journal.game.seats:
        return
    events = journal.events
    first = inherited_seed(head, events[:max(first_cut, dealt + 1)])
    second = inherited_seed(head, events[:max(second_cut, dealt + 1)])
    assert first == second
    assert Shuffle(first).seed == first  # a seed the dealer takes
    # The header alone (public) does not make it: other rows, another seed.
    other = [e for e in events if e["event"] != "deal"]
    assert inherited_seed(head, other) != first


def test_a_resume_keeps_the_header_seed_and_a_new_game_gets_a_fresh_one() -> None:
    head: Line = {"game": "coda", "players": ["A", "B"], SEED_KEY: "ab" * 16}
    journal = Journal(CodaGame.from_header(head), apply_line)
    assert resumed_seed(head, journal, random.Random(1)) == "ab" * 16
    fresh = {resumed_seed(None, None, random.Random(n)) for n in range(5)}
    assert len(fresh) == 5
    old = {k: v for k, v in head.items() if k != SEED_KEY}
    # Nothing decided yet in an old record: nothing to keep, so a fresh secret seed.
    assert resumed_seed(old, Journal(CodaGame.from_header(old), apply_line),
                        random.Random(1)) == new_seed(random.Random(1))

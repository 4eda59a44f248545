"""Random legal games played to the end keep the invariants a referee would check by hand.

A driver picks legal events the way a table would: the dealer (with a seeded rng) deals and
draws, guesses aim at hidden panels and are right more often than chance (so games end),
drawn panels go to a random legal slot, and now and then a player times out, stops, or asks
for an undo. Hypothesis picks the table (2-4 players, dashes, 1-3 rounds, bonus mode) and the
seed; the seed alone then decides the game, which keeps examples small and fast.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules_lines import (
    UNDO,
    Line,
    draw,
    guess,
    place,
    record_bytes,
    reveal,
    rnd,
    stop,
    timeout,
)

from coda_pi.record import Journal
from coda_pi.replay import replay_bytes
from coda_pi.rules import dealer
from coda_pi.rules.coda import CodaGame, Phase, row_tiles
from coda_pi.rules.coda_events import VALUES, Deal, parse_event, to_dict
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Color, Tile, full_set, legal_slots, order_problem

NAMES = ["Ann", "Ben", "Cy", "Dee"]
MAX_STEPS = 3000  # far beyond any real game: a game that does not end here is a bug


@st.composite
def tables(draw_: st.DrawFn) -> tuple[Line, int]:
    players = draw_(st.integers(2, 4))
    head: Line = {
        "game": "coda", "version": 1, "players": NAMES[:players],
        "dashes": draw_(st.booleans()), "rounds": draw_(st.integers(1, 3)),
        "bonus": draw_(st.sampled_from(["hidden", "all"])),
    }
    if draw_(st.booleans()):
        head["hand"] = draw_(st.integers(1, 6))  # 4 x 6 = 24 still fits in the box
    return head, draw_(st.integers(0, 2**32 - 1))


def apply_line(game: CodaGame, line: Line) -> None:
    game.apply(parse_event(line))


def legal_event(game: CodaGame, rng: random.Random) -> Line:
    """One legal next line for the game's current state."""
    phase = game.phase
    if phase is Phase.ROUND:
        if game.round_number == 0:
            return rnd(rng.randrange(game.seats) if rng.random() < 0.5 else None)
        return rnd(game.results[-1].winner if rng.random() < 0.5 else None)
    if phase is Phase.DEAL:
        seat = rng.choice([s for s in range(game.seats) if not game.dealt[s]])
        row = dealer.deal_row(game, seat, rng).row
        for dash in [t for t in row if t.dash]:
            row = dealer.place_dash(row, dash, rng.randrange(len(row)))
        return to_dict(Deal(seat, row))
    seat = game.turn
    assert seat is not None
    own = row_tiles(game.rows[seat])
    if phase is Phase.DRAW:
        colour = rng.choice([c for c in Color if game.pool_count[c]])
        return to_dict(dealer.draw(game, colour, rng))
    if phase is Phase.PENALTY:
        if game.drawn is not None:
            return place(seat, rng.choice(legal_slots(own, game.drawn)))
        return reveal(seat, rng.choice(game.hidden_slots(seat)))
    assert phase in (Phase.ATTACK, Phase.CONTINUE)
    roll = rng.random()
    if phase is Phase.CONTINUE and roll < 0.3:
        return stop(seat, None if game.drawn is None else rng.choice(legal_slots(own, game.drawn)))
    if roll > 0.93:
        return timeout(seat)
    target = rng.choice([s for s in game.players_in() if s != seat])
    slot = rng.choice(game.hidden_slots(target))
    truth = game.rows[target][slot].tile.value
    values = [v for v in VALUES if game.settings.dashes or v != "-"]
    return guess(seat, target, slot, truth if rng.random() < 0.6 else rng.choice(values))


def full_rank(text: str) -> int:
    return Tile.parse(text).rank or 0


def random_line(game: CodaGame, rng: random.Random) -> Line:
    """Any line at all, mostly illegal: for probing refusals. Half of them come from the
    player whose turn it is and rows have the right length, so they get past the first
    checks."""
    kind = rng.choice(["round", "deal", "draw", "guess", "stop", "place", "reveal", "timeout"])
    tiles = [str(t) for t in full_set(dashes=True)]
    seat, slot = rng.randrange(-1, 5), rng.randrange(-1, 9)
    plausible = rng.random() < 0.5
    if plausible and game.turn is not None:
        seat = game.turn
    if kind == "round":
        return rnd(rng.choice([None, seat]))
    if kind == "deal":
        size = game.settings.hand if plausible else rng.randrange(1, 6)
        row = rng.sample(tiles, size)
        if plausible and rng.random() < 0.5:
            row.sort(key=lambda t: full_rank(t))
        return {"event": "deal", "seat": seat, "row": row}
    if kind == "draw":
        return draw(seat, rng.choice(tiles))
    if kind == "guess":
        return guess(seat, rng.randrange(-1, 5), slot, rng.choice(VALUES))
    if kind == "stop":
        return stop(seat, rng.choice([None, slot]))
    if kind == "place":
        return place(seat, slot)
    if kind == "reveal":
        return reveal(seat, slot)
    return timeout(seat)


@dataclass
class Played:
    head: Line
    journal: Journal[CodaGame]
    lines: list[Line] = field(default_factory=list)  # every line after the header, undo too
    steps: int = 0

    @property
    def game(self) -> CodaGame:
        return self.journal.game


def play_out(
    head: Line, seed: int, *, each_step: Callable[[Played, random.Random], None] | None = None,
    undo_rate: float = 0.04,
) -> Played:
    rng = random.Random(seed)
    played = Played(head, Journal(CodaGame.from_header(head), apply_line))
    while not played.game.finished:
        played.steps += 1
        assert played.steps < MAX_STEPS, "the game does not end"
        if played.journal.can_undo and rng.random() < undo_rate:
            played.journal.undo()
            played.lines.append(UNDO)
        else:
            line = legal_event(played.game, rng)
            played.journal.apply(line)
            played.lines.append(line)
        if each_step is not None:
            each_step(played, rng)
    return played


# -- invariants ----------------------------------------------------------------------------


def assert_panels_partitioned(game: CodaGame) -> None:
    """Every panel of the box is in exactly one place: the pool, a row, or a player's hand."""
    if game.round_number == 0:
        return
    places = Counter(game.unseen)
    for row in game.rows:
        places.update(s.tile for s in row)
    if game.drawn is not None:
        places[game.drawn] += 1
    assert places == Counter(full_set(dashes=game.settings.dashes))
    assert game.pool_size == len(game.unseen)


def assert_rows_in_order(game: CodaGame) -> None:
    for row in game.rows:
        assert order_problem(row_tiles(row)) is None


def face(tile: str) -> int:
    return int(tile[1:]) if tile[1:].isdigit() else 0


Causes = dict[str, int]


def recount(head: Line, events: list[Line]) -> tuple[list[int], list[list[Causes]]]:
    """From the events alone, by the tournament rules: each round's winner (for the rounds
    that ended) and each round's points per seat by cause."""
    n = len(head["players"])
    mode = head.get("bonus", "hidden")
    winners: list[int] = []
    per_round: list[list[Causes]] = []
    rows: list[list[list[Any]]] = []
    out: set[int] = set()
    held: tuple[int, str] | None = None  # who holds a drawn panel, and which

    def end_if_won() -> None:
        standing = [s for s in range(n) if s not in out]
        if len(standing) == 1:
            w = standing[0]
            per_round[-1][w]["win"] += 5
            bonus = sum(face(t) for t, down in rows[w] if mode == "all" or not down)
            if held is not None and held[0] == w:
                bonus += face(held[1])
            per_round[-1][w]["bonus"] += bonus
            winners.append(w)

    for e in events:
        kind = e["event"]
        if kind == "round":
            rows, out, held = [[] for _ in range(n)], set(), None
            per_round.append([dict.fromkeys(("guesses", "exposures", "win", "bonus"), 0)
                              for _ in range(n)])
        elif kind == "deal":
            rows[e["seat"]] = [[t, False] for t in e["row"]]
        elif kind == "draw":
            held = (e["seat"], e["tile"])
        elif kind == "guess":
            panel = rows[e["target"]][e["slot"]]
            if panel[0][1:] == e["value"]:
                panel[1] = True
                per_round[-1][e["seat"]]["guesses"] += 1
                if all(down for _, down in rows[e["target"]]):
                    out.add(e["target"])
                    per_round[-1][e["seat"]]["exposures"] += 3
                    end_if_won()
        elif kind in ("stop", "place"):
            if held is not None:
                rows[e["seat"]].insert(e["slot"], [held[1], kind == "place"])
            held = None
        elif kind == "reveal":
            rows[e["seat"]][e["slot"]][1] = True
            if all(down for _, down in rows[e["seat"]]):
                out.add(e["seat"])
                end_if_won()
    return winners, per_round


# -- the properties --------------------------------------------------------------------------


def check_every_step(played: Played, rng: random.Random) -> None:
    assert_panels_partitioned(played.game)
    assert_rows_in_order(played.game)


@settings(max_examples=40, deadline=None)
@given(tables())
def test_random_games_keep_panels_rows_and_scores_straight(table: tuple[Line, int]) -> None:
    head, seed = table
    played = play_out(head, seed, each_step=check_every_step)
    game = played.game
    winners, causes = recount(head, played.journal.events)
    engine_causes = [
        [{"guesses": p.guesses, "exposures": p.exposures, "win": p.win, "bonus": p.bonus}
         for p in round_points]
        for round_points in game.points
    ]
    assert engine_causes == causes
    assert [r.winner for r in game.results] == winners
    assert [r.points for r in game.results] == [
        tuple(sum(c.values()) for c in round_causes) for round_causes in causes
    ]
    assert game.totals() == [sum(sum(r[s].values()) for r in causes) for s in range(game.seats)]
    assert len(game.results) == head["rounds"]


@settings(max_examples=25, deadline=None)
@given(tables())
def test_replaying_the_written_record_gives_the_live_state(table: tuple[Line, int]) -> None:
    head, seed = table
    played = play_out(head, seed, undo_rate=0.08)
    # what the device writes: each event as to_dict gives it, one JSON object per line
    written = [line if line is UNDO else to_dict(parse_event(line)) for line in played.lines]
    replay = replay_bytes(record_bytes(head, *written))
    assert replay.error is None and replay.warnings == []
    assert replay.summary() == {**played.game.summary(), "error": None}
    assert replay.game == played.game


def undo_then_redo(played: Played, rng: random.Random) -> None:
    if not played.lines or played.lines[-1] is UNDO or rng.random() > 0.3:
        return
    journal = played.journal
    after, summary = journal.game.copy(), journal.game.summary()
    line = journal.undo()
    assert line is played.lines[-1]
    journal.apply(line)
    assert journal.game == after
    assert journal.game.summary() == summary


def refusals_leave_no_trace(played: Played, rng: random.Random) -> None:
    game = played.game
    for _ in range(2):
        line = random_line(game, rng)
        trial = game.copy()
        try:
            trial.apply(parse_event(line))
        except RuleError as err:
            assert err.message
            assert trial == game, f"{line} was refused ({err}) but changed the game"


@settings(max_examples=15, deadline=None)
@given(tables())
def test_undo_then_redo_is_identity(table: tuple[Line, int]) -> None:
    head, seed = table
    played = play_out(head, seed, each_step=undo_then_redo)
    assert played.game.finished


@settings(max_examples=15, deadline=None)
@given(tables())
def test_a_refused_event_leaves_the_state_unchanged(table: tuple[Line, int]) -> None:
    head, seed = table
    played = play_out(head, seed, each_step=refusals_leave_no_trace, undo_rate=0.0)
    assert played.game.finished


# -- any JSON at all -------------------------------------------------------------------------

KEYS = ["event", "seat", "target", "slot", "value", "tile", "row", "first", "correct", "tiles"]
WORDS = ["D1", "L-", "D?", "0", "-", "coda", "round", "deal", "draw", "guess", "stop", "place",
         "reveal", "timeout", "bonus", "undo"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False)
    | st.text(max_size=4) | st.sampled_from(WORDS),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from([*KEYS, "game", "players"]), inner, max_size=5),
    max_leaves=10,
)
event_like = st.fixed_dictionaries(
    {"event": st.sampled_from(WORDS[5:]) | json_values},
    optional={k: json_values for k in KEYS[1:]},
)
HEADER_KEYS = ["game", "version", "players", "dashes", "rounds", "hand", "bonus"]
OPENINGS = [
    [],
    [draw(0, "D8")],
    [draw(0, "D8"), guess(0, 1, 0, "0")],
    [draw(0, "D8"), guess(0, 1, 0, "5")],
    [draw(0, "D8"), *(guess(0, 1, s, v) for s, v in enumerate(["0", "3", "6", "11"]))],
]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(event_like | json_values, max_size=5),
    st.dictionaries(st.sampled_from(HEADER_KEYS), json_values),
    st.sampled_from(OPENINGS),
)
def test_any_json_replays_to_an_object_and_never_crashes(
    lines: list[Any], head_changes: dict[str, Any], opening: list[Line]
) -> None:
    start: list[Line] = [
        {"game": "coda", "players": ["Ann", "Ben"], "dashes": True}, rnd(),
        {"event": "deal", "seat": 0, "row": ["D1", "D4", "L7", "L10"]},
        {"event": "deal", "seat": 1, "row": ["D0", "L3", "D6", "L11"]}, *opening,
    ]
    for record in (start + lines, [head_changes, *lines], [{**start[0], **head_changes}]):
        replay = replay_bytes(record_bytes(*record))
        summary = replay.summary()
        assert replay.exit_code == (2 if summary["error"] else 0)
        if summary["error"]:
            assert 1 <= summary["error"]["line"] <= len(record)
            assert isinstance(summary["error"]["message"], str) and summary["error"]["message"]

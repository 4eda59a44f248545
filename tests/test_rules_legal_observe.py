"""The games' own interface: legal events and the observer, for both games and every pool
mode (``referee/shared/pool_names.py``: device, table, entered), dashes on and off.

Like OpenSpiel's ``random_sim_test``: random sequences of legal events, played to the end,
never raise; at random moments a random event (legal or not) is accepted by the rules
exactly when it is among the legal events; and at every step every observation is
consistent: the public sees no standing number during play, each seat sees its own row and
no more, and everything public is the same for every viewer.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coda_pi.record import RecordLine
from coda_pi.referee.pools.entered.claims import ClaimsGame, record_lines
from coda_pi.referee.pools.mode import DevicePool, pool_mode
from coda_pi.referee.shared.pool_names import POOL_NAMES
from coda_pi.referee.shared.public import public_table
from coda_pi.replay import replay_lines
from coda_pi.rules import dealer
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import (
    VALUES,
    Bonus,
    CodaEvent,
    Deal,
    Draw,
    Guess,
    Place,
    Reveal,
    RoundStart,
    Stop,
    Timeout,
    to_dict,
)
from coda_pi.rules.deduction import analyze
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.errors import RuleError
from coda_pi.rules.games import GAMES, find_game, rules_of
from coda_pi.rules.legal import legal_events, seat_moves
from coda_pi.rules.mastermind import MastermindMatch
from coda_pi.rules.mastermind_game import mastermind_legal, mastermind_legal_events
from coda_pi.rules.observe import CodaObservation, observe, round_over
from coda_pi.rules.tiles import Color, Tile

SAMPLE = 3000  # legal events looked at per step (a bonus can have many)


def coda_header(players: int, dashes: bool, rounds: int) -> dict[str, Any]:
    return {"game": "coda", "version": 1, "players": ["Ann", "Ben", "Cy", "Dee"][:players],
            "dashes": dashes, "rounds": rounds}


def pick(game: CodaGame, rng: random.Random, panels_seen: bool,
         players_deal: bool = False) -> CodaEvent | None:
    """A random legal event (right guesses favoured, so that games end); None when there is
    none. A deal of panels the device knows (there are thousands) is the dealer's, or, with
    ``players_deal`` (entered pool), a hand the player drew and stood in order; checked to be
    legal."""
    if game.phase is Phase.DEAL and panels_seen:
        seat = rng.choice([s for s in range(game.seats) if not game.dealt[s]])
        if players_deal:
            hand = rng.sample(sorted(_honest(game), key=str), game.settings.hand)
            row = tuple(sorted((t for t in hand if not t.dash), key=lambda t: t.rank or 0))
            row += tuple(t for t in hand if t.dash)
        else:
            row = dealer.deal_row(game, seat, rng).row
        for dash in [t for t in row if t.dash]:
            row = dealer.place_dash(row, dash, rng.randrange(len(row)))
        deal = Deal(seat, row)
        assert deal in legal_events(game, panels_seen=True)
        return deal
    events = list(itertools.islice(legal_events(game, panels_seen=panels_seen), SAMPLE))
    if isinstance(game, ClaimsGame):
        # Entered pool: the rules take a claim of a panel another row claims (nobody may be
        # told while both stand), but these players enter what they drew. A table that
        # lies can reach a claim the table saw fall elsewhere, whose own fall the record
        # cannot write until one entry is fixed (issue 31's open part).
        events = [e for e in events if not isinstance(e, Draw) or e.tile in game.unseen]
    if not events:
        return None
    if game.phase in (Phase.ATTACK, Phase.CONTINUE) and rng.random() < 0.6:
        right = [e for e in events if isinstance(e, Guess) and _right(game, e)]
        if right:
            return rng.choice(right)
    return rng.choice(events)


def _claims_another_row(game: CodaGame, event: CodaEvent) -> bool:
    """Whether ``event`` deals or draws a panel some other row holds."""
    tiles = event.row if isinstance(event, Deal) else (event.tile,) if isinstance(
        event, Draw) else ()
    seat = getattr(event, "seat", None)
    theirs = {s.tile for other, row in enumerate(game.rows) if other != seat for s in row}
    return any(t in theirs for t in tiles)


def _honest(game: CodaGame) -> list[Tile]:
    """The panels a player may draw and enter honestly: none another row holds."""
    return [t for t in game.pool_tiles() if t in game.unseen]


def _right(game: CodaGame, guess: Guess) -> bool:
    tile = game.rows[guess.target][guess.slot].tile
    return guess.correct is True or (tile.known and tile.value == guess.value)


def any_event(game: CodaGame, rng: random.Random) -> CodaEvent:
    """Some event, legal or not, with fields in the ranges a record could hold."""
    n = game.seats
    seat = game.turn if game.turn is not None and rng.random() < 0.8 else rng.randrange(n + 1)
    width = max((len(r) for r in game.rows), default=0)
    slot = rng.randrange(width + 2)
    colour = rng.choice(list(Color))
    tile = Tile.parse(colour.value + rng.choice([*VALUES, "?"]))
    kind = rng.randrange(9)
    if kind == 0:
        return RoundStart(rng.randrange(n + 1))
    if kind == 1:
        return Draw(seat, tile)
    if kind == 2:
        return Guess(seat, rng.randrange(n + 1), slot, rng.choice(VALUES),
                     rng.choice([None, True, False]))
    if kind == 3:
        return Stop(seat, rng.choice([None, slot]))
    if kind == 4:
        return Place(seat, slot, rng.choice([None, tile]))
    if kind == 5:
        return Reveal(seat, slot, rng.choice([None, tile]))
    if kind == 6:
        return Timeout(seat)
    if kind == 7:
        return Bonus(seat, tuple(Tile.parse(colour.value + rng.choice(VALUES))
                                 for _ in range(rng.randrange(4))))
    return Deal(seat, tuple(tile for _ in range(game.settings.hand)))


def canonical(game: CodaGame, event: CodaEvent) -> CodaEvent:
    """The form ``legal_events`` gives an event the rules accept in several spellings: a
    right answer the referee could judge itself, a known panel named again, the first seat
    left unsaid."""
    match event:
        case RoundStart(None):
            return RoundStart(game.results[-1].winner if game.results else 0)
        case Guess(seat, target, slot, value, correct) if correct is not None:
            if 0 <= target < len(game.rows) and 0 <= slot < len(game.rows[target]):
                tile = game.rows[target][slot].tile
                if tile.known and correct == (tile.value == value):
                    return Guess(seat, target, slot, value)
        case Place(seat, slot, tile) if tile is not None and tile == game.drawn:
            return Place(seat, slot)
        case Reveal(seat, slot, tile) if tile is not None and 0 <= seat < len(game.rows):
            row = game.rows[seat]
            if 0 <= slot < len(row) and row[slot].tile == tile:
                return Reveal(seat, slot)
    return event


def of_this_pool(event: CodaEvent, panels_seen: bool) -> bool:
    """Whether a deal or a draw is of the pool being played: panels the device knows, or
    panels the table draws unseen (the rules take either; the pool mode chooses)."""
    match event:
        case Draw(_, tile):
            return tile.known == panels_seen
        case Deal(_, row):
            return all(t.known == panels_seen for t in row)
    return True


def check_seat_moves(game: CodaGame, panels_seen: bool) -> None:
    """The moves a seat chooses among from what it sees (``seat_moves``, the simulated
    players' only source) are the legal events, told as far as the seat can tell them, and
    every legal event of its turn is among them. Where the device cannot see the panels
    (table pool) a move may still need its number, which the rules then judge: there the
    moves hold every legal event and may hold more."""
    seat = game.turn
    for viewer in range(game.seats):
        if viewer != seat:
            assert list(seat_moves(observe(game, viewer))) == []
    if seat is None or game.phase not in (Phase.DRAW, Phase.ATTACK, Phase.CONTINUE,
                                          Phase.PENALTY):
        return
    moves = list(seat_moves(observe(game, seat)))
    assert len(moves) == len(set(moves))
    legal = set(itertools.islice(legal_events(game, panels_seen=panels_seen), 20_000))
    told = {as_seat_tells(game, e) for e in legal if not isinstance(e, Timeout)}
    if panels_seen:
        assert set(moves) == told, (game.phase, set(moves) ^ told)
    else:
        assert told <= set(moves), (game.phase, told - set(moves))


def as_seat_tells(game: CodaGame, event: CodaEvent) -> CodaEvent:
    """A legal event as the acting seat tells it: a draw by colour, a guess without the
    target's answer, a panel knocked down without a number the device cannot see."""
    match event:
        case Draw(seat, tile):
            return Draw(seat, Tile(tile.color))
        case Guess(seat, target, slot, value, _):
            return Guess(seat, target, slot, value)
        case Reveal(seat, slot, _):
            return Reveal(seat, slot)
        case Place(seat, slot, _):
            return Place(seat, slot)
    return event


def check_observations(game: CodaGame) -> None:
    public = observe(game)
    over = round_over(game)
    assert isinstance(public, CodaObservation)
    for s, row in enumerate(game.rows):
        for i, slot in enumerate(row):
            seen = public.rows[s][i]
            assert seen.color is slot.tile.color
            if slot.revealed or over:
                assert seen.tile == slot.tile
            else:
                assert seen.tile is None, "a standing number reached the public"
    if game.drawn is not None and not over:
        assert public.drawn is not None and public.drawn.tile is None
    for seat in range(game.seats):
        mine = observe(game, seat)
        assert (mine.phase, mine.turn, mine.out, mine.pool, mine.totals) == (
            public.phase, public.turn, public.out, public.pool, public.totals)
        for s, row in enumerate(mine.rows):
            if s == seat:
                assert [p.tile for p in row] == [slot.tile for slot in game.rows[s]]
            else:
                assert row == public.rows[s], "a seat saw another seat's standing number"
        holds = mine.drawn_seat == seat
        if game.drawn is not None:
            assert mine.drawn is not None
            assert mine.drawn.tile == (game.drawn if holds or over else None)
        # The deduction engine's view of the seat is the observer's.
        assert [[p.tile for p in r] for r in Witness(game, _no_misses(game)).view(seat).rows] == [
            [p.tile if p.value is not None else None for p in r] for r in mine.rows]
    # The public screen is drawn from the public observation: numbers of fallen panels only.
    table = public_table(game)
    assert [[p.value for p in r] for r in table.rows] == [
        [slot.tile.value if slot.revealed else None for slot in r] for r in game.rows]


def _no_misses(game: CodaGame) -> list[list[frozenset[str]]]:
    return [[frozenset()] * len(row) for row in game.rows]


@pytest.mark.parametrize("dashes", [False, True], ids=["plain", "dashes"])
@pytest.mark.parametrize("pool", POOL_NAMES)
@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    rounds=st.integers(1, 2),
)
def test_random_legal_coda_games_never_raise_and_every_observation_is_consistent(
    pool: str, dashes: bool, seed: int, players: int, rounds: int
) -> None:
    rng = random.Random(seed)
    mode = pool_mode(pool)
    panels_seen = mode.panels_seen
    header = coda_header(players, dashes, rounds)
    game = mode.journal(find_game("coda").start(header).settings).game  # the mode's own
    witness = Witness(game)  # the "wrong" answers too, for the deduction engine
    lines = [RecordLine(1, header)]
    for step in range(2000):
        if game.finished:
            break
        check_observations(game)
        check_seat_moves(game, panels_seen)
        if game.phase is not Phase.DEAL or not panels_seen:
            # Any event, legal or not: the rules take it exactly when it is a legal one.
            legal = set(legal_events(game, panels_seen=panels_seen))
            for _ in range(5):
                probe = any_event(game, rng)
                if not of_this_pool(probe, panels_seen):
                    continue
                trial = game.copy()
                try:
                    trial.apply(probe)
                    accepted = True
                except RuleError:
                    accepted = False
                if isinstance(game, ClaimsGame) and accepted and \
                        canonical(game, probe) not in legal:
                    # Entered pool: a claim of a panel another row claims is taken (nobody
                    # may be told while both stand); ``legal_events`` lists the pool's.
                    assert _claims_another_row(game, probe), (game.phase, probe)
                    continue
                assert accepted == (canonical(game, probe) in legal), (game.phase, probe)
        event = pick(game, rng, panels_seen, players_deal=mode is not DevicePool)
        if event is None:
            # Only a table whose answers cannot all be true (a random table-pool game can
            # answer "right" to a guess the rest of the game then contradicts) is stuck.
            assert not panels_seen, f"no legal event in phase {game.phase}"
            assert analyze(witness.view(None)).worlds == 0
            break
        if isinstance(game, ClaimsGame):
            # Entered-pool play writes a claim as its colours beside what was told, and
            # the answers the spec asks of unseen panels (pools/entered/claims.py).
            for obj in record_lines(game, event):
                game.apply_line(obj)  # a legal event never raises
                lines.append(RecordLine(len(lines) + 1, obj))
            continue
        witness.apply(event)  # a legal event never raises
        lines.append(RecordLine(step + 2, to_dict(event)))
    else:
        raise AssertionError("a random legal game ran 2000 events without ending")
    check_observations(game)
    # The same events, as record lines, replay to the same game.
    replay = replay_lines(lines)
    if replay.error is not None:
        # Table-pool play: a random table may give answers no deal fits and play on; replay
        # refuses the first such line, as the device halts there until an undo (issue 24).
        assert not panels_seen, replay.error
        halted = replay_lines(lines[:replay.error.line])  # the record ending on that line
        # The spec: that line is the record's error whether or not the record ends there;
        # the device still resumes on the halt and waits for an undo.
        assert halted.error == replay.error and halted.resumable and halted.warnings
        return
    assert replay.journal is not None and replay.journal.game.summary() == game.summary()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), blanks=st.booleans(), games=st.integers(1, 3))
def test_random_legal_mastermind_matches_never_raise_and_hide_the_code(
    seed: int, blanks: bool, games: int
) -> None:
    rng = random.Random(seed)
    rules = find_game("mastermind")
    header = {"game": "mastermind", "version": 1, "players": ["Ann", "Ben"], "pegs": 3,
              "rows": 4, "blanks": blanks, "games": games}
    match = rules.start(header)
    assert isinstance(match, MastermindMatch)
    while not match.finished:
        line = rng.choice(list(rules.legal(match)))
        rules.apply(match, line)
        public = observe(match)
        assert public.code is None, "the code reached the public"
        for seat in (0, 1):
            mine = observe(match, seat)
            assert mine.code == (match.code if seat == match.maker else None)
            assert mine.rows == public.rows and mine.totals == public.totals
    assert list(rules.legal(match)) == []


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), blanks=st.booleans())
def test_random_legal_audited_mastermind_matches_never_raise_and_every_observation_agrees(
    seed: int, blanks: bool
) -> None:
    """The same with the codemaker placing the key pegs (audit play), typed events: wrong
    ones void the game, and what each seat and the public see still agrees."""
    rng = random.Random(seed)
    rules = find_game("mastermind")
    match = rules.start({"game": "mastermind", "players": ["Ann", "Ben"], "pegs": 2,
                         "rows": 3, "blanks": blanks, "games": 2})
    while not match.finished:
        event = rng.choice(list(mastermind_legal_events(match, keys=True)))
        assert rules.parse(match, rules.line(event)) == event
        rules.apply(match, rules.line(event))
        public = observe(match)
        assert public.code is None, "the code reached the public"
        assert public.totals == match.totals
        for seat in (0, 1):
            mine = observe(match, seat)
            assert mine.code == (match.code if seat == match.maker else None)
            assert mine.rows == public.rows and mine.totals == public.totals
    assert list(mastermind_legal_events(match, keys=True)) == []


def test_a_wrong_mastermind_line_is_not_among_the_legal_ones() -> None:
    rules = find_game("mastermind")
    match = rules.start({"game": "mastermind", "players": ["Ann", "Ben"], "pegs": 2})
    legal = list(mastermind_legal(match))
    assert {"event": "guess", "code": "BB"} not in legal  # no code is set yet
    assert len(legal) == 2 * 6 * 6  # either seat may make the first code
    rules.apply(match, {"event": "code", "maker": 1, "code": "RG"})
    legal = list(mastermind_legal(match))
    assert len(legal) == 36 and all(line["event"] == "guess" for line in legal)
    with pytest.raises(RuleError):
        rules.apply(match, {"event": "code", "maker": 0, "code": "RG"})


def test_the_registry_finds_each_game_by_its_header_name_and_by_its_state() -> None:
    assert set(GAMES) == {"coda", "mastermind"}
    game = find_game("coda").start(coda_header(2, False, 1))
    assert rules_of(game) is GAMES["coda"]
    with pytest.raises(RuleError, match="does not know the game 'chess'"):
        find_game("chess")
    with pytest.raises(ValueError, match="no seat 5"):
        observe(game, 5)
    with pytest.raises(TypeError):
        observe("a string")


def told_by_a_truthful_table(shadow: CodaGame, table: CodaGame, event: CodaEvent) -> CodaEvent:
    """``event`` of a device-pool game as a truthful table-pool table records it: deals and
    draws by colour only, every answer and every panel shown as the real one is."""
    match event:
        case Deal(seat, row):
            return Deal(seat, tuple(Tile(t.color) for t in row))
        case Draw(seat, tile):
            return Draw(seat, Tile(tile.color))
        case Guess(seat, target, slot, value, _):
            truth = shadow.rows[target][slot].tile
            return Guess(seat, target, slot, value, truth.value == value)
        case Place(seat, slot, _):
            assert shadow.drawn is not None
            return Place(seat, slot, shadow.drawn)
        case Reveal(seat, slot, _):
            return Reveal(seat, slot, shadow.rows[seat][slot].tile)
    return event


def bonus_told(shadow: CodaGame, table: CodaGame) -> Bonus:
    winner = table.round_winner
    assert winner is not None
    tiles = [shadow.rows[winner][i].tile
             for i, slot in enumerate(table.rows[winner]) if not slot.tile.known]
    if table.drawn is not None and not table.drawn.known:
        assert shadow.drawn is not None
        tiles.append(shadow.drawn)
    return Bonus(winner, tuple(tiles))


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    dashes=st.booleans(),
    bonus=st.sampled_from(["hidden", "all"]),
)
def test_a_truthful_table_pool_game_plays_only_legal_events_and_scores_as_the_device_pool(
    seed: int, players: int, dashes: bool, bonus: str
) -> None:
    rng = random.Random(seed)
    header = {**coda_header(players, dashes, 2), "bonus": bonus}
    shadow = CodaGame.from_header(header)  # the panels as they really are
    table = CodaGame.from_header(header)  # what a table-pool device is told
    for _ in range(2000):
        if table.finished:
            break
        check_observations(table)
        if table.phase is Phase.BONUS:
            told: CodaEvent = bonus_told(shadow, table)
        else:
            event = pick(shadow, rng, panels_seen=True)
            assert event is not None
            told = told_by_a_truthful_table(shadow, table, event)
            shadow.apply(event)
        assert told in set(legal_events(table, panels_seen=False)), (table.phase, told)
        table.apply(told)
    else:
        raise AssertionError("a random legal game ran 2000 events without ending")
    assert shadow.finished
    assert table.totals() == shadow.totals()

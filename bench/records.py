"""Long Coda records for the benchmarks: random legal play, a few undos, any length.

``coda_record(lines, seed)`` plays rounds of a long tournament (the header asks for more
rounds than will be played, so the record stays unfinished like a game in progress) until
the record has ``lines`` lines, header included. The same seed gives the same record.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from coda_pi.rules import dealer
from coda_pi.rules.coda import CodaGame, Phase, row_tiles
from coda_pi.rules.coda_events import VALUES, Deal, Guess, Place, Reveal, RoundStart, Stop
from coda_pi.rules.coda_events import to_dict as event_dict
from coda_pi.rules.tiles import Color, legal_slots

Line = dict[str, Any]
NAMES = ["Ann", "Ben", "Cy", "Dee"]


def coda_record(lines: int, seed: int = 1, players: int = 3, undo_rate: float = 0.02,
                rounds: int = 10_000, stop_in_round: int | None = None) -> list[Line]:
    """A record of ``lines`` lines: the header, then legal events and the odd undo. With
    ``stop_in_round``, it ends instead after that many events of that round."""
    rng = random.Random(seed)
    head: Line = {"game": "coda", "version": 1, "players": NAMES[:players], "dashes": True,
                  "rounds": rounds, "bonus": "hidden"}
    out: list[Line] = [head]
    game = CodaGame.from_header(head)
    history: list[CodaGame] = []  # the states before each event in force, for undo
    into_last = 0
    while len(out) < lines and not game.finished:
        if stop_in_round is not None and game.round_number == stop_in_round:
            into_last += 1
            if into_last > 20:
                break
        if history and rng.random() < undo_rate:
            game = history.pop()
            out.append({"event": "undo"})
            continue
        event = legal_event(game, rng)
        history.append(game.copy())
        game.apply(event)
        out.append(event_dict(event))
    return out


def unfinished_tournament(rounds: int = 30, seed: int = 1) -> list[Line]:
    """A tournament of ``rounds`` rounds stopped 20 events into its last round."""
    return coda_record(10**9, seed, rounds=rounds, stop_in_round=rounds)


def legal_event(game: CodaGame, rng: random.Random) -> Any:
    """One legal next event; guesses are right 60% of the time."""
    if game.phase is Phase.ROUND:
        return RoundStart(None if game.round_number else 0)
    if game.phase is Phase.DEAL:
        seat = next(s for s in range(game.seats) if not game.dealt[s])
        row = dealer.deal_row(game, seat, rng).row
        for dash in [t for t in row if t.dash]:
            row = dealer.place_dash(row, dash, rng.randrange(len(row)))
        return Deal(seat, row)
    seat = game.turn
    assert seat is not None
    own = row_tiles(game.rows[seat])
    if game.phase is Phase.DRAW:
        return dealer.draw(game, rng.choice([c for c in Color if game.pool_count[c]]), rng)
    if game.phase is Phase.PENALTY:
        if game.drawn is not None:
            return Place(seat, rng.choice(legal_slots(own, game.drawn)))
        return Reveal(seat, rng.choice(game.hidden_slots(seat)))
    if game.phase is Phase.CONTINUE and rng.random() < 0.3:
        return Stop(seat, None if game.drawn is None else rng.choice(legal_slots(own, game.drawn)))
    target = rng.choice([s for s in game.players_in() if s != seat])
    slot = rng.choice(game.hidden_slots(target))
    truth = game.rows[target][slot].tile.value
    return Guess(seat, target, slot, truth if rng.random() < 0.6 else rng.choice(VALUES))


def write_record(path: Path, lines: list[Line]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path

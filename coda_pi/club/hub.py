"""The hub: every table's games rebuilt from the messages, the night's standings and seating.

Two streams come from each table (publisher.py). The public events carry each line's public
projection, enough for the live page. The full lines of each ended round are replayed
through the same engine as ``coda-pi replay`` (coda_pi.replay), and only they count for the
standings: so the standings are by construction the replay of every table's record. Lines
are kept by sequence number, so a line that arrives twice (QoS 1, a publisher catching up)
is dropped and a gap is asked for again (``resend``). The full lines are also written to the
hub's directory, one record file per game, so the hub can stop and start without losing a
game, and the season's ratings are the replay of every night kept there.

A game counts once, whatever it is called (identity.py): a record that repeats the rounds of
a game the hub met earlier is shown as not counted, beside the game it repeats. Players are
counted by their names' normal form, and a name that looks like another player's is marked
as such (names.py).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coda_pi.club.identity import first_of_each, round_marks
from coda_pi.club.messages import accepted, compile_checks
from coda_pi.club.names import load_confusables, look_alikes, normal
from coda_pi.club.projection import public_state
from coda_pi.club.ratings import Rating
from coda_pi.club.season import KeptGame
from coda_pi.club.seating import History, Seating, propose
from coda_pi.club.topics import MAX_TABLE
from coda_pi.record import RecordWriter, read_record, write_atomically
from coda_pi.replay import Replay, replay_lines

log = logging.getLogger(__name__)

RESEND_AFTER = 1.0  # seconds a gap may stay open before the table is asked again
RATINGS_SHOWN = 10  # the page's season table; ratings.csv has everybody
NIGHT_FILE = "night.json"
# What one table may make the hub hold: far past a real night (a few games of a few hundred
# lines), and small enough that a table sending garbage cannot fill the hub's memory.
MAX_GAMES_PER_TABLE = 100
MAX_LINES_AHEAD = 2_000  # full lines kept beyond a gap, waiting for it to be filled


@dataclass
class GameAtHub:
    """One game of one table, as far as the hub has it."""

    table: int
    name: str
    round: int  # the club round it was first seen in
    lines: list[dict[str, Any]] = field(default_factory=list)  # full lines, from line 1 on
    waiting: dict[int, dict[str, Any]] = field(default_factory=dict)  # full lines ahead of a gap
    events: int = 0  # public events received without a gap
    ahead: set[int] = field(default_factory=set)  # public events received beyond a gap
    live_seq: int = 0
    live: dict[str, Any] | None = None  # the public state after the newest event
    last_event: dict[str, Any] | None = None
    released: int = 0  # how far the table says full lines exist
    listed: int = 0  # the last line the table's game list says it has
    replay: Replay | None = None
    asked: float = 0.0  # when a resend was last asked for
    gap_since: float | None = None  # when the hub first saw it lacks something
    writer: RecordWriter | None = None
    marks: list[str] = field(default_factory=list)  # one per ended round (identity.py)

    @property
    def key(self) -> str:
        return f"table{self.table}-{self.name}"

    @property
    def players(self) -> list[str]:
        """The players as the hub counts them: their names' normal form (names.py)."""
        header = self.lines[0] if self.lines else None
        if header and isinstance(header.get("players"), list):
            return [normal(str(p)) for p in header["players"]]
        return [normal(str(p)) for p in (self.live or {}).get("players", [])]

    def counted(self) -> tuple[list[str], list[int], int, bool]:
        """(players, points of the ended rounds, rounds ended, finished) from the replay."""
        if self.replay is not None and self.replay.journal is None:
            return [], [], 0, False  # lines whose header is no game's: nobody plays in it
        if self.replay is None or self.replay.journal is None:
            return self.players, [0] * len(self.players), 0, False
        s = self.replay.summary()
        rounds = s.get("rounds") or []
        points = [0] * len(s["players"])
        for r in rounds:
            points = [a + b for a, b in zip(points, r["points"], strict=True)]
        return [normal(p) for p in s["players"]], points, len(rounds), bool(s["finished"])


Earlier = GameAtHub | KeptGame  # what a repeat repeats: tonight's game or another night's


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    name: str
    points: int
    games: int
    wins: int  # games finished on top (shared tops count for each)
    rounds_won: int
    looks_like: str | None = None  # the earlier player's name this one looks like


class Hub:
    """The night's state. Thread-safe: the MQTT thread feeds it, the web threads read it."""

    def __init__(
        self,
        directory: Path,
        *,
        event: str | None = None,
        roster: list[str] | None = None,
        table_size: int = 4,
        tables: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.directory = Path(directory)
        self.event = event or dt.date.today().isoformat()
        self.night_dir = self.directory / self.event
        self.night_dir.mkdir(parents=True, exist_ok=True)
        self.table_size = table_size
        self.max_tables = tables
        self.clock = clock
        self.lock = threading.Condition()
        self.version = 0
        self.changed: dict[int, int] = {}  # table -> the version it last changed at
        self.games: dict[tuple[int, str], GameAtHub] = {}
        self.status: dict[int, str] = {}
        self.current: dict[int, str] = {}  # table -> the game it plays now
        self.round = 1
        self.seatings: dict[int, Seating] = {}
        self.roster: list[str] = [normal(n) for n in roster or []]
        self.duplicates = 0  # messages that carried nothing new (counted, for the tests)
        self.counted = 0  # bumped when a full line is kept: the standings change only then
        self._standings: tuple[int, list[Standing]] | None = None
        self._ratings: tuple[int, list[Rating]] | None = None
        self._kept: list[KeptGame] | None = None  # the other nights' games, read once
        self._repeats: tuple[int, list[GameAtHub], list[tuple[GameAtHub, Earlier]],
                             list[KeptGame]] | None = None
        self._earlier: set[str] | None = None  # the game files of the other nights kept
        self._load()

    # ---- persistence ------------------------------------------------------------------------

    def _load(self) -> None:
        night = self.night_dir / NIGHT_FILE
        doc: dict[str, Any] = {}
        if night.is_file():
            try:
                doc = json.loads(night.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                doc = {}
        self.round = int(doc.get("round", 1))
        for number, seating in doc.get("seatings", {}).items():
            try:
                self.seatings[int(number)] = Seating.from_dict(seating)
            except ValueError:
                continue
        self.roster = self.roster or [normal(str(n)) for n in doc.get("roster", [])]
        rounds_of = {str(k): int(v) for k, v in doc.get("games", {}).items()}
        # In the order the hub met them (night.json keeps it): the first of a game's copies
        # is the one that counts, after a restart as before.
        met = {key: i for i, key in enumerate(rounds_of)}
        for path in sorted(self.night_dir.glob("table*-*.jsonl"),
                           key=lambda p: (met.get(p.stem, len(met)), p.name)):
            table_text, _, name = path.stem.partition("-")
            try:
                table = int(table_text.removeprefix("table"))
            except ValueError:
                continue
            game = GameAtHub(table, name, rounds_of.get(path.stem, self.round))
            game.lines = [line.obj for line in read_record(path).lines]
            game.released = len(game.lines)
            self._replay(game)
            self._caught_up(game)
            if game.replay is not None and game.replay.game is not None:
                game.live_seq = len(game.lines)
                game.live = public_state(game.replay.game)  # until the table says more
            self.games[(table, name)] = game
            self._make_current(game)

    def _save_night(self) -> None:
        doc = {
            "event": self.event,
            "round": self.round,
            "roster": self.roster,
            "seatings": {str(k): v.to_dict() for k, v in sorted(self.seatings.items())},
            "games": {g.key: g.round for g in self.games.values()},
        }
        write_atomically(self.night_dir / NIGHT_FILE,
                         (json.dumps(doc, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))

    def warm_up(self) -> None:
        """Does now what the first messages would otherwise wait for: compiling the topics'
        checks and building the look-alike table made the first 20 messages take 0.2-1.2 s
        on a loaded laptop instead of 0.04 s, while the broker queued every table's lines
        for the hub; had it stopped then, they were lost and had to be asked for again
        (bench/bench_hub_first_messages.py)."""
        compile_checks()
        load_confusables()

    def close(self) -> None:
        with self.lock:
            for game in self.games.values():
                if game.writer is not None:
                    game.writer.close()
                    game.writer = None

    # ---- messages ---------------------------------------------------------------------------

    def _game(self, table: int, name: str) -> GameAtHub:
        game = self.games.get((table, name))
        if game is None:
            game = GameAtHub(table, name, self.round)
            self.games[(table, name)] = game
            self._save_night()
        return game

    def _touch(self, table: int) -> None:
        self.version += 1
        self.changed[table] = self.version
        self.lock.notify_all()

    def on_message(self, table: int, leaf: str, payload: bytes) -> list[tuple[int, dict]]:
        """Takes one message; returns the resend requests to publish, as (table, ask).

        A message that does not fit its topic's shape (messages.py) is dropped here, with
        one log line, before anything of it is kept."""
        doc = accepted(table, leaf, payload) if 1 <= table <= MAX_TABLE else None
        if doc is None:
            return []
        if isinstance(doc, str):
            with self.lock:
                self.status[table] = doc
                self._touch(table)
            return []
        with self.lock:
            if leaf == "games":
                return self._on_games(table, doc["games"])
            if (table, doc["game"]) not in self.games and self._full(table, doc["game"]):
                return []
            game = self._game(table, doc["game"])
            if leaf == "events":
                self._on_event(game, doc)
            elif leaf == "record":
                self._on_record(game, doc)
            elif leaf == "state":
                self._on_state(game, doc)
            else:
                return []
            return self._asks(game)

    def _full(self, table: int, name: str) -> bool:
        """Whether a table already has as many games as it may make the hub hold."""
        if sum(1 for t, _ in self.games if t == table) < MAX_GAMES_PER_TABLE:
            return False
        log.warning("table %d: more than %d games tonight; %s dropped", table,
                    MAX_GAMES_PER_TABLE, name)
        return True

    def _on_games(self, table: int, listed: list[dict[str, Any]]) -> list[tuple[int, dict]]:
        """A table's game list: every game on it that the hub lacks, whole or in part, is
        asked for, a game it never heard of from its first line. A game the hub kept on an
        earlier night is not asked for again (a Pi without a real-time clock may list last
        week's games as tonight's): it could only be a repeat."""
        asks: list[tuple[int, dict]] = []
        added = False
        for entry in listed:
            name = entry["game"]
            game = self.games.get((table, name))
            if game is None:
                if self._kept_earlier(table, name):
                    continue
                if self._full(table, name):
                    break
                game = self.games[(table, name)] = GameAtHub(table, name, self.round)
                added = True
            game.listed = max(game.listed, entry["seq"])
            game.released = max(game.released, entry["released"])
            asks.extend(self._asks(game))
        if added:
            self._save_night()
            self._touch(table)
        return asks

    def _kept_earlier(self, table: int, name: str) -> bool:
        if self._earlier is None:  # the other nights do not change while the hub runs
            self._earlier = {p.stem for p in self.directory.glob("*/table*-*.jsonl")
                             if p.parent != self.night_dir}
        return f"table{table}-{name}" in self._earlier

    def _on_event(self, game: GameAtHub, doc: dict[str, Any]) -> None:
        seq = doc.get("seq")
        if not isinstance(seq, int) or seq < 1:
            return
        if seq <= game.events or seq in game.ahead:
            self.duplicates += 1
            return
        game.ahead.add(seq)
        while game.events + 1 in game.ahead:
            game.ahead.discard(game.events + 1)
            game.events += 1
        if isinstance(doc.get("released"), int):
            game.released = max(game.released, doc["released"])
        if seq > game.live_seq:
            game.live_seq = seq
            game.live = doc.get("state") if isinstance(doc.get("state"), dict) else game.live
            game.last_event = doc.get("event") if isinstance(doc.get("event"), dict) else None
            self._make_current(game)
        self._touch(game.table)

    def _on_state(self, game: GameAtHub, doc: dict[str, Any]) -> None:
        seq = doc.get("seq")
        if isinstance(seq, int) and seq > game.live_seq:
            game.live_seq = seq
            game.live = doc.get("state") if isinstance(doc.get("state"), dict) else game.live
            self._make_current(game)
            self._touch(game.table)

    def _make_current(self, game: GameAtHub) -> None:
        now = self.current.get(game.table)
        if now is None or now <= game.name:  # record names sort by the time they began
            self.current[game.table] = game.name

    def _on_record(self, game: GameAtHub, doc: dict[str, Any]) -> None:
        first, lines = doc.get("from"), doc.get("lines")
        if not isinstance(first, int) or not isinstance(lines, list) or first < 1:
            return
        added: list[dict[str, Any]] = []
        for i, obj in enumerate(lines):
            seq = first + i
            if seq <= len(game.lines) or seq in game.waiting:
                continue
            if seq > len(game.lines) + MAX_LINES_AHEAD:
                break  # the table is asked again for these once the gap is filled
            if isinstance(obj, dict):
                game.waiting[seq] = obj
        game.released = max(game.released, first + len(lines) - 1)
        while len(game.lines) + 1 in game.waiting:
            obj = game.waiting.pop(len(game.lines) + 1)
            game.lines.append(obj)
            added.append(obj)
        if added:
            self._keep(game, added)
            self._replay(game)
            self._caught_up(game)
            self.counted += 1
            self._touch(game.table)
        else:
            self.duplicates += 1

    def _caught_up(self, game: GameAtHub) -> None:
        """Full lines stand for their public events too: no need to ask for those."""
        game.events = max(game.events, len(game.lines))
        game.ahead = {s for s in game.ahead if s > game.events}
        while game.events + 1 in game.ahead:
            game.ahead.discard(game.events + 1)
            game.events += 1

    def _keep(self, game: GameAtHub, objs: list[dict[str, Any]]) -> None:
        """Appends a round's lines to the hub's copy of the game: one write, one fsync."""
        if game.writer is None:
            game.writer = RecordWriter(self.night_dir / f"{game.key}.jsonl")
        game.writer.write_many(objs)

    def _replay(self, game: GameAtHub) -> None:
        from coda_pi.record import RecordLine

        game.replay = replay_lines([RecordLine(i + 1, o) for i, o in enumerate(game.lines)])
        game.marks = []
        if game.replay.journal is not None:
            s = game.replay.summary()
            game.marks = round_marks([str(p) for p in s["players"]], game.replay.journal.events,
                                     len(s.get("rounds") or []))

    def _asks(self, game: GameAtHub) -> list[tuple[int, dict]]:
        ask: dict[str, Any] = {}
        if game.ahead or max(game.live_seq, game.released, game.listed) > game.events:
            ask["events"] = game.events + 1
        if game.waiting or game.released > len(game.lines):
            ask["record"] = len(game.lines) + 1
        now = self.clock()
        if not ask:
            game.gap_since = None
            return []
        # Messages of one table may be a moment apart (the public state ahead of its
        # events): a gap is asked for only when it stays open.
        if game.gap_since is None:
            game.gap_since = now
        if now - game.gap_since < RESEND_AFTER or now - game.asked < RESEND_AFTER:
            return []
        game.asked = now
        return [(game.table, {"game": game.name, **ask})]

    def pending_asks(self) -> list[tuple[int, dict]]:
        """Gaps still open: asked again every ``RESEND_AFTER`` seconds."""
        with self.lock:
            out = []
            for game in self.games.values():
                out.extend(self._asks(game))
            return out

    # ---- what the page and the exports show -------------------------------------------------

    def counting(self) -> tuple[list[GameAtHub], list[tuple[GameAtHub, Earlier]]]:
        """(tonight's games that count, in the order met; each of tonight's repeats with the
        game it repeats, tonight's or another night's)."""
        with self.lock:
            self._count_games()
            assert self._repeats is not None
            return list(self._repeats[1]), list(self._repeats[2])

    def _count_games(self) -> None:
        if self._repeats is not None and self._repeats[0] == self.counted:
            return
        if self._kept is None:
            from coda_pi.club.season import kept_games

            self._kept = kept_games(self.directory, skip_night=self.event)
        met: list[tuple[Earlier, list[str]]] = [(g, g.marks) for g in self._kept]
        met += [(g, g.marks) for g in self.games.values()]
        counted, repeats = first_of_each(met)
        self._repeats = (
            self.counted,
            [g for g in counted if isinstance(g, GameAtHub)],
            [(g, first) for g, first in repeats if isinstance(g, GameAtHub)],
            [g for g in counted if isinstance(g, KeptGame)],
        )

    def night_games(self) -> Iterator[GameAtHub]:
        return iter(sorted(self.games.values(), key=lambda g: (g.round, g.table, g.name)))

    def standings(self) -> list[Standing]:
        with self.lock:
            key = self.counted + len(self.roster)
            if self._standings is None or self._standings[0] != key:
                self._standings = (key, self._count_standings())
            return list(self._standings[1])

    def _count_standings(self) -> list[Standing]:
        with self.lock:
            points: dict[str, int] = {}
            games: dict[str, int] = {}
            wins: dict[str, int] = {}
            rounds_won: dict[str, int] = {}
            for name in self.roster:
                points.setdefault(name, 0)
            for game in self.counting()[0]:
                try:
                    players, got, finished, winners = _what_counts(game)
                except (ValueError, TypeError, KeyError, IndexError):
                    # One table's game that cannot be counted leaves the others' standing.
                    log.exception("table %d, %s: not counted", game.table, game.name)
                    continue
                for p, n in zip(players, got, strict=True):
                    points[p] = points.get(p, 0) + n
                    games.setdefault(p, 0)
                if finished:
                    top = max(got) if got else 0
                    for p, n in zip(players, got, strict=True):
                        games[p] = games.get(p, 0) + 1
                        if n == top:
                            wins[p] = wins.get(p, 0) + 1
                for winner in winners:
                    rounds_won[winner] = rounds_won.get(winner, 0) + 1
            alike = look_alikes(points)  # roster first, then in the order the games were met
            order = sorted(points, key=lambda p: (-points[p], -wins.get(p, 0), p))
            out = []
            for i, p in enumerate(order):
                rank = i + 1
                if i and points[order[i - 1]] == points[p] and \
                        wins.get(order[i - 1], 0) == wins.get(p, 0):
                    rank = out[-1].rank
                out.append(Standing(rank, p, points[p], games.get(p, 0), wins.get(p, 0),
                                    rounds_won.get(p, 0), alike.get(p)))
            return out

    def ratings(self) -> list[Rating]:
        """The season's ratings: the other nights kept in the directory, then tonight's
        finished games in the order they began (as ``ratings.csv`` has them)."""
        from coda_pi.club.ratings import season_ratings
        from coda_pi.club.season import rated

        with self.lock:
            if self._ratings is not None and self._ratings[0] == self.counted:
                return list(self._ratings[1])
            self._count_games()
            assert self._repeats is not None
            past = list(rated(self._repeats[3]))
            tonight = []
            for game in sorted(self._repeats[1], key=lambda g: (g.name, g.table)):
                players, points, _, finished = game.counted()
                if finished:
                    tonight.append((players, points))
            self._ratings = (self.counted, season_ratings(past + tonight))
            return list(self._ratings[1])

    def history(self) -> History:
        history = History()
        with self.lock:
            for game in self.counting()[0]:
                history.add_table(game.players)
            for seating in self.seatings.values():
                history.byes.update(seating.byes)
        return history

    def propose_next(self) -> Seating:
        """The seating for the next round from the standings (round 1: the roster's order)."""
        ranked = [s.name for s in self.standings()]
        present = [p for p in ranked if not self.roster or p in self.roster]
        return propose(present, self.history(), size=self.table_size, tables=self.max_tables)

    def next_round(self, seating: Seating | None = None) -> Seating:
        """Closes the round: the next one starts with ``seating`` (default: the proposal)."""
        with self.lock:
            if self.seatings.get(self.round) is not None or self.games_in(self.round):
                self.round += 1
        chosen = seating or self.propose_next()
        with self.lock:
            self.seatings[self.round] = chosen
            self._save_night()
            self._touch(0)
        return chosen

    def override(self, seating: Seating) -> None:
        with self.lock:
            self.seatings[self.round] = seating
            self._save_night()
            self._touch(0)

    def games_in(self, club_round: int) -> list[GameAtHub]:
        return [g for g in self.games.values() if g.round == club_round]

    def table_view(self, table: int) -> dict[str, Any]:
        with self.lock:
            name = self.current.get(table)
            game = self.games.get((table, name)) if name else None
            return {
                "table": table,
                "status": self.status.get(table, "unknown"),
                "game": name,
                "seq": game.live_seq if game else 0,
                "state": game.live if game else None,
                "last": game.last_event if game else None,
                "counted_lines": len(game.lines) if game else 0,
            }

    def tables(self) -> list[int]:
        with self.lock:
            return sorted(set(self.status) | {t for t, _ in self.games})

    def snapshot(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "version": self.version,
            "round": self.round,
            "tables": {str(t): self.table_view(t) for t in self.tables()},
            "standings": [_standing(s) for s in self.standings()],
            "ratings": [{"name": r.name, "rating": round(r.ordinal, 1), "games": r.games,
                         "looks_like": r.looks_like} for r in self.ratings()[:RATINGS_SHOWN]],
            "not_counted": [{"table": g.table, "game": g.name, "same_as": _where(first)}
                            for g, first in self.counting()[1]],
            "seating": self.seatings[self.round].to_dict() if self.round in self.seatings
            else None,
        }

    def wait_change(self, since: int, timeout: float) -> int:
        with self.lock:
            self.lock.wait_for(lambda: self.version != since, timeout=timeout)
            return self.version


def _what_counts(game: GameAtHub) -> tuple[list[str], list[int], bool, list[str]]:
    """(players, points, finished, each ended round's winner) of one game, all or nothing."""
    players, got, _, finished = game.counted()
    if len(players) != len(got):
        raise ValueError("the points do not match the players")
    if len(set(players)) != len(players):
        # "Ann" and "Ann" with a zero-width space at one table are one name: its points
        # cannot be told apart, so the game is not counted (the log says which).
        raise ValueError("a name twice at one table")
    winners = []
    if game.replay is not None and game.replay.journal is not None:
        winners = [players[r["winner"]] for r in game.replay.summary().get("rounds") or []]
    return players, got, finished, winners


def _where(game: Earlier) -> dict[str, Any]:
    """Where the game a repeat repeats is: tonight at a table, or in a night kept earlier."""
    if isinstance(game, GameAtHub):
        return {"table": game.table, "game": game.name}
    table, _, name = game.stem.partition("-")
    number = table.removeprefix("table")
    return {"night": game.night, "table": int(number) if number.isdigit() else None,
            "game": name}


def _standing(s: Standing) -> dict[str, Any]:
    return {"rank": s.rank, "name": s.name, "points": s.points, "games": s.games,
            "wins": s.wins, "rounds_won": s.rounds_won, "looks_like": s.looks_like}

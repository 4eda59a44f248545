"""Twin worlds for the side-channel property: two games that agree on everything public.

World B is world A with some panels relabelled: ``Relabel`` swaps pairs of panels of the same
colour (the colour is public, the number is not). A's events, relabelled, are B's events;
the two worlds agree on everything public for as long as those events are legal in B and
leave the same public table (colours, places, panels down, pool counts, turn, points).
Then whatever the device shows, lights or sounds must be the same in both, press by press.

The twin-world machine (``tests/test_twin_machine.py``) builds on the parts below:

- ``World``: one device at one table (referee, hands, record, and ``ClubFeed``, the record
  as the club publisher sends it, built by the publisher's own ``club/projection.py``);
- ``PUBLIC_OUTPUTS`` / ``public_outputs(world) -> dict``: every output more than one seat
  can observe, by name (public view with banner and menu, LEDs, sounds, the timer's next
  deadline, the club payloads). To cover a new shared output (a phone page per seat, a web
  page), add one entry: a function of a ``World``. A per-seat output (a seat's own phone
  page) belongs beside ``own_panels``: the machine compares a seat's private view when the
  seat's own panels are equal in both worlds;
- ``Intentions``: entered-pool play's twin, what each seat means to enter and where world
  B's dials start so that the same presses enter B's panels (and the probes of a
  determined player).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from coda_pi.referee.shared.public import public_table
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import Deal, Draw, parse_event
from coda_pi.rules.dealer import Shuffle, deal_moment, draw_moment
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Color, Tile, full_set, legal_slots, sorted_row
from coda_pi.sim.entered import EnteredAutoPlayer

Line = dict[str, Any]


@dataclass(frozen=True)
class Relabel:
    """A colour-keeping swap of panels: what world B holds where world A holds a panel."""

    pairs: tuple[tuple[Tile, Tile], ...]
    seat: int | None = None  # the one seat whose row the swaps touch, when chosen so

    def __call__(self, tile: Tile) -> Tile:
        for a, b in self.pairs:
            if tile == a:
                return b
            if tile == b:
                return a
        return tile

    def text(self, tile: str) -> str:
        parsed = Tile.parse(tile)
        return tile if not parsed.known else str(self(parsed))

    def line(self, line: Line) -> Line:
        """A record line of world A as world B has it."""
        out = dict(line)
        if isinstance(out.get("row"), list):
            out["row"] = [self.text(t) for t in out["row"]]
        if isinstance(out.get("tiles"), list):
            out["tiles"] = [self.text(t) for t in out["tiles"]]
        if isinstance(out.get("tile"), str):
            out["tile"] = self.text(out["tile"])
        told = out.get("entered")  # entered-pool play's claims (pools/entered/claims.py)
        if isinstance(told, list):
            out["entered"] = [self.text(t) for t in told]
        elif isinstance(told, str):
            out["entered"] = self.text(told)
        return out


@st.composite
def relabels(draw: st.DrawFn, *, dashes: bool) -> Relabel:
    """Swaps of two panels of the same colour: one to three, and in advanced play often
    both dashes for numbers as well."""
    box = sorted(full_set(dashes=dashes), key=str)
    count = draw(st.integers(1, 3))
    pairs: list[tuple[Tile, Tile]] = []
    used: set[Tile] = set()
    if dashes and draw(st.booleans()):
        # Who holds a dash is a secret of its own: swap both dashes for numbers.
        for colour in Color:
            dash = Tile(colour, None, dash=True)
            number = draw(st.sampled_from([t for t in box if t.color is colour and not t.dash]))
            pairs.append((dash, number))
            used |= {dash, number}
    for _ in range(count):
        colour = draw(st.sampled_from(list(Color)))
        free = [t for t in box if t.color is colour and t not in used]
        a, b = draw(st.lists(st.sampled_from(free), min_size=2, max_size=2, unique=True))
        pairs.append((a, b))
        used |= {a, b}
    return Relabel(tuple(pairs))


def replay(header: Line, lines: Iterable[Line]) -> CodaGame:
    game = CodaGame.from_header(header)
    for line in lines:
        game.apply(parse_event(line))
    return game


def worlds_agree(header: Line, events_a: Sequence[Line], relabel: Relabel) -> bool:
    """A's events are legal in world B and leave the same public table there."""
    try:
        b = replay(header, [relabel.line(e) for e in events_a])
    except RuleError:
        return False
    return public_table(replay(header, events_a)) == public_table(b)


@dataclass(frozen=True)
class RelabelledDealer:
    """World B's dealer: deals and draws what world A's dealer does, relabelled."""

    shuffle: Shuffle
    relabel: Relabel

    def deal_row(self, game: CodaGame, seat: int) -> Deal:
        pool_a = [self.relabel(t) for t in game.pool_tiles()]
        tiles = self.shuffle.first(deal_moment(game, seat), pool_a, game.settings.hand)
        return Deal(seat, tuple(sorted_row(self.relabel(t) for t in tiles)))

    def draw(self, game: CodaGame, color: Color) -> Draw:
        assert game.turn is not None
        pool_a = [self.relabel(t) for t in game.pool_tiles(color)]
        if not pool_a:
            raise RuleError(f"there is no {color.word} panel left in the pool")
        return Draw(game.turn, self.relabel(self.shuffle.first(draw_moment(game), pool_a)[0]))


# -- the twin-world machine's parts (tests/test_twin_machine.py) ------------------------------
#
# A world is one device at one table: its referee, the hands on its buttons, its record and
# a follower of that record as the club publisher reads it. ``PUBLIC_OUTPUTS`` names every
# output more than one seat can observe, each read off a world by one function; the machine
# compares ``public_outputs`` of the two worlds after every press. A new shared output (a
# phone page per seat, a web page) is one more entry there.


class ClubFeed:
    """What the club publisher sends for one record: every line's public event and state,
    and the full lines of ended rounds, built by the publisher's own functions
    (``club/projection.py``); fed line by line from a record in memory."""

    def __init__(self, name: str = "twin") -> None:
        from pathlib import Path

        from coda_pi.club.follow import FollowedRecord

        self.name = name
        self.followed = FollowedRecord(Path(f"{name}.jsonl"))
        self.taken = 0
        self.published = 0  # full lines out so far
        self.closed_events = 0  # events in force when the last full lines went out

    def update(self, lines: Sequence[Line]) -> None:
        """Takes the record's new lines; fails when a line published in full is taken back
        (a round reopened after its lines went out)."""
        journal = None
        while self.taken < len(lines):
            self.followed.take(lines[self.taken])
            self.taken += 1
            journal = self.followed._journal
            if journal is None:
                continue
            in_force = len(journal.events)
            assert in_force >= self.closed_events, (
                f"line {self.taken} takes back a line the club already has in full")
            if self.followed.released > self.published:
                self.published = self.followed.released
                self.closed_events = in_force

    def payloads(self) -> tuple[Any, ...]:
        from coda_pi.club.projection import events_payload, record_payload

        lines = self.followed.lines
        released = self.followed.released
        events = tuple(events_payload(self.name, ln.seq, ln.public, ln.state, released)
                       for ln in lines)
        full = record_payload(self.name, 1, [ln.obj for ln in lines[:released]])
        return events, full, self.followed.error


@dataclass
class World:
    """One device at one table (see the section's comment)."""

    referee: Any  # coda_pi.referee.referee.Referee
    table: Any  # coda_pi.referee.testing.Table
    record: Any  # coda_pi.referee.testing.MemoryRecord
    club: ClubFeed

    def send(self, intent: Any) -> None:
        self.table.send(intent)
        self.club.update(self.record.lines)

    def wait(self, seconds: float) -> None:
        self.table.wait(seconds)
        self.club.update(self.record.lines)


def _view(world: World) -> Any:
    import dataclasses

    return dataclasses.replace(world.referee.view(), version=0)  # a redraw shows nothing


PUBLIC_OUTPUTS: dict[str, Any] = {
    "view": _view,  # the public screen: every screen, its banner, the menu and questions
    "leds": lambda w: w.referee.leds(),
    "cues": lambda w: tuple(w.table.cues),  # every sound so far, in order
    "deadline": lambda w: w.referee.next_deadline(),  # when the next beep or timeout comes
    "club": lambda w: w.club.payloads(),  # what the club feed carries (events, full lines)
}
"""Every output more than one seat can observe, by name: a function of a world each."""


def public_outputs(world: World) -> dict[str, Any]:
    """Everything the table and the club's readers can observe of ``world`` now."""
    return {name: read(world) for name, read in PUBLIC_OUTPUTS.items()}


def phone_page(world: World, seat: int, public: Any = None) -> Any:
    """What ``seat``'s phone page shows now, through the phones' own function (another
    engineer may rework the page: its internals are not read here); ``public``: the
    world's public view now, when the caller has it for every seat's page."""
    from coda_pi.phones.seat_views import seat_page

    return seat_page(world.referee, seat, public)


def own_panels(world: World, seat: int) -> tuple[Any, ...]:
    """What ``seat`` has a right to know of its own: its row, the panel it holds, a deal
    waiting for its look, its entry under way. Two worlds equal in this (and in public)
    must show the seat the same private view."""
    referee = world.referee
    game = referee.game
    if game is None:
        return ()
    row = tuple((s.tile, s.revealed) for s in game.rows[seat]) if game.rows else ()
    drawn = game.drawn if game.turn == seat else None
    pending = referee.pending_deals.get(seat)
    pool = referee.pool
    entry = getattr(pool, "entry", None)
    typing = None
    if entry is not None and getattr(pool, "entry_seat", None) == seat:
        typing = (tuple(entry.partial()), entry.shown, entry.stage, entry.slot,
                  tuple(entry.colours))
    return row, drawn, pending, typing


class Intentions:
    """Entered-pool play: what each seat means to enter in world A (its real panels from a
    shuffle of the table, or, now and then, a determined player's probe), and how world B's
    dials must start so that the same presses enter what B's seat means to enter.

    B's real panels are A's relabelled; a probe is the prober's choice of numbers, the same
    in both worlds (its dials start alike): a row holding a panel X of another seat's row
    (in world A; its twin σ(X) stands there in world B), sometimes with σ(X) too, or a
    drawn panel entered as X."""

    def __init__(self, seed: str, relabel: Relabel, rng: Any, probe_rate: float) -> None:
        self.shuffle = Shuffle(seed)
        self.relabel = relabel
        self.rng = rng
        self.probe_rate = probe_rate
        self.rows: dict[tuple[int, int], list[tuple[Tile, bool]]] = {}
        self.draws: dict[tuple[int, int, Color], tuple[Tile, bool]] = {}
        self.world_a: Any = None
        self._entry: object = None
        self._k = 0
        self.probes = 0

    def row(self, game: CodaGame, seat: int) -> list[tuple[Tile, bool]]:
        key = (game.round_number, seat)
        if key not in self.rows:
            honest = list(self.shuffle.deal_row(game, seat).row)
            probe = self._probe(game, seat, honest) if self.rng.random() < self.probe_rate \
                else None
            if os.environ.get("TWIN_DEBUG"):
                print("row", seat, honest, probe, self.relabel)
            self.rows[key] = probe or [(t, True) for t in honest]
        return self.rows[key]

    def _probe(self, game: CodaGame, seat: int,
               honest: list[Tile]) -> list[tuple[Tile, bool]] | None:
        theirs = [s.tile for other, row in enumerate(game.rows) if other != seat
                  for s in row if self.relabel(s.tile) != s.tile]
        if not theirs:
            return None
        x = theirs[0]
        # X alone: another row holds it in world A, its twin in world B (a device that
        # compared entries would answer the probe in one world only); now and then X and
        # its twin together, a probe that would clash in both worlds with different panels.
        both = self.rng.random() < 0.25
        probe = {x, self.relabel(x)} if both else {x}
        rest = [t for t in honest if t not in {x, self.relabel(x)}][: len(honest) - len(probe)]
        if len(rest) + len(probe) < len(honest):
            return None
        self.probes += 1
        return [(t, False) for t in sorted_row([*probe, *rest])]

    def draw(self, game: CodaGame, colour: Color) -> tuple[Tile, bool]:
        """The panel a seat means to enter for its draw: the one it took, or now and then
        a determined player's probe, a panel of that colour another row holds in one
        world (the same numbers in both worlds: its dial starts alike)."""
        key = (game.round_number, game.pool_size, colour)
        if key not in self.draws:
            probe = self._draw_probe(game, colour) if self.rng.random() < self.probe_rate / 2 \
                else None
            telling = self._telling_draw(game, colour) if self.rng.random() < 0.5 else None
            self.draws[key] = probe or telling or (self.shuffle.draw(game, colour).tile, True)
        return self.draws[key]

    def _telling_draw(self, game: CodaGame, colour: Color) -> tuple[Tile, bool] | None:
        """Now and then the table hands the drawer (the twins' hidden seat, when there is
        one) a pool panel whose places differ in the two worlds (its twin is in the pool
        too: an honest draw in both): a place that fits in one world only, whose refusal
        must be the drawer's alone."""
        seat = game.turn
        if seat is None or not game.rows or self.relabel.seat not in (None, seat):
            # Twins that differ in one seat's panels: only that seat's draws differ, so
            # every other seat stays alike and its probes and fixes count.
            return None
        row = [s.tile for s in game.rows[seat]]
        twin_row = [self.relabel(t) for t in row]
        for tile in sorted(game.pool_tiles(colour), key=str):
            twin = self.relabel(tile)
            if twin != tile and legal_slots(row, tile) != legal_slots(twin_row, twin):
                return tile, True
        return None

    def _draw_probe(self, game: CodaGame, colour: Color) -> tuple[Tile, bool] | None:
        seat = game.turn
        if seat is None or not game.rows:
            return None
        own = {s.tile for s in game.rows[seat]}
        theirs = [s.tile for other, row in enumerate(game.rows) if other != seat for s in row
                  if not s.revealed and s.tile.color is colour and s.tile not in own
                  and self.relabel(s.tile) != s.tile and self.relabel(s.tile) not in own]
        if not theirs:
            return None
        self.probes += 1
        return theirs[0], False

    def pad_a(self, size: int) -> int:
        return self.rng.randrange(size)

    def pad_b(self, size: int) -> int:
        """B's dial start: A's, turned by how far B's meant panel lies from A's."""
        from coda_pi.rules.panel_entry import dial_values

        a = self.world_a
        pool = a.pool if a is not None else None
        entry = getattr(pool, "entry", None)
        seat = getattr(pool, "entry_seat", None)
        if a is None or a.game is None or entry is None or seat is None:
            return self.rng.randrange(size)  # the worlds have parted here already
        if self._entry is entry and self._k >= len(entry.pads):
            # A's next entry is being opened while A still shows the last one (the entry
            # after a commit): B's dial starts anew by chance, as when parted.
            return self.rng.randrange(size)
        if self._entry is not entry:
            self._entry, self._k = entry, 0
        k = self._k
        self._k += 1
        if entry.is_draw and a.game.turn is None:
            # A round's end waits for a seat's look at a contested panel (no draw to
            # mean): B's dial starts by chance, as when parted.
            return self.rng.randrange(size)
        if entry.is_draw:
            assert entry.colour is not None
            tile, relabelled = self.draw(a.game, entry.colour)
        else:
            meant = self.row(a.game, seat)
            tile, relabelled = meant[min(k, len(meant) - 1)]
        values = dial_values(dashes=a.game.settings.dashes)
        if tile.value not in values:
            return entry.pads[k] % size
        shift = values.index(self.relabel(tile).value) - values.index(tile.value) \
            if relabelled else 0
        return (entry.pads[k] + shift) % size


class WorldEnteredPlayer(EnteredAutoPlayer):
    """World A's players in entered-pool play: they enter the panels the physical table
    gives them (``row_of(game, seat)``, ``draw_of(game, colour)``) instead of dealing their
    own."""

    def __init__(self, rng: random.Random, world: Any,
                 row_of: Callable[[CodaGame, int], list[Tile]],
                 draw_of: Callable[[CodaGame, Color], Tile]) -> None:
        super().__init__(rng)
        self._world = world
        self._row = row_of
        self._draw = draw_of

    def _shuffle_and_deal(self, seats: int, round_number: int, dashes: bool) -> None:
        self._round = round_number

    def _row_of(self, seat: int) -> list[Tile]:
        game = self._world.game
        assert game is not None
        return self._row(game, seat)

    def _draw_from_table(self, dark: bool) -> Tile:
        game = self._world.game
        assert game is not None
        self.in_hand = self._draw(game, Color.DARK if dark else Color.LIGHT)
        return self.in_hand

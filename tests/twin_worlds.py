"""Twin worlds for the side-channel property: two games that agree on everything public.

World B is world A with some panels relabelled: ``Relabel`` swaps pairs of panels of the same
colour (the colour is public, the number is not). A's events, relabelled, are B's events;
the two worlds agree on everything public for as long as those events are legal in B and
leave the same public table (colours, places, panels down, pool counts, turn, points).
Then whatever the device shows, lights or sounds must be the same in both, press by press.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from coda_pi.referee.shared.public import public_table
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import Deal, Draw, parse_event
from coda_pi.rules.dealer import Shuffle, deal_moment, draw_moment
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Color, Tile, full_set, sorted_row

Line = dict[str, Any]


@dataclass(frozen=True)
class Relabel:
    """A colour-keeping swap of panels: what world B holds where world A holds a panel."""

    pairs: tuple[tuple[Tile, Tile], ...]

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

"""The shuffle pool's hand: random panels for deals and draws.

``Shuffle`` is the device's dealer: every panel it deals or draws is decided by a secret seed
and the moment of the game, so undo and resume never re-roll it. The functions that take an
rng are for tests and simulations that want a fresh random choice each call. The rules stay
deterministic: the dealer only chooses which legal event happens.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from coda_pi.rules.errors import RuleError
from coda_pi.rules.sentence import say

if TYPE_CHECKING:
    import random

    from coda_pi.rules.coda import CodaGame
    from coda_pi.rules.coda_events import CodaEvent, Deal, Draw
    from coda_pi.rules.tiles import Color, Tile

# A device's start makes a dealer (its seed) for the setup it shows: the game's rules, events
# and panels are imported inside the functions that deal and draw, not for that.

T = TypeVar("T")


def deal_row(game: CodaGame, seat: int, rng: random.Random) -> Deal:
    """A random starting row for ``seat``, in order; dashes (if any) stand at the right end
    until the player chooses where they go (see ``place_dash``)."""
    from coda_pi.rules.coda_events import Deal
    from coda_pi.rules.tiles import sorted_row

    tiles = rng.sample(game.pool_tiles(), game.settings.hand)
    return Deal(seat, tuple(sorted_row(tiles)))


def place_dash(row: tuple[Tile, ...], dash: Tile, slot: int) -> tuple[Tile, ...]:
    """The row with ``dash`` moved to ``slot``: a player may stand a dash anywhere."""
    rest = [t for t in row if t != dash]
    if not 0 <= slot <= len(rest):
        raise RuleError(say("the dash goes to a slot from 0 to {last}", last=len(rest)))
    return (*rest[:slot], dash, *rest[slot:])


def draw(game: CodaGame, color: Color, rng: random.Random) -> Draw:
    """The current player draws a random panel of the colour they chose."""
    from coda_pi.rules.coda_events import Draw
    from coda_pi.rules.tiles import colour_word

    assert game.turn is not None
    choices = game.pool_tiles(color)
    if not choices:
        raise RuleError(say("there is no {color} {panel} left in the pool",
                            color=colour_word(color)))
    return Draw(game.turn, rng.choice(choices))


# -- decided once: the seeded dealer ----------------------------------------------------------
#
# Undo of a draw followed by OK must not re-roll the panel, and neither may a resume after a
# power cut (design principle 4). So every random decision is a pure function of one secret
# seed, kept in the record's header (a key the spec does not name, which replay ignores), and
# of the moment of the game it is taken at. Each moment ranks the panels by a keyed hash; the
# deal takes the lowest-ranked panels still in the pool and a draw the lowest-ranked one of the
# chosen colour. With a secret key the ranking is a uniformly random order, so every panel
# left in the pool is equally likely, as with a shuffled face-down pool.

class Dealer(Protocol):
    """What the device deals and draws with: ``Shuffle``, or in tests a stand-in."""

    def deal_row(self, game: CodaGame, seat: int) -> Deal: ...

    def draw(self, game: CodaGame, color: Color) -> Draw: ...


SEED_KEY = "seed"
SEED_HEX_DIGITS = 32  # 128 bits


def new_seed(rng: random.Random) -> str:
    """A fresh secret seed for a new game (the device passes ``random.SystemRandom()``)."""
    return f"{rng.getrandbits(4 * SEED_HEX_DIGITS):0{SEED_HEX_DIGITS}x}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """The device's random decisions of one game, fixed once and for all by ``seed``."""

    seed: str

    def __post_init__(self) -> None:
        try:
            key = bytes.fromhex(self.seed)
        except ValueError:
            key = b""
        if not 8 <= len(key) <= 64:
            raise RuleError(say("a dealer's seed is 16 to 128 hex digits, not {seed}",
                               seed=repr(self.seed)))

    @classmethod
    def from_header(cls, header: Mapping[str, Any]) -> Shuffle | None:
        """The seed a record's header keeps, or None when it keeps none (an older record)
        or keeps something that is not a seed."""
        seed = header.get(SEED_KEY)
        if not isinstance(seed, str):
            return None
        try:
            return cls(seed)
        except RuleError:
            return None

    def rank(self, moment: str, item: str) -> bytes:
        """Where ``item`` stands in the random order of ``moment``: smaller comes first."""
        import hashlib  # here, not at start: with OpenSSL's it is 2 ms of a laptop's start

        key = bytes.fromhex(self.seed)
        return hashlib.blake2b(f"{moment}|{item}".encode(), key=key, digest_size=16).digest()

    def first(self, moment: str, items: Iterable[T], count: int = 1) -> list[T]:
        """The ``count`` items that come first in the random order of ``moment``."""
        return sorted(items, key=lambda item: self.rank(moment, str(item)))[:count]

    def deal_row(self, game: CodaGame, seat: int) -> Deal:
        """``seat``'s starting row in this round, the same however often it is asked for."""
        from coda_pi.rules.coda_events import Deal
        from coda_pi.rules.tiles import sorted_row

        tiles = self.first(deal_moment(game, seat), game.pool_tiles(), game.settings.hand)
        return Deal(seat, tuple(sorted_row(tiles)))

    def draw(self, game: CodaGame, color: Color) -> Draw:
        """The panel of ``color`` the current player draws at this moment of the round."""
        from coda_pi.rules.coda_events import Draw
        from coda_pi.rules.tiles import colour_word

        assert game.turn is not None
        choices = game.pool_tiles(color)
        if not choices:
            raise RuleError(say("there is no {color} {panel} left in the pool",
                            color=colour_word(color)))
        return Draw(game.turn, self.first(draw_moment(game), choices)[0])

    def code(self, game_number: int, colours: Sequence[str], pegs: int) -> str:
        """A Mastermind code the device sets for game ``game_number`` of a match."""
        return "".join(self.first(f"code{game_number}/peg{hole}", colours)[0]
                       for hole in range(pegs))


def inherited_seed(header: Mapping[str, Any],
                   events: Sequence[CodaEvent | Mapping[str, Any]]) -> str:
    """The seed of a record from before seeds were kept in the header, the same at every
    resume, so a second power cut does not re-roll what the first resume decided.

    The header alone is public and would let anyone work out the draws in advance; the
    first round's starting rows are not (no seat sees the others'), and they never change
    once the deal is over. Until then no panel has been drawn, so a resume in the middle of
    the first deal has nothing to re-roll but the rows not yet dealt.

    :param header: the record's first line
    :param events: the record's events in force, oldest first (typed, or as record lines)
    """
    from coda_pi.rules.coda_events import to_dict

    deals: list[dict[str, Any]] = []
    for event in events:
        line = event if isinstance(event, Mapping) else to_dict(event)
        if line.get("event") == "deal":
            deals.append(dict(line))
        elif deals or line.get("event") != "round":
            break
    import hashlib  # only for old records, as in Shuffle.rank
    import json

    secret = json.dumps([dict(header), deals], sort_keys=True, ensure_ascii=True, default=str)
    digest = hashlib.blake2b(secret.encode(), digest_size=SEED_HEX_DIGITS // 2,
                             person=b"coda-pi old rec")
    return digest.hexdigest()


def draws_so_far(game: CodaGame) -> int:
    """Panels drawn in this round: the moment a draw is taken at."""
    from coda_pi.rules.tiles import full_set

    box = len(full_set(dashes=game.settings.dashes))
    return box - game.pool_size - game.seats * game.settings.hand


def deal_moment(game: CodaGame, seat: int) -> str:
    """The name of the moment ``seat``'s starting row is dealt at."""
    return f"r{game.round_number}/deal/s{seat}"


def draw_moment(game: CodaGame) -> str:
    """The name of the moment the current player draws at."""
    return f"r{game.round_number}/draw{draws_so_far(game)}/s{game.turn}"

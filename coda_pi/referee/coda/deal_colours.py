"""Device-pool dealing: each player chooses the colours of their starting panels.

All three rule texts let a player take "any mix of dark and light" for the starting row. In
the box a player does it while taking the panels; here the seat being dealt chooses, while
holding its seat button (its private screen), how many of its panels are dark, before the
device deals them: PREV/NEXT turn the dial, OK deals. The dial starts on "any mix" (the
device chooses the colours at random, as before), so a seat that only wants to play presses
OK as it always did, and every seat presses OK once more whatever it chose: the number of
OKs tells the table nothing. (The colours themselves are public once the row stands: the
backs show them.)

What the device decides it decides once (design principle 4): with the seeded dealer
(``rules/dealer.Shuffle``), a mix takes the first dark and the first light panels in the
same random order of the seat's deal moment that "any mix" takes its panels from, so no
choice is a second look at another shuffle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from coda_pi.i18n import _, ngettext
from coda_pi.referee.shared.private import panel
from coda_pi.referee.shared.views import PanelView, PrivatePurpose, PrivateView
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import Deal
from coda_pi.rules.dealer import Dealer, deal_moment
from coda_pi.rules.tiles import Color, Tile, sorted_row

ANY_MIX = None  # the dial's first value: the device chooses the colours at random


@dataclass
class ColourDial:
    """The seat's choice of how many of its ``hand`` starting panels are dark."""

    hand: int
    dark_left: int  # dark panels in the pool (a dash included)
    light_left: int
    index: int = 0  # into ``values``: 0 is "any mix"

    @property
    def values(self) -> list[int | None]:
        """"Any mix", then every count of dark panels the pool can make up a row with."""
        counts = [dark for dark in range(self.hand + 1)
                  if dark <= self.dark_left and self.hand - dark <= self.light_left]
        return [ANY_MIX, *counts]

    @property
    def dark(self) -> int | None:
        return self.values[self.index]

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)


def dial_for(game: CodaGame) -> ColourDial:
    """A new dial for the seat being dealt now, on "any mix"."""
    return ColourDial(hand=game.settings.hand, dark_left=len(game.pool_tiles(Color.DARK)),
                      light_left=len(game.pool_tiles(Color.LIGHT)))


def mixed_row(dealer: Dealer, game: CodaGame, seat: int, dark: int | None) -> Deal:
    """``seat``'s starting row with ``dark`` dark panels (None: any mix, the dealer's own)."""
    if dark is ANY_MIX:
        return dealer.deal_row(game, seat)
    light = game.settings.hand - dark
    darks, lights = game.pool_tiles(Color.DARK), game.pool_tiles(Color.LIGHT)
    first = getattr(dealer, "first", None)  # the seeded dealer's random order of a moment
    if first is not None:
        moment = deal_moment(game, seat)
        tiles: list[Tile] = [*first(moment, darks, dark), *first(moment, lights, light)]
    else:  # a test's stand-in dealer: still the same row for the same moment
        rng = random.Random(f"{game.round_number}/{seat}")
        tiles = [*rng.sample(darks, dark), *rng.sample(lights, light)]
    return Deal(seat, tuple(sorted_row(tiles)))


def colour_view(seat: int, name: str, dial: ColourDial, labels: str) -> PrivateView:
    """The held seat's screen: its row's colours as the dial stands, face down."""
    dark = dial.dark
    if dark is ANY_MIX:
        # No colour yet: half dark and half light read as two of each (first evening,
        # second list), so the panels show no colour at all.
        looks: tuple[PanelView, ...] = tuple(
            PanelView(dark=None, label="?", revealed=False) for _ in range(dial.hand))
        what = _("Any mix of dark and light")  # the device chooses, at random
    else:
        looks = tuple(panel(Tile(Color.DARK if i < dark else Color.LIGHT), labels)
                      for i in range(dial.hand))
        # Each count with its own colour word, which agrees with it ("1 oscura, 3 claras").
        light = dial.hand - dark
        what = ", ".join((ngettext("{count} dark", "{count} dark", dark).format(count=dark),
                          ngettext("{count} light", "{count} light", light).format(
                              count=light)))
        what = what[:1].upper() + what[1:]
    return PrivateView(
        seat=seat,
        name=name,
        purpose=PrivatePurpose.DEAL,
        row=looks,
        cursor=None,
        prompt=_("{what}: PREV/NEXT change, OK deals").format(what=what),
    )

"""What the guess timer running out means, by the rules.

The rules force a player to make one guess per turn, not a second: so a time-out before the
turn's first guess is a ``timeout`` (it counts as a miss: the penalty), while a time-out as
the player chooses between attacking again and stopping means that they stop, with no
penalty, and the drawn panel joins their row hidden. The record then holds the spec's
``stop``, so records stay within the spec and old ones replay as before.

Where the drawn panel goes is the player's to show, as after any stop. Even when the order
rule leaves one place only, the device asks rather than writes it at once: whether the place
is forced can depend on where a hidden dash stands, and the table must not learn that from
what the device does.
"""

from __future__ import annotations

from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import Stop, Timeout

SHOW_THE_PLACE = "show the place"  # stop; the drawn panel's place comes from the player


def time_up(game: CodaGame) -> Timeout | Stop | str | None:
    """The event a time-out is now: ``Timeout`` (the penalty) before the first guess,
    ``Stop`` after a right guess with nothing drawn, ``SHOW_THE_PLACE`` after a right guess
    with a panel drawn (a ``Stop`` once the player shows its place), None when no decision
    is pending."""
    seat = game.turn
    if seat is None:
        return None
    if game.phase is Phase.ATTACK:
        return Timeout(seat)
    if game.phase is Phase.CONTINUE:
        return Stop(seat) if game.drawn is None else SHOW_THE_PLACE
    return None

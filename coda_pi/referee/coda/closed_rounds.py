"""A round that has ended is closed: the device takes none of it back.

At a round's end the club feed publishes the round's full lines (``club/projection.py``'s
``round_closed``), and the table has seen every panel of it. Were an undo or a "Fix a panel"
to put that round back into play, lines already public would be taken back, and a round
whose panels everybody has seen would be played on. So the event that ended a round is the
last thing of that round: undo stops there (the round after it can still be taken back to
its start), and "Fix a panel" is offered only while a round is played.

The alternative, holding a round's lines back until the next round starts, does not close
anything: undo goes back across rounds, and after the last round there is no next one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coda_pi.i18n import _
from coda_pi.referee.shared.wording import nouns

if TYPE_CHECKING:
    from coda_pi.rules.coda import CodaGame


def round_closed_by_last_event(game: CodaGame) -> bool:
    """True when the game's latest event ended a round (the round-end or final screen):
    taking it back would reopen a round whose lines are public."""
    from coda_pi.rules.coda import Phase  # a game is on: its rules are imported

    return game.round_number >= 1 and game.phase in (Phase.ROUND, Phase.FINISHED)


def closed_round_refusal(game: CodaGame, labels: str) -> str:
    """The one sentence the device says when an undo would reopen an ended round."""
    say = nouns(labels)
    if game.settings.rounds == 1:
        return say(_("The game is over and all {panels} were shown: it cannot be taken back"))
    return say(_("Round {number} is over and all {panels} were shown: it cannot be taken "
                 "back"), number=game.round_number)

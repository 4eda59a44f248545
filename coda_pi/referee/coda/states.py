"""Every Coda screen, once: one ``CodaState`` per ``CodaScreen`` (``SCREENS``). A new screen
is an enum member (``shared/kinds.py``), a ``CodaState`` subclass in a module of its own (or
beside its kin) and one entry here. The screens are ``setup`` (no game yet), ``standings``
(the start, a round's end, the final standings, the bonus), ``deal`` and ``turn``; each is
handed the referee as a ``context.CodaContext`` (Mastermind's ``mastermind/states.py`` is the
same pattern)."""

from __future__ import annotations

from coda_pi.referee.coda.deal import DealState
from coda_pi.referee.coda.setup import SetupState
from coda_pi.referee.coda.standings import BonusState, FinalState, RoundEndState, StartState
from coda_pi.referee.coda.state import CodaState
from coda_pi.referee.coda.turn import TurnState
from coda_pi.referee.shared.kinds import CodaScreen

SCREENS: dict[CodaScreen, CodaState] = {
    state.kind: state
    for state in (SetupState(), StartState(), DealState(), TurnState(), BonusState(),
                  RoundEndState(), FinalState())
}
"""Every screen of a Coda game, by kind (the bonus is table-pool play's own screen, its
pool mode's)."""

assert set(SCREENS) == set(CodaScreen), "every CodaScreen has its state"

__all__ = ["SCREENS", "CodaState"]

"""Every Coda screen, once: one ``CodaState`` per ``CodaScreen`` (``SCREENS``). A new screen
is an enum member (``shared/kinds.py``), a ``CodaState`` subclass in a module of its own (or
beside its kin) and one entry here. The screens are ``setup`` (no game yet), ``standings``
(the start, a round's end, the final standings, the bonus), ``deal`` and ``turn``; each is
handed the referee as a ``context.CodaContext`` (Mastermind's ``mastermind/states.py`` is the
same pattern).

A screen's module is imported when the screen is first asked for: a start draws the setup
menu, which needs none of the game's screens (nor the public table, verdicts and timer they
bring: some 20 modules, on a Pi Zero about 40 ms of its start). ``play_modules`` names them:
the device imports them once the first frame is shown, before the loop first sleeps, so
that no press pays for them (coda_pi/app/build.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from coda_pi.referee.coda.state import CodaState
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.pool_names import POOL_MODES

_WHERE: dict[CodaScreen, tuple[str, str]] = {
    CodaScreen.SETUP: ("coda_pi.referee.coda.setup", "SetupState"),
    CodaScreen.START: ("coda_pi.referee.coda.standings", "StartState"),
    CodaScreen.DEAL: ("coda_pi.referee.coda.deal", "DealState"),
    CodaScreen.TURN: ("coda_pi.referee.coda.turn", "TurnState"),
    CodaScreen.BONUS: ("coda_pi.referee.coda.standings", "BonusState"),
    CodaScreen.ROUND_END: ("coda_pi.referee.coda.standings", "RoundEndState"),
    CodaScreen.FINAL: ("coda_pi.referee.coda.standings", "FinalState"),
}
"""Where each screen's state class lives (the bonus is table-pool play's own screen, its
pool mode's)."""

PLAY_MODULES: tuple[str, ...] = (
    *dict.fromkeys(module for module, _ in _WHERE.values()),
    # What the referee imports inside its methods for a game in play (coda/referee.py).
    "coda_pi.referee.coda.verdicts", "coda_pi.referee.shared.public",
    "coda_pi.referee.shared.private", "coda_pi.referee.shared.timer",
    "coda_pi.referee.coda.deal_colours",
    # The views of a game in play (the setup shows none of them: shared/game_views.py).
    "coda_pi.referee.shared.game_views",
    # A game's journal and its rules (ports.coda_journal, pools' journal, base's commit).
    "coda_pi.replay", "coda_pi.rules.games",
    # What undo says and refuses (coda/menu.py).
    "coda_pi.referee.coda.closed_rounds", "coda_pi.referee.shared.describe",
)
"""The modules a game's first press may need that a start's first frame does not."""


class _Screens(Mapping[CodaScreen, CodaState]):
    """The state of each screen, made (and its module imported) when first asked for."""

    def __init__(self) -> None:
        self._made: dict[CodaScreen, CodaState] = {}

    def __getitem__(self, kind: CodaScreen) -> CodaState:
        state = self._made.get(kind)
        if state is None:
            module, name = _WHERE[kind]
            state = self._made[kind] = getattr(importlib.import_module(module), name)()
            assert state.kind is kind, f"{name} is the state of {state.kind}, not {kind}"
        return state

    def __iter__(self) -> Iterator[CodaScreen]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


SCREENS: Mapping[CodaScreen, CodaState] = _Screens()
"""Every screen of a Coda game, by kind."""

assert set(_WHERE) == set(CodaScreen), "every CodaScreen has its state"


def play_modules(pool: str) -> tuple[str, ...]:
    """What a game's screens need, to import once the first frame is on the screen: the
    start's first frame did not need it, and a press must not wait for it. With them the
    pool mode ``pool`` (the setup's): the setup's OK starts a game in it, and that press,
    most often a start's first, imported it (on a Pi Zero about 0.4 s with every mode)."""
    where = POOL_MODES.get(pool)  # no such mode: the setup says so when shown
    return (*PLAY_MODULES, *((where.split(":")[0],) if where else ()))


__all__ = ["PLAY_MODULES", "SCREENS", "CodaState", "play_modules"]

"""What every part of the Coda referee may use of the others: the cursors the ``Referee``
holds and the few methods of the whole it calls. The screen modules (``setup``,
``deal``, ``turn``, ``verdicts``, ``standings``, ``menu``) are
mixed into ``referee.Referee``; each names here, once, what it takes from the rest instead
of declaring it again (for the type checker only: nothing here runs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coda_pi.referee.shared.public import TurnCursor
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.referee.shared.signals import Cue
    from coda_pi.referee.shared.timer import GuessTimer
    from coda_pi.referee.shared.views import Banner
    from coda_pi.rules.coda import CodaGame
    from coda_pi.rules.coda_events import CodaEvent


class CodaParts:
    """The Coda referee as its screen modules see it."""

    _options: SetupDefaults
    _banner: Banner | None
    _timer: GuessTimer | None
    _cursor: TurnCursor | None
    _refusal: str | None

    if TYPE_CHECKING:
        @property
        def game(self) -> CodaGame | None: ...

        def _commit(self, event: CodaEvent) -> bool: ...

        def _refuse(self, text: str) -> None: ...

        def _cue(self, cue: Cue) -> None: ...


__all__ = ["CodaParts"]

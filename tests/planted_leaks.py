"""Leaks put back on purpose, to count how often the twin-world machine catches each (issue 31).

A leak is planted by naming it in ``PLANTED_LEAK`` before ``tests/test_twin_machine.py`` is
imported (``plant_from_env``); ``tools/count-planted-leaks`` runs the machine once per leak
and run, each from an empty hypothesis database, and prints the table of catches. Each leak
is a small wrapper around the real code, so that it stays a leak of today's device (and
the machine's figures stay comparable from one branch to the next):

- ``clash``: an entry naming a panel another row claims is refused (a comparison of claims);
- ``fix_answer``: the owner's fix is refused when another row claims the number (privately);
- ``page``: the next seat's private view on a seat's phone page (an index off by one);
- ``place_beep``: a refused place (the drawn panel does not fit there) sounds the error cue;
- ``club_seed``: the dealer's seed in the club's full lines of the header;
- ``fix_screen``: the owner's private answer to a fix shown on the public fix screen too.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

LEAK_ENV = "PLANTED_LEAK"


def _clash() -> None:
    from coda_pi.referee.pools.entered.mode import EnteredPool

    honest = EnteredPool._own_problem

    def compared(self: EnteredPool, seat: int, tiles: tuple[Any, ...], *,
                 draw: bool) -> str | None:
        game = self._game
        others = {s.tile for other, row in enumerate(game.rows) if other != seat
                  for s in row if not s.revealed}
        if others & set(tiles):
            return "The device cannot take this entry"
        return honest(self, seat, tiles, draw=draw)

    EnteredPool._own_problem = compared  # type: ignore[method-assign]


def _fix_answer() -> None:
    from coda_pi.referee.pools.entered import claims_fix, mode
    from coda_pi.rules.errors import RuleError

    honest = claims_fix.correct_claim

    def compared(header: Mapping[str, Any], events: Sequence[Any], fix: Any) -> Any:
        game = claims_fix.replay_claims(header, events)
        if any(s.tile == fix.tile and not s.revealed for other, row in enumerate(game.rows)
               if other != fix.seat for s in row):
            raise RuleError("another row holds it")
        return honest(header, events, fix)

    mode.correct_claim = compared  # type: ignore[assignment]


def _page() -> None:
    from coda_pi.phones import seat_views

    honest = seat_views.held_view

    def shown(referee: Any, seat: int) -> Any:
        # The next seat's view: an index off by one on the way to the page.
        seats = getattr(getattr(referee, "game", None), "seats", 0)
        return honest(referee, (seat + 1) % seats) if seats > 1 else honest(referee, seat)

    seat_views.held_view = shown  # type: ignore[assignment]


def _place_beep() -> None:
    from coda_pi.referee.coda import verdicts
    from coda_pi.referee.shared.signals import Cue
    from coda_pi.rules.tiles import legal_slots

    honest = verdicts.claim

    def beeping(ref: Any, cur: Any) -> None:
        game = ref.game
        row = [s.tile for s in game.rows[game.turn]]
        if cur.claim_slot not in legal_slots(row, game.drawn):
            ref.cue(Cue.ERROR)
        honest(ref, cur)

    verdicts.claim = beeping  # type: ignore[assignment]


def _club_seed() -> None:
    from coda_pi.club import projection

    projection._NEVER_PUBLISHED = ()  # type: ignore[assignment]


def _fix_screen() -> None:
    from coda_pi.referee.pools.entered.mode import EnteredPool

    honest = EnteredPool._fix_nav

    def told(self: EnteredPool, fix: Any, button: Any) -> None:
        honest(self, fix, button)
        if self._fix is fix and fix.private_problem is not None:
            fix.problem = fix.private_problem

    EnteredPool._fix_nav = told  # type: ignore[method-assign]


LEAKS: dict[str, Callable[[], None]] = {
    "clash": _clash,
    "fix_answer": _fix_answer,
    "page": _page,
    "place_beep": _place_beep,
    "club_seed": _club_seed,
    "fix_screen": _fix_screen,
}
"""Every planted leak by name (the names ``PLANTED_LEAK`` takes)."""


def plant_from_env() -> str | None:
    """Plants the leak ``PLANTED_LEAK`` names (none when unset); returns its name."""
    name = os.environ.get(LEAK_ENV)
    if not name:
        return None
    if name not in LEAKS:
        raise SystemExit(f"{LEAK_ENV}={name}: not one of {', '.join(LEAKS)}")
    LEAKS[name]()
    return name

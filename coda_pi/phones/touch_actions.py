"""The seat page's touch moves, each turned into the button presses a hand would make.

The page shows the table, so a thumb names what it means directly: an opponent's panel to
attack ("attack"), the place in its own row for the drawn panel ("place"), its own panel to
knock down ("reveal"), a peg's colour ("peg"), the key pegs placed ("keys"). Each becomes
seat-button, PREV/NEXT and OK presses on the loop's thread, so the referee refuses and
records exactly as it does for the buttons; nothing here decides anything of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from coda_pi.phones.actions import held_view, mastermind_actor, may_act, seat_held, tap
from coda_pi.referee.mastermind.views import MastermindScreen, MastermindStep
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import TurnStep, TurnView

MAX_PRESSES = 16
"""More NEXTs than any cursor has places: a goal never met is left alone."""
TOUCH_KINDS = frozenset({"attack", "place", "reveal", "peg", "keys"})
ATTACK_STEPS = (TurnStep.TARGET, TurnStep.SLOT, TurnStep.VALUE, TurnStep.CONTINUE)


def steer(referee: Any, read: Callable[[], object], goal: object) -> bool:
    """NEXT until ``read()`` shows ``goal``, then OK; False when it never does."""
    for _ in range(MAX_PRESSES):
        if read() == goal:
            tap(referee, Button.OK)
            return True
        tap(referee, Button.NEXT)
    return False


def apply_touch(referee: Any, intent: Any) -> bool:
    """Do a touch move of ``intent.seat``, on the loop's thread; False when it was not the
    seat's to make now (nothing happens)."""
    seat = intent.seat
    if not may_act(referee, seat):
        return False
    screen = referee.view().screen
    if intent.kind == "attack" and intent.target is not None and intent.slot is not None:
        return _attack(referee, seat, screen, intent.target, intent.slot)
    if intent.kind in ("place", "reveal") and intent.slot is not None:
        steps = ((TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP) if intent.kind == "place"
                 else (TurnStep.REVEAL_OWN,))
        if not isinstance(screen, TurnView) or screen.seat != seat or screen.step not in steps:
            return False
        with seat_held(referee, seat):
            return steer(referee, lambda: getattr(held_view(referee, seat), "cursor", None),
                         intent.slot)
    if mastermind_actor(screen) != seat:
        return False
    if intent.kind == "peg" and intent.value:
        return _peg(referee, seat, screen, intent.value)
    if intent.kind == "keys" and screen.step is MastermindStep.KEYS:
        return _keys(referee, screen, intent.black, intent.white)
    return False


def _attack(referee: Any, seat: int, screen: Any, target: int, slot: int) -> bool:
    """An opponent's standing panel tapped: its seat's button (the referee aims at it from
    any step of an attack), then the cursor to that panel and OK: the number is asked next."""
    if (not isinstance(screen, TurnView) or screen.seat != seat or screen.step not in
            ATTACK_STEPS or target == seat or not 0 <= target < referee.game.seats):
        return False
    tap(referee, Button.for_seat(target))
    def aimed() -> int | None:
        now = referee.view().screen
        if not isinstance(now, TurnView) or now.step is not TurnStep.SLOT:
            return None
        return now.slot if now.target == target else None

    if aimed() is None:
        return False
    with seat_held(referee, seat):
        return steer(referee, aimed, slot)


def _peg(referee: Any, seat: int, screen: MastermindScreen, colour: str) -> bool:
    """One peg of the code (the maker, its seat held) or of the row placed (the breaker):
    the peg under the cursor turned to ``colour``, then OK moves to the next hole."""
    if colour not in screen.palette:
        return False
    if screen.step is MastermindStep.SET_CODE:
        def shown() -> str | None:
            private = held_view(referee, seat)
            code = getattr(private, "code", None)
            hole = getattr(private, "hole", None)
            return None if code is None or hole is None else code[hole]

        with seat_held(referee, seat):
            return steer(referee, shown, colour)
    if screen.step is MastermindStep.GUESS:
        def placed() -> str | None:
            now = referee.view().screen
            if not isinstance(now, MastermindScreen) or now.step is not MastermindStep.GUESS:
                return None
            return None if now.entry is None or now.hole is None else now.entry[now.hole]

        return steer(referee, placed, colour)
    return False


def _keys(referee: Any, screen: MastermindScreen, black: int | None,
          white: int | None) -> bool:
    """The key pegs placed, both counts at once: black, OK, then white, OK (no white is
    asked when every peg is black)."""
    if black is None or white is None or not 0 <= black <= screen.pegs or (
            not 0 <= white <= screen.pegs - black):
        return False

    def count(field: int) -> int | None:
        now = referee.view().screen
        if (not isinstance(now, MastermindScreen) or now.step is not MastermindStep.KEYS
                or now.key_entry is None or now.key_field != field):
            return None
        return now.key_entry[field]

    if screen.key_field == 1:
        tap(referee, Button.BACK)  # back to black, counted again below
    if not steer(referee, lambda: count(0), black):
        return False
    if black == screen.pegs:
        return True
    return steer(referee, lambda: count(1), white)

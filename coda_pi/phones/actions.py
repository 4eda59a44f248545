"""What a paired phone may ask the device to do, and how the loop's thread does it.

Every phone action becomes the button presses the referee already understands, made on the
loop's thread while the seat is held, exactly as a hand on the seat button would: the same
refusals, the same record lines. A phone can act only for its own seat, and only while that
seat is asked to act (its turn, its deal, its entry): the server checks nothing of the game.

One tap enters one panel: the tap names the panel (colour and number) and the loop turns
the entry's dial to it from wherever its random start put it (``rules/panel_entry.py``),
so the count of presses the referee sees is the buttons' count, while the phone needs one.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from coda_pi.referee.mastermind.views import MastermindScreen, MastermindStep
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import TurnStep, TurnView
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.panel_entry import Key, PanelEntry, Stage, dial_moves

if TYPE_CHECKING:
    from coda_pi.phones.tap_answer import TapAnswer

KEYS: dict[str, Button] = {"prev": Button.PREV, "next": Button.NEXT, "ok": Button.OK,
                           "back": Button.BACK}
_ENTRY_KEYS = {Key.PREV: Button.PREV, Key.NEXT: Button.NEXT, Key.OK: Button.OK,
               Key.BACK: Button.BACK}
TARGET_STEPS = (TurnStep.TARGET, TurnStep.SLOT, TurnStep.VALUE, TurnStep.CONTINUE)


class Ticket:
    """How a tap's request learns what became of it: the loop answers once the pass that
    applied the tap has settled (``PhoneBridge.settled``), so every line it caused is
    written and fsynced before the phone is told (design principle 5)."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self.answer_given: TapAnswer | None = None  # what became of the tap, once done

    def answer(self, answer: TapAnswer) -> None:
        self.answer_given = answer
        self._done.set()

    def wait(self, timeout: float) -> bool:
        """True once the loop answered (within ``timeout`` seconds)."""
        return self._done.wait(timeout)


@dataclass(frozen=True, slots=True)
class PhoneIntent:
    """One tap of a paired phone, for the loop: ``kind`` is "key" (``key``: prev, next, ok,
    back), "target" (``target``: the seat to attack), "tile" (``dark`` and ``value``: the
    panel entered), or one of the turn's choices made in one tap (``CHOICES``: "colour"
    with ``dark``, "slot" with ``target`` as the slot, "guess" with ``value`` as the label,
    "go_on" with ``dark`` as yes/no). ``seat`` is the phone's seat, from its secret (never
    from the request)."""

    seat: int
    kind: str
    key: str | None = None
    target: int | None = None
    dark: bool | None = None
    value: str | None = None
    ticket: Ticket | None = field(default=None, compare=False, repr=False)
    # The version of the seat's page the tap was made from (None: not said, as by a
    # script older than it): a tap from a page the table has moved on from is not done.
    page: int | None = None
    # The touch moves (``touch_actions``): "attack" (``target`` and ``slot``), "place" and
    # "reveal" (``slot``), "peg" (``value``: the colour's letter), "keys" (``black``, ``white``).
    slot: int | None = None
    black: int | None = None
    white: int | None = None


CHOICES: dict[str, tuple[TurnStep, str]] = {
    "colour": (TurnStep.CHOOSE_COLOR, "color_dark"),
    "slot": (TurnStep.SLOT, "slot"),
    "guess": (TurnStep.VALUE, "value_label"),
    "go_on": (TurnStep.CONTINUE, "attack_again"),
}
"""A one-tap choice of the turn: the step it is made at, and the turn view's field the
buttons move (NEXT turns it round; OK takes it)."""
MAX_TURNS = 16  # more NEXTs than any choice has places: a goal never met is left alone


def inner(referee: Any) -> Any:
    """The referee at work: the app talks to a ``GameSwitch`` (Coda or Mastermind)."""
    return getattr(referee, "current", referee)


def held_view(referee: Any, seat: int) -> Any:
    """What ``seat`` would see holding its button alone now (None: nothing private now),
    asked of the referee without touching the buttons really held."""
    return referee.private_view_of(seat)


def mastermind_actor(screen: Any) -> int | None:
    """The seat a Mastermind screen waits for: the maker sets the code and counts the key
    pegs, the breaker places rows; None on any other screen."""
    if not isinstance(screen, MastermindScreen):
        return None
    if screen.step in (MastermindStep.SET_CODE, MastermindStep.KEYS):
        return screen.maker
    if screen.step is MastermindStep.GUESS:
        return screen.breaker
    return None


def may_act(referee: Any, seat: int) -> bool:
    """``seat`` is asked to act now: its turn, or a private step of its own; never while the
    BACK menu or one of its questions is up (those are the table's, on the device)."""
    game = getattr(referee, "game", None)
    if game is None:
        return False
    seats = game.seats if isinstance(game, CodaGame) else len(getattr(game, "players", ()))
    if seat >= seats:
        return False
    if getattr(referee.view(), "overlay", None) is not None:
        return False
    turn = isinstance(game, CodaGame) and game.turn == seat
    if not turn and not isinstance(game, CodaGame):
        turn = mastermind_actor(referee.view().screen) == seat  # a row, the key pegs
    return turn or held_view(referee, seat) is not None  # Mastermind: the maker's code


def entry_of(referee: Any, seat: int) -> PanelEntry | None:
    """The entered pool's entry under way for ``seat``, if any."""
    pool = getattr(inner(referee), "pool", None)
    entry = getattr(pool, "entry", None)
    if entry is None or getattr(pool, "entry_seat", None) != seat:
        return None
    return entry


def tile_keys(entry: PanelEntry, dark: bool, value: str) -> list[Key] | None:
    """The presses that enter the panel (``dark``, ``value``) at the entry's slot: its
    colour (a starting row's), the dial turned to it, OK. None: not askable now."""
    if value not in entry.values or entry.stage not in (Stage.COLOUR, Stage.NUMBER):
        return None
    keys: list[Key] = []
    if not entry.is_draw:
        if entry.stage is Stage.NUMBER:
            keys.append(Key.BACK)  # back to this panel's colour, chosen again below
        keys.append(Key.PREV if dark else Key.NEXT)
    elif (entry.colour is not None) and (entry.colour.word == "dark") != dark:
        return None  # a drawn panel's colour is public and already told
    dial = entry.dials[entry.slot]
    assert dial is not None
    keys += dial_moves(dial, entry.values.index(value), len(entry.values))
    keys.append(Key.OK)
    return keys


@contextmanager
def seat_held(referee: Any, seat: int) -> Iterator[None]:
    """The seat's button held for the length of the block, as a hand would (a press the
    referee sees: a deal's seat has then looked at its panels)."""
    button = Button.for_seat(seat)
    pressed = not referee.is_held(button)
    if pressed:
        referee.handle(Press(button))
    try:
        yield
    finally:
        if pressed:
            referee.handle(Release(button))


def tap(referee: Any, button: Button) -> None:
    referee.handle(Press(button))
    referee.handle(Release(button))


def apply(referee: Any, intent: PhoneIntent) -> bool:
    """Do what the phone asked, on the loop's thread. False when it was not the seat's to
    ask now (nothing happens: the page shows only what may be asked)."""
    seat = intent.seat
    if not may_act(referee, seat):
        return False
    if intent.kind == "key" and intent.key in KEYS:
        with seat_held(referee, seat):
            tap(referee, KEYS[intent.key])
        return True
    if intent.kind == "target" and intent.target is not None:
        screen = referee.view().screen
        if (not isinstance(screen, TurnView) or screen.seat != seat
                or screen.step not in TARGET_STEPS or intent.target == seat
                or not 0 <= intent.target < referee.game.seats):
            return False
        tap(referee, Button.for_seat(intent.target))
        return True
    if intent.kind in CHOICES:
        return _choose(referee, seat, intent)
    if intent.kind == "tile" and intent.dark is not None and intent.value is not None:
        entry = entry_of(referee, seat)
        keys = None if entry is None else tile_keys(entry, intent.dark, intent.value)
        if keys is None:
            return False
        with seat_held(referee, seat):
            for key in keys:
                tap(referee, _ENTRY_KEYS[key])
        return True
    return False


def _choose(referee: Any, seat: int, intent: PhoneIntent) -> bool:
    """A turn's choice in one tap: NEXT until the turn view shows the goal, then OK (the
    presses a hand would make, so the same refusals and record lines)."""
    step, field = CHOICES[intent.kind]
    goal: object = {"colour": intent.dark, "slot": intent.target, "guess": intent.value,
                    "go_on": intent.dark}[intent.kind]
    if goal is None:
        return False
    screen = referee.view().screen
    if not isinstance(screen, TurnView) or screen.seat != seat or screen.step is not step:
        return False
    with seat_held(referee, seat):
        for _ in range(MAX_TURNS):
            screen = referee.view().screen
            if not isinstance(screen, TurnView) or screen.step is not step:
                return False
            if getattr(screen, field) == goal:
                tap(referee, Button.OK)
                return True
            tap(referee, Button.NEXT)
    return False

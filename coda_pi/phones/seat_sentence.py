"""The one big sentence on a seat's phone: what that seat does now, in touch words.

The shared screen speaks of buttons (PREV, NEXT, OK, a seat's button); a phone shows the
table and takes taps, so its sentence names what to tap, and it is always that seat's own:
another seat's instruction is never on it ("Ann is entering her row", not Ann's steps).
Built on the loop's thread from the public view and that seat's own private view only.
"""

from __future__ import annotations

from typing import Any

from coda_pi.i18n import _
from coda_pi.phones.actions import mastermind_actor
from coda_pi.referee.mastermind.views import MastermindScreen, MastermindStep
from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView
from coda_pi.referee.shared.views import (
    DealView,
    FinalView,
    RoundEndView,
    SetupView,
    TurnStep,
    TurnView,
)
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.panel_entry import Stage


def seat_sentence(public: Any, seat: int, private: Any, actions: dict[str, Any]) -> str:
    """What seat ``seat`` does now, or what it waits for, in one sentence."""
    say = nouns(getattr(public, "labels", "panels"))
    screen = public.screen
    if getattr(public, "overlay", None) is not None:
        return _("The table is using the device's menu: wait a moment")
    if isinstance(screen, SetupView):
        return _("The table is setting up the game on the device")
    if isinstance(screen, MastermindScreen):
        return _mastermind(screen, seat, private)
    if isinstance(screen, EntryWaitView):
        return _entry(screen, seat, private, actions, say)
    if isinstance(screen, DealView):
        if screen.seat != seat:
            return _("{name} is looking at their starting row").format(name=screen.name)
        if private is not None and any(p.label == "?" for p in getattr(private, "row", ())):
            return say(_("Choose the colours of your starting {panels} with the arrows, "
                         "then tap Done"))
        return say(_("Take these {panels} from {the_box}, stand them in this order, then "
                     "tap Done"))
    if isinstance(screen, TurnView):
        table = getattr(public, "table", None)
        names = {s.seat: s.name for s in table.seats} if table is not None else {}
        return _turn(screen, seat, say, names)
    if isinstance(screen, RoundEndView):
        return _("{name} wins round {number}: the table goes on at the device").format(
            name=screen.winner_name, number=screen.round_number)
    if isinstance(screen, FinalView):
        return _("The game is over: the standings are on the device")
    return _("Look at the device: the table goes on there")


def _entry(screen: EntryWaitView, seat: int, private: Any, actions: dict[str, Any],
           say: Any) -> str:
    if screen.looking:
        # A contested panel looked at again (issue 31): which one is public, its number not.
        if screen.seat != seat:
            return _("{name}: {what}").format(name=screen.name, what=screen.what)
        return say(_("Look at that {panel} again and tap its real number"))
    if screen.seat != seat:
        if screen.dark is None:
            return _("{name} is entering their starting row").format(name=screen.name)
        return say(_("{name} is entering the {panel} they drew"), name=screen.name)
    if actions.get("confirm"):
        return _("Check your row, then tap “That is my row”")
    if isinstance(private, EntryPrivateView) and private.stage is Stage.REVIEW:
        return _("Check your row, then tap “That is my row”")
    if screen.dark is None:
        return say(_("Stand up {count} {panels}, then tap each one here, left to right"),
                   count=screen.hand)
    colour = _("dark") if screen.dark else _("light")
    return say(_("Tap the number of the {colour} {panel} you drew"), colour=colour)


def _turn(screen: TurnView, seat: int, say: Any, names: dict[int, str]) -> str:
    if screen.seat != seat:
        if screen.knock_down == seat:
            return say(_("Lay your guessed {panel} down, face up"))
        if screen.target == seat:
            return say(_("{name} is guessing one of your {panels}"), name=screen.name)
        return _("{name}'s turn").format(name=screen.name)
    step = screen.step
    if step is TurnStep.CHOOSE_COLOR:
        return say(_("Your turn: tap a colour to draw a {panel}"))
    if step in (TurnStep.TARGET, TurnStep.SLOT):
        return say(_("Tap a standing {panel} of an opponent to guess it"))
    if step is TurnStep.VALUE and screen.target is not None and screen.slot is not None:
        return say(_("Which number is {name}'s {panel} {number}? Tap it"),
                   name=names.get(screen.target, ""), number=screen.slot + 1)
    if step is TurnStep.CONTINUE:
        return say(_("Right! Tap another {panel} to guess again, or tap Stop"))
    if step is TurnStep.CLAIM_HIDDEN:
        return say(_("Tap the gap in your row where your drawn {panel} goes"))
    if step is TurnStep.CLAIM_FACE_UP:
        return say(_("Missed: tap the gap where your drawn {panel} goes, face up"))
    if step is TurnStep.REVEAL_OWN:
        return say(_("Missed: tap one of your {panels} to lay it down"))
    return say(_("Tap the number you think the {panel} is"))


def _mastermind(screen: MastermindScreen, seat: int, private: Any) -> str:
    actor = mastermind_actor(screen)
    name = screen.names[actor] if actor is not None and actor < len(screen.names) else ""
    if actor != seat:
        if screen.step is MastermindStep.SET_CODE:
            return _("{name} is setting the secret code: look away").format(name=name)
        if screen.step is MastermindStep.GUESS:
            return _("{name} is placing a row").format(name=name)
        if screen.step is MastermindStep.KEYS:
            return _("{name} is placing the key pegs").format(name=name)
        return _("Look at the device: the table goes on there")
    if screen.step is MastermindStep.SET_CODE:
        return _("Tap the colours of your secret code, left to right")
    if screen.step is MastermindStep.GUESS:
        return _("Place a row on the board, then tap its colours here, left to right")
    return _("Place the key pegs, then tap how many are black and how many white")

"""What the shared screen says where a seat plays on its phone, so that the device and
every phone agree at every moment.

The referee's footers speak to a hand on the buttons ("... then hold seat button 2"); a
seat that has a phone does that step on the phone, so the shared screen says so instead
("Ben: enter them on your phone"). And while a phone asks for a seat, the footer says the
very question or notice the header's banner says, where the setup's footer would still say
"Press OK to start" (the header then keeps the phones' address: ``ui/screens.py``).
Built from public facts only: which seats hold a phone is public (pairing is done in view
of the table).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from coda_pi.i18n import _
from coda_pi.phones.actions import mastermind_actor
from coda_pi.referee.mastermind.views import MastermindScreen, MastermindStep
from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.seat_screens import PhonesView
from coda_pi.referee.shared.views import DealView, SetupView, TurnView
from coda_pi.referee.shared.wording import nouns


def shared_view(view: Any, paired: frozenset[int], notice: str | None) -> Any:
    """``view`` as the shared screen draws it: the footer of a step that a seat with a
    phone takes on its phone says so; a pairing ``notice`` (the bridge's last banner) is
    the setup's footer too while its banner is up."""
    screen = getattr(view, "screen", None)
    prompt = _phone_prompt(view, screen, paired)
    banner = getattr(view, "banner", None)
    told = notice is not None and banner is not None and banner.text == notice
    overlay = getattr(view, "overlay", None)
    if told and isinstance(overlay, PhonesView) and overlay.keys != notice:
        # The Phones page hides the banner: its footer says the pairing's sentence (the
        # question above all), as the setup's does.
        return dataclasses.replace(view, overlay=dataclasses.replace(overlay, keys=notice))
    if isinstance(screen, SetupView) and told:
        prompt = notice
    if prompt is None or prompt == getattr(screen, "prompt", None):
        return view
    return dataclasses.replace(view, screen=dataclasses.replace(screen, prompt=prompt))


def _phone_prompt(view: Any, screen: Any, paired: frozenset[int]) -> str | None:
    """The footer for a step the seat takes on its phone; None: the referee's own."""
    if getattr(view, "overlay", None) is not None:
        return None  # the menu and its questions are the table's, on the buttons
    say = nouns(getattr(view, "labels", "panels"))
    if isinstance(screen, EntryWaitView) and screen.seat in paired:
        if screen.dark is None:
            return say(_("{name}: stand up {count} {panels}, then enter them on your phone"),
                       name=screen.name, count=screen.hand)
        return say(_("{name}: enter the {panel} you drew on your phone"), name=screen.name)
    if isinstance(screen, DealView) and screen.seat in paired:
        return _("{name}: your starting row is on your phone").format(name=screen.name)
    if isinstance(screen, TurnView) and screen.seat in paired:
        return _("{name} plays this turn on their phone").format(name=screen.name)
    if isinstance(screen, MastermindScreen):
        actor = mastermind_actor(screen)
        if actor is None or actor not in paired or actor >= len(screen.names):
            return None
        name = screen.names[actor]
        if screen.step is MastermindStep.SET_CODE:
            return _("{name}: set the code on your phone; the others look away").format(
                name=name)
        if screen.step is MastermindStep.GUESS:
            return _("{name}: place your row, then tap it on your phone").format(name=name)
        return _("{name}: place the key pegs, then count them on your phone").format(
            name=name)
    return None

"""A seat's own screen (its phone) asks the referee "the private view of seat N now" by a
public method, ``private_view_of``: the same view the shared screen shows while exactly that
seat's button is held, whatever is held really, and nothing held changes by asking.
coda_pi/phones reaches no private member of the referee."""

from __future__ import annotations

import random
import re
from pathlib import Path

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import DealView, PrivatePurpose
from coda_pi.sim.testing import FakeClock, MemoryRecord

PHONES = Path(__file__).resolve().parent.parent / "coda_pi" / "phones"


def _dealing() -> Referee:
    referee = Referee(clock=FakeClock(), rng=random.Random(3), record=MemoryRecord(),
                      setup=SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1,
                                          pool="device", timer=False))
    referee.handle(Press(Button.OK))  # the setup opens on Start
    referee.handle(Release(Button.OK))
    assert isinstance(referee.view().screen, DealView)
    return referee


def test_the_private_view_of_a_seat_is_what_its_held_button_shows() -> None:
    referee = _dealing()
    dealt = referee.view().screen.seat
    assert referee.private_view() is None  # nothing held: nothing private on screen
    asked = referee.private_view_of(dealt)
    assert asked is not None and asked.seat == dealt and asked.purpose is PrivatePurpose.DEAL
    assert all(p.label is not None for p in asked.row)  # its own numbers
    assert referee.private_view() is None and not referee.is_held(Button.for_seat(dealt))
    referee.handle(Press(Button.for_seat(dealt)))
    assert referee.private_view() == asked  # the button shows the same
    referee.handle(Release(Button.for_seat(dealt)))


def test_another_seat_held_does_not_change_the_answer_nor_is_it_let_go() -> None:
    referee = _dealing()
    dealt = referee.view().screen.seat
    other = 1 - dealt
    referee.handle(Press(Button.for_seat(other)))
    assert referee.private_view_of(other) is None  # not that seat's turn to see anything
    assert referee.private_view_of(dealt) is not None
    assert referee.is_held(Button.for_seat(other))
    assert not referee.is_held(Button.for_seat(dealt))


def test_the_phones_reach_no_private_member_of_the_referee() -> None:
    poked = [f"{path.name}: {match.group(0)}"
             for path in PHONES.glob("*.py")
             for match in re.finditer(r"\b(?:referee|inner\([^)]*\))\._\w+",
                                      path.read_text(encoding="utf-8"))]
    poked += [f"{path.name}: _held" for path in PHONES.glob("*.py")
              if "._held" in path.read_text(encoding="utf-8")]
    assert poked == []

"""A phone's presses are made apart from the buttons held on the device
(``BaseReferee.phone_presses``): a key still down there neither swallows the phone's press
nor is let go by the phone's release, and a BACK hold under way goes on after the tap."""

from __future__ import annotations

import random

from coda_pi.phones.actions import seat_held, tap
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import ConfirmView, DealView
from coda_pi.sim.testing import FakeClock, MemoryRecord


def _dealing(clock: FakeClock, *, release_start: bool) -> Referee:
    referee = Referee(clock=clock, rng=random.Random(3), record=MemoryRecord(),
                      setup=SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1,
                                          pool="device", timer=False))
    referee.handle(Press(Button.OK))  # Start
    if release_start:
        referee.handle(Release(Button.OK))
    assert isinstance(referee.view().screen, DealView)
    return referee


def _face_down(referee: Referee, seat: int) -> bool:
    view = referee.private_view_of(seat)
    return view is not None and {p.label for p in view.row} == {"?"}


def test_a_phone_s_ok_counts_while_the_device_s_ok_is_still_down() -> None:
    referee = _dealing(FakeClock(), release_start=False)  # Start's key not up yet
    seat = referee.view().screen.seat
    assert _face_down(referee, seat)
    with referee.phone_presses(), seat_held(referee, seat):
        tap(referee, Button.OK)  # any mix: the row is dealt
    assert not _face_down(referee, seat)
    assert referee.is_held(Button.OK)  # the device's key is still down...
    dealt = referee.private_view_of(seat)
    referee.handle(Release(Button.OK))  # ...and its release, read late, changes nothing
    assert referee.private_view_of(seat) == dealt and not referee.is_held(Button.OK)


def test_without_it_the_held_key_swallows_the_phone_s_ok() -> None:
    """What the VM check met: the same presses, not kept apart, do nothing."""
    referee = _dealing(FakeClock(), release_start=False)
    seat = referee.view().screen.seat
    with seat_held(referee, seat):
        tap(referee, Button.OK)
    assert _face_down(referee, seat)


def test_a_back_hold_on_the_device_goes_on_through_a_phone_s_tap() -> None:
    clock = FakeClock()
    referee = _dealing(clock, release_start=True)
    seat = referee.view().screen.seat
    with referee.phone_presses(), seat_held(referee, seat):
        tap(referee, Button.OK)  # a row dealt, so there is something to undo later
        tap(referee, Button.OK)
    referee.handle(Press(Button.BACK))  # held on the device, for an undo
    clock.advance(1.0)
    with referee.phone_presses():  # a phone's BACK meanwhile: a short one of its own
        tap(referee, Button.BACK)
    assert referee.is_held(Button.BACK)
    clock.advance(1.1)  # two seconds since the device's press
    referee.tick()
    assert isinstance(referee.view().overlay, ConfirmView)  # the undo is asked

"""The pairing's own limits, on a fake clock (coda_pi/phones/pairing.py): no request ever
pushes out another, no code is given twice in its window, an address asks only so often."""

from __future__ import annotations

import pytest

from coda_pi.phones.pairing import (
    ASK_WINDOW,
    ASKS_PER_ADDRESS,
    CODE_WINDOW,
    MAX_WAITING,
    REQUEST_SECONDS,
    Pairings,
    Refused,
)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_full_waiting_room_refuses_the_newcomer_and_keeps_the_owner() -> None:
    clock = Clock()
    pairings = Pairings(clock=clock)
    owner = pairings.request(1, "owner")
    for n in range(MAX_WAITING - 1):
        pairings.request(n % 4, f"stranger-{n}")
    with pytest.raises(Refused):
        pairings.request(1, "stranger-late")
    assert owner in pairings.waiting()
    assert pairings.complete(owner.rid) and pairings.paired() == {1}
    clock.now += REQUEST_SECONDS + 1  # the strangers' requests run out: room again
    assert pairings.request(2, "newcomer").seat == 2


def test_codes_are_never_given_twice_within_their_window() -> None:
    clock = Clock()
    pairings = Pairings(clock=clock)
    codes = []
    for n in range(4000):  # each from an address of its own, each dropped at once
        clock.now += 0.1
        req = pairings.request(0, f"a{n}")
        codes.append(req.code)
        pairings.drop(0)
    assert len(set(codes)) == len(codes) and all(len(c) == 4 for c in codes)
    clock.now += CODE_WINDOW + 1  # the window has passed: codes come round again
    assert pairings.request(0, "later").code


def test_too_many_codes_in_the_window_are_refused_not_repeated() -> None:
    clock = Clock()
    pairings = Pairings(clock=clock)
    given = set()
    with pytest.raises(Refused):
        for n in range(10_000):
            given.add(pairings.request(0, f"a{n}").code)
            pairings.drop(0)
    assert len(given) == 4500


def test_an_address_asks_so_often_a_minute_and_keeps_two_waiting() -> None:
    clock = Clock()
    pairings = Pairings(clock=clock)
    pairings.request(0, "x")
    pairings.request(1, "x")
    with pytest.raises(Refused):
        pairings.request(2, "x")  # two of its own wait already
    pairings.drop(0)
    pairings.drop(1)
    for _ in range(ASKS_PER_ADDRESS - 3):  # a refused ask counts too
        pairings.request(0, "x")
        pairings.drop(0)
    with pytest.raises(Refused):
        pairings.request(0, "x")  # asked too often this minute
    clock.now += ASK_WINDOW + 1
    assert pairings.request(0, "x").seat == 0

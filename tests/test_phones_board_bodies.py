"""The seat board's taps (issue 32: attack a panel, place, reveal, a peg's colour, the key
pegs) are checked at the boundary like every other body (issue 30, item 5): each is in
bodies.SCHEMAS with tight types and ranges, and anything odd in one of their fields is a
400 with a reason, never an intent for the loop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from phones_device import pair, running_device

from coda_pi.phones.bodies import BadBody, checked
from coda_pi.rules.mastermind import COLOURS, MAX_PEGS

GOOD = [
    {"kind": "attack", "target": 1, "slot": 0},
    {"kind": "attack", "target": 7, "slot": 31},
    {"kind": "place", "slot": 0},
    {"kind": "place", "slot": 12},
    {"kind": "reveal", "slot": 3},
    *({"kind": "peg", "value": letter} for letter in COLOURS + "."),
    {"kind": "keys", "black": 4, "white": 0},
    {"kind": "keys", "black": 0, "white": MAX_PEGS},
]
"""Every shape the board's page sends (coda_pi/phones/static/page.js)."""

ODD = [
    # attack: a seat and a place, both small whole numbers, nothing else
    {"kind": "attack", "target": 1},
    {"kind": "attack", "slot": 2},
    {"kind": "attack", "target": 8, "slot": 0},
    {"kind": "attack", "target": -1, "slot": 0},
    {"kind": "attack", "target": 1, "slot": 32},
    {"kind": "attack", "target": 1, "slot": -1},
    {"kind": "attack", "target": 1, "slot": "2"},
    {"kind": "attack", "target": True, "slot": 0},
    {"kind": "attack", "target": 1, "slot": 0, "value": "5"},
    # place and reveal: one place in the own row
    {"kind": "place"},
    {"kind": "place", "slot": 64},
    {"kind": "place", "slot": False},
    {"kind": "place", "slot": None},
    {"kind": "reveal", "slot": [1]},
    {"kind": "reveal", "slot": 2, "target": 1},
    # peg: one letter of the palette, nothing longer, no other letter
    {"kind": "peg", "value": "Z"},
    {"kind": "peg", "value": "r"},
    {"kind": "peg", "value": "RG"},
    {"kind": "peg", "value": ""},
    {"kind": "peg", "value": 1},
    {"kind": "peg"},
    # keys: two counts from 0 to the most holes a code has
    {"kind": "keys", "black": MAX_PEGS + 1, "white": 0},
    {"kind": "keys", "black": -1, "white": 0},
    {"kind": "keys", "black": 1, "white": "2"},
    {"kind": "keys", "black": 1},
    {"kind": "keys", "black": True, "white": 0},
    {"kind": "keys", "black": 1, "white": 0, "slot": 1},
]


@pytest.mark.parametrize("body", GOOD, ids=lambda b: json.dumps(b))
def test_every_tap_the_board_sends_fits_the_schema(body: dict[str, object]) -> None:
    assert checked("/api/tap", json.dumps(body).encode()) == body


@pytest.mark.parametrize("body", ODD, ids=lambda b: json.dumps(b))
def test_an_odd_value_in_a_board_tap_is_refused(body: dict[str, object]) -> None:
    with pytest.raises(BadBody):
        checked("/api/tap", json.dumps(body).encode())


@pytest.mark.parametrize("raw", [b'{"kind": "attack", "target": 1, "slot": 1.5}',
                                 b'{"kind": "keys", "black": 1e400, "white": 0}',
                                 b'{"kind": "place", "slot": NaN}'])
def test_a_board_tap_s_number_that_is_not_whole_is_refused_before_parsing(raw: bytes) -> None:
    with pytest.raises(BadBody, match="whole"):
        checked("/api/tap", raw)


def test_the_server_answers_an_odd_board_tap_400_and_the_game_sees_nothing(
        tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        owner = device.phone()
        pair(device, owner, 0)
        device.settled()
        taken = device.phones.bridge.taken
        for body in ODD:
            status, got = owner.request("POST", "/api/tap", body)
            assert status == 400 and "error" in got, (body, status, got)
        device.settled()
        assert device.phones.bridge.taken == taken  # not one reached the loop
        # A well-formed board tap still reaches the loop, which answers it: at the setup
        # there is no gap to place a panel in, so it is refused (409), not "done".
        assert owner.tap(kind="place", slot=0) == 409
        assert device.phones.bridge.taken == taken + 1

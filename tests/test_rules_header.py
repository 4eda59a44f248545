"""The record's header: defaults, the `hand` override, and a named refusal for each bad key."""

from __future__ import annotations

from typing import Any

import pytest
from test_rules_lines import ANN_BEN, ANN_BEN_CY, FOUR, header, record_bytes

from coda_pi.replay import replay_bytes
from coda_pi.rules.coda import CodaSettings
from coda_pi.rules.errors import RuleError


def refused(head: dict[str, Any]) -> str:
    with pytest.raises(RuleError) as caught:
        CodaSettings.from_dict(head)
    return caught.value.message


@pytest.mark.parametrize(("head", "hand"), [(ANN_BEN, 4), (ANN_BEN_CY, 4), (FOUR, 3)])
def test_hands_are_four_panels_or_three_with_four_players(head: dict[str, Any], hand: int) -> None:
    settings = CodaSettings.from_dict(head)
    assert settings.hand == hand
    assert (settings.dashes, settings.rounds, settings.bonus) == (False, 1, "hidden")


def test_the_hand_override_wins_over_the_default() -> None:
    assert CodaSettings.from_dict(header(FOUR, hand=4)).hand == 4
    assert CodaSettings.from_dict(header(ANN_BEN, hand=3)).hand == 3
    # the whole box may be dealt: 2 x 12 numbered panels, 2 x 13 with the dashes
    assert CodaSettings.from_dict(header(ANN_BEN, hand=12)).hand == 12
    assert CodaSettings.from_dict(header(ANN_BEN, hand=13, dashes=True)).hand == 13


def test_keys_the_spec_does_not_name_are_ignored() -> None:
    settings = CodaSettings.from_dict(header(t="2026-11-22T03:00:00Z", table="kitchen"))
    assert settings.players == ("Ann", "Ben")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "chess"}, "this is not a Coda record (game is 'chess')"),
        ({"version": 2}, "this record is from a newer coda-pi (record version 2)"),
        ({"version": "1"}, "'version' must be a whole number, not '1'"),
        ({"version": 0}, "'version' must be a whole number, not 0"),
        ({"version": True}, "'version' must be a whole number, not True"),
        ({"players": ["Ann"]}, "'players' must list 2 to 4 names"),
        ({"players": ["A", "B", "C", "D", "E"]}, "'players' must list 2 to 4 names"),
        ({"players": "Ann, Ben"}, "'players' must list 2 to 4 names"),
        ({"players": ["Ann", 7]}, "'players' must list 2 to 4 names"),
        ({"players": ["Ann", "  "]}, "'players' must list 2 to 4 names"),
        ({"players": ["Ann", "Ann"]}, "two players have the same name"),
        ({"dashes": "yes"}, "'dashes' must be true or false, not 'yes'"),
        ({"dashes": 1}, "'dashes' must be true or false, not 1"),
        ({"rounds": 0}, "'rounds' must be a whole number of at least 1, not 0"),
        ({"rounds": "3"}, "'rounds' must be a whole number of at least 1, not '3'"),
        ({"rounds": 2.5}, "'rounds' must be a whole number of at least 1, not 2.5"),
        ({"hand": 0}, "'hand' must be a whole number of at least 1, not 0"),
        ({"hand": False}, "'hand' must be a whole number of at least 1, not False"),
        ({"hand": 13}, "2 hands of 13 need more than the 24 panels"),
        ({"hand": 14, "dashes": True}, "2 hands of 14 need more than the 26 panels"),
        ({"bonus": "visible"}, "'bonus' must be \"hidden\" or \"all\", not 'visible'"),
    ],
)
def test_each_bad_key_is_named(changes: dict[str, Any], message: str) -> None:
    assert refused(header(**changes)) == message


def test_a_header_without_players_is_refused() -> None:
    assert refused({"game": "coda"}) == "'players' must list 2 to 4 names"


def test_four_hands_of_seven_do_not_fit_in_the_box() -> None:
    assert refused(header(FOUR, hand=7)) == "4 hands of 7 need more than the 24 panels"
    assert CodaSettings.from_dict(header(FOUR, hand=6)).hand == 6


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ({"game": "chess", "players": ["Ann", "Ben"]}, "coda-pi does not know the game 'chess'"),
        ({"players": ["Ann", "Ben"]}, "the first line must be the header naming the game"),
        ({"event": "round"}, "the first line must be the header naming the game"),
        (["coda"], "the first line must be the header naming the game"),
        (header(version=3), "this record is from a newer coda-pi (record version 3)"),
        (header(players=["Ann"]), "'players' must list 2 to 4 names"),
    ],
)
def test_a_bad_header_stops_the_replay_at_line_one(first: Any, message: str) -> None:
    replay = replay_bytes(record_bytes(first, {"event": "round"}))
    assert replay.summary()["error"] == {"line": 1, "message": message}
    assert replay.exit_code == 2


def test_the_header_is_the_first_line_that_is_not_blank() -> None:
    replay = replay_bytes(b"\n   \n" + record_bytes(header(version=2)))
    assert replay.summary()["error"] == {
        "line": 3, "message": "this record is from a newer coda-pi (record version 2)"
    }


def test_settings_written_back_read_the_same() -> None:
    for head in (ANN_BEN, header(FOUR, dashes=True, rounds=3, hand=4, bonus="all")):
        settings = CodaSettings.from_dict(head)
        assert CodaSettings.from_dict(settings.to_dict()) == settings

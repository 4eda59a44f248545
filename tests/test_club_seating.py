"""The next round's seating, season ratings, the [club] config section, the broker set-up."""

from __future__ import annotations

import base64
import hashlib
from itertools import combinations

import pytest

from coda_pi.club.broker import acl_text, password_hash, write_setup
from coda_pi.club.ratings import season_ratings
from coda_pi.club.seating import History, Seating, propose, table_sizes
from coda_pi.config import ClubConfig, parse_config

NAMES = [f"P{i:02d}" for i in range(1, 34)]


@pytest.mark.parametrize(("players", "size", "tables", "sizes", "byes"), [
    (8, 4, None, [4, 4], 0),
    (10, 4, None, [4, 4, 2], 0),
    (11, 4, None, [4, 4, 3], 0),
    (9, 4, None, [4, 4], 1),
    (7, 3, None, [3, 4], 0),
    (33, 4, 8, [4] * 8, 1),
    (20, 4, 3, [4, 4, 4], 8),
    (1, 4, None, [], 1),
])
def test_table_sizes_are_2_to_4_and_the_rest_get_byes(players, size, tables, sizes, byes):
    assert table_sizes(players, size, tables) == (sizes, byes)


def test_the_first_tables_hold_the_best_standings():
    seating = propose(NAMES[:12])
    assert seating.tables == (tuple(NAMES[0:4]), tuple(NAMES[4:8]), tuple(NAMES[8:12]))


def test_the_bye_goes_to_the_lowest_standing_player_without_one():
    history = History(byes={"P09"})
    seating = propose(NAMES[:9], history)
    assert seating.byes == ("P08",)
    assert "P09" in seating.tables[-1]


def test_repeat_opponents_are_avoided_where_a_neighbouring_table_can_swap():
    history = History()
    for table in (NAMES[0:4], NAMES[4:8]):
        history.add_table(table)
    seating = propose(NAMES[:8], history)  # same standings order as last round
    repeats = sum(history.repeats(t) for t in seating.tables)
    assert repeats < 2 * 6  # unchanged tables would repeat all twelve pairs
    assert repeats == min(
        history.repeats(a) + history.repeats([n for n in NAMES[:8] if n not in a])
        for a in combinations(NAMES[:8], 4)
    )
    assert sorted(n for t in seating.tables for n in t) == sorted(NAMES[:8])


def test_an_override_is_read_from_the_editor_text_and_checked():
    s = Seating.from_text("1: Ann, Ben, Cy\n2: Dee, Eve\nbye: Fay\n")
    assert s.tables == (("Ann", "Ben", "Cy"), ("Dee", "Eve")) and s.byes == ("Fay",)
    assert Seating.from_text(s.to_text()) == s
    with pytest.raises(ValueError, match="seated twice"):
        Seating.from_text("1: Ann, Ben\n2: Ann, Cy")
    with pytest.raises(ValueError, match="seats 2 to 4"):
        Seating.from_text("1: Ann")
    with pytest.raises(ValueError, match="line 1"):
        Seating.from_text("Ann, Ben")


def test_season_ratings_put_the_steady_winner_first_and_count_games():
    games = [(["Ann", "Ben", "Cy"], [20, 5, 1])] * 3 + [(["Ben", "Cy"], [9, 3])]
    ratings = season_ratings(games)
    assert [r.name for r in ratings] == ["Ann", "Ben", "Cy"]
    assert {r.name: r.games for r in ratings} == {"Ann": 3, "Ben": 4, "Cy": 4}
    assert ratings[0].sigma < 25 / 3  # played: less uncertain than a newcomer


def test_the_club_section_of_the_config():
    text = '[club]\nhost = "hub.local"\nclub = "chess-cafe"\ntable = 7\npassword = "s"\n'
    config, problems = parse_config(text)
    assert problems == []
    assert config.club == ClubConfig("hub.local", 1883, "chess-cafe", 7, "", "s")
    config, problems = parse_config("[club]\nclub = \"a/b\"\n")
    assert config.club is None
    assert [p.key for p in problems] == ["club.host"]
    config, problems = parse_config('[club]\nhost = "h"\nclub = "a b"\ntable = 0\n')
    assert config.club == ClubConfig("h", 1883, "club", 1)
    assert {p.key for p in problems} == {"club.club", "club.table"}
    assert parse_config("")[0].club is None


def test_password_file_uses_mosquittos_own_hash_format():
    salt = b"0123456789ab"
    line = password_hash("secret", salt)
    _, seven, iterations, salt64, digest64 = line.split("$")
    assert (seven, iterations) == ("7", "101")
    assert base64.b64decode(salt64) == salt
    assert base64.b64decode(digest64) == hashlib.pbkdf2_hmac("sha512", b"secret", salt, 101, 64)


def test_broker_setup_keeps_passwords_when_run_again(tmp_path):
    first = write_setup(tmp_path, "cafe", 2)
    again = write_setup(tmp_path, "cafe", 3)
    assert again.passwords["table1"] == first.passwords["table1"]
    assert set(again.passwords) == {"hub", "table1", "table2", "table3"}
    assert (tmp_path / "passwd").read_text().count("$7$") == 4
    acl = acl_text("cafe", 2)
    anonymous = acl.split("\nuser ")[0].splitlines()  # the lines before any user's
    assert not [line for line in anonymous if line.startswith("topic")]
    # Each table writes exactly the topics it publishes (issue 30, item 7): no wildcard
    # under which it could keep any number of retained messages.
    table2 = acl.split("\nuser table2\n")[1].split("\n\n")[0].splitlines()
    assert table2 == [f"topic write coda/cafe/table/2/{leaf}"
                      for leaf in ("events", "record", "state", "status", "games")] + \
        ["topic read coda/cafe/table/2/resend", "topic read coda/cafe/seating"]
    assert "#" not in acl.split("\nuser table1\n")[1]

"""The last setup is remembered between games and restarts, and a bad file never hurts."""

from __future__ import annotations

import json

import pytest

from coda_pi import remembered
from coda_pi.referee.shared.setup import SetupDefaults


def test_what_was_saved_comes_back(tmp_path):
    chosen = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dee"), players=3, dashes=True,
                           rounds=3, first=2, labels="cards", game="coda")
    remembered.save(tmp_path, chosen, "es")
    setup, language = remembered.load(tmp_path, SetupDefaults(), "en")
    assert setup == chosen and language == "es"


def test_nothing_remembered_leaves_the_config_defaults(tmp_path):
    defaults = SetupDefaults(players=4)
    assert remembered.load(tmp_path, defaults, "en") == (defaults, "en")


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"players": 9}',
                                  '{"names": ["", "B", "C", "D"]}', '{"language": "fr"}',
                                  '{"dashes": "yes", "rounds": 2, "first_seconds": -5}',
                                  '{"first": 3, "players": 2}'])
def test_a_damaged_or_odd_file_falls_back_value_by_value(tmp_path, text):
    remembered.path_in(tmp_path).write_text(text)
    defaults = SetupDefaults(players=3, names=("Ann", "Ben", "Cleo", "Dee"))
    setup, language = remembered.load(tmp_path, defaults, "en")
    assert language == "en"
    assert setup.names == defaults.names
    assert 2 <= setup.players <= 4 and 0 <= setup.first < setup.players
    assert setup.rounds in (1, 3) and isinstance(setup.dashes, bool)


def test_good_values_survive_beside_bad_ones(tmp_path):
    remembered.path_in(tmp_path).write_text(json.dumps(
        {"players": 4, "rounds": 7, "names": ["Ann", "Ben", "Cleo", "Dee"], "language": "es"}))
    setup, language = remembered.load(tmp_path, SetupDefaults(), "en")
    assert setup.players == 4 and setup.rounds == 1
    assert setup.names == ("Ann", "Ben", "Cleo", "Dee") and language == "es"


def test_a_disk_that_refuses_is_not_an_error(tmp_path):
    # The data directory's path is taken by a file: no directory can be made there (even
    # for root, as on the device).
    blocked = tmp_path / "blocked"
    blocked.write_text("not a directory")
    remembered.save(blocked, SetupDefaults(players=3), "en")  # logged, not raised
    assert blocked.read_text() == "not a directory"
    assert remembered.load(blocked, SetupDefaults(), "en") == (SetupDefaults(), "en")


def test_saving_replaces_the_file_whole(tmp_path):
    remembered.save(tmp_path, SetupDefaults(players=2), "en")
    remembered.save(tmp_path, SetupDefaults(players=4), "es")
    data = json.loads(remembered.path_in(tmp_path).read_text())
    assert data["players"] == 4 and data["language"] == "es"
    assert [p.name for p in tmp_path.iterdir()] == [remembered.FILE_NAME]

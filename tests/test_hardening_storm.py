"""A seeded button storm in all three modes, with power cuts: after every step the screen's
game is the record's, every Mastermind row shown is stored, and no public view names a
hidden panel (issue 12). The large run is bench/bench_storm.py."""

from __future__ import annotations

import pytest

from tests.storm import MODES, storm


@pytest.mark.parametrize("mode", MODES)
def test_a_button_storm_with_power_cuts_never_parts_screen_and_record(tmp_path, mode):
    figures = storm(tmp_path, mode, seed=1, steps=700)
    assert figures.violations == [], figures.violations[:3]
    assert figures.power_cuts >= 1 and figures.presses > 400

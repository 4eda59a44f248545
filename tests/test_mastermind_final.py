"""Mastermind's final standings head their columns G1, G2… (games), not Coda's R1, R2….

The match is played by button presses; the headings are read from what the score table
actually draws (every text it blits), at each screen size.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import FinalView, PublicView, StandingView
from coda_pi.sim.testing import Table
from coda_pi.ui import scores
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.scene import Scene
from coda_pi.ui.screens import draw_scene
from tests.test_mastermind_device import _enter_row, _final, _set_code, _table


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _play_two_games() -> Table:
    table, _ = _table("scores", games=2)
    _set_code(table, 0, "RGBY")
    _enter_row(table, "RGBY")
    table.tap(Button.OK)
    _set_code(table, 1, "KKWW")
    _enter_row(table, "KWKW")
    _enter_row(table, "KKWW")
    table.tap(Button.OK)
    return table


def _texts_drawn(view: PublicView, size: tuple[int, int], monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = scores.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(scores, "blit_text", spy)
    draw_scene(pygame.Surface(size), Scene(view=view))
    monkeypatch.setattr(scores, "blit_text", real)
    return drawn


@pytest.mark.parametrize("size", SIZES)
def test_the_mastermind_final_standings_number_the_games(size, monkeypatch):
    table = _play_two_games()
    final = _final(table)
    assert [len(s.rounds) for s in final.standings] == [2, 2]
    drawn = _texts_drawn(table.referee.view(), size, monkeypatch)
    assert "G1" in drawn and "G2" in drawn and "total" in drawn
    assert not {"R1", "R2"} & set(drawn)


def test_coda_final_standings_still_number_the_rounds(monkeypatch):
    standings = (StandingView(1, 0, "Ann", 7, (3, 4)), StandingView(2, 1, "Ben", 2, (2, 0)))
    view = PublicView(screen=FinalView(standings=standings, winners=(0,), ended_early=False,
                                       prompt="Thanks for playing"), table=None)
    drawn = _texts_drawn(view, (480, 320), monkeypatch)
    assert "R1" in drawn and "R2" in drawn
    assert "G1" not in drawn

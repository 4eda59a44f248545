"""A one-game final (a tournament of one round) shows each player's points once: a column for
the round and a total with the same numbers says nothing twice (first evening, second list).
A tournament of several rounds keeps a column per round and the total."""

from __future__ import annotations

import pygame
import pytest

from coda_pi.i18n import LANGUAGES, _, in_language
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.samples import sample_scenes
from coda_pi.ui.screens import draw_scene
from coda_pi.ui.text import recording_text


def _texts(name: str, language: str, size: tuple[int, int]) -> tuple[list[str], dict]:
    pygame.font.init()
    with in_language(language):
        scene = sample_scenes()[name]
        with recording_text() as log:
            draw_scene(pygame.Surface(size), scene)
        words = {"round": _("R{number}").format(number=1), "total": _("total")}
    return [d.text for d in log], {**words, "standings": scene.view.screen.standings}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_one_game_final_shows_each_players_points_once(language, size) -> None:
    drawn, said = _texts("final-two-seats", language, size)
    assert said["round"] not in drawn, drawn  # no round column: the game is the total
    assert said["total"] in drawn, drawn
    for standing in said["standings"]:
        assert len(standing.rounds) == 1
        assert drawn.count(str(standing.total)) == 1, (standing, drawn)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_three_round_final_keeps_a_column_per_round_and_the_total(language) -> None:
    drawn, said = _texts("final", language, (480, 320))
    with in_language(language):
        columns = [_("R{number}").format(number=n) for n in (1, 2, 3)]
    assert all(c in drawn for c in columns) and said["total"] in drawn, drawn
    for standing in said["standings"]:
        assert str(standing.total) in drawn
        for points in standing.rounds:
            assert str(points) in drawn

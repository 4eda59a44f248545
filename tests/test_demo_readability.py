"""Every frame of whole demo games, as the device draws them, in English and in Spanish, at
every supported size: the readability floor holds for the real sentences, not only for the
samples (a long name, a long prompt, a crowded row all turn up in play)."""

from __future__ import annotations

from pathlib import Path

import pytest

from coda_pi.config import Config
from coda_pi.demo import run_demo
from coda_pi.i18n import LANGUAGES, in_language
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.text import cap_floor, recording_text


def _problems(log, height: int) -> set[str]:
    bad = set()
    for drawn in log:
        if drawn.cap < cap_floor(height, drawn.role):
            bad.add(f"too small: {drawn.text!r}")
        if drawn.overflows:
            bad.add(f"outside its box: {drawn.text!r}")
        if drawn.text.endswith("…"):
            bad.add(f"cut short: {drawn.text!r}")
    return bad


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_whole_demo_game_reads_at_every_size(tmp_path: Path, language: str, size, quit_pygame):
    with in_language(language), recording_text() as log:
        result = run_demo(Config(data_dir=tmp_path), headless=True, seed=3, players=3,
                          rounds=1, size=size, data_dir=tmp_path)
    assert result.finished
    assert len(log) > 5_000  # every frame of a whole game was measured
    assert not _problems(log, size[1])


@pytest.mark.parametrize("language", LANGUAGES)
def test_table_pool_play_reads_on_the_smallest_screen(tmp_path: Path, language: str,
                                                       quit_pygame):
    with in_language(language), recording_text() as log:
        result = run_demo(Config(data_dir=tmp_path), headless=True, seed=3, players=3,
                          rounds=1, size=(320, 240), data_dir=tmp_path, table_pool=True)
    assert result.finished
    assert not _problems(log, 240)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(320, 240), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_entered_pool_play_reads_on_the_small_screens(tmp_path: Path, language: str, size,
                                                      quit_pygame):
    """Every starting row and draw entered privately, four players with the dashes: the
    entry screens, their footers and the banners of play measured in every frame."""
    with in_language(language), recording_text() as log:
        result = run_demo(Config(data_dir=tmp_path), headless=True, seed=7, players=4,
                          rounds=1, size=size, data_dir=tmp_path, pool="entered", dashes=True)
    assert result.finished
    # The entry's own words were drawn, in the language asked for, not only the turns'.
    colour_keys = "PREV: oscura" if language == "es" else "PREV: dark"
    assert any(d.text.startswith(colour_keys) for d in log)
    assert not _problems(log, size[1])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_mastermind_game_made_void_then_replayed_reads_at_every_size(language, size):
    """The codemaker's private screen, a row, the key pegs, a wrong answer caught (the game
    void) and the replay: every frame measured."""
    import pygame

    from coda_pi.referee.shared.signals import Button
    from coda_pi.ui.scene import Scene
    from coda_pi.ui.screens import draw_scene
    from tests.test_mastermind_device import _enter_keys, _enter_row, _set_code, _table

    if not pygame.font.get_init():
        pygame.font.init()
    with in_language(language), recording_text() as log:
        table, _record = _table("audit", games=2)
        send = table.send

        def send_and_draw(intent) -> None:
            send(intent)
            referee = table.referee
            draw_scene(pygame.Surface(size), Scene(referee.view(), referee.private_view(),
                                                   referee.leds()))

        table.send = send_and_draw  # type: ignore[method-assign]
        _set_code(table, 0, "RGBY")
        _enter_row(table, "RGBW")
        _enter_keys(table, 3, 0)
        _enter_row(table, "BBGG")
        _enter_keys(table, 0, 1)  # wrong: the game is void
        table.tap(Button.OK)
    assert len(log) > 500
    assert not _problems(log, size[1])

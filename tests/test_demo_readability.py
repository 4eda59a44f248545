"""Every frame of whole demo games, as the device draws them, in English and in Spanish, at
every supported size: the readability floor holds for the real sentences, not only for the
samples (a long name, a long prompt, a crowded row all turn up in play).

Each game is played once per language and its distinct frames drawn at every size
(``demo_frames``); ``test_i18n_leaks`` reads the same Spanish frames for English sentences.
"""

from __future__ import annotations

import pytest
from demo_frames import drawn_texts

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
def test_a_whole_demo_game_reads_at_every_size(language: str, size, quit_pygame):
    log = drawn_texts(language, size, seed=3, players=3)
    assert len(log) > 5_000  # every frame of a whole game was measured
    assert not _problems(log, size[1])


@pytest.mark.parametrize("language", LANGUAGES)
def test_table_pool_play_reads_on_the_smallest_screen(language: str, quit_pygame):
    log = drawn_texts(language, (320, 240), seed=3, players=3, pool="table")
    assert len(log) > 2_000
    assert not _problems(log, 240)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(320, 240), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_entered_pool_play_reads_on_the_small_screens(language: str, size, quit_pygame):
    """Every starting row and draw entered privately, four players with the dashes: the
    entry screens, their footers and the banners of play measured in every frame."""
    log = drawn_texts(language, size, seed=7, players=4, pool="entered", dashes=True)
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

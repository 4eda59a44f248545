"""The screen's fonts: opened from the default font's bytes kept in memory (cheaper than
pygame's ``Font(None, size)``), they must draw exactly what ``Font(None, size)`` draws."""

from __future__ import annotations

import gc
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from coda_pi.ui import text

SAMPLES = ("Whom to attack?", "Ann: hold your button ñ…", "D5 L- 11", "¿Quién?  OK: sí")


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("sizes", [range(6, 80), range(80, 320, 7)],
                         ids=["every small size", "large sizes"])
def test_every_size_measures_and_draws_as_pygames_default_font(sizes: range) -> None:
    for size in sizes:
        ours = text.font(size)
        gc.collect()  # the bytes it was opened from must outlive any temporary
        theirs = pygame.font.Font(None, size)
        assert ours.get_linesize() == theirs.get_linesize(), size
        assert ours.get_ascent() == theirs.get_ascent(), size
        for sample in SAMPLES:
            assert ours.size(sample) == theirs.size(sample), (size, sample)
            assert ours.metrics(sample) == theirs.metrics(sample), (size, sample)
            assert _pixels(ours.render(sample, True, (230, 120, 40))) == \
                _pixels(theirs.render(sample, True, (230, 120, 40))), (size, sample)


def test_a_font_after_pygame_started_again_draws_the_same() -> None:
    before = _pixels(text.font(31).render("Ben's panel 2", True, (255, 255, 255)))
    pygame.quit()  # every kept font is let go (using one after quit would crash)
    pygame.init()
    again = text.font(31)
    assert _pixels(again.render("Ben's panel 2", True, (255, 255, 255))) == before
    assert again.size("Ben's panel 2") == pygame.font.Font(None, 31).size("Ben's panel 2")

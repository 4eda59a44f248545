"""The PNG files tools/render-screens writes show every screen exactly as it was drawn."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from coda_pi.ui.png import save_png
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.samples import sample_scenes
from coda_pi.ui.screens import draw_scene


@pytest.mark.parametrize("size", SIZES)
def test_a_screen_written_to_png_reads_back_pixel_for_pixel(tmp_path: Path, size) -> None:
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    draw_scene(surface, sample_scenes()["turn-drawn-private"])
    path = tmp_path / "screen.png"
    save_png(surface, path)
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    loaded = pygame.image.load(str(path))
    assert loaded.get_size() == size
    assert pygame.image.tobytes(loaded, "RGB") == pygame.image.tobytes(surface, "RGB")


def test_odd_sizes_and_every_colour_survive(tmp_path: Path) -> None:
    # Widths whose rows are no multiple of 4 bytes, and colours a filter or a byte order
    # mistake would change.
    surface = pygame.Surface((7, 3))
    for x in range(7):
        for y in range(3):
            surface.set_at((x, y), (x * 37 % 256, y * 91 % 256, (x * y * 53 + 1) % 256))
    save_png(surface, tmp_path / "odd.png")
    loaded = pygame.image.load(str(tmp_path / "odd.png"))
    assert pygame.image.tobytes(loaded, "RGB") == pygame.image.tobytes(surface, "RGB")

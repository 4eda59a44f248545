"""Every key screen at every supported size, to PNG files (tools/render-screens, tests)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from coda_pi.i18n import LANGUAGES, in_language
from coda_pi.ui.png import save_png
from coda_pi.ui.samples import sample_scenes
from coda_pi.ui.screens import draw_scene

SIZES: tuple[tuple[int, int], ...] = ((320, 240), (480, 320), (800, 480))
"""The screens the device supports: the 2.8", 3.5" SPI screens and the 5"/7" HDMI/DSI ones."""


def render_samples(out: Path, sizes: Sequence[tuple[int, int]] = SIZES,
                   languages: Sequence[str] = LANGUAGES) -> list[Path]:
    """Draw each sample scene at each size in each language into ``out/<lang>/``; returns
    the files written."""
    # Fonts only: pygame.init() would also open the sound device, for nothing.
    if not pygame.font.get_init():
        pygame.font.init()
    written = []
    for language in languages:
        folder = out / language
        folder.mkdir(parents=True, exist_ok=True)
        with in_language(language):
            for name, scene in sample_scenes().items():
                for w, h in sizes:
                    surface = pygame.Surface((w, h))
                    draw_scene(surface, scene)
                    path = folder / f"{name}-{w}x{h}.png"
                    save_png(surface, path)
                    written.append(path)
    return written

"""The frames of whole demo games, for the tests that read them (readability, language leaks).

A game is played once per language and pool without drawing (``run_demo(draw=False)``: the
loop works out every frame's scene exactly as when it draws), and each distinct scene it
showed is then drawn, as the device draws a frame (``draw_scene``), at every size asked for.
The referee never knows the screen's size, so the scenes are the same at every size. Scenes
that differ only in the on-screen LED strip (a blinking LED's phase) draw the same texts, as
the strip has none, and scenes that differ only in the view's redraw counter (``version``,
which the drawing never reads) are the same frame: one of each is drawn. Both are kept for
the life of the test process: several tests read the same game's frames.
"""

from __future__ import annotations

import dataclasses
import tempfile
from functools import cache
from pathlib import Path

import pygame

from coda_pi.config import Config
from coda_pi.demo import run_demo
from coda_pi.i18n import in_language
from coda_pi.ui.scene import Scene
from coda_pi.ui.screens import draw_scene
from coda_pi.ui.text import DrawnText, recording_text


@cache
def demo_scenes(language: str, *, seed: int, players: int, pool: str = "device",
                dashes: bool | None = None) -> tuple[Scene, ...]:
    """Every distinct scene of a one-round demo game in ``language``, in the order first
    shown (the last one is the final standings)."""
    shown: dict[Scene, Scene] = {}

    def seen(scene: Scene, _surface: pygame.Surface) -> None:
        same = dataclasses.replace(scene, view=dataclasses.replace(scene.view, version=0),
                                   leds=(), blink_on=True)
        shown.setdefault(same, scene)

    with in_language(language), tempfile.TemporaryDirectory(prefix="coda-pi-frames-") as tmp:
        result = run_demo(Config(data_dir=Path(tmp)), headless=True, seed=seed,
                          players=players, rounds=1, data_dir=Path(tmp), pool=pool,
                          dashes=dashes, draw=False, on_frame=seen)
    assert result.finished, "the demo game did not reach its final standings"
    assert len(shown) > 100, "a whole game shows hundreds of screens"
    return tuple(shown.values())


@cache
def drawn_texts(language: str, size: tuple[int, int], *, seed: int, players: int,
                pool: str = "device", dashes: bool | None = None) -> tuple[DrawnText, ...]:
    """Every text drawn in the frames of ``demo_scenes`` at ``size``."""
    scenes = demo_scenes(language, seed=seed, players=players, pool=pool, dashes=dashes)
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    with in_language(language), recording_text() as log:
        for scene in scenes:
            draw_scene(surface, scene)
    return tuple(log)

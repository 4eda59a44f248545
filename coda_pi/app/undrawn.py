"""The device without its frames: for a headless run that needs only the record.

Drawing is most of what a headless demo costs (nine tenths of its CPU, measured): a run that
checks the record, the views or the screens it went through does not need the pixels. The
loop runs exactly as it does when drawing (the same scenes, the same blink deadlines, the
same frame count, ``on_frame`` told of each scene), only nothing is drawn on the canvas and
nothing is sent anywhere. The frames themselves are checked by the tests that look at them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from coda_pi.app.loop import Renderer
from coda_pi.ui.display import Display
from coda_pi.ui.scene import Scene


class UndrawnDisplay(Display):
    """No window: a one-pixel canvas that is never drawn on, and nothing sent from it."""

    @classmethod
    def make(cls) -> UndrawnDisplay:
        return cls(pygame.Surface((1, 1)))

    def prepare(self) -> None:
        pass

    def send(self) -> None:
        pass


class UndrawnRenderer:
    """Draws nothing; the frame's timing (what blinks, and when) is ``timing``'s, so the
    loop wakes at the same moments as when it draws."""

    def __init__(self, timing: Renderer) -> None:
        self._timing = timing

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        pass

    def time_key(self, scene: Scene) -> Hashable:
        return self._timing.time_key(scene)

    def idle(self, stop: Callable[[], bool]) -> bool:
        return False

    def next_blink(self, scene: Scene, now: float) -> float | None:
        return self._timing.next_blink(scene, now)

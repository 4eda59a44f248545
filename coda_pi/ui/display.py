"""Opening the screen: full screen on the Pi (SDL's kmsdrm, no desktop), a window elsewhere."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

import pygame

from coda_pi.ui.damage import Damage

DEFAULT_WINDOW = (800, 480)
"""The window's size on a desktop when nothing says otherwise: the 7-inch screen's."""


def has_desktop(env: dict[str, str] | None = None) -> bool:
    """True when a window system is there to put a window on."""
    e = os.environ if env is None else env
    if sys.platform != "linux":
        return True
    return bool(e.get("DISPLAY") or e.get("WAYLAND_DISPLAY"))


def parse_size(text: str) -> tuple[int, int]:
    """``"480x320"`` -> (480, 320); a ValueError with a readable message otherwise."""
    parts = text.lower().replace("*", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a size: write WIDTHxHEIGHT, like 480x320")
    w, h = (int(p) for p in parts)
    if w < 160 or h < 120:
        raise ValueError(f"{text!r} is too small: the smallest screen is 320x240")
    return w, h


@dataclass
class Display:
    """Where frames go. Screens are laid out on ``canvas`` upright; a screen mounted
    turned (``rotation`` 90/180/270 degrees clockwise) gets the canvas turned to match.

    Only the rectangles that changed since the last frame are sent to the screen
    (``Damage``): the guess timer's second is a few digits, not a whole frame over an SPI
    panel's bus. ``pixels_pushed`` counts what was sent."""

    screen: pygame.Surface
    rotation: int = 0
    canvas: pygame.Surface = field(init=False)
    damage: Damage = field(init=False, default_factory=Damage)
    _ready: list[pygame.Rect] | None = field(init=False, default=None)  # by ``prepare``

    def __post_init__(self) -> None:
        w, h = self.screen.get_size()
        if self.rotation in (90, 270):
            self.canvas = pygame.Surface((h, w))
        elif self.rotation == 180:
            self.canvas = pygame.Surface((w, h))
        else:
            self.canvas = self.screen

    @property
    def size(self) -> tuple[int, int]:
        """The size the screens are laid out for (upright)."""
        return self.canvas.get_size()

    @property
    def pixels_pushed(self) -> int:
        """Pixels sent to the screen so far."""
        return self.damage.pixels

    def forget(self) -> None:
        """The next frame is sent whole: what is on the screen is no longer known (a window
        uncovered)."""
        self.damage.forget()

    def keep_first_later(self) -> None:
        """The first frame's pixels (what the next compares with) are kept by
        ``keep_shown`` once it is shown, not while the start waits for it."""
        self.damage.keep_first_later()

    def keep_shown(self) -> None:
        """Keep the frame on the screen now, where ``keep_first_later`` left it unkept."""
        self.damage.keep(self.screen)

    def present(self) -> None:
        """Show the canvas: turned if need be, then what changed sent to the screen."""
        self.prepare()
        self.send()

    def prepare(self) -> None:
        """``present`` but for the sending: the canvas turned onto the screen's surface
        and what changed found, nothing shown yet (``send`` shows it). The loop prepares
        a frame while the card stores the press it shows (app/loop.py)."""
        if self.canvas is not self.screen:
            # pygame turns anticlockwise; undo a clockwise mounting by turning back.
            self.screen.blit(pygame.transform.rotate(self.canvas, self.rotation), (0, 0))
        rects = self.damage.changed(self.screen)
        # Prepared again before it was sent (drawn anew while the card stored the press):
        # the damage already counts the first frame as shown, so its rectangles go too.
        self._ready = rects if self._ready is None else self._ready + rects

    def send(self) -> None:
        """Shows the frame ``prepare`` made ready: what changed sent to the screen."""
        rects, self._ready = self._ready, None
        if rects:
            pygame.display.update(rects)


def open_display(
    size: tuple[int, int] | None,
    *,
    fullscreen: bool | None = None,
    rotation: int = 0,
    caption: str = "coda-pi",
) -> Display:
    """Open the screen. ``size`` is the upright layout size (None: the display's own size
    full screen, ``DEFAULT_WINDOW`` in a window); ``fullscreen`` None means full screen
    exactly when there is no desktop (the Pi's console, where SDL uses kmsdrm)."""
    if not pygame.display.get_init():
        pygame.display.init()
    full = (not has_desktop()) if fullscreen is None else fullscreen
    if size is None and not full:
        size = DEFAULT_WINDOW
    mode = (0, 0) if size is None else size
    if rotation in (90, 270) and size is not None:
        mode = (size[1], size[0])
    flags = pygame.FULLSCREEN if full else 0
    screen = pygame.display.set_mode(mode, flags)
    pygame.display.set_caption(caption)
    if full:
        # A table-side device has no mouse; a pointer in the middle of the screen is noise.
        pygame.mouse.set_visible(False)
    return Display(screen, rotation)

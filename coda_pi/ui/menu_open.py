"""A menu or question opening over the screen the device shows: that screen is taken from
the device's canvas, not drawn again.

BACK on a turn opens the menu: the frame a player waits for is the turn dimmed, the menu
over it, what to press and the LEDs. Drawn whole, it draws the turn again first (its
header, the table, the side column: the worst new screens' first frames in
``bench/bench_frames.py``), only to dim it. The canvas (ui/retained.py) already shows that
turn: the still part as it was, the timer, the choice and the LED strip over it. What
differs from the turn a whole frame draws under the veil is put right in place: the moving
parts' rooms are put back from what was kept under them, the timer and the choice drawn
again there from the view under the menu (the menu pauses the timer), the LED strip not
(a whole frame draws it over the menu). What to press is drawn within the footer the menu
clears (``chrome.draw_keys``). Then the veil, the cleared footer and the menu, as a frame
drawn whole: the same pixels (``tests/test_ui_menu_over_canvas.py``). While the menu stays
up (its cursor moves) the screen dimmed is kept (``kept.keep_layer``) and blitted here,
without the dispatch a frame drawn whole goes through first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pygame

from coda_pi.referee.shared.results import ResultsView
from coda_pi.ui.chrome import _overlay, _overlay_keys, draw_keys, under_key
from coda_pi.ui.kept import blit_layer
from coda_pi.ui.layout import Frame
from coda_pi.ui.retained import Retained
from coda_pi.ui.scene import Scene
from coda_pi.ui.still import choice_of, still_key

Part = tuple[pygame.Rect, object, Callable[[], None]]
"""A moving part as ui/screens.py draws it: its room, what it is drawn from, its drawing."""

PartsOf = Callable[[Scene, tuple[pygame.Rect, ...], tuple[pygame.Rect, ...]], Sequence[Part]]
"""The moving parts of a scene, given where its timer and its choice go."""


class _Unlike:
    """What the LED strip is drawn from, to ``Retained.changed``: never what it was, so its
    room is put back (a whole frame shows no lamps under the veil)."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


def under_scene(scene: Scene) -> Scene | None:
    """The screen under ``scene``'s menu or question, as a scene of its own; None when no
    menu is drawn over a public screen (none at all, a seat's private screen, the results'
    list, which draws no menu)."""
    view = scene.view
    if (scene.private is not None or getattr(view, "overlay", None) is None
            or isinstance(view.screen, ResultsView)):
        return None
    return replace(scene, view=replace(view, overlay=None))


def open_over_canvas(surface: pygame.Surface, bands: Frame, scene: Scene, retained: Retained,
                     parts_of: PartsOf, draw_part: Callable[[Part], None]) -> bool:
    """Draw ``scene``'s menu, up to its moving parts, over the screen dimmed when that is
    kept (``kept.keep_layer``: one blit, as a frame drawn whole does while the cursor
    moves), else over the screen ``surface`` shows when that is the screen under it;
    False (nothing drawn) otherwise."""
    under = under_scene(scene)
    if under is None:
        return False
    layer = under_key(scene.view, bands)
    overlay = scene.view.overlay
    if blit_layer(surface, layer):
        _overlay(surface, bands, overlay, bands.metrics, dimmed=True)
        draw_keys(surface, bands, _overlay_keys(overlay))
        return True
    if not retained.holds(surface, still_key(surface, under, choice_apart=True),
                          choice_of(under)):
        return False
    parts = parts_of(under, retained.timers, retained.choices)
    drawn = [_Unlike() if _is_strip(part) else part[1] for part in parts]
    again = retained.changed(drawn)
    retained.restore(surface, again)
    for index in again:
        if not _is_strip(parts[index]):
            draw_part(parts[index])
    _overlay(surface, bands, overlay, bands.metrics, keep=layer)
    draw_keys(surface, bands, _overlay_keys(overlay))
    return True


def _is_strip(part: Part) -> bool:
    drawn_from = part[1]
    return isinstance(drawn_from, tuple) and bool(drawn_from) and drawn_from[0] == "leds"

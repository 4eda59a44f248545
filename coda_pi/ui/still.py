"""The still part of a frame, kept whole while only the guess timer and the LED strip move.

Three frames in four of a game change nothing but the timer's digits or a blinking lamp on
the on-screen LED strip (a demo tournament at 480x320: 746 of its 1,013 frames). Such a
frame is drawn as one blit of the frame before without those (``blit_still``), then the
timer and the strip over it: the header, the table, the choice and what to press are not
worked out again. The pixels are the ones a frame drawn whole gives: the timer and the
strip are drawn last either way, each over what lies under it, and nothing else is drawn
over them (``tests/test_ui_kept.py`` compares every sample screen both ways).

The key (``still_key``) is everything the scene holds but the referee's version counter,
the LEDs' phase, and, on a turn, the timer's value (whether there is one stays in it: the
side column is laid out around it).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Hashable

import pygame

from coda_pi.i18n import language
from coda_pi.lazy_types import instance_of
from coda_pi.referee.shared.views import GAME_VIEWS
from coda_pi.ui.memo import Memo
from coda_pi.ui.scene import Scene
from coda_pi.ui.text import recording

_MOVING = frozenset({"version", "timer"})
"""A view's fields not in the key as they are: the counter, and the timer (see above)."""

_field_names: dict[type, tuple[str, ...]] = {}


def timer_moves(scene: Scene) -> bool:
    """Whether the timer is drawn apart, after the still part: a turn's public screen with
    a running timer, and no menu over it."""
    view = scene.view
    return (scene.private is None and getattr(view, "timer", None) is not None
            and getattr(view, "overlay", None) is None
            and instance_of(view.screen, GAME_VIEWS, "TurnView"))


_CHOICE = ("value_label", "color_dark", "attack_again")
"""A turn's fields that only its choice (the column beside the table) shows, outside the
long rows' layout: a press of PREV or NEXT on a guess, a colour or "attack again" changes
only them (ui/retained.py draws the choice apart)."""

_turn_fields: list[tuple[str, ...]] = []
"""A turn's fields but ``_CHOICE``, worked out at the first turn drawn: the turn's view is
not made for the first frame (coda_pi/referee/shared/game_views.py)."""


def turn_fields(turn: object) -> tuple[str, ...]:
    if not _turn_fields:
        _turn_fields.append(tuple(
            f.name for f in dataclasses.fields(turn) if f.name not in _CHOICE))  # type: ignore[arg-type]
    return _turn_fields[0]


def choice_moves(scene: Scene) -> bool:
    """Whether the choice may be drawn apart: a turn's public screen, no menu over it."""
    view = scene.view
    return (scene.private is None and getattr(view, "overlay", None) is None
            and instance_of(view.screen, GAME_VIEWS, "TurnView"))


def choice_of(scene: Scene) -> tuple[object, ...] | None:
    """The fields ``_CHOICE`` of the scene's turn (None: no turn on the screen)."""
    screen = scene.view.screen
    if not instance_of(screen, GAME_VIEWS, "TurnView"):
        return None
    return tuple(getattr(screen, name) for name in _CHOICE)


def still_key(surface: pygame.Surface, scene: Scene, *, choice_apart: bool = False
              ) -> Hashable | None:
    """What the still part of ``scene`` on ``surface`` is drawn from; None when it is not
    kept: a see-through surface (a blit would blend it) or the readability tests reading
    every text. Under a menu the timer stands still (dimmed, in the menu's own kept layer:
    ``kept.keep_layer``): only the LED strip moves. ``choice_apart``: a turn's choice is
    drawn apart too, its fields left out of the key (the caller compares them itself,
    ``choice_of``: in the long rows' layout they show outside the choice's column)."""
    view = scene.view
    if recording() or surface.get_flags() & pygame.SRCALPHA:
        return None
    kind = type(view)
    names = _field_names.get(kind)
    if names is None:
        names = _field_names[kind] = tuple(
            f.name for f in dataclasses.fields(view) if f.name not in _MOVING)
    timer = getattr(view, "timer", None)
    values = [getattr(view, name) for name in names]
    if choice_apart and choice_moves(scene):
        # The turn without its choice: what lies outside the choice's column.
        turn = view.screen
        values.append(("turn", tuple([getattr(turn, name) for name in turn_fields(turn)])))
        values[names.index("screen")] = None
    return (kind, tuple(values),
            timer is not None if timer_moves(scene) else timer,
            scene.private, scene.show_led_strip, language(), surface.get_size(),
            surface.get_bitsize(), surface.get_masks())


_still: Memo[tuple[pygame.Surface, tuple[pygame.Rect, ...]]] = Memo(2)


def blit_still(surface: pygame.Surface, key: Hashable) -> tuple[pygame.Rect, ...] | None:
    """Put the still part kept under ``key`` on ``surface``; where its timer goes (none:
    ``()``), or None when nothing is kept under ``key``."""
    try:
        kept = _still.get(key)
    except TypeError:  # a view holding something unhashable: drawn whole, never kept
        return None
    if kept is None:
        return None
    surface.blit(kept[0], (0, 0))
    return kept[1]


def keep_still(surface: pygame.Surface, key: Hashable, timers: tuple[pygame.Rect, ...]
               ) -> None:
    """Keep what ``surface`` shows now (the still part) under ``key``, and ``timers``: the
    rectangles the timer is drawn in over it."""
    # The image of the part about to be dropped is drawn over: a new whole-screen surface
    # costs four times the copy (fresh memory, page by page).
    out = _still.next_out()
    image = out[0] if out is not None else None
    if (image is None or image.get_size() != surface.get_size()
            or image.get_bitsize() != surface.get_bitsize()
            or image.get_masks() != surface.get_masks()):
        image = pygame.Surface(surface.get_size(), 0, surface)
    image.blit(surface, (0, 0))
    with contextlib.suppress(TypeError):  # a view holding something unhashable (above)
        _still.put(key, (image, timers))

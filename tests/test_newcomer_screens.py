"""The screens a newcomer met with rough edges (issue 24): the More menu's scroll arrows cover
no value."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from coda_pi.i18n import _, in_language
from coda_pi.referee.coda.setup_menu import SetupMenu
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import PublicView
from coda_pi.ui import draw, theme
from coda_pi.ui.scene import Scene
from coda_pi.ui.screens import draw_scene


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield


def _more_views(language: str) -> list[Scene]:
    """The More menu with its cursor on each line in turn, as the device draws it."""
    scenes = []
    with in_language(language):
        menu = SetupMenu(SetupDefaults(pool="entered"))
        while menu.view().items[menu.view().cursor].key != "More":
            menu.nav(Button.NEXT)
        menu.nav(Button.OK)
        for _line in menu.view().items:
            scenes.append(Scene(PublicView(screen=menu.view(), table=None,
                                           title=_("More choices"), leds=()), leds=()))
            menu.nav(Button.NEXT)
    return scenes


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(320, 240), (480, 320), (800, 480)])
def test_the_more_menus_scroll_arrows_cover_no_value(monkeypatch, size, language) -> None:
    def drawn(scene: Scene) -> pygame.Surface:
        surface = pygame.Surface(size)
        with in_language(language):
            draw_scene(surface, scene)
        return surface

    scenes = _more_views(language)
    with_arrows = [drawn(scene) for scene in scenes]
    monkeypatch.setattr(draw, "_arrow", lambda *args, **kwargs: None)
    arrows = 0
    for scene, shown in zip(scenes, with_arrows, strict=True):
        without = drawn(scene)
        background = without.get_at((size[0] - 1, size[1] // 2))  # the list's right edge
        # Every pixel an arrow drew was background before: no value nor label beneath it
        # (the highlight bar under the cursor is background too, for the line it is on).
        # Masks compare whole frames at once (pixel by pixel in Python took seconds).
        drew = _differing(shown, without)
        arrows += bool(drew.count())
        covered = drew.overlap_mask(_not_coloured(without, background, theme.CURSOR), (0, 0))
        assert not covered.count(), (scene.view.screen.cursor, _colours(without, covered))
    assert arrows == len(scenes), "the More menu scrolls: an arrow on every screen"


EXACT = (1, 1, 1, 255)  # pygame.mask.from_threshold: every colour channel equal


def _differing(one: pygame.Surface, other: pygame.Surface) -> pygame.mask.Mask:
    """The pixels where the two frames differ."""
    same = pygame.mask.from_threshold(one, (0, 0, 0), EXACT, othersurface=other)
    same.invert()
    return same


def _not_coloured(surface: pygame.Surface, *colours) -> pygame.mask.Mask:
    """The pixels of ``surface`` in none of ``colours``."""
    mask = pygame.mask.Mask(surface.get_size())
    for colour in colours:
        mask.draw(pygame.mask.from_threshold(surface, colour, EXACT), (0, 0))
    mask.invert()
    return mask


def _colours(surface: pygame.Surface, where: pygame.mask.Mask) -> set[tuple[int, ...]]:
    """The colours of ``surface`` under ``where``, for a failure's message."""
    return {tuple(surface.get_at(point)) for point in where.outline()[:50]}


@pytest.mark.parametrize("scene", ["deal", "tp-deal", "entry-deal", "turn-undone-deal"])
def test_a_seat_acting_is_named_alone_in_the_header(scene: str) -> None:
    """One pattern (issue 24): the acting seat's name as the title, and under it the news,
    else what the seat does; never "Deal: Ann" on one screen and "Ann" on the next."""
    from coda_pi.ui.samples import sample_scenes
    from coda_pi.ui.text import recording_text

    chosen = sample_scenes()[scene]
    seat = chosen.view.screen.seat
    name = chosen.view.screen.name
    surface = pygame.Surface((480, 320))
    with recording_text() as drawn:
        draw_scene(surface, chosen)
    texts = [d.text for d in drawn]
    assert name in texts, (seat, texts)
    assert not any(text.startswith(("Deal:", "Draw:")) for text in texts), texts

"""A menu's label column keeps clear of its values: in the setup's Names menu at 800x480,
"Seat 1" and "Ana Maria" nearly touched (evening 3), the font grown until the two fitted the
width with only two spaces between them. Measured on the pixels drawn, at every size, in
both languages."""

from __future__ import annotations

import pygame
import pytest

from coda_pi.i18n import in_language
from coda_pi.referee.coda.setup_menu import SetupMenu
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import PublicView
from coda_pi.ui import theme
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.scene import Scene
from coda_pi.ui.screens import draw_scene


def _names_menu(names: tuple[str, ...]) -> SetupMenu:
    menu = SetupMenu(SetupDefaults(names=names, players=len(names)))
    while menu.view().items[menu.view().cursor].key != "Names":
        menu.nav(Button.NEXT)
    menu.nav(Button.OK)
    return menu


def _ink(colour: tuple[int, ...]) -> bool:
    """Text, on the menu's background or on the cursor's bar."""
    return colour[:3] not in (theme.BACKGROUND, theme.CURSOR) and \
        max(abs(a - b) for a, b in zip(colour[:3], theme.BACKGROUND, strict=True)) > 40 and \
        max(abs(a - b) for a, b in zip(colour[:3], theme.CURSOR, strict=True)) > 40


def _text_lines(surface: pygame.Surface, right: int) -> list[tuple[int, list[int]]]:
    """Each line of text left of ``right``: its ink's height, and the columns it inks."""
    lines: list[tuple[int, list[int]]] = []
    run: list[int] = []
    cols: set[int] = set()
    for y in range(surface.get_height()):
        inked = [x for x in range(right) if _ink(tuple(surface.get_at((x, y))))]
        if inked:
            cols = set(inked) if not run else cols | set(inked)
            run.append(y)
        elif run:
            lines.append((len(run), sorted(cols)))
            run = []
    return lines


def _widest_gap(cols: list[int]) -> int:
    return max((b - a - 1 for a, b in zip(cols, cols[1:], strict=False)), default=0)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("names", [("Ana Maria", "Ben"), ("Ana Maria", "Konstantinos", "Li")])
def test_a_seat_s_label_and_its_name_stand_a_column_gap_apart(
        names: tuple[str, ...], width: int, height: int, language: str) -> None:
    pygame.font.init()
    with in_language(language):
        menu = _names_menu(names)
        surface = pygame.Surface((width, height))
        draw_scene(surface, Scene(PublicView(screen=menu.view(), table=None, title=menu.title)))
        seat = "Seat" if language == "en" else "Puesto"
    # The menu's column: left of the seats' name chips (ui/screens.py gives it 64%).
    lines = _text_lines(surface, int(width * 0.62))
    named = [(tall, cols) for tall, cols in lines if _widest_gap(cols) > 0]
    # Title, a line per seat, Back, the footer: at least the seats' lines hold two words.
    assert len(named) >= len(names), seat
    seat_lines = sorted(named, key=lambda line: -_widest_gap(line[1]))[:len(names)]
    for tall, cols in seat_lines:
        # A column gap: more than a capital's height (two spaces were about 0.7 of one).
        assert _widest_gap(cols) >= 1.2 * tall, (seat, _widest_gap(cols), tall)

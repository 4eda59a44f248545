"""The table-pool screens drawn at every supported size, from a live referee's views.

Set TABLE_POOL_PNG_DIR to keep the PNG files for a look."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from coda_pi.referee.pools.table.views import (
    ColourRowView,
    ContradictionView,
    JudgeView,
    NumberEntryView,
)
from coda_pi.referee.shared.review import ReviewView
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import FinalView, PrivatePurpose
from coda_pi.rules.tiles import Tile
from coda_pi.sim.table_pool_hands import HiddenTable
from coda_pi.sim.testing import Table
from coda_pi.ui import theme
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.scene import Scene
from coda_pi.ui.screens import draw_scene
from tests.test_table_pool_device import start

OK, NEXT = Button.OK, Button.NEXT


def _scene(table: Table, *, hold: int | None = None) -> Scene:
    referee = table.referee
    if hold is not None:
        table.press(table.seat(hold))
    scene = Scene(view=referee.view(), private=referee.private_view(), leds=referee.leds())
    if hold is not None:
        table.release(table.seat(hold))
    return scene


def table_pool_scenes() -> dict[str, Scene]:
    """One scene per table-pool screen, reached by button presses."""
    scenes: dict[str, Scene] = {}
    table, _ = start(3, training=True, timer=True)
    hidden = HiddenTable.from_rows(
        table, [["L4", "D6", "L8", "D11"], ["D0", "D1", "D2", "D3"], ["L0", "L2", "D7", "L9"]])
    table.tap(OK)
    table.tap(NEXT)
    table.tap(OK)
    scenes["tp-deal"] = _scene(table)
    table.tap(Button.BACK, 2)
    for seat in range(3):
        hidden.enter_row(seat)
    scenes["tp-draw"] = _scene(table)
    hidden.draw(tile=Tile.parse("D5"))
    assert hidden.guess(0, 1, 3, "3")
    hidden.aim(1, 0, "0")
    scenes["tp-judge"] = _scene(table)
    scenes["tp-hints"] = _scene(table, hold=0)
    hidden.answer(1, 0, "0", honest=False)
    scenes["tp-contradiction"] = _scene(table)
    table.tap(OK)
    assert not hidden.guess(0, 2, 0, "5")
    hidden.place_face_up(0, lambda: scenes.update({"tp-number": _scene(table)}))
    # Ben takes all of Cy's panels and stops; then Ann takes Ben's: Ann wins the round.
    hidden.draw(tile=Tile.parse("L1"))
    for slot in range(4):
        assert hidden.guess(1, 2, slot, hidden.rows[2][slot].tile.value)
    hidden.stop(1)
    hidden.draw(tile=Tile.parse("L3"))
    for slot in _hidden(table, 1):
        assert hidden.guess(0, 1, slot, hidden.rows[1][slot].tile.value)
    scenes["tp-bonus"] = _scene(table)
    hidden.show_bonus(0)
    table.tap(OK)
    scenes["tp-final"] = _scene(table)
    table.tap(NEXT)
    scenes["tp-review"] = _scene(table)
    return scenes


def _hidden(table: Table, seat: int) -> list[int]:
    view = table.referee.view()
    assert view.table is not None
    return [i for i, p in enumerate(view.table.seats[seat].row) if p.label is None]


@pytest.fixture(scope="module")
def scenes() -> dict[str, Scene]:
    pygame.font.init()
    return table_pool_scenes()


def test_the_scenes_are_the_table_pool_screens(scenes: dict[str, Scene]) -> None:
    kinds = {name: type(scene.view.screen) for name, scene in scenes.items()}
    assert kinds["tp-deal"] is ColourRowView
    assert kinds["tp-judge"] is JudgeView
    assert kinds["tp-contradiction"] is ContradictionView
    assert kinds["tp-number"] is NumberEntryView and kinds["tp-bonus"] is NumberEntryView
    assert kinds["tp-final"] is FinalView and kinds["tp-review"] is ReviewView
    hints = scenes["tp-hints"].private
    assert hints is not None and hints.purpose is PrivatePurpose.HINTS


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_table_pool_screen_draws_at_every_size(scenes: dict[str, Scene],
                                                     size: tuple[int, int],
                                                     tmp_path: Path) -> None:
    out = Path(os.environ.get("TABLE_POOL_PNG_DIR", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    drawn: dict[str, bytes] = {}
    for name, scene in scenes.items():
        surface = pygame.Surface(size)
        draw_scene(surface, scene)
        path = out / f"{name}-{size[0]}x{size[1]}.png"
        pygame.image.save(surface, str(path))
        assert path.stat().st_size > 0
        # Something beyond the background in the body of the screen.
        body = surface.subsurface(pygame.Rect(0, size[1] // 4, size[0], size[1] // 2))
        colours = {tuple(body.get_at((x, y)))[:3] for x in range(0, size[0], 7)
                   for y in range(0, body.get_height(), 7)}
        assert len(colours - {theme.BACKGROUND}) > 3, name
        drawn[name] = pygame.image.tobytes(surface, "RGB")
    assert len(set(drawn.values())) == len(drawn)  # every screen looks different

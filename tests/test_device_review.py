"""The post-game review in device-pool play, by button presses on the fake clock.

A simulated table plays whole games; the review is then opened from the final standings
(NEXT) or the menu, paged, and closed. What it says is checked against the record: each
"surely the …" names the panel that really stood there, and the moments listed are the ones
the deduction engine finds in the written record (what ``coda-pi analyze --review`` reads).
The screen is drawn at every size; set DEVICE_REVIEW_PNG_DIR to keep the PNG files.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.labels import tile_name
from coda_pi.referee.shared.review import ReviewView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import DealView, FinalView, MenuView, RoundEndView
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.deduction_review import review
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table
from coda_pi.ui import theme
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.scene import Scene
from coda_pi.ui.screens import draw_scene

NAMES = ("Ann", "Ben", "Cy", "Di")
REVIEW = "Review the game"


def _menu_items(table: Table) -> tuple[str, ...]:
    """BACK opens the menu here (nothing to step back from); BACK again closes it."""
    table.tap(Button.BACK)
    menu = table.referee.view().overlay
    assert isinstance(menu, MenuView), menu
    table.tap(Button.BACK)
    assert table.referee.view().overlay is None
    return menu.items


def _play(players: int, seed: int, **setup) -> tuple[Table, MemoryRecord]:
    """A whole game on the device's own pool; on the way, the review is never on offer."""
    clock = FakeClock()
    record = MemoryRecord()
    defaults = SetupDefaults(names=NAMES, players=players, timer=False, **setup)
    referee = Referee(clock=clock, rng=random.Random(seed), record=record, setup=defaults)
    table = Table(referee, clock)
    auto = AutoPlayer(random.Random(seed + 100))
    looked: set[tuple[str, int]] = set()
    for _ in range(20_000):
        view = referee.view()
        assert not isinstance(view.screen, ReviewView)
        moment = (type(view.screen).__name__, view.table.round_number if view.table else 0)
        if isinstance(view.screen, DealView | RoundEndView) and moment not in looked:
            looked.add(moment)  # the deal and each round's end: the menu, once each
            assert REVIEW not in _menu_items(table)
        intents = auto.decide(view, referee.private_view())
        if not intents:
            break
        for intent in intents:
            table.send(intent)
    assert isinstance(referee.view().screen, FinalView)
    assert any(kind == "RoundEndView" for kind, _ in looked)
    return table, record


def _pages(table: Table) -> list[ReviewView]:
    """Every page, NEXT after NEXT, until the first comes round again."""
    first = table.referee.view().screen
    assert isinstance(first, ReviewView) and first.page == 1
    pages = [first]
    for _ in range(first.pages):
        table.tap(Button.NEXT)
        page = table.referee.view().screen
        assert isinstance(page, ReviewView)
        if page.page == 1:
            break
        pages.append(page)
    return pages


def _replayed(header: dict, events: list[dict]) -> CodaGame:
    game = CodaGame.from_header(header)
    for obj in events:
        game.apply(parse_event(obj))
    return game


@pytest.fixture(scope="module")
def tournament() -> tuple[Table, MemoryRecord]:
    return _play(3, seed=2, rounds=3)


def test_the_final_standings_open_the_review_with_next_and_close_it_with_ok_or_back(
        tournament) -> None:
    table, record = tournament
    final = table.referee.view().screen
    assert isinstance(final, FinalView)
    assert "NEXT: review the game" in final.prompt
    assert table.referee.view().banner is None  # nothing covers that prompt
    lines_written = len(record.lines)

    table.tap(Button.NEXT)
    pages = _pages(table)
    assert len(pages) == pages[0].pages > 1
    assert [p.page for p in pages] == list(range(1, len(pages) + 1))
    assert all(0 < len(p.lines) <= 4 for p in pages)
    table.tap(Button.PREV)  # from page 1 round to the last
    last = table.referee.view().screen
    assert isinstance(last, ReviewView) and last.page == last.pages
    table.tap(Button.OK)
    assert isinstance(table.referee.view().screen, FinalView)

    table.tap(Button.NEXT)
    assert isinstance(table.referee.view().screen, ReviewView)
    table.tap(Button.BACK)
    assert isinstance(table.referee.view().screen, FinalView)
    assert table.referee.view().overlay is None
    assert len(record.lines) == lines_written  # a look back writes nothing


def test_the_menu_offers_the_review_once_the_game_is_over(tournament) -> None:
    table, _ = tournament
    table.tap(Button.BACK)
    menu = table.referee.view().overlay
    assert isinstance(menu, MenuView) and REVIEW in menu.items
    while menu.items[menu.cursor] != REVIEW:
        table.tap(Button.NEXT)
        menu = table.referee.view().overlay
    table.tap(Button.OK)
    screen = table.referee.view().screen
    assert isinstance(screen, ReviewView) and screen.page == 1
    table.tap(Button.OK)
    assert isinstance(table.referee.view().screen, FinalView)


def test_the_review_says_what_the_record_shows(tournament) -> None:
    table, record = tournament
    header, events = record.lines[0], record.events()
    assert all(e["event"] != "undo" for e in events)
    result = review(header, [(i + 2, e) for i, e in enumerate(events)])
    assert result.missed and result.hits  # this game has both kinds

    table.tap(Button.NEXT)
    shown = [line for page in _pages(table) for line in page.lines]
    table.tap(Button.OK)
    missed = [line for line in shown if not line.good]
    bold = [line for line in shown if line.good]
    assert len(missed) == len(result.missed)
    assert len(bold) == min(3, len(result.hits))
    assert shown == missed + bold  # the points left untaken first

    labels = header["labels"]
    named = unnamed = 0
    for line, moment in zip(missed, result.missed, strict=True):
        assert line.text.startswith(f"Round {moment.round}: {NAMES[moment.seat]} ")
        at = moment.line - 2  # the event that ended the turn
        ends = next((i for i in range(at, len(events)) if events[i]["event"] == "round"),
                    len(events))
        then, round_end = _replayed(header, events[:at]), _replayed(header, events[:ends])
        # The panels sure then that the table saw face up before the round ended.
        seen = [g for g in moment.sure if any(s.revealed and s.tile == g.tile
                                              for row in round_end.rows for s in row)]
        if seen:
            named += 1
            sure = seen[0]
            tile = then.rows[sure.target][sure.slot].tile
            assert tile == sure.tile and not then.rows[sure.target][sure.slot].revealed
            assert (f"{NAMES[sure.target]}'s panel {sure.slot + 1} was surely the "
                    f"{tile_name(tile, labels)}") in line.text
        else:
            # Standing to the end, seen by its owner alone: the review keeps its number back.
            unnamed += 1
            assert line.text.endswith(("could be named for sure",
                                       f"and {len(moment.sure) - 1} more)"))
            assert "could be named for sure" in line.text
            for g in moment.sure:
                assert tile_name(g.tile, labels) not in line.text
    assert named and unnamed  # this game has both
    for line, hit in zip(bold, result.riskiest(3), strict=True):
        assert line.text.startswith(f"Round {hit.round}: {NAMES[hit.seat]} named the "
                                    f"{tile_name(hit.tile, labels)} at {NAMES[hit.target]}'s "
                                    f"panel {hit.slot + 1}")
    chances = [h.chance for h in result.riskiest(3)]
    assert chances == sorted(chances)  # the boldest first


def test_an_undo_from_the_review_is_refused_for_the_game_is_over_and_shown() -> None:
    """Issue 20: the last round's lines are public once it has ended, so the undo that
    would put it back into play says why not, and the final standings stay."""
    table, _ = _play(2, seed=5, rounds=1)
    table.tap(Button.NEXT)
    assert isinstance(table.referee.view().screen, ReviewView)
    table.tap(Button.BACK)
    table.tap(Button.BACK)
    menu = table.referee.view().overlay
    assert isinstance(menu, MenuView)
    while menu.items[menu.cursor] != "Undo the last action":
        table.tap(Button.NEXT)
        menu = table.referee.view().overlay
    table.tap(Button.OK)
    view = table.referee.view()
    assert view.overlay is None and isinstance(view.screen, FinalView | ReviewView)
    assert view.banner.text == ("The game is over and all panels were shown: it cannot be "
                                "taken back")
    assert REVIEW in _menu_items(table)


@pytest.mark.parametrize("size", SIZES)
def test_the_review_draws_at_every_size(tournament, size: tuple[int, int]) -> None:
    table, _ = tournament
    pygame.init()
    table.tap(Button.NEXT)
    view = table.referee.view()
    table.tap(Button.OK)
    assert isinstance(view.screen, ReviewView)
    surface = pygame.Surface(size)
    draw_scene(surface, Scene(view=view))
    keep = os.environ.get("DEVICE_REVIEW_PNG_DIR")
    if keep:
        pygame.image.save(surface, str(Path(keep) / f"device-review-{size[0]}x{size[1]}.png"))
    w, h = size
    # Each line's mark at the left edge: amber for a point left untaken (page 1 has them).
    marks = {tuple(surface.get_at((x, y)))[:3] for x in range(0, w // 12)
             for y in range(h // 5, h * 4 // 5)}
    assert tuple(theme.WARNING) in marks
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 5) for y in range(0, h, 5)}
    assert len(colours) > 5

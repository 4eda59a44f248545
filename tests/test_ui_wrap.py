"""A paragraph's size and lines (``ui.text.wrapped_font``): the search gives up a size after
its first lines when they already cannot fit, and must still choose exactly the size and
lines that measuring every size to the end chooses."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coda_pi.ui import text


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.font.init()
    yield
    pygame.quit()


def measured_to_the_end(words: str, width: int, height: int, screen_height: int,
                        max_lines: int, largest: int | None) -> tuple[int, list[str]]:
    """The search as it was: every size wrapped to the end, then judged."""
    floor = text.floor_size(screen_height)
    top = max(floor, int(height / text._HEIGHT_PER_SIZE))
    if largest is not None:
        top = max(floor, min(top, largest))
    size = top
    while True:
        fnt = text.font(size)
        lines = text.wrap_to_width(words, fnt, width)
        if (len(lines) <= max_lines and len(lines) * fnt.get_linesize() <= height
                and all(fnt.size(line)[0] <= width for line in lines)) or size <= floor:
            return size, lines
        size = max(floor, size - max(1, size // 12))


WORDS = ["Ann", "Konstantinos", "attack?", "PREV/NEXT", "OK", "hold", "your", "button",
         "to", "see", "panels", "¿Quién?", "WWWWWWWWWW", "i", "—", "11"]
paragraphs = st.lists(st.tuples(st.sampled_from(["", " ", "   ", "\n", " \n "]),
                                st.sampled_from(WORDS)), min_size=1, max_size=14).map(
    lambda parts: "".join(gap + word for gap, word in parts))


@settings(max_examples=300)
@given(words=paragraphs, width=st.integers(20, 480), height=st.integers(10, 260),
       screen_height=st.sampled_from([240, 320, 480]), max_lines=st.integers(1, 6),
       largest=st.one_of(st.none(), st.integers(8, 90)))
def test_the_same_size_and_lines_as_measuring_every_size_to_the_end(
        words: str, width: int, height: int, screen_height: int, max_lines: int,
        largest: int | None) -> None:
    fnt, lines = text._wrapped_font(words, width, height, screen_height,
                                    max_lines=max_lines, largest=largest)
    size, expected = measured_to_the_end(words, width, height, screen_height, max_lines,
                                         largest)
    assert fnt is text.font(size)
    assert lines == expected


@pytest.mark.parametrize(("words", "box"), [
    ("Ann: hold your button to see your starting panels, then take them from the box",
     (274, 193, 5)),
    ("Whom to attack?", (117, 104, 3)),
    ("Round 1: dealing", (441, 22, 2)),
    ("Konstantinos", (40, 30, 1)),  # wider than the box even at the floor: drawn there
])
def test_the_demos_paragraphs(words: str, box: tuple[int, int, int]) -> None:
    width, height, max_lines = box
    fnt, lines = text._wrapped_font(words, width, height, 320, max_lines=max_lines,
                                    largest=None)
    size, expected = measured_to_the_end(words, width, height, 320, max_lines, None)
    assert (fnt, lines) == (text.font(size), expected)

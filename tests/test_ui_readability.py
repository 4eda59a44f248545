"""Readable from across the table: every sample screen, at every supported size, in every
language, is drawn and every text actually drawn is measured.

- capitals at least 1/24 of the screen's height for words (names, instructions, scores) and
  1/12 for panel numbers, however long the rows;
- no text overflows its box or runs off the screen, and none is cut short with "…";
- every screen says what to press in the same place: the footer.
"""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from coda_pi.i18n import LANGUAGES, in_language
from coda_pi.ui.layout import frame
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.samples import sample_scenes
from coda_pi.ui.screens import draw_scene
from coda_pi.ui.text import NUMBER, TEXT, DrawnText, cap_floor, recording_text

SCENES = sample_scenes()
_BY_LANGUAGE: dict[str, dict] = {}


def _scenes(language: str) -> dict:
    """The samples built in ``language``: their sentences are the referee's messages."""
    if language not in _BY_LANGUAGE:
        with in_language(language):
            _BY_LANGUAGE[language] = sample_scenes()
    return _BY_LANGUAGE[language]


@cache  # both tests below read the same frame: it is drawn once
def _drawn(name: str, size: tuple[int, int], language: str) -> tuple[DrawnText, ...]:
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    with in_language(language), recording_text() as log:
        draw_scene(surface, _scenes(language)[name])
    return tuple(log)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_text_is_drawn_readable_and_whole(name, size, language):
    drawn = _drawn(name, size, language)
    assert drawn, "a screen with no text at all"
    height = size[1]
    too_small = [(d.text, d.cap) for d in drawn if d.cap < cap_floor(height, d.role)]
    assert not too_small, f"below the floor ({cap_floor(height)} px, numbers " \
                          f"{cap_floor(height, NUMBER)} px): {too_small}"
    spilled = [(d.text, tuple(d.box), tuple(d.placed)) for d in drawn if d.overflows]
    assert not spilled, f"text outside its box or the screen: {spilled}"
    cut = [d.text for d in drawn if d.text.endswith("…")]
    assert not cut, f"text cut short: {cut}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_screen_says_what_to_press_in_the_footer(name, size, language):
    footer = frame(size, led_strip=SCENES[name].show_led_strip).message
    drawn = _drawn(name, size, language)
    in_footer = [d for d in drawn if footer.inflate(2, 2).contains(d.placed)]
    assert in_footer, "nothing in the footer says what to press"
    assert all(d.cap >= cap_floor(size[1]) for d in in_footer)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_numbers_keep_their_size_however_long_the_rows(size):
    # Two players with 13 panels each, nearly all knocked down: the crowded extreme.
    drawn = _drawn("turn-long-rows", size, "en")
    numbers = [d for d in drawn if d.role == NUMBER]
    labels = sorted(d.text for d in numbers)
    assert labels.count("10") >= 2 and labels.count("11") >= 2  # both rows, every number
    assert min(d.cap for d in numbers) >= cap_floor(size[1], NUMBER)
    # The same numbers on a roomy table are not drawn larger than needed to fit: the floor is
    # what a long row gets, and it is a real size (a twelfth of the screen).
    assert cap_floor(size[1], NUMBER) * 12 >= size[1]


def test_the_floor_is_what_the_issue_asks():
    assert cap_floor(240, TEXT) == 10 and cap_floor(240, NUMBER) == 20
    assert cap_floor(320, TEXT) == 14 and cap_floor(320, NUMBER) == 27
    assert cap_floor(480, TEXT) == 20 and cap_floor(480, NUMBER) == 40


def test_the_spanish_screens_are_in_spanish():
    english = {d.text for d in _drawn("round-end", (800, 480), "en")}
    spanish = {d.text for d in _drawn("round-end", (800, 480), "es")}
    assert "Ann wins round 2" in english and "Ann gana la ronda 2" in spanish
    assert "Ronda 2 de 3" in spanish  # the referee's sentences too, not only the screen's
    words = {d.text for d in _drawn("turn-choose", (800, 480), "es")}
    assert {"oscura", "clara", "en la caja"} <= words


def test_the_rainbow_deck_says_cards_and_deck_not_panels_and_box():
    for language, card, deck in (("en", "the card you drew", "in the deck"),
                                 ("es", "la carta que robaste", "en el mazo")):
        private = {d.text for d in _drawn("cards-drawn-private", (480, 320), language)}
        public = {d.text for d in _drawn("cards-turn-choose", (480, 320), language)}
        assert card in private
        assert deck in public
        assert not any("panel" in t or "ficha" in t or "box" in t or "caja" in t
                       for t in private | public if not t.startswith(("PREV", "Take")))


def test_the_colour_choice_says_which_colour_is_which():
    drawn = [d for d in _drawn("turn-choose", (480, 320), "en") if d.role == TEXT]

    def just_under(name: str) -> str:
        word = next(d for d in drawn if d.text == name)
        below = [d for d in drawn if 0 <= d.placed.top - word.placed.bottom < word.placed.height
                 and abs(d.placed.left - word.placed.left) <= 2]
        assert len(below) == 1
        return below[0].text

    # The sample's box holds 4 dark and 3 light panels: each count under its colour's name.
    assert just_under("dark") == "4"
    assert just_under("light") == "3"
    assert "in the box" in {d.text for d in drawn}


def test_scores_say_what_they_are():
    round_end = " ".join(d.text for d in _drawn("round-end", (800, 480), "en"))
    assert "guesses (1 each)" in round_end and "round won (5)" in round_end
    turn = [d.text for d in _drawn("turn-guess", (800, 480), "en")]
    assert "12 points" in turn and "12 pt" not in turn

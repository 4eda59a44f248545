"""Nothing a player must read is cut: every sentence the referee may put in the header's
banner (what just happened, a refusal, a notice) is drawn whole, at the readable floor, in
the header, on the smallest screen, in both languages (first evening, second list: a
sentence too long for two lines was cut).

The sentences are every message of the referee's folders and of the rules' sentences
(``say``), prompts and menu lines among them: a superset of the banners, so none is left
out by a list kept by hand. Each one's fields are filled with 12 letters, the longest name
the picker allows."""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import replace
from functools import cache

import pygame
import pytest

from coda_pi.i18n import LANGUAGES, _, in_language
from coda_pi.referee.shared.views import Banner, BannerKind
from coda_pi.ui.draw import banner_room
from coda_pi.ui.layout import frame, header_grown
from coda_pi.ui.samples import sample_scenes
from coda_pi.ui.screens import draw_scene
from coda_pi.ui.text import cap_floor, recording_text

SMALLEST = (320, 240)
SOURCES = ("referee/", "rules/", "app/resume.py")
LONGEST_NAME = "Konstantinos"


@cache
def banner_messages() -> tuple[str, ...]:
    from babel.messages.extract import extract_from_dir

    from coda_pi.i18n_catalogs import KEYWORDS, PACKAGE

    found: set[str] = set()
    with contextlib.redirect_stderr(io.StringIO()):  # babel's warnings about f-strings
        for filename, _line, message, _notes, _context in extract_from_dir(
                str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS):
            if filename.startswith(SOURCES):
                found.add(message[0] if isinstance(message, tuple) else message)
    return tuple(sorted(found))


def _filled(template: str) -> str:
    return re.sub(r"\{[a-z_]+\}", LONGEST_NAME, template)


def _in_order(words: list[str], drawn: str) -> bool:
    at = 0
    for word in words:
        at = drawn.find(word, at)
        if at < 0:
            return False
        at += len(word)
    return True


def test_the_sentences_are_found() -> None:
    messages = banner_messages()
    assert len(messages) > 300
    assert "The timer is paused" in messages and "{name} starts" in messages


# A turn: the news on a chip beside the title (whose turn), over the table; the setup: a
# notice as the header's title (the first screen's keys, phones that did not start).
SCREENS = {"turn-guess": BannerKind.ERROR, "setup": BannerKind.INFO}


@pytest.mark.parametrize("name", sorted(SCREENS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_banner_sentence_is_drawn_whole_on_the_smallest_screen(language, name) -> None:
    pygame.font.init()
    header = frame(SMALLEST, led_strip=True).header
    floor = cap_floor(SMALLEST[1])
    kind = SCREENS[name]
    cut = []
    with in_language(language):
        turn = sample_scenes()[name]
        for template in banner_messages():
            sentence = _filled(_(template))
            scene = replace(turn, view=replace(turn.view, banner=Banner(sentence, kind)))
            with recording_text() as log:
                draw_scene(pygame.Surface(SMALLEST), scene)
            # The banner's lines: drawn in the header (taller while a long one stands).
            grown = header_grown(frame(SMALLEST, led_strip=True),
                                 banner_room(header, sentence, SMALLEST[1])).header
            said = [d for d in log if grown.inflate(4, 4).contains(d.box)]
            text = " ".join(d.text for d in said)
            bad = [d.text for d in said if d.overflows or d.cap < floor
                   or d.text.endswith("…")]
            if bad or not _in_order(sentence.split(), text):
                cut.append((sentence, bad or text))
    assert header.height < SMALLEST[1] // 4
    assert not cut, f"{len(cut)} sentences cut, e.g. {cut[:3]}"

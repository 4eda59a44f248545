"""Names as long as the name picker allows, on every sample screen, at every size, in both
languages: a name is shown whole when it fits and otherwise shortened the way people expect
("Konstan…"), never drawn below the readability floor nor spilling out of its box."""

from __future__ import annotations

import importlib
import re

import pygame
import pytest

import coda_pi.ui.mastermind_samples as mastermind_samples
import coda_pi.ui.sample_table as sample_table
import coda_pi.ui.samples as samples
from coda_pi.i18n import LANGUAGES, in_language
from coda_pi.referee.shared.name_entry import MAX_NAME_LENGTH
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.screens import draw_scene
from coda_pi.ui.text import SHORTEST_NAME, cap_floor, recording_text

LONG_NAMES = ("Konstantinos", "Wilhelmina W", "Maximilianus", "Bartholomews")
SHORTENED = re.compile(r"(\S[^…]*?)…")


# Every module of sample scenes, imported before the names are swapped: one that took its own
# copy of the names at import kept the short ones, so whether its screens met the long names
# depended on which test had imported it first in the worker (the phones menu at 320x240
# failed only now and then).
SAMPLE_MODULES = ("coda_pi.ui.entry_samples", "coda_pi.ui.phones_samples")
SHORT_NAMES = re.compile(r"\b(" + "|".join(map(re.escape, sample_table.NAMES)) + r")\b")


@pytest.fixture(scope="module")
def long_name_scenes():
    for module in SAMPLE_MODULES:
        importlib.import_module(module)
    # The example table (sample_table) and the other scenes (samples) both name the players.
    saved = samples.NAMES, sample_table.NAMES, mastermind_samples.NAMES
    samples.NAMES, sample_table.NAMES, mastermind_samples.NAMES = (
        LONG_NAMES, LONG_NAMES, LONG_NAMES[:2])
    try:
        built = {}
        for language in LANGUAGES:
            with in_language(language):
                built[language] = samples.sample_scenes()
        yield built
    finally:
        samples.NAMES, sample_table.NAMES, mastermind_samples.NAMES = saved


def test_the_names_are_as_long_as_the_picker_allows():
    assert all(len(name) == MAX_NAME_LENGTH for name in LONG_NAMES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_long_names_read_whole_or_shortened_on_every_screen(long_name_scenes, size, language):
    if not pygame.font.get_init():
        pygame.font.init()
    problems = []
    shown_names: set[str] = set()
    for name, scene in sorted(long_name_scenes[language].items()):
        surface = pygame.Surface(size)
        with in_language(language), recording_text() as log:
            draw_scene(surface, scene)
        for drawn in log:
            if drawn.cap < cap_floor(size[1], drawn.role):
                problems.append((name, "too small", drawn.text))
            if drawn.overflows:
                problems.append((name, "outside its box", drawn.text))
            for cut in SHORTENED.findall(drawn.text):
                # Only a name is ever shortened, and it still says who: its first letters.
                piece = cut.split()[-1] if cut.split()[-1][:1].isupper() else cut
                whose = [n for n in LONG_NAMES if n.startswith(piece) or piece in n]
                if not whose or len(piece) < SHORTEST_NAME - 2:
                    problems.append((name, "cut short, and not a name", drawn.text))
            shown_names.update(n for n in LONG_NAMES if n in drawn.text)
            if SHORT_NAMES.search(drawn.text):
                problems.append((name, "a sample's own short name", drawn.text))
    assert not problems, problems
    if size[0] >= 480:
        # With room, every name is written out in full somewhere (the table, the scores).
        assert shown_names == set(LONG_NAMES)

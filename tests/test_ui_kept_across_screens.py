"""A screen shown before finds its words and its parts kept, whatever came between.

The first frame of a new screen costs what it cannot take from a cache: its texts rendered
again, its seats' bands drawn again. The caches (ui/text.py's texts, ui/kept.py's parts)
are bounded by bytes; these tests go round every sample screen of the device at 480x320,
the loop's idle after each frame as on the device, and then round again: the second time,
no text is rendered and no part drawn in place (at 4 MiB of texts and 24 parts, a screen's
fixed sentences and seats were pushed out by the screens after it, and its next first frame
drew them all again). A text's image is kept cut to its ink, and draws the same pixels as
the whole rendered image.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from coda_pi.ui import kept, memo, text  # noqa: E402
from coda_pi.ui.samples import sample_scenes  # noqa: E402
from coda_pi.ui.screens import ScreenRenderer  # noqa: E402


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    memo.forget_all()
    yield
    memo.forget_all()


def _round(renderer: ScreenRenderer, surface: pygame.Surface) -> None:
    for scene in sample_scenes().values():
        renderer.draw(surface, scene)
        renderer.idle(lambda: False)


def _counting(monkeypatch: pytest.MonkeyPatch, cache: memo.Memo[object]) -> list[object]:
    added: list[object] = []
    put = cache.put

    def counted(key: object, value: object) -> object:
        added.append(key)
        return put(key, value)

    monkeypatch.setattr(cache, "put", counted)
    return added


def test_every_screens_texts_are_still_kept_after_going_round_all_screens(
        monkeypatch: pytest.MonkeyPatch) -> None:
    renderer, surface = ScreenRenderer(), pygame.Surface((480, 320))
    _round(renderer, surface)
    rendered = _counting(monkeypatch, text._images)
    _round(renderer, surface)
    assert rendered == []


def test_every_screens_parts_are_still_kept_after_going_round_all_screens(
        monkeypatch: pytest.MonkeyPatch) -> None:
    renderer, surface = ScreenRenderer(), pygame.Surface((480, 320))
    _round(renderer, surface)
    drawn_in_place = _counting(monkeypatch, kept._waiting)
    _round(renderer, surface)
    assert drawn_in_place == []


@pytest.mark.parametrize("seed", range(4))
def test_a_text_drawn_from_its_ink_gives_the_pixels_of_the_whole_image(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(20):
        fnt = text.font(rng.choice([12, 18, 27, 40, 63, 90]))
        words = rng.choice(["Ann", "11", "Take back Ann's guess", "gjpqy ÄÉ?", "0:42",
                            "OK: yes   BACK: no", " "])
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        under = pygame.Surface((640, 120))
        under.get_buffer().write(rng.randbytes(under.get_pitch() * 120), 0)
        whole, inked = under.copy(), under.copy()
        whole.blit(fnt.render(words, True, colour), (5, 7))
        ink = text.inked(fnt, words, colour)
        inked.blit(ink.image, (5 + ink.left, 7 + ink.top))
        assert (pygame.image.tobytes(inked, "RGB") == pygame.image.tobytes(whole, "RGB")), words
        assert ink.image.get_width() <= ink.width and ink.image.get_height() <= ink.height

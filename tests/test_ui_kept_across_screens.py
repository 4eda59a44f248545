"""A screen shown before finds its words and its parts kept, whatever came between.

The first frame of a new screen costs what it cannot take from a cache: its texts rendered
again, its seats' bands drawn again. The caches (ui/text.py's texts, ui/kept.py's parts)
are bounded by bytes; these tests go round every sample screen of the device at 480x320,
the loop's idle after each frame as on the device, and then round again: the second time,
no text is rendered and no part drawn in place (at 4 MiB of texts and 24 parts, a screen's
fixed sentences and seats were pushed out by the screens after it, and its next first frame
drew them all again). A text's image is kept cut to its ink, and draws the same pixels as
the whole rendered image.

When a round of screens is larger than the caches (here: at half their budgets), they still
keep most of it, and all of what recurs on many screens (digits, names, what to press):
least recently used alone kept next to nothing (each entry pushed out just before it came
back), so every first frame drew nearly everything again.
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


def _halved(monkeypatch: pytest.MonkeyPatch) -> None:
    for cache in (text._images, kept._kept):
        assert cache.budget is not None
        monkeypatch.setattr(cache, "budget", cache.budget // 2)


def test_at_half_the_budgets_a_round_of_screens_keeps_most_of_its_texts_and_parts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _halved(monkeypatch)
    renderer, surface = ScreenRenderer(), pygame.Surface((480, 320))
    first_texts, first_parts = (_counting(monkeypatch, text._images),
                                _counting(monkeypatch, kept._waiting))
    _round(renderer, surface)
    texts, parts = len(set(first_texts)), len(set(first_parts))
    assert text._images.held > text._images.budget * 0.9  # the round did not fit
    _round(renderer, surface)
    again_texts, again_parts = (_counting(monkeypatch, text._images),
                                _counting(monkeypatch, kept._waiting))
    _round(renderer, surface)
    assert len(set(again_texts)) <= texts // 4
    assert len(set(again_parts)) <= parts // 2


def test_at_half_the_budgets_what_recurs_on_many_screens_is_never_drawn_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _halved(monkeypatch)
    renderer, surface = ScreenRenderer(), pygame.Surface((480, 320))
    screens_of: dict[object, set[str]] = {}
    parts_of: dict[object, set[str]] = {}
    get_text, get_part = text._images.get, kept._kept.get
    shown = [""]

    def text_asked(key: object) -> object:
        screens_of.setdefault(key, set()).add(shown[0])
        return get_text(key)

    def part_asked(key: object) -> object:
        parts_of.setdefault(key, set()).add(shown[0])
        return get_part(key)

    monkeypatch.setattr(text._images, "get", text_asked)
    monkeypatch.setattr(kept._kept, "get", part_asked)
    for _ in range(2):
        for name, scene in sample_scenes().items():
            shown[0] = name
            renderer.draw(surface, scene)
            renderer.idle(lambda: False)
    recurring_texts = {key for key, names in screens_of.items() if len(names) >= 4}
    recurring_parts = {key for key, names in parts_of.items() if len(names) >= 4}
    assert len(recurring_texts) >= 20 and len(recurring_parts) >= 5
    rendered = _counting(monkeypatch, text._images)
    drawn_in_place = _counting(monkeypatch, kept._waiting)
    _round(renderer, surface)
    assert recurring_texts.isdisjoint(rendered)
    assert recurring_parts.isdisjoint(drawn_in_place)


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

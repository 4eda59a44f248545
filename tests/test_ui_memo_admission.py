"""A full cache keeps a share of a round larger than itself (ui/memo.py's ``admit``).

Least recently used alone pushes each entry out just before it comes back, when a round of
screens is a little larger than the cache, and so keeps nothing of it. With admission a new
entry comes in only when it is asked for more often than what it would push out: a fixed
share of the round stays, what recurs stays, and what an evening stopped showing gives way
to what it shows now.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from coda_pi.ui.memo import Memo  # noqa: E402


def _lap(cache: Memo[object], keys: range, make=lambda key: key) -> int:
    """Look each key up, keeping it when missing (as the drawing does); the hits."""
    hits = 0
    for key in keys:
        if cache.get(key) is None:
            cache.put(key, make(key))
        else:
            hits += 1
    return hits


def test_a_round_larger_than_the_cache_keeps_a_share_of_it_where_recency_alone_keeps_none():
    admitting, recent = Memo(10, admit=True), Memo(10, recent=True)
    for _ in range(2):
        _lap(admitting, range(15))
        _lap(recent, range(15))
    assert [_lap(recent, range(15)) for _ in range(3)] == [0, 0, 0]
    assert all(hits >= 9 for hits in (_lap(admitting, range(15)) for _ in range(3)))


def test_a_budget_of_bytes_keeps_a_share_of_a_round_of_images_larger_than_it():
    pygame.init()
    image = pygame.Surface((64, 64))  # 16 KiB
    size = image.get_pitch() * 64
    cache: Memo[pygame.Surface] = Memo(1000, budget=10 * size, admit=True)
    for _ in range(2):
        _lap(cache, range(16), lambda key: image.copy())
    assert cache.held <= 10 * size
    assert _lap(cache, range(16), lambda key: image.copy()) >= 9


def test_what_recurs_between_one_off_entries_stays():
    cache = Memo(10, admit=True)
    one_off = iter(range(100, 10_000))
    for _ in range(50):
        _lap(cache, range(3))  # digits, names: on every screen
        _lap(cache, range(next(one_off), next(one_off) + 1))  # a screen's own sentence
        for _ in range(20):
            next(one_off)
        _lap(cache, range(next(one_off), next(one_off) + 8))
    assert _lap(cache, range(3)) == 3


def test_what_is_no_longer_asked_for_gives_way_to_what_is():
    cache = Memo(10, admit=True)
    for _ in range(30):
        _lap(cache, range(10))  # an evening's first game, shown at length
    for _ in range(40):  # 8 * limit lookups halve the counts: the old ones fade
        _lap(cache, range(20, 30))
    assert _lap(cache, range(20, 30)) == 10

"""Bounded caches for drawing: what a frame works out from a view, kept while the view is.

A frame is drawn from frozen view values (``coda_pi.referee.shared.views``): equal values draw equal
pixels, so anything worked out from them (a text's rendered image, a row's layout, whether
the table's rows fit) can be kept under the value as its key and used again by the next
frame, which mostly differs in a few digits or a cursor. Each cache holds a fixed number of
entries and drops the oldest first: a long tournament never grows them, and what one frame
needs is always among the newest.

Every cache is emptied when pygame quits: a font or a surface kept past ``pygame.quit()`` is
a dangling pointer, and tests and the demo quit and start again.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

import pygame

V = TypeVar("V")

_caches: list[Memo[object]] = []
_registered = False


class Memo(Generic[V]):
    """A dict of at most ``limit`` entries; the oldest entry goes when a new one comes.

    ``budget``: besides, at most this many bytes of images (``pygame.Surface`` values):
    images of a few pixels and of half a screen share one cache, and memory is what must
    stay flat. ``recent``: a hit makes the entry the newest, so what every screen uses
    (the panels' numbers, the players' names) stays while what one screen used goes.

    ``admit``: when the cache is full, a new entry comes in only if it has been asked for
    more than twice as often as the entries it would push out (``admits``); else it is
    not kept, and the oldest entry it met is made the newest (a second chance). Least
    recently used alone keeps nothing of a round of screens a little larger than the
    cache: each entry is pushed out just before it comes back (at half the texts' and
    parts' budgets, 437 of the 543 texts of the sample screens were rendered again each
    round, and 157 of 167 parts drawn in place). Refusing entries asked for no more often
    keeps a fixed share of such a round, and what recurs on many screens (digits, names,
    what to press) is asked for most and stays. The counts are halved every
    ``8 * limit`` lookups, so what an evening stopped showing gives way to what it shows
    now."""

    def __init__(self, limit: int, *, budget: int | None = None, recent: bool = False,
                 admit: bool = False) -> None:
        self.limit = limit
        self.budget = budget
        self._entries: dict[Hashable, V] = {}
        self._sizes: dict[Hashable, int] = {}  # bytes of each image, with a budget
        self.held = 0  # bytes of the images held, with a budget
        self._asked: dict[Hashable, int] = {}  # lookups per key since the last halving
        self._until_halving = 8 * limit
        if admit:
            self.get = self._get_counted  # type: ignore[method-assign]
            self.put = self._put_admitted  # type: ignore[method-assign]
        elif recent:
            self.get = self._get_recent  # type: ignore[method-assign]
        _caches.append(self)  # type: ignore[arg-type]

    def get(self, key: Hashable) -> V | None:
        return self._entries.get(key)

    def _get_recent(self, key: Hashable) -> V | None:
        entries = self._entries
        value = entries.pop(key, None)
        if value is not None:
            entries[key] = value
        return value

    def _get_counted(self, key: Hashable) -> V | None:
        asked = self._asked
        asked[key] = asked.get(key, 0) + 1
        self._until_halving -= 1
        if self._until_halving <= 0:
            self._halve()
        return self._get_recent(key)

    def _halve(self) -> None:
        self._until_halving = 8 * self.limit
        # Keys asked for once, and not held, are forgotten: the counts stay bounded.
        self._asked = {key: count // 2 for key, count in self._asked.items()
                       if count > 1 or key in self._entries}

    def admits(self, key: Hashable, size: int = 0) -> bool:
        """Whether ``put(key, ...)`` of a value of ``size`` bytes would keep it (see
        ``admit``): there is room, or every entry it would push out has been asked for
        less than half as often. An entry that wins is made the newest."""
        entries = self._entries
        if key in entries:
            return True
        room = self.budget - self.held if self.budget is not None else 0
        if len(entries) < self.limit and (self.budget is None or size <= room):
            return True
        if self.budget is not None and size > self.budget:
            return False
        wanted = self._asked.get(key, 0)
        asked, sizes = self._asked, self._sizes
        count = len(entries)
        for old in entries:
            if asked.get(old, 0) * 2 >= wanted:
                entries[old] = entries.pop(old)  # its second chance: the newest now
                return False
            count -= 1
            room += sizes.get(old, 0)
            if count < self.limit and (self.budget is None or size <= room):
                return True
        return True

    def _put_admitted(self, key: Hashable, value: V) -> V:
        if self.admits(key, _bytes(value) if self.budget is not None else 0):
            return Memo.put(self, key, value)
        return value

    def put(self, key: Hashable, value: V) -> V:
        """Keep ``value`` under ``key``; returns ``value``."""
        global _registered
        if not _registered:
            # pygame forgets its quit functions once it has called them: register again.
            pygame.register_quit(forget_all)
            _registered = True
        entries = self._entries
        if key in entries:
            self._drop(key)
        if len(entries) >= self.limit:
            self._drop(next(iter(entries)))
        if self.budget is not None:
            size = _bytes(value)
            while entries and self.held + size > self.budget:
                self._drop(next(iter(entries)))
            self._sizes[key] = size
            self.held += size
        entries[key] = value
        return value

    def _drop(self, key: Hashable) -> None:
        del self._entries[key]
        if self.budget is not None:
            self.held -= self._sizes.pop(key)

    def pop_oldest(self) -> tuple[Hashable, V]:
        """Take the oldest entry out (KeyError when empty)."""
        key = next(iter(self._entries))
        value = self._entries[key]
        self._drop(key)
        return key, value

    def __contains__(self, key: Hashable) -> bool:
        """Whether ``key`` is held; not a lookup (not counted, nothing made the newest)."""
        return key in self._entries

    def discard(self, key: Hashable) -> None:
        """Drop ``key``'s entry, if held."""
        if key in self._entries:
            self._drop(key)

    def __len__(self) -> int:
        return len(self._entries)

    def next_out(self) -> V | None:
        """The entry the next ``put`` of a new key drops (None while there is room): a
        large value (an image) can be used again for the new one instead of allocated."""
        entries = self._entries
        return next(iter(entries.values())) if len(entries) >= self.limit else None

    def clear(self) -> None:
        self._entries.clear()
        self._sizes.clear()
        self._asked.clear()
        self._until_halving = 8 * self.limit
        self.held = 0


def _bytes(value: object) -> int:
    """The bytes of an image's pixels, or of the ``image`` a value holds (a text's ink:
    ui/text.py); 0 for anything else."""
    value = getattr(value, "image", value)
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_size()[1]  # not get_height: see kept.Aside
    return 0


def forget_all() -> None:
    """Empty every cache (pygame quits; or a test wants a cold start)."""
    global _registered
    _registered = False
    for cache in _caches:
        cache.clear()


class Hashed:
    """A key holding a view value whose hash is worked out once: a table's seats are
    looked up several times a frame (name width, row fitting, each band), and hashing a
    frozen dataclass walks all of it every time."""

    __slots__ = ("value", "_hash")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hashed) and (other.value is self.value
                                              or other.value == self.value)


_last_hashed: list[object] = [None, None]


def hashed(value: Hashable) -> Hashed:
    """``value`` as a ``Hashed`` key; the same object asked for again (as it is, many
    times in one frame) gets the same key without hashing it again. A value equal to one
    asked for before gets that one's key (compared once, here): each frame's views are new
    objects, and every cache the key is then looked up in finds it by identity instead of
    comparing the whole value again."""
    if _last_hashed[0] is value:
        return _last_hashed[1]  # type: ignore[return-value]
    key = Hashed(value)
    known = _known.get(key)
    if known is None:
        known = _known.put(key, key)
    _last_hashed[0], _last_hashed[1] = value, known
    return known


_known: Memo[Hashed] = Memo(64)

"""``random.SystemRandom``, with ``random`` imported only when more than a seed is asked of it.

The device's randomness comes from the operating system (app/build.py). The first frame
asks it for one thing, the new game's secret seed (``rules.dealer.new_seed``: 128 bits);
``random`` itself (with its hashing and bisect modules, about 1.2 ms here, some 18 ms on a
Pi Zero 2 W) is needed once a game deals or a dial starts, after the first frame.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import random


class _LaterSystemRandom:
    """``getrandbits`` as ``SystemRandom`` does it (os.urandom, the same bits); any other
    method from a real ``SystemRandom``, made the first time one is asked for."""

    def __init__(self) -> None:
        self._real: random.SystemRandom | None = None

    def getrandbits(self, k: int) -> int:
        # random.SystemRandom.getrandbits of 3.11/3.12, line for line.
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        numbytes = (k + 7) // 8
        x = int.from_bytes(os.urandom(numbytes))
        return x >> (numbytes * 8 - k)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and the like ask for these: not ours
            raise AttributeError(name)
        real = self._real
        if real is None:
            import random

            real = self._real = random.SystemRandom()
        return getattr(real, name)


def system_random() -> random.Random:
    """The operating system's randomness, as ``random.SystemRandom()`` gives it."""
    return cast("random.Random", _LaterSystemRandom())

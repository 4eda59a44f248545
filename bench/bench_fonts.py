"""What a new font size costs a frame: opened, a sentence measured and drawn, the way a
screen's first frame meets it (``wrapped_font`` tries up to a dozen sizes for a paragraph).

pygame's ``Font(None, size)`` against ``coda_pi.ui.text.font`` (the default font's bytes kept
in memory), in the same process, alternating in rounds so that a busy neighbour hits both;
CPU time of this thread, per new size, median of the rounds, with the load average.

    .venv/bin/python bench/bench_fonts.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SENTENCE = "Whom to attack? PREV/NEXT choose a seat, OK attacks"
SIZES = range(20, 120)


def per_size_us(opened: Callable[[int], pygame.font.Font]) -> float:
    """CPU per size of ``SIZES``, each opened fresh (pygame started again first: no glyph
    of it cached), a sentence measured and its first words drawn."""
    pygame.quit()  # every font let go (ui.text's too): each size is opened again
    pygame.font.init()
    start = time.thread_time()
    for size in SIZES:
        fnt = opened(size)
        fnt.size(SENTENCE)
        fnt.render(SENTENCE[:15], True, (255, 255, 255))
    return (time.thread_time() - start) / len(SIZES) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from coda_pi.ui import text

    ways: dict[str, Callable[[int], pygame.font.Font]] = {
        "pygame Font(None, size)": lambda size: pygame.font.Font(None, size),
        "ui.text.font(size), from bytes": text.font,
    }
    spent: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(args.rounds):
        for name, way in ways.items():
            spent[name].append(per_size_us(way))
    print(f"a new font size opened, measured, drawn; CPU us per size, median of "
          f"{args.rounds} rounds; load average {os.getloadavg()[0]:.1f}")
    medians = {name: statistics.median(values) for name, values in spent.items()}
    first = next(iter(medians.values()))
    for name, value in medians.items():
        print(f"  {name:<34}{value:8.1f} us   {value / first:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

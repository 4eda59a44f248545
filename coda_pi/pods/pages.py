"""A one-bit 128x64 frame as SSD1306/SH1106 controllers hold it, and what changed in it.

The controllers' memory is 8 *pages* of 128 bytes; byte ``x`` of page ``p`` holds the column
``x`` of rows ``8p .. 8p+7``, least significant bit at the top. A pod sends only the pages
that differ from what the panel already shows: most moves change one or two of the eight.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

WIDTH, HEIGHT = 128, 64
PAGE_ROWS = 8
PAGES = HEIGHT // PAGE_ROWS

Pages = tuple[bytes, ...]


def to_pages(image: Image.Image) -> Pages:
    """The image (any mode, 128x64) as the controller's 8 pages; a lit pixel is a set bit."""
    if image.size != (WIDTH, HEIGHT):
        raise ValueError(f"a pod's frame is {WIDTH}x{HEIGHT}, not {image.size[0]}x{image.size[1]}")
    # Transposed, each image row is one panel column: its packed bytes are the column's
    # pages, but most significant bit first, so each byte's bit order is reversed after.
    column_major = image.convert("1").transpose(Image.Transpose.TRANSPOSE).tobytes()
    flipped = column_major.translate(_REVERSED_BITS)
    per_column = HEIGHT // 8
    return tuple(bytes(flipped[x * per_column + page] for x in range(WIDTH))
                 for page in range(PAGES))


_REVERSED_BITS = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def from_pages(pages: Sequence[bytes]) -> Image.Image:
    """The inverse of :func:`to_pages`: what a panel holding these pages shows."""
    # Each column's pages, bits turned back to most significant first, are one row of the
    # transposed image (as in to_pages, the other way round).
    column_major = bytes(pages[page][x] for x in range(WIDTH) for page in range(PAGES))
    transposed = Image.frombytes("1", (HEIGHT, WIDTH), column_major.translate(_REVERSED_BITS))
    return transposed.transpose(Image.Transpose.TRANSPOSE)


def changed_runs(old: Pages | None, new: Pages) -> list[tuple[int, int]]:
    """The pages of ``new`` that differ from ``old`` as (first, last) runs of neighbours;
    every page when the panel's content is unknown (``old`` None)."""
    changed = [p for p in range(PAGES) if old is None or old[p] != new[p]]
    runs: list[tuple[int, int]] = []
    for page in changed:
        if runs and runs[-1][1] == page - 1:
            runs[-1] = (runs[-1][0], page)
        else:
            runs.append((page, page))
    return runs

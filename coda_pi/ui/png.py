"""A surface to a PNG file, quickly: for the hundreds of screens tools/render-screens and the
tests write at once.

``pygame.image.save`` spends 7 ms of CPU on a screen (libpng's default compression and
filters): 2 s for the 261 screens of one language, 80 % of the cost of rendering them. A
screen is large areas of flat colour, which zlib's fastest level packs almost as well; the
file is an ordinary 8-bit RGB PNG that any viewer (and ``pygame.image.load``) reads.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pygame

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_RGB, _BIT_DEPTH = 2, 8  # PNG's colour type for RGB, 8 bits a channel
_NO_FILTER = b"\x00"  # each scanline starts with its filter type


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data)))


def save_png(surface: pygame.Surface, path: Path) -> None:
    """Write ``surface`` (its RGB; a screen has no transparency) to ``path`` as PNG."""
    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGB")
    stride = width * 3
    scanlines = b"".join(_NO_FILTER + pixels[y * stride:(y + 1) * stride]
                         for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, _BIT_DEPTH, _RGB, 0, 0, 0)
    path.write_bytes(_SIGNATURE + _chunk(b"IHDR", header)
                     + _chunk(b"IDAT", zlib.compress(scanlines, 1)) + _chunk(b"IEND", b""))

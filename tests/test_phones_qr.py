"""The phones' QR code on the device's screen: on the Coda and the Mastermind setup and on
the BACK menu's "Phones" page, at every supported size and in both languages, a real QR
reader (zbarimg, installed by .ci/run) reads the table's address off the drawn frame, and
the drawn modules are segno's matrix for it, each at least ``MIN_MODULE`` pixels (2 where a
menu's long values leave 320x240 less room)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

from coda_pi.i18n import LANGUAGES, in_language
from coda_pi.ui.phones_card import MIN_MODULE, QUIET, SMALLEST_MODULE, WHITE, qr_matrix
from coda_pi.ui.phones_samples import OFFER_CARD, SAMPLE_CARD, phones_scenes
from coda_pi.ui.render_all import SIZES
from coda_pi.ui.screens import draw_scene

SCENES = ("phones-setup", "phones-mm-setup", "phones-menu", "phones-seat-code",
          "phones-menu-seat-code")
CARDS = {"phones-seat-code": OFFER_CARD, "phones-menu-seat-code": OFFER_CARD}
"""The scenes whose code is an offered seat's own (a longer address: the one-time token)."""


def _url(name: str) -> str:
    return CARDS.get(name, SAMPLE_CARD).code_url


def _frame(name: str, size: tuple[int, int], language: str) -> pygame.Surface:
    if not pygame.font.get_init():
        pygame.font.init()
    with in_language(language):
        scene = phones_scenes()[name]
        surface = pygame.Surface(size)
        draw_scene(surface, scene)
    return surface


def _white_square(surface: pygame.Surface) -> pygame.Rect:
    """The code's white square: the largest square of pure white on the frame (nothing
    else on the device's screens is pure white)."""
    white = pygame.mask.from_threshold(surface, (*WHITE, 255), (1, 1, 1, 255))
    rects = white.get_bounding_rects()
    assert rects, "no code on the frame"
    return max(rects, key=lambda r: r.width * r.height)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", SCENES)
def test_the_drawn_code_is_segno_s_matrix_in_whole_modules(
        name: str, size: tuple[int, int], language: str) -> None:
    surface = _frame(name, size, language)
    square = _white_square(surface)
    matrix = qr_matrix(_url(name))
    count = len(matrix) + 2 * QUIET
    assert square.width == square.height and square.width % count == 0
    module = square.width // count
    # Mastermind's long "2 players, device scores" leaves the 2.8" screen a smaller code.
    tight = (name, size) == ("phones-mm-setup", (320, 240))
    assert module >= (SMALLEST_MODULE if tight else MIN_MODULE)
    assert surface.get_rect().contains(square)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            centre = (square.left + (x + QUIET) * module + module // 2,
                      square.top + (y + QUIET) * module + module // 2)
            assert (surface.get_at(centre)[:3] == (0, 0, 0)) is dark, (x, y)


need_zbar = pytest.mark.skipif(shutil.which("zbarimg") is None,
                               reason="no zbarimg (apt install zbar-tools; .ci/run does)")


@need_zbar
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", SCENES)
def test_a_qr_reader_reads_the_address_off_every_size(name: str, language: str,
                                                      tmp_path: Path) -> None:
    for w, h in SIZES:
        path = tmp_path / f"{name}-{w}x{h}.png"
        pygame.image.save(_frame(name, (w, h), language), str(path))
        read = subprocess.run(["zbarimg", "--quiet", "--raw", str(path)],
                              capture_output=True, text=True, timeout=30)
        assert read.stdout.strip() == _url(name), (path.name, read.stderr)

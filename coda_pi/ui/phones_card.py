"""Where phones open their seat pages, drawn: a QR code a phone's camera reads off the
device's screen, and the address in text for whoever types it.

The code is segno's matrix for the address, drawn as whole pixels (every module the same
square of ``module`` pixels, never scaled with smoothing) in black on white with a light
quiet zone around it: the device's dark background must not touch the code. Below
``MIN_MODULE`` pixels a module is too small for a phone at arm's length on the 2.8"
screen, so the code is drawn that large or not at all (tests/test_phones_qr.py decodes the
drawn frames at every size).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from coda_pi.i18n import _
from coda_pi.referee.shared.seat_screens import PhonesCard, PhonesView
from coda_pi.ui import theme
from coda_pi.ui.draw import MenuItem, draw_banner, draw_menu
from coda_pi.ui.layout import Frame, split_rows
from coda_pi.ui.looks import seat_colour
from coda_pi.ui.text import blit_text, floor_font

QUIET = 2
"""Light modules around the code. The standard asks for 4 on paper; a screen's code is
read head on, and 2 (as the hub's page uses) keep the code large on 320x240."""
MIN_MODULE = 3
"""Pixels per module wherever there is room: 0.5 mm on a 2.8" 320x240 screen."""
SMALLEST_MODULE = 2
"""Where a setup menu's long values leave less room on 320x240 (Mastermind's "2 players,
device scores"): 0.36 mm modules, a 9 mm code, which a phone's camera reads at 10 cm."""
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


@lru_cache(maxsize=4)
def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The dark modules of ``url``'s QR code, row by row (no quiet zone). The lowest error
    level that segno raises as far as the smallest version allows: a screen is not a
    crumpled sticker, and fewer modules mean larger ones."""
    import segno  # only where phones are on

    code = segno.make(url, error="l", boost_error=True)
    return tuple(tuple(bool(cell) for cell in row) for row in code.matrix)


def qr_side(url: str, module: int) -> int:
    """Pixels of the code with its quiet zone, at ``module`` pixels per module."""
    return (len(qr_matrix(url)) + 2 * QUIET) * module


def module_for(url: str, side: int) -> int:
    """The largest whole module that keeps the code within ``side`` pixels (0: none fits)."""
    module = side // (len(qr_matrix(url)) + 2 * QUIET)
    return module if module >= MIN_MODULE else 0


@lru_cache(maxsize=8)
def _qr_image(url: str, module: int) -> pygame.Surface:
    matrix = qr_matrix(url)
    image = pygame.Surface((qr_side(url, module),) * 2)
    image.fill(WHITE)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                image.fill(BLACK, ((x + QUIET) * module, (y + QUIET) * module, module, module))
    return image


def draw_qr(surface: pygame.Surface, rect: pygame.Rect, url: str, *, top: bool = True
            ) -> pygame.Rect | None:
    """The code as large as fits ``rect`` (centred across, at its top or its middle);
    where it went, None when it would be too small to read."""
    module = module_for(url, min(rect.width, rect.height))
    if not module:
        return None
    image = _qr_image(url, module)
    placed = image.get_rect(centerx=rect.centerx)
    if top:
        placed.top = rect.top
    else:
        placed.centery = rect.centery
    surface.blit(image, placed)
    return placed


def setup_with_code(surface: pygame.Surface, bands: Frame, card: PhonesCard,
                    names: tuple[str, ...], items: list[MenuItem], cursor: int) -> bool:
    """The setup menu with the phones' code beside it: in a column of its own (the players
    under it where they fit) when every line fits beside that column, else over the
    bottom lines that have no value (Start, More...), whose words end well left of it.
    False when neither leaves a readable code: the setup is drawn without it (the header
    still gives the address)."""
    m, body = bands.metrics, bands.body
    height = surface.get_height()
    widest = round(body.width * 0.36)
    # As large as leaves the players room under it; where it cannot, larger without them.
    fnt = floor_font(height)
    names_h = len(names) * (fnt.get_linesize() + 2) + m.margin
    module = module_for(card.code_url, min(body.height - names_h, widest))
    if module and not _names_fit(fnt, names, qr_side(card.code_url, module), m.margin):
        module = 0
    module = module or module_for(card.code_url, min(round(body.height * 0.62), widest))
    side = qr_side(card.code_url, max(module, MIN_MODULE))
    menu = pygame.Rect(body.left, body.top, body.width - side - m.margin, body.height)
    if _menu_width(items, menu, height) <= menu.width:
        draw_menu(surface, menu, "", items, cursor, max_lines=6)
        column = pygame.Rect(menu.right + m.margin, body.top, side, body.height)
        placed = draw_qr(surface, column, card.code_url)
        if placed is not None:
            _names_under(surface, column, placed, names, m.margin)
        return placed is not None
    return _code_over_free_lines(surface, bands, card, items, cursor)


def _menu_width(items: list[MenuItem], rect: pygame.Rect, height: int) -> int:
    """Pixels the widest line of ``draw_menu`` needs in ``rect`` (its font, its padding)."""
    lines = min(len(items), 6)
    line_h = rect.height // lines
    pad = max(3, line_h // 4)
    fnt = floor_font(height)
    return max(fnt.size(f"{i.label}  {i.value or ''}")[0] for i in items) + 2 * pad


def _code_over_free_lines(surface: pygame.Surface, bands: Frame, card: PhonesCard,
                          items: list[MenuItem], cursor: int) -> bool:
    m, body = bands.metrics, bands.body
    lines = len(items)
    if not 0 < lines <= 6:  # a menu that scrolls moves its lines under the code
        return False
    line_h = body.height // lines
    pad = max(3, line_h // 4)
    fnt = floor_font(surface.get_height())
    free = 0  # the bottom lines with no value: their words are at their left
    words = 0
    for item in reversed(items):
        if item.value:
            break
        free += 1
        words = max(words, fnt.size(item.label)[0] + 2 * pad)
    room = pygame.Rect(body.left + words + 2 * m.margin, body.top + (lines - free) * line_h,
                       0, free * line_h)
    room.width = body.right - room.left
    cap = min(round(body.height * 0.62), round(body.width * 0.36))
    module = min(room.width, room.height, cap) // (len(qr_matrix(card.code_url)) + 2 * QUIET)
    if module < SMALLEST_MODULE:
        return False
    draw_menu(surface, body, "", items, cursor, max_lines=6)
    image = _qr_image(card.code_url, module)
    placed = image.get_rect(right=body.right, bottom=room.bottom)
    # A band of the background around it: the cursor's bar stops clear of the code.
    pygame.draw.rect(surface, theme.BACKGROUND, placed.inflate(2 * m.margin, 0))
    surface.blit(image, placed)
    return True


def _names_fit(fnt: pygame.font.Font, names: tuple[str, ...], width: int, margin: int) -> bool:
    return all(fnt.size(name)[0] + 2 * margin <= width for name in names)


def _names_under(surface: pygame.Surface, column: pygame.Rect, placed: pygame.Rect,
                 names: tuple[str, ...], margin: int) -> None:
    """The players under the code, each in its seat colour, where all of them fit whole."""
    rest = pygame.Rect(column.left, placed.bottom + margin, column.width,
                       column.bottom - placed.bottom - margin)
    fnt = floor_font(surface.get_height())
    line = fnt.get_linesize()
    if (names and _names_fit(fnt, names, column.width, margin)
            and rest.height >= len(names) * (line + 2)):
        for seat, (row, name) in enumerate(zip(split_rows(rest, len(names), 2), names,
                                               strict=False)):
            draw_banner(surface, row, name, seat_colour(seat))


def draw_phones_page(surface: pygame.Surface, bands: Frame, view: PhonesView,
                     box: pygame.Rect) -> None:
    """The BACK menu's "Phones" page inside ``box``: the address across the top, the code
    on the left, the seats (who has a phone) on the right with the cursor."""
    m = bands.metrics
    line = floor_font(surface.get_height()).get_linesize()
    top = pygame.Rect(box.left, box.top, box.width, round(line * 1.3))
    # Every address where the device has several (Ethernet and its access point), as many
    # as fit on the line; the code is the first's.
    def header(shown: tuple[str, ...]) -> str:
        return _("Phones: {address}").format(address=_(" or ").join(shown))

    fnt = floor_font(surface.get_height())  # the smallest the line may be drawn in
    shown = view.card.addresses
    while len(shown) > 1 and fnt.size(header(shown))[0] > box.width:
        shown = shown[:-1]
    blit_text(surface, header(shown), top, theme.TEXT, align="left")
    below = pygame.Rect(box.left, top.bottom + m.margin // 2, box.width,
                        box.bottom - top.bottom - m.margin // 2)
    if view.card.fingerprint:
        # For whoever compares it with the browser's; only where a line is left for it.
        text = _("Certificate {fingerprint}").format(fingerprint=view.card.fingerprint)
        fnt = floor_font(surface.get_height())
        if fnt.size(text)[0] <= box.width and below.height >= 8 * line:
            foot = pygame.Rect(box.left, box.bottom - line, box.width, line)
            blit_text(surface, text, foot, theme.TEXT_DIM, align="left", fnt=fnt)
            below.height -= line + m.margin // 2
    others = view.card.addresses[len(shown):]
    if others:
        # The addresses the header had no room for, on a line of their own where one is left.
        text = _("Also: {addresses}").format(addresses=_(" or ").join(others))
        if fnt.size(text)[0] <= box.width and below.height >= 7 * line:
            foot = pygame.Rect(box.left, below.bottom - line, box.width, line)
            blit_text(surface, text, foot, theme.TEXT, align="left", fnt=fnt)
            below.height -= line + m.margin // 2
    side = min(below.height, round(below.width * 0.5))
    placed = draw_qr(surface, pygame.Rect(below.left, below.top, side, below.height),
                     view.card.code_url)
    left = placed.right + m.margin if placed is not None else below.left
    seats = pygame.Rect(left, below.top, below.right - left, below.height)
    draw_menu(surface, seats, "", [MenuItem(text) for text in view.lines], view.cursor,
              max_lines=len(view.lines))


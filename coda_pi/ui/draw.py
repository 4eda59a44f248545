"""The drawing primitives every screen is made of: panel, row, banner, timer, LED strip, menu.

Each takes the surface and the rectangle it may fill and draws only there; none of them
knows any game rule. Sizes come from the rectangle, so the same call reads at 320x240 and
at 800x480.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from coda_pi.ui import theme
from coda_pi.ui.memo import Memo
from coda_pi.ui.text import (
    CONDENSE,
    NUMBER,
    SHORTEST_NAME,
    blit_text,
    blit_wrapped,
    cap_floor,
    cap_height,
    elide,
    elide_names_first,
    fit_font,
    floor_font,
    floor_size,
    font,
    readable,
    recording,
    shorten_name,
    wrap_to_width,
    wrapped_layout,
)
from coda_pi.ui.theme import RGB


@dataclass(frozen=True, slots=True)
class PanelLook:
    """How one panel appears: its colour ("D" or "L"), the label on its face when the
    viewer may see it (None: only the back shows), whether it is knocked down, and whether a
    cursor or a "this one" mark is on it."""

    colour: str
    label: str | None = None
    down: bool = False
    marked: bool = False
    faint: bool = False  # a slot shown for context only (the drawn panel's would-be place)


def panel_colours(colour: str) -> tuple[RGB, RGB, RGB]:
    """(face, digit, edge) of a dark or light panel."""
    if colour == "D":
        return theme.DARK_PANEL, theme.DARK_PANEL_DIGIT, theme.DARK_PANEL_EDGE
    return theme.LIGHT_PANEL, theme.LIGHT_PANEL_DIGIT, theme.LIGHT_PANEL_EDGE


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, look: PanelLook) -> pygame.Rect:
    """One panel in ``rect``. A knocked-down one keeps its full size (its number must read
    from across the table) and wears a red band along its top edge. Returns the rectangle
    drawn."""
    if look.faint or recording() or surface.get_flags() & pygame.SRCALPHA:
        # A faint panel's veil blends with what lies under its corners, so it is drawn
        # where it stands; so is every panel while the readability tests read the numbers.
        return _draw_panel(surface, rect, look, surface.get_height())
    # A row's panels look the same from frame to frame: each look at each size is drawn
    # once, on a surface of the screen's own pixel format (so its number blends into the
    # face exactly as it would on the screen), and blitted around its corners (colour key).
    # Keyed on the look's fields, not the look: hashing a frozen dataclass runs Python
    # code, and a new turn's frame looks up some forty panels (3.6 us a panel, 2.4 of
    # it not the blit).
    key = (rect.width, rect.height, look.colour, look.label, look.down, look.marked,
           surface_format(surface))
    image = _panel_images.get(key)
    if image is None:
        pad = _halo_pad(rect, surface.get_height())
        image = pygame.Surface((rect.width + 2 * pad, rect.height + 2 * pad), 0, surface)
        image.fill(_PANEL_KEY)
        _draw_panel(image, pygame.Rect(pad, pad, rect.width, rect.height), look,
                    surface.get_height())
        # A plain colour key, not run-length encoded: SDL encodes a run-length image for
        # the surface it is blitted onto and again for every other one, and a panel goes
        # onto the screen and onto each seat's band drawn aside (ui/kept.py): encoding it
        # anew made a kept panel cost 23 us instead of 2.
        image.set_colorkey(_PANEL_KEY)
        _panel_images.put(key, image)
    else:
        pad = _halo_pad(rect, surface.get_height())
    surface.blit(image, (rect.left - pad, rect.top - pad))
    return rect.copy()


def surface_format(surface: pygame.Surface) -> tuple[int, int, tuple[int, ...]]:
    """What of ``surface`` a kept image drawn for it depends on (the screen's height for
    the readability floor, its pixel format), looked up once per surface: a frame asks
    for every panel it draws."""
    found = _formats.get(surface)
    if found is None:
        found = _formats.put(surface, (surface.get_height(), surface.get_bitsize(),
                                       surface.get_masks()))
    return found


_formats: Memo[tuple[int, int, tuple[int, ...]]] = Memo(1)
"""The format of the surface drawn on last (the canvas, or a part drawn aside): one, so
that no image is kept alive by it."""


_PANEL_KEY = (255, 0, 255)
"""Around a panel's drawn corners: a colour no panel, number or halo is ever drawn in."""
_panel_images: Memo[pygame.Surface] = Memo(512, budget=4 * 2**20, recent=True)
"""A panel per look, size and screen: 12 numbers in two colours, marked, knocked down,
at the few sizes the layouts use (a demo tournament at 480x320 draws about 170, 5 MiB).
At 64 a new screen drew most of its panels again; the numbers every screen shows stay."""


def halo_reach(width: int, screen_height: int) -> int:
    """How far the cursor's ring reaches past a panel ``width`` wide: thick enough to see
    from across the table, and no thicker than the gap rows keep between their panels
    (``_row_layout``) less a line of background, so that it never covers a neighbour's
    edge (evening 3: it did, by 2 to 6 pixels)."""
    return max(2, min(width // 10, screen_height // 60))


def _halo_pad(rect: pygame.Rect, screen_height: int) -> int:
    return halo_reach(rect.width, screen_height)


def dial_arrow_room(size: int, screen_height: int) -> int:
    """The width a dial keeps free on each side of its panel for an arrow of half-height
    ``size`` (``draw_dial_arrows``): the ring, a line of background, the arrow."""
    return _arrow_clearance(max(2, screen_height // 60), size) + 2 * size


def _arrow_clearance(reach: int, size: int) -> int:
    return reach + max(2, size // 3)


def fitting_arrow_size(room: int, reach: int, wanted: int) -> int:
    """The half-height of an arrow that fits ``room`` beside a panel whose ring reaches
    ``reach``, up to ``wanted``."""
    return max(2, min(wanted, (room - reach - 2) * 3 // 7))


def draw_dial_arrows(surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
    """PREV/NEXT turn the dial: an arrow either side of its panel ``rect``, ``2 * size``
    tall, pointing out, with a line of background between it and the cursor's ring."""
    clear = _arrow_clearance(halo_reach(rect.width, surface.get_height()), size)
    y = rect.centery
    for base, direction in ((rect.left - clear, -1), (rect.right - 1 + clear, 1)):
        tip = (base + direction * 2 * size, y)
        pygame.draw.polygon(surface, theme.CURSOR, [tip, (base, y - size), (base, y + size)])


def _draw_panel(surface: pygame.Surface, rect: pygame.Rect, look: PanelLook,
                screen_height: int) -> pygame.Rect:
    face, digit, edge = panel_colours(look.colour)
    radius = max(2, rect.width // 8)
    border = max(1, rect.width // 18)
    body = rect.copy()
    if look.marked:
        reach = halo_reach(body.width, screen_height)
        halo = body.inflate(2 * reach, 2 * reach)
        pygame.draw.rect(surface, theme.CURSOR, halo, border_radius=radius + reach)
    pygame.draw.rect(surface, face, body, border_radius=radius)
    pygame.draw.rect(surface, edge, body, width=border, border_radius=radius)
    stripe = _down_stripe(body) if look.down else 0
    if look.down:
        pygame.draw.rect(
            surface,
            theme.BAD,
            pygame.Rect(body.left + border, body.top + border, body.width - 2 * border, stripe),
        )
    if look.label is not None:
        inner = label_box(body, down=look.down)
        if look.label == "-":
            # The font's hyphen is a thin sliver; a dash panel shows a bold bar.
            bar = pygame.Rect(0, 0, round(inner.width * 0.7), max(2, inner.height // 9))
            bar.center = inner.center
            pygame.draw.rect(surface, digit, bar)
        else:
            blit_text(surface, look.label, inner, digit, largest=_panel_font_size(rect),
                      role=NUMBER, screen_height=screen_height)
    if look.faint:
        surface.blit(veil(body.size, (*theme.BACKGROUND, 140)), body.topleft)
    return body


def veil(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A see-through surface of ``size`` in ``colour`` (its alpha last), to blit over what
    it dims; made once per size and colour (a whole screen of it is 600 kB to fill)."""
    key = (size, colour)
    found = _veils.get(key)
    if found is None:
        found = pygame.Surface(size, pygame.SRCALPHA)
        found.fill(colour)
        _veils.put(key, found)
    return found


_veils: Memo[pygame.Surface] = Memo(16)


def _down_stripe(body: pygame.Rect) -> int:
    return max(2, body.height // 10)


def label_box(body: pygame.Rect, *, down: bool = False) -> pygame.Rect:
    """The part of a panel its number is drawn in."""
    border = max(1, body.width // 18)
    inner = body.inflate(-2 * border - max(2, body.width // 14), -2 * border)
    if down:
        stripe = _down_stripe(body)
        inner.top += stripe
        inner.height -= stripe
    return inner


def _panel_font_size(rect: pygame.Rect) -> int:
    # The same size for every panel of a row, whatever its label ("1" vs "11"), chosen so
    # that the widest label, "11", fits a standing panel.
    return max(6, min(int(rect.height * 0.75), int(rect.width * 1.05)))


PANEL_ASPECT = 0.62
"""Width over height of a standing panel (the real ones are about 2.2 x 3.5 cm)."""
_WIDEST_LABELS = ("10", "11", "Q", "J", "K", "8")


def labelled_panel_size(screen_height: int) -> tuple[int, int]:
    """The smallest (width, height) of a panel whose number still reaches the floor: what a
    crowded row may shrink to, and no further."""
    kept = _panel_sizes.get(screen_height)
    if kept is None:
        kept = _panel_sizes.put(screen_height, _labelled_panel_size(screen_height))
    return kept


_panel_sizes: Memo[tuple[int, int]] = Memo(16)


def _labelled_panel_size(screen_height: int) -> tuple[int, int]:
    fnt = floor_font(screen_height, NUMBER)
    ink_w = math.ceil(max(fnt.size(label)[0] for label in _WIDEST_LABELS) * CONDENSE)
    cap = cap_height(fnt)
    # Inverse of label_box: the border and padding eat about 1/6 of the width and the
    # band of a knocked-down panel 1/10 of the height.
    width = int(ink_w / 0.8) + 4
    height = int((cap + 4) / 0.78) + 2
    return width, height


def row_rects(area: pygame.Rect, count: int, *, max_height: int | None = None) -> list[pygame.Rect]:
    """The slots of ``count`` panels laid out left to right, centred in ``area``."""
    if count <= 0:
        return []
    height = area.height if max_height is None else min(area.height, max_height)
    gap = max(2, area.width // 120)
    if count * 2 + gap * (count - 1) > area.width:
        gap = 1 if count * 2 + count - 1 <= area.width else 0
    width = min(int(height * PANEL_ASPECT), (area.width - gap * (count - 1)) // count)
    width = max(1, width)
    height = min(height, int(width / PANEL_ASPECT))
    total = count * width + (count - 1) * gap
    left = area.left + (area.width - total) // 2
    top = area.top + (area.height - height) // 2
    return [pygame.Rect(left + i * (width + gap), top, width, height) for i in range(count)]


def row_fits(area: pygame.Rect, labelled: Sequence[bool], screen_height: int) -> bool:
    """Whether ``row_layout`` can lay these panels out in ``area`` with every number at the
    floor."""
    rects = row_layout(area, labelled, screen_height)
    return all(area.contains(r) for r in rects)


def row_layout(
    area: pygame.Rect,
    labelled: Sequence[bool],
    screen_height: int,
    *,
    max_height: int | None = None,
    align: str = "center",
) -> list[pygame.Rect]:
    """The slots of a row of panels in ``area``, left to right, keeping every number at the
    readable floor however long the row: a panel with no number showing (a standing one on
    the public screen) narrows first, then the row wraps onto a second line. The chrome
    shrinks, the numbers do not."""
    count = len(labelled)
    if count == 0:
        return []
    # Worked out once per row and area: a frame asks again for the rows it drew last time.
    key = (tuple(area), tuple(labelled), screen_height, max_height, align)
    kept = _row_layouts.get(key)
    if kept is not None:
        return [pygame.Rect(r) for r in kept]
    rects = _row_layout(area, labelled, screen_height, max_height, align)
    _row_layouts.put(key, tuple(tuple(r) for r in rects))
    return rects


_row_layouts: Memo[tuple[tuple[int, int, int, int], ...]] = Memo(128)
# A tournament lays out about 120 rows, a frame up to four: full within the first game.


def _row_layout(area: pygame.Rect, labelled: Sequence[bool], screen_height: int,
                max_height: int | None, align: str) -> list[pygame.Rect]:
    gap = max(2, area.width // 120)
    rects = _row_layout_gap(area, labelled, screen_height, max_height, align, gap)
    # The cursor's ring round any of them sits in the gap, a line of background to spare:
    # wider panels, a wider gap (wider gaps only narrow the panels, so once is enough).
    # Where even the narrowest panels leave no room for it, the row keeps its place.
    wanted = halo_reach(max(r.width for r in rects), screen_height) + 1
    if gap < wanted:
        roomy = _row_layout_gap(area, labelled, screen_height, max_height, align, wanted)
        if all(area.contains(r) for r in roomy):
            return roomy
    return rects


def _row_layout_gap(area: pygame.Rect, labelled: Sequence[bool], screen_height: int,
                    max_height: int | None, align: str, gap: int) -> list[pygame.Rect]:
    count = len(labelled)
    min_w, min_h = labelled_panel_size(screen_height)
    for lines in (1, 2):
        line_h = (area.height - gap * (lines - 1)) // lines
        height = line_h if max_height is None else min(line_h, max_height)
        if lines > 1 and height < min_h:
            break
        per_line = -(-count // lines)
        natural = max(int(height * PANEL_ASPECT), 1)
        room = area.width - gap * (per_line - 1)
        widths = _widths(labelled, natural, min_w, room, per_line, lines)
        if widths is not None:
            # Narrow panels need not be tall: keep about a panel's shape, never below the
            # height a number needs.
            height = max(min(height, int(max(widths) / PANEL_ASPECT * 1.2)), min(min_h, height))
            return _place(area, widths, lines, per_line, height, gap, align)
    # Nothing fits: one line at the floor size, wider than its area (the tests will say).
    widths = [max(min_w, 1) if lab else max(2, min_w // 3) for lab in labelled]
    height = max(min_h, area.height if max_height is None else min(area.height, max_height))
    return _place(area, widths, 1, count, height, gap, align)


def _widths(labelled: Sequence[bool], natural: int, min_w: int, room: int, per_line: int,
            lines: int) -> list[int] | None:
    """Widths that fit ``room`` on every line, or None. Labelled panels keep at least
    ``min_w``; the others narrow down to a third of the natural width."""
    chunks = [labelled[i:i + per_line] for i in range(0, len(labelled), per_line)]
    for shrink in (1.0, 0.8, 0.65, 0.5, 0.4):
        blank_w = max(3, int(natural * shrink))
        for labelled_w in (max(natural, min_w), max(int(natural * shrink), min_w)):
            widths = [labelled_w if lab else min(blank_w, labelled_w) for lab in labelled]
            spans = [sum(widths[i * per_line:i * per_line + len(c)]) for i, c in enumerate(chunks)]
            if all(span <= room for span in spans):
                return widths
    return None


def _place(area: pygame.Rect, widths: Sequence[int], lines: int, per_line: int, height: int,
           gap: int, align: str) -> list[pygame.Rect]:
    rects = []
    total_h = lines * height + (lines - 1) * gap
    top = area.top + (area.height - total_h) // 2
    for line in range(lines):
        chunk = widths[line * per_line:(line + 1) * per_line]
        span = sum(chunk) + gap * (len(chunk) - 1)
        x = area.left if align == "left" else area.left + (area.width - span) // 2
        y = top + line * (height + gap)
        for w in chunk:
            rects.append(pygame.Rect(x, y, w, height))
            x += w + gap
    return rects


def draw_row(
    surface: pygame.Surface,
    area: pygame.Rect,
    panels: Sequence[PanelLook],
    *,
    max_height: int | None = None,
) -> list[pygame.Rect]:
    """A player's row of panels, left to right (on two lines when one would shrink the
    numbers); returns each panel's slot."""
    rects = row_layout(area, [p.label is not None for p in panels], surface.get_height(),
                       max_height=max_height)
    for rect, look in zip(rects, panels, strict=True):
        draw_panel(surface, rect, look)
    return rects


def dial_arrow_size(screen_height: int) -> int:
    """Half the height of a dial's arrows (PREV/NEXT turn it): seen from across the table
    like the words, so never shorter than the instruction floor's cap height (a 24th of the
    screen)."""
    return max(3, -(-cap_floor(screen_height) * 3 // 4))


def draw_banner(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    colour: RGB,
    *,
    subtitle: str | None = None,
    subtitle_colour: RGB | None = None,
) -> None:
    """A bar in ``colour`` with ``text`` as large as fits (the name of whose turn it is), and
    under it an optional ``subtitle`` line (on a chip of ``subtitle_colour`` when given: what
    just happened, coloured by how it went). Nothing is cut: a sentence too long for the
    bar's lines takes more of them, at the readable floor (``banner_room`` says how many
    pixels more the header needs for it)."""
    radius = max(2, rect.height // 6)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    ink = theme.ink_on(colour)
    pad = max(1, rect.height // 14)
    inner = rect.inflate(-2 * pad - rect.height // 3, -2 * pad)
    screen_h = surface.get_height()
    floor = floor_font(screen_h)
    if subtitle and subtitle_colour is not None and floor.size(subtitle)[0] > inner.width:
        # What just happened, too long for one line under the title: beside it instead, on
        # as many lines as the header holds; else alone across the bar.
        if not _banner_beside(surface, rect, inner, text, ink, subtitle, subtitle_colour, pad,
                              radius):
            _banner_across(surface, rect, subtitle, subtitle_colour)
    elif subtitle:
        # The subtitle gets at least one line of the smallest readable text; the title (whose
        # turn) keeps the rest.
        line = floor.get_linesize()
        sub_h = max(line + 1, round(inner.height * 0.42))
        main = pygame.Rect(inner.left, inner.top, inner.width, inner.height - sub_h)
        sub = pygame.Rect(inner.left, main.bottom, inner.width, sub_h)
        blit_text(surface, text, main, ink)
        sub_ink = ink
        if subtitle_colour is not None:
            chip = pygame.Rect(rect.left + pad, sub.top, rect.width - 2 * pad,
                               rect.bottom - pad - sub.top)
            pygame.draw.rect(surface, subtitle_colour, chip, border_radius=radius)
            sub_ink = theme.ink_on(subtitle_colour)
        blit_wrapped(surface, subtitle, sub, sub_ink, align="center", max_lines=2)
    elif fit_font(text, inner.width, inner.height).get_height() >= inner.height * 0.45:
        blit_text(surface, text, inner, ink)
    elif len(wrap_to_width(text, floor, inner.width)) <= 2:
        # Too long for one line at a good size: two.
        blit_wrapped(surface, text, inner, ink, align="center", max_lines=2)
    else:
        # Longer still (a notice as the setup's title): across the whole bar, on as many
        # lines as it needs (the header was made tall enough: ``banner_room``).
        room = _across_room(rect, screen_h)
        blit_wrapped(surface, text, room, ink, align="center",
                     max_lines=max(1, room.height // floor.get_linesize()),
                     largest=floor_size(screen_h))


def banner_room(header: pygame.Rect, news: str, screen_height: int) -> int:
    """Pixels ``header`` must gain for ``news`` (the referee's banner) to be read whole: 0
    where it fits as the header is laid out (on a line under the title, beside the widest
    title on a chip, or alone across the bar), else what the news across the whole bar
    needs, at the readable floor. The body gives those pixels up while the news stands."""
    # Asked by every frame the banner stands in (the timer's seconds among them).
    key = (tuple(header), news, screen_height)
    kept = _banner_rooms.get(key)
    if kept is None:
        kept = _banner_rooms.put(key, _banner_room(header, news, screen_height))
    return kept


_banner_rooms: Memo[int] = Memo(32)


def _banner_room(header: pygame.Rect, news: str, screen_height: int) -> int:
    floor = floor_font(screen_height)
    pad = max(1, header.height // 14)
    inner = header.inflate(-2 * pad - header.height // 3, -2 * pad)
    if floor.size(news)[0] <= inner.width:
        return 0
    lines = max(1, (header.height - 2 * pad - 2) // floor.get_linesize())
    title_rect = pygame.Rect(inner.left, inner.top, inner.width // 2, inner.height)
    if wrapped_layout(news, _chip_beside(header, title_rect, pad).inflate(-2 * pad, -2),
                      screen_height, max_lines=lines)[2]:
        return 0
    needed = len(wrap_to_width(news, floor, _across_text_width(header, screen_height)))
    return max(0, _across_height(needed, screen_height) - header.height)


def _across_pad(screen_height: int) -> int:
    return max(2, floor_font(screen_height).get_linesize() // 6)


def _across_text_width(rect: pygame.Rect, screen_height: int) -> int:
    return rect.width - 4 * _across_pad(screen_height) - 2


def _across_height(news_lines: int, screen_height: int) -> int:
    """A bar holding ``news_lines`` lines on a chip across it, at the floor."""
    line = floor_font(screen_height).get_linesize()
    return 2 * _across_pad(screen_height) + news_lines * line + 2


def _banner_across(surface: pygame.Surface, rect: pygame.Rect, news: str,
                   chip_colour: RGB) -> None:
    """The news alone on a chip across the whole bar, on as many lines as it needs (the
    header was made tall enough: ``banner_room``). The title (whose turn) gives way while
    the news stands: the bar's colour still shows round the chip, and the table marks
    whose turn it is."""
    screen_h = surface.get_height()
    line = floor_font(screen_h).get_linesize()
    spad = _across_pad(screen_h)
    chip = rect.inflate(-2 * spad, -2 * spad)
    pygame.draw.rect(surface, chip_colour, chip, border_radius=max(2, spad * 2))
    room = _across_room(rect, screen_h)
    blit_wrapped(surface, news, room, theme.ink_on(chip_colour), align="center",
                 max_lines=max(1, room.height // line), largest=floor_size(screen_h))


def _across_room(rect: pygame.Rect, screen_height: int) -> pygame.Rect:
    """Where a sentence across the whole bar is written (``_across_height`` holds it)."""
    spad = _across_pad(screen_height)
    room = pygame.Rect(0, 0, _across_text_width(rect, screen_height),
                       rect.height - 2 * spad - 2)
    room.center = rect.center
    return room


def _chip_beside(rect: pygame.Rect, title_rect: pygame.Rect, pad: int) -> pygame.Rect:
    chip = pygame.Rect(title_rect.right + pad * 2, rect.top + pad, 0, rect.height - 2 * pad)
    chip.width = rect.right - pad - chip.left
    return chip


def _banner_beside(surface: pygame.Surface, rect: pygame.Rect, inner: pygame.Rect, title: str,
                   ink: RGB, news: str, chip_colour: RGB, pad: int, radius: int) -> bool:
    """The title on the left, as narrow as it reads; the news on a chip filling the rest.
    False, and nothing drawn, when the news would not fit there even beside a shortened
    name."""
    floor = floor_font(surface.get_height())
    # The title no larger than half again the floor: the news needs the room.
    cap = round(floor_size(surface.get_height()) * 1.5)
    title_font = readable(fit_font(title, inner.width // 2, inner.height, largest=cap),
                          surface.get_height())
    lines = max(1, (rect.height - 2 * pad - 2) // floor.get_linesize())

    def chip_beside(shown: str) -> tuple[pygame.Rect, pygame.Rect]:
        title_w = min(title_font.size(shown)[0], inner.width // 2)
        title_rect = pygame.Rect(inner.left, inner.top, title_w, inner.height)
        return title_rect, _chip_beside(rect, title_rect, pad)

    def fits(chip: pygame.Rect) -> bool:
        return wrapped_layout(news, chip.inflate(-2 * pad, -2), surface.get_height(),
                              max_lines=lines)[2]

    # A long name in the title gives room to the news when the news does not fit beside it.
    shown = title
    title_rect, chip = chip_beside(shown)
    length = len(title)
    while not fits(chip) and length > SHORTEST_NAME:
        length -= 1
        shown = shorten_name(title, length)
        title_rect, chip = chip_beside(shown)
    if not fits(chip):
        return False
    blit_text(surface, elide(shown, title_font, title_rect.width), title_rect, ink,
              fnt=title_font)
    pygame.draw.rect(surface, chip_colour, chip, border_radius=radius)
    blit_wrapped(surface, news, chip.inflate(-2 * pad, -2), theme.ink_on(chip_colour),
                 align="center", max_lines=lines)
    return True


def timer_text(seconds_left: float) -> str:
    """The time left as people read it: "1:05", "0:42", and whole seconds rounded up."""
    whole = max(0, int(-(-seconds_left // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def draw_timer(
    surface: pygame.Surface,
    rect: pygame.Rect,
    seconds_left: float,
    fraction_left: float | None = None,
    *,
    paused: bool = False,
    urgent: bool = False,
    extra: bool = False,
    caption: str | None = None,
) -> None:
    """The guess timer: big digits, amber in the extra period, red in the last seconds;
    under them a bar that empties as the period runs out (when its length is known) or a
    caption ("paused", "extra time")."""
    if paused:
        colour = theme.TEXT_DIM
    elif urgent:
        colour = theme.BAD
    elif extra:
        colour = theme.WARNING
    else:
        colour = theme.TEXT
    below_h = 0
    if fraction_left is not None:
        below_h = max(3, rect.height // 10)
    elif caption:
        below_h = max(8, rect.height // 4)
    digits = pygame.Rect(rect.left, rect.top, rect.width, rect.height - below_h - below_h // 3)
    blit_text(surface, timer_text(seconds_left), digits, colour)
    below = pygame.Rect(rect.left, rect.bottom - below_h, rect.width, below_h)
    if fraction_left is not None:
        pygame.draw.rect(surface, theme.PANEL_AREA, below, border_radius=below_h // 2)
        filled = below.copy()
        filled.width = round(below.width * max(0.0, min(1.0, fraction_left)))
        if filled.width > 0:
            pygame.draw.rect(surface, colour, filled, border_radius=below_h // 2)
    elif caption:
        blit_text(surface, caption, below, colour)


@dataclass(frozen=True, slots=True)
class LedLook:
    """One seat LED as the strip shows it: lit right now, and whether it is blinking."""

    lit: bool
    blinking: bool = False


def draw_led_strip(
    surface: pygame.Surface, rect: pygame.Rect, leds: Sequence[LedLook]
) -> list[pygame.Rect]:
    """The four seat LEDs as lamps in the seat colours (the desktop has no real ones).

    A blinking LED keeps a thin ring in its colour even in its dark phase, so a screenshot
    still tells "blinking" from "off".
    """
    count = max(1, len(leds))
    # In a line when the strip is wide, else two by two (the footer's text needs the width).
    per_row = count if rect.width >= rect.height * 2 else max(1, (count + 1) // 2)
    rows = -(-count // per_row)
    slot_w = rect.width // per_row
    slot_h = rect.height // rows
    diameter = max(4, min(slot_h, slot_w) - 2)
    lamps = []
    for seat, led in enumerate(leds):
        row, column = divmod(seat, per_row)
        centre = (rect.left + slot_w * column + slot_w // 2,
                  rect.top + slot_h * row + slot_h // 2)
        colour = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
        fill = colour if led.lit else theme.LED_OFF
        radius = diameter // 2
        pygame.draw.circle(surface, fill, centre, radius)
        ring = colour if led.blinking or led.lit else theme.dim(colour, 0.6)
        pygame.draw.circle(surface, ring, centre, radius, width=max(1, diameter // 8))
        lamps.append(pygame.Rect(centre[0] - radius, centre[1] - radius, diameter, diameter))
    return lamps


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One line of a menu: what it is, and its current value (None for an action)."""

    label: str
    value: str | None = None
    enabled: bool = True


def draw_menu(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    items: Sequence[MenuItem],
    selected: int,
    *,
    hint: str | None = None,
    max_lines: int | None = None,
) -> None:
    """A title over a list of items, the selected one in a highlight bar, scrolled so the
    selected item is always in view."""
    title_h = max(10, rect.height // 7) if title else 0
    title_rect = pygame.Rect(rect.left, rect.top, rect.width, title_h)
    if title:
        blit_text(surface, title, title_rect, theme.TEXT)
    hint_h = max(8, rect.height // 12) if hint else 0
    list_rect = pygame.Rect(
        rect.left, title_rect.bottom + title_h // 4, rect.width,
        rect.bottom - title_rect.bottom - title_h // 4 - hint_h,
    )
    if hint:
        hint_rect = pygame.Rect(rect.left, rect.bottom - hint_h, rect.width, hint_h)
        blit_text(surface, hint, hint_rect, theme.TEXT_DIM)
    if not items:
        return
    # About six lines fit on every screen; more would make the text too small to read at
    # arm's length on 320x240.
    lines = min(len(items), max_lines or 6)
    line_h = list_rect.height // lines
    first = min(max(0, selected - lines // 2), len(items) - lines)
    pad = max(3, line_h // 4)
    # A list that scrolls keeps a gutter on the right for its arrows, clear of the values
    # (issue 24: the arrow covered the last "1" of "panels 0-11").
    gutter = 2 * _arrow_size(list_rect) + pad // 2 if lines < len(items) else 0
    # One font for every line: as tall as a line allows, narrow enough for the longest one,
    # its label and value a column gap apart.
    widest = max(items, key=lambda i: font(40).size(_menu_line(i))[0])
    fnt = readable(fit_font(_menu_line(widest), list_rect.width - 2 * pad - gutter,
                            int(line_h * 0.72)),
                   surface.get_height())
    column_gap = max(pad, fnt.size(COLUMN_GAP)[0])
    for shown, index in enumerate(range(first, first + lines)):
        item = items[index]
        line = pygame.Rect(list_rect.left, list_rect.top + shown * line_h, list_rect.width, line_h)
        ink = theme.TEXT if item.enabled else theme.TEXT_DIM
        if index == selected:
            pygame.draw.rect(surface, theme.CURSOR, line.inflate(0, -2), border_radius=line_h // 5)
            ink = theme.INK
        inner = line.inflate(-2 * pad, 0)
        inner.width -= gutter
        if item.value is not None:
            # The value gets what the label leaves, but never less than a third.
            label_needs = fnt.size(item.label)[0] + column_gap
            room = max(inner.width // 3, inner.width - label_needs)
            value_w = min(room, fnt.size(item.value)[0])
            value_rect = pygame.Rect(inner.right - value_w, inner.top, value_w, inner.height)
            blit_text(surface, elide(item.value, fnt, value_w), value_rect, ink, align="right",
                      fnt=fnt)
            label_w = inner.width - value_w - column_gap
        else:
            label_w = inner.width
        label_rect = pygame.Rect(inner.left, inner.top, label_w, inner.height)
        # A label naming a player ("3. Konstantinos: phone") shortens the name, not the rest.
        blit_text(surface, elide_names_first(item.label, fnt, label_w), label_rect, ink,
                  align="left", fnt=fnt)
    if first > 0:
        _arrow(surface, list_rect, up=True)
    if first + lines < len(items):
        _arrow(surface, list_rect, up=False)


COLUMN_GAP = "    "
"""Between a menu line's label and its value: about one and a half capitals wide, so that
"Seat 1" and "Ana Maria" read as two columns from across the table (two spaces, once,
read as one name)."""


def _menu_line(item: MenuItem) -> str:
    """A menu line as wide as it is drawn: label, column gap, value."""
    return item.label if item.value is None else item.label + COLUMN_GAP + item.value


def _arrow_size(area: pygame.Rect) -> int:
    """Half the width of a menu's scroll arrow."""
    return max(4, area.height // 30)


def _arrow(surface: pygame.Surface, area: pygame.Rect, *, up: bool) -> None:
    size = _arrow_size(area)
    # In the gutter ``draw_menu`` keeps clear: its right edge a little inside the list's.
    x = area.right - size - max(1, size // 2)
    y = area.top + size if up else area.bottom - size
    tip = y - size if up else y + size
    pygame.draw.polygon(surface, theme.TEXT_DIM, [(x - size, y), (x + size, y), (x, tip)])


def draw_box(
    surface: pygame.Surface, rect: pygame.Rect, colour: RGB, *, width: int = 0
) -> None:
    """A rounded box (a card behind a group of things)."""
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=max(2, rect.height // 12))


def draw_lines(
    surface: pygame.Surface,
    rect: pygame.Rect,
    lines: Sequence[str],
    colour: RGB,
    *,
    max_lines: int | None = None,
) -> None:
    """Several lines of text, one size for all, as large as fits ``rect``."""
    if not lines:
        return
    count = max(len(lines), max_lines or 0)
    line_h = rect.height // count
    longest = max(lines, key=lambda s: font(40).size(s)[0])
    fnt = fit_font(longest, rect.width, int(line_h * 0.9))
    for i, text in enumerate(lines):
        line = pygame.Rect(rect.left, rect.top + i * line_h, rect.width, line_h)
        blit_text(surface, text, line, colour, fnt=fnt)

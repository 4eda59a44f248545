"""Parts of a frame drawn once and kept as images while what they show is unchanged.

A seat's band of the table (its name, points and row) is the same from one frame to the
next while only the timer or the choice beside it moves. ``draw_kept`` draws such a part
in place the first time (the frame a press waits for pays no more than drawing it), and
``keep_waiting``, in the loop's idle, draws it once more onto a surface of its own, on the
table's background colour; later frames blit that image (the background colour as its
colour key, so what the part did not draw stays as it is on the screen). The pixels are the
ones drawing in place gives, as long as the part is drawn over the plain background, which
is where the screens put the table.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

import pygame

from coda_pi.i18n import in_language, language
from coda_pi.ui import theme
from coda_pi.ui.memo import Memo
from coda_pi.ui.text import names_as_shown, names_stack, recording


class Aside(pygame.Surface):
    """A surface for drawing a part aside that answers ``get_height`` with the screen's
    height: the readability floor (``ui.text.cap_floor``) is the screen's, not the part's."""

    screen_height: int
    uses = 0  # blits from the cache so far (see ``draw_kept``)
    colour_key: tuple[int, int, int] = theme.BACKGROUND  # what was not drawn on it

    def get_height(self) -> int:
        return self.screen_height


_kept: Memo[Aside] = Memo(512, budget=24 * 2**20, recent=True, admit=True)
"""A table's seats, the header, the LEDs, what to press, a menu's box: by the bytes of
their images, the most recently used kept. Every sample screen's parts at 480x320 take
19.1 MiB (166 parts: a seat's band 80 kB, a menu's box 480 kB); 24 MiB keeps them all
with room to spare, so a screen shown before finds its parts whatever came between. When
full, a new part is kept only if asked for more often than those it would push out
(ui/memo.py's ``admit``): by recency alone, a cache a little too small for a round of
screens kept none of them (each pushed out just before it came back); at half this budget
the round now finds 103 of its 167 parts kept, where it found 10. At 800x480 it holds
some eighty parts: four seats' bands in their last few rows, and more."""


class _Waiting(NamedTuple):
    """A part drawn in place, to be drawn aside and kept when the loop is idle: what its
    drawing depends on besides its key is the screen's pixel format (``like``, an image of
    one pixel in it) and height, the language and the names on screen of the frame it was
    drawn in."""

    reach: pygame.Rect
    draw: Callable[[pygame.Surface, int, int], None]
    like: pygame.Surface
    height: int
    language: str
    names: tuple[tuple[str, ...], ...]
    colour_key: tuple[int, int, int]


_waiting: Memo[_Waiting] = Memo(24)
"""Parts drawn in place and not kept yet, the newest last (at most as many as are kept)."""
_never: Memo[bool] = Memo(64)
"""Parts found reaching the edge of their room: drawn in place, never tried aside again."""
_unkept: Memo[bool] = Memo(512)
"""Parts drawn in place and not kept since: the next frame to show one draws it aside."""


def draw_kept(surface: pygame.Surface, reach: pygame.Rect, key: Hashable,
              draw: Callable[[pygame.Surface, int, int], None], *,
              colour_key: tuple[int, int, int] = theme.BACKGROUND) -> None:
    """``draw(target, dx, dy)`` draws the part onto ``target`` moved by (dx, dy); all it
    draws lies within ``reach`` (on the screen) and depends on ``key`` alone, not on
    where ``reach`` is. A part not kept yet is drawn in place and kept when the loop is
    idle (``keep_waiting``); a part found to reach the edge of ``reach`` (so perhaps past
    it) is never kept. ``colour_key``: what the part's image is filled with before it is
    drawn, left as it is on the screen: the background it is drawn over, or a colour it
    never draws (a part drawn over something else, opaque where it draws)."""
    if recording() or surface.get_flags() & pygame.SRCALPHA:
        # The readability tests read every text as it is drawn; a see-through screen would
        # blend differently.
        draw(surface, 0, 0)
        return
    full = (key, reach.size, surface.get_height(), surface.get_bitsize(), surface.get_masks())
    image = _kept.get(full)
    if (image is None and _allowance[0] > 0 and full in _unkept
            and _never.get(full) is None):
        # Drawn in place before, and the loop's idle never came to keep it (a press came
        # first, each time: a player pressing on at once, or more parts drawn between
        # two idles than wait for one). Drawn aside now, once: each later frame showing
        # it blits it instead of drawing it in place again, and again. A few a frame:
        # each costs the frame 30-200 us more than drawing it in place (a long row).
        _allowance[0] -= 1
        image = _keep(full, _Waiting(reach.copy(), draw, _format_of(surface),
                                     surface.get_height(), language(), names_stack(),
                                     colour_key))
    if image is None:
        # Drawn in place: drawing it aside first (a new image, its fill, a look at its
        # edges, then a colour-keyed blit) cost 30-90 us a part more, a quarter of a new
        # turn's frame, in the frame a press waits for. Aside it is drawn after the frame
        # is shown, in the loop's idle, for the frames that show it again.
        draw(surface, 0, 0)
        if _never.get(full) is None and _waiting.get(full) is None:
            _waiting.put(full, _Waiting(reach.copy(), draw, _format_of(surface),
                                        surface.get_height(), language(), names_stack(),
                                        colour_key))
            _unkept.put(full, True)
        return
    if image.uses < _ENCODE_AT:
        image.uses += 1
        if image.uses == _ENCODE_AT:
            # Run-length encoded once it has come back a few times: a colour-keyed blit
            # then skips the runs of key instead of testing every pixel (a seat's band:
            # 3 us instead of 11, the same pixels). Not at once: encoding costs 35-100
            # us, which a part drawn for one screen never pays back, and a new screen
            # would pay for all its parts in its first frame.
            image.set_colorkey(image.colour_key, pygame.RLEACCEL)
    surface.blit(image, reach.topleft)


def new_frame() -> None:
    """A frame of the device's begins: it may draw aside a few parts no idle kept."""
    _allowance[0] = ASIDE_PER_FRAME


ASIDE_PER_FRAME = 4
"""Parts a frame draws aside that no loop's idle kept (``draw_kept``)."""
_allowance = [0]


def keep_waiting(stop: Callable[[], bool] = lambda: False) -> bool:
    """Draw aside and keep the parts drawn in place since the last call, oldest first,
    until ``stop()`` says so (a press is waiting: it goes first). True when any part is
    left waiting."""
    while len(_waiting) and not stop():
        full, waiting = _waiting.pop_oldest()
        if full not in _kept:  # a frame since may have kept it
            _keep(full, waiting)
    return bool(len(_waiting))


def _format_of(surface: pygame.Surface) -> pygame.Surface:
    """An image of one pixel in ``surface``'s pixel format, to make parts aside in later:
    not ``surface`` itself, which may be the window's and gone by then (SDL crashes on a
    closed window's surface)."""
    found = _formats.get(surface)
    if found is None:
        found = _formats.put(surface, pygame.Surface((1, 1), 0, surface))
    return found


_formats: Memo[pygame.Surface] = Memo(1)


def _keep(full: Hashable, waiting: _Waiting) -> Aside | None:
    """The part drawn aside and kept; None when it is not (refused, or at its edge)."""
    _unkept.discard(full)
    reach, like = waiting.reach, waiting.like
    # As wide as a whole number of 16 pixels: SDL fills a surface whose rows are not
    # 64 bytes apart four times slower (a seat's band: 21 us instead of 5). What lies
    # right of ``reach`` stays the colour key: a blit leaves it as it is.
    width = -(-reach.width // _ALIGN) * _ALIGN
    if not _kept.admits(full, width * like.get_bytesize() * reach.height):
        return None  # the cache is full of parts asked for as often: not drawn for nothing
    aside = Aside((width, reach.height), 0, like)
    aside.screen_height = waiting.height
    aside.colour_key = waiting.colour_key
    aside.fill(waiting.colour_key)
    aside.set_colorkey(waiting.colour_key)
    with in_language(waiting.language), names_as_shown(waiting.names):
        waiting.draw(aside, -reach.left, -reach.top)
    if _inked_at_edge(aside, reach.size):
        _never.put(full, True)
        return None
    _kept.put(full, aside)
    return aside


_ENCODE_AT = 3
"""The use from the cache at which a kept part is run-length encoded (``draw_kept``)."""


_ALIGN = 16
"""Pixels a part's image is a whole number of wide (see ``draw_kept``)."""


def _inked_at_edge(aside: pygame.Surface, size: tuple[int, int]) -> bool:
    """Whether anything was drawn on the outermost pixels of the first ``size`` pixels of
    ``aside`` (a part reaching there may reach past them). Only the four one-pixel strips
    are looked at: the bounding rectangle of a whole seat's band costs a pass over every
    pixel (0.2-0.5 ms a band)."""
    width, height = size
    if width < 3 or height < 3:
        return True  # no inside to keep a part in
    strips = ((0, 0, width, 1), (0, height - 1, width, 1), (0, 0, 1, height),
              (width - 1, 0, 1, height))
    # A subsurface shares the colour key: an empty strip has an empty bounding rectangle.
    return any(aside.subsurface(strip).get_bounding_rect().width for strip in strips)


class _Layer(NamedTuple):
    """A screen kept whole-screen sized, of which only ``rooms`` hold what was kept."""

    image: pygame.Surface
    rooms: tuple[pygame.Rect, ...]


_layers: Memo[_Layer] = Memo(2)


def blit_layer(surface: pygame.Surface, key: Hashable) -> bool:
    """Put the layer kept under ``key`` on ``surface`` (its rooms, as ``keep_layer`` was
    given them); False when none is kept (or none can be: see ``keep_layer``)."""
    if recording() or surface.get_flags() & pygame.SRCALPHA:
        return False
    layer = _layers.get((key, surface.get_size(), surface.get_bitsize(), surface.get_masks()))
    if layer is None:
        return False
    for room in layer.rooms:
        surface.blit(layer.image, room.topleft, room)
    return True


def keep_layer(surface: pygame.Surface, key: Hashable,
               rooms: Sequence[pygame.Rect] | None = None) -> None:
    """Keep what ``surface`` shows now under ``key``: the screen dimmed under a menu, the
    same while the menu's cursor moves. ``rooms``: only what lies in them is kept, and put
    back (the rest is drawn over whole each time: the menu's box); the whole screen when
    None. A see-through surface is not kept (a blit would blend it), nor one drawn while
    the readability tests read its texts."""
    if recording() or surface.get_flags() & pygame.SRCALPHA:
        return
    full = (key, surface.get_size(), surface.get_bitsize(), surface.get_masks())
    # The layer about to be dropped is drawn over: a new whole-screen surface (fresh
    # memory, page by page) cost 100-250 us, the copy into one already there about 20.
    dropped = _layers.next_out() if _layers.get(full) is None else None
    out = None if dropped is None else dropped.image
    if (out is None or out.get_size() != surface.get_size()
            or out.get_bitsize() != surface.get_bitsize()
            or out.get_masks() != surface.get_masks()):
        out = pygame.Surface(surface.get_size(), 0, surface)
    # Around a menu's box a quarter of the screen: copying only that saved 40-60 us of a
    # menu's first frame (the whole screen, 600 kB at 480x320, read and written).
    kept_rooms = ((surface.get_rect(),) if rooms is None
                  else tuple(r for r in rooms if r.width > 0 and r.height > 0))
    for room in kept_rooms:
        out.blit(surface, room.topleft, room)
    _layers.put(full, _Layer(out, kept_rooms))


_stamps: Memo[pygame.Surface] = Memo(256)
_STAMP_KEY = (255, 0, 255)
"""Around a stamp's shape: a colour no peg or hole is drawn in."""


def stamp(surface: pygame.Surface, key: Hashable, reach: int, centre: tuple[int, int],
          draw: Callable[[pygame.Surface, tuple[int, int]], None]) -> None:
    """A small opaque shape (a peg: circles, no text, nothing see-through) that
    ``draw(target, centre)`` draws within ``reach`` pixels of ``centre``, depending on
    ``key`` alone: drawn once, then blitted with a colour key around it."""
    if surface.get_flags() & pygame.SRCALPHA:
        draw(surface, centre)
        return
    full = (key, reach, surface.get_bitsize(), surface.get_masks())
    image = _stamps.get(full)
    if image is None:
        image = pygame.Surface((2 * reach + 1, 2 * reach + 1), 0, surface)
        image.fill(_STAMP_KEY)
        draw(image, (reach, reach))
        image.set_colorkey(_STAMP_KEY)  # not run-length encoded: see ui/draw.draw_panel
        _stamps.put(full, image)
    surface.blit(image, (centre[0] - reach, centre[1] - reach))

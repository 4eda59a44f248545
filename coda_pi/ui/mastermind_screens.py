"""Mastermind's screens: the board of rows, the key pegs to place (big), the scores, and the
codemaker's private screen. Same bands as Coda's screens (header, body, footer)."""

from __future__ import annotations

import pygame

from coda_pi.i18n import N_, _, ngettext
from coda_pi.referee.mastermind.views import (
    BoardRow,
    MastermindPrivateView,
    MastermindPublicView,
    MastermindScreen,
    MastermindStep,
)
from coda_pi.ui import theme
from coda_pi.ui.draw import draw_banner
from coda_pi.ui.kept import blit_layer, draw_kept, stamp
from coda_pi.ui.layout import Frame, split_columns, split_rows
from coda_pi.ui.looks import seat_colour
from coda_pi.ui.text import blit_text, blit_wrapped, fit_name
from coda_pi.ui.theme import RGB, Metrics

PEG_COLOURS: dict[str, RGB] = {
    "B": (40, 95, 230),
    "G": (40, 175, 70),
    "K": (12, 12, 14),
    "R": (220, 40, 40),
    "W": (245, 245, 240),
    "Y": (250, 210, 30),
}
# The peg colours by name (coda_pi.rules.mastermind.COLOUR_NAMES), marked for translation.
PEG_NAMES: dict[str, str] = {
    "B": N_("blue"), "G": N_("green"), "K": N_("black"), "R": N_("red"), "W": N_("white"),
    "Y": N_("yellow"),
}
HOLE: RGB = (28, 31, 38)
BOARD: RGB = (88, 64, 44)  # the brown plastic of the boxed game's board
BOARD_EDGE: RGB = (60, 42, 28)
KEY_BLACK: RGB = (10, 10, 12)
KEY_WHITE: RGB = (250, 250, 245)


def draw_peg(surface: pygame.Surface, centre: tuple[int, int], radius: int, letter: str,
             *, marked: bool = False) -> None:
    """One code peg: a filled circle in its colour; ``.`` an empty hole, ``?`` not chosen."""
    # A board holds dozens of pegs of a few looks: each look drawn once (kept.stamp).
    stamp(surface, ("peg", radius, letter, marked), radius + max(2, radius // 3) + 2, centre,
          lambda target, at: _draw_peg(target, at, radius, letter, marked=marked))


def _draw_peg(surface: pygame.Surface, centre: tuple[int, int], radius: int, letter: str,
              *, marked: bool) -> None:
    if marked:
        pygame.draw.circle(surface, theme.CURSOR, centre, radius + max(2, radius // 3))
    if letter == ".":
        pygame.draw.circle(surface, HOLE, centre, radius)
        pygame.draw.circle(surface, theme.TEXT_DIM, centre, radius, width=max(1, radius // 6))
        return
    if letter == "?" or letter not in PEG_COLOURS:
        pygame.draw.circle(surface, HOLE, centre, radius)
        pygame.draw.circle(surface, theme.TEXT_DIM, centre, max(1, radius // 4))
        return
    colour = PEG_COLOURS[letter]
    pygame.draw.circle(surface, colour, centre, radius)
    edge = (120, 124, 135) if letter == "K" else theme.dim(colour, 0.35)
    pygame.draw.circle(surface, edge, centre, radius, width=max(1, radius // 7))
    shine = (centre[0] - radius // 3, centre[1] - radius // 3)
    pygame.draw.circle(surface, theme.dim((255, 255, 255), 0.1 if letter != "W" else 0.0),
                       shine, max(1, radius // 5))


def draw_key_pegs(surface: pygame.Surface, area: pygame.Rect, black: int, white: int,
                  pegs: int) -> None:
    """The key pegs of a row in a small square, as on the board: black, then white, then
    empty holes."""
    # In one line when the room is wide (a board row), else two lines as on the real board.
    per_row = pegs if area.width >= 3 * area.height else (2 if pegs <= 4 else 3)
    lines = -(-pegs // per_row)
    cell = min(area.width // per_row, area.height // lines)
    radius = max(2, cell * 2 // 5)
    left = area.centerx - cell * per_row // 2
    top = area.centery - cell * lines // 2
    for i in range(pegs):
        cx = left + (i % per_row) * cell + cell // 2
        cy = top + (i // per_row) * cell + cell // 2
        _key(surface, (cx, cy), radius, "b" if i < black else "w" if i < black + white else "")


def _key(surface: pygame.Surface, centre: tuple[int, int], radius: int, kind: str) -> None:
    stamp(surface, ("key", radius, kind), radius + 2, centre,
          lambda target, at: _draw_key(target, at, radius, kind))


def _draw_key(surface: pygame.Surface, centre: tuple[int, int], radius: int, kind: str) -> None:
    if kind == "b":
        pygame.draw.circle(surface, KEY_BLACK, centre, radius)
        pygame.draw.circle(surface, (150, 150, 160), centre, radius, width=max(1, radius // 5))
    elif kind == "w":
        pygame.draw.circle(surface, KEY_WHITE, centre, radius)
        pygame.draw.circle(surface, (120, 120, 120), centre, radius, width=max(1, radius // 5))
    else:
        pygame.draw.circle(surface, HOLE, centre, max(1, radius // 2))


def draw_mastermind(surface: pygame.Surface, bands: Frame, view: MastermindPublicView) -> None:
    """The public screen of a Mastermind game."""
    screen = view.screen
    m = bands.metrics
    _header(surface, bands, screen, view)
    board_area, side = split_columns(bands.body, 0.42, m.margin)
    _board(surface, board_area, screen, m)
    _side(surface, side, screen, m)


def mastermind_keys(view: MastermindPublicView) -> str:
    """What to press now (the footer): the referee's prompt without the name the header
    already shows."""
    s = view.screen
    prompt = s.prompt
    for name in s.names:
        prompt = prompt.removeprefix(f"{name}: ")
    return prompt


def _header(surface: pygame.Surface, bands: Frame, s: MastermindScreen,
            view: MastermindPublicView) -> None:
    from coda_pi.ui.chrome import header  # one header for every screen

    names = s.names
    if s.step is MastermindStep.GAME_END:
        if any(row.wrong for row in s.board):
            title = _("Game {number} of {games} is void").format(number=s.game_number,
                                                                  games=s.games)
        else:
            title = _("Game {number} of {games} over").format(number=s.game_number,
                                                              games=s.games)
        header(surface, bands, view, title, theme.PANEL_AREA,
               subtitle=_("{name}'s code").format(name=names[s.maker]))
        return
    if s.step is MastermindStep.SET_CODE:
        seat, title = s.maker, _("{name} sets the code").format(name=names[s.maker])
    elif s.step is MastermindStep.GUESS:
        seat, title = s.breaker, _("{name} guesses").format(name=names[s.breaker])
    elif s.step is MastermindStep.CONTRADICTION:
        seat, title = s.maker, _("No code fits")
    elif s.device_guess is not None:
        seat, title = s.maker, _("{name} guesses").format(name=names[s.breaker])
    else:
        seat, title = s.maker, _("{name}: key pegs").format(name=names[s.maker])
    header(surface, bands, view, title, seat_colour(seat))


def _board(surface: pygame.Surface, area: pygame.Rect, s: MastermindScreen, m: Metrics) -> None:
    """The rows so far, oldest at the bottom as on the real board, and the row in progress
    (or the code, at the end) on top."""
    # Kept as an image while its rows are unchanged (the key pegs being counted beside it
    # change more often than the board): keyed on what of the screen the board shows.
    key = ("board", s.board, s.step, s.entry, s.hole, s.code, s.pegs, s.rows_total, m)
    draw_kept(surface, area.inflate(8, 8), key,
              lambda target, dx, dy: _draw_board(target, area.move(dx, dy), s, m))


def _draw_board(surface: pygame.Surface, area: pygame.Rect, s: MastermindScreen,
                m: Metrics) -> None:
    pygame.draw.rect(surface, BOARD, area, border_radius=m.px(2))
    pygame.draw.rect(surface, BOARD_EDGE, area, width=max(1, m.border), border_radius=m.px(2))
    inner = area.inflate(-m.margin, -m.margin)
    rows: list[tuple[str, BoardRow | None, int | None, bool]] = [
        (r.guess, r, None, False) for r in s.board]
    if s.step is MastermindStep.GUESS and s.entry is not None:
        rows.append((s.entry, None, s.hole, False))
    elif s.step is MastermindStep.KEYS and s.entry is not None:
        rows.append((s.entry, None, None, False))
    top_line: str | None = None
    if s.step is MastermindStep.GAME_END and s.code:
        top_line = s.code
    elif s.step is MastermindStep.SET_CODE:
        top_line = "?" * s.pegs
    slots = max(s.rows_total, len(rows)) + (1 if top_line else 0)
    # Rows stay readable: on a small screen only the latest rows are drawn.
    row_h = max(inner.height // max(slots, 1), 12)
    fit = max(1, inner.height // row_h)
    shown = rows[-(fit - (1 if top_line else 0)):] if rows else []
    empty = max(0, fit - len(shown) - (1 if top_line else 0))
    lines = split_rows(inner, fit, 0)
    index = 0
    if top_line is not None:
        _code_line(surface, lines[0], top_line, s.pegs, hidden=s.step is MastermindStep.SET_CODE)
        index = 1
    # The newest row at the top, under the code; empty rows fill below it.
    for guess, row, hole, _drawn in reversed(shown):
        _row_line(surface, lines[index], guess, row, hole, s.pegs, m)
        index += 1
    for _row in range(empty):
        _row_line(surface, lines[index], "." * 0, None, None, s.pegs, m, empty=True)
        index += 1


def _peg_geometry(rect: pygame.Rect, pegs: int) -> tuple[int, int, int]:
    keys_w = min(rect.height * pegs * 3 // 4, rect.width * 2 // 5)
    cell = min((rect.width - keys_w) // (pegs + 1), rect.height)
    radius = max(3, cell * 2 // 5)
    return cell, radius, keys_w


def _row_line(surface: pygame.Surface, rect: pygame.Rect, guess: str, row: BoardRow | None,
              hole: int | None, pegs: int, m: Metrics, *, empty: bool = False) -> None:
    cell, radius, keys_w = _peg_geometry(rect, pegs)
    left = rect.left + cell // 2
    for i in range(pegs):
        centre = (left + i * cell + cell // 2, rect.centery)
        if empty or i >= len(guess):
            pygame.draw.circle(surface, BOARD_EDGE, centre, max(2, radius // 3))
        else:
            draw_peg(surface, centre, radius, guess[i], marked=hole == i)
    keys = pygame.Rect(rect.right - keys_w, rect.top, keys_w, rect.height).inflate(-2, -2)
    if row is not None:
        draw_key_pegs(surface, keys, row.black, row.white, pegs)
        if row.wrong:
            pygame.draw.line(surface, theme.BAD, rect.midleft, rect.midright, max(2, m.border))
    elif not empty:
        pygame.draw.rect(surface, theme.CURSOR, rect, width=max(1, m.border // 2),
                         border_radius=m.px(1))


def _code_line(surface: pygame.Surface, rect: pygame.Rect, code: str, pegs: int,
               *, hidden: bool) -> None:
    """The shield's row: the secret at the end of a game, else covered."""
    cell, radius, _keys_w = _peg_geometry(rect, pegs)
    shield = pygame.Rect(rect.left, rect.top, cell * (pegs + 1), rect.height).inflate(0, -2)
    pygame.draw.rect(surface, theme.PANEL_AREA, shield, border_radius=max(2, rect.height // 4))
    left = rect.left + cell // 2
    for i in range(pegs):
        centre = (left + i * cell + cell // 2, rect.centery)
        draw_peg(surface, centre, radius, "?" if hidden else code[i])


def _side(surface: pygame.Surface, area: pygame.Rect, s: MastermindScreen, m: Metrics) -> None:
    """The big key pegs (what to place now), the entry of key pegs, and the scores."""
    big, scores = _split_height(area, 0.68, m.margin)
    if s.step is MastermindStep.KEYS and s.key_entry is not None:
        _key_entry(surface, big, s, m)
    elif s.step is MastermindStep.GAME_END and s.message:
        _sentence(surface, big, s.message, theme.TEXT)
    elif s.step is MastermindStep.CONTRADICTION and s.message:
        _sentence(surface, big, s.message, theme.WARNING)
    elif s.step is MastermindStep.SET_CODE:
        _sentence(surface, big, _("{count} of {pegs} pegs set").format(count=s.pegs_set,
                                                                         pegs=s.pegs),
                  theme.TEXT)
    elif s.keys is not None:
        _big_keys(surface, big, s.keys[0], s.keys[1], s.pegs,
                  _("Row {number}: place").format(number=len(s.board)), m, hint=s.hint)
    else:
        _sentence(surface, big, _("No rows yet"), theme.TEXT_DIM, hint=s.hint)
    _scores(surface, scores, s, m)


def _split_height(area: pygame.Rect, fraction: float, gap: int) -> tuple[pygame.Rect,
                                                                          pygame.Rect]:
    top_h = round(area.height * fraction)
    top = pygame.Rect(area.left, area.top, area.width, top_h - gap // 2)
    bottom = pygame.Rect(area.left, top.bottom + gap, area.width, area.bottom - top.bottom - gap)
    return top, bottom


def _sentence(surface: pygame.Surface, area: pygame.Rect, text: str, colour: RGB,
              *, hint: int | None = None) -> None:
    if hint is not None:
        text_area, hint_area = _split_height(area, 0.7, 2)
        _hint(surface, hint_area, hint)
    else:
        text_area = area
    _paragraph(surface, text_area, text, colour)


def _paragraph(surface: pygame.Surface, area: pygame.Rect, text: str, colour: RGB) -> None:
    """``text`` wrapped to ``area``'s width in the largest font whose lines all fit."""
    blit_wrapped(surface, text, area, colour, align="center", max_lines=8)


def _hint(surface: pygame.Surface, area: pygame.Rect, hint: int) -> None:
    text = ngettext("{count} code still fits", "{count} codes still fit", hint).format(
        count=hint)
    blit_text(surface, text, area, theme.TEXT_DIM)


def _big_keys(surface: pygame.Surface, area: pygame.Rect, black: int, white: int, pegs: int,
              caption: str, m: Metrics, *, hint: int | None = None) -> None:
    """The key pegs to place, big: a line of pegs and the counts in words."""
    cap, pegs_area = _split_height(area, 0.22, 2)
    blit_text(surface, caption, cap, theme.TEXT_DIM)
    pegs_rect, words = _split_height(pegs_area, 0.62 if hint is None else 0.5, 2)
    cell = min(pegs_rect.width // pegs, pegs_rect.height)
    radius = max(4, cell * 2 // 5)
    left = pegs_rect.centerx - cell * pegs // 2
    for i in range(pegs):
        kind = "b" if i < black else "w" if i < black + white else ""
        _key(surface, (left + i * cell + cell // 2, pegs_rect.centery), radius, kind)
    if hint is not None:
        words, hint_rect = _split_height(words, 0.55, 2)
        _hint(surface, hint_rect, hint)
    text = _("nothing") if black + white == 0 else ", ".join(
        p for p in (_("{count} black").format(count=black) if black else "",
                    _("{count} white").format(count=white) if white else "") if p)
    blit_text(surface, text, words, theme.TEXT)


def _key_entry(surface: pygame.Surface, area: pygame.Rect, s: MastermindScreen,
               m: Metrics) -> None:
    """Counting the key pegs: two big numbers, the one being set under the cursor."""
    assert s.key_entry is not None
    cap, rest = _split_height(area, 0.22, 2)
    caption = _("Answer the device") if s.device_guess is not None else _("Key pegs placed")
    blit_text(surface, caption, cap, theme.TEXT_DIM)
    left, right = split_columns(rest, 0.5, m.margin)
    fields = ((left, _("black"), "b"), (right, _("white"), "w"))
    for field, (rect, label, kind) in enumerate(fields):
        number = s.key_entry[field]
        active = field == s.key_field
        box = rect.inflate(-2, -2)
        pygame.draw.rect(surface, theme.PANEL_AREA, box, border_radius=m.px(2))
        if active:
            pygame.draw.rect(surface, theme.CURSOR, box, width=max(2, m.border),
                             border_radius=m.px(2))
        label_rect, number_rect = _split_height(box.inflate(-m.margin, -m.margin), 0.3, 2)
        peg_r = max(3, label_rect.height // 3)
        _key(surface, (label_rect.left + peg_r + 2, label_rect.centery), peg_r, kind)
        text_rect = label_rect.copy()
        text_rect.left += 2 * peg_r + 4
        text_rect.width -= 2 * peg_r + 4
        blit_text(surface, label, text_rect, theme.TEXT)
        blit_text(surface, str(number), number_rect,
                  theme.TEXT if active or field < s.key_field else theme.TEXT_DIM)


def _scores(surface: pygame.Surface, area: pygame.Rect, s: MastermindScreen, m: Metrics) -> None:
    lines = split_rows(area, 2, max(2, m.margin // 3))
    for seat, rect in enumerate(lines):
        role = _("maker") if seat == s.maker else _("breaker")
        colour = seat_colour(seat)
        pygame.draw.rect(surface, theme.dim(colour, 0.55), rect, border_radius=m.px(1.5))
        name_rect, total_rect = split_columns(rect.inflate(-m.px(1.5), 0), 0.85, m.px(1))
        text, fnt = fit_name(lambda name, role=role: f"{name} ({role})", s.names[seat],
                             name_rect, surface.get_height())
        blit_text(surface, text, name_rect, theme.TEXT, align="left", fnt=fnt)
        blit_text(surface, str(s.totals[seat]), total_rect, theme.TEXT, align="right")


# ---- the codemaker's private screen --------------------------------------------------------


def draw_mastermind_private(surface: pygame.Surface, bands: Frame,
                            private: MastermindPrivateView) -> None:
    m = bands.metrics
    colour = seat_colour(private.seat)
    w, h = surface.get_size()
    pygame.draw.rect(surface, colour, pygame.Rect(0, 0, w, h), width=max(3, m.px(2)))
    draw_banner(surface, bands.header, _("{name} only").format(name=private.name), colour,
                subtitle=_("your code"))
    body = bands.body
    pegs_area, below = _split_height(body, 0.62, m.margin)
    pegs = len(private.code)
    cell = min(pegs_area.width // pegs, pegs_area.height)
    radius = max(6, cell * 2 // 5)
    left = pegs_area.centerx - cell * pegs // 2
    for i, letter in enumerate(private.code):
        draw_peg(surface, (left + i * cell + cell // 2, pegs_area.centery), radius, letter,
                 marked=i == private.hole)
    words = " ".join(_(PEG_NAMES[c]) for c in private.code if c in PEG_NAMES)
    blit_wrapped(surface, words, below, theme.TEXT, align="center", max_lines=2)
    from coda_pi.ui.chrome import draw_keys

    draw_keys(surface, bands, private.prompt)


def draw_mastermind_scene(surface: pygame.Surface, bands: Frame, view: object,
                          private: object) -> None:
    """The body of a Mastermind frame (ui/screens.py draws the LED strip around it)."""
    if isinstance(private, MastermindPrivateView):
        draw_mastermind_private(surface, bands, private)
    elif isinstance(view, MastermindPublicView):
        from coda_pi.ui.chrome import _overlay, _overlay_keys, draw_keys, under_key

        under = None
        if view.overlay is not None:
            # The same menu and questions as Coda, over the board dimmed: that stays while
            # the menu's cursor moves, kept whole.
            under = under_key(view, bands)
            if blit_layer(surface, under):
                _overlay(surface, bands, view.overlay, bands.metrics, dimmed=True)
                draw_keys(surface, bands, _overlay_keys(view.overlay))
                return
        draw_mastermind(surface, bands, view)
        if view.overlay is not None:
            _overlay(surface, bands, view.overlay, bands.metrics, keep=under)
            draw_keys(surface, bands, _overlay_keys(view.overlay))
        else:
            draw_keys(surface, bands, mastermind_keys(view))

"""The screens: a ``Scene`` (the referee's views) drawn onto a surface, and nothing else.

``ScreenRenderer.draw`` is the only entry point the app uses. It picks the screen from the
public view's ``screen``, draws the header, body and footer bands, the pause menu or
question over it, and, while a seat's button is held, that seat's private screen instead.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from coda_pi.referee.entry_views import EntryPrivateView, EntryWaitView
from coda_pi.referee.mastermind_views import MastermindPrivateView, MastermindPublicView
from coda_pi.referee.results import ResultsView
from coda_pi.referee.review import ReviewView
from coda_pi.referee.views import (
    ConfirmView,
    DealView,
    FinalView,
    LedState,
    MenuView,
    PrivatePurpose,
    PrivateView,
    PublicView,
    RoundEndView,
    SetupView,
    TurnView,
)
from coda_pi.ui import theme
from coda_pi.ui.draw import (
    MenuItem,
    PanelLook,
    draw_banner,
    draw_led_strip,
    draw_lines,
    draw_menu,
    draw_row,
)
from coda_pi.ui.entry_screens import draw_entry_private, draw_entry_wait
from coda_pi.ui.layout import Frame, frame, split_columns, split_rows
from coda_pi.ui.looks import BANNER_COLOURS, led_looks, panel_look, seat_colour
from coda_pi.ui.mastermind_screens import draw_mastermind_scene
from coda_pi.ui.results_screen import draw_results
from coda_pi.ui.review_screen import draw_review
from coda_pi.ui.scene import Scene
from coda_pi.ui.scores import draw_final, draw_round_end
from coda_pi.ui.table import draw_table, draw_turn_side
from coda_pi.ui.table_pool_screens import TABLE_POOL_SCREENS, draw_table_pool
from coda_pi.ui.text import blit_text, blit_wrapped, wrap_words
from coda_pi.ui.theme import Metrics

BLINK_SECONDS = 0.4


class ScreenRenderer:
    """Draws scenes. Holds no game state: the same scene always gives the same pixels."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        draw_scene(surface, scene)

    def time_key(self, scene: Scene) -> Hashable:
        return scene.blink_on if _blinks(scene) else None

    def next_blink(self, scene: Scene, now: float) -> float | None:
        """When the on-screen LEDs next change phase; None when none blinks."""
        if not _blinks(scene):
            return None
        # Floating point: 1002.0 // 0.4 is 2504.0, and 2505 * 0.4 is 1002.0 again; a wake-up
        # "due now" would spin the loop, so step on until it is strictly in the future.
        wake = (math.floor(now / BLINK_SECONDS) + 1) * BLINK_SECONDS
        while wake <= now:
            wake += BLINK_SECONDS
        return wake


def _blinks(scene: Scene) -> bool:
    return scene.show_led_strip and LedState.BLINK in scene.leds


def draw_scene(surface: pygame.Surface, scene: Scene) -> None:
    """The whole frame for ``scene``."""
    surface.fill(theme.BACKGROUND)
    bands = frame(surface.get_size(), led_strip=scene.show_led_strip)
    view = scene.view
    if isinstance(view, MastermindPublicView) or isinstance(scene.private,
                                                            MastermindPrivateView):
        draw_mastermind_scene(surface, bands, view, scene.private)
    elif isinstance(scene.private, EntryPrivateView):
        draw_entry_private(surface, bands, scene.private)
    elif scene.private is not None:
        draw_private(surface, bands, scene.private)
    else:
        _draw_public(surface, bands, view)
    if bands.leds is not None:
        draw_led_strip(surface, bands.leds, led_looks(scene.leds or view.leds, scene.blink_on))


def _draw_public(surface: pygame.Surface, bands: Frame, view: PublicView) -> None:
    screen = view.screen
    m = bands.metrics
    if isinstance(screen, ResultsView):
        draw_results(surface, bands, screen, view)
        _footer(surface, bands, view, screen.prompt)
        return
    if isinstance(screen, TABLE_POOL_SCREENS):
        draw_table_pool(surface, bands, screen, view)
    elif isinstance(screen, EntryWaitView):
        draw_entry_wait(surface, bands, screen, view)
    elif isinstance(screen, ReviewView):
        draw_review(surface, bands, screen)
    elif isinstance(screen, SetupView):
        _setup(surface, bands, screen, view)
    elif isinstance(screen, DealView):
        _deal(surface, bands, screen, view)
    elif isinstance(screen, TurnView):
        _turn(surface, bands, screen, view)
    elif isinstance(screen, RoundEndView):
        draw_banner(surface, bands.header,
                    f"{screen.winner_name} wins round {screen.round_number}",
                    seat_colour(screen.winner), subtitle=view.title or None)
        draw_round_end(surface, bands.body, screen, m)
    elif isinstance(screen, FinalView):
        _final_header(surface, bands, screen)
        draw_final(surface, bands.body, screen, m)
    _footer(surface, bands, view, _prompt_of(screen))
    if view.overlay is not None:
        _overlay(surface, view.overlay, m)


def _prompt_of(screen: object) -> str:
    return str(getattr(screen, "prompt", "") or "")


def _footer(surface: pygame.Surface, bands: Frame, view: PublicView, prompt: str) -> None:
    """What just happened (the banner), or else what to do now."""
    if view.banner is not None:
        colour = BANNER_COLOURS[view.banner.kind]
        blit_wrapped(surface, view.banner.text, bands.message, colour)
    elif prompt and not isinstance(view.screen, TurnView):
        blit_wrapped(surface, prompt, bands.message, theme.TEXT_DIM)
    elif view.title:
        blit_text(surface, view.title, bands.message, theme.TEXT_DIM, align="left")


# ---- setup and dealing ---------------------------------------------------------------------


def _setup(surface: pygame.Surface, bands: Frame, screen: SetupView, view: PublicView) -> None:
    m = bands.metrics
    draw_banner(surface, bands.header, view.title or "New game", theme.PANEL_AREA,
                subtitle=None)
    menu_area, seats_area = split_columns(bands.body, 0.64, m.margin)
    items = []
    for index, item in enumerate(screen.items):
        value = item.value
        if screen.editing and index == screen.cursor:
            value = f"< {value} >"
        items.append(MenuItem(item.label, value or None))
    draw_menu(surface, menu_area, "", items, screen.cursor, max_lines=6)
    _seat_list(surface, seats_area, screen.players, m)


def _seat_list(surface: pygame.Surface, area: pygame.Rect, names: tuple[str, ...],
               m: Metrics) -> None:
    """The players of the game, each in its seat colour (the colour of its LED)."""
    rows = split_rows(area, 4, max(2, m.margin // 2))
    for seat, (rect, name) in enumerate(zip(rows, names, strict=False)):
        draw_banner(surface, rect, name, seat_colour(seat))


def _deal(surface: pygame.Surface, bands: Frame, screen: DealView, view: PublicView) -> None:
    m = bands.metrics
    text_area, seats_area = split_columns(bands.body, 0.64, m.margin)
    if "hold" not in screen.prompt:
        # Not dealing yet (or unable to): the referee's sentence is the whole message.
        draw_banner(surface, bands.header, view.title or "Ready", theme.PANEL_AREA)
        draw_lines(surface, text_area.inflate(0, -text_area.height // 4),
                   wrap_words(screen.prompt, max(12, len(screen.prompt) // 2 + 1)), theme.TEXT,
                   max_lines=3)
    else:
        draw_banner(surface, bands.header, f"Deal: {screen.name}", seat_colour(screen.seat),
                    subtitle=f"hold seat button {screen.seat + 1}")
        lines = [f"{screen.name}: hold your button", f"to see your {screen.hand} panels."]
        lines.append("Place the dash too." if screen.has_dash else "Stand them up, then OK.")
        draw_lines(surface, text_area.inflate(0, -text_area.height // 5), lines, theme.TEXT)
    rows = split_rows(seats_area, 4, max(2, m.margin // 2))
    names = [s.name for s in view.table.seats] if view.table else []
    for seat, done in enumerate(screen.dealt):
        if seat >= len(rows):
            break
        colour = seat_colour(seat) if done or seat == screen.seat else theme.dim(
            seat_colour(seat), 0.6)
        label = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        if "hold" not in screen.prompt:
            draw_banner(surface, rows[seat], label, seat_colour(seat))
            continue
        state = "ready" if done else ("now" if seat == screen.seat else "waits")
        draw_banner(surface, rows[seat], f"{label}: {state}", colour)


# ---- a turn ---------------------------------------------------------------------------------


def _turn(surface: pygame.Surface, bands: Frame, turn: TurnView, view: PublicView) -> None:
    m = bands.metrics
    # The name is the banner's title: "Ann: choose a colour" needs no "Ann: " below it.
    prompt = turn.prompt.removeprefix(f"{turn.name}: ")
    draw_banner(surface, bands.header, turn.name, seat_colour(turn.seat),
                subtitle=prompt[:1].upper() + prompt[1:])
    table_area, side = split_columns(bands.body, 0.7, m.margin)
    if view.table is not None:
        draw_table(surface, table_area, view.table, m, turn=turn)
    draw_turn_side(surface, side, turn, view.timer, view.table, m)


# ---- the end of a round and of the tournament ----------------------------------------------


def _final_header(surface: pygame.Surface, bands: Frame, screen: FinalView) -> None:
    names = {s.seat: s.name for s in screen.standings}
    winners = [names.get(seat, f"Seat {seat + 1}") for seat in screen.winners]
    colour = seat_colour(screen.winners[0]) if len(screen.winners) == 1 else theme.GOOD
    title = f"{' & '.join(winners)} {'wins' if len(winners) == 1 else 'win'}!"
    draw_banner(surface, bands.header, title, colour,
                subtitle="Final standings" + (" (ended early)" if screen.ended_early else ""))


# ---- overlays -------------------------------------------------------------------------------


def _overlay(surface: pygame.Surface, overlay: MenuView | ConfirmView, m: Metrics) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 170))
    surface.blit(veil, (0, 0))
    w, h = surface.get_size()
    box = pygame.Rect(0, 0, round(w * 0.8), round(h * 0.8))
    box.center = (w // 2, h // 2)
    pygame.draw.rect(surface, theme.PANEL_AREA, box, border_radius=m.px(3))
    pygame.draw.rect(surface, theme.CURSOR, box, width=max(2, m.border), border_radius=m.px(3))
    inner = box.inflate(-2 * m.margin, -2 * m.margin)
    if isinstance(overlay, MenuView):
        items = [MenuItem(label) for label in overlay.items]
        draw_menu(surface, inner, overlay.title, items, overlay.cursor,
                  hint="OK: choose   BACK: close")
    else:
        title_h = round(inner.height * 0.25)
        blit_text(surface, overlay.title, pygame.Rect(inner.left, inner.top, inner.width, title_h),
                  theme.TEXT)
        body = pygame.Rect(inner.left, inner.top + title_h, inner.width,
                           round(inner.height * 0.45))
        draw_lines(surface, body, wrap_words(overlay.text, 34), theme.TEXT, max_lines=3)
        answers = pygame.Rect(inner.left, body.bottom, inner.width, inner.bottom - body.bottom)
        left, right = split_columns(answers, 0.5, m.margin)
        draw_banner(surface, left.inflate(0, -left.height // 3), overlay.ok_label, theme.GOOD)
        draw_banner(surface, right.inflate(0, -right.height // 3), overlay.back_label,
                    theme.dim(theme.TEXT_DIM, 0.3))


# ---- a seat's private screen ----------------------------------------------------------------


PRIVATE_TITLES: dict[PrivatePurpose, str] = {
    PrivatePurpose.DEAL: "your starting panels",
    PrivatePurpose.DRAWN: "the panel you drew",
    PrivatePurpose.CLAIM: "where it goes",
    PrivatePurpose.REVEAL: "knock one down",
    PrivatePurpose.ROW: "your row",
    PrivatePurpose.HINTS: "training hints",
}


def draw_private(surface: pygame.Surface, bands: Frame, private: PrivateView) -> None:
    """What one seat sees while holding its button: its own numbers, big, framed in its
    colour so nobody mistakes it for the public screen."""
    m = bands.metrics
    colour = seat_colour(private.seat)
    w, h = surface.get_size()
    pygame.draw.rect(surface, colour, pygame.Rect(0, 0, w, h), width=max(3, m.px(2)))
    draw_banner(surface, bands.header, f"{private.name} only",
                colour, subtitle=PRIVATE_TITLES.get(private.purpose, ""))
    body = bands.body
    message_h = round(body.height * 0.22) if (private.message or private.prompt) else 0
    panels_area = pygame.Rect(body.left, body.top, body.width, body.height - message_h)
    looks = [panel_look(p, marked=(i == private.cursor) or p.highlight)
             for i, p in enumerate(private.row)]
    # While claiming, the drawn panel already stands in the row at the cursor.
    if private.drawn is not None and private.purpose is not PrivatePurpose.CLAIM:
        row_area, drawn_area = split_columns(panels_area, 0.75, m.margin)
        draw_row(surface, row_area, looks)
        draw_row(surface, drawn_area.inflate(0, -drawn_area.height // 8),
                 [PanelLook("D" if private.drawn.dark else "L", private.drawn.label,
                            marked=True)])
    else:
        draw_row(surface, panels_area, looks)
    if message_h:
        text_rect = pygame.Rect(body.left, panels_area.bottom, body.width, message_h)
        if private.message:
            blit_wrapped(surface, private.message, text_rect, theme.WARNING, align="center")
        else:
            blit_wrapped(surface, private.prompt, text_rect, theme.TEXT, align="center")


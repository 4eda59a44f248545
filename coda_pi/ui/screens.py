"""The screens: a ``Scene`` (the referee's views) drawn onto a surface, and nothing else.

``ScreenRenderer.draw`` is the only entry point the app uses. It picks the screen from the
public view's ``screen``, draws the header, body and footer bands, the pause menu or
question over it, and, while a seat's button is held, that seat's private screen instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from coda_pi.i18n import N_, _, ngettext
from coda_pi.lazy_types import instance_of, loaded
from coda_pi.referee.shared.name_entry import NameEntryView
from coda_pi.referee.shared.results import ResultsView
from coda_pi.referee.shared.seat_screens import LookAtPhoneView
from coda_pi.referee.shared.views import (
    GAME_VIEWS,
    LedState,
    PrivatePurpose,
    PrivateView,
    PublicView,
    SetupView,
)
from coda_pi.ui import theme
from coda_pi.ui.chrome import (
    _overlay,
    _overlay_keys,
    draw_keys,
    header,
    kept_led_strip,
    under_key,
)
from coda_pi.ui.draw import (
    MenuItem,
    PanelLook,
    banner_room,
    draw_banner,
    draw_menu,
    draw_row,
)
from coda_pi.ui.kept import blit_layer, keep_waiting, new_frame
from coda_pi.ui.layout import Frame, frame, header_grown, split_columns, split_rows
from coda_pi.ui.looks import BANNER_CHIPS, led_looks, panel_look, seat_colour
from coda_pi.ui.menu_open import open_over_canvas
from coda_pi.ui.name_entry_screen import draw_name_entry
from coda_pi.ui.results_screen import draw_results
from coda_pi.ui.retained import Retained, moving_clip, moving_rect, note_frame
from coda_pi.ui.scene import Scene
from coda_pi.ui.still import (
    blit_still,
    choice_moves,
    choice_of,
    keep_still,
    still_key,
    timer_moves,
)
from coda_pi.ui.text import blit_wrapped, floor_font, names_on_screen
from coda_pi.ui.theme import Metrics

if TYPE_CHECKING:
    from coda_pi.referee.shared.game_views import (
        DealView,
        FinalView,
        TableView,
        TurnView,
    )

BLINK_SECONDS = 0.4

# The screens of a game, a pool or a review not on the first frame: their views and drawing
# are imported when one of their views is first drawn (coda_pi/lazy_types.py).
_MASTERMIND = "coda_pi.referee.mastermind.views"
_ENTRY = "coda_pi.referee.pools.entered.views"
_REVIEW = "coda_pi.referee.shared.review"
_TABLE_POOL = "coda_pi.referee.pools.table.views"


class ScreenRenderer:
    """Draws scenes. Holds no game state: the same scene always gives the same pixels. It
    remembers what the surface it draws on shows (``Retained``): nothing else may draw on
    that surface (the device's canvas)."""

    def __init__(self) -> None:
        self._retained = Retained()

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        new_frame()
        draw_scene(surface, scene, self._retained)

    def time_key(self, scene: Scene) -> Hashable:
        return scene.blink_on if _blinks(scene) else None

    def idle(self, stop: Callable[[], bool]) -> bool:
        """Work for the frames after the one drawn, done while nothing waits: the parts a
        new screen drew in place are drawn aside and kept (ui/kept.py), until ``stop()``
        says so. True when some is left for the next idle."""
        return keep_waiting(stop)

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


def draw_scene(surface: pygame.Surface, scene: Scene, retained: Retained | None = None
               ) -> None:
    """The whole frame for ``scene``. ``retained``: what ``surface`` shows from the last
    frame drawn with it (ui/retained.py), when nothing else draws on ``surface``."""
    with names_on_screen(_names_of(scene)):
        _draw_scene(surface, scene, retained)


def _names_of(scene: Scene) -> list[str]:
    """The players' names the frame may show (long ones give first when a sentence does not
    fit: ``ui.text.names_on_screen``)."""
    view, screen = scene.view, scene.view.screen
    table = getattr(view, "table", None)
    names = [seat.name for seat in table.seats] if table is not None else []
    names += list(getattr(screen, "names", ()) or ())
    names += [s.name for s in getattr(screen, "standings", ()) or ()]
    names += [p.name for p in getattr(screen, "points", ()) or ()]
    private_name = getattr(scene.private, "name", None)
    if isinstance(private_name, str):
        names.append(private_name)
    return [n for n in names if isinstance(n, str)]


def _news_in_header(scene: Scene) -> str | None:
    """The referee's banner when the public screen shows it in its header."""
    view = scene.view
    banner = getattr(view, "banner", None)
    if banner is None or scene.private is not None:
        return None
    screen = getattr(view, "screen", None)
    if isinstance(screen, SetupView) and _told_below(screen, view):
        return None
    return str(banner.text)


def _told_below(screen: SetupView, view: PublicView) -> bool:
    """A pairing sentence is the setup's footer too (phones/shared_words.py): the header
    then keeps the phones' address, for the phones still to come."""
    return (screen.phones is not None and view.banner is not None
            and view.banner.text == screen.prompt)


def _draw_scene(surface: pygame.Surface, scene: Scene, retained: Retained | None = None
                ) -> None:
    bands = frame(surface.get_size(), led_strip=scene.show_led_strip)
    news = _news_in_header(scene)
    if news is not None:
        # A sentence too long for the header takes lines from the body: it is not cut.
        bands = header_grown(bands, banner_room(bands.header, news, surface.get_height()))
    # Most frames change only the timer or a blinking lamp (or, on the device's own canvas,
    # a turn's choice): the rest is kept (ui/still.py) or still on the screen
    # (ui/retained.py), and only those are drawn again.
    apart = retained is not None
    key = still_key(surface, scene, choice_apart=apart)
    choice = choice_of(scene) if apart else None
    if retained is not None and retained.holds(surface, key, choice):
        parts = _moving_parts(surface, bands, scene, retained.timers, retained.choices)
        again = retained.changed([part[1] for part in parts])
        note_frame(surface, retained.restore(surface, again))
        for index in again:
            _draw_moving(surface, parts[index])
        retained.drawn([part[1] for part in parts])
        return
    kept = blit_still(surface, key) if key is not None and not apart else None
    if kept is not None:
        timers, choices = kept, ()
    elif retained is not None and key is not None and open_over_canvas(
            surface, bands, scene, retained,
            lambda under, timers, choices: _moving_parts(surface, bands, under, timers,
                                                         choices),
            lambda part: _draw_moving(surface, part)):
        timers, choices = (), ()  # under a menu the timer stands still, in the layer
    else:
        timers, choices = _draw_still(
            surface, bands, scene, key, keep=not apart,
            choice_apart=apart and key is not None and choice_moves(scene))
    parts = _moving_parts(surface, bands, scene, timers, choices)
    if retained is not None:
        note_frame(surface, None)
        if key is None:
            retained.forget()
        else:
            retained.keep(surface, key, timers, [part[0] for part in parts], choices, choice)
            retained.drawn([part[1] for part in parts])
    for part in parts:
        _draw_moving(surface, part)


_Part = tuple[pygame.Rect, object, Callable[[], None]]
"""A moving part: the room it is drawn in (clipped), what it is drawn from, its drawing."""


def _moving_parts(surface: pygame.Surface, bands: Frame, scene: Scene,
                  timers: tuple[pygame.Rect, ...], choices: tuple[pygame.Rect, ...]
                  ) -> list[_Part]:
    """What is drawn over the still part, in order: the timer, the choice, the LED strip
    (none with no room on the surface)."""
    view, m = scene.view, bands.metrics
    parts: list[_Part] = []
    if timers or choices:  # a game's: the table's module is not imported for the setup
        from coda_pi.ui.table import draw_choice, draw_timer_view
    for rect in timers:
        parts.append((moving_rect(surface, rect, m.margin), ("timer", view.timer),
                      lambda rect=rect: draw_timer_view(surface, rect, view.timer,
                                                        view.screen.seat)))
    for rect in choices:
        parts.append((moving_rect(surface, rect, m.margin),
                      ("choice", view.screen, view.table, view.labels),
                      lambda rect=rect: draw_choice(surface, rect, view.screen, view.table, m,
                                                    view.labels)))
    leds = bands.leds
    if leds is not None:
        looks = tuple(led_looks(scene.leds or view.leds, scene.blink_on))
        parts.append((moving_rect(surface, leds, _LED_MARGIN), ("leds", looks),
                      lambda: kept_led_strip(surface, leds, looks)))
    return [part for part in parts if part[0].width and part[0].height]


def _draw_moving(surface: pygame.Surface, part: _Part) -> None:
    with moving_clip(surface, part[0]):
        part[2]()


_LED_MARGIN = 4
"""Pixels around the LED strip it may draw in (its lamps reach two past it)."""


def _draw_still(surface: pygame.Surface, bands: Frame, scene: Scene, key: Hashable | None,
                *, keep: bool = True, choice_apart: bool = False
                ) -> tuple[tuple[pygame.Rect, ...], tuple[pygame.Rect, ...]]:
    """All of the frame but the LED strip, and, when the frame is kept (``key``), but a
    turn's timer (and its choice: ``choice_apart``): kept under ``key`` (when ``keep``);
    returns where the timer and the choice go (drawn by the caller)."""
    surface.fill(theme.BACKGROUND)
    view = scene.view
    timers: list[pygame.Rect] | None = [] if key is not None and timer_moves(scene) else None
    choices: list[pygame.Rect] | None = [] if choice_apart else None
    if isinstance(scene.private, LookAtPhoneView):  # either game: a seat with a phone
        from coda_pi.ui.look_at_phone import draw_look_at_phone

        draw_look_at_phone(surface, bands, scene.private)
    elif (instance_of(view, _MASTERMIND, "MastermindPublicView")
            or instance_of(scene.private, _MASTERMIND, "MastermindPrivateView")):
        from coda_pi.ui.mastermind_screens import draw_mastermind_scene

        draw_mastermind_scene(surface, bands, view, scene.private)
    elif instance_of(scene.private, _ENTRY, "EntryPrivateView"):
        from coda_pi.ui.entry_screens import draw_entry_private

        draw_entry_private(surface, bands, scene.private)
        draw_keys(surface, bands, scene.private.prompt)
    elif scene.private is not None:
        draw_private(surface, bands, scene.private, view.labels)
    else:
        _draw_public(surface, bands, view, timers, choices)
    found = tuple(timers or ())
    if key is not None and keep:
        keep_still(surface, key, found)
    return found, tuple(choices or ())


def _draw_public(surface: pygame.Surface, bands: Frame, view: PublicView,
                 timers: list[pygame.Rect] | None = None,
                 choices: list[pygame.Rect] | None = None) -> None:
    """``timers``, ``choices``: where a turn's timer or choice goes is put there, and it is
    not drawn."""
    screen = view.screen
    m = bands.metrics
    if isinstance(screen, ResultsView):
        draw_results(surface, bands, screen, view)
        draw_keys(surface, bands, screen.prompt)
        return
    under = None
    if view.overlay is not None:
        # The screen dimmed under a menu stays while the menu's cursor moves: kept whole.
        under = under_key(view, bands)
        if blit_layer(surface, under):
            _overlay(surface, bands, view.overlay, m, dimmed=True)
            draw_keys(surface, bands, _overlay_keys(view.overlay))
            return
    if _table_pool_screen(screen):
        from coda_pi.ui.table_pool_screens import draw_table_pool

        draw_table_pool(surface, bands, screen, view)
    elif instance_of(screen, _ENTRY, "EntryWaitView"):
        from coda_pi.ui.entry_screens import draw_entry_wait

        draw_entry_wait(surface, bands, screen, view)
    elif instance_of(screen, _ENTRY, "FixView"):
        from coda_pi.ui.entry_screens import draw_fix

        draw_fix(surface, bands, screen, view)
    elif instance_of(screen, _REVIEW, "ReviewView"):
        from coda_pi.ui.review_screen import draw_review

        draw_review(surface, bands, screen)
    elif isinstance(screen, SetupView):
        _setup(surface, bands, screen, view)
    elif isinstance(screen, NameEntryView):
        draw_name_entry(surface, bands, screen)
    elif instance_of(screen, GAME_VIEWS, "DealView"):
        _deal(surface, bands, screen, view)
    elif instance_of(screen, GAME_VIEWS, "TurnView"):
        _turn(surface, bands, screen, view, timers, choices)
    elif instance_of(screen, GAME_VIEWS, "RoundEndView"):
        # One game has one round: its number says nothing.
        won = (_("{name} wins the round") if screen.rounds == 1
               else _("{name} wins round {number}"))
        header(surface, bands, view,
               won.format(name=screen.winner_name, number=screen.round_number),
               seat_colour(screen.winner))
        from coda_pi.ui.scores import draw_round_end

        draw_round_end(surface, bands.body, screen, m, view.labels)
    elif instance_of(screen, GAME_VIEWS, "FinalView"):
        _final_header(surface, bands, screen, view)
        from coda_pi.ui.scores import draw_final

        draw_final(surface, bands.body, screen, m)
    if view.overlay is not None:
        _overlay(surface, bands, view.overlay, m, keep=under)
        draw_keys(surface, bands, _overlay_keys(view.overlay))
    else:
        draw_keys(surface, bands, _prompt_of(screen))


def _prompt_of(screen: object) -> str:
    if instance_of(screen, GAME_VIEWS, "TurnView"):
        return _turn_keys(screen)
    if _table_pool_screen(screen):
        from coda_pi.ui.table_pool_screens import table_pool_keys

        keys = table_pool_keys(screen)
        if keys is not None:
            return keys
    if isinstance(screen, NameEntryView):
        return screen.prompt or _("PREV/NEXT: a letter   OK: add it   BACK: rub one out, "
                                  "or leave")
    prompt = str(getattr(screen, "prompt", "") or "")
    # The header already names whoever must act.
    name = getattr(screen, "name", None)
    return prompt.removeprefix(f"{name}: ") if isinstance(name, str) else prompt


def _table_pool_screen(screen: object) -> bool:
    if not loaded(_TABLE_POOL):
        return False
    from coda_pi.ui.table_pool_screens import TABLE_POOL_SCREENS

    return isinstance(screen, TABLE_POOL_SCREENS)


# ---- setup and dealing ---------------------------------------------------------------------


def _setup(surface: pygame.Surface, bands: Frame, screen: SetupView, view: PublicView) -> None:
    m = bands.metrics
    title = view.title or _("New game")
    told_below = _told_below(screen, view)
    if view.banner is not None and not told_below:
        # What the table is told here (on a laptop's first screen, which key is which
        # button) takes the whole header: beside "New game" it would not fit on the small
        # screens.
        header(surface, bands, None, view.banner.text, BANNER_CHIPS[view.banner.kind])
    elif screen.phones is not None:
        # Phones are on: the address under the title.
        if told_below and screen.phones.fingerprint:
            # A phone is pairing: its owner has just met the browser's warning about the
            # device's own certificate, and compares this with what the browser shows.
            title = _("Certificate {fingerprint}").format(
                fingerprint=screen.phones.fingerprint)
        header(surface, bands, None, title, theme.PANEL_AREA,
               subtitle=_("Phones: {address}").format(address=screen.phones.address))
    else:
        header(surface, bands, None, title, theme.PANEL_AREA)
    items = []
    for index, item in enumerate(screen.items):
        value = item.value
        if screen.editing and index == screen.cursor:
            value = f"< {value} >"
        items.append(MenuItem(item.label, value or None))
    if screen.phones is not None:
        from coda_pi.ui.phones_card import setup_with_code  # only where phones are on

        if setup_with_code(surface, bands, screen.phones, screen.players, items,
                           screen.cursor):
            return
    menu_area, seats_area = split_columns(bands.body, 0.64, m.margin)
    fnt = floor_font(surface.get_height())
    widest = max((fnt.size(f"{i.label}   {i.value or ''}")[0] for i in items), default=0)
    if widest + 4 * m.margin > menu_area.width:
        # Long values (the "More" choices): the whole width; the players show elsewhere.
        draw_menu(surface, bands.body, "", items, screen.cursor, max_lines=6)
        return
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
    text_area, seats_area = split_columns(bands.body, 0.6, m.margin)
    # Before the first deal (or unable to deal) the table has no round yet.
    dealing = view.table is not None and view.table.round_number > 0
    if not dealing:
        header(surface, bands, view, view.title or _("Ready"), theme.PANEL_AREA,
               subtitle="")
        blit_wrapped(surface, screen.prompt, text_area.inflate(0, -text_area.height // 4),
                     theme.TEXT, max_lines=4, align="center")
    else:
        # One pattern on every screen where a seat acts (issue 24): the seat's name, and
        # under it the news, else what the seat does now.
        title = screen.name
        header(surface, bands, view, title, seat_colour(screen.seat),
               subtitle=_("hold seat button {number}").format(number=screen.seat + 1))
        if view.labels == "cards":
            text = ngettext("{name}: hold your button to see your card.",
                            "{name}: hold your button to see your {count} cards.",
                            screen.hand)
        else:
            text = ngettext("{name}: hold your button to see your panel.",
                            "{name}: hold your button to see your {count} panels.",
                            screen.hand)
        text = text.format(name=screen.name, count=screen.hand)
        text += " " + (_("Place the dash too.") if screen.has_dash
                       else _("Stand them up, then OK."))
        blit_wrapped(surface, text, text_area, theme.TEXT, max_lines=5, align="center")
    rows = split_rows(seats_area, 4, max(2, m.margin // 2))
    names = [s.name for s in view.table.seats] if view.table else []
    for seat, done in enumerate(screen.dealt):
        if seat >= len(rows):
            break
        colour = seat_colour(seat) if done or seat == screen.seat else theme.dim(
            seat_colour(seat), 0.6)
        label = names[seat] if seat < len(names) else _("Seat {number}").format(number=seat + 1)
        if not dealing:
            draw_banner(surface, rows[seat], label, seat_colour(seat))
            continue
        state = _("ready") if done else (_("now") if seat == screen.seat else _("waits"))
        draw_banner(surface, rows[seat], label, colour, subtitle=state)


# ---- a turn ---------------------------------------------------------------------------------


def _turn(surface: pygame.Surface, bands: Frame, turn: TurnView, view: PublicView,
          timers: list[pygame.Rect] | None = None,
          choices: list[pygame.Rect] | None = None) -> None:
    # The table's drawing is imported with a game's first screen, not for the setup's.
    from coda_pi.ui.table import draw_table, draw_turn_side, table_fits

    m = bands.metrics
    table_area, side = split_columns(bands.body, 0.74, m.margin)
    table = view.table
    if table is not None and not table_fits(surface, table_area, table, m, turn):
        # Long rows: the table takes the whole width (its numbers never shrink), the timer
        # moves into the header and the number being guessed stands on the attacked panel.
        _compact_turn(surface, bands, turn, view, table, timers)
        return
    header(surface, bands, view, turn.name, seat_colour(turn.seat))
    if table is not None:
        draw_table(surface, table_area, table, m, turn=turn)
    draw_turn_side(surface, side, turn, view.timer, table, m, view.labels, timer_at=timers,
                   choice_at=choices)


def _compact_turn(surface: pygame.Surface, bands: Frame, turn: TurnView, view: PublicView,
                  table: TableView, timers: list[pygame.Rect] | None = None) -> None:
    from coda_pi.ui.table import compact_choice, draw_table, draw_timer_view

    m = bands.metrics
    title = bands.header
    if view.timer is not None:
        title, clock = split_columns(bands.header, 0.72, m.margin)
        if timers is not None:
            timers.append(clock)
        else:
            draw_timer_view(surface, clock, view.timer, turn.seat)
    header(surface, replace(bands, header=title), view, turn.name, seat_colour(turn.seat),
           subtitle=compact_choice(turn, table, view.labels))
    draw_table(surface, bands.body, table, m, turn=turn, guess_on_table=True)


def _turn_keys(turn: TurnView) -> str:
    # The name is the header's title: "Ann: choose a colour" needs no "Ann: " below it.
    return turn.prompt.removeprefix(f"{turn.name}: ")


# ---- the end of a round and of the tournament ----------------------------------------------


def _final_header(surface: pygame.Surface, bands: Frame, screen: FinalView,
                  view: PublicView) -> None:
    names = {s.seat: s.name for s in screen.standings}
    winners = [names.get(seat, _("Seat {number}").format(number=seat + 1))
               for seat in screen.winners]
    colour = seat_colour(screen.winners[0]) if len(screen.winners) == 1 else theme.GOOD
    if len(winners) == 1:
        title = _("{name} wins!").format(name=winners[0])
    else:
        title = _("{names} win!").format(names=" & ".join(winners))
    subtitle = _("Final standings (ended early)") if screen.ended_early else _("Final standings")
    header(surface, bands, view, title, colour, subtitle=subtitle)


# ---- overlays -------------------------------------------------------------------------------


# ---- a seat's private screen ----------------------------------------------------------------


PRIVATE_TITLES: dict[PrivatePurpose, str] = {
    PrivatePurpose.DEAL: N_("your starting panels"),
    PrivatePurpose.DRAWN: N_("the panel you drew"),
    PrivatePurpose.CLAIM: N_("where it goes"),
    PrivatePurpose.REVEAL: N_("knock one down"),
    PrivatePurpose.ROW: N_("your row"),
    PrivatePurpose.HINTS: N_("training hints"),
}
# The Rainbow-deck adaptation plays with cards: its players read "cards", not "panels".
PRIVATE_TITLES_CARDS: dict[PrivatePurpose, str] = {
    PrivatePurpose.DEAL: N_("your starting cards"),
    PrivatePurpose.DRAWN: N_("the card you drew"),
}


def draw_private(surface: pygame.Surface, bands: Frame, private: PrivateView,
                 labels: str = "panels") -> None:
    """What one seat sees while holding its button: its own numbers, big, framed in its
    colour so nobody mistakes it for the public screen."""
    m = bands.metrics
    colour = seat_colour(private.seat)
    w, h = surface.get_size()
    pygame.draw.rect(surface, colour, pygame.Rect(0, 0, w, h), width=max(3, m.px(2)))
    titles = PRIVATE_TITLES_CARDS if labels == "cards" else {}
    title = titles.get(private.purpose) or PRIVATE_TITLES.get(private.purpose, "")
    draw_banner(surface, bands.header, _("{name} only").format(name=private.name),
                colour, subtitle=_(title) if title else None)
    body = bands.body
    message_h = round(body.height * 0.3) if private.message else 0
    panels_area = pygame.Rect(body.left, body.top, body.width, body.height - message_h)
    looks = [panel_look(p, marked=(i == private.cursor) or p.highlight)
             for i, p in enumerate(private.row)]
    # While claiming, the drawn panel already stands in the row at the cursor.
    if private.drawn is not None and private.purpose is not PrivatePurpose.CLAIM:
        row_area, drawn_area = split_columns(panels_area, 0.75, m.margin)
        draw_row(surface, row_area.inflate(-m.margin, -m.margin), looks)
        draw_row(surface, drawn_area.inflate(-3 * m.margin, -drawn_area.height // 8),
                 [PanelLook("D" if private.drawn.dark else "L", private.drawn.label,
                            marked=True)])
    else:
        draw_row(surface, panels_area.inflate(-m.margin, -m.margin), looks)
    if message_h:
        text_rect = pygame.Rect(body.left, panels_area.bottom, body.width, message_h)
        blit_wrapped(surface, private.message or "", text_rect, theme.WARNING, align="center",
                     max_lines=2)
    # Nothing to choose: say how to hide it again.
    draw_keys(surface, bands, private.prompt or _("Let go of your button to hide it"))

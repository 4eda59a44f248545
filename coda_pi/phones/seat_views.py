"""What one seat's phone page shows: built on the loop's thread, as plain JSON values.

A seat's page is made of three things and nothing else: the public view (what the shared
screen shows everybody), that seat's own observation (its row, the panel it holds aside:
``rules/observe.py``), and the private view the seat would see holding its button
(``actions.held_view``). So a page can tell its seat nothing the seat could not see on the
device, and nothing of another seat (tests/test_phones_twin_worlds.py checks it).
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from coda_pi.i18n import _, language
from coda_pi.phones.actions import TARGET_STEPS, entry_of, held_view
from coda_pi.referee.pools.entered.views import EntryPrivateView
from coda_pi.referee.shared.labels import tile_label
from coda_pi.referee.shared.views import TurnView
from coda_pi.rules.observe import CodaObservation, observe
from coda_pi.rules.panel_entry import Stage


def plain(value: Any) -> Any:
    """A view model as JSON values: dataclasses as objects, enums as their values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        out["kind"] = type(value).__name__
        return out
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def page_words() -> dict[str, str]:
    """The page's own words, in the device's language (the page has no catalog of its own)."""
    return {
        "choose": _("Which seat is yours?"),
        "seat": _("Seat {number}"),
        # The table offers the seat: its button on the setup, the Phones page in a game.
        "press": _("Now on the device: seat button {number} (in a game: BACK, Phones, seat "
                   "{number}, OK), then OK"),
        "code": _("The device shows this code: {code}"),
        "your_row": _("Your row"),
        "your_code": _("Your code"),
        "drawn": _("Drawn"),
        "dark": _("dark"),
        "light": _("light"),
        "confirm": _("That is my row"),
        "back": _("Back"),
        "attack": _("Attack"),
        "wait": _("Not your turn: the device shows the table"),
        "lost": _("Connection lost: trying again"),
        "unpaired": _("This phone no longer holds a seat: choose again"),
        "turn": _("Your turn"),
        "leave": _("Give this seat back"),
        "left": _("{count} left"),
        "again": _("Attack again"),
        "stop": _("Stop"),
        "which_panel": _("Which panel?"),
        "which_number": _("Which number?"),
        "your_review": _("Your game, looked back on"),
        "hints": _("Training hints"),
    }


def _own(referee: Any, seat: int, labels: str) -> dict[str, Any] | None:
    """The seat's own row and held-aside panel, as its observation shows them."""
    game = getattr(referee, "game", None)
    if game is None or seat >= getattr(game, "seats", 0):
        return None
    seen = observe(game, seat)
    if not isinstance(seen, CodaObservation) or not seen.rows or not seen.rows[seat]:
        return None

    def one(color_dark: bool, tile: Any, revealed: bool) -> dict[str, Any]:
        label = None if tile is None or not tile.known else tile_label(tile, labels)
        return {"dark": color_dark, "label": label, "revealed": revealed}

    row = [one(p.color.word == "dark", p.tile, p.revealed) for p in seen.rows[seat]]
    drawn = None
    if seen.drawn is not None and seen.drawn_seat == seat:
        drawn = one(seen.drawn.color.word == "dark", seen.drawn.tile, False)
    return {"row": row, "drawn": drawn}


def _review(referee: Any, seat: int) -> list[dict[str, Any]] | None:
    """The seat's own part of the post-game review, once the final standings are up (None
    before, and in Mastermind): the lines about its own guesses and stops only."""
    lines = referee.seat_review(seat) if hasattr(referee, "seat_review") else None
    if lines is None:
        return None
    return [{"text": line.text, "good": line.good} for line in lines]


def _actions(referee: Any, seat: int, public: Any, private: Any) -> dict[str, Any]:
    """What the page offers now: the keys, the seats to attack, the grid of panels."""
    game = getattr(referee, "game", None)
    screen = public.screen
    turn = game is not None and getattr(game, "turn", None) == seat
    keys = (turn or private is not None) and getattr(public, "overlay", None) is None
    targets: list[int] = []
    if (keys and isinstance(screen, TurnView) and screen.seat == seat
            and screen.step in TARGET_STEPS and public.table is not None):
        targets = [s.seat for s in public.table.seats if s.seat != seat and not s.out]
    grid = None
    entry = entry_of(referee, seat) if isinstance(private, EntryPrivateView) else None
    if entry is not None and entry.stage in (Stage.COLOUR, Stage.NUMBER):
        colours = ["dark", "light"] if entry.colour is None else [entry.colour.word]
        grid = {"colours": colours, "values": list(private.values),
                "raw": list(entry.values)}
    return {"keys": keys, "targets": targets, "grid": grid,
            "confirm": entry is not None and entry.stage is Stage.REVIEW}


def seat_page(referee: Any, seat: int, public: Any = None) -> dict[str, Any]:
    """Everything seat ``seat``'s page shows now (JSON values); ``public``: the referee's
    public view, when the caller already has it."""
    public = referee.view() if public is None else public
    private = held_view(referee, seat)
    game = getattr(referee, "game", None)
    players = getattr(getattr(game, "settings", None), "players", None) or getattr(
        game, "players", ())
    return {
        "seat": seat,
        "name": players[seat] if seat < len(players) else "",
        "lang": language(),
        "words": page_words(),
        "public": {
            "title": getattr(public, "title", ""),
            "banner": plain(getattr(public, "banner", None)),
            "timer": plain(getattr(public, "timer", None)),
            "screen": plain(getattr(public, "screen", None)),
            "table": plain(getattr(public, "table", None)),
            "overlay": getattr(public, "overlay", None) is not None,
        },
        "own": _own(referee, seat, getattr(public, "labels", "panels")),
        "review": _review(referee, seat),
        "private": plain(private),
        "actions": _actions(referee, seat, public, private),
    }

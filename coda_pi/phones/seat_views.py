"""What one seat's phone page shows: built on the loop's thread, as plain JSON values.

A seat's page is made of three things and nothing else: the public view (what the shared
screen shows everybody), that seat's own observation (its row, the panel it holds aside:
``rules/observe.py``), and the private view the seat would see holding its button
(``actions.held_view``). So a page can tell its seat nothing the seat could not see on the
device, and nothing of another seat (tests/test_phones_twin_worlds.py checks it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import Enum
from typing import Any

from coda_pi.i18n import _, language
from coda_pi.phones.actions import TARGET_STEPS, entry_of, held_view, mastermind_actor
from coda_pi.phones.seat_sentence import seat_sentence
from coda_pi.phones.touch_words import touch_safe
from coda_pi.referee.mastermind.views import MastermindScreen, MastermindStep
from coda_pi.referee.pools.entered.views import EntryPrivateView
from coda_pi.referee.shared.labels import tile_label
from coda_pi.referee.shared.views import PrivatePurpose, PrivateView, TurnStep, TurnView
from coda_pi.rules.observe import CodaObservation, observe
from coda_pi.rules.panel_entry import Stage

_SCALARS = frozenset({str, int, float, bool, type(None)})
# How each type of value becomes JSON, worked out once per type (``_conversion``): a page is
# thousands of values and the twin-world machine makes every seat's page after every step.
_CONVERT: dict[type, Callable[[Any], Any]] = {}


def plain(value: Any) -> Any:
    """A view model as JSON values: dataclasses as objects, enums as their values.

    Every phone's page is made of it at each change, and the twin-world machine makes every
    seat's page after every step: the exact types of plain values go first, and how any
    other type converts is looked up once per type (``dataclasses.is_dataclass`` and the
    ``isinstance`` chain on every value were half of a page's time)."""
    kind = type(value)
    if kind in _SCALARS:  # the exact type: a str or int Enum goes on to its value below
        return value
    convert = _CONVERT.get(kind)
    if convert is None:
        convert = _CONVERT[kind] = _conversion(kind)
    return convert(value)


def _conversion(kind: type) -> Callable[[Any], Any]:
    """How a value of type ``kind`` becomes JSON: a dataclass's fields (read once per class:
    ``dataclasses.fields`` on every call was two thirds of a page's time), an enum's value,
    a sequence's or a set's items, a dict's; any other value as it is."""
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
        name = kind.__name__

        def fields(value: Any) -> dict[str, Any]:
            out = {field: plain(getattr(value, field)) for field in names}
            out["kind"] = name
            return out

        return fields
    if issubclass(kind, Enum):
        return _enum_value
    if issubclass(kind, tuple | list):
        return _items
    if issubclass(kind, set | frozenset):
        return _sorted_items
    if issubclass(kind, dict):
        return _entries
    return _itself


def _enum_value(value: Enum) -> Any:
    return value.value


def _items(value: tuple[Any, ...] | list[Any]) -> list[Any]:
    return [plain(v) for v in value]


def _sorted_items(value: set[Any] | frozenset[Any]) -> list[Any]:
    return sorted(plain(v) for v in value)


def _entries(value: dict[Any, Any]) -> dict[str, Any]:
    return {str(k): plain(v) for k, v in value.items()}


def _itself(value: Any) -> Any:
    return value


def pairing_words() -> dict[str, str]:
    """The words of choosing a seat (``/api/seats``), before the phone holds one. Pairing
    is the one moment a phone sends its owner to the device: only the table offers a seat
    (its button on the setup; in a game BACK, Phones, the seat, OK), in view of everyone:
    the phone that opens the seat's QR code then drawn holds it at once, or, the long way,
    the table's OK to the question that names this phone's code gives it (design
    principle 4). A refused ask says why and when to try again."""
    return page_words() | {
        "press": _("Now on the device: seat button {number} (in a game: BACK, Phones, seat "
                   "{number}, OK), then OK"),
        "quicker": _("Quicker: the table presses your seat's button on the device (in a "
                     "game: BACK, Phones, your seat, OK), and you scan the code it shows"),
        "gone": _("That code was used, or has run out. Ask the table to show the seat's "
                  "code again, then scan it"),
        "busy_often": _("This phone asked too often. Try again in {seconds} seconds"),
        "busy_waiting": _("This phone is already asking for a seat. Try again in {seconds} "
                          "seconds, or scan the seat's code on the device"),
        "busy_full": _("Too many phones are asking now. Try again in {seconds} seconds"),
    }


_WORDS: dict[str, dict[str, str]] = {}  # the page's words by language: catalogs never change


def page_words() -> dict[str, str]:
    """The page's own words, in the device's language (the page has no catalog of its own).
    Looked up once a language: every page of every seat carries them (a copy: the caller's
    to change)."""
    lang = language()
    words = _WORDS.get(lang)
    if words is None:
        words = _WORDS[lang] = _words_now()
    return dict(words)


def _words_now() -> dict[str, str]:
    return {
        "choose": _("Which seat is yours?"),
        "code": _("The device shows this code: {code}"),
        "your_row": _("Your row"),
        "drawn": _("Drawn"),
        "dark": _("dark"),
        "light": _("light"),
        "confirm": _("That is my row"),
        "back": _("Back"),
        "done": _("Done"),
        "left_arrow": _("Move left"),
        "right_arrow": _("Move right"),
        "your_turn": _("Your turn"),
        "turn_of": _("{name}'s turn"),
        "out": _("out"),
        "points": _("{count} points"),
        "down": _("down"),
        "standing": _("standing"),
        "known": _("the table knows it"),
        "panel_of": _("{name}'s panel {number}: {colour}, {state}"),
        "your_panel": _("your panel {number}: {colour} {label}, {state}"),
        "gap": _("Put it here, place {number}"),
        "holds": _("holds a drawn {colour} panel"),
        "time": _("Time left"),
        "black": _("Black"),
        "white": _("White"),
        "board": _("The board"),
        "peg_B": _("blue"),
        "peg_G": _("green"),
        "peg_K": _("black"),
        "peg_R": _("red"),
        "peg_W": _("white"),
        "peg_Y": _("yellow"),
        "peg_.": _("empty"),
        "keys_of": _("{black} black, {white} white"),
        "lost": _("Connection lost: trying again"),
        "unpaired": _("This phone no longer holds a seat: choose again"),
        "leave": _("Give this seat back"),
        "left": _("{count} left"),
        "stop": _("Stop"),
        "another": _("Another panel"),
        "undo_panel": _("Take the last one back"),
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
    """What the page offers now: the keys, the seats to attack, the grid of panels, and
    the touch moves (``touch_actions``) the step at hand takes."""
    game = getattr(referee, "game", None)
    screen = public.screen
    turn = game is not None and getattr(game, "turn", None) == seat
    mine = mastermind_actor(screen) == seat
    keys = (turn or mine or private is not None) and getattr(public, "overlay", None) is None
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
    step = screen.step if keys and isinstance(screen, TurnView | MastermindScreen) else None
    touch = {
        "attack": bool(targets),
        "place": step in (TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP),
        "reveal": step is TurnStep.REVEAL_OWN,
        "pegs": mine and step in (MastermindStep.SET_CODE, MastermindStep.GUESS),
        "counts": mine and step is MastermindStep.KEYS,
    }
    covered = (grid is not None or entry is not None or any(touch.values())
               or step in (TurnStep.CHOOSE_COLOR, TurnStep.VALUE, TurnStep.CONTINUE))
    return {"keys": keys, "targets": targets, "grid": grid,
            "confirm": entry is not None and entry.stage is Stage.REVIEW,
            # Arrows and Done only where no tap names the choice (a dealt row's dash).
            "arrows": keys and not covered, **touch}


NAMES = frozenset({"name", "names", "winner_name", "players"})
"""Fields that hold players' names: a name is the table's, whatever it says."""


def _button_free(value: Any) -> Any:
    """A view model's JSON without the device's words for its buttons: every "prompt",
    "question", "keys" is the shared screen's footer (PREV, NEXT, OK, a seat's button);
    the phone says what to tap in its own sentence. Other texts that name a button go too."""
    if isinstance(value, dict):
        return {k: ("" if k in ("prompt", "question", "ok_label", "back_label")
                    and isinstance(v, str) else v if k in NAMES else _button_free(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_button_free(v) for v in value]
    if isinstance(value, str):
        return touch_safe(value) or ("" if value else value)
    return value


def _board(public: Any, seat: int, own: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Every row of the table as this seat sees it: the others' as the table does (backs in
    their colours, fallen numbers), its own face up, each of its panels marked with whether
    the table knows it (fallen)."""
    table = getattr(public, "table", None)
    if table is None:
        return []
    rows = []
    for other in table.seats:
        row = [{"dark": p.dark, "label": p.label, "down": p.revealed,
                "hi": p.highlight} for p in other.row]
        if other.seat == seat and own is not None and len(own["row"]) == len(row):
            row = [dict(p, label=mine["label"]) for p, mine in zip(row, own["row"],
                                                                   strict=True)]
        rows.append({"seat": other.seat, "name": other.name, "me": other.seat == seat,
                     "turn": other.turn, "out": other.out, "total": other.total,
                     "holding": other.holding_dark, "row": row})
    return rows


def seat_label(seat: int, name: str) -> str:
    """The seat as its phone's header names it: "Ann", or "Seat 2" when that is its name
    already (never "Seat 2 Seat 2")."""
    default = _("Seat {number}").format(number=seat + 1)
    return default if not name or name == default else name


def _private(private: Any) -> Any:
    """The private view as the phone gets it: an entry's dial shows no number before the
    seat taps one (its random start means nothing to a thumb)."""
    out = plain(private)
    if isinstance(private, PrivateView) and private.purpose is PrivatePurpose.DEAL:
        # "1 dark, 3 light: PREV/NEXT change, OK deals": the mix is the phone's to show,
        # the keys are the device's.
        out["note"] = touch_safe(private.prompt.split(":")[0]) or ""
    if isinstance(private, EntryPrivateView):
        out["slots"] = [dict(s, label=None) if s["current"] else s for s in out["slots"]]
        out["dial"] = None
    return _button_free(out)


def _without_card(screen: Any) -> Any:
    """The setup's screen without its phones card: the card carries the offered seat's QR
    code, whose token pairs whoever opens it, so it goes on the device's screen only."""
    if isinstance(screen, dict) and "phones" in screen:
        return {k: v for k, v in screen.items() if k != "phones"}
    return screen


def seat_page(referee: Any, seat: int, public: Any = None) -> dict[str, Any]:
    """Everything seat ``seat``'s page shows now (JSON values); ``public``: the referee's
    public view, when the caller already has it."""
    public = referee.view() if public is None else public
    private = held_view(referee, seat)
    game = getattr(referee, "game", None)
    players = getattr(getattr(game, "settings", None), "players", None) or getattr(
        game, "players", None) or getattr(public.screen, "players", None) or ()
    name = players[seat] if seat < len(players) else ""
    own = _own(referee, seat, getattr(public, "labels", "panels"))
    actions = _actions(referee, seat, public, private)
    return {
        "seat": seat,
        "name": name,
        "label": seat_label(seat, name),
        "lang": language(),
        "words": page_words(),
        "sentence": seat_sentence(public, seat, private, actions),
        "public": _public_part(public),
        "board": _board(public, seat, own),
        "own": own,
        "review": _review(referee, seat),
        "private": _private(private),
        "actions": actions,
    }


def with_clock_moved(page: dict[str, Any], public: Any) -> dict[str, Any]:
    """The seat's ``page`` once only the clock moved since it was made (the referee's
    ``seats_version`` still the page's): its public part made again from ``public`` (the
    timer's seconds are the only part of a page that reads the clock), the rest, the
    seat's own, as it was. The same page as ``seat_page`` would make, for less."""
    return {**page, "public": _public_part(public)}


class _KeptByIdentity:
    """The last few results made from frozen view models, by the models' identity (and the
    language they were made in). Every seat's page of one moment is made from one public
    view (the device makes all paired seats' pages from one; the twin-world tests every
    seat's of two worlds, in turn), and the referee keeps its table view while the table is
    unchanged. A frozen model cannot change under its result, and each is held here, so
    its identity cannot be reused."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: list[tuple[Any, str, Any]] = []

    def get(self, model: Any, lang: str, make: Callable[[], Any]) -> Any:
        for kept, kept_lang, made in self.entries:
            if kept is model and kept_lang == lang:
                return made
        made = make()
        self.entries.insert(0, (model, lang, made))
        del self.entries[self.size:]
        return made

    def clear(self) -> None:
        self.entries.clear()


_PUBLIC = _KeptByIdentity(4)  # the public part of a public view's pages
_TABLES = _KeptByIdentity(4)  # a table view's JSON


def _public_part(public: Any) -> dict[str, Any]:
    """What every seat's page shows of ``public`` (a fresh copy of its top level: the
    caller's to change)."""
    lang = language()
    return dict(_PUBLIC.get(public, lang, lambda: _made_public_part(public, lang)))


def _made_public_part(public: Any, lang: str) -> dict[str, Any]:
    banner = getattr(public, "banner", None)
    table = getattr(public, "table", None)
    return {
        "title": getattr(public, "title", ""),
        "banner": plain(banner) if banner and touch_safe(banner.text) else None,
        "timer": plain(getattr(public, "timer", None)),
        "screen": _button_free(_without_card(plain(getattr(public, "screen", None)))),
        "table": None if table is None else _TABLES.get(table, lang, lambda: plain(table)),
        "overlay": getattr(public, "overlay", None) is not None,
    }

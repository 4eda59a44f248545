"""The setup menu: a short list worked with PREV, NEXT, OK and BACK.

First the common choices (players, game), then Start (where the cursor waits: the last
settings are remembered), then Names (typed with the buttons), More (everything else: rounds,
hand, timer, bonus, labels, pool, language) and Results. PREV/NEXT move between lines; OK on
a choice edits it (PREV/NEXT change the value, OK keeps it, BACK puts back the value it had).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from coda_pi.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, set_language
from coda_pi.referee.shared.choice_menu import START, ChoiceMenu
from coda_pi.referee.shared.name_entry import NameEntry
from coda_pi.referee.shared.pool_names import POOL_MODES
from coda_pi.referee.shared.seat_screens import PHONES_ON
from coda_pi.referee.shared.setup import SetupDefaults, seat_name
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.wording import nouns

FIRST_PERIODS = (20, 30, 45, 60, 90, 120, 180, 300)
EXTRA_PERIODS = (10, 15, 20, 30, 45, 60)


@dataclass(frozen=True, slots=True)
class _Item:
    """One line of the setup menu: what it sets, how it reads, how a press changes it."""

    key: str
    label: str
    show: Callable[[SetupDefaults], str]
    step: Callable[[SetupDefaults, int], SetupDefaults]


def _cycle(values: tuple[object, ...], current: object, step: int) -> object:
    if current in values:
        return values[(values.index(current) + step) % len(values)]
    return values[0]


def _nearest_step(values: tuple[int, ...], current: int, step: int) -> int:
    """The next value up or down from ``current``, which may be off the list (from config)."""
    if step > 0:
        bigger = [v for v in values if v > current]
        return bigger[0] if bigger else values[0]
    smaller = [v for v in values if v < current]
    return smaller[-1] if smaller else values[-1]


def _players(s: SetupDefaults, step: int) -> SetupDefaults:
    players = int(_cycle((2, 3, 4), s.players, step))  # type: ignore[call-overload]
    return s.with_changes(players=players, first=min(s.first, players - 1))


def _game(s: SetupDefaults, step: int) -> SetupDefaults:
    """Coda, Coda with the dashes (advanced play), Mastermind: one line for the game."""
    games = (("coda", False), ("coda", True), ("mastermind", False))
    now = (s.game, s.dashes if s.game == "coda" else False)
    index = games.index(now) if now in games else 0
    game, dashes = games[(index + step) % len(games)]
    return s.with_changes(game=game, dashes=dashes if game == "coda" else s.dashes)


def _show_game(s: SetupDefaults) -> str:
    if s.game == "mastermind":
        return "Mastermind"
    return _("Coda with dashes") if s.dashes else "Coda"


def _show_hand(s: SetupDefaults) -> str:
    say = nouns(s.labels)
    if s.hand_choice:
        return say(_("{count} {panels}"), count=s.hand_choice)
    return _("box rule ({count})").format(count=s.hand)


def _show_language(s: SetupDefaults) -> str:
    return LANGUAGE_NAMES.get(s.language, s.language)


def _language(s: SetupDefaults, step: int) -> SetupDefaults:
    language = str(_cycle(LANGUAGES, s.language, step))
    set_language(language)  # the next frame is drawn in it
    return s.with_changes(language=language)


GAME_KEY = "game"
ITEMS: tuple[_Item, ...] = (
    _Item("players", N_("Players"), lambda s: str(s.players), _players),
    _Item(GAME_KEY, N_("Game"), _show_game, _game),
)
"""The common choices, before Start: who plays and what."""

HANDS = (0, 3, 4, 5)
"""Panels dealt to each player: 0 is the box's rule (4, or 3 with four players); the
published variant deals 3 with three players."""

MORE_ITEMS: tuple[_Item, ...] = (
    _Item(
        "rounds", N_("Rounds"),
        lambda s: _("one game") if s.rounds == 1 else _("tournament ({count} rounds)").format(
            count=s.rounds),
        lambda s, d: s.with_changes(rounds=_cycle((1, 3), s.rounds, d)),
    ),
    _Item(
        "first", N_("Who starts"),
        lambda s: s.player_names[s.first],
        lambda s, d: s.with_changes(first=(s.first + d) % s.players),
    ),
    _Item(
        "hand", N_("Starting hand"), _show_hand,
        lambda s, d: s.with_changes(hand_choice=int(_cycle(HANDS, s.hand_choice, d))),
    ),
    _Item(
        "timer", N_("Guess timer"),
        lambda s: _("on") if s.timer else _("off"),
        lambda s, d: s.with_changes(timer=not s.timer),
    ),
    _Item(
        "first_seconds", N_("First period"),
        lambda s: f"{s.first_seconds} s",
        lambda s, d: s.with_changes(first_seconds=_nearest_step(FIRST_PERIODS, s.first_seconds, d)),
    ),
    _Item(
        "extra_seconds", N_("Extra period"),
        lambda s: f"{s.extra_seconds} s",
        lambda s, d: s.with_changes(extra_seconds=_nearest_step(EXTRA_PERIODS, s.extra_seconds, d)),
    ),
    _Item(
        "bonus", N_("Winner's bonus"),
        lambda s: nouns(s.labels)(_("standing {panels}") if s.bonus == "hidden"
                                  else _("every {panel}")),
        lambda s, d: s.with_changes(bonus="all" if s.bonus == "hidden" else "hidden"),
    ),
    _Item(
        "labels", N_("Labels"),
        lambda s: _("panels 0-11") if s.labels == "panels" else _("cards 0-9 J Q K"),
        lambda s, d: s.with_changes(labels="cards" if s.labels == "panels" else "panels"),
    ),
    _Item(
        "pool", N_("Pool"),
        lambda s: _(_pool_label(s.pool)),
        lambda s, d: s.with_changes(pool=_next_pool(s.pool, d)),
    ),
    _Item(
        "dealer", N_("Dealer"),
        lambda s: (_("a person who does not play") if s.dealer else _("none"))
        if _pool_uses(s.pool, "dealer") else _("none (pool: device only)"),
        lambda s, d: s.with_changes(dealer=not s.dealer),
    ),
    _Item(
        "training", N_("Training hints"),
        lambda s: (_("on") if s.training else _("off")) if _pool_uses(s.pool, "training")
        else _("off (pool: table only)"),
        lambda s, d: s.with_changes(training=not s.training),
    ),
    _Item("language", N_("Language"), _show_language, _language),
)
"""Everything else, behind "More"."""

NAMES = N_("Names")
MORE = N_("More")
BACK_LINE = N_("Back")


class _MoreMenu(ChoiceMenu[SetupDefaults]):
    """The choices behind "More", and a line back."""

    def __init__(self, defaults: SetupDefaults) -> None:
        super().__init__(MORE_ITEMS, defaults, actions=(BACK_LINE,), start=False)

    def view(self) -> Any:
        """The choices; on the pool and dealer lines, the pool mode's one sentence about
        the choice (with the device dealing and no dealer: what that costs)."""
        view = super().view()
        keys = [item.key for item in self.items]
        if not self.editing and self.cursor in (keys.index("pool"), keys.index("dealer")):
            note = _pool_note(self.choices)
            if note is not None:
                return replace(view, prompt=_(note))
        return view

    def _action_prompt(self, action: str) -> str:
        return _("OK or BACK: back to the first choices")

    def _players(self) -> tuple[str, ...]:
        return tuple(self.choices.player_names)


@dataclass(frozen=True, slots=True)
class _SeatName:
    """A line of the names menu: a seat and its name (OK types a new one)."""

    seat: int

    @property
    def key(self) -> str:
        return f"name:{self.seat}"

    @property
    def label(self) -> str:
        return _("Seat {number}").format(number=self.seat + 1)

    @property
    def show(self) -> Callable[[SetupDefaults], str]:
        return lambda s: _named(s.names, self.seat)

    @property
    def step(self) -> Callable[[SetupDefaults, int], SetupDefaults]:
        return lambda s, d: s


def _named(names: tuple[str, ...], seat: int) -> str:
    """The seat's own name; for a seat nobody named, that it has none (its label already
    says "Seat 2": the line read "Seat 2   Seat 2"), in a word no longer than the name it
    stands for, so that the menu keeps its size."""
    name = seat_name(names, seat)
    return name if name != _("Seat {number}").format(number=seat + 1) else _("unnamed")


class _NamesMenu(ChoiceMenu[SetupDefaults]):
    """One line per playing seat with its name: OK types a new one."""

    def __init__(self, defaults: SetupDefaults) -> None:
        seats = tuple(_SeatName(seat) for seat in range(defaults.players))
        super().__init__(seats, defaults, actions=(BACK_LINE,), start=False)

    def _on_ok(self, index: int) -> str | None:
        return f"name:{index}"

    def _line_prompt(self, index: int) -> str:
        return _("OK: type a new name for seat {number}").format(number=index + 1)

    def _action_prompt(self, action: str) -> str:
        return _("OK or BACK: back to the first choices")

    def _players(self) -> tuple[str, ...]:
        return tuple(self.choices.player_names)


class SetupMenu(ChoiceMenu[SetupDefaults]):
    """The setup: players and game, Start, then Names, More and (when the app can list
    them) Results. The cursor starts on Start: a table keeping its last settings starts
    with one press."""

    def __init__(self, defaults: SetupDefaults, *, actions: tuple[str, ...] = ()) -> None:
        """``actions`` are lines after Names and More that lead elsewhere ("Results"); OK on
        one sets ``chosen`` to it."""
        super().__init__(ITEMS, defaults, actions=(NAMES, MORE, *actions), start_at=len(ITEMS))
        self.move_to_start()
        self.chosen: str | None = None
        self._sub: _MoreMenu | _NamesMenu | None = None
        self._typing: NameEntry | None = None

    @property
    def in_sub(self) -> bool:
        """In "More", "Names" or typing a name: BACK steps out, not to the results."""
        return self._sub is not None or self._typing is not None

    @property
    def title(self) -> str:
        if self._typing is not None or isinstance(self._sub, _NamesMenu):
            return _("Names")
        return _("More choices") if isinstance(self._sub, _MoreMenu) else _("New game")

    @property
    def busy(self) -> bool:
        """A value or a name is being changed (the game switch waits for it)."""
        return self.editing or self._typing is not None or (
            self._sub is not None and self._sub.editing)

    def nav(self, button: Button) -> bool:
        """One of PREV, NEXT, OK. True when the table chose "Start"."""
        if self._typing is not None:
            self._type(button)
            return False
        if self._sub is not None:
            chosen = self._sub.select(button)
            self.choices = self._sub.choices
            if chosen == BACK_LINE:
                self._sub = None
            elif chosen is not None and chosen.startswith("name:"):
                seat = int(chosen.split(":")[1])
                self._typing = NameEntry(seat, self.choices.names[seat])
            return False
        chosen = self.select(button)
        if chosen == START:
            return True
        if chosen == MORE:
            self._sub = _MoreMenu(self.choices)
        elif chosen == NAMES:
            self._sub = _NamesMenu(self.choices)
        elif chosen is not None:
            self.chosen = chosen
        return False

    def seat(self, seat: int) -> None:
        """A seat button: while a name is typed it jumps the letters."""
        if self._typing is not None:
            self._type(Button.for_seat(seat))

    def back(self) -> None:
        if self._typing is not None:
            self._type(Button.BACK)
        elif self._sub is not None:
            if self._sub.editing:
                self._sub.back()
                self.choices = self._sub.choices
            else:
                self._sub = None
        else:
            super().back()

    def type_text(self, text: str) -> bool:
        """Letters typed on a laptop, while a name is being typed; True when it changed."""
        typing = self._typing
        if typing is None:
            return False
        before = typing.view()
        typing.type(text)
        self._typed_done(typing)
        return self._typing is None or typing.view() != before

    def _type(self, button: Button) -> None:
        typing = self._typing
        assert typing is not None
        typing.press(button)
        self._typed_done(typing)

    def _typed_done(self, typing: NameEntry) -> None:
        """The name is kept (or left) once the picker says it is done."""
        if typing.done:
            names = list(self.choices.names)
            names[typing.seat] = typing.result
            self.choices = self.choices.with_changes(names=tuple(names))
            if self._sub is not None:
                self._sub.choices = self.choices
            self._typing = None

    def view(self) -> Any:
        """The setup's screen: a ``SetupView``, or the letter picker's ``NameEntryView``."""
        if self._typing is not None:
            return self._typing.view()
        if self._sub is not None:
            return self._sub.view()
        return super().view()

    def _action_prompt(self, action: str) -> str:
        if action == MORE:
            return _("OK: rounds, timer, hand, labels, pool, language")
        if action == NAMES:
            return _("OK: type the players' names")
        if action == PHONES_ON:
            return _("OK: each player's phone as their own screen")
        return super()._action_prompt(action)

    def _players(self) -> tuple[str, ...]:
        return tuple(self.choices.player_names)


def _pool_label(name: str) -> str:
    from coda_pi.referee.pools.mode import pool_mode  # the modes build on the referee

    return pool_mode(name).setup_label


def _pool_uses(name: str, line: str) -> bool:
    """Whether the pool mode ``name`` uses the More menu's ``line`` ("dealer", "training")."""
    from coda_pi.referee.pools.mode import pool_mode

    return line in pool_mode(name).setup_lines


def _pool_note(choices: SetupDefaults) -> str | None:
    from coda_pi.referee.pools.mode import pool_mode
    from coda_pi.referee.shared.pool_names import POOL_NOTES

    # The mode's own warning first; else what the mode is, in a few words (issue 24).
    note = pool_mode(choices.pool).setup_note(choices)
    return note if note is not None else POOL_NOTES.get(choices.pool)


def _next_pool(name: str, step: int) -> Any:
    """The pool mode ``step`` places after ``name``, round the registry's order (its names:
    only the mode chosen is imported, to be shown)."""
    return _cycle(tuple(POOL_MODES), name, step)

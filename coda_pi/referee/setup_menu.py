"""The setup menu: a list of choices worked with PREV, NEXT, OK and BACK.

PREV/NEXT move between items; OK on an item edits it (PREV/NEXT change the value, OK keeps
it, BACK puts back the value it had); OK on "Start" starts the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from coda_pi.referee.choice_menu import START, ChoiceMenu
from coda_pi.referee.setup import SetupDefaults
from coda_pi.referee.signals import Button
from coda_pi.referee.views import SetupView

FIRST_PERIODS = (20, 30, 45, 60, 90, 120, 180, 300)
EXTRA_PERIODS = (10, 15, 20, 30, 45, 60)


@dataclass(frozen=True, slots=True)
class _Item:
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


ITEMS: tuple[_Item, ...] = (
    _Item("players", "Players", lambda s: str(s.players), _players),
    _Item(
        "dashes", "Game",
        lambda s: "advanced (dashes)" if s.dashes else "standard",
        lambda s, d: s.with_changes(dashes=not s.dashes),
    ),
    _Item(
        "rounds", "Rounds",
        lambda s: "one game" if s.rounds == 1 else f"tournament ({s.rounds} rounds)",
        lambda s, d: s.with_changes(rounds=_cycle((1, 3), s.rounds, d)),
    ),
    _Item(
        "timer", "Guess timer",
        lambda s: "on" if s.timer else "off",
        lambda s, d: s.with_changes(timer=not s.timer),
    ),
    _Item(
        "first_seconds", "First period",
        lambda s: f"{s.first_seconds} s",
        lambda s, d: s.with_changes(first_seconds=_nearest_step(FIRST_PERIODS, s.first_seconds, d)),
    ),
    _Item(
        "extra_seconds", "Extra period",
        lambda s: f"{s.extra_seconds} s",
        lambda s, d: s.with_changes(extra_seconds=_nearest_step(EXTRA_PERIODS, s.extra_seconds, d)),
    ),
    _Item(
        "bonus", "Winner's bonus",
        lambda s: "standing panels" if s.bonus == "hidden" else "every panel",
        lambda s, d: s.with_changes(bonus="all" if s.bonus == "hidden" else "hidden"),
    ),
    _Item(
        "first", "Who starts",
        lambda s: s.names[s.first],
        lambda s, d: s.with_changes(first=(s.first + d) % s.players),
    ),
    _Item(
        "labels", "Labels",
        lambda s: "panels 0-11" if s.labels == "panels" else "cards 0-9 J Q K",
        lambda s, d: s.with_changes(labels="cards" if s.labels == "panels" else "panels"),
    ),
    _Item(
        "pool", "Pool",
        lambda s: _pool_label(s.pool),
        lambda s, d: s.with_changes(pool=_next_pool(s.pool, d)),
    ),
    _Item(
        "dealer", "Dealer",
        lambda s: ("a person who does not play" if s.dealer else "none") + (
            "" if s.pool == "device" else " (device pool)"),
        lambda s, d: s.with_changes(dealer=not s.dealer),
    ),
    _Item(
        "training", "Training hints",
        lambda s: ("on" if s.training else "off") + ("" if s.pool == "table" else " (table pool)"),
        lambda s, d: s.with_changes(training=not s.training),
    ),
    # Last, so the other items keep their places; Mastermind has its own setup after it.
    _Item(
        "game", "Board game",
        lambda s: "Mastermind" if s.game == "mastermind" else "Coda",
        lambda s, d: s.with_changes(game="coda" if s.game == "mastermind" else "mastermind"),
    ),
)
# One sentence, short enough to read on the smallest screen.
CASUAL = "An open box shows what is left in it: without a dealer, casual play only"


class SetupMenu(ChoiceMenu[SetupDefaults]):
    def __init__(self, defaults: SetupDefaults, *, actions: tuple[str, ...] = ()) -> None:
        """``actions`` are lines between the choices and "Start" that lead elsewhere
        ("Results"); OK on one sets ``chosen`` to its label."""
        super().__init__(ITEMS, defaults, actions=actions)
        self.chosen: str | None = None

    def view(self) -> SetupView:
        """The choices; with the device dealing and no dealer, the one sentence that says
        what that costs, on the pool and dealer lines (choosing that pool passes there)."""
        view = super().view()
        keys = [item.key for item in self.items]
        lines = {keys.index("pool"), keys.index("dealer")}
        choices = self.choices
        if (choices.pool == "device" and not choices.dealer and not self.editing
                and self.cursor in lines):
            return replace(view, prompt=CASUAL)
        return view

    def nav(self, button: Button) -> bool:
        """One of PREV, NEXT, OK. True when the table chose "Start"."""
        chosen = self.select(button)
        if chosen == START:
            return True
        if chosen is not None:
            self.chosen = chosen
        return False

    def _players(self) -> tuple[str, ...]:
        return tuple(self.choices.player_names)


def _pool_label(name: str) -> str:
    from coda_pi.referee.pools import pool_mode  # the modes build on the referee

    return pool_mode(name).setup_label


def _next_pool(name: str, step: int) -> Any:
    """The pool mode ``step`` places after ``name``, round the registry's order."""
    from coda_pi.referee.pools import pool_modes

    return _cycle(tuple(pool_modes()), name, step)

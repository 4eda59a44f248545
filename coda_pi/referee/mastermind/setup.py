"""Mastermind's setup: its choices and the menu that changes them (PREV, NEXT, OK, BACK,
as in Coda's setup menu; the first item switches the device back to Coda)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from coda_pi.i18n import N_, _
from coda_pi.referee.shared.choice_menu import START, ChoiceMenu
from coda_pi.referee.shared.seat_screens import PHONES_ON
from coda_pi.referee.shared.setup import DEFAULT_NAMES
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import SetupView
from coda_pi.rules.dealer import Shuffle

Mode = Literal["scores", "audit", "solo"]
MODES: tuple[Mode, ...] = ("scores", "audit", "solo")
MODE_TEXT: dict[Mode, str] = {
    "scores": N_("2 players, device scores"),
    "audit": N_("2 players, audit"),
    "solo": N_("solo against the device"),
}
GAMES = (1, 2, 4, 6, 8, 10)
DEVICE_NAME = "Device"
DEVICE_SEAT = 1  # in solo play the device sits in seat 2


@dataclass(frozen=True, slots=True)
class MastermindOptions:
    names: tuple[str, ...] = DEFAULT_NAMES[:2]
    mode: Mode = "scores"
    games: int = 2
    blanks: bool = False  # the extra challenge: the empty hole is a seventh colour
    hint: bool = False  # show a human breaker how many codes still fit
    first: int = 0  # the first game's codemaker
    seed: str | None = None  # the device's codes, decided once (rules/dealer.py's Shuffle)

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    @property
    def device_seat(self) -> int | None:
        return DEVICE_SEAT if self.solo else None

    @property
    def players(self) -> tuple[str, str]:
        first = self.names[0] if self.names else DEFAULT_NAMES[0]
        second = self.names[1] if len(self.names) > 1 else DEFAULT_NAMES[1]
        if self.solo:
            second = DEVICE_NAME if first != DEVICE_NAME else f"{DEVICE_NAME} (2)"
        names = [first.strip() or DEFAULT_NAMES[0], second.strip() or DEFAULT_NAMES[1]]
        if names[0] == names[1]:
            names[1] = f"{names[1]} (2)"
        return names[0], names[1]

    def header_extras(self) -> dict[str, Any]:
        """What the device writes in the header beside the spec's keys (replay ignores it)."""
        return {"mode": self.mode, "hint": self.hint} | (
            {} if self.seed is None else {"seed": self.seed})


def options_from_header(header: Mapping[str, Any], hint: bool = False) -> MastermindOptions:
    """The options a resumed record was started with."""
    mode = header.get("mode")
    players = header.get("players") or list(DEFAULT_NAMES[:2])
    hint_value = header.get("hint")
    return MastermindOptions(
        names=tuple(players),
        mode=mode if mode in MODES else "scores",
        games=int(header.get("games", 2)),
        blanks=bool(header.get("blanks", False)),
        hint=hint_value if isinstance(hint_value, bool) else hint,
        seed=kept.seed if (kept := Shuffle.from_header(header)) is not None else None,
    )


@dataclass(frozen=True, slots=True)
class _Item:
    label: str
    show: Callable[[MastermindOptions], str]
    step: Callable[[MastermindOptions, int], MastermindOptions]


def _cycle(values: tuple[Any, ...], current: Any, step: int) -> Any:
    if current in values:
        return values[(values.index(current) + step) % len(values)]
    return values[0]


GAME_ITEM = 0  # "Game": changing it hands the device back to Coda
ITEMS: tuple[_Item, ...] = (
    _Item(N_("Game"), lambda o: "Mastermind", lambda o, d: o),
    _Item(N_("Mode"), lambda o: _(MODE_TEXT[o.mode]),
          lambda o, d: replace(o, mode=_cycle(MODES, o.mode, d))),
)
"""The common choices, before Start (as in Coda's setup): what is played, and by whom."""

MORE_ITEMS: tuple[_Item, ...] = (
    _Item(N_("Games"), lambda o: str(o.games),
          lambda o, d: replace(o, games=_cycle(GAMES, o.games, d))),
    _Item(N_("First codemaker"), lambda o: o.players[o.first],
          lambda o, d: replace(o, first=1 - o.first)),
    _Item(N_("Empty holes"), lambda o: _("on (7 colours)") if o.blanks else _("off"),
          lambda o, d: replace(o, blanks=not o.blanks)),
    _Item(N_("Hint"), lambda o: _("codes left") if o.hint else _("off"),
          lambda o, d: replace(o, hint=not o.hint)),
)
"""Everything else, behind "More"."""

MORE = N_("More")
BACK_LINE = N_("Back")


class _MoreMenu(ChoiceMenu[MastermindOptions]):
    """The choices behind "More", and a line back."""

    def __init__(self, options: MastermindOptions) -> None:
        super().__init__(MORE_ITEMS, options, actions=(BACK_LINE,), start=False)

    def _action_prompt(self, action: str) -> str:
        return _("OK or BACK: back to the first choices")

    def _players(self) -> tuple[str, ...]:
        return tuple(self.choices.players)


class MastermindSetupMenu(ChoiceMenu[MastermindOptions]):
    """The Mastermind setup menu, the shape of Coda's: Game and Mode, Start, then More (the
    number of games, the first codemaker, empty holes, the hint). ``nav`` says "start",
    "coda" (switch back) or None. ``at_start``: the cursor waits on Start (a table coming
    back to its remembered setup starts with one press); else on Game (just switched here
    from Coda's Game line)."""

    def __init__(self, options: MastermindOptions, *, at_start: bool = False) -> None:
        super().__init__(ITEMS, options, actions=(MORE,), cursor=GAME_ITEM, start_at=len(ITEMS))
        if at_start:
            self.move_to_start()
        self._sub: _MoreMenu | None = None

    @property
    def title(self) -> str:
        return _("More choices") if self._sub is not None else _("New game: Mastermind")

    @property
    def in_sub(self) -> bool:
        return self._sub is not None

    def nav(self, button: Button) -> str | None:
        if self._sub is not None:
            chosen = self._sub.select(button)
            self.choices = self._sub.choices
            if chosen == BACK_LINE:
                self._sub = None
            return None
        chosen = self.select(button)
        if chosen == MORE:
            self._sub = _MoreMenu(self.choices)
            return None
        return "start" if chosen == START else chosen

    def back(self) -> None:
        if self._sub is None:
            super().back()
        elif self._sub.editing:
            self._sub.back()
            self.choices = self._sub.choices
        else:
            self._sub = None

    def view(self) -> SetupView:
        return self._sub.view() if self._sub is not None else super().view()

    def _players(self) -> tuple[str, ...]:
        return tuple(self.choices.players)

    def _on_ok(self, index: int) -> str | None:
        return "coda" if index == GAME_ITEM else None  # one OK: the only other value is Coda

    def _line_prompt(self, index: int) -> str:
        if index == GAME_ITEM:
            return _("OK switches to Coda; NEXT for Mastermind's choices")
        return super()._line_prompt(index)

    def _action_prompt(self, action: str) -> str:
        if action == MORE:
            return _("OK: games, first codemaker, empty holes, hint")
        if action == PHONES_ON:
            return _("OK: each player's phone as their own screen")
        return super()._action_prompt(action)

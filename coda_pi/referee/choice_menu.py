"""A menu of choices worked with PREV, NEXT, OK and BACK: the shape of every setup screen.

PREV/NEXT move between lines; OK on a choice edits it (PREV/NEXT change the value, OK keeps
it, BACK puts back the value it had); after the choices come lines that lead elsewhere
("Results"), and last "Start".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from coda_pi.referee.signals import Button
from coda_pi.referee.views import SetupItem, SetupView

T = TypeVar("T")
START = "Start"
EDITING_PROMPT = "PREV/NEXT change it, OK keeps it, BACK puts it back"
CHOOSING_PROMPT = "PREV/NEXT choose, OK changes"


class Choice(Protocol[T]):
    """One line of choices: its label, how its value reads, and the value one step on."""

    @property
    def label(self) -> str: ...

    @property
    def show(self) -> Callable[[T], str]: ...

    @property
    def step(self) -> Callable[[T, int], T]: ...


class ChoiceMenu(Generic[T]):
    """The choices ``T`` (a frozen value), edited one line at a time."""

    def __init__(
        self, items: Sequence[Choice[T]], choices: T, *, actions: tuple[str, ...] = (),
        cursor: int = 0,
    ) -> None:
        self.items = items
        self.choices = choices
        self.actions = actions
        self.cursor = cursor
        self.editing = False
        self._before: T | None = None

    @property
    def _start(self) -> int:
        return len(self.items) + len(self.actions)

    def select(self, button: Button) -> str | None:
        """PREV, NEXT or OK. Returns ``START``, the action line chosen, or what
        ``_on_ok`` says for a line; None while the table is still choosing."""
        step = -1 if button is Button.PREV else 1
        if self.editing:
            if button is Button.OK:
                self.editing = False
                self._before = None
            elif button in (Button.PREV, Button.NEXT):
                self.choices = self.items[self.cursor].step(self.choices, step)
            return None
        if button in (Button.PREV, Button.NEXT):
            self.cursor = (self.cursor + step) % (self._start + 1)
            return None
        if button is Button.OK:
            if self.cursor == self._start:
                return START
            if self.cursor >= len(self.items):
                return self.actions[self.cursor - len(self.items)]
            leads = self._on_ok(self.cursor)
            if leads is not None:
                return leads
            self.editing = True
            self._before = self.choices
        return None

    def back(self) -> None:
        if self.editing and self._before is not None:
            self.choices = self._before
        self.editing = False
        self._before = None

    def view(self) -> SetupView:
        items = tuple(SetupItem(i.label, i.show(self.choices)) for i in self.items)
        if self.editing:
            prompt = EDITING_PROMPT
        elif self.cursor == self._start:
            prompt = "Press OK to start"
        elif self.cursor >= len(self.items):
            prompt = "Press OK to open it"
        else:
            prompt = self._line_prompt(self.cursor)
        return SetupView(
            items=(*items, *(SetupItem(a, "") for a in self.actions), SetupItem(START, "")),
            cursor=self.cursor,
            editing=self.editing,
            players=self._players(),
            prompt=prompt,
        )

    def _on_ok(self, index: int) -> str | None:
        """OK on a choice line edits it; a subclass may make a line lead elsewhere."""
        return None

    def _line_prompt(self, index: int) -> str:
        return CHOOSING_PROMPT

    def _players(self) -> tuple[str, ...]:
        """The names the setup screen shows beside the choices."""
        return ()

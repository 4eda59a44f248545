"""A menu of choices worked with PREV, NEXT, OK and BACK: the shape of every setup screen.

PREV/NEXT move between lines; OK on a choice edits it (PREV/NEXT change the value, OK keeps
it, BACK puts back the value it had); other lines lead elsewhere ("More", "Results"), and
"Start" starts. Where "Start" stands is the menu's choice: after the common choices, so the
table that keeps its last settings starts with one press.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from coda_pi.i18n import N_, _
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import SetupItem, SetupView

T = TypeVar("T")
START = "Start"
"""What ``select`` returns for the Start line (its key; the label is translated)."""
EDITING_PROMPT = N_("PREV/NEXT change it, OK keeps it, BACK puts it back")
CHOOSING_PROMPT = N_("PREV/NEXT choose, OK changes")


class Choice(Protocol[T]):
    """One line of choices: its label, how its value reads, and the value one step on."""

    @property
    def label(self) -> str: ...

    @property
    def show(self) -> Callable[[T], str]: ...

    @property
    def step(self) -> Callable[[T, int], T]: ...


Line = tuple[str, int]
"""("choice", index in items), ("start", 0) or ("action", index in actions)."""


class ChoiceMenu(Generic[T]):
    """The choices ``T`` (a frozen value), edited one line at a time.

    ``actions`` are lines that lead elsewhere (OK on one returns its name); ``start_at`` is
    how many choices come before "Start" (None: Start comes last, after the actions);
    with ``start_at`` the actions follow Start. ``start=False``: no Start line (a submenu).
    """

    def __init__(
        self, items: Sequence[Choice[T]], choices: T, *, actions: tuple[str, ...] = (),
        cursor: int = 0, start_at: int | None = None, start: bool = True,
    ) -> None:
        self.items = items
        self.choices = choices
        self.actions = actions
        self.editing = False
        self._before: T | None = None
        choice_lines: list[Line] = [("choice", i) for i in range(len(items))]
        action_lines: list[Line] = [("action", i) for i in range(len(actions))]
        start_lines: list[Line] = [("start", 0)] if start else []
        if start_at is None:
            self.lines = [*choice_lines, *action_lines, *start_lines]
        else:
            self.lines = [*choice_lines[:start_at], *start_lines, *choice_lines[start_at:],
                          *action_lines]
        self.cursor = cursor % len(self.lines)

    def set_action(self, name: str, shown: bool) -> None:
        """The action line ``name`` shown last, or gone (the cursor stays on its line)."""
        here = self.line
        actions = [a for a in self.actions if a != name] + ([name] if shown else [])
        if tuple(actions) == self.actions:
            return
        self.actions = tuple(actions)
        self.lines = [line for line in self.lines if line[0] != "action"]
        self.lines += [("action", i) for i in range(len(self.actions))]
        self.cursor = self.lines.index(here) if here in self.lines else (
            self.cursor % len(self.lines))

    @property
    def line(self) -> Line:
        return self.lines[self.cursor]

    def move_to_start(self) -> None:
        if ("start", 0) in self.lines:
            self.cursor = self.lines.index(("start", 0))

    def select(self, button: Button) -> str | None:
        """PREV, NEXT or OK. Returns ``START``, the action line chosen, or what
        ``_on_ok`` says for a line; None while the table is still choosing."""
        step = -1 if button is Button.PREV else 1
        kind, index = self.line
        if self.editing:
            if button is Button.OK:
                self.editing = False
                self._before = None
            elif button in (Button.PREV, Button.NEXT):
                self.choices = self.items[index].step(self.choices, step)
            return None
        if button in (Button.PREV, Button.NEXT):
            self.cursor = (self.cursor + step) % len(self.lines)
            return None
        if button is Button.OK:
            if kind == "start":
                return START
            if kind == "action":
                return self.actions[index]
            leads = self._on_ok(index)
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
        shown = []
        for kind, index in self.lines:
            if kind == "choice":
                item = self.items[index]
                shown.append(SetupItem(_(item.label), item.show(self.choices),
                                       key=getattr(item, "key", "")))
            elif kind == "action":
                shown.append(SetupItem(self._action_label(self.actions[index]), "",
                                       key=self.actions[index]))
            else:
                shown.append(SetupItem(_("Start"), "", key=START))
        kind, index = self.line
        if self.editing:
            prompt = _(EDITING_PROMPT)
        elif kind == "start":
            prompt = _("Press OK to start")
        elif kind == "action":
            prompt = self._action_prompt(self.actions[index])
        else:
            prompt = self._line_prompt(index)
        return SetupView(
            items=tuple(shown),
            cursor=self.cursor,
            editing=self.editing,
            players=self._players(),
            prompt=prompt,
        )

    def _on_ok(self, index: int) -> str | None:
        """OK on a choice line edits it; a subclass may make a line lead elsewhere."""
        return None

    def _line_prompt(self, index: int) -> str:
        return _(CHOOSING_PROMPT)

    def _action_label(self, action: str) -> str:
        return _(action)

    def _action_prompt(self, action: str) -> str:
        return _("Press OK to open it")

    def _players(self) -> tuple[str, ...]:
        """The names the setup screen shows beside the choices."""
        return ()

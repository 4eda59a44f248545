"""The questions and the menu that BACK brings up over a screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from coda_pi.i18n import N_, _
from coda_pi.referee.shared.seat_screens import PhonesPanel, PhonesView
from coda_pi.referee.shared.views import ConfirmView, MenuView
from coda_pi.referee.shared.wording import nouns

MenuItem = Literal["resume", "pause", "unpause", "undo", "fix", "end", "review", "phones",
                   "phones_on", "quit"]
# Marked for translation here, translated when shown (N_): the language may change. The
# table's nouns fill {panel} ("card" with the Rainbow deck): ``menu_text``.
MENU_TEXT: dict[MenuItem, str] = {
    "resume": N_("Back to the game"),
    "pause": N_("Pause the timer"),
    "unpause": N_("Restart the timer"),
    "undo": N_("Undo the last action"),
    "fix": N_("Fix a {panel} entered wrong"),  # entered pool: a fallen panel shows otherwise
    "end": N_("End the game now"),
    "review": N_("Review the game"),  # once the final standings are shown
    "phones": N_("Phones"),  # phones are on: the QR code, and taking a seat's phone away
    "phones_on": N_("Turn phones on"),  # off, and the device can start them (app/build.py)
    "quit": N_("Quit"),
}
QUIT_PLAYING = N_("Quit coda-pi? The game is saved and resumes at the next start; then unplug.")
QUIT_OVER = N_("Quit coda-pi? The game is saved; then unplug.")  # a finished game is not resumed
# In a laptop's window there is nothing to unplug: the window closes (issue 24).
QUIT_PLAYING_WINDOW = N_("Quit coda-pi? The game is saved and resumes at the next start; the "
                         "window closes.")
QUIT_OVER_WINDOW = N_("Quit coda-pi? The game is saved; the window closes.")


@dataclass
class Menu:
    """The BACK menu over the screen: its items and the one under the cursor."""

    items: tuple[MenuItem, ...]
    cursor: int = 0


@dataclass
class Confirm:
    """A yes/no question over the screen (undo, end the game, quit)."""

    kind: Literal["undo", "end", "quit"]
    text: str
    events: int = 0  # events in force when asked: a confirmation answers only that question


def quit_confirm(*, game_over: bool) -> Confirm:
    """The question before the loop stops: every event is already on disk, so the table may
    unplug the device once the screen goes dark."""
    from coda_pi.desktop import in_a_window

    if in_a_window():
        return Confirm("quit", _(QUIT_OVER_WINDOW if game_over else QUIT_PLAYING_WINDOW))
    return Confirm("quit", _(QUIT_OVER if game_over else QUIT_PLAYING))


_TITLES = {"undo": N_("Undo?"), "end": N_("End the game?"), "quit": N_("Turn off?")}
QUIT_TITLE_WINDOW = N_("Quit?")  # a laptop's window is not turned off: it closes


def _title(kind: str) -> str:
    if kind == "quit":
        from coda_pi.desktop import in_a_window

        if in_a_window():
            return _(QUIT_TITLE_WINDOW)
    return _(_TITLES[kind])


def menu_text(item: MenuItem, labels: str = "panels") -> str:
    """A menu line in the current language and the table's words."""
    return nouns(labels)(_(MENU_TEXT[item]))


def overlay_view(overlay: Menu | Confirm | PhonesPanel | None, labels: str = "panels"
                 ) -> MenuView | ConfirmView | PhonesView | None:
    if isinstance(overlay, PhonesPanel):
        return overlay.view()
    if isinstance(overlay, Menu):
        return MenuView(
            title=_("Menu"),
            items=tuple(menu_text(i, labels) for i in overlay.items),
            cursor=overlay.cursor,
        )
    if isinstance(overlay, Confirm):
        return ConfirmView(title=_title(overlay.kind), text=overlay.text,
                           ok_label=_("OK: yes"), back_label=_("BACK: no"))
    return None

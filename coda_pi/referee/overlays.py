"""The questions and the menu that BACK brings up over a screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from coda_pi.referee.views import ConfirmView, MenuView

MenuItem = Literal["resume", "pause", "unpause", "undo", "fix", "end", "review", "quit"]
MENU_TEXT: dict[MenuItem, str] = {
    "resume": "Back to the game",
    "pause": "Pause the timer",
    "unpause": "Restart the timer",
    "undo": "Undo the last action",
    "fix": "Fix a panel entered wrong",  # entered-pool play: a fallen panel shows otherwise
    "end": "End the game now",
    "review": "Review the game",  # once the final standings are shown
    "quit": "Quit",
}
QUIT_PLAYING = "Quit coda-pi? The game is saved and resumes at the next start; then unplug."
QUIT_OVER = "Quit coda-pi? The game is saved; then unplug."  # a finished game is not resumed


@dataclass
class Menu:
    items: tuple[MenuItem, ...]
    cursor: int = 0


@dataclass
class Confirm:
    kind: Literal["undo", "end", "quit"]
    text: str
    events: int = 0  # events in force when asked: a confirmation answers only that question


def quit_confirm(*, game_over: bool) -> Confirm:
    """The question before the loop stops: every event is already on disk, so the table may
    unplug the device once the screen goes dark."""
    return Confirm("quit", QUIT_OVER if game_over else QUIT_PLAYING)


_TITLES = {"undo": "Undo?", "end": "End the game?", "quit": "Turn off?"}


def overlay_view(overlay: Menu | Confirm | None) -> MenuView | ConfirmView | None:
    if isinstance(overlay, Menu):
        return MenuView(
            title="Menu",
            items=tuple(MENU_TEXT[i] for i in overlay.items),
            cursor=overlay.cursor,
        )
    if isinstance(overlay, Confirm):
        return ConfirmView(title=_TITLES[overlay.kind], text=overlay.text)
    return None

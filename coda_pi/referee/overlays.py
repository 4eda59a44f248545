"""The questions and the menu that BACK brings up over a screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from coda_pi.referee.views import ConfirmView, MenuView

MenuItem = Literal["resume", "pause", "unpause", "undo", "end", "review"]
MENU_TEXT: dict[MenuItem, str] = {
    "resume": "Back to the game",
    "pause": "Pause the timer",
    "unpause": "Restart the timer",
    "undo": "Undo the last action",
    "end": "End the game now",
    "review": "Review the game",  # table-pool play, once the final standings are shown
}


@dataclass
class Menu:
    items: tuple[MenuItem, ...]
    cursor: int = 0


@dataclass
class Confirm:
    kind: Literal["undo", "end"]
    text: str
    events: int = 0  # events in force when asked: a confirmation answers only that question


def overlay_view(overlay: Menu | Confirm | None) -> MenuView | ConfirmView | None:
    if isinstance(overlay, Menu):
        return MenuView(
            title="Menu",
            items=tuple(MENU_TEXT[i] for i in overlay.items),
            cursor=overlay.cursor,
        )
    if isinstance(overlay, Confirm):
        title = "Undo?" if overlay.kind == "undo" else "End the game?"
        return ConfirmView(title=title, text=overlay.text)
    return None

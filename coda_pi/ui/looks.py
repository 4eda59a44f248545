"""From the referee's view values to the drawing primitives' looks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from coda_pi.referee.shared.views import BannerKind, LedState
from coda_pi.ui import theme
from coda_pi.ui.draw import LedLook, PanelLook
from coda_pi.ui.theme import RGB

if TYPE_CHECKING:
    from coda_pi.referee.shared.game_views import PanelView


def panel_look(panel: PanelView, *, marked: bool | None = None) -> PanelLook:
    if panel.dark is None:
        return undecided_look(panel.label, marked=panel.highlight if marked is None else marked)
    return PanelLook(
        colour="D" if panel.dark else "L",
        label=panel.label,
        down=panel.revealed,
        marked=panel.highlight if marked is None else marked,
    )


def undecided_look(label: str | None, *, marked: bool = False) -> PanelLook:
    """A panel whose colour is not decided yet (a deal's "any mix", a colour not entered):
    an outline on the background, neither dark nor light."""
    return PanelLook("D", label, marked=marked, faint=True)


def row_looks(row: Sequence[PanelView]) -> list[PanelLook]:
    return [panel_look(p) for p in row]


def seat_colour(seat: int) -> RGB:
    return theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]


def led_looks(leds: Sequence[LedState], blink_on: bool) -> list[LedLook]:
    looks = []
    for state in leds:
        blinking = state is LedState.BLINK
        looks.append(LedLook(lit=state is LedState.ON or (blinking and blink_on),
                             blinking=blinking))
    return looks


BANNER_COLOURS: dict[BannerKind, RGB] = {
    BannerKind.INFO: theme.TEXT,
    BannerKind.GOOD: theme.GOOD,
    BannerKind.BAD: theme.BAD,
    BannerKind.ERROR: theme.WARNING,
}

BANNER_CHIPS: dict[BannerKind, RGB] = {
    BannerKind.INFO: theme.PANEL_AREA,
    BannerKind.GOOD: theme.GOOD,
    BannerKind.BAD: theme.BAD,
    BannerKind.ERROR: theme.WARNING,
}
"""The chip under the header's title that says what just happened, by how it went."""

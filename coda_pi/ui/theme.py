"""Colours and sizes: one place for what the screen looks like.

The seat colours are the colours of the seat LEDs (hardware/ uses the same four), so a
player finds their seat on the screen by the colour of the light in front of them.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

SEAT_COLOURS: tuple[RGB, ...] = (
    (226, 52, 52),  # seat 1: red
    (40, 170, 70),  # seat 2: green
    (50, 110, 235),  # seat 3: blue
    (245, 200, 30),  # seat 4: yellow
)
SEAT_COLOUR_NAMES: tuple[str, ...] = ("red", "green", "blue", "yellow")

# A blue-grey table, so that near-black dark panels and ivory light panels both stand out.
BACKGROUND: RGB = (52, 58, 70)
PANEL_AREA: RGB = (40, 45, 55)
TEXT: RGB = (240, 240, 235)
TEXT_DIM: RGB = (165, 172, 185)
INK: RGB = (18, 18, 22)

DARK_PANEL: RGB = (16, 16, 20)
DARK_PANEL_DIGIT: RGB = (245, 245, 240)
DARK_PANEL_EDGE: RGB = (120, 124, 135)
LIGHT_PANEL: RGB = (246, 240, 222)
LIGHT_PANEL_DIGIT: RGB = (16, 16, 20)
LIGHT_PANEL_EDGE: RGB = (190, 180, 150)

CURSOR: RGB = (255, 150, 30)
GOOD: RGB = (60, 200, 90)
BAD: RGB = (235, 60, 60)
WARNING: RGB = (250, 180, 40)

LED_OFF: RGB = (30, 30, 34)


def ink_on(colour: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``colour`` (yellow wants dark text)."""
    r, g, b = colour
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return INK if luminance > 150 else TEXT


def dim(colour: RGB, amount: float = 0.45) -> RGB:
    """``colour`` darkened towards black by ``amount`` (0..1)."""
    r, g, b = colour
    keep = 1.0 - amount
    return (round(r * keep), round(g * keep), round(b * keep))


@dataclass(frozen=True, slots=True)
class Metrics:
    """Sizes derived from the surface, so one layout reads at 320x240 and at 800x480.

    ``unit`` is 1/100 of the shorter side scaled for the aspect ratio; every margin,
    border and font size is a multiple of it.
    """

    width: int
    height: int

    @property
    def unit(self) -> float:
        return min(self.width / 1.5, self.height) / 100.0

    def px(self, units: float) -> int:
        """``units`` of ``unit``, at least one pixel."""
        # ``unit`` written out: the same arithmetic without a property call, fifty times
        # a frame.
        return max(1, round(units * (min(self.width / 1.5, self.height) / 100.0)))

    @property
    def margin(self) -> int:
        return self.px(2.5)

    @property
    def border(self) -> int:
        return self.px(0.8)

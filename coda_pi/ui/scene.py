"""What one frame shows: the referee's views plus the few things only the edges know."""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.referee.shared.views import LedState, PrivateView, PublicView


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything one frame is drawn from. Equal scenes draw identical frames, which is how
    the loop knows it may skip a redraw."""

    view: PublicView
    private: PrivateView | None = None
    leds: tuple[LedState, ...] = ()
    show_led_strip: bool = True
    blink_on: bool = True  # the phase of blinking LEDs on the on-screen strip

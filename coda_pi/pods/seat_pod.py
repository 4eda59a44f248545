"""One seat's pod as the loop will use it: show the seat's private view, dark when idle.

Time is injected (``now``, from the loop's monotonic clock): the pod keeps a deadline after
which its glass goes dark, and the loop asks :meth:`SeatPod.deadline` when to call
:meth:`SeatPod.idle`; nothing here sleeps or polls.
"""

from __future__ import annotations

from PIL import Image

from coda_pi.pods.draw import draw_private
from coda_pi.pods.pages import HEIGHT, WIDTH
from coda_pi.pods.panel import PodPanel
from coda_pi.referee.shared.views import PrivateView

DEFAULT_IDLE_SECONDS = 60.0


class SeatPod:
    def __init__(self, seat: int, panel: PodPanel, *,
                 idle_seconds: float = DEFAULT_IDLE_SECONDS) -> None:
        self.seat = seat
        self.panel = panel
        self.idle_seconds = idle_seconds
        self._view: PrivateView | None = None
        self._dark_at: float | None = None
        self.panel.off()  # nothing to show until the seat has a private view

    def update(self, view: PrivateView | None, now: float) -> int:
        """Show ``view`` (this seat's, or None: nothing private now, so dark glass).
        Returns the pages sent; an unchanged view sends none and keeps the idle deadline."""
        if view is not None and view.seat != self.seat:
            raise ValueError(f"seat {view.seat + 1}'s private view offered to seat "
                             f"{self.seat + 1}'s pod")
        if view == self._view and (view is None or self.panel.lit):
            return 0
        self._view = view
        if view is None:
            sent = self.panel.show(Image.new("1", (WIDTH, HEIGHT)))
            self.panel.off()
            self._dark_at = None
            return sent
        image, _ = draw_private(view)
        sent = self.panel.show(image)
        self.panel.on()
        self._dark_at = now + self.idle_seconds
        return sent

    def deadline(self) -> float | None:
        """When :meth:`idle` should be called next (None: not while the glass is dark)."""
        return self._dark_at if self.panel.lit else None

    def idle(self, now: float) -> None:
        """The game waited ``idle_seconds`` with nothing new for this seat: glass off (the
        frame stays in the panel's memory, and any change lights it again)."""
        if self._dark_at is not None and now >= self._dark_at:
            self.panel.off()
            self._dark_at = None

    def wake(self, now: float) -> None:
        """A button was pressed: the pod lights its last frame again, if it has one."""
        if self._view is not None:
            self.panel.on()
            self._dark_at = now + self.idle_seconds

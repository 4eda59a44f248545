"""One seat's pod as the loop will use it: show the seat's private view, dark when idle.

Time is injected (``now``, from the loop's monotonic clock): the pod keeps two deadlines,
when its glass goes dark and when a text too long for the glass turns to its next lines, and
the loop asks :meth:`SeatPod.deadline` when to call :meth:`SeatPod.tick`; nothing here
sleeps or polls.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from coda_pi.i18n import language
from coda_pi.pods.draw import PodFrame, draw_private
from coda_pi.pods.pages import HEIGHT, WIDTH
from coda_pi.pods.panel import Glass

DEFAULT_IDLE_SECONDS = 60.0
_BLANK = Image.new("1", (WIDTH, HEIGHT))
TEXT_PAGE_SECONDS = 2.5  # long enough to read two lines, short enough not to wait for them


class SeatPod:
    def __init__(self, seat: int, panel: Glass, *,
                 idle_seconds: float = DEFAULT_IDLE_SECONDS) -> None:
        self.seat = seat
        self.panel = panel
        self.idle_seconds = idle_seconds
        self._view: Any = None
        self._dark_at: float | None = None
        self._turn_at: float | None = None  # the next text page, when the text has several
        self._text_page = 0
        self._text_pages = 1
        # The view's frames drawn so far, by text page and language: a long text turns
        # through its pages every few seconds for as long as the view stays, and each frame
        # is a function of the view, the page and the language only.
        self._frames: dict[tuple[int, str], PodFrame] = {}
        self.panel.off()  # nothing to show until the seat has a private view

    @property
    def view(self) -> Any:
        """The view the pod's glass was last given (None: nothing private, dark)."""
        return self._view

    def update(self, view: Any, now: float) -> int:
        """Show ``view`` (this seat's private view of a kind ``content.py`` draws, or None:
        nothing private now, so dark glass). The new frame's pages are written before the
        glass is lit, so a dark pod never flashes its previous frame.
        Returns the pages sent; an unchanged view sends none and keeps the idle deadline."""
        if view is not None and view.seat != self.seat:
            raise ValueError(f"seat {view.seat + 1}'s private view offered to seat "
                             f"{self.seat + 1}'s pod")
        if view == self._view and (view is None or self.panel.lit):
            return 0
        self._view = view
        self._frames = {}
        self._text_page = 0
        self._turn_at = None
        if view is None:
            # Dark first, then the memory blanked behind the dark glass. Kept, the old frame
            # made the next view cheap when it was alike, but the view after a private
            # moment is often not (the game's end: four reviews at once over four old
            # frames, 50 ms of bus at 400 kHz); blank, the next view costs its own ink
            # only (bench/bench_pods.py: the worst change 28 ms instead of 50). The writer
            # sends the blank after the other pods' changes, and a view asked before it
            # got to the blank replaces it (then only what differs from the old frame).
            self.panel.off()
            self.panel.show(_BLANK)
            self._dark_at = None
            return 0
        sent = self._draw(now)
        self.panel.on()
        self._dark_at = now + self.idle_seconds
        return sent

    def _draw(self, now: float) -> int:
        assert self._view is not None
        key = (self._text_page, language())
        frame = self._frames.get(key)
        if frame is None:
            frame = self._frames[key] = draw_private(self._view, text_page=self._text_page)
        self._text_pages = frame.text_pages
        self._turn_at = now + TEXT_PAGE_SECONDS if frame.text_pages > 1 else None
        return self.panel.show(frame.image)

    def deadline(self) -> float | None:
        """When :meth:`tick` should be called next (None: not while the glass is dark)."""
        if not self.panel.lit:
            return None
        times = [t for t in (self._dark_at, self._turn_at) if t is not None]
        return min(times) if times else None

    def tick(self, now: float) -> int:
        """A deadline passed: turn a long text to its next lines, or, when the game waited
        ``idle_seconds`` with nothing new for this seat, switch the glass off (the frame
        stays in the panel's memory, and any change lights it again). Returns pages sent."""
        if self._dark_at is not None and now >= self._dark_at:
            self.panel.off()
            self._dark_at = self._turn_at = None
            return 0
        if self._turn_at is not None and now >= self._turn_at:
            self._text_page = (self._text_page + 1) % self._text_pages
            return self._draw(now)
        return 0

    def wake(self, now: float) -> None:
        """A button was pressed: the pod lights its last frame again, if it has one."""
        if self._view is not None:
            self.panel.on()
            self._dark_at = now + self.idle_seconds

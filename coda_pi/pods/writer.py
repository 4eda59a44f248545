"""The pods' bus writer: a thread per I2C bus writes what the loop asks the pods to show, so
the loop's update, and the shared screen's frame after it, never waits for the bus.

The loop draws a pod's frame and hands its pages to a :class:`QueuedPanel` (the same
``show``/``off``/``on``/``lit`` as :class:`~coda_pi.pods.panel.PodPanel`, which the loop's
pods used directly before: up to ~38 ms of bus a press at 400 kHz, ~100 ms at the final
review). The :class:`BusWriter`'s thread takes each pod's *newest* wish (pages and lit or
dark): a frame asked while an older one is still waiting replaces it, and one asked while an
older one is being written stops that writing between two calls; the panel then gets only
the columns of the newest frame that differ from what it holds (``spans.py``). When several
pods wait, the one of the seat that pressed goes first, then the cheapest change in bytes,
so a cursor move is not queued behind another pod's whole new frame; a glass going dark goes
dark at once, and its memory (blanked: ``seat_pod.py``), which nobody sees, is written after
every other change (bench/bench_pods.py measures it). How long a pod waits thus depends on
the sizes of the other pods' changes, as it did with the pods in the order their frames
came: tens of milliseconds at most at 400 kHz; the twin-world machine compares what each
seat sees, not when.

One thread per bus, because the multiplexer's channel select and the write after it must not
be interleaved with another pod's (a seat's frame on another seat's glass). A write that
fails (a cable pulled: ``OSError``) drops that pod from the writer and is reported by
:meth:`BusWriter.take_failed` to the loop's thread, which alone changes the game's state
(design principle 2): ``on_failure`` wakes the loop to ask.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from coda_pi.pods.pages import Pages, to_pages
from coda_pi.pods.panel import PodPanel
from coda_pi.pods.settings import Controller
from coda_pi.pods.spans import changed_spans, wire_bytes

log = logging.getLogger(__name__)

CLOSE_SECONDS = 2.0  # a bus that hangs longer than this at shutdown is left to its daemon


# A wish passed over this many times for cheaper ones goes next, whatever it costs: a pod
# whose whole new frame waits must not wait for ever behind a stream of cursor moves.
PASSED_OVER_LIMIT = 3


@dataclass
class _Wish:
    """What the loop last asked of one panel and the writer has not yet begun."""

    pages: Pages | None  # a newer frame, or None: the frame asked is written already
    lit: bool
    generation: int
    cost: int | None = None  # bytes on the wire, once the writer has weighed it
    passed_over: int = 0


def _seen(panel: QueuedPanel, wish: _Wish) -> bool:
    """Whether writing ``wish`` changes what a player sees: lit glass, or glass going dark."""
    return wish.lit or panel.panel.lit


def wire_cost(panel: PodPanel, pages: Pages | None) -> int:
    """The bytes ``pages`` would put on the wire to ``panel`` now (0: only its glass)."""
    if pages is None:
        return 0
    # luma's dummy device has no controller; its cost is counted as an SH1106's would be.
    controller = panel.controller or Controller.SH1106
    return wire_bytes(changed_spans(panel.shown, pages, controller), controller)


class QueuedPanel:
    """One pod's panel as the loop's thread uses it when a :class:`BusWriter` writes it.

    ``show`` returns how many pages differ from the frame last asked (what the writer will
    send, unless a newer frame overtakes it); ``lit`` is the glass as last asked.
    """

    def __init__(self, writer: BusWriter, panel: PodPanel) -> None:
        self.writer = writer
        self.panel = panel
        self.lit = panel.lit
        self.generation = 0  # one more for every wish: the bench matches it to the writes
        self._asked: Pages = panel.shown

    @property
    def device(self) -> Any:
        return self.panel.device

    def show(self, image: Image.Image) -> int:
        pages = to_pages(image)
        changed = sum(old != new for old, new in zip(self._asked, pages, strict=True))
        if changed:
            self._asked = pages
            self.writer.ask(self, pages)
        return changed

    def off(self) -> None:
        if self.lit:
            self.lit = False
            self.writer.ask(self, None)

    def on(self) -> None:
        if not self.lit:
            self.lit = True
            self.writer.ask(self, None)


class BusWriter:
    """The thread that writes one bus's pods; ``start`` it once the panels are made."""

    def __init__(self, *, on_failure: Callable[[], None] = lambda: None,
                 name: str = "pods-bus-writer") -> None:
        self.on_failure = on_failure  # called on the writer's thread: the loop's wake()
        # Called on the writer's thread once a wish is on the glass (the bench's clock).
        self.on_shown: Callable[[QueuedPanel, int], None] | None = None
        self._cond = threading.Condition()
        self._wishes: dict[QueuedPanel, _Wish] = {}
        self._first: QueuedPanel | None = None  # the acting seat's pod: its wish goes first
        self._failed: list[QueuedPanel] = []
        self._dead: set[QueuedPanel] = set()
        self._busy = False
        self._closing = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def queued(self, panel: PodPanel) -> QueuedPanel:
        return QueuedPanel(self, panel)

    def start(self) -> BusWriter:
        self._thread.start()
        return self

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # -- the loop's side ---------------------------------------------------------------------

    def ask(self, panel: QueuedPanel, pages: Pages | None) -> None:
        """The panel's newest wish: ``pages`` (None: the frame as asked before) and its
        ``lit`` now. It replaces a wish not yet begun, keeping the newer frame of the two."""
        with self._cond:
            if panel in self._dead or self._closing:
                return
            panel.generation += 1
            older = self._wishes.pop(panel, None)
            if pages is None and older is not None:
                pages = older.pages
            self._wishes[panel] = _Wish(pages, panel.lit, panel.generation)
            self._cond.notify_all()

    def favour(self, panel: QueuedPanel | None) -> None:
        """``panel`` (the pod of the seat that acted) is written before the others while
        its wish waits: the player who pressed looks at their own pod first."""
        with self._cond:
            self._first = panel

    def take_failed(self) -> list[QueuedPanel]:
        """The panels whose writes failed since the last call (the loop's thread asks)."""
        with self._cond:
            failed, self._failed = self._failed, []
            return failed

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Until every wish is on its panel (or failed); False if ``timeout`` came first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._wishes and not self._busy, timeout)

    def close(self, timeout: float = CLOSE_SECONDS) -> bool:
        """Write what was asked, then end the thread; True when it ended in time."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread.is_alive():
            self._thread.join(timeout)
        return not self._thread.is_alive()

    # -- the writer's thread -----------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._wishes or self._closing)
                if not self._wishes:
                    return  # closing, and everything asked is written
                panel = self._next()
                wish = self._wishes.pop(panel)
                self._busy = True
            try:
                while not self._write(panel, wish):
                    # A newer frame stopped this one: it goes on at once from what the
                    # panel now holds. Sent to the back of the queue instead, a pod that
                    # changes faster than a round of the others takes could be stopped
                    # again and again and never be finished (measured: bench_pods.py).
                    with self._cond:
                        wish = self._wishes.pop(panel)
            except Exception:  # a cable pulled (OSError) or luma's error: that pod only
                log.exception("a seat pod's panel failed; its seat holds its button to see")
                with self._cond:
                    self._dead.add(panel)
                    self._wishes.pop(panel, None)
                    self._failed.append(panel)
                self.on_failure()
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _next(self) -> QueuedPanel:
        """The pod to write next (the lock held): the acting seat's, then the one whose
        change costs the fewest bytes, so that when several pods change at once (a turn
        passing: four new frames) the quick changes are not queued behind whole frames;
        one passed over ``PASSED_OVER_LIMIT`` times goes next whatever it costs. Writes
        nobody sees (the memory of a glass already dark) wait for every other."""
        seen = [p for p, w in self._wishes.items() if _seen(p, w)]
        candidates = seen or list(self._wishes)
        starved = [p for p in candidates if self._wishes[p].passed_over >= PASSED_OVER_LIMIT]
        if starved:
            chosen = starved[0]
        elif self._first is not None and self._first in candidates:
            chosen = self._first
        else:
            for panel in candidates:
                wish = self._wishes[panel]
                if wish.cost is None:  # weighed once: its panel is written only by its wish
                    # Going dark costs its off command only now: its blank waits (_write).
                    wish.cost = wire_cost(panel.panel, wish.pages) if wish.lit else 0
            chosen = min(candidates, key=lambda p: self._wishes[p].cost or 0)
        for panel in candidates:
            if panel is not chosen:
                self._wishes[panel].passed_over += 1
        return chosen

    def _write(self, panel: QueuedPanel, wish: _Wish) -> bool:
        """Put ``wish`` on the panel; False when a newer frame stopped it part way."""
        pod = panel.panel
        if not wish.lit:
            pod.off()  # dark first: a frame on its way out is not shown while it changes
            if wish.pages is not None and self._defer(panel, wish):
                if self.on_shown is not None:
                    self.on_shown(panel, wish.generation)  # dark is what the seat sees
                return True
        if wish.pages is not None:
            pod.send(wish.pages, superseded=lambda: self._superseded(panel), light=wish.lit)
            if self._superseded(panel):
                return False  # the newer frame lights the glass if it is to be lit
        if wish.lit:
            pod.on()  # after the pages: a panel lit again never flashes its old frame
        if self.on_shown is not None:
            self.on_shown(panel, wish.generation)
        return True

    def _defer(self, panel: QueuedPanel, wish: _Wish) -> bool:
        """A dark glass's new memory waits while another pod has a change to show: True
        when it was put back (merged into a newer wish of the same panel, if one came)."""
        with self._cond:
            if not any(_seen(p, w) for p, w in self._wishes.items() if p is not panel):
                return False
            newer = self._wishes.get(panel)
            if newer is None:
                self._wishes[panel] = _Wish(wish.pages, False, wish.generation)
            elif newer.pages is None:
                newer.pages, newer.cost = wish.pages, None
            return True

    def _superseded(self, panel: QueuedPanel) -> bool:
        with self._cond:
            newer = self._wishes.get(panel)
            return newer is not None and newer.pages is not None


"""The loop's side of the pods: after each update, every seat's pod shows that seat's own
private view; the shared screen then draws none of a seat whose pod shows it.

A :class:`PodsCompanion` is one of the loop's companions (``app/loop.py``: ``take``,
``publish``, ``shared_private``) and one of its timed sources (``next_deadline``, ``poll``:
the pods' idle and text-turning deadlines). Everything here runs on the loop's thread; with
a :class:`~coda_pi.pods.writer.BusWriter` (as the device runs them) the bus writes run on the
writer's thread, and a pod whose writes failed there is dropped here, when the loop (woken by
the writer) polls.

What a pod shows is ``referee.private_view_of(seat)``: what that seat would see holding its
button alone, asked without touching the buttons held, so a pod shows its own seat's
observation and nothing else (the referee builds it from that seat's observer). A view the
pods do not draw yet (a review: ``content.py``) stays on the shared screen as today: held
to see. A pod that fails (its cable pulled mid-game) is
dropped for the rest of the run, and the shared screen says that seat is back to holding
its button.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from coda_pi.i18n import _, language, ngettext
from coda_pi.pods.content import content_of, seat_review
from coda_pi.pods.pages import HEIGHT, WIDTH
from coda_pi.pods.seat_pod import SeatPod
from coda_pi.pods.writer import BusWriter, QueuedPanel
from coda_pi.referee.shared.seat_screens import LookAtPhoneView
from coda_pi.referee.shared.signals import SEAT_BUTTONS, Press
from coda_pi.referee.shared.views import BannerKind

log = logging.getLogger(__name__)


class PodsCompanion:
    def __init__(self, pods: Mapping[int, SeatPod], clock: Callable[[], float], *,
                 writer: BusWriter | None = None) -> None:
        self.pods = dict(pods)  # seat index -> its pod, while it works
        self.clock = clock
        self.writer = writer  # None: the pods' panels are written here, on the loop's thread
        self.failed: set[int] = set()
        self._told: set[int] = set()  # seats whose failure the shared screen has said
        self.updates = 0  # pod updates that sent pages (the tests and the bench read it)
        self._acted: int | None = None  # the seat whose press this update answers
        # The referee, its seats' version and the language the pods' views were last built
        # from.
        self._viewed: Any = None
        self._viewed_at: tuple[Any, str] | None = None

    # -- the loop's companion ----------------------------------------------------------------

    def take(self, referee: Any, intent: Any) -> bool:
        """A seat's press lights its pod again (dark while idle); the press is the game's.
        Who pressed (a seat's button, or the arrows and OK of the seat whose move it is)
        is noted: the writer sends that seat's pod first at the next publish."""
        if isinstance(intent, Press) and intent.button in SEAT_BUTTONS:
            seat = SEAT_BUTTONS.index(intent.button)
            self._acted = seat
            pod = self.pods.get(seat)
            if pod is not None:
                self._guard(pod, lambda: pod.wake(self.clock()))
        elif isinstance(intent, Press):
            self._acted = self._acting(referee)
        return False

    @staticmethod
    def _acting(referee: Any) -> int | None:
        try:
            seat = referee.acting_seat()
        except Exception:  # a referee that cannot say: the pods go in their own order
            log.exception("the acting seat")
            return None
        return seat if isinstance(seat, int) else None

    def publish(self, referee: Any) -> None:
        self._drop_failed()
        now = self.clock()
        if self.writer is not None:
            acted = self.pods.get(self._acted) if self._acted is not None else None
            panel = acted.panel if acted is not None else None
            self.writer.favour(panel if isinstance(panel, QueuedPanel) else None)
        self._acted = None
        if self._changed_since_last(referee):
            for seat, pod in list(self.pods.items()):
                shown = self.shown_view(referee, seat)
                sent = self._guard(pod, lambda p=pod, v=shown: p.update(v, now))
                if sent:
                    self.updates += 1
        untold = sorted(self.failed - self._told)
        if untold:  # one sentence for all of them: a banner shows one at a time
            self._told.update(untold)
            referee.notify(ngettext(
                "Seat {numbers}'s own screen does not answer: that seat holds its button to "
                "see, and the others look away",
                "Seats {numbers}: their own screens do not answer: those seats hold their "
                "buttons to see, and the others look away", len(untold)).format(
                    numbers=", ".join(str(seat + 1) for seat in untold)), BannerKind.ERROR)

    def _changed_since_last(self, referee: Any) -> bool:
        """Whether a seat's view may differ from the one its pod was last given: the
        referee's ``seats_version`` moves with every change of anything it shows (every
        intent, every deadline passed) but the timer's seconds, and the views carry words
        of the language. The loop wakes several times a press for nothing of the kind (the
        screen's blinking LED, the timer's seconds, the pods' own text pages, the demo's
        players thinking): building every seat's view at each was 28 views a press, 98% of
        them equal to the last (bench/bench_publish.py). A referee without a version, or
        another referee (the device put back on its record), has its views built anew."""
        version = getattr(referee, "seats_version", getattr(referee, "version", None))
        seen = (version, language())
        if version is not None and referee is self._viewed and seen == self._viewed_at:
            return False
        self._viewed, self._viewed_at = referee, seen
        return True

    def on_card(self) -> Callable[[], None] | None:
        """Nothing goes before the loop's settle: a pod's frame is drawn by ``publish``."""
        return None

    def settled(self, referee: Any, durable: bool) -> None:
        """Nothing of a pass is held here: a pod is sent its frames by ``publish``, which
        the loop calls once the pass's lines are on the card."""

    @classmethod
    def shown_view(cls, referee: Any, seat: int) -> Any:
        """What ``seat``'s pod shows now: its private view, or its review once the game is
        over, or None (dark)."""
        try:
            view = referee.private_view_of(seat)
        except Exception:  # the referee's fault, not the pod's: it stays, dark
            log.exception("seat %s's private view", seat + 1)
            view = None
        if content_of(view) is None:  # nothing private of the game: the seat's review?
            view = cls._review(referee, seat)
        return view if content_of(view) is not None else None

    @staticmethod
    def _review(referee: Any, seat: int) -> Any:
        try:
            return seat_review(referee, seat)
        except Exception:  # the review's fault: the pod stays dark
            log.exception("seat %s's review", seat + 1)
            return None

    def shared_public(self, public: Any) -> Any:
        """The public view as it is: what a pod shows is a seat's private view only."""
        return public

    def shared_private(self, private: Any) -> Any:
        """What the shared screen draws for a held seat: nothing private of a seat whose pod
        shows the view; it says where to look instead."""
        seat = getattr(private, "seat", None)
        if content_of(private) is None or seat not in self.pods:
            return private
        return LookAtPhoneView(seat=seat, name=getattr(private, "name", ""),
                               prompt=_("Look at your own screen"))

    def runs_out_in(self) -> float | None:
        """Nothing of the pods ends by itself between the loop's wake-ups: their own
        deadlines (the glass going dark) come as a timed source's."""
        return None

    # -- the loop's timed source -------------------------------------------------------------

    def next_deadline(self) -> float | None:
        times = [t for pod in self.pods.values() if (t := pod.deadline()) is not None]
        return min(times) if times else None

    def poll(self) -> None:
        self._drop_failed()
        now = self.clock()
        for pod in list(self.pods.values()):
            due = pod.deadline()
            if due is not None and due <= now:
                self._guard(pod, lambda p=pod: p.tick(now))

    def close(self) -> None:
        """On the way out, blank and dark glass: no private frame is left in a panel (to
        be lit by whatever drives it next), and an OLED left lit ages. With a writer, its
        thread writes that and ends."""
        for pod in self.pods.values():
            try:
                pod.panel.off()
                pod.panel.show(Image.new("1", (WIDTH, HEIGHT)))
            except Exception:
                log.exception("switching seat %s's pod off", pod.seat + 1)
        if self.writer is not None and not self.writer.close():
            log.warning("the pods' bus did not finish its last writes")

    def _drop_failed(self) -> None:
        """The pods whose writes failed on the writer's thread leave, here on the loop's."""
        if self.writer is None:
            return
        for panel in self.writer.take_failed():
            for seat, pod in list(self.pods.items()):
                if pod.panel is panel:
                    log.warning("seat %s's pod failed", seat + 1)
                    del self.pods[seat]
                    self.failed.add(seat)

    def _guard(self, pod: SeatPod, action: Callable[[], Any]) -> Any:
        try:
            return action()
        except Exception:  # a pod's cable pulled: that seat falls back, the game goes on
            log.exception("seat %s's pod failed", pod.seat + 1)
            self.pods.pop(pod.seat, None)
            self.failed.add(pod.seat)
            return None


class Companions:
    """Two companions as one (phones and pods): both see every intent, publish, and filter
    the shared screen's private view in turn (a seat with a phone is the phones')."""

    def __init__(self, first: Any, second: Any) -> None:
        self.first = first
        self.second = second

    def take(self, referee: Any, intent: Any) -> bool:
        return bool(self.first.take(referee, intent) or self.second.take(referee, intent))

    def on_card(self) -> Callable[[], None] | None:
        tells = [t for c in (self.first, self.second) if (t := c.on_card()) is not None]
        if not tells:
            return None

        def both() -> None:
            for tell in tells:
                tell()

        return both

    def settled(self, referee: Any, durable: bool) -> None:
        self.first.settled(referee, durable)
        self.second.settled(referee, durable)

    def publish(self, referee: Any) -> None:
        self.first.publish(referee)
        self.second.publish(referee)

    def runs_out_in(self) -> float | None:
        times = [t for c in (self.first, self.second) if (t := c.runs_out_in()) is not None]
        return min(times) if times else None

    def shared_private(self, private: Any) -> Any:
        return self.second.shared_private(self.first.shared_private(private))

    def shared_public(self, public: Any) -> Any:
        return self.second.shared_public(self.first.shared_public(public))

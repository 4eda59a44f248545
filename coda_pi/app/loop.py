"""The one event loop: it owns the referee and wires the edges to it.

Everything that happens reaches the referee on this thread. gpiozero's callbacks, the
keyboard and the demo's simulated players all put ``Press``/``Release`` intents on the
``IntentQueue``; the loop sleeps (a ``Waiter``, coda_pi/app/waiting.py) until an intent
arrives or the next deadline (the referee's timer, a blinking LED on the screen, a simulated
player's next press) is due, applies what arrived, plays the cues, sets the LEDs, and
redraws only when what is on screen would change. There is no busy loop and no frame rate:
an idle device sleeps.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from coda_pi import log_later
from coda_pi.app.waiting import QueueWaiter, Waiter
from coda_pi.devices.gpio import GpioDevices, SeatLeds
from coda_pi.devices.intent_queue import INTENT_EVENT, IntentQueue
from coda_pi.devices.keyboard import KeyboardButtons
from coda_pi.referee.shared.name_entry import NameEntryView
from coda_pi.referee.shared.ports import Clock, Sounder
from coda_pi.referee.shared.signals import Cue, Typed
from coda_pi.referee.shared.views import LedState
from coda_pi.referee.table_referee import TableReferee
from coda_pi.ui.display import Display
from coda_pi.ui.scene import Scene

if TYPE_CHECKING:
    from coda_pi.app.records import Records

log = log_later.getLogger(__name__)

_NEVER = object()  # no version seen yet (or a referee without one: views every time)

BLINK_SECONDS = 0.4
"""Half a period of a blinking seat LED on the screen (the GPIO LEDs use the same)."""


Referee = TableReferee
"""The referee as the loop sees it (one definition: coda_pi.referee.shared.ports)."""


class TimedSource(Protocol):
    """Something that puts intents on the queue at times of its own (the demo's players)."""

    def next_deadline(self) -> float | None: ...

    def poll(self) -> None:
        """Put every intent now due on the queue."""


class Renderer(Protocol):
    """The screen's drawing: ``coda_pi.ui.screens.ScreenRenderer`` does it for real."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None: ...

    def time_key(self, scene: Scene) -> Hashable:
        """What of the frame depends on the clock alone (the phase of a blinking LED)."""

    def idle(self, stop: Callable[[], bool]) -> bool:
        """Work for later frames, done before the loop sleeps until ``stop()`` says a
        press is waiting; True when some is left."""

    def next_blink(self, scene: Scene, now: float) -> float | None:
        """When ``time_key`` will next change (clock time), None if it never will."""


class Companion(Protocol):
    """Screens beside the device's own, on the loop's thread (the phones: coda_pi/phones/;
    the pods: coda_pi/pods/): it may take an intent before the referee, is told when the
    pass's lines are on the card, sees the referee after that, and says what the shared
    screen draws of a held seat's private view. Like the device's frame, nothing it sends
    of a pass goes before the pass's fsync has returned."""

    def take(self, referee: Any, intent: Any) -> bool: ...

    def on_card(self) -> Callable[[], None] | None:
        """What of the pass may go, from the fsync thread, as soon as the pass's lines are
        on the card, while the loop still draws its frame (the taps' answers, judged
        already); None when nothing. ``settled`` follows it in any case."""

    def settled(self, referee: Any, durable: bool) -> None:
        """The pass's record lines are on the card (``durable``), or the card refused them
        and ``referee`` is the device put back on its record: what the companion holds of
        the pass (a tap's answer) may go now, and not before (principle 5)."""

    def publish(self, referee: Any) -> None: ...

    def shared_private(self, private: Any) -> Any: ...

    def shared_public(self, public: Any) -> Any: ...

    def runs_out_in(self) -> float | None:
        """Seconds until something it shows ends by itself (a seat's QR code, a question),
        None when nothing will: the loop wakes then to draw the screen without it. In
        seconds, not a time: the companion keeps the wall's clock, the loop may keep another
        (a test's)."""


# --------------------------------------------------------------------------------------------
# The loop


@dataclass
class LoopStats:
    """What the loop has done; the tests and benchmarks read it."""

    steps: int = 0
    wakeups: int = 0  # sleeps that ended with an event (not a timeout)
    frames: int = 0
    intents: int = 0
    idles: int = 0  # idles in which the renderer did work for later frames


class App:
    """The loop and the things it owns. ``step`` runs one iteration; ``run`` runs until quit."""

    def __init__(
        self,
        referee: Referee,
        *,
        queue: IntentQueue,
        clock: Clock,
        renderer: Renderer,
        display: Display | None,
        waiter: Waiter | None = None,
        keyboard: KeyboardButtons | None = None,
        sounder: Sounder | None = None,
        seat_leds: SeatLeds | None = None,
        sources: Sequence[TimedSource] = (),
        show_led_strip: bool = True,
        on_frame: Callable[[Scene, pygame.Surface], None] | None = None,
        closers: Sequence[Callable[[], None]] = (),
        companion: Companion | None = None,
    ) -> None:
        self.referee = referee
        self.companion = companion
        self.queue = queue
        self.clock = clock
        self.renderer = renderer
        self.display = display
        self.waiter = QueueWaiter(queue) if waiter is None else waiter
        self.keyboard = keyboard
        self.sounder = sounder
        self.seat_leds = seat_leds
        self.sources = list(sources)
        self.show_led_strip = show_led_strip
        self.on_frame = on_frame
        self.closers = list(closers)
        self.running = True
        self._stop_asked = threading.Event()  # set by ``stop``, from any thread
        self.stats = LoopStats()
        self.cues: list[Cue] = []  # every cue played, for tests and the demo's summary
        self.scene: Scene | None = None  # the scene on screen now
        self.records: Records | None = None  # set by build_app
        self.gpio: GpioDevices | None = None
        self.errors: list[Exception] = []  # what the referee raised (and the loop survived)
        self._drawn: Hashable = None
        # The referee's version when its views were last asked for, and whether an intent
        # came since: the views are built again only then (a wake-up for a blinking lamp, a
        # window's event or a phone's request changes nothing of them).
        self._idle_left = False  # the renderer may have work for its idle (a frame drawn)
        self._viewed: object = _NEVER
        self._intents_since_views = True
        self.phones: Any = None  # the phones' server and bridge, when build_app started them
        # A frame drawn on the canvas and not shown yet (drawn while the card works), and
        # whether this pass drew one so.
        self._unshown = False
        self._composed = False
        self._prepared = False  # the unshown frame's changes found (``Display.prepare``)
        # Puts the device back on what its record holds after the card refused lines the
        # pass had already gone on with (build_app's; None: the referee is kept).
        self.recover: Callable[[Referee, OSError], Referee] | None = None
        # What the first frame does not need (the GPIO pins: app/build.py), done once it is on
        # the screen, before the loop first sleeps.
        self.later: list[Callable[[], None]] = []

    # ---- one iteration ---------------------------------------------------------------------

    def step(self) -> bool:
        """Sleep until something is due, apply it, redraw if needed. False once quitting."""
        if self._stop_asked.is_set():
            self.running = False
        if not self.running:
            return False
        if self.later:  # the first frame is on the screen: before the first sleep, no wake-up
            self.do_later()
        self.stats.steps += 1
        # Work put off that a press interrupted goes on right after the press's frame: no
        # sleep, no idle before it.
        timeout = 0 if self.later else self._timeout()
        if timeout != 0 and self._idle():
            timeout = self._timeout()  # the idle took some of it
        events = self.waiter.wait(timeout)
        if events:
            self.stats.wakeups += 1
        for event in events:
            self._event(event)
        self.update()
        if self._stop_asked.is_set():
            self.running = False
        return self.running

    def _idle(self) -> bool:
        """The renderer's work for later frames, before the loop sleeps: no wake-up of its
        own, and a press arriving meanwhile stops it (the press's frame comes first). True
        when any was done."""
        if not self._idle_left:
            return False
        queue = self.queue
        self._idle_left = self.renderer.idle(lambda: bool(len(queue)))
        self.stats.idles += 1
        return True

    def do_later(self) -> None:
        """The work put off until the first frame was shown, then what it changed (the seat
        LEDs lit, the screen drawn again if it differs). A press already waiting is answered
        first: its frame does not wait for that work (a game's screens imported, say)."""
        if len(self.queue):
            self.update()
        work, self.later = self.later, []
        for job in work:
            try:
                job()
            except Exception as error:  # as the referee's: logged, kept, the device goes on
                log.exception("while finishing the start")
                self.errors.append(error)
        self.update()

    def stop(self) -> None:
        """End the loop after the step it is in; safe from any thread (the stop signals',
        coda_pi/app/stopping.py). The sleep is woken: a screen with no deadline would
        otherwise sleep on until the next press."""
        self._stop_asked.set()
        self.queue.wake()

    def update(self) -> None:
        """Everything after the sleep: sources, intents, timers, cues, LEDs, the frame."""
        for source in self.sources:
            source.poll()
        intents = self.queue.drain()
        self.stats.intents += len(intents)
        if intents:
            self._intents_since_views = True
        for intent in intents:
            if isinstance(intent, Typed):  # a laptop's letters: no button, no phone's
                self._guarded(self.referee.type_text, intent.text)
                continue
            if self.companion is not None and self._taken(intent):
                continue
            self._guarded(self.referee.handle, intent)
        self._guarded(self.referee.tick)
        leds = tuple(self.referee.leds())
        if not self._settled(leds):
            return  # the card refused the lines: nothing of them is told (principle 5)
        self._play_cues()
        if self.seat_leds is not None:
            self.seat_leds.show(leds[: len(self.seat_leds.shown)])
        if getattr(self.referee, "quit_requested", False):  # the switch's setup menu: Quit
            self.running = False
        self._tell_companion(durable=True)
        self.redraw(leds)

    def _tell_companion(self, *, durable: bool) -> None:
        """The pass settled: the companion answers its taps and sends its pages and pods'
        frames (before the device's frame: it may put a notice on screen)."""
        if self.companion is None:
            return
        self._guarded(self.companion.settled, self.referee, durable)
        self._guarded(self.companion.publish, self.referee)
        self._intents_since_views = self._intents_since_views or self._composed

    def _settled(self, leds: tuple[LedState, ...]) -> bool:
        """Waits until the lines this pass wrote are on the card; the frame is drawn off
        the screen meanwhile, while the fsync thread waits for the card (it is shown by
        ``redraw`` after, with the cues and the LEDs). False when the card refused them."""
        records = self.records
        if records is None or not any(record.pending for record in records.opened):
            return True
        records.start_fsyncs()  # one fsync a record for the pass's lines, begun now
        if self.companion is not None:
            # A tap's answer need not wait for the frame, only for the card.
            try:
                tell = self.companion.on_card()
            except Exception as error:  # as the referee's: logged, kept; settled tells it
                log.exception("the companion failed on its lines' way to the card")
                self.errors.append(error)
            else:
                if tell is not None:
                    records.then(tell)
        self._composed = self.redraw(leds, show=False)
        try:
            records.settle()
        except OSError as error:
            self._untold(error)
            return False
        return True

    def _untold(self, error: OSError) -> None:
        """The card refused lines after the pass had gone on with them: the frame drawn
        aside is dropped, the pass's cues are not played (the error's is), and ``recover``
        (build_app's) puts the device back on what the card holds, as a restart would."""
        log.error("the record's lines did not reach the card: %s", error)
        self._drawn = None
        self._unshown = self._composed = self._prepared = False
        if self.display is not None:
            self.display.forget()  # the dropped frame was compared, never sent
        self.referee.take_cues()
        self._intents_since_views = True
        if self.recover is not None:
            try:
                self.referee = self.recover(self.referee, error)
            except Exception as failure:  # as the referee's: logged, kept, the device goes on
                log.exception("while putting the device back on its record")
                self.errors.append(failure)
        self._sound(Cue.ERROR)  # as for a line refused at once: the press did not count
        self._tell_companion(durable=False)  # the taps told they were not done, and why
        self.redraw()

    def _taken(self, intent: Any) -> bool:
        """The companion's own intent (a phone's tap), or a press it used (pairing)."""
        assert self.companion is not None
        try:
            return self.companion.take(self.referee, intent)
        except Exception as error:  # like the referee's: logged, kept, the device goes on
            log.exception("the phones failed on %s", intent)
            self.errors.append(error)
            return True

    def _guarded(self, action: Callable[..., None], *args: Any) -> None:
        """Run one referee call; a bug there is logged and kept, and the device carries on
        with the state it had (principle 6: it never crash-loops over one press)."""
        try:
            action(*args)
        except Exception as error:
            log.exception("the referee failed on %s", args or action.__name__)
            self.errors.append(error)

    def run(self, *, max_steps: int | None = None, until: Callable[[], bool] | None = None) -> None:
        """Loop until the window closes (or the referee asks to quit), ``until`` says so, or
        ``max_steps`` iterations have run."""
        self.update()
        steps = 0
        while self.running and (max_steps is None or steps < max_steps):
            if until is not None and until():
                break
            self.step()
            steps += 1

    def close(self) -> None:
        """Let go of everything the loop drove: keys held are released, pins freed."""
        if self.keyboard is not None:
            for intent in self.keyboard.release_all():
                self.referee.handle(intent)
        if self.sounder is not None:
            self.sounder.close()
        for closer in self.closers:
            try:
                closer()
            except Exception:  # closing must never hide the reason the app is stopping
                log.exception("while closing")

    # ---- the parts -------------------------------------------------------------------------

    def _event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT or (
                # Ctrl-C typed in the window stops it as in the terminal (issue 24).
                event.type == pygame.KEYDOWN and event.key == pygame.K_c
                and event.mod & pygame.KMOD_CTRL):
            self.running = False
        elif event.type == INTENT_EVENT:
            pass  # the wake-up itself: the intents are drained in update()
        elif self.keyboard is not None:
            # The keyboard goes through the same queue as the buttons and the demo, so every
            # input reaches the referee in the order it happened, by one path.
            self.keyboard.typing = self._takes_text()
            for intent in self.keyboard.handle(event):
                self.queue.put(intent)
        if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self._drawn = None  # the window was uncovered: its pixels must be drawn again
            if self.display is not None:
                self.display.forget()  # ... and sent whole

    def _takes_text(self) -> bool:
        """The screen shown takes typed text: a name being typed, nothing over it."""
        scene = self.scene
        return (scene is not None and scene.private is None
                and getattr(scene.view, "overlay", None) is None
                and isinstance(scene.view.screen, NameEntryView))

    def _timeout(self) -> float | None:
        """Seconds until the earliest thing due; None when nothing ever is."""
        if len(self.queue):
            return 0.0
        now = self.clock.monotonic()
        due = [self.referee.next_deadline()]
        due.extend(source.next_deadline() for source in self.sources)
        if self.companion is not None:  # e.g. a seat's QR code that runs out
            left = self.companion.runs_out_in()
            due.append(None if left is None else now + left)
        if self.scene is not None:
            due.append(self.renderer.next_blink(self.scene, now))
        times = [d for d in due if d is not None]
        if not times:
            return None
        return max(0.0, min(times) - now)

    def _play_cues(self) -> None:
        for cue in self.referee.take_cues():
            self._sound(cue)

    def _sound(self, cue: Cue) -> None:
        self.cues.append(cue)
        if self.sounder is not None:
            try:
                self.sounder.play(cue)
            except Exception:  # a broken sound device must not stop the game
                log.exception("could not play %s", cue)

    def redraw(self, leds: tuple[LedState, ...] | None = None, *, force: bool = False,
               show: bool = True) -> bool:
        """Draw a frame if anything on it changed; True when one was drawn (and, with
        ``show``, shown: else it waits on the canvas for the next ``redraw``).

        The views are asked for again when an intent came, or the referee's version moved
        (every change of what it shows moves it, the timer's seconds included: a deadline
        passed moves it in ``tick``), and compared with what is on screen, so the screen
        changes exactly when what it shows changes.
        """
        now = self.clock.monotonic()
        version = getattr(self.referee, "version", _NEVER)
        if force or self.scene is None or self._intents_since_views or version is _NEVER \
                or version != self._viewed:
            self._viewed, self._intents_since_views = version, False
            view = (self.referee.view() if self.companion is None
                    else self.companion.shared_public(self.referee.view()))
            private = (self.referee.private_view() if self.companion is None
                       else self.companion.shared_private(self.referee.private_view()))
        else:  # nothing that could change them happened since they were built
            view, private = self.scene.view, self.scene.private
        scene = Scene(
            view=view,
            private=private,
            leds=leds if leds is not None else (self.scene.leds if self.scene else ()),
            show_led_strip=self.show_led_strip,
            blink_on=int(now // BLINK_SECONDS) % 2 == 0,
        )
        key = (scene.view, scene.private, scene.leds, scene.show_led_strip,
               self.renderer.time_key(scene))
        self.scene = scene
        if key != self._drawn or force:
            self._drawn = key
            if self.display is not None:
                self.renderer.draw(self.display.canvas, scene)
            self._unshown, self._prepared = True, False
        if not self._unshown:
            return False
        if self.display is not None and not self._prepared:
            self.display.prepare()  # what changed found: only the sending waits
            self._prepared = True
        if not show:
            return True
        self._unshown = self._composed = self._prepared = False
        if self.display is not None:
            self.display.send()
        self.stats.frames += 1
        self._idle_left = True
        if self.on_frame is not None and self.display is not None:
            self.on_frame(scene, self.display.canvas)
        return True


# --------------------------------------------------------------------------------------------

"""The one event loop: it owns the referee and wires the edges to it.

Everything that happens reaches the referee on this thread. gpiozero's callbacks, the
keyboard and the demo's simulated players all put ``Press``/``Release`` intents on the
``IntentQueue``; the loop sleeps until an intent arrives or the next deadline (the referee's
timer, a blinking LED on the screen, a simulated player's next press) is due, applies what
arrived, plays the cues, sets the LEDs, and redraws only when what is on screen would
change. There is no busy loop and no frame rate: an idle device sleeps. The sleep itself is
a ``Waiter``: ``QueueWaiter`` (the kernel wait of the queue, glancing at pygame's events for
the keyboard) on the device, ``SdlWaiter`` (``pygame.event.wait``) or ``FakeTimeWaiter``
(a fake clock) where wanted.
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import math
import random
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO

import pygame

from coda_pi.config import Config
from coda_pi.datadir import ResumeChoice, choose_resume, new_record_path, results
from coda_pi.devices.buzzer import SilentSounder, open_sounder
from coda_pi.devices.gpio import DEFAULT_BOUNCE_TIME, GpioDevices, SeatLeds, open_gpio
from coda_pi.devices.intent_queue import INTENT_EVENT, IntentQueue
from coda_pi.devices.keyboard import KeyboardButtons, disable_key_repeat
from coda_pi.record import RecordWriter
from coda_pi.referee.results import ResultRow
from coda_pi.referee.setup import SetupDefaults
from coda_pi.referee.signals import Button, Cue, Intent, Press, Release
from coda_pi.referee.views import Banner, BannerKind, ConfirmView, DealView, LedState
from coda_pi.ui.display import Display
from coda_pi.ui.scene import Scene

log = logging.getLogger(__name__)

BLINK_SECONDS = 0.4
"""Half a period of a blinking seat LED on the screen (the GPIO LEDs use the same)."""


# --------------------------------------------------------------------------------------------
# Time


class MonotonicClock:
    """Seconds from ``time.monotonic()``: it never jumps when the wall clock is set."""

    def monotonic(self) -> float:
        return time.monotonic()


class FakeClock:
    """A clock that moves only when told to: tests and the headless demo run instantly."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start

    def monotonic(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self._now += seconds

    def advance_to(self, when: float) -> None:
        """Move forward to ``when``; a time already past leaves the clock where it is."""
        self._now = max(self._now, when)


class Waiter(Protocol):
    """How the loop sleeps: until an event arrives or ``timeout`` seconds pass."""

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        """Every event that is waiting, after sleeping for the first one if need be.

        ``timeout`` None means "until an event"; 0 means "do not sleep".
        """


class SdlWaiter:
    """The real sleep: ``pygame.event.wait`` (SDL_WaitEventTimeout), then the rest of the
    queue in one go, so a burst of events costs one wake-up."""

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        if timeout is None:
            first = pygame.event.wait()
        elif timeout <= 0:
            return pygame.event.get()
        else:
            # Rounded up: waking a millisecond late is harmless, waking early costs a
            # second wake-up that finds nothing due.
            first = pygame.event.wait(max(1, math.ceil(timeout * 1000)))
        events = [] if first.type == pygame.NOEVENT else [first]
        events.extend(pygame.event.get())
        return events


class QueueWaiter:
    """Sleeps in the kernel on the ``IntentQueue`` rather than in SDL.

    ``pygame.event.wait(timeout)`` looks at its event queue every millisecond (kmsdrm on the
    Pi, the dummy driver, and even X11): a thousand wake-ups a second of an idle device.
    Button edges arrive through the ``IntentQueue``, which wakes this sleep at once; the
    pygame queue (a USB keyboard, quit) is looked at every ``keyboard_poll`` seconds.
    """

    def __init__(self, queue: IntentQueue, *, keyboard_poll: float = 0.010) -> None:
        self.queue = queue
        self.keyboard_poll = keyboard_poll

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        events = pygame.event.get()
        if events or len(self.queue) or (timeout is not None and timeout <= 0):
            return events
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            slice_ = self.keyboard_poll if end is None else min(
                self.keyboard_poll, end - time.monotonic())
            if slice_ > 0 and self.queue.wait(slice_):
                return pygame.event.get()
            events = pygame.event.get()
            if events or (end is not None and time.monotonic() >= end):
                return events


def choose_waiter(queue: IntentQueue, *, buttons: bool = False) -> Waiter:
    """The loop's sleep: the queue's, whatever the video driver.

    Measured with pygame 2.6 / SDL 2.28 (bench/bench_idle_cpu.py): ``pygame.event.wait``
    with a timeout costs about 2% of a core even under X11, where SDL could block, because
    it wakes every millisecond; ``QueueWaiter`` costs a third to a half of that. The price
    is up to ``keyboard_poll`` before a key press is seen; GPIO buttons are immediate. With
    buttons the keyboard is a spare and is looked at every 25 ms (less CPU on a Pi); without
    them it is the only input and is looked at every 10 ms, inside the 20 ms press-to-frame
    goal.
    """
    return QueueWaiter(queue, keyboard_poll=0.025 if buttons else 0.010)


class FakeTimeWaiter:
    """Sleeps on a ``FakeClock``: when nothing is waiting it jumps the clock to the timeout.

    ``limit`` is the longest it will sleep when the loop has no deadline at all, so a stuck
    test or demo ends instead of hanging.
    """

    def __init__(self, clock: FakeClock, *, limit: float = 3600.0) -> None:
        self.clock = clock
        self.limit = limit
        self.idle = False  # True after a wait that found nothing and had no deadline

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        events = pygame.event.get() if pygame.display.get_init() else []
        self.idle = False
        if events or timeout == 0:
            return events
        if timeout is None:
            self.idle = True
            timeout = self.limit
        self.clock.advance(max(0.0, timeout))
        return []


# --------------------------------------------------------------------------------------------
# What the loop talks to


class Referee(Protocol):
    """The referee as the loop sees it (coda_pi.referee)."""

    @property
    def version(self) -> int: ...

    def handle(self, intent: Intent) -> None: ...

    def tick(self) -> None: ...

    def next_deadline(self) -> float | None: ...

    def view(self) -> Any: ...

    def private_view(self) -> Any: ...

    def leds(self) -> Sequence[Any]: ...

    def take_cues(self) -> list[Cue]: ...


class TimedSource(Protocol):
    """Something that puts intents on the queue at times of its own (the demo's players)."""

    def next_deadline(self) -> float | None: ...

    def poll(self) -> None:
        """Put every intent now due on the queue."""


class Sounder(Protocol):
    def play(self, cue: Cue) -> None: ...

    def close(self) -> None: ...


class Clock(Protocol):
    def monotonic(self) -> float: ...


class Renderer(Protocol):
    """The screen's drawing: ``coda_pi.ui.screens.ScreenRenderer`` does it for real."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None: ...

    def time_key(self, scene: Scene) -> Hashable:
        """What of the frame depends on the clock alone (the phase of a blinking LED)."""

    def next_blink(self, scene: Scene, now: float) -> float | None:
        """When ``time_key`` will next change (clock time), None if it never will."""


# --------------------------------------------------------------------------------------------
# The loop


@dataclass
class LoopStats:
    """What the loop has done; the tests and benchmarks read it."""

    steps: int = 0
    wakeups: int = 0  # sleeps that ended with an event (not a timeout)
    frames: int = 0
    intents: int = 0


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
    ) -> None:
        self.referee = referee
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
        self.stats = LoopStats()
        self.cues: list[Cue] = []  # every cue played, for tests and the demo's summary
        self.scene: Scene | None = None  # the scene on screen now
        self.records: Records | None = None  # set by build_app
        self.gpio: GpioDevices | None = None
        self.errors: list[Exception] = []  # what the referee raised (and the loop survived)
        self._drawn: Hashable = None

    # ---- one iteration ---------------------------------------------------------------------

    def step(self) -> bool:
        """Sleep until something is due, apply it, redraw if needed. False once quitting."""
        if not self.running:
            return False
        self.stats.steps += 1
        events = self.waiter.wait(self._timeout())
        if events:
            self.stats.wakeups += 1
        for event in events:
            self._event(event)
        self.update()
        return self.running

    def update(self) -> None:
        """Everything after the sleep: sources, intents, timers, cues, LEDs, the frame."""
        for source in self.sources:
            source.poll()
        intents = self.queue.drain()
        self.stats.intents += len(intents)
        for intent in intents:
            self._guarded(self.referee.handle, intent)
        self._guarded(self.referee.tick)
        self._play_cues()
        leds = tuple(self.referee.leds())
        if self.seat_leds is not None:
            self.seat_leds.show(leds[: len(self.seat_leds.shown)])
        if getattr(self.referee, "quit_requested", False):
            self.running = False
        self.redraw(leds)

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
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == INTENT_EVENT:
            pass  # the wake-up itself: the intents are drained in update()
        elif self.keyboard is not None:
            # The keyboard goes through the same queue as the buttons and the demo, so every
            # input reaches the referee in the order it happened, by one path.
            for intent in self.keyboard.handle(event):
                self.queue.put(intent)
        if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self._drawn = None  # the window was uncovered: its pixels must be drawn again

    def _timeout(self) -> float | None:
        """Seconds until the earliest thing due; None when nothing ever is."""
        if len(self.queue):
            return 0.0
        now = self.clock.monotonic()
        due = [self.referee.next_deadline()]
        due.extend(source.next_deadline() for source in self.sources)
        if self.scene is not None:
            due.append(self.renderer.next_blink(self.scene, now))
        times = [d for d in due if d is not None]
        if not times:
            return None
        return max(0.0, min(times) - now)

    def _play_cues(self) -> None:
        for cue in self.referee.take_cues():
            self.cues.append(cue)
            if self.sounder is not None:
                try:
                    self.sounder.play(cue)
                except Exception:  # a broken sound device must not stop the game
                    log.exception("could not play %s", cue)

    def redraw(self, leds: tuple[LedState, ...] | None = None, *, force: bool = False) -> bool:
        """Draw a frame if anything on it changed; True when one was drawn.

        The views are asked for on every wake-up (they are small frozen values) and compared
        with what is on screen, so the screen changes exactly when what it shows changes,
        whatever the referee's version counter does.
        """
        now = self.clock.monotonic()
        scene = Scene(
            view=self.referee.view(),
            private=self.referee.private_view(),
            leds=leds if leds is not None else (self.scene.leds if self.scene else ()),
            show_led_strip=self.show_led_strip,
            blink_on=int(now // BLINK_SECONDS) % 2 == 0,
        )
        key = (scene.view, scene.private, scene.leds, self.renderer.time_key(scene))
        self.scene = scene
        if key == self._drawn and not force:
            return False
        self._drawn = key
        if self.display is not None:
            self.renderer.draw(self.display.canvas, scene)
            self.display.present()
        self.stats.frames += 1
        if self.on_frame is not None and self.display is not None:
            self.on_frame(scene, self.display.canvas)
        return True


# --------------------------------------------------------------------------------------------
# Building the device


OnRecorded = Callable[[Path, dict[str, Any]], None]
"""Told of each line once it is durably written (the demo's acknowledgement log)."""


class LazyRecord:
    """A record file opened at its first line, so that starting the device and leaving
    without playing leaves no empty record behind."""

    def __init__(self, path: Callable[[], Path], on_recorded: OnRecorded | None = None) -> None:
        self._path = path
        self._writer: RecordWriter | None = None
        self._on_recorded = on_recorded

    @property
    def path(self) -> Path | None:
        return None if self._writer is None else self._writer.path

    def write(self, obj: dict[str, Any]) -> None:
        if self._writer is None:
            self._writer = RecordWriter(self._path())
            log.info("recording to %s", self._writer.path)
        self._writer.write(obj)
        if self._on_recorded is not None:
            # Only now is the line on the card: this is the moment the device may announce it.
            self._on_recorded(self._writer.path, obj)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()


class Records:
    """Where the device's records go: ``first`` (``--record FILE``) for the first game if
    given, then a new file named by date and time in the data directory for each game."""

    def __init__(
        self, data_dir: Path, first: Path | None = None, *, on_recorded: OnRecorded | None = None
    ) -> None:
        self.data_dir = data_dir
        self._first = first
        self.on_recorded = on_recorded
        self.opened: list[LazyRecord] = []

    def new(self, game: str = "coda") -> LazyRecord:
        first, self._first = self._first, None
        record = LazyRecord(
            (lambda: first) if first is not None  # type: ignore[misc]
            else (lambda: new_record_path(self.data_dir, game)),
            self.on_recorded,
        )
        self.opened.append(record)
        return record

    def resumed(self, writer: RecordWriter) -> LazyRecord:
        """The record of a resumed game, already open, in the list of records."""
        record = _Opened(writer, self.on_recorded)
        self.opened.append(record)
        return record

    def keep_finished_first(self, explain: Callable[[str], None]) -> None:
        """A ``--record FILE`` that already holds a game (a finished one, or one the table
        chose not to resume) is never appended to: the new game goes beside it."""
        first = self._first
        if first is not None and first.exists() and first.stat().st_size > 0:
            self._first = None
            self.data_dir = first.parent
            explain(f"{first} already holds a game; the new game goes to a new record "
                    f"beside it")

    @property
    def paths(self) -> list[Path]:
        """The record files actually written, oldest first."""
        return [r.path for r in self.opened if r.path is not None]

    def close(self) -> None:
        for record in self.opened:
            record.close()


def explain_once(stream: TextIO | None = None) -> Callable[[str], None]:
    """A sink for the sentences saying what is missing (no GPIO, no sound): each is logged
    and written to stderr once, however often it is said."""
    said: set[str] = set()

    def explain(text: str) -> None:
        if text in said:
            return
        said.add(text)
        log.info("%s", text)
        print(f"coda-pi: {text}", file=stream or sys.stderr)

    return explain


@dataclass
class DeviceOptions:
    """What ``coda-pi run`` (and the demo) start the device with."""

    config: Config
    size: tuple[int, int] | None = None
    fullscreen: bool | None = None
    record: Path | None = None
    data_dir: Path | None = None
    gpio: bool = True
    sound: bool | None = None  # None: as the config says
    resume: bool = True
    setup: SetupDefaults | None = None  # None: from the config
    bounce_time: float | None = DEFAULT_BOUNCE_TIME
    # Sentences for the first screen (and the log): problems in the config file, say.
    notices: tuple[str, ...] = ()
    on_recorded: OnRecorded | None = None


def build_referee(
    options: DeviceOptions,
    *,
    clock: Clock,
    rng: random.Random,
    records: Records,
    explain: Callable[[str], None],
) -> Referee:
    """The referee: resuming the unfinished game in the data directory, if there is one."""
    from coda_pi.referee.referee import Referee as CodaReferee

    setup = options.setup or SetupDefaults.from_config(options.config)
    journal = None
    header = None
    record: Any = None
    troubles: list[str] = []  # what went wrong with the records: news of a game comes first
    resumed = False
    if options.resume:
        try:
            choice = choose_resume(records.data_dir, options.record)
        except Exception as err:  # noqa: BLE001 - whatever is on the card, the device starts
            log.exception("looking for an unfinished game")
            choice = ResumeChoice(None, None, (
                f"could not look for an unfinished game in {records.data_dir} ({err}); a new "
                "game was started",))
        for notice in choice.notices:
            explain(notice)
            log.warning("%s", notice)
        if choice.path is None:
            troubles.extend(choice.notices)
        # else they are about a torn last line, which nobody had been told of: the log will do
        if choice.path is not None and choice.replay is not None:
            try:
                record = records.resumed(RecordWriter(choice.path))
            except OSError as err:
                # A card gone read-only, say: the game cannot go on in that file, and the
                # device must still start (principle 6).
                trouble = f"cannot write to {choice.path.name} ({err.strerror or err}); a new " \
                    "game was started in a new record"
                explain(trouble)
                troubles.append(trouble)
            else:
                journal = choice.replay.journal
                header = choice.replay.header
                resumed = True
                explain(f"resuming the unfinished game in {choice.path}")
    if record is None:
        records.keep_finished_first(explain)
        record = records.new()
    from coda_pi.referee.mastermind_switch import GameSwitch

    def coda(setup: SetupDefaults, rec: Any, journal: Any) -> Any:
        return CodaReferee(clock=clock, rng=rng, record=rec or records.new(), setup=setup,
                           journal=journal, header=header if journal else None,
                           new_record=records.new,
                           results=lambda: result_rows(records.data_dir))

    # The switch hands the device to Mastermind's referee when the setup menu chooses it.
    referee = GameSwitch.build(coda, clock=clock, rng=rng, setup=setup, record=record,
                               journal=journal, header=header,
                               mastermind_record=lambda: records.new("mastermind"))
    # The config's problems were said on stderr by whoever found them.
    return _say_on_screen(referee, resumed=resumed, troubles=[*troubles, *options.notices])


def _say_on_screen(referee: Any, *, resumed: bool, troubles: Sequence[str]) -> Any:
    """The first screen says what happened at start. A problem (a config key, a record kept
    aside) is a notice over the screen until OK or BACK: on the smallest screen a banner
    is too small to read. A resumed game is said in the banner, and play goes on at once.
    Returns the referee to run: ``referee`` itself, or wrapped in the notice."""
    if resumed:
        view = referee.view()
        parts = ["The unfinished game was resumed where it stopped"
                 + (": the guess timer starts again"
                    if getattr(view, "timer", None) is not None else "")]
        screen = getattr(view, "screen", None)
        table = getattr(view, "table", None)
        if isinstance(screen, DealView) and table is not None and table.round_number > 0:
            # The row being dealt was never written: the device deals this seat afresh.
            parts.append(f"{screen.name}: put back any panels you took for this deal, your "
                         "panels are dealt again")
        referee.notify(". ".join(parts), BannerKind.INFO)
    if not troubles:
        return referee
    first = troubles[0]
    text = first[:1].upper() + first[1:] + "."
    if len(troubles) > 1:
        text += " More in the log (coda-pi doctor lists them)."
    title = "A problem at start" if len(troubles) == 1 else f"{len(troubles)} problems at start"
    return StartNotice(referee, title, text)


class StartNotice:
    """A referee with a notice over its screen until OK or BACK is pressed and let go.

    Everything else passes through: the referee runs (its timer too) under the notice, and
    every attribute the loop or a test asks for is the referee's own.
    """

    def __init__(self, referee: Any, title: str, text: str) -> None:
        self.inner = referee
        self.notice: ConfirmView | None = ConfirmView(
            title=title, text=text, ok_label="OK: go on", back_label="BACK: go on")
        self._answering: Button | None = None
        self._changes = 0

    @property
    def version(self) -> int:
        return int(self.inner.version) + self._changes

    def handle(self, intent: Intent) -> None:
        if self.notice is None:
            self.inner.handle(intent)
            return
        # While the notice is up every press is for it: OK or BACK, once let go, closes it.
        if isinstance(intent, Press) and intent.button in (Button.OK, Button.BACK):
            self._answering = intent.button
        elif isinstance(intent, Release) and intent.button is self._answering:
            self.notice = None
            self._changes += 1

    def view(self) -> Any:
        view = self.inner.view()
        if self.notice is None:
            return view
        try:
            return dataclasses.replace(view, overlay=self.notice)
        except (TypeError, ValueError):  # a view without an overlay: the banner says it
            return dataclasses.replace(view, banner=Banner(self.notice.text, BannerKind.BAD))

    def private_view(self) -> Any:
        return None if self.notice is not None else self.inner.private_view()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


RESULTS_SHOWN = 50
"""The newest past games listed on the device (each is replayed to be listed)."""


def result_rows(data_dir: Path, limit: int = RESULTS_SHOWN) -> list[ResultRow]:
    """The past games in ``data_dir``, newest first, as the results screen shows them."""
    rows = []
    for result in itertools.islice(results(data_dir), limit):
        note = None
        if result.error:
            note = f"record broken at {result.error}"
        elif not result.finished:
            note = "unfinished"
        unit = "game" if result.game == "mastermind" else "round"
        rows.append(ResultRow(
            date=f"{result.date:%d %b %H:%M}",
            game=result.game.capitalize(),
            players=result.players,
            totals=result.totals,
            winners=result.winners,
            rounds=f"{result.rounds} {unit}{'s' if result.rounds != 1 else ''}",
            note=note,
        ))
    return rows


def config_notices(problems: Sequence[Any]) -> tuple[str, ...]:
    """The config file's problems as sentences for the screen, errors first."""
    ordered = sorted(problems, key=lambda p: p.severity != "error")
    return tuple(f"config file: {p}" for p in ordered)


class _Opened(LazyRecord):
    """An already open writer (a resumed record) in the list of records."""

    def __init__(self, writer: RecordWriter, on_recorded: OnRecorded | None = None) -> None:
        super().__init__(lambda: writer.path, on_recorded)
        self._writer = writer


def build_app(
    options: DeviceOptions,
    *,
    clock: Clock | None = None,
    waiter: Waiter | None = None,
    rng: random.Random | None = None,
    referee: Referee | None = None,
    explain: Callable[[str], None] | None = None,
    show_led_strip: bool | None = None,
    sounder: Sounder | None = None,
    sources: Sequence[TimedSource] = (),
    on_frame: Callable[[Scene, pygame.Surface], None] | None = None,
    queue: IntentQueue | None = None,
) -> App:
    """Open the screen, the inputs and the outputs, and wire them to a referee."""
    from coda_pi.ui.display import open_display
    from coda_pi.ui.screens import ScreenRenderer

    say = explain or explain_once()
    config = options.config
    clock = MonotonicClock() if clock is None else clock
    queue = IntentQueue() if queue is None else queue  # an empty queue is falsy
    pygame.display.init()
    pygame.font.init()
    display = open_display(options.size or _config_size(config), fullscreen=(
        options.fullscreen if options.fullscreen is not None else config.screen.fullscreen),
        rotation=config.screen.rotation)
    disable_key_repeat()

    gpio = None
    if options.gpio:
        pins = config.pins
        gpio = open_gpio(pins.button_pins(), pins.seat_led_pins(), queue.put,
                         buzzer_pin=pins.buzzer_pin, bounce_time=options.bounce_time,
                         explain=say)
    sound_on = config.sound.enabled if options.sound is None else options.sound
    if sounder is None:
        sounder = open_sounder(gpio, explain=say) if sound_on else SilentSounder()
    records = Records(options.data_dir or config.data_dir, options.record,
                      on_recorded=options.on_recorded)
    if referee is None:
        referee = build_referee(options, clock=clock, rng=rng or random.SystemRandom(),
                                records=records, explain=say)
    closers: list[Callable[[], None]] = [records.close]
    if config.club is not None:  # a club night: publish the records (coda_pi/club/)
        from coda_pi.club.publisher import start_publisher

        records_dir = options.record.parent if options.record else records.data_dir
        closers.append(start_publisher(config.club, records_dir, explain=say))
    if gpio is not None:
        closers.append(gpio.close)
    strip = (gpio is None) if show_led_strip is None else show_led_strip
    app = App(
        referee,
        queue=queue,
        clock=clock,
        renderer=ScreenRenderer(),
        display=display,
        waiter=choose_waiter(queue, buttons=gpio is not None) if waiter is None else waiter,
        keyboard=KeyboardButtons(),
        sounder=sounder,
        seat_leds=gpio.leds if gpio is not None else None,
        sources=sources,
        show_led_strip=strip,
        on_frame=on_frame,
        closers=closers,
    )
    app.records = records
    app.gpio = gpio
    return app


def _config_size(config: Config) -> tuple[int, int] | None:
    screen = config.screen
    if screen.width is None or screen.height is None:
        return None
    return (screen.width, screen.height)

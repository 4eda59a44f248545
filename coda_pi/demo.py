"""The demo: simulated players pressing simulated buttons, through the real input path.

``SimulatedTable`` is one of the loop's timed sources: at each of its deadlines it puts the
next ``Press`` or ``Release`` its players decided on into the ``IntentQueue``, exactly where
gpiozero's callbacks and the keyboard put theirs, so the demo exercises the device as it is.
Pauses between presses are in clock time: a human pace in a window on the real clock, and
no wait at all headless, where a fake clock jumps straight to the next deadline.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from coda_pi.app import (
    App,
    DeviceOptions,
    FakeClock,
    FakeTimeWaiter,
    MonotonicClock,
    Sounder,
    build_app,
)
from coda_pi.config import DEFAULT_NAMES, Config
from coda_pi.datadir import DataDirLock, claim_data_dirs
from coda_pi.devices.buzzer import RecordingSounder
from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.i18n import language as current_language
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Cue, Intent, Press, Release
from coda_pi.referee.shared.views import (
    DealView,
    FinalView,
    PrivateView,
    PublicView,
    RoundEndView,
    TurnStep,
    TurnView,
)
from coda_pi.replay import replay_file
from coda_pi.rules.deduction_view import Witness
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.pool_players import simulated_players
from coda_pi.ui.scene import Scene

DEMO_NAMES: tuple[str, ...] = ("Ann", "Ben", "Cleo", "Dev")


@dataclass(frozen=True, slots=True)
class Pace:
    """Seconds between the simulated hands' actions, before ``speed`` divides them."""

    press: float = 0.45  # between two button edges
    look: float = 1.6  # a seat button held: the private screen stays up this long
    read: float = 2.5  # a judgement or a round's scores, to be read before going on
    start: float = 1.0  # before the first press


class SimulatedTable:
    """Every seat of the table played by ``AutoPlayer``, one button edge at a time."""

    def __init__(
        self,
        view: Callable[[], PublicView],
        private_view: Callable[[], PrivateView | None],
        queue: IntentQueue,
        clock: Callable[[], float],
        *,
        rng: random.Random,
        speed: float = 1.0,
        pace: Pace = Pace(),  # noqa: B008 - frozen
        player: Any = None,  # who decides the presses: AutoPlayer(rng) unless given
    ) -> None:
        self._view = view
        self._private_view = private_view
        self._queue = queue
        self._clock = clock
        self._player = player if player is not None else AutoPlayer(rng)
        self._speed = max(speed, 1e-6)
        self._pace = pace
        self._pending: deque[Intent] = deque()
        self._next_at: float | None = clock() + pace.start / self._speed
        self.finished = False
        self.presses = 0
        self._seen: PrivateView | None = None  # what the acting player saw when it looked

    def next_deadline(self) -> float | None:
        return None if self.finished else self._next_at

    def poll(self) -> None:
        """Put the next intent on the queue if its time has come."""
        if self.finished or self._next_at is None or self._clock() < self._next_at:
            return
        if not self._pending:
            # Decide only from what is on screen now: every earlier intent has been applied.
            view = self._view()
            private = self._recall(view, self._private_view())
            if not self._pending:
                self._pending.extend(self._player.decide(view, private))
            if not self._pending:
                self.finished = isinstance(view.screen, FinalView)
                self._next_at = None if self.finished else self._clock() + 1.0 / self._speed
                return
        intent = self._pending.popleft()
        self._queue.put(intent)
        if isinstance(intent, Press):
            self.presses += 1
        self._next_at = self._clock() + self._delay(intent) / self._speed

    def _recall(self, view: PublicView, private: PrivateView | None) -> PrivateView | None:
        """A person looks at their panels, lets go of the button, and attacks from memory,
        so the table sees the attack. The simulated players hold their button through the
        whole attack; here they let go after the look and act on what they saw."""
        screen = view.screen
        if not isinstance(screen, TurnView) or screen.step not in _ATTACK_STEPS:
            if not isinstance(screen, TurnView):
                self._seen = None
            return private
        if self._seen is not None and self._seen.seat != screen.seat:
            self._seen = None  # another player's turn: forget the last one's panels
        if private is not None and private.seat == screen.seat:
            self._seen = private
            self._pending.append(Release(Button.for_seat(screen.seat)))
            return private
        return private if private is not None else self._seen

    def _delay(self, intent: Intent) -> float:
        if isinstance(intent, Press) and intent.button.seat is not None and self._pending:
            return self._pace.press
        if isinstance(intent, Press) and intent.button.seat is not None:
            return self._pace.look  # holding to look: leave the private screen up a while
        view = self._view()
        if isinstance(intent, Release) and (
            view.banner is not None or isinstance(view.screen, RoundEndView)
        ):
            return self._pace.read
        return self._pace.press


_ATTACK_STEPS = (TurnStep.TARGET, TurnStep.SLOT, TurnStep.VALUE, TurnStep.CONTINUE)


def screen_key(scene: Scene) -> Hashable:
    """Which screen this is, for "one PNG per distinct screen": the kind of screen, the step
    of a turn, a private view's purpose, the overlay, the kind of news in the banner."""
    view = scene.view
    screen = view.screen
    parts: list[str] = [type(screen).__name__.removesuffix("View").lower()]
    if isinstance(screen, TurnView):
        parts.append(screen.step.value)
    step = getattr(screen, "step", None)  # a Mastermind screen's step
    if not isinstance(screen, TurnView) and step is not None and hasattr(step, "value"):
        parts.append(str(step.value))
    if isinstance(screen, DealView) and (view.table is None or view.table.round_number == 0):
        parts.append("start")
    if scene.private is not None:  # a phone's seat has no purpose on screen: "phone"
        purpose = getattr(scene.private, "purpose", None)
        parts.append(f"private-{purpose.value if purpose is not None else 'phone'}")
    if view.overlay is not None:
        parts.append(type(view.overlay).__name__.removesuffix("View").lower())
    if view.banner is not None:
        parts.append(view.banner.kind.value)
    if view.timer is not None and view.timer.urgent:
        parts.append("urgent")
    return "-".join(parts)


@dataclass
class ScreenshotTaker:
    """Saves the first frame of each distinct screen as ``NN-key.png`` in ``directory``."""

    directory: Path
    seen: dict[Hashable, Path] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)

    def __call__(self, scene: Scene, surface: pygame.Surface) -> None:
        key = screen_key(scene)
        if key in self.seen:
            return
        path = self.directory / f"{len(self.seen) + 1:02d}-{key}.png"
        pygame.image.save(surface, str(path))
        self.seen[key] = path


@dataclass
class ScreensSeen:
    """Every frame's scene as the loop shows it (drawn or not): the distinct screens, in the
    order they first came (``screen_key``), handed on to ``then`` (the screenshots)."""

    then: Callable[[Scene, pygame.Surface], None] | None = None
    keys: dict[Hashable, None] = field(default_factory=dict)
    also: Callable[[Scene, pygame.Surface], None] | None = None  # run_demo's on_frame

    def __call__(self, scene: Scene, surface: pygame.Surface) -> None:
        self.keys.setdefault(screen_key(scene))
        if self.then is not None:
            self.then(scene, surface)
        if self.also is not None:
            self.also(scene, surface)


def final_totals(view: PublicView) -> dict[str, int] | None:
    """The totals the final standings screen shows, by name; None on any other screen."""
    screen = view.screen
    if not isinstance(screen, FinalView):
        return None
    return {s.name: s.total for s in screen.standings}


@dataclass
class DemoResult:
    """What a demo run did, for its summary line and the tests."""

    records: list[Path]
    shown_totals: dict[str, int] | None  # on the final standings screen
    replay_totals: dict[str, int] | None  # what the record replays to
    screenshots: list[Path]
    screens: list[Hashable]  # every distinct screen shown (screen_key), drawn or not
    presses: int
    cues: list[Cue]
    frames: int
    seconds: float  # of clock time the tournament took (fake time when headless)
    finished: bool


def run_demo(
    config: Config,
    *,
    headless: bool,
    seed: int | None = None,
    record: Path | None = None,
    data_dir: Path | None = None,
    screenshots: Path | None = None,
    players: int = 3,
    rounds: int = 3,
    speed: float = 1.0,
    size: tuple[int, int] | None = None,
    fullscreen: bool | None = None,
    max_steps: int = 500_000,
    ack_log: Path | None = None,
    notices: tuple[str, ...] = (),
    table_pool: bool = False,
    pool: str | None = None,
    dashes: bool | None = None,
    game: str = "coda",
    games: int = 2,
    draw: bool = True,
    on_frame: Callable[[Scene, pygame.Surface], None] | None = None,
) -> DemoResult:
    """Play a whole tournament with simulated players; see ``coda-pi demo --help``.

    An unfinished ``record`` is resumed, as the device does. ``ack_log`` gets one JSON line
    per record line, ``{"record": PATH, "line": {...}}``, written only after the record's
    write (flush and fsync) has returned: the moment the device would announce the event.
    The crash test kills the demo and checks that the record holds every line acknowledged.
    ``pool``: who keeps the pool (referee/pools/mode.py): "device" (the default here, the demo
    has no real panels to mix), "table" (the players draw simulated real panels by hand and
    the device is told what falls: sim/table_pool.py) or "entered" (they draw them and
    tell the device privately: sim/entered.py), or any mode of the registry (its simulated
    players: sim/pool_players.py); ``table_pool`` is "table".
    ``dashes``: advanced play, else the config's. ``game``: "coda", or "mastermind": a match
    of ``games`` games against the device (solo), so the device plays both roles: it breaks
    the simulated player's code (its rows kept beside the record, ``NAME.pending``, until the
    code is broken; each is in the ack log as ``{"record": PATH, "aside": {...}}`` once it
    is stored), then keeps the score while the player breaks its code.
    ``draw``: False plays without drawing a frame (headless only; not with ``screenshots``):
    for a run whose record is what matters, it is several times faster, and plays the same.
    ``on_frame``: told of every frame's scene as the loop shows it, drawn or not (the tests
    that read frames play once without drawing and draw each scene at every size).
    """
    if not draw and (not headless or screenshots is not None):
        raise ValueError("only a headless demo without screenshots can play without drawing")
    if headless:
        # Must be set before the display starts: no window, no sound device, no GPIO.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    setup, mastermind = _demo_setup(config, players=players, rounds=rounds,
                                     pool=pool or ("table" if table_pool else "device"),
                                     dashes=dashes, game=game, games=games)
    referee_rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
    players_rng = random.Random(None if seed is None else seed + 1)
    clock, waiter, sounder = _demo_clock(headless)
    made = data_dir is None  # a directory of its own, removed at the end (issue 24)
    if data_dir is None:
        data_dir = Path(tempfile.mkdtemp(prefix="coda-pi-demo-"))
    try:
        return _play(config, headless=headless, seed=seed, record=record, data_dir=data_dir,
                     screenshots=screenshots, speed=speed, size=size, fullscreen=fullscreen,
                     max_steps=max_steps, ack_log=ack_log, notices=notices, setup=setup,
                     mastermind=mastermind, game=game, players_rng=players_rng,
                     referee_rng=referee_rng, clock=clock, waiter=waiter, sounder=sounder,
                     draw=draw, on_frame=on_frame)
    finally:
        if made:
            shutil.rmtree(data_dir, ignore_errors=True)


def _play(config: Config, *, headless: bool, seed: int | None, record: Path | None,
          data_dir: Path, screenshots: Path | None, speed: float,
          size: tuple[int, int] | None, fullscreen: bool | None, max_steps: int,
          ack_log: Path | None, notices: tuple[str, ...], setup: Any, mastermind: Any,
          game: str, players_rng: random.Random, referee_rng: random.Random, clock: Any,
          waiter: Any, sounder: Any, draw: bool,
          on_frame: Callable[[Scene, pygame.Surface], None] | None = None) -> DemoResult:
    """``run_demo``'s game, in ``data_dir``."""
    acks = AckLog(ack_log) if ack_log is not None else None
    if headless:
        # Headless is a window on the dummy driver: "full screen" there is 1024x768.
        size, fullscreen = size or (480, 320), False
    options = DeviceOptions(
        config=config, size=size, fullscreen=fullscreen,
        record=record, data_dir=data_dir, gpio=False, setup=setup,
        sound=False if headless else None,
        # Only a record named on purpose is resumed: never a game found in a data directory.
        resume=record is not None, notices=notices,
        on_recorded=acks, on_kept=None if acks is None else acks.kept,
        mastermind=mastermind, draw=draw,
    )
    queue = IntentQueue()
    shots = ScreenshotTaker(screenshots) if screenshots is not None else None
    seen = ScreensSeen(shots, also=on_frame)
    # The same claim as the device's: a demo resuming a record the device (or another
    # demo) is writing would interleave lines with it. Raises DataDirBusy.
    locks = claim_data_dirs(data_dir, record)
    try:
        app = build_app(options, clock=clock, waiter=waiter, rng=referee_rng,
                        sounder=sounder, queue=queue, on_frame=seen, show_led_strip=True)
    except BaseException:
        _release(locks)
        raise
    player = _simulated_player(app, game, setup.pool, players_rng)
    table = SimulatedTable(app.referee.view, app.referee.private_view, queue, clock.monotonic,
                           rng=players_rng, speed=speed if not headless else 1.0,
                           player=player)
    app.sources.append(table)
    pygame.display.set_caption("coda-pi demo")
    start = clock.monotonic()
    try:
        app.run(max_steps=max_steps, until=(lambda: table.finished) if headless else None)
        if table.finished:
            app.redraw(force=True)
    finally:
        app.close()
        _release(locks)
        if acks is not None:
            acks.close()
    return _result(app, table, shots, seen, clock.monotonic() - start)


def _result(app: App, table: SimulatedTable, shots: ScreenshotTaker | None,
            seen: ScreensSeen, seconds: float) -> DemoResult:
    """What the demo did, and what its last record replays to."""
    records = app.records.paths if app.records is not None else []
    replayed = None
    if records:
        summary = replay_file(records[-1]).summary()
        replayed = dict(zip(summary["players"], summary["totals"], strict=True))
    return DemoResult(
        records=records,
        shown_totals=final_totals(app.referee.view()),
        replay_totals=replayed,
        screenshots=list(shots.seen.values()) if shots is not None else [],
        screens=list(seen.keys),
        presses=table.presses,
        cues=list(app.cues),
        frames=app.stats.frames,
        seconds=seconds,
        finished=table.finished,
    )


def _demo_setup(config: Config, *, players: int, rounds: int, pool: str, dashes: bool | None,
                game: str, games: int) -> tuple[SetupDefaults, Any]:
    """The setup the demo starts with, and Mastermind's choices (None for Coda)."""
    names = tuple(
        name if name != default else DEMO_NAMES[i]
        for i, (name, default) in enumerate(zip(config.players.names, DEFAULT_NAMES,
                                                strict=False))
    )
    setup = SetupDefaults.from_config(config, players=players).with_changes(
        names=names, players=players, rounds=rounds, first=0, pool=pool,
        language=current_language(),  # --lang (or the config), as the caller set it
    )
    if dashes is not None:
        setup = setup.with_changes(dashes=dashes)
    if game != "mastermind":
        return setup, None
    from coda_pi.referee.mastermind.setup import MastermindOptions

    return setup.with_changes(game="mastermind"), MastermindOptions(
        names=names[:2], mode="solo", games=games, first=0)


def _demo_clock(headless: bool) -> tuple[MonotonicClock | FakeClock, Any, Sounder | None]:
    """Headless: a fake clock that jumps to the next deadline, and sounds only counted."""
    if headless:
        fake = FakeClock()
        return fake, FakeTimeWaiter(fake), RecordingSounder()
    return MonotonicClock(), None, None


def _simulated_player(app: App, game: str, pool: str, rng: random.Random) -> Any:
    """Who presses the buttons: Mastermind's table, or the pool mode's own simulated
    players (None: AutoPlayer, the device-pool table)."""
    if game == "mastermind":
        from coda_pi.sim.mastermind import MastermindAutoPlayer

        return MastermindAutoPlayer(rng)
    return simulated_players(pool, rng, lambda: _resumed_coda_game(app))


def _resumed_coda_game(app: App) -> Witness | None:
    """The Coda game the device resumed, as the table witnessed it; None for a new one."""
    if app.records is None or not app.records.paths:
        return None  # nothing written yet: a new game
    return witness_of(app.records.paths[0])


def witness_of(record: Path) -> Witness | None:
    """The Coda game in ``record`` as the table witnessed it; None for another game."""
    from coda_pi.referee.pools.entered.claims import ENTERED_KEY, claimed_event
    from coda_pi.rules.coda import CodaGame
    from coda_pi.rules.coda_events import parse_event
    from coda_pi.rules.deduction_view import Witness

    replay = replay_file(record)
    if replay.journal is None or replay.header is None or replay.header.get("game") != "coda":
        return None
    witness = Witness(CodaGame.from_header(replay.header))
    # Entered-pool play: the simulated table holds the panels its players entered (they
    # enter honestly), which the record keeps beside the colours; the bonus line then
    # says nothing the claims did not.
    claims = any(ENTERED_KEY in obj for obj in replay.journal.events)
    for obj in replay.journal.events:
        if claims and obj.get("event") == "bonus":
            continue
        witness.apply(claimed_event(obj) if claims else parse_event(obj))
    return witness


def _release(locks: list[DataDirLock]) -> None:
    for lock in locks:
        lock.release()


class AckLog:
    """Appends each acknowledged record line to a file. Unbuffered: a line is in the kernel
    when the call returns, so it survives the process being killed."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._out = open(path, "ab", buffering=0)  # noqa: SIM115 - open for the demo's life

    def __call__(self, record: Path, obj: dict[str, Any]) -> None:
        line = json.dumps({"record": str(record), "line": obj}, ensure_ascii=False)
        self._out.write(line.encode("utf-8") + b"\n")

    def kept(self, record: Path, obj: dict[str, Any] | None) -> None:
        """What the game stored beside ``record`` (None: nothing now), once it is stored."""
        line = json.dumps({"record": str(record), "aside": obj}, ensure_ascii=False)
        self._out.write(line.encode("utf-8") + b"\n")

    def close(self) -> None:
        self._out.close()


def play_until(
    app: App,
    player: AutoPlayer,
    done: Callable[[PublicView], bool],
    *,
    max_intents: int = 20_000,
) -> None:
    """Let ``player`` press buttons (through the app's queue) until ``done`` says so of the
    public view; for benchmarks and tests that need a game in a given state."""
    if app.scene is None:
        app.update()
    for _ in range(max_intents):
        assert app.scene is not None
        if done(app.scene.view):
            return
        intents = player.decide(app.scene.view, app.scene.private)
        if not intents:
            raise RuntimeError(f"nothing to press on {type(app.scene.view.screen).__name__}")
        for intent in intents:
            app.queue.put(intent)
            app.step()
            while len(app.queue):
                app.step()
    raise RuntimeError("the game never reached the wanted state")

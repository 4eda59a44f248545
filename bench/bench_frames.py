"""What a frame costs: every sample scene against a plain pygame frame, a demo's frames, and
a button press to its frame at every screen size; beside another checkout's figures.

All figures are CPU time of the drawing thread (``time.thread_time``), not wall time: the
machine is shared, and a busy neighbour stretches wall time but not the CPU a frame takes.
Each is a median of many repetitions.

- **plain frame**: what a plain pygame program spends on a frame of the same size: a fill,
  24 short texts rendered in pygame's default font and blitted, four rectangles.
- **sample scenes**: each of ``coda_pi.ui.samples.sample_scenes()`` drawn at 480x320 again
  and again (what a redraw of an unchanged view costs: the blinking LEDs, a forced redraw),
  as a multiple of the plain frame (goal: at most 1.5).
- **demo frame**: the frames of a headless demo tournament (recorded once, 3 players),
  drawn in order by the device's renderer on one surface and diffed for the screen
  (``Damage``) as the device does, per frame.
  Every pass starts cold (``pygame.quit()`` empties every cache of fonts, texts and
  layouts), as a demo run does. Goal: under 0.7 ms at 480x320. After each frame (untimed,
  its CPU printed beside) the loop's idle, as the device does before it sleeps; so in the
  sample scenes and the screens changing below.
- **a screen changing**: every sample scene drawn (and diffed, as the device does) on the
  device's renderer whose canvas shows the sample before it, in order round the ring:
  **cold** each one the first frame after ``pygame.quit()`` (every font and cache empty, as
  at start), **change** with warm caches, the next sample being a new screen. A menu or a
  question opens over the screen the device shows: a sample with one (``overlay``) comes
  after the screen under it (the sample without it, its timer running, as opening the menu
  pauses it), drawn untimed just before, unless the sample before already has a menu over
  that same view (a question chosen from the menu: the screen dimmed is kept). p50 and
  p99 of the transitions, as multiples of the plain frame (goal: a new screen's first
  frame within 2x).
- **demo presses**: the fixed-seed demo (seed 7, 3 seats) played through the device's loop;
  for each loop pass that applied a press or a release, its CPU time (referee, views, frame,
  diff; the simulated players' own thinking taken out), **cold** in a fresh process and
  **warm** in a second tournament after it. p50 and p99; goal p99 under 20 ms on a Zero,
  about 1.3 ms here. The CPU is the loop thread's plus the fsync thread's for the pass (a
  checkout whose loop fsyncs a press's line beside its frame: coda_pi/fsync_thread.py);
  beside it the wall time, press to frame shown, the card's wait in (bench_demo_presses.py
  measures these alone, per-press medians over runs). Beside them the loop's idle work
  (``App._idle``: parts of the new screens drawn aside to keep, after their frame is shown
  and before the loop sleeps), per press and the p99 of one idle: CPU a press no longer
  waits for, but still spent.
- **press to frame**: the device's loop on mock GPIO pins (the real IntentQueue, referee,
  monotonic clock and drawing) with a game at a guess: NEXT pressed on its pin and the loop
  stepped until the frame showing the new number is presented, in one thread, so the CPU
  time is the press's own. At 320x240, 480x320 and 800x480; p50, p90 and p99 of 600
  presses per size, each figure the median over the child runs.

A Pi Zero 2 W is 10-15 times slower per core than a laptop (README, "On the Pi"); the
projections multiply by 15, the slow end. Goals there: a demo frame under 10 ms, press to
frame under 20 ms.

    .venv/bin/python bench/bench_frames.py [--against CHECKOUT] [--rounds N] [--json]
        [--budget-scale F] [--only transitions]

``--budget-scale``: every byte budget of the drawing caches (ui/memo.py: the texts', the
parts', the panels') multiplied by F in each child, say 0.5: how the frames fare when a
round of screens no longer fits in the caches. ``--only transitions``: the plain frame and
the screens changing alone (a few minutes less).

With ``SDL_VIDEODRIVER=x11`` (and a ``DISPLAY``, say Xvfb's) the presses to a frame are
drawn in a real window and sent to it (``pygame.display.update`` of the damaged rectangles):
the real path's cost beside the dummy driver's.

``--against``: another checkout of coda-pi (say a worktree of main: ``git worktree add
--detach /tmp/main main``), measured by this same script in the same run, in alternating
child processes, each importing its own checkout's ``coda_pi``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ZERO_FACTOR = 15  # README "On the Pi": a Zero 2 W is 10-15x slower per core; the slow end
SIZES = ((320, 240), (480, 320), (800, 480))
PLAIN_TEXTS = 24


def cpu_ms(action: Callable[[], object], repeat: int) -> float:
    """The median CPU time of ``action`` over ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        action()
        times.append(time.thread_time() - start)
    return statistics.median(times) * 1000


# ---- the child: one checkout's figures ----------------------------------------------------


def loop_idle() -> Callable[[], object]:
    """What the device's loop does after a frame, before it sleeps (ui/kept.py's
    ``keep_waiting``: the parts a new screen drew in place drawn aside to keep), called
    untimed after each frame below as the loop would; nothing in a checkout without it."""
    try:
        from coda_pi.ui.kept import keep_waiting  # type: ignore[attr-defined]
    except ImportError:
        return lambda: None
    return keep_waiting


def plain_frame(size: tuple[int, int]) -> Callable[[], None]:
    """A frame as a plain pygame program draws one: fill, 24 texts, a few rectangles."""
    import pygame

    surface = pygame.Surface(size)
    w, h = size
    fnt = pygame.font.Font(None, max(12, h // 12))
    words = [f"Player {i}: {i * 7 % 12} points" for i in range(PLAIN_TEXTS)]

    def draw() -> None:
        surface.fill((52, 58, 70))
        for i, rect in enumerate(((4, 4, w - 8, h // 6), (4, h - h // 6, w - 8, h // 6 - 4),
                                  (w // 2, h // 4, w // 3, h // 3), (8, h // 4, w // 3, h // 2))):
            pygame.draw.rect(surface, (40 + 40 * i, 45, 55), rect, border_radius=4)
        for i, text in enumerate(words):
            image = fnt.render(text, True, (240, 240, 235))
            surface.blit(image, (4 + (i % 3) * (w // 3), 4 + (i // 3) * (h // 9)))

    return draw


def scene_figures(repeat: int) -> dict[str, float]:
    import pygame

    from coda_pi.ui.samples import sample_scenes
    from coda_pi.ui.screens import draw_scene

    surface = pygame.Surface((480, 320))
    idle = loop_idle()
    figures = {}
    for name, scene in sample_scenes().items():
        draw_scene(surface, scene)
        idle()
        figures[name] = cpu_ms(lambda s=scene: draw_scene(surface, s), repeat)
    return figures


@contextmanager
def same_driver() -> Iterator[None]:
    """A headless demo sets SDL's dummy driver for the process; the press figures after it
    open the device's window on the driver the bench was started with (x11 under Xvfb)."""
    driver = os.environ.get("SDL_VIDEODRIVER")
    try:
        yield
    finally:
        if driver is not None:
            os.environ["SDL_VIDEODRIVER"] = driver


def demo_scenes(rounds: int) -> list[Any]:
    """The scenes a headless demo tournament draws at 480x320, in order."""
    from coda_pi.config import Config
    from coda_pi.demo import run_demo
    from coda_pi.ui.screens import ScreenRenderer

    scenes: list[Any] = []
    original = ScreenRenderer.draw

    def recording(self: Any, surface: Any, scene: Any) -> None:
        scenes.append(scene)
        original(self, surface, scene)

    ScreenRenderer.draw = recording  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory(prefix="coda-pi-bench-frames-") as tmp, same_driver():
            run_demo(Config(), headless=True, seed=7, data_dir=Path(tmp), size=(480, 320),
                     players=3, rounds=rounds)
    finally:
        ScreenRenderer.draw = original  # type: ignore[method-assign]
    return scenes


def demo_figures(scenes: list[Any], passes: int) -> dict[str, float]:
    """Per frame: the mean over a pass (median over passes), and p50/p99 of single frames;
    each pass from cold caches."""
    import pygame

    from coda_pi.ui.damage import Damage
    from coda_pi.ui.screens import ScreenRenderer

    idle = loop_idle()
    means, singles, idles = [], [], []
    for _ in range(passes):
        pygame.quit()  # every font, text and layout cache goes: a pass starts cold
        pygame.font.init()
        surface = pygame.Surface((480, 320))
        damage = Damage()
        renderer = ScreenRenderer()  # the device's, drawing on its own canvas
        spent = idled = 0.0
        for scene in scenes:
            t = time.thread_time()
            renderer.draw(surface, scene)
            damage.changed(surface)
            single = time.thread_time() - t
            singles.append(single)
            spent += single
            t = time.thread_time()
            idle()
            idled += time.thread_time() - t
        means.append(spent / len(scenes))
        idles.append(idled / len(scenes))
    singles.sort()
    return {"frames": len(scenes), "kept_kib": kept_kib(),
            "mean_ms": statistics.median(means) * 1000,
            "idle_ms": statistics.median(idles) * 1000,
            "p50_ms": singles[len(singles) // 2] * 1000,
            "p99_ms": singles[int(len(singles) * 0.99)] * 1000}


def kept_kib() -> float:
    """The memory the kept images take (ui/memo.py's caches; none in a checkout without
    them), in KiB: bounded, whatever the length of the game."""
    try:
        from coda_pi.ui import memo
    except ImportError:
        return 0.0
    import pygame

    total = 0
    for cache in memo._caches:
        for value in cache._entries.values():
            value = getattr(value, "image", value)  # a text's ink (ui/text.py's Inked)
            if isinstance(value, pygame.Surface):
                total += value.get_pitch() * value.get_size()[1]
    return total / 1024


def transition_figures(repeat: int, idle: Callable[[], object] | None = None
                       ) -> dict[str, dict[str, float]]:
    """Each sample scene drawn by the device's renderer over the one before it (and diffed),
    cold (fresh from ``pygame.quit()``) and with warm caches; the median per transition."""
    import pygame

    from coda_pi.ui.damage import Damage
    from coda_pi.ui.samples import sample_scenes
    from coda_pi.ui.screens import ScreenRenderer

    scenes = list(sample_scenes().items())
    cold: dict[str, list[float]] = {name: [] for name, _ in scenes}
    change: dict[str, list[float]] = {name: [] for name, _ in scenes}
    for _ in range(max(1, repeat // 20)):
        for name, scene in scenes:
            pygame.quit()  # every font, text and layout cache goes: the first frame
            pygame.font.init()
            surface = pygame.Surface((480, 320))
            damage = Damage()
            start = time.thread_time()
            ScreenRenderer().draw(surface, scene)
            damage.changed(surface)
            cold[name].append(time.thread_time() - start)
    surface = pygame.Surface((480, 320))
    renderer, damage = ScreenRenderer(), Damage()
    idle = loop_idle() if idle is None else idle
    befores = screens_before(scenes)
    for lap in range(1 + max(1, repeat // 10)):  # the first lap warms the caches
        for name, scene in scenes:
            before = befores.get(name)
            if before is not None:  # the screen the menu opens over, untimed
                renderer.draw(surface, before)
                damage.changed(surface)
                idle()
            start = time.thread_time()
            renderer.draw(surface, scene)
            damage.changed(surface)
            if lap:
                change[name].append(time.thread_time() - start)
            idle()
    # The second showing alone: where a checkout keeps at once what no idle kept (ui/kept.py)
    # it pays for that here, which the medians over the laps would hide.
    return {"cold": {n: statistics.median(t) * 1000 for n, t in cold.items()},
            "change": {n: statistics.median(t) * 1000 for n, t in change.items()},
            "second": {n: t[0] * 1000 for n, t in change.items()}}


def interrupted_figures(repeat: int) -> tuple[dict[str, float], dict[str, float]]:
    """The screens changing as in ``transition_figures`` (warm), but every loop's idle
    interrupted by the next press before it did anything: what a player pressing at once
    meets. A checkout that keeps parts only in the idle never keeps them then; one that
    draws aside at its second showing what no idle kept (ui/kept.py) pays for it there:
    the second showings' figures apart, beside the medians of every showing."""
    import pygame

    from coda_pi.ui import memo

    tries = []
    for _ in range(3):  # a second showing is one frame: the median of three tries
        pygame.quit()  # what the figures before kept aside goes: none of it kept here
        pygame.font.init()
        memo.forget_all()
        tries.append(transition_figures(repeat, idle=lambda: None))
    return ({n: statistics.median(t["change"][n] for t in tries) for n in tries[0]["change"]},
            {n: statistics.median(t["second"][n] for t in tries) for n in tries[0]["second"]})


def transitions_with_interrupted(repeat: int) -> dict[str, dict[str, float]]:
    """The screens changing, the loop's idle finishing and cut short (above)."""
    figures = transition_figures(repeat)
    del figures["second"]  # with the idle finishing, the second showing is any other
    figures["interrupted"], figures["interrupted_second"] = interrupted_figures(repeat)
    return figures


def screens_before(scenes: list[tuple[str, Any]]) -> dict[str, Any]:
    """For each sample with a menu or question over a public screen, the screen it opens
    over (see the module's docstring), when the sample before it in the ring is not a menu
    over that same screen."""
    from dataclasses import replace

    def under(scene: Any) -> Any:
        view = scene.view
        if (scene.private is not None or getattr(view, "overlay", None) is None
                or type(view.screen).__name__ == "ResultsView"):
            return None
        timer = getattr(view, "timer", None)
        if timer is not None:
            view = replace(view, timer=replace(timer, paused=False))  # the menu pauses it
        return replace(scene, view=replace(view, overlay=None))

    def same(a: Any, b: Any) -> bool:
        # The question after a menu over the same view: the screen dimmed is kept (one
        # blit). Not so "confirm" after "menu" in the samples: one has a timer, the other
        # none, so the question is taken as opening over its screen (OK on "take back").
        return replace(a.view, version=0) == replace(b.view, version=0)

    befores = {}
    for index, (name, scene) in enumerate(scenes):
        screen = under(scene)
        last = under(scenes[index - 1][1]) if index else None
        if screen is not None and (last is None or not same(last, screen)):
            befores[name] = screen
    return befores


def fsync_thread_cpu(app: Any) -> float:
    """The CPU the loop's fsync thread has spent so far (coda_pi/fsync_thread.py: a press's
    line is fsynced there while the loop draws), 0 in a checkout whose loop fsyncs itself:
    a press's CPU is its loop pass's plus this thread's for it."""
    records = getattr(app, "records", None)
    thread = getattr(records, "fsync_thread", None)
    return 0.0 if thread is None else float(thread.cpu_seconds)


def percentiles(times: list[float]) -> dict[str, float]:
    """p50 and p99 of ``times`` (seconds), in milliseconds."""
    times = sorted(times)
    return {"p50_ms": times[len(times) // 2] * 1000,
            "p99_ms": times[int(len(times) * 0.99)] * 1000}


def demo_press_figures(rounds: int) -> dict[str, dict[str, float]]:
    """CPU per loop pass that applied a press or release over the fixed-seed demo, the
    simulated players' deciding taken out: cold (this process's first tournament) and warm
    (a second one after it). The CPU is the loop thread's plus the fsync thread's for the
    pass; beside it the pass's wall time (the press to its frame shown, the card's wait
    included), and the part of the CPU the fsync thread spent."""
    from coda_pi.app.loop import App
    from coda_pi.config import Config
    from coda_pi.demo import SimulatedTable, run_demo

    passes: list[float] = []
    walls: list[float] = []
    fsyncs: list[float] = []
    idles: list[float] = []
    thinking = [0.0]
    thinking_wall = [0.0]
    update, poll = App.update, SimulatedTable.poll
    idle = getattr(App, "_idle", None)  # a checkout whose loop has an idle's work

    def timed_idle(self: Any) -> bool:
        start = time.thread_time()
        done = idle(self)  # type: ignore[misc]
        if done:
            idles.append(time.thread_time() - start)
        return done

    def timed_update(self: Any) -> None:
        intents = self.stats.intents
        thinking[0] = thinking_wall[0] = 0.0
        fsynced = fsync_thread_cpu(self)
        start, wall = time.thread_time(), time.perf_counter()
        update(self)
        spent = time.thread_time() - start - thinking[0]
        wall = time.perf_counter() - wall - thinking_wall[0]
        if self.stats.intents > intents:
            fsynced = fsync_thread_cpu(self) - fsynced  # done: the pass waited for it
            passes.append(spent + fsynced)
            walls.append(wall)
            fsyncs.append(fsynced)

    def timed_poll(self: Any) -> None:
        start, wall = time.thread_time(), time.perf_counter()
        poll(self)
        thinking[0] += time.thread_time() - start
        thinking_wall[0] += time.perf_counter() - wall

    App.update = timed_update  # type: ignore[method-assign]
    SimulatedTable.poll = timed_poll  # type: ignore[method-assign]
    if idle is not None:
        App._idle = timed_idle  # type: ignore[attr-defined]
    figures = {}
    try:
        for label in ("cold", "warm"):
            for kept in (passes, walls, fsyncs, idles):
                kept.clear()
            with tempfile.TemporaryDirectory(prefix="coda-pi-bench-frames-") as tmp, \
                    same_driver():
                run_demo(Config(), headless=True, seed=7, data_dir=Path(tmp), size=(480, 320),
                         players=3, rounds=rounds)
            times = sorted(passes)
            idled = sorted(idles) or [0.0]
            figures[label] = {"presses": len(times),
                              "p50_ms": times[len(times) // 2] * 1000,
                              "p99_ms": times[int(len(times) * 0.99)] * 1000,
                              # the loop's idle work, after a frame is shown: per press,
                              # and the longest idles (a press arriving stops one)
                              "idle_per_press_ms": sum(idles) / len(times) * 1000,
                              "idle_p99_ms": idled[int(len(idled) * 0.99)] * 1000,
                              "wall": percentiles(walls),
                              # each pass, in the order played (the demo is the same
                              # every run: bench_demo_presses.py takes medians per pass)
                              "each_cpu_ms": [t * 1000 for t in passes],
                              "each_wall_ms": [t * 1000 for t in walls],
                              "fsync_thread_per_press_ms": sum(fsyncs) / len(times) * 1000}
    finally:
        App.update, SimulatedTable.poll = update, poll  # type: ignore[method-assign]
        if idle is not None:
            App._idle = idle  # type: ignore[attr-defined]
    return figures


def press_figures(size: tuple[int, int], presses: int) -> dict[str, float]:
    """CPU from NEXT's pin going low to the frame with the new number presented."""
    import pygame
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from coda_pi.app import DeviceOptions, MonotonicClock, build_app
    from coda_pi.config import Config
    from coda_pi.demo import play_until
    from coda_pi.devices.buzzer import RecordingSounder
    try:
        from coda_pi.referee.shared.setup import SetupDefaults
        from coda_pi.referee.shared.signals import Button, Release
        from coda_pi.referee.shared.views import TurnStep, TurnView
        from coda_pi.sim.coda import AutoPlayer
    except ImportError:  # a checkout from before the referee's sub-folders (an older main)
        from coda_pi.referee.autoplay import AutoPlayer  # type: ignore[no-redef]
        from coda_pi.referee.setup import SetupDefaults  # type: ignore[no-redef]
        from coda_pi.referee.signals import Button, Release  # type: ignore[no-redef]
        from coda_pi.referee.views import TurnStep, TurnView  # type: ignore[no-redef]

    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    # The headless demos before left SDL's display open on the dummy driver, and the
    # device's window would open on it whatever the environment says: the driver is read
    # when the display starts.
    pygame.display.quit()
    with tempfile.TemporaryDirectory(prefix="coda-pi-bench-frames-") as tmp:
        config = Config(data_dir=Path(tmp))
        setup = SetupDefaults(names=("Ann", "Ben", "Cleo", "Dev"), players=2,
                              first_seconds=600, extra_seconds=60)
        options = DeviceOptions(config=config, size=size, fullscreen=False, resume=False,
                                setup=setup, bounce_time=None)
        app = build_app(options, clock=MonotonicClock(), rng=random.Random(1),
                        sounder=RecordingSounder(), explain=lambda text: None)
        play_until(app, AutoPlayer(random.Random(2)),
                   lambda v: isinstance(v.screen, TurnView) and v.screen.step is TurnStep.VALUE)
        if app.scene is not None and app.scene.private is not None:
            app.queue.put(Release(Button.for_seat(app.scene.private.seat)))
            app.step()
        pin = factory.pin(config.pins.next)
        driver = pygame.display.get_driver()  # the name SDL reports, not the one asked for
        times = []
        for _ in range(presses):
            frames = app.stats.frames
            start = time.thread_time()
            pin.drive_low()
            while app.stats.frames == frames:
                app.step()
            times.append(time.thread_time() - start)
            pin.drive_high()
            while len(app.queue):
                app.step()
        app.close()
        pygame.quit()
        factory.reset()
    times.sort()
    return {"p50_ms": times[len(times) // 2] * 1000, "p90_ms": times[int(len(times) * 0.9)] * 1000,
            "p99_ms": times[int(len(times) * 0.99)] * 1000, "driver": driver}


def scale_budgets(scale: float) -> None:
    """Every byte budget of the drawing caches multiplied by ``scale`` (``--budget-scale``)."""
    from coda_pi.ui import kept, memo, text  # noqa: F401  (their caches registered)

    for cache in memo._caches:
        if cache.budget is not None:
            cache.budget = int(cache.budget * scale)


def child(root: Path, repeat: int, rounds: int, passes: int, presses: int,
          scale: float = 1.0, only: str | None = None) -> dict[str, Any]:
    sys.path.insert(0, str(root))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    import coda_pi

    if not Path(coda_pi.__file__).resolve().is_relative_to(root.resolve()):
        raise SystemExit(f"imported {coda_pi.__file__}, not {root}'s coda_pi")
    pygame.font.init()
    if scale != 1.0:
        scale_budgets(scale)
    figures: dict[str, Any] = {"root": str(root)}
    figures["plain_ms"] = cpu_ms(plain_frame((480, 320)), repeat)
    if only == "transitions":
        figures["transitions"] = transitions_with_interrupted(repeat)
        return figures
    figures["scenes_ms"] = scene_figures(repeat)
    figures["demo"] = demo_figures(demo_scenes(rounds), passes)
    figures["transitions"] = transitions_with_interrupted(repeat)
    figures["demo_presses"] = demo_press_figures(rounds)
    figures["press"] = {f"{w}x{h}": press_figures((w, h), presses) for w, h in SIZES}
    return figures


# ---- the parent: both checkouts, side by side ---------------------------------------------


def run_child(root: Path, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(root),
               "--repeat", str(args.repeat), "--rounds", str(args.rounds),
               "--passes", str(args.passes), "--presses", str(args.presses),
               "--budget-scale", str(args.budget_scale)]
    if args.only:
        command += ["--only", args.only]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def merge(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The median of each figure over the child runs of one checkout."""
    first = runs[0]
    if isinstance(first, dict):
        return {key: merge([r[key] for r in runs]) for key in first}
    if isinstance(first, (int, float)):
        return statistics.median(runs)
    return first


def report(results: list[dict[str, Any]], names: list[str], budget_scale: float = 1.0
           ) -> None:
    def row(label: str, values: list[float], unit: str = "ms", goal: str = "") -> None:
        cells = "".join(f"{v:11.3f} {unit:<2}" for v in values)
        print(f"  {label:<34}{cells}  {goal}")

    print(f"CPU time (thread_time), medians; load average {os.getloadavg()[0]:.1f}; SDL video "
          f"driver {os.environ.get('SDL_VIDEODRIVER', 'dummy')} for the presses to a frame "
          "(the window's; the rest draws on surfaces)")
    if budget_scale != 1.0:
        print(f"  the drawing caches' byte budgets x{budget_scale:g} (--budget-scale)")
    for index, name in enumerate(names):
        print(f"  [{index + 1}] {name}")
    print(f"  {'':<34}" + "".join(f"{f'[{i + 1}]':>14}" for i in range(len(names))))
    plain = [r["plain_ms"] for r in results]
    row("plain frame 480x320", plain)
    if "scenes_ms" in results[0]:  # not with --only transitions
        scene_rows(row, results, plain)

    def spread(values: dict[str, float], plain_ms: float) -> tuple[float, float]:
        ratios = sorted(v / plain_ms for v in values.values())
        return ratios[len(ratios) // 2], ratios[int(len(ratios) * 0.99)]

    count = len(results[0]["transitions"]["change"])
    print(f"  a screen changing at 480x320 ({count} sample transitions, draw + diff; a menu "
          "over the screen it opens on), as multiples of the plain frame:")
    for kind, goal in (("change", "goal <= 2x (a new screen's first frame)"),
                       ("interrupted", "(the same, no loop's idle ever finished)"),
                       ("interrupted_second", "(of which the second showing of each)"),
                       ("cold", "(first frame after start: fonts load)")):
        figures = [spread(r["transitions"][kind], p) for r, p in zip(results, plain,
                                                                      strict=True)]
        row(f"  {kind} p50", [f[0] for f in figures], "x")
        row(f"  {kind} p99", [f[1] for f in figures], "x", goal)
        worst = [max(r["transitions"][kind], key=r["transitions"][kind].get)
                 for r in results]
        print(f"  {'':<36}slowest: {', '.join(worst)}")
    if "demo_presses" in results[0]:
        press_rows(row, results)
    print("  the frame goals of issue 34, each checkout's figure side by side:")
    row("  new screen's first frame p99", [spread(r["transitions"]["change"], p)[1]
                                           for r, p in zip(results, plain, strict=True)],
        "x", "goal <= 2x")
    if "demo_presses" in results[0]:
        row("  demo press to frame p99 (warm)",
            [r["demo_presses"]["warm"]["p99_ms"] for r in results], "ms", "goal <= 1.3 ms")


def scene_rows(row: Callable[..., None], results: list[dict[str, Any]], plain: list[float]
               ) -> None:
    """The sample scenes' and the demo's rows of the report."""
    print("  sample scenes at 480x320, as multiples of the plain frame (goal <= 1.5):")
    worst = [0.0] * len(results)
    for name in results[0]["scenes_ms"]:
        ratios = [r["scenes_ms"].get(name, float("nan")) / p for r, p in zip(results, plain,
                                                                               strict=True)]
        worst = [max(w, x) for w, x in zip(worst, ratios, strict=True)]
        row(f"  {name}", ratios, "x")
    row("worst sample scene", worst, "x", "goal <= 1.5x")
    ratios_all = [statistics.median(v / p for v in r["scenes_ms"].values())
                  for r, p in zip(results, plain, strict=True)]
    row("median sample scene", ratios_all, "x")
    frames = int(results[0]["demo"]["frames"])
    print(f"  demo frame at 480x320 ({frames} frames, draw + diff, each pass cold):")
    row("  mean per frame", [r["demo"]["mean_ms"] for r in results], "ms", "goal < 0.7 ms")
    row("  p50 / single frame", [r["demo"]["p50_ms"] for r in results])
    row("  p99 / single frame", [r["demo"]["p99_ms"] for r in results])
    row("  loop's idle work per frame", [r["demo"].get("idle_ms", 0.0) for r in results],
        "ms", "(after the frame)")
    row("  kept images after the demo", [r["demo"].get("kept_kib", 0.0) / 1024
                                          for r in results], "MB")
    row(f"  mean on a Zero (x{ZERO_FACTOR})",
        [r["demo"]["mean_ms"] * ZERO_FACTOR for r in results], "ms", "goal < 10 ms")


def press_rows(row: Callable[..., None], results: list[dict[str, Any]]) -> None:
    """The demo presses' and the presses to a frame's rows of the report."""
    presses = int(results[0]["demo_presses"]["warm"]["presses"])
    print(f"  demo presses (seed 7, 3 seats, {presses} presses and releases; loop pass, "
          "players' thinking out):")
    for kind in ("cold", "warm"):
        row(f"  {kind} p50", [r["demo_presses"][kind]["p50_ms"] for r in results])
        row(f"  {kind} p99", [r["demo_presses"][kind]["p99_ms"] for r in results], "ms",
            "goal < 1.3 ms")
        row(f"  {kind} p99 on a Zero (x{ZERO_FACTOR})",
            [r["demo_presses"][kind]["p99_ms"] * ZERO_FACTOR for r in results], "ms",
            "goal < 20 ms")
        press_wall_rows(row, kind, [r["demo_presses"][kind] for r in results])
        row(f"  {kind} idle work per press", [r["demo_presses"][kind].get(
            "idle_per_press_ms", 0.0) for r in results], "ms", "(after the frame is shown)")
        row(f"  {kind} idle work p99 of an idle", [r["demo_presses"][kind].get(
            "idle_p99_ms", 0.0) for r in results])
    drivers = ", ".join(f"[{i + 1}] {next(iter(r['press'].values())).get('driver', '?')}"
                        for i, r in enumerate(results))
    print(f"  press to frame (NEXT on the guess; pin edge to frame presented; SDL reports "
          f"the video driver {drivers}):")
    for size in results[0]["press"]:
        row(f"  {size} p50", [r["press"][size]["p50_ms"] for r in results])
        row(f"  {size} p90", [r["press"][size].get("p90_ms", float("nan")) for r in results])
        row(f"  {size} p99", [r["press"][size]["p99_ms"] for r in results])
        row(f"  {size} p99 on a Zero (x{ZERO_FACTOR})",
            [r["press"][size]["p99_ms"] * ZERO_FACTOR for r in results], "ms", "goal < 20 ms")


def press_wall_rows(row: Callable[..., None], kind: str, figures: list[dict[str, Any]]) -> None:
    """The demo presses' wall time (press to frame shown, the card's fsync included) and
    the fsync thread's share of their CPU; NaN for a checkout that does not measure them."""
    nan = float("nan")
    row(f"  {kind} wall p50 (fsync's wait in)", [f.get("wall", {}).get("p50_ms", nan)
                                                   for f in figures])
    row(f"  {kind} wall p99", [f.get("wall", {}).get("p99_ms", nan) for f in figures])
    row(f"  {kind} fsync thread CPU per press", [f.get("fsync_thread_per_press_ms", 0.0)
                                                 for f in figures], "ms", "(in the p50/p99)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another checkout to measure beside this one (repeatable)")
    parser.add_argument("--repeat", type=int, default=60, help="draws per sample scene")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the demo")
    parser.add_argument("--passes", type=int, default=3, help="passes over the demo's frames")
    parser.add_argument("--presses", type=int, default=600,
                        help="presses per size (p99: the sixth slowest of 600)")
    parser.add_argument("--runs", type=int, default=2,
                        help="child processes per checkout, alternating")
    parser.add_argument("--budget-scale", type=float, default=1.0,
                        help="the drawing caches' byte budgets times this (say 0.5)")
    parser.add_argument("--only", choices=["transitions"],
                        help="measure only the plain frame and the screens changing")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(child(args.child, args.repeat, args.rounds, args.passes,
                               args.presses, args.budget_scale, args.only)))
        return 0
    roots = [HERE.parent, *args.against]
    runs: list[list[dict[str, Any]]] = [[] for _ in roots]
    for _ in range(args.runs):
        for i, root in enumerate(roots):  # alternating, so a burst of load hits both
            runs[i].append(run_child(root, args))
    results = [merge(r) for r in runs]
    if args.json:
        print(json.dumps(results))
        return 0
    report(results, [str(r) for r in roots], args.budget_scale)
    return 0


if __name__ == "__main__":
    sys.exit(main())

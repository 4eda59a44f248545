"""The loop asks the referee for its views only when something may have changed them (an
intent, a deadline passed, the referee's version), and the phones' pages are made once per
change: a wake-up that changes nothing costs a Zero no view and no page."""

from __future__ import annotations

import os
import random
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app  # noqa: E402
from coda_pi.config import Config, PinConfig  # noqa: E402
from coda_pi.demo import play_until  # noqa: E402
from coda_pi.phones import bridge as bridge_module  # noqa: E402
from coda_pi.phones.bridge import PhoneBridge  # noqa: E402
from coda_pi.referee.shared.setup import SetupDefaults  # noqa: E402
from coda_pi.referee.shared.views import SetupView, TurnView  # noqa: E402
from coda_pi.sim.coda import AutoPlayer  # noqa: E402


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def _app(tmp_path: Any, *, timer: bool = False) -> tuple[App, FakeClock]:
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
    setup = (SetupDefaults(players=2, first_seconds=600, extra_seconds=60) if timer
             else SetupDefaults(players=2))
    opts = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                         setup=setup, sound=False)
    app = build_app(opts, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None)
    return app, clock


def _counting(app: App) -> list[int]:
    built = [0]
    view = app.referee.view

    def counted() -> Any:
        built[0] += 1
        return view()

    app.referee.view = counted  # type: ignore[method-assign]
    return built


def _window_noise() -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))


def test_a_wake_up_that_changes_nothing_builds_no_view(tmp_path):
    app, _ = _app(tmp_path)
    app.run(max_steps=1)
    built = _counting(app)
    for _ in range(5):
        _window_noise()  # the mouse crossing the window wakes the loop, and changes nothing
        app.step()
    assert app.stats.wakeups >= 5
    assert built[0] == 0
    # A press changes the screen at once, as before.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode="", scancode=0))
    app.step()
    assert built[0] >= 1
    screen = app.scene.view.screen
    assert isinstance(screen, SetupView) and screen.cursor == 3


def test_the_timer_s_seconds_still_count_down_on_screen(tmp_path):
    app, clock = _app(tmp_path, timer=True)
    play_until(app, AutoPlayer(random.Random(2)),
               lambda v: isinstance(v.screen, TurnView) and v.timer is not None
               and not v.timer.paused)
    shown = app.scene.view.timer.seconds_left
    for _ in range(3):
        app.step()  # the loop sleeps to the timer's next second
    assert app.scene.view.timer.seconds_left == shown - 3
    built = _counting(app)
    frames = app.stats.frames
    _window_noise()
    app.step()  # woken before the next second: nothing to build
    assert built[0] == 0 and app.stats.frames == frames


def test_a_phone_s_page_is_made_once_per_change(tmp_path, monkeypatch):
    app, _ = _app(tmp_path)
    app.run(max_steps=1)
    bridge = PhoneBridge(url="https://127.0.0.1:8443/", fingerprint="AB:CD")
    app.referee.attach_seat_screens(bridge)
    assert bridge.pairings.complete(bridge.pairings.request(0).rid)
    app.companion = bridge
    made = [0]
    seat_page = bridge_module.seat_page

    def counted(*args: Any) -> Any:
        made[0] += 1
        return seat_page(*args)

    monkeypatch.setattr(bridge_module, "seat_page", counted)
    app.step()
    first = made[0]
    assert first == 1  # seat 1's page, once
    serial = bridge.wait_page(0, 0, 0)
    for _ in range(5):
        _window_noise()
        app.step()
    assert made[0] == first  # nothing changed: the page is not made again
    assert bridge.wait_page(0, 0, 0) == serial
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode="", scancode=0))
    app.step()
    assert made[0] == first + 1

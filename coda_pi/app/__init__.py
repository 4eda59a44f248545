"""The device's application: the one event loop and what it is built from.

- ``loop``: ``App``, the loop itself (sleep, intents to the referee, cues, LEDs, redraw
  only on change) and the protocols it talks to (``Renderer``, ``TimedSource``; the
  referee as ``coda_pi.referee.table_referee.TableReferee``).
- ``waiting``: how the loop sleeps (``QuietWaiter``, ``QueueWaiter``, ``SdlWaiter``,
  ``FakeTimeWaiter``).
- ``records``: where each game is written (``Records``, ``LazyRecord``) and the past games
  listed on the device (``result_rows``).
- ``resume``: the referee the device starts with (``build_referee``: the unfinished game
  resumed, or a new one) and the notice of a problem at start (``StartNotice``).
- ``options``: ``DeviceOptions``; ``build``: ``build_app`` opens the screen, the GPIO or
  keyboard, the sound, and wires them to the referee.

The ports (``Clock``, ``MonotonicClock``, ``FakeClock``, ``Sounder``) are defined once, in
``coda_pi.referee.shared.ports``, and are re-exported here for the loop's users.
"""

from coda_pi.app.build import build_app, config_notices, explain_once
from coda_pi.app.loop import BLINK_SECONDS, App, LoopStats, Referee, Renderer, TimedSource
from coda_pi.app.options import DeviceOptions
from coda_pi.app.records import RESULTS_SHOWN, LazyRecord, OnRecorded, Records, result_rows
from coda_pi.app.resume import StartNotice, build_referee
from coda_pi.app.waiting import (
    FakeTimeWaiter,
    QueueWaiter,
    QuietWaiter,
    SdlWaiter,
    Waiter,
    choose_waiter,
)
from coda_pi.referee.shared.ports import Clock, FakeClock, MonotonicClock, Sounder

__all__ = [
    "BLINK_SECONDS", "RESULTS_SHOWN", "App", "Clock", "DeviceOptions", "FakeClock",
    "FakeTimeWaiter", "LazyRecord", "LoopStats", "MonotonicClock", "OnRecorded",
    "QueueWaiter", "QuietWaiter", "Records", "Referee", "Renderer", "SdlWaiter", "Sounder",
    "StartNotice",
    "TimedSource", "Waiter", "build_app", "build_referee", "choose_waiter", "config_notices",
    "explain_once", "result_rows",
]

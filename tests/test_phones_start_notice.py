"""Phones on, and a problem at start (a notice over the first screen until any button):
the device starts (it raised AttributeError at start, the notice's wrapper having no
``attach_seat_screens``), serves a paired phone its page, refuses the phone's taps while
the notice is the table's, and plays them once the notice is closed."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pygame
from phones_device import Device

from coda_pi.app import DeviceOptions, build_app
from coda_pi.config import Config, ScreenConfig
from coda_pi.phones.start import start_phones
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import ConfirmView, DealView


def test_a_start_notice_with_phones_on_starts_and_keeps_taps_for_after_it(
        tmp_path: Path) -> None:
    config = Config(data_dir=tmp_path / "data", screen=ScreenConfig(language="en"))
    options = DeviceOptions(config=config, size=(480, 320), fullscreen=False, resume=False,
                            setup=SetupDefaults(names=("Ann", "Ben"), players=2, pool="device"),
                            bounce_time=None, gpio=False, sound=False,
                            notices=("A config key was not understood",))
    app = build_app(options, rng=random.Random(5), explain=lambda text: None)
    phones = start_phones(app.queue, tmp_path / "data", port=0, host="127.0.0.1", tls=False)
    assert phones is not None
    app.companion = phones.bridge
    app.referee.attach_seat_screens(phones.bridge)  # as build_app does with phones on
    stop = threading.Event()
    loop = threading.Thread(target=app.run, kwargs={"until": stop.is_set}, daemon=True)
    loop.start()
    try:
        device = Device(app, phones)
        device.until(lambda: app.scene is not None)
        assert isinstance(app.scene.view.overlay, ConfirmView)  # the notice is up
        ann = device.phone()
        rid = ann.ask(0)["rid"]
        assert phones.bridge.pairings.complete(rid)  # the table's yes (its OK, here direct)
        assert ann.collect(rid)[0] == 200 and ann.secret
        app.queue.wake()  # the loop makes the newly paired seat's page
        got = device.until(lambda: (r := ann.page())[0] == 200 and r[1])
        assert got["page"]["public"]["overlay"] is True
        assert ann.tap(kind="key", key="ok") == 409  # the notice is the table's
        assert isinstance(app.scene.view.overlay, ConfirmView)
        device.press(Button.OK)  # the table closes the notice...
        device.until(lambda: app.scene.view.overlay is None)
        device.press(Button.OK)  # ...and starts
        device.until(lambda: isinstance(app.scene.view.screen, DealView))
        assert ann.tap(kind="key", key="ok") == 200  # Ann's row dealt from her phone
        assert app.errors == []
    finally:
        stop.set()
        app.queue.wake()
        loop.join(10)
        phones.close()
        app.close()
        pygame.quit()

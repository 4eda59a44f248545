"""Phones turned on from the device itself: with phones off in the config, the BACK menu
offers "Turn phones on" once a game is under way; choosing it starts the server, shows
the QR code page and the address, and a phone can then take a seat, with no config edited
and no restart."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pygame
from phones_device import Device, Phone, pair

from coda_pi.app import DeviceOptions, build_app
from coda_pi.app.build import _phones_starter
from coda_pi.config import Config
from coda_pi.referee.shared.seat_screens import PhonesView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import MenuView


def test_the_back_menu_turns_phones_on_and_a_phone_takes_a_seat(tmp_path: Path) -> None:
    config = Config(data_dir=tmp_path / "data")
    assert not config.phones.enabled
    options = DeviceOptions(config=config, size=(480, 320), fullscreen=False, resume=False,
                            setup=SetupDefaults(names=("Ann", "Ben"), players=2, timer=False),
                            bounce_time=None, gpio=False, sound=False)
    app = build_app(options, rng=random.Random(3), explain=lambda text: None)
    assert app.phones is None and app.companion is None
    # The device's own offer binds every address; the test's, loopback only.
    app.referee.offer_phones(_phones_starter(app, tmp_path / "data", 0, host="127.0.0.1"))
    stop = threading.Event()
    loop = threading.Thread(target=app.run, kwargs={"until": stop.is_set}, daemon=True)
    loop.start()
    try:
        def press(button: Button) -> None:
            app.queue.put(Press(button))
            app.queue.put(Release(button))

        wait = Device.until
        press(Button.OK)  # Start: the BACK menu is the game's (the setup's BACK steps back)
        wait(None, lambda: app.scene is not None and app.referee.game is not None)
        press(Button.BACK)
        menu = wait(None, lambda: app.scene is not None and app.scene.view.overlay)
        assert isinstance(menu, MenuView)
        assert "Turn phones on" in menu.items and "Phones" not in menu.items
        for _ in range(menu.items.index("Turn phones on")):
            press(Button.NEXT)
        press(Button.OK)
        page = wait(None, lambda: isinstance(app.scene.view.overlay, PhonesView)
                    and app.scene.view.overlay, 20)
        assert app.phones is not None and app.companion is app.phones.bridge
        assert page.card.url == app.phones.url and page.card.fingerprint
        press(Button.BACK)  # the page closes
        wait(None, lambda: app.scene.view.overlay is None)
        device = Device(app, app.phones)
        device.base = app.phones.server.url("127.0.0.1")
        phone = Phone(device.base, app.phones.cert)
        status, seats = phone.request("GET", "/api/seats")
        assert status == 200 and [s["label"] for s in seats["seats"]] == ["Ann", "Ben"]
        pair(device, phone, 1)
        assert phone.page()[0] == 200
        press(Button.BACK)  # from now on the menu has the phones' own page
        menu = wait(None, lambda: app.scene.view.overlay)
        assert "Phones" in menu.items and "Turn phones on" not in menu.items
    finally:
        stop.set()
        app.queue.wake()
        loop.join(10)
        app.close()
        pygame.quit()


def test_the_setup_turns_phones_on_before_the_game(tmp_path: Path) -> None:
    """The setup's last line, "Turn phones on": the QR code appears beside the menu at once,
    and the line is gone."""
    config = Config(data_dir=tmp_path / "data")
    options = DeviceOptions(config=config, size=(480, 320), fullscreen=False, resume=False,
                            setup=SetupDefaults(names=("Ann", "Ben"), players=2, timer=False),
                            bounce_time=None, gpio=False, sound=False)
    app = build_app(options, rng=random.Random(3), explain=lambda text: None)
    try:
        app.referee.offer_phones(_phones_starter(app, tmp_path / "data", 0, host="127.0.0.1"))
        setup = app.referee.view().screen
        keys = [item.key for item in setup.items]
        assert keys[-1] == "Turn phones on" and setup.phones is None
        for _ in range(len(keys) - setup.cursor - 1):
            app.referee.handle(Press(Button.NEXT))
            app.referee.handle(Release(Button.NEXT))
        assert "phone" in app.referee.view().screen.prompt
        app.referee.handle(Press(Button.OK))
        app.referee.handle(Release(Button.OK))
        setup = app.referee.view().screen
        assert app.phones is not None and setup.phones is not None
        assert setup.phones.url == app.phones.url
        assert "Turn phones on" not in [item.key for item in setup.items]
    finally:
        app.close()
        pygame.quit()


def test_mastermind_s_setup_turns_phones_on_too() -> None:
    from coda_pi.phones.bridge import PhoneBridge
    from coda_pi.referee.mastermind.referee import MastermindReferee
    from coda_pi.referee.mastermind.setup import MastermindOptions
    from coda_pi.sim.testing import FakeClock, MemoryRecord

    referee = MastermindReferee(clock=FakeClock(), rng=random.Random(1), record=MemoryRecord(),
                                options=MastermindOptions(names=("Ann", "Ben")),
                                new_record=MemoryRecord)
    bridge = PhoneBridge(url="https://10.42.0.1:8443/", fingerprint="AB:CD")

    def starter() -> PhoneBridge:  # what app/build.py's does, without a server
        referee.attach_seat_screens(bridge)
        return bridge

    referee.offer_phones(starter)
    setup = referee.view().screen
    assert setup.items[-1].key == "Turn phones on" and setup.phones is None
    for _ in range(len(setup.items) - setup.cursor - 1):
        referee.handle(Press(Button.NEXT))
        referee.handle(Release(Button.NEXT))
    referee.handle(Press(Button.OK))
    referee.handle(Release(Button.OK))
    setup = referee.view().screen
    assert setup.phones is not None and setup.phones.address == "https://10.42.0.1:8443"
    assert "Turn phones on" not in [item.key for item in setup.items]

"""A real device for the phone tests: the app's loop on its own thread (the dummy video
driver, the real clock), its phones' server on loopback, and phones as HTTP clients.

Seat buttons are pressed the way gpiozero does it: an intent put on the loop's queue from
another thread."""

from __future__ import annotations

import http.client
import json
import os
import random
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from coda_pi.app import App, DeviceOptions, build_app
from coda_pi.config import Config, ScreenConfig
from coda_pi.i18n import _
from coda_pi.phones.start import Phones, start_phones
from coda_pi.phones.tls import CERT_NAME, KEY_NAME
from coda_pi.pods.companion import Companions
from coda_pi.pods.settings import PodsConfig
from coda_pi.referee.shared.seat_screens import PhonesView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import DealView, MenuView, SetupView, TurnStep, TurnView


class SteppedClock:
    """The real clock, that a test can move forward as if that much time had gone by (a
    button held two seconds, without waiting two seconds); it never goes back."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.ahead

    def skip(self, seconds: float) -> None:
        self.ahead += seconds


class Device:
    """The running device: press its buttons, read its screen, wait for what it shows."""

    def __init__(self, app: App, phones: Phones) -> None:
        self.app = app
        self.phones = phones
        self.base = phones.server.url("127.0.0.1")
        self.cafile = phones.cert
        # The intents the loop drained before these phones were its companion (phones
        # turned on from the device mid-run; build the Device once the loop has settled):
        # the bridge never saw them, so ``settled`` leaves them out.
        self.before_phones = app.stats.intents - phones.bridge.taken

    def press(self, button: Button) -> None:
        self.app.queue.put(Press(button))
        self.app.queue.put(Release(button))

    def seat(self, seat: int) -> None:
        self.press(Button.for_seat(seat))

    def until(self, check: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Wait for ``check()`` to be true (the loop runs on its own thread)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            got = check()
            if got:
                return got
            time.sleep(0.01)
        raise AssertionError(f"the device did not get there in {timeout} s")

    def phone(self, source: str | None = None) -> Phone:
        """A phone; ``source`` another loopback address it connects from (127.0.0.2 ...),
        to stand for another device on the Wi-Fi."""
        return Phone(self.base, self.cafile, source=source)

    def offer(self, seat: int) -> None:
        """The table chooses to give ``seat`` a phone: its button on the setup, else BACK,
        Phones, the seat, OK."""
        self.settled()  # which of the two depends on every press already sent
        view = self.app.referee.view()
        if isinstance(view.screen, SetupView) and view.overlay is None:
            self.seat(seat)
            self.settled()  # the code drawn is this seat's
            return
        self.press(Button.BACK)
        menu = self.until(lambda: isinstance(o := self.app.scene.view.overlay, MenuView) and o)
        for _n in range(menu.items.index(_("Phones"))):  # in the device's language
            self.press(Button.NEXT)
        self.press(Button.OK)
        self.until(lambda: isinstance(self.app.scene.view.overlay, PhonesView))
        for _n in range(seat):
            self.press(Button.NEXT)
        self.until(lambda: self.app.scene.view.overlay.cursor == seat)
        self.press(Button.OK)
        # The page stays, with the seat's own QR code (or the question, a phone waiting).
        self.settled()

    def seat_code(self) -> str:
        """The address the shared screen's QR code carries for an offered seat ("" when
        it shows none): what a phone's camera reads off the screen."""
        view = self.app.scene.view if self.app.scene else None
        card = getattr(view.overlay, "card", None) if view is not None else None
        if card is None and view is not None:
            card = getattr(view.screen, "phones", None)
        return card.offer_url if card is not None else ""

    def close_phones_page(self) -> None:
        """BACK on the Phones page, when it is open (after a pairing in a game)."""
        self.settled()
        if isinstance(self.app.scene.view.overlay, PhonesView) and not self.question():
            self.press(Button.BACK)
            self.until(lambda: self.app.scene.view.overlay is None)

    def settled(self) -> None:
        """Wait until the loop has drawn every intent put on its queue so far."""
        bridge, stats = self.phones.bridge, self.app.stats
        self.until(lambda: len(self.app.queue) == 0
                   and stats.intents - self.before_phones == bridge.taken == bridge.published)

    def question(self) -> str:
        """The table's pairing question on the shared screen now ("" when none)."""
        banner = self.app.scene.view.banner if self.app.scene else None
        return banner.text if banner is not None and "? OK" in banner.text else ""


class Phone:
    """A phone's requests, as the page's script makes them (over HTTPS, the device's
    certificate trusted as a careful player would after comparing its fingerprint)."""

    def __init__(self, base: str, cafile: Path | None, *, source: str | None = None) -> None:
        self.source = (source, 0) if source else None
        scheme, rest = base.split("://")
        self.host, port = rest.strip("/").split(":")
        self.port = int(port)
        self.tls = None
        if scheme == "https":
            self.tls = ssl.create_default_context(cafile=str(cafile))
            self.tls.check_hostname = False  # the certificate names the device, not an address
        self.secret: str | None = None

    def request(self, method: str, path: str, body: Any = None,
                secret: str | None = None) -> tuple[int, Any]:
        conn: http.client.HTTPConnection
        if self.tls is not None:
            conn = http.client.HTTPSConnection(self.host, self.port, context=self.tls,
                                               timeout=30, source_address=self.source)
        else:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=30,
                                              source_address=self.source)
        headers = {"Content-Type": "application/json"}
        secret = secret if secret is not None else self.secret
        if secret:
            headers["X-Seat"] = secret
        try:
            # Padded as the page pads them: every body the same length on the wire.
            text = json.dumps(body).ljust(120) if body is not None else None
            conn.request(method, path, text, headers)
            resp = conn.getresponse()
            raw = resp.read()
            return resp.status, json.loads(raw) if raw else None
        finally:
            conn.close()

    def ask(self, seat: int) -> dict[str, Any]:
        status, got = self.request("POST", "/api/pair", {"seat": seat})
        assert status == 200, status
        return got

    def claim(self, seat: int, token: str) -> tuple[int, Any]:
        """What the page does when it was opened from a seat's QR code."""
        status, got = self.request("POST", "/api/claim", {"seat": seat, "token": token})
        if status == 200:
            self.secret = got["secret"]
        return status, got

    def scan(self, url: str) -> tuple[int, Any]:
        """Open a seat's QR code, as the page does with the address's ``#seat.token``."""
        seat, token = url.split("#", 1)[1].split(".", 1)
        return self.claim(int(seat), token)

    def collect(self, rid: str) -> tuple[int, Any]:
        status, got = self.request("GET", f"/api/pair/{rid}")
        if status == 200 and "secret" in got:
            self.secret = got["secret"]
        return status, got

    def page(self, after: int = 0) -> tuple[int, Any]:
        return self.request("GET", f"/api/page?after={after}")

    def tap(self, **body: Any) -> int:
        return self.request("POST", "/api/tap", body)[0]


def pair(device: Device, phone: Phone, seat: int) -> None:
    """The whole pairing: the phone asks, the table offers the seat (its button on the
    setup, the Phones page in a game), the question names the phone's code, OK confirms
    it, the phone collects."""
    asked = phone.ask(seat)
    device.until(lambda: any(r.rid == asked["rid"]
                             for r in device.phones.bridge.pairings.waiting()))
    device.offer(seat)
    device.until(lambda: asked["code"] in device.question())
    device.press(Button.OK)
    device.until(lambda: phone.collect(asked["rid"])[1].get("secret"))
    device.close_phones_page()


# The certificate the first device of this test process made at its first start (openssl,
# an RSA key: up to a second of CPU): every later device starts with it on its card, as a
# device does after its first start. tests/test_phones_wire.py makes one on purpose.
_CERTIFICATE: dict[str, bytes] = {}


def _certificate_kept(data: Path) -> None:
    """After the first device: give this one the certificate the first one made."""
    if _CERTIFICATE:
        data.mkdir(parents=True, exist_ok=True)
        for name, content in _CERTIFICATE.items():
            (data / name).write_bytes(content)
        (data / KEY_NAME).chmod(0o600)


def _certificate_made(data: Path) -> None:
    if not _CERTIFICATE and (data / CERT_NAME).exists() and (data / KEY_NAME).exists():
        _CERTIFICATE.update({name: (data / name).read_bytes() for name in (CERT_NAME,
                                                                            KEY_NAME)})


@contextmanager
def running_device(tmp_path: Path, *, names: tuple[str, ...] = ("Ann", "Ben"),
                   pool: str = "entered", rounds: int = 1, tls: bool = True,
                   seed: int = 5, clock: SteppedClock | None = None,
                   timer: bool = False, language: str = "en",
                   pods: bool = False) -> Iterator[Device]:
    """The device in setup, its loop running, its phones served on 127.0.0.1 (on ``clock``
    when given, else the real one); with ``pods``, its seat pods too, on the bus the
    caller's ``coda_pi.pods.start.BUS_OPENER`` opens."""
    config = Config(data_dir=tmp_path / "data", screen=ScreenConfig(language=language),
                    pods=PodsConfig(enabled=pods))
    setup = SetupDefaults(names=names, players=len(names), rounds=rounds, pool=pool,  # type: ignore[arg-type]
                          timer=timer, language=language)
    options = DeviceOptions(config=config, size=(480, 320), fullscreen=False, resume=False,
                            setup=setup, bounce_time=None, gpio=False, sound=False)
    app = build_app(options, rng=random.Random(seed), explain=lambda text: None, clock=clock)
    if tls:
        _certificate_kept(tmp_path / "data")
    phones = start_phones(app.queue, tmp_path / "data", port=0, host="127.0.0.1", tls=tls)
    assert phones is not None
    if tls:
        _certificate_made(tmp_path / "data")
    app.phones = phones
    # As build_app joins them: a seat with a phone is the phones', the pods come second.
    app.companion = (phones.bridge if app.companion is None
                     else Companions(phones.bridge, app.companion))
    app.referee.attach_seat_screens(phones.bridge)
    stop = threading.Event()
    loop = threading.Thread(target=app.run, kwargs={"until": stop.is_set}, daemon=True)
    loop.start()
    try:
        device = Device(app, phones)
        device.until(lambda: app.scene is not None)  # the loop's first frame is drawn
        yield device
    finally:
        stop.set()
        app.queue.wake()
        loop.join(10)
        phones.close()
        app.close()
        pygame.quit()


def to_seat_one_s_draw(device: Device) -> tuple[Phone, Phone]:
    """Two phones paired, a device-dealt game dealt on them, seat 1 to draw."""
    ann, ben = device.phone(), device.phone()
    pair(device, ann, 0)
    pair(device, ben, 1)
    device.press(Button.OK)
    device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
    for seat, phone in ((0, ann), (1, ben)):
        phone.tap(kind="key", key="ok")
        phone.tap(kind="key", key="ok")
        device.until(lambda s=seat: not isinstance(v := device.app.scene.view.screen,
                                                   DealView) or v.seat != s)
    device.until(lambda: isinstance(s := device.app.scene.view.screen, TurnView)
                 and s.step is TurnStep.CHOOSE_COLOR and s.seat == 0)
    return ann, ben

"""A walk through the seat page's screens on a real device with phones in chromium: choosing
a seat, pairing, the deal, a turn (colour, attack, number), another seat's wait, and
Mastermind's code and rows. At each, ``visit(name, tab)`` is called: the tests check tap
targets and screen-reader names there, ``tools/phone-screens`` saves the screenshots in
docs/screens/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from club_browser import Browser
from phone_tabs import PhoneTab
from phones_device import Device, running_device

from coda_pi import i18n
from coda_pi.referee.mastermind.views import MastermindPublicView, MastermindStep
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import DealView, SetupView, TurnStep, TurnView

Visit = Callable[[str, PhoneTab], None]
NAMES = ("Ann", "Ben", "Cy", "Di")


def synced(device: Device, tabs: list[PhoneTab]) -> None:
    bridge = device.phones.bridge
    device.until(lambda: bridge.published >= bridge.taken)
    for seat, tab in enumerate(tabs):
        device.until(lambda s=seat, t=tab: t.seen() >= bridge._pages.get(s, (0,))[0], 15)


def _pair(device: Device, tabs: list[PhoneTab], visit: Visit | None = None) -> None:
    for seat, tab in enumerate(tabs):
        device.until(lambda t=tab: t.js("!!document.querySelector('[data-seat]')"))
        if seat == 0 and visit is not None:
            visit("choose-seat", tab)
        tab.click(f'[data-seat="{seat}"]')
        device.until(lambda t=tab: t.js("!!document.getElementById('pair-code')"))
        if seat == 0 and visit is not None:
            visit("pairing", tab)
        device.until(lambda s=seat: any(r.seat == s for r in
                                        device.phones.bridge.pairings.waiting()))
        device.seat(seat)
        device.press(Button.OK)  # "Seat N to phone 37?" yes
        device.until(lambda t=tab: t.seen() > 0, 15)


def press(device: Device, button: Button) -> None:
    """A press and release on the device, and the loop done with both."""
    bridge = device.phones.bridge
    before = bridge.taken
    device.press(button)
    device.until(lambda: bridge.published >= before + 2)


def click(device: Device, tab: PhoneTab, selector: str) -> None:
    """A tap on the phone, and the loop done with it."""
    bridge = device.phones.bridge
    before = bridge.taken
    assert tab.click(selector), selector
    device.until(lambda: bridge.published >= before + 1)


def _screen(device: Device) -> object:
    return device.app.referee.view().screen


def walk_coda(device: Device, browser: Browser, visit: Visit) -> None:
    tabs = [PhoneTab(browser, device.base) for _ in NAMES]
    _pair(device, tabs, visit)
    press(device, Button.OK)  # Start
    device.until(lambda: isinstance(_screen(device), DealView))
    for seat, tab in enumerate(tabs):  # each looks at its dealt row: any mix, then Done
        device.until(lambda s=seat: isinstance(sc := _screen(device), DealView)
                     and sc.seat == s)
        synced(device, tabs)
        if seat == 0:
            visit("deal", tab)
        for _ in range(2):
            synced(device, tabs)
            click(device, tab, '[data-key="ok"]')
    device.until(lambda: isinstance(_screen(device), TurnView))
    synced(device, tabs)
    visit("turn-colour", tabs[0])
    visit("waiting", tabs[2])
    click(device, tabs[0], '[data-colour="dark"]')
    device.until(lambda: getattr(_screen(device), "step", None) is TurnStep.TARGET)
    synced(device, tabs)
    visit("turn-attack", tabs[0])
    click(device, tabs[0], '[data-attack="1:1"]')
    device.until(lambda: getattr(_screen(device), "step", None) is TurnStep.VALUE)
    synced(device, tabs)
    visit("turn-number", tabs[0])
    visit("attacked", tabs[1])


def start_mastermind(device: Device, browser: Browser, *, audit: bool = False
                     ) -> list[PhoneTab]:
    """Two phones paired, the setup turned to Mastermind on the device (``audit``: its
    mode where the maker counts the key pegs), and started."""
    tabs = [PhoneTab(browser, device.base) for _ in range(2)]
    _pair(device, tabs)

    def item() -> str:
        screen = _screen(device)
        assert isinstance(screen, SetupView)
        return screen.items[screen.cursor].key

    def to(key: str) -> None:
        for _ in range(12):
            if item() == key:
                return
            press(device, Button.PREV)
        raise AssertionError(f"no {key} in the setup")

    to("game")
    press(device, Button.OK)
    press(device, Button.PREV)  # Coda, Coda with dashes, Mastermind: round to Mastermind
    press(device, Button.OK)
    device.until(lambda: "Mastermind" in device.app.scene.view.title)
    if audit:
        while _screen(device).items[_screen(device).cursor].label != "Mode":  # type: ignore[attr-defined]
            press(device, Button.PREV)
        press(device, Button.OK)
        press(device, Button.NEXT)  # scores, audit, solo: to audit
        press(device, Button.OK)
    to("Start")
    press(device, Button.OK)
    return tabs


def mastermind_step(device: Device) -> MastermindStep | None:
    view = device.app.referee.view()
    return view.screen.step if isinstance(view, MastermindPublicView) else None


def walk_mastermind(device: Device, browser: Browser, visit: Visit) -> None:
    tabs = start_mastermind(device, browser)

    def step() -> MastermindStep | None:
        return mastermind_step(device)

    device.until(lambda: step() is MastermindStep.SET_CODE)
    synced(device, tabs)
    visit("mastermind-code", tabs[0])
    for colour in "RGBY":
        synced(device, tabs)
        click(device, tabs[0], f'[data-peg="{colour}"]')
    device.until(lambda: step() is MastermindStep.GUESS)
    for colour in "GRBK":  # a first row, then the page shows the board with its keys
        synced(device, tabs)
        click(device, tabs[1], f'[data-peg="{colour}"]')
    synced(device, tabs)
    click(device, tabs[1], '[data-peg="R"]')
    synced(device, tabs)
    visit("mastermind-row", tabs[1])
    visit("mastermind-wait", tabs[0])


def walk_entry(device: Device, browser: Browser, visit: Visit) -> None:
    """The entered pool: a starting row tapped panel by panel, one taken back."""
    tabs = [PhoneTab(browser, device.base) for _ in range(2)]
    _pair(device, tabs)
    press(device, Button.OK)  # Start: Ann enters her row first
    synced(device, tabs)
    for tile in ("D3", "L5"):
        click(device, tabs[0], f'[data-tile="{tile}"]')
        synced(device, tabs)
    visit("entry", tabs[0])
    visit("entry-waiting", tabs[1])
    for tile in ("D8", "L10"):
        click(device, tabs[0], f'[data-tile="{tile}"]')
        synced(device, tabs)
    visit("entry-check", tabs[0])


WALKS = {"coda": walk_coda, "entry": walk_entry, "mastermind": walk_mastermind}
"""Each walk and its device's players (the device-dealt pool with the timer for Coda's)."""


def run_walk(tmp: Path, language: str, visit: Visit, walk: str, browser: Browser) -> None:
    """One walk (a key of ``WALKS``) on a fresh device, in ``language``, its phones in
    ``browser``: each walk its own device, so that the walks can run on different workers."""
    try:
        coda = walk == "coda"
        with running_device(tmp / walk, names=NAMES if coda else ("Ann", "Ben"),
                            pool="device" if coda else "entered", timer=coda,
                            language=language) as device:
            browser.call("Security.setIgnoreCertificateErrors", {"ignore": True})
            WALKS[walk](device, browser, visit)
    finally:
        i18n.set_language("en")

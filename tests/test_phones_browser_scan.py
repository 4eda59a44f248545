"""From scan to play in a real chromium, the steps counted (issue 32): the table offers a
seat on the Phones page, a QR reader (zbarimg) reads the code off the device's drawn
frame, and a fresh phone (a browser context that never saw the certificate) opens it:
the browser's warning, Advanced, Proceed, and the page is the seat's board; the next tap
is a move of the game. Four steps, the warning included; two where the phone saw the
certificate before."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pygame
import pytest
from club_browser import Browser, need_chromium
from phone_tabs import PHONES, PhoneTab
from phones_device import Device, running_device

from coda_pi.referee.pools.entered.views import EntryWaitView
from coda_pi.referee.shared.signals import Button

need_zbar = pytest.mark.skipif(shutil.which("zbarimg") is None,
                               reason="no zbarimg (apt install zbar-tools; .ci/run does)")


def _scan(device: Device, tmp_path: Path) -> str:
    """What a phone's camera reads off the device's screen now, on this machine: the code's
    host is the device's address for phones, which the test reaches on loopback (as
    localhost, so that chromium meets the certificate as a phone does). As a camera does,
    it reads frame after frame until one holds the seat's code (a frame may be caught while
    the loop draws it)."""
    device.settled()
    frame = tmp_path / "frame.png"

    def read() -> str:
        pygame.image.save(device.app.display.canvas, str(frame))
        found = subprocess.run(["zbarimg", "--quiet", "--raw", str(frame)],
                               capture_output=True, text=True, timeout=30).stdout.strip()
        # The seat's own code, not the bare address.
        return found if urlsplit(found).fragment else ""

    url = urlsplit(device.until(read))
    port = device.phones.server.port
    return url._replace(netloc=f"localhost:{port}").geturl()


def _steps_to_the_board(device: Device, tab: PhoneTab) -> int:
    """The phone's taps from the opened address to its board: Advanced and Proceed on the
    browser's warning when it shows."""
    steps = 0
    device.until(lambda: tab.js("document.readyState") == "complete", 15)
    device.until(lambda: tab.js("!!document.getElementById('details-button') || "
                                "!!document.getElementById('board')"), 15)
    if tab.js("!!document.getElementById('details-button')"):
        assert tab.click("#details-button")  # Advanced
        steps += 1
        device.until(lambda: tab.js("!!document.getElementById('proceed-link')"))
        assert tab.click("#proceed-link")  # Proceed
        steps += 1
    device.until(lambda: tab.js("window.codaSeen || 0") > 0, 15)  # the seat's own page
    return steps


@need_chromium
@need_zbar
def test_scan_advanced_proceed_play_four_steps(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        device.press(Button.OK)  # Start: Ann enters her row first
        device.until(lambda: isinstance(device.app.scene.view.screen, EntryWaitView))
        device.offer(0)  # the table: BACK, Phones, seat 1, OK (no step of the phone's)
        url = _scan(device, tmp_path)
        browser = Browser(tmp_path / "profile", *PHONES["tall"])
        try:
            tab = PhoneTab(browser, url)  # 1. scanned: the camera opens the address
            steps = 1 + _steps_to_the_board(device, tab)  # 2. Advanced, 3. Proceed
            assert device.phones.bridge.pairings.paired() == frozenset({0})
            assert "#" not in str(tab.js("window.location.href"))  # the token left the bar
            device.until(lambda: device.app.scene.view.overlay is None)  # the page closed
            device.until(lambda: tab.js("!!document.querySelector('[data-tile]')"), 15)
            bridge = device.phones.bridge
            before = bridge.taken
            assert tab.click('[data-tile="D5"]')  # 4. play: Ann's first panel, a dark 5
            steps += 1
            device.until(lambda: bridge.published > before)
            entry = device.app.referee.private_view_of(0)
            assert [(s.dark, s.label) for s in entry.slots][0] == (True, "5")
            assert steps == 4
            # A phone that accepted the certificate before (this one, at another game):
            # scan, then straight to play.
            device.offer(1)
            tab.call("Page.navigate", {"url": _scan(device, tmp_path)})
            device.until(lambda: device.phones.bridge.pairings.paired() == frozenset({0, 1}))
            assert _steps_to_the_board(device, tab) == 0
            device.until(lambda: "Ben" in str(tab.js("document.getElementById('who')"
                                                     ".textContent")), 15)
        finally:
            browser.close()

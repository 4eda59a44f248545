"""A refused tap in a real headless chromium: the page the tap was made from is one the
device has moved on from (the table opened its menu before the loop took the tap), so the
tap is not done, the page says why and shows what the device shows now, by itself."""

from __future__ import annotations

import json
from pathlib import Path

from club_browser import Browser, need_chromium
from phone_tabs import PhoneTab
from phones_device import running_device
from test_phones_tap_answered import held_loop

from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import DealView, MenuView


@need_chromium
def test_a_tap_from_a_page_the_device_left_is_refused_and_the_page_says_so(
        tmp_path: Path, phone_browser: Browser) -> None:
    with running_device(tmp_path, pool="device") as device:
        phone_browser.call("Security.setIgnoreCertificateErrors", {"ignore": True})
        phone = PhoneTab(phone_browser, device.base)
        device.until(lambda: phone.click('[data-seat="0"]'))
        device.until(lambda: phone.js("!!document.getElementById('pair-code')"))
        device.seat(0)
        device.until(lambda: device.question())
        device.press(Button.OK)  # "Seat 1 to phone ...?" yes
        device.until(lambda: phone.seen() > 0, 15)
        device.press(Button.OK)  # Start
        device.until(lambda: isinstance(device.app.scene.view.screen, DealView))
        device.until(lambda: phone.js("!!document.querySelector('[data-key=\"ok\"]')"), 15)
        device.settled()
        seen = phone.seen()
        with held_loop(device) as go:
            device.app.queue.put(Press(Button.BACK))  # the table's menu, first in the queue
            device.app.queue.put(Release(Button.BACK))
            assert phone.click('[data-key="ok"]')  # Done, on the face-down row's page
            device.until(lambda: len(device.app.queue) == 3)
            go.set()
        device.until(lambda: phone.js("document.getElementById('refused').textContent"), 15)
        assert "moved on" in phone.js("document.getElementById('refused').textContent")
        device.until(lambda: phone.seen() > seen)
        assert "menu" in phone.sentence()  # the page shows what the device shows now
        assert isinstance(device.app.scene.view.overlay, MenuView)
        record = next((tmp_path / "data").glob("coda-*.jsonl")).read_text().splitlines()
        assert "deal" not in [json.loads(line).get("event") for line in record]

"""A refused ask (429) says why and when to try again (issue 32, item 2): the server's
answer carries the reason and the seconds (and Retry-After), and the page, in a real
chromium, says it in the device's language instead of dropping back to the seat list
without a word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from club_browser import Browser, need_chromium
from phone_tabs import PHONES, PhoneTab
from phones_device import running_device

from coda_pi.phones.pairing import ASK_WINDOW, REQUEST_SECONDS


def test_a_refused_ask_says_why_and_in_how_many_seconds(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        phone = device.phone("127.0.0.2")
        phone.ask(0)
        phone.ask(1)
        status, got = phone.request("POST", "/api/pair", {"seat": 0})
        assert status == 429 and got["why"] == "waiting"
        assert 1 <= got["retry"] <= REQUEST_SECONDS
        for _n in range(3):  # six asks in the minute: the next is "too often"
            phone.request("POST", "/api/pair", {"seat": 0})
        status, got = phone.request("POST", "/api/pair", {"seat": 0})
        assert status == 429 and got["why"] == "often" and 1 <= got["retry"] <= ASK_WINDOW


SAID = {"en": r"This phone is already asking for a seat\. Try again in (\d+) seconds",
        "es": r"Este móvil ya está pidiendo un puesto\. Prueba otra vez en (\d+) segundos"}


@need_chromium
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_page_says_why_it_was_refused_and_when_to_try_again(
        tmp_path: Path, language: str) -> None:
    with running_device(tmp_path, language=language) as device:
        browser = Browser(tmp_path / "profile", *PHONES["tall"])
        try:
            browser.call("Security.setIgnoreCertificateErrors", {"ignore": True})
            tab = PhoneTab(browser, device.base)
            device.until(lambda: tab.js("!!document.querySelector('[data-seat]')"), 15)
            other = device.phone()  # the same address as the page: this phone asked twice
            other.ask(0)
            other.ask(1)
            assert tab.click('[data-seat="0"]')
            said = device.until(lambda: re.search(SAID[language], str(tab.js(
                "document.getElementById('status').textContent"))), 15)
            assert 1 <= int(said.group(1)) <= REQUEST_SECONDS
            assert tab.js("!!document.querySelector('[data-seat]')")  # the seats, to retry
        finally:
            browser.close()


@need_chromium
def test_a_used_code_opened_says_so_and_what_to_do(tmp_path: Path) -> None:
    with running_device(tmp_path) as device:
        device.offer(1)
        code = device.until(device.seat_code)
        assert device.phone().scan(code)[0] == 200  # Ben's phone was quicker
        browser = Browser(tmp_path / "profile", *PHONES["tall"])
        try:
            browser.call("Security.setIgnoreCertificateErrors", {"ignore": True})
            tab = PhoneTab(browser, device.base + "#" + code.split("#", 1)[1])
            device.until(lambda: "was used, or has run out" in str(tab.js(
                "document.getElementById('status').textContent")), 15)
            assert tab.js("!!document.querySelector('[data-seat]')")  # the long way, still
            assert device.phones.bridge.pairings.paired() == frozenset({1})
        finally:
            browser.close()

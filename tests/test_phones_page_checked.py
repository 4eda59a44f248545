"""The seat page in a real chromium at a small and a tall phone's size, touch emulated, in
English and Spanish: at every screen of the walk (tests/phone_screens.py) every control is
at least 44 CSS px each way, and every control has a name in the accessibility tree a
screen reader reads (DevTools' Accessibility.getFullAXTree)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from club_browser import Browser, need_chromium
from phone_screens import run_walk
from phone_tabs import MIN_TARGET, PHONES, PhoneTab

# The entered pool's and Mastermind's walks in one language only: the suite's CPU is shared
# (their words are checked in both by tests/test_phones_board.py). Each walk a test of its
# own, on its own device (the module's tests share one chromium), so that the workers share
# them out: the three English walks in one test were the suite's fourth longest.
WALKS = [("en", "coda"), ("en", "entry"), ("en", "mastermind"), ("es", "coda")]


@need_chromium
@pytest.mark.parametrize(("language", "walk"), WALKS, ids=[f"{lang}-{w}" for lang, w in WALKS])
def test_every_screen_fits_a_thumb_and_a_screen_reader(tmp_path: Path, language: str,
                                                       walk: str, phone_browser: Browser
                                                       ) -> None:
    seen: dict[str, int] = {}
    problems: list[str] = []

    def visit(name: str, tab: PhoneTab) -> None:
        for size, (width, height) in PHONES.items():
            tab.resize((width, height))
            assert tab.js("window.innerWidth") == width
            problems.extend(f"{name} at {size}: {what} (under {MIN_TARGET} px)"
                            for what in tab.small_targets())
            controls, unnamed = tab.unnamed_controls()
            problems.extend(f"{name} at {size}: a control without a name (node {node})"
                            for node in unnamed)
            # Nothing wider than the phone: no sideways scrolling to reach a control.
            assert tab.js("document.documentElement.scrollWidth") <= width, (name, size)
            seen[name] = controls
        tab.resize(PHONES["tall"])
        assert tab.sentence(), name  # the big sentence is there on every screen but pairing
        if name in ("turn-attack", "turn-number"):  # the guess timer as a clock: 1:20, not 80
            assert re.fullmatch(r"\d+:\d\d", tab.js("document.getElementById('timer')"
                                                   ".textContent")), name
        if language == "es" and name != "pairing":
            assert tab.js("document.documentElement.lang") == "es"

    run_walk(tmp_path, language, visit, walk, phone_browser)
    assert problems == []
    if walk == "coda":  # with the pages of pairing, which are the same in every walk
        expected = {"choose-seat", "pairing", "deal", "turn-colour", "turn-attack",
                    "turn-number", "waiting", "attacked"}
        assert expected <= set(seen)
        assert seen["turn-number"] >= 13  # twelve numbers and "Another panel", all named
        assert seen["turn-attack"] >= 9  # every standing panel of the three opponents
    elif walk == "entry":
        assert {"entry", "entry-waiting", "entry-check"} <= set(seen)
        assert seen["entry"] >= 25  # 24 panels to tap, and taking the last one back
    else:
        assert {"mastermind-code", "mastermind-row", "mastermind-wait"} <= set(seen)

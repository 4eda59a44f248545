"""A line of the config file that is not TOML is named on the device's first screen with a
reason its reader understands, in the screen's language: what is wrong with the line as a
person would say it ("a quote is not closed"), not the TOML reader's English ("Illegal
character '\\n'", "Invalid value"), which a Spanish screen showed inside its sentence."""

from __future__ import annotations

import pytest

from coda_pi.config import parse_config
from coda_pi.i18n import in_language, spoken

ENV = {"HOME": "/home/ann"}
# What the TOML reader says, in its own English, which must not reach a screen.
READER_WORDS = ("Invalid", "Illegal character", "Unterminated", "Unclosed", "Expected",
                "column")


def _problem(text: str, table: str, language: str = "en") -> str:
    _, problems = parse_config(text, env=ENV)
    with in_language(language):  # as the first screen and the doctor say it
        return spoken(next(p.message for p in problems if p.key == table))


@pytest.mark.parametrize(("text", "table", "line", "plain"), [
    # A Wi-Fi setting typed wrong: the access point's switch.
    ("[phones]\nenabled = true\nhotspot = ture\n", "phones", 3,
     "true, false, a number or text in quotes"),
    ("[phones]\nhotspot = yes\n", "phones", 2, "true, false, a number or text in quotes"),
    # A name whose closing quote was forgotten.
    ('[players]\nnames = ["Ann", "Ben]\n', "players", 2, "a quote is not closed"),
    ('[players]\nnames = ["Ann", "Ben"\n[rules]\nrounds = 3\n', "players", 2,
     "a list is not closed with ]"),
    ("[timer]\nfirst_seconds 30\n", "timer", 2, "a setting needs an = between its name and "
     "its value"),
    ("[timer]\nfirst_seconds = 30 s\n", "timer", 2, "after the value the line must end"),
])
def test_the_reason_is_said_plainly(text: str, table: str, line: int, plain: str) -> None:
    message = _problem(text, table)
    assert f"line {line}" in message
    assert plain in message
    assert not any(word in message for word in READER_WORDS), message


def test_a_spanish_screen_says_it_all_in_spanish() -> None:
    message = _problem("[phones]\nenabled = true\nhotspot = ture\n", "phones", "es")
    assert "línea 3" in message
    assert "true, false, un número o un texto entre comillas" in message
    assert not any(word in message for word in READER_WORDS), message
    quote = _problem('[players]\nnames = ["Ann", "Ben]\n', "players", "es")
    assert "falta cerrar unas comillas" in quote


def test_a_reason_it_does_not_know_still_names_the_line() -> None:
    # A \u escape that is not hex: no plain sentence is kept for it, so the line is named
    # and the reader's words are left out rather than shown half in English.
    message = _problem('[club]\nhost = "\\uZZZZ"\n', "club")
    assert "line 2" in message and "[club]" in message
    assert not any(word in message for word in READER_WORDS), message

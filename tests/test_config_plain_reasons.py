"""A line of the config file that is not TOML is named on the device's first screen with a
reason its reader understands, in the screen's language: what is wrong with the line as a
person would say it ("a quote is not closed"), not the TOML reader's English ("Illegal
character '\\n'", "Invalid value"), which a Spanish screen showed inside its sentence. And
where the table it costs changes what the players see ([phones], [players]), the notice says
what ("phones are off", not "its defaults are used") and the way back with the buttons
alone: an appliance at a table has no keyboard to edit the file with."""

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


# --- what a lost table means at the table, and how to get it back with the buttons ----------

TYPO = "[phones]\nenabled = ture\n"
QUOTE = '[players]\nnames = ["Ann", "Ben]\n'
MEANS = {("phones", "en"): ("phones are off", "Turn phones on"),
         ("phones", "es"): ("los móviles están apagados", "Activar los móviles"),
         ("players", "en"): ("Seat 1", "Names"),
         ("players", "es"): ("Puesto 1", "Nombres")}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("text", "table"), [(TYPO, "phones"), (QUOTE, "players")])
def test_a_lost_table_says_what_it_means_and_the_buttons_way_back(
        text: str, table: str, language: str) -> None:
    message = _problem(text, table, language)
    for words in MEANS[table, language]:
        assert words in message, message
    assert "defaults" not in message and "por defecto" not in message


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("text", [TYPO, QUOTE, "[phones]\nenabled = true\nhotspot = ture\n"])
def test_the_notice_is_whole_on_the_smallest_screen(tmp_path, text: str, language: str
                                                    ) -> None:
    import random

    import pygame

    from coda_pi.app import DeviceOptions, build_app
    from coda_pi.app.build import config_notices
    from coda_pi.config import Config, ScreenConfig
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.ui.screens import draw_scene
    from coda_pi.ui.text import recording_text

    _, problems = parse_config(text, env=ENV)
    config = Config(data_dir=tmp_path, screen=ScreenConfig(language=language))
    options = DeviceOptions(config=config,
                            size=(320, 240), fullscreen=False, resume=False, gpio=False,
                            sound=False, bounce_time=None, notices=config_notices(problems),
                            setup=SetupDefaults(players=2, language=language))
    with in_language(language):
        app = build_app(options, rng=random.Random(1), explain=lambda text: None)
        try:
            app.run(max_steps=1)
            assert app.scene.view.overlay is not None  # the notice, over the first screen
            with recording_text() as drawn:
                draw_scene(pygame.Surface((320, 240)), app.scene)
            assert [d.text for d in drawn if d.overflows] == []
            assert not [d.text for d in drawn if d.text.endswith("…")]
        finally:
            app.close()
            pygame.quit()


# --- a typo costs its own setting, not its table's others ---------------------------------


def test_a_typo_beside_good_settings_costs_only_its_own_setting() -> None:
    # The appliance's own access point, switched with a typo beside phones turned on: the
    # phones stay on, and the screen names the one setting lost and its line.
    config, problems = parse_config("[phones]\nenabled = true\nport = 9000\nhotspot = ture\n",
                                    env=ENV)
    assert config.phones.enabled is True and config.phones.port == 9000
    assert config.phones.hotspot is False
    [problem] = [p for p in problems if p.key == "phones"]
    message = spoken(problem.message)
    assert "line 4" in message and "hotspot" in message
    assert "phones are off" not in message
    with in_language("es"):
        spanish = spoken(problem.message)
    assert "línea 4" in spanish and "hotspot" in spanish
    assert not any(word in spanish for word in READER_WORDS), spanish


def test_two_typos_in_one_table_are_each_named_and_the_rest_is_read() -> None:
    config, problems = parse_config(
        "[timer]\nfirst_seconds = 30 s\nextra_seconds = 15\nenabled = flase\n", env=ENV)
    assert config.timer.extra_seconds == 15
    lines = sorted(spoken(p.message).split(" ")[1] for p in problems if p.key == "timer")
    assert lines == ["2", "4"]


@pytest.mark.parametrize("text", [
    # The pins are trusted only whole: a wrong pin can short an output.
    "[pins]\nseat1 = 5\nbuzzer = twelve\n",
    # A value over several lines cannot be cut into settings safely.
    '[players]\nnames = [\n  "Ann",\n  "Ben]\n',
])
def test_a_table_that_cannot_be_read_line_by_line_is_set_aside_whole(text: str) -> None:
    _, problems = parse_config(text, env=ENV)
    table = text[1:text.index("]")]
    [problem] = [p for p in problems if p.key == table and p.severity == "error"]
    assert "ignored" in spoken(problem.message)
    assert "other settings are read" not in spoken(problem.message)

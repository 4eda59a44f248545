"""The config file: where it is found, and a named message for every kind of mistake."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coda_pi.config import (
    DEFAULT_PINS,
    DISCOURAGED_PINS,
    PIN_KEYS,
    RESERVED_PINS,
    SCHEMA,
    SYSTEM_CONFIG,
    Config,
    PinConfig,
    default_data_dir,
    find_config,
    load_config,
    parse_config,
)
from coda_pi.referee.shared.signals import Button

EXAMPLE = Path(__file__).resolve().parent.parent / "firmware" / "config.example.toml"
ENV = {"HOME": "/home/ann"}


def parse(text: str):
    return parse_config(text, env=ENV)


def keys(problems, severity="error"):
    return [p.key for p in problems if p.severity == severity]


# --- the example file ------------------------------------------------------------------------


def test_example_file_loads_without_problems_and_equals_the_defaults():
    config, problems = load_config(EXAMPLE, env=ENV)
    assert problems == []
    assert config.source == EXAMPLE
    assert config.pins.as_dict() == dict(DEFAULT_PINS)
    assert config == Config(data_dir=default_data_dir(ENV), source=EXAMPLE)


def test_example_file_mentions_every_key():
    text = EXAMPLE.read_text()
    for table, table_keys in SCHEMA.items():
        assert f"[{table}]" in text
        for key in table_keys:
            assert re.search(rf"^#? ?{re.escape(key)} = ", text, re.M), f"{table}.{key} missing"


def test_example_file_says_what_the_timer_and_the_labels_really_do():
    # #14: each decision gets the first period then the extra one, and after a right guess the
    # clock starts again; the card labels are the Rainbow deck's (Da Vinci Code is Coda).
    text = " ".join(EXAMPLE.read_text().split())
    assert "Every decision" in text and "first_seconds, then # extra_seconds more" in text
    assert "After a right # guess the clock starts again from first_seconds" in text
    assert "Rainbow # deck" in text and "Da Vinci" not in text


# --- one test per kind of mistake --------------------------------------------------------------


def test_bad_toml_in_pins_names_the_line_and_keeps_only_the_buttons_on_their_defaults():
    config, problems = parse("[pins]\nok = \n")
    assert problems[0].key == "pins"
    assert "not valid TOML" in problems[0].message and "line 2" in problems[0].message
    # The pins the builder meant are unknown (issue 12, item 5): reading a button through
    # its pull-up is safe on any wiring, driving an output is not (issue 35).
    assert config.pins.button_pins() == {b: DEFAULT_PINS[b.value] for b in Button}
    assert config.pins.seat_led_pins() == () and config.pins.buzzer_pin is None
    assert "seat LEDs and the buzzer are off" in problems[-1].message
    assert str(problems[0]).startswith("pins: ")


def test_unknown_key_is_named_with_a_suggestion():
    config, problems = parse("[rules]\nbonsu = \"all\"\n")
    assert keys(problems) == ["rules.bonsu"]
    assert "did you mean 'bonus'" in problems[0].message
    assert config.rules.bonus == "hidden"


def test_unknown_section_is_named():
    _, problems = parse("[playrs]\nnames = [\"Ann\"]\n")
    assert keys(problems) == ["playrs"]
    assert "did you mean 'players'" in problems[0].message


def test_wrong_type_is_named_and_the_default_used():
    config, problems = parse("[sound]\nenabled = \"yes\"\n[timer]\nfirst_seconds = 1.5\n")
    assert keys(problems) == ["sound.enabled", "timer.first_seconds"]
    assert "true or false" in problems[0].message
    assert "whole number" in problems[1].message
    assert config.sound.enabled is True
    assert config.timer.first_seconds == 60


def test_out_of_range_values_are_named_and_the_default_used():
    config, problems = parse(
        "[rules]\nrounds = 2\n[screen]\nrotation = 45\n[timer]\nextra_seconds = 0\n"
        "[pins]\nok = 40\n"
    )
    assert keys(problems) == ["pins.ok", "screen.rotation", "rules.rounds", "timer.extra_seconds"]
    assert all("out of range" in p.message for p in problems if p.severity == "error")
    assert config.rules.rounds == 1
    assert config.screen.rotation == 0
    assert config.timer.extra_seconds == 20


def test_duplicate_pin_names_both_keys_and_switches_the_outputs_off():
    config, problems = parse("[pins]\nok = 5\n")  # 5 is seat1's default
    errors = [p for p in problems if p.severity == "error"]
    assert [p.key for p in errors] == ["pins.ok"]
    assert "pins.seat1" in errors[0].message
    # OK is where the file says; seat 1's default pin is the one OK took, so seat 1 is not
    # read, and it is said; nothing is driven.
    assert config.pins.button_pins()[Button.OK] == 5
    assert Button.SEAT_1 not in config.pins.button_pins()
    assert config.pins.seat_led_pins() == ()
    assert config.pins.buzzer_pin is None
    said = next(p.message for p in problems if p.key == "pins")
    assert "seat LEDs and the buzzer are off" in said and "pins.seat1" in said


@pytest.mark.parametrize("pin", sorted(RESERVED_PINS))
def test_reserved_pin_is_refused_with_the_reason(pin):
    config, problems = parse(f"[pins]\nbuzzer = {pin}\n")
    assert keys(problems) == ["pins.buzzer"]
    assert "reserved" in problems[0].message
    assert RESERVED_PINS[pin] in problems[0].message
    assert config.pins.buzzer_pin is None and config.pins.seat_led_pins() == ()
    assert config.pins.button_pins() == {b: DEFAULT_PINS[b.value] for b in Button}


@pytest.mark.parametrize("pin", sorted(DISCOURAGED_PINS))
def test_i2c_and_uart_pins_warn_but_work(pin):
    config, problems = parse(f"[pins]\nback = {pin}\n")
    assert keys(problems) == []
    assert keys(problems, "warning") == ["pins.back"]
    assert config.pins.gpio_enabled is True
    assert config.pins.button_pins()[Button.BACK] == pin


def test_pin_given_as_text_keeps_its_button_on_the_default_pin_and_the_outputs_off():
    config, problems = parse("[pins]\nseat2 = \"GPIO6\"\n")
    assert keys(problems) == ["pins.seat2"]
    assert config.pins.button_pins()[Button.SEAT_2] == DEFAULT_PINS["seat2"]
    assert config.pins.seat_led_pins() == ()


def test_screen_size_needs_both_sides():
    config, problems = parse("[screen]\nwidth = 480\n")
    assert keys(problems) == ["screen.width"]
    assert (config.screen.width, config.screen.height) == (None, None)


def test_too_many_or_bad_player_names():
    config, problems = parse('[players]\nnames = ["Ann", 3, "", "Dee", "Eve"]\n')
    assert keys(problems) == ["players.names", "players.names[1]", "players.names[2]"]
    assert config.players.names == ("Ann", "Seat 2", "Seat 3", "Dee")


# --- values that are right ---------------------------------------------------------------------


def test_good_file_is_used():
    config, problems = parse(
        '[pins]\nok = 2\nseat1 = 14\n[screen]\nwidth = 480\nheight = 320\nrotation = 180\n'
        'fullscreen = true\n[players]\nnames = ["Ann", "Ben"]\n'
        '[rules]\ndashes = true\nrounds = 3\nbonus = "all"\nlabels = "cards"\n'
        '[timer]\nenabled = false\nfirst_seconds = 90\nextra_seconds = 30\n'
        '[data]\ndirectory = "/srv/coda"\n'
    )
    assert keys(problems) == []
    assert keys(problems, "warning") == ["pins.seat1", "pins.ok"]
    assert config.pins.button_pins()[Button.OK] == 2
    assert (config.screen.width, config.screen.height, config.screen.rotation) == (480, 320, 180)
    assert config.screen.fullscreen is True
    assert config.players.names == ("Ann", "Ben", "Seat 3", "Seat 4")
    assert config.rules.rounds == 3 and config.rules.dashes and config.rules.bonus == "all"
    assert config.timer == type(config.timer)(False, 90, 30)
    assert config.data_dir == Path("/srv/coda")


def test_pin_accessors_follow_the_button_enum():
    pins = PinConfig()
    assert set(pins.button_pins()) == set(Button)
    assert pins.button_pins()[Button.SEAT_3] == DEFAULT_PINS["seat3"]
    assert pins.seat_led_pins() == tuple(DEFAULT_PINS[f"seat{i}_led"] for i in range(1, 5))
    assert pins.buzzer_pin == DEFAULT_PINS["buzzer"]


def test_default_pins_are_distinct_and_free_of_reserved_ones():
    assert set(DEFAULT_PINS) == set(PIN_KEYS)
    assert len(set(DEFAULT_PINS.values())) == len(DEFAULT_PINS)
    assert not set(DEFAULT_PINS.values()) & set(RESERVED_PINS)
    assert not set(DEFAULT_PINS.values()) & set(DISCOURAGED_PINS)


@given(st.dictionaries(st.sampled_from(PIN_KEYS), st.integers(-5, 40), max_size=6))
def test_any_pin_map_runs_only_when_it_is_safe(overrides):
    body = "\n".join(f"{k} = {v}" for k, v in overrides.items())
    config, problems = parse(f"[pins]\n{body}\n")
    pins = {**DEFAULT_PINS, **overrides}
    safe = (
        all(0 <= p <= 27 and p not in RESERVED_PINS for p in pins.values())
        and len(set(pins.values())) == len(pins)
    )
    assert config.pins.drives_outputs is safe
    assert (keys(problems) == []) is safe
    if safe:
        assert config.pins.as_dict() == pins
    else:
        # Nothing is driven when the map is wrong; the buttons still read, each on a pin of
        # its own that the file names for no other part and the screen does not use.
        assert config.pins.seat_led_pins() == () and config.pins.buzzer_pin is None
        read = config.pins.button_pins()
        assert len(set(read.values())) == len(read)
        for button, pin in read.items():
            assert pin not in RESERVED_PINS and 0 <= pin <= 27
            assert all(pin != v for k, v in overrides.items() if k != button.value)


# --- where the file is found ----------------------------------------------------------------


def test_no_file_anywhere_means_defaults_and_no_problems(tmp_path):
    env = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    if SYSTEM_CONFIG.exists():
        pytest.skip(f"{SYSTEM_CONFIG} exists on this machine")
    config, problems = load_config(None, env=env)
    assert problems == [] and config.source is None
    assert config.data_dir == tmp_path / ".local" / "share" / "coda-pi"


def test_user_file_then_env_then_explicit(tmp_path):
    user = tmp_path / "cfg" / "coda-pi" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text("[rules]\nrounds = 3\n")
    other = tmp_path / "other.toml"
    other.write_text("[rules]\ndashes = true\n")
    env = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    assert find_config(None, env) == user
    assert load_config(None, env=env)[0].rules.rounds == 3
    env_with_var = {**env, "CODA_PI_CONFIG": str(other)}
    assert load_config(None, env=env_with_var)[0].rules.dashes is True
    explicit = load_config(user, env=env_with_var)[0]
    assert explicit.rules.rounds == 3 and explicit.rules.dashes is False


def test_missing_explicit_file_is_a_problem_not_a_crash(tmp_path):
    config, problems = load_config(tmp_path / "nope.toml", env=ENV)
    assert len(problems) == 1 and "does not exist" in problems[0].message
    # A button-only device must come up with its buttons working: the default pins (issue
    # 22; a file that is there but unreadable or wrong still switches GPIO off).
    assert config.pins == PinConfig() and config.pins.gpio_enabled
    assert str(problems[0]).count("config file") == 1


def test_data_dir_defaults_follow_the_environment(tmp_path):
    assert default_data_dir({"HOME": "/home/ann"}) == Path("/home/ann/.local/share/coda-pi")
    assert default_data_dir({"HOME": "/h", "XDG_DATA_HOME": "/x"}) == Path("/x/coda-pi")
    assert default_data_dir({"CODA_PI_DATA": "/var/lib/coda-pi"}) == Path("/var/lib/coda-pi")
    cfg = tmp_path / "c.toml"
    cfg.write_text('[data]\ndirectory = "records"\n')
    assert load_config(cfg, env=ENV)[0].data_dir == tmp_path / "records"


@pytest.mark.parametrize("where", ["/proc", "/proc/self/records", "/sys/kernel", "/dev",
                                   "/dev/shm/coda"])
def test_a_data_directory_in_the_kernels_own_file_systems_is_refused(where):
    # Issue 22, item 12: `directory = "/proc"` was taken without a word, and every game lost.
    config, problems = parse(f'[data]\ndirectory = "{where}"\n')
    assert config.data_dir == default_data_dir(ENV)
    assert keys(problems) == ["data.directory"]
    assert where in str(problems[0]) and "not a place for game records" in str(problems[0])


def test_a_data_directory_that_is_a_file_is_refused_and_a_new_one_taken(tmp_path):
    cfg = tmp_path / "c.toml"
    (tmp_path / "records").write_text("a file, not a directory")
    cfg.write_text('[data]\ndirectory = "records"\n')
    config, problems = load_config(cfg, env=ENV)
    assert config.data_dir == default_data_dir(ENV)
    assert keys(problems) == ["data.directory"] and "is a file" in str(problems[0])
    (tmp_path / "fresh").mkdir()
    cfg.write_text('[data]\ndirectory = "fresh"\n')
    assert load_config(cfg, env=ENV) == (Config(data_dir=tmp_path / "fresh", source=cfg), [])


def test_a_data_directory_named_too_long_for_the_file_system_is_said_not_raised() -> None:
    """A name of 5,000 characters makes Path.exists() raise ENAMETOOLONG: doctor and the
    device must say the directory cannot be used, never crash on it."""
    from pathlib import Path

    from coda_pi.config import unfit_data_dir

    why = unfit_data_dir(Path("/tmp/" + "x" * 5000))
    assert why is not None
    text = str(why)
    assert "cannot hold game records" in text and len(text) < 300, text


@pytest.mark.parametrize("blank", ["", " \t\n", "\r\n\r\n", "\n\n  \t"])
def test_a_blank_config_file_means_every_default_without_a_problem(blank):
    config, problems = parse_config(blank)
    assert config == Config() and problems == []


@pytest.mark.parametrize("not_blank", ["\r", "\x0b", "\x0c"])
def test_a_file_of_characters_toml_does_not_take_as_blank_is_still_a_problem(not_blank):
    # An empty file skips the TOML parser (its import is a start's cost): only TOML's own
    # blanks make a file empty.
    _, problems = parse_config(not_blank)
    assert problems

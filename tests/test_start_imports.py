"""What ``coda-pi run`` loads before its first frame: only what that frame needs.

Every module imported costs start-up time, some 10-15 times more on a Pi Zero than here
(issue 13; bench/bench_startup.py measures it). Each test starts the real command in a
fresh process (SDL's dummy driver), stops it once the loop's first pass has drawn the first
frame, and looks at what the process has imported by then.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPLIANCE_CONFIG = ROOT / "firmware" / "config.example.toml"

# The command, stopped after the loop's first pass: the modules, the frames drawn, whether
# GPIO pins were opened and what the screen shows, as one JSON line.
CHILD = """
import gc, json, sys
from coda_pi.cli import main  # first, as the coda-pi script does
from coda_pi.app import loop

def first_frame(app, **_):
    app.update()
    print(json.dumps({
        "collecting": gc.isenabled(),  # paused for the start only
        "modules": sorted(name for name, module in sys.modules.items() if module is not None),
        "frames": app.stats.frames,
        "gpio": app.gpio is not None,
        "screen": type(app.referee.view().screen).__name__,
        "catalogs": sorted(sys.modules["coda_pi.i18n"]._catalogs),
        # A game's views (its table, a turn, the standings) made for the setup's frame.
        "game_views_made": sorted(name for name in ("TableView", "TurnView", "FinalView")
                                  if name in vars(sys.modules["coda_pi.referee.shared.views"])
                                  or "coda_pi.referee.shared.game_views" in sys.modules),
    }), file=sys.__stdout__, flush=True)
    # What the loop does before its first sleep: the work the first frame did not need. The
    # pins first and alone: what they bring is gpiozero's. Then the rest (a game's screens).
    later = app.later
    app.later = [job for job in later if job.__name__ == "open_pins"]
    app.do_later()
    # gpiozero's smoothing and the Pi's own sensors: not coda-pi's
    # (devices/gpiozero_import.py)
    unused = [m for m in ("statistics", "subprocess", "colorzero", "fractions", "decimal")
              if m in sys.modules]
    app.later = [job for job in later if job.__name__ != "open_pins"]
    app.do_later()
    pressed = None
    if app.gpio is not None:
        from gpiozero.devices import Device
        from coda_pi.config import load_config
        pin = next(iter(load_config(None)[0].pins.button_pins().values()))
        Device.pin_factory.pin(pin).drive_low()  # a button pressed
        pressed = [type(i).__name__ for i in app.queue.drain()]
    print(json.dumps({
        "frames": app.stats.frames, "gpio": app.gpio is not None, "pressed": pressed,
        "leds_on_screen": app.show_led_strip,
        "unused": unused,
        "modules": sorted(name for name, module in sys.modules.items() if module is not None),
    }), file=sys.__stdout__, flush=True)

loop.App.run = first_frame
# The command line given, else the one the tests below mostly use.
sys.exit(main(json.loads(sys.argv[2]) if len(sys.argv) > 2 else
              ["run", "--window", "--size", "480x320", "--data-dir", sys.argv[1]]))
"""

# Not needed for the first frame of a new Coda game: the other commands, the club, the
# other game, the screens of later moments, and importlib.metadata (which gpiozero and
# pygame's pkg_resources would load only to look names up).
NOT_AT_START = (
    "importlib.metadata", "pkg_resources", "email", "hashlib", "difflib", "importlib.resources",
    # argparse's terminal width and a scratch file each brought these (coda_pi/cli/,
    # app/sdl_noise.py).
    "shutil", "tempfile", "bz2", "lzma",
    # A text wrapper no screen used (ui/text.py's wrap_words) brought it.
    "textwrap",
    "coda_pi.demo", "coda_pi.club", "coda_pi.cli.demo", "coda_pi.cli.analyze",
    "coda_pi.cli.replay", "coda_pi.cli.results", "coda_pi.cli.hub", "coda_pi.cli.club",
    "coda_pi.cli.mastermind", "coda_pi.cli.doctor", "coda_pi.doctor",
    "coda_pi.referee.mastermind.referee", "coda_pi.referee.mastermind.views",
    "coda_pi.rules.mastermind_strategy", "coda_pi.rules.mastermind_deduction",
    "coda_pi.ui.mastermind_screens", "coda_pi.ui.entry_screens", "coda_pi.ui.review_screen",
    "coda_pi.referee.shared.review", "coda_pi.rules.deduction", "coda_pi.rules.deduction_count",
    "coda_pi.referee.pools.entered.mode", "coda_pi.referee.pools.entered.views",
    "coda_pi.referee.pools.table.mode", "coda_pi.referee.pools.table.views",
    "coda_pi.ui.table_pool_screens",
    # Coda is the game chosen: Mastermind's rules and setup wait until it is chosen.
    "coda_pi.rules.mastermind", "coda_pi.rules.mastermind_events",
    "coda_pi.rules.mastermind_pegs", "coda_pi.referee.mastermind",
    # Phones and the club are off: neither their servers nor MQTT load; nor the pods' bus.
    "coda_pi.phones", "paho", "coda_pi.pods.bus",
    # The sound: a piezo on a Pi; on a laptop the mixer opens when a cue first plays.
    "pygame.mixer", "pygame.mixer_music",
    # Nor pygame's modules that no frame is drawn with.
    "pygame.sysfont", "pygame.sprite", "pygame.threads", "pygame.scrap",
    # logging: nothing is logged for the first frame (coda_pi/log_later.py).
    "logging",
    # queue (with heapq): the fsync thread's queue is _queue's SimpleQueue, which it re-exports.
    "queue", "heapq",
    # unicodedata: only a text that is not plain asks it (coda_pi/safe_text.py).
    "unicodedata",
    # signal: the stop signals are set with _signal's functions; the module names one taken.
    "signal",
    # A run that draws nothing (the demo's, the tests') stands in for the screen with it.
    "coda_pi.app.undrawn",
    # gpiozero's other devices: its __init__ would import them all (coda_pi/import_later.py).
    "gpiozero.boards", "gpiozero.spi_devices", "gpiozero.internal_devices",
)

# A game's screens and what they share: the setup menu shows none of them. They are imported
# once the first frame is shown, before the loop first sleeps (referee/coda/states.py), so
# that the first press does not wait for them.
PLAY = (
    "coda_pi.referee.coda.standings", "coda_pi.referee.coda.deal",
    "coda_pi.referee.coda.deal_colours", "coda_pi.referee.coda.turn",
    "coda_pi.referee.coda.verdicts", "coda_pi.rules.time_up",
    "coda_pi.referee.shared.public", "coda_pi.referee.shared.private",
    "coda_pi.referee.shared.timer", "coda_pi.replay", "coda_pi.rules.games",
    # The views of a game in play: eleven frozen classes the setup menu does not show.
    "coda_pi.referee.shared.game_views",
    # What deals: the setup's frame asks the system's randomness for a seed only.
    "random",
    # The table's drawing and the score tables: no setup screen shows them.
    "coda_pi.ui.table", "coda_pi.ui.scores",
    # The game's own rules: the setup's dealer is made from a seed, with none of them.
    "coda_pi.rules.coda", "coda_pi.rules.coda_events", "coda_pi.rules.legal",
    "coda_pi.rules.observe",
    # The pool mode the setup starts a game in ("entered": the default and the appliance's)
    # and its screens: the setup's OK, most often the first press, would otherwise import
    # them (some 25 ms here with every mode, 0.4 s on a Pi Zero).
    "coda_pi.referee.pools.entered.mode", "coda_pi.ui.entry_screens",
    "coda_pi.rules.table_fit",
    # The tones and tunes: a laptop's mixer plays them from its first cue, a Pi's piezo
    # once its pins are open.
    "coda_pi.devices.buzzer", "coda_pi.devices.tunes",
    # What undo says and refuses: the BACK menu's, in a game.
    "coda_pi.referee.coda.closed_rounds", "coda_pi.referee.shared.describe",
)

# dataclasses imports inspect (with ast and dis) only to write a docstring for a class
# that has none (coda_pi/import_later.py): no class of the first frame is one. On the
# appliance gpiozero imports it for its callbacks.
NOT_ON_A_LAPTOP = ("inspect", "ast", "dis")


def first_frame(tmp_path: Path, config: Path, argv: list[str] | None = None, **env: str
                ) -> dict:
    environment = {k: v for k, v in os.environ.items()
                   if not k.startswith(("GPIOZERO_", "PIGPIO_"))}
    environment.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                       PYGAME_HIDE_SUPPORT_PROMPT="1", CODA_PI_CONFIG=str(config), **env)
    data = tmp_path / "data"
    data.mkdir()
    given = [] if argv is None else [json.dumps(argv)]
    done = subprocess.run([sys.executable, "-c", CHILD, str(data), *given], cwd=ROOT,
                          env=environment,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    first, later = (json.loads(line) for line in done.stdout.splitlines()[:2])
    return {**first, "later": later}


def loaded(report: dict, name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in report["modules"])


def test_a_laptop_start_draws_the_setup_without_gpiozero_or_the_other_screens(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("")  # every default: the pin map too, so the pins are tried
    report = first_frame(tmp_path, config)
    assert report["frames"] == 1 and report["screen"] == "SetupView"
    assert report["collecting"], "the garbage collector runs again once the device is built"
    assert not loaded(report, "tomllib"), "an empty config file needs no TOML parser"
    assert not loaded(report, "datetime"), "nor an empty data directory any date"
    assert not loaded(report, "coda_pi.results_cache"), "nor any record's summary"
    # Its plain options (a window, a size, a directory) are read without argparse (nor
    # gettext, which argparse imports): about 3 ms of the start here.
    assert not [name for name in ("argparse", "gettext") if loaded(report, name)]
    assert report["catalogs"] == [], "English, the source, is drawn without its catalog"
    assert report["game_views_made"] == [], "the setup shows no game's table, turn or scores"
    assert not report["gpio"]
    assert loaded(report, "pygame") and loaded(report, "coda_pi.referee.coda.referee")
    early = [name for name in (*NOT_AT_START, *NOT_ON_A_LAPTOP, *PLAY) if loaded(report, name)]
    assert not early, f"imported before the first frame: {early}"
    missing = [name for name in PLAY if not loaded(report["later"], name)]
    assert not missing, f"left for the first press to import: {missing}"
    if any(name.startswith(("gpiochip", "gpiomem")) for name in os.listdir("/dev")):
        pytest.skip("this machine has GPIO devices, so gpiozero is rightly tried")
    assert not loaded(report, "gpiozero"), "no pin factory can load here"
    # pygame's sysfont brought it (gpiozero does, on a Pi).
    assert not loaded(report, "subprocess")


def test_the_appliance_opens_its_pins_without_importlib_metadata(tmp_path):
    # The appliance's own config; gpiozero's mock pins (with PWM, for the piezo) stand in
    # for a Pi's, named the way a Pi's would be.
    report = first_frame(tmp_path, APPLIANCE_CONFIG, GPIOZERO_PIN_FACTORY="mock",
                         GPIOZERO_MOCK_PIN_CLASS="mockpwmpin")
    assert report["frames"] == 1 and report["screen"] == "SetupView"
    # The pins open once the first frame is shown, before the loop first sleeps: gpiozero
    # (about a sixth of the appliance's start) is not needed to draw it.
    assert not report["gpio"] and not loaded(report, "gpiozero")
    # Its config is plain TOML (coda_pi/plain_toml.py): no tomllib, datetime nor string.
    assert not [name for name in ("tomllib", "datetime", "string") if loaded(report, name)]
    # Its piezo plays once the pins are open: the tunes are not needed before.
    assert not loaded(report, "coda_pi.devices.buzzer")
    assert loaded(report["later"], "coda_pi.devices.buzzer")
    assert report["catalogs"] == [], "English, the source, is drawn without its catalog"
    early = [name for name in (*NOT_AT_START, *PLAY) if loaded(report, name)]
    assert not early, f"imported before the first frame: {early}"
    later = report["later"]
    missing = [name for name in PLAY if not loaded(later, name)]
    assert not missing, f"left for the first press to import: {missing}"
    assert later["gpio"], "the buttons, LEDs and piezo were opened"
    assert later["pressed"] == ["Press"], "a button pressed reaches the loop"
    assert later["unused"] == []
    assert not later["leds_on_screen"] and later["frames"] == 1, \
        "the first frame was drawn as with buttons: nothing to draw again"


def test_the_services_bare_run_parses_no_command_line(tmp_path):
    """firmware/coda-pi.service starts `coda-pi run` and nothing more (the data directory
    from $CODA_PI_DATA, the rest from the config): argparse, and gettext with it, would
    parse an empty line (about 2.5 ms here, 35 ms on a Pi Zero)."""
    report = first_frame(tmp_path, APPLIANCE_CONFIG, ["run"], GPIOZERO_PIN_FACTORY="mock",
                         GPIOZERO_MOCK_PIN_CLASS="mockpwmpin",
                         CODA_PI_DATA=str(tmp_path / "service-data"))
    assert report["frames"] == 1 and report["screen"] == "SetupView"
    assert not [name for name in ("argparse", "gettext") if loaded(report, name)]
    # Not a command line that failed: the device runs, its pins open after the first frame.
    assert report["later"]["gpio"] and report["later"]["pressed"] == ["Press"]
    assert (tmp_path / "service-data").is_dir(), "its data directory is the environment's"


def test_pins_that_fail_after_the_first_frame_leave_the_keyboard_and_the_leds_on_screen(
        tmp_path):
    # A pin factory is named (so pins are expected) but none of that name exists.
    report = first_frame(tmp_path, APPLIANCE_CONFIG, GPIOZERO_PIN_FACTORY="nonesuch")
    assert report["frames"] == 1 and not report["gpio"]
    later = report["later"]
    assert not later["gpio"]
    assert later["leds_on_screen"] and later["frames"] == 2, \
        "the seat LEDs are drawn on the screen instead, at once"

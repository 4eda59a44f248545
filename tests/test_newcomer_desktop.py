"""A newcomer on a laptop (issue 24): which key is which button is said in ``--help`` and on
the first screen; with no display the device says where it runs and how to stop it; Ctrl-C
stops it, in the terminal and in the window."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from coda_pi import cli
from coda_pi.app import DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config, PinConfig
from coda_pi.desktop import KEYS, keys_banner, unseen_notice
from coda_pi.devices.keyboard import DEFAULT_KEYS
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button

ROOT = Path(__file__).resolve().parent.parent

# How the help names each key pygame knows by another name; keypad keys share the digits.
KEY_WORDS = {"return": "Enter", "enter": "Enter", "space": "Space", "backspace": "Backspace",
             "escape": "Esc", "left": "Left", "up": "Up", "right": "Right", "down": "Down"}
BUTTON_WORDS = {Button.PREV: "PREV", Button.NEXT: "NEXT", Button.OK: "OK", Button.BACK: "BACK"}


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def test_the_help_names_every_key_beside_its_button() -> None:
    clauses = re.split(r"[,;] ", KEYS)
    for key, button in DEFAULT_KEYS.items():
        name = pygame.key.name(key)
        if button in BUTTON_WORDS:
            word = KEY_WORDS[name]
            [clause] = [c for c in clauses if re.search(rf"\b{word}\b", c)]
            assert BUTTON_WORDS[button] in clause, (word, clause)
        else:
            assert "1-4 are the seat buttons" in KEYS  # digits and keypad digits alike


def test_coda_pi_help_and_run_help_say_which_key_is_which_button(capsys) -> None:
    for argv in (["--help"], ["run", "--help"]):
        with pytest.raises(SystemExit):
            cli.main(argv)
        out = " ".join(capsys.readouterr().out.split())
        assert "Backspace or Esc BACK" in out and "Ctrl-C to stop" in out


def test_the_first_screen_names_the_keys_only_on_a_desktop_without_buttons() -> None:
    assert keys_banner("x11", buttons=False) is not None
    assert keys_banner("wayland", buttons=False) is not None
    assert keys_banner("x11", buttons=True) is None  # the buttons are there: no keys
    assert keys_banner("kmsdrm", buttons=False) is None  # the Pi's console
    assert keys_banner("dummy", buttons=False) is None  # tests, the headless demo


def test_only_an_unasked_offscreen_driver_is_announced() -> None:
    said = unseen_notice("offscreen", {})
    assert said is not None and "Nothing is shown" in said and "Ctrl-C" in said
    assert unseen_notice("offscreen", {"SDL_VIDEODRIVER": "offscreen"}) is None
    assert unseen_notice("dummy", {"SDL_VIDEODRIVER": "dummy"}) is None
    assert unseen_notice("x11", {}) is None


def test_ctrl_c_typed_in_the_window_stops_the_device(tmp_path) -> None:
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
    options = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                            setup=SetupDefaults(players=2), sound=False)
    app = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None)
    try:
        app.run(max_steps=2)
        assert app.running
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0,
                                             unicode="c", scancode=0))
        app.run(max_steps=2)
        assert app.running  # a plain "c" is no button and stops nothing
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c,
                                             mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
        app.run(max_steps=5)
        assert not app.running
    finally:
        app.close()


def test_with_no_display_it_says_where_it_runs_and_ctrl_c_stops_it(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR")}
    (tmp_path / "empty.toml").touch()
    env |= {"SDL_AUDIODRIVER": "dummy", "CODA_PI_CONFIG": str(tmp_path / "empty.toml"),
            "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "coda_pi.cli", "run", "--no-gpio", "--data-dir",
         str(tmp_path / "data")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # Whoever runs the tests may ignore SIGINT (a background job): the device may not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "data").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2)  # past the start, into the loop's sleep
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    lines = err.strip().splitlines()
    # The first line says plainly what happened, the next how to see a game, then how to
    # stop (the newcomer of issue 33's second list did not see the old one-liner).
    assert lines[0].startswith("coda-pi: Nothing is shown: no display was found"), err
    assert "DISPLAY" in lines[0] and "WAYLAND_DISPLAY" in lines[0], err
    assert "Ctrl-C stops it" in err
    _the_named_demo_runs(err)
    # One clear line, not buried under the libraries' noise of looking for a display
    # (libwayland's "XDG_RUNTIME_DIR is invalid or not set", issue 33).
    assert "XDG_RUNTIME_DIR" not in err, err
    assert len(lines) == 3, err  # the config is there: nothing else


def _the_named_demo_runs(err: str) -> None:
    """The command the notice names to watch a game is one the parser takes, as written."""
    [command] = re.findall(r"run: (\S*coda-pi demo [^\n]*)", err)
    words = command.split()
    assert words[0] in ("coda-pi", "./coda-pi") and "--headless" in words, command
    args = cli.build_parser().parse_args(words[1:])
    assert args.headless and args.screenshots is not None, command


def test_the_no_display_notice_names_the_command_as_it_was_started(tmp_path,
                                                                   monkeypatch) -> None:
    # From a clone (its ./coda-pi beside the newcomer) the line is the one to paste.
    (tmp_path / "coda-pi").write_text("#!/bin/sh\n")
    monkeypatch.chdir(tmp_path)
    said = unseen_notice("offscreen", {})
    assert said is not None and "run: ./coda-pi demo --headless" in said, said
    monkeypatch.chdir(tmp_path.parent)
    said = unseen_notice("offscreen", {})
    assert said is not None and "run: coda-pi demo --headless" in said, said


def test_the_quit_question_asks_to_unplug_only_the_appliance(tmp_path) -> None:
    from coda_pi.desktop import set_in_a_window
    from coda_pi.referee.shared.overlays import quit_confirm

    try:
        for over in (False, True):
            set_in_a_window(True)  # a laptop's window
            said = quit_confirm(game_over=over).text
            assert "unplug" not in said and "the window closes" in said
            set_in_a_window(False)  # the appliance's own screen
            assert "then unplug" in quit_confirm(game_over=over).text
    finally:
        set_in_a_window(False)
    # The app says where it runs when it opens the screen: the dummy driver is no window.
    set_in_a_window(True)
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
    options = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                            setup=SetupDefaults(players=2), sound=False)
    app = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None)
    app.close()
    assert "then unplug" in quit_confirm(game_over=False).text


def _first_screen_texts(tmp_path, monkeypatch, *, phones: bool) -> list[str]:
    """The texts drawn on the first screen of a laptop's window (SDL's x11 driver, no GPIO),
    phones on or off."""
    from coda_pi.config import PhonesConfig
    from coda_pi.desktop import set_in_a_window
    from coda_pi.phones import start as phones_start
    from coda_pi.ui.text import recording_text

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    real_start = phones_start.start_phones
    # The phones' server on loopback only, on a free port.
    monkeypatch.setattr(phones_start, "start_phones", lambda queue, data_dir, **kw: real_start(
        queue, data_dir, port=0, host="127.0.0.1", explain=kw.get("explain")))
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False),
                    phones=PhonesConfig(enabled=phones))
    options = DeviceOptions(config=config, size=(480, 320), fullscreen=False, resume=False,
                            setup=SetupDefaults(players=2), sound=False)
    drawn: list[str] = []

    def look(scene, surface) -> None:
        from coda_pi.ui.screens import draw_scene

        if not drawn:
            with recording_text() as log:
                draw_scene(pygame.Surface(surface.get_size()), scene)
            drawn.extend(d.text for d in log)

    app = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock), rng=random.Random(1),
                    explain=lambda text: None, on_frame=look)
    try:
        app.run(max_steps=1)
    finally:
        app.close()
        set_in_a_window(False)
    return drawn


@pytest.mark.parametrize("phones", [False, True], ids=["phones off", "phones on"])
def test_the_first_screen_on_a_laptop_says_which_key_is_which_button(
        tmp_path, monkeypatch, phones) -> None:
    drawn = " ".join(_first_screen_texts(tmp_path, monkeypatch, phones=phones))
    assert "Keys: 1-4 seats" in drawn and "Backspace BACK" in drawn, drawn


def test_a_laptops_window_title_keeps_the_keys_after_the_first_screen(
        tmp_path, monkeypatch) -> None:
    # The first screen's banner goes with the first action; the title bar stays.
    _first_screen_texts(tmp_path, monkeypatch, phones=False)
    title = pygame.display.get_caption()[0]
    assert "Keys: 1-4 seats" in title and "Enter OK" in title, title


def test_only_the_tried_drivers_noise_is_sifted_out_of_stderr(capfd) -> None:
    from coda_pi.app.sdl_noise import sifted_stderr

    with sifted_stderr():
        os.write(2, b"error: XDG_RUNTIME_DIR is invalid or not set in the environment.\n")
        os.write(2, b"a real trouble of the display\n")
    err = capfd.readouterr().err
    assert "a real trouble of the display" in err
    assert "XDG_RUNTIME_DIR" not in err

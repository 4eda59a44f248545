"""On a laptop a newcomer types a name with letters (first evening, second list): the name
screen takes the letters typed, Space types a space there, Backspace rubs a letter out while
the name has letters (and leaves, as BACK, once it has none), Enter keeps the name. Through
the real key events, as SDL sends them (a KEYDOWN, the TEXTINPUT it typed, a KEYUP); the
buttons' path is the letter picker's, unchanged."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Iterator

import pygame
import pytest

from coda_pi.app import App, DeviceOptions, FakeClock, FakeTimeWaiter, build_app
from coda_pi.config import Config, PinConfig
from coda_pi.referee.shared.name_entry import NameEntryView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import SetupView

# What SDL types for each key (its KEYDOWN, then the TEXTINPUT, then the KEYUP).
TYPED_KEYS = {" ": pygame.K_SPACE, "-": pygame.K_MINUS}


@pytest.fixture
def app(tmp_path) -> Iterator[App]:
    clock = FakeClock()
    config = Config(data_dir=tmp_path / "data", pins=PinConfig(gpio_enabled=False))
    options = DeviceOptions(config=config, size=(320, 240), fullscreen=False, resume=False,
                            setup=SetupDefaults(players=2, names=("Ann", "Ben")), sound=False)
    built = build_app(options, clock=clock, waiter=FakeTimeWaiter(clock),
                      rng=random.Random(1), explain=lambda text: None)
    built.run(max_steps=2)
    try:
        yield built
    finally:
        built.close()
        pygame.quit()


def _post(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.run(max_steps=3)


def _key(app: App, key: int, text: str = "") -> None:
    """One key pressed and let go, with the text it types (if any) between, as SDL does."""
    down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
    up = pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0)
    typed = [pygame.event.Event(pygame.TEXTINPUT, text=text)] if text else []
    _post(app, down, *typed, up)


def _type(app: App, text: str) -> None:
    for char in text:
        key = TYPED_KEYS.get(char, pygame.key.key_code(char.lower()) if char.isascii() else 0)
        _key(app, key, char)


def _screen(app: App) -> object:
    return app.referee.view().screen


def _open_name_of_seat_1(app: App) -> None:
    while (menu := _screen(app)).items[menu.cursor].key != "Names":
        assert isinstance(menu, SetupView)
        _key(app, pygame.K_DOWN)
    _key(app, pygame.K_RETURN)  # the names: seat 1 first
    _key(app, pygame.K_RETURN)  # seat 1's name
    assert isinstance(_screen(app), NameEntryView)


def _names(app: App) -> tuple[str, ...]:
    return tuple(app.referee.current.setup_menu.choices.names[:2])


def test_a_name_typed_with_letters_is_kept_with_enter(app) -> None:
    _open_name_of_seat_1(app)
    _type(app, "zoë anx")
    assert _screen(app).name == "Zoë Anx"  # a word's first letter a capital, as the picker
    _key(app, pygame.K_BACKSPACE)  # rubs the x out; the screen stays
    assert isinstance(_screen(app), NameEntryView) and _screen(app).name == "Zoë An"
    _type(app, "n-Lee")
    _key(app, pygame.K_RETURN)
    assert not isinstance(_screen(app), NameEntryView)
    assert _names(app) == ("Zoë Ann-Lee", "Ben")


def test_backspace_on_a_name_with_no_letters_leaves_and_keeps_the_old_one(app) -> None:
    _open_name_of_seat_1(app)
    _type(app, "q")
    _key(app, pygame.K_BACKSPACE)
    assert isinstance(_screen(app), NameEntryView) and _screen(app).name == ""
    _key(app, pygame.K_BACKSPACE)  # nothing left to rub out: BACK, out of the picker
    assert not isinstance(_screen(app), NameEntryView)
    assert _names(app) == ("Ann", "Ben")


def test_the_names_length_and_letters_are_the_pickers(app) -> None:
    _open_name_of_seat_1(app)
    _type(app, "  1x2y!")  # no leading space, no digits or signs in a name
    assert _screen(app).name == "Xy"
    _type(app, "abcdefghijklmnop")
    assert _screen(app).name == "Xyabcdefghij"  # 12 letters at most


def test_the_buttons_still_pick_letters_on_the_same_screen(app) -> None:
    _open_name_of_seat_1(app)
    _key(app, pygame.K_2)  # seat button 2 jumps to G
    _key(app, pygame.K_RIGHT)  # H
    _key(app, pygame.K_RETURN)  # OK adds it
    _type(app, "al")
    assert _screen(app).name == "Hal"
    _key(app, pygame.K_RETURN)  # after a typed letter OK (Enter) keeps the name
    assert _names(app) == ("Hal", "Ben")


def test_space_is_still_ok_outside_the_name_screen(app) -> None:
    menu = _screen(app)
    assert isinstance(menu, SetupView) and menu.items[menu.cursor].key == "Start"
    _key(app, pygame.K_SPACE, " ")
    assert not isinstance(_screen(app), SetupView)  # the game started


def _footer(app: App) -> str:
    """The words drawn in the footer band of the screen shown now."""
    from coda_pi.ui.layout import frame
    from coda_pi.ui.scene import Scene
    from coda_pi.ui.screens import draw_scene
    from coda_pi.ui.text import recording_text

    surface = pygame.Surface((320, 240))
    footer = frame(surface.get_size(), led_strip=True).footer
    with recording_text() as log:
        draw_scene(surface, Scene(app.referee.view(), None))
    return " ".join(d.text for d in log if footer.contains(d.box))


def test_the_footer_on_a_laptop_says_to_type_and_what_backspace_does(app) -> None:
    from coda_pi.desktop import set_in_a_window

    _open_name_of_seat_1(app)
    appliance = _footer(app)
    assert "PREV/NEXT" in appliance and "Backspace" not in appliance, appliance
    set_in_a_window(True)
    try:
        _type(app, "a")
        laptop = _footer(app)
    finally:
        set_in_a_window(False)
    assert "Type the name" in laptop and "Backspace" in laptop and "Enter" in laptop, laptop

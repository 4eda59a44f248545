"""The keyboard as the eight buttons: holding a key is holding the button."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from coda_pi.devices.keyboard import KeyboardButtons, disable_key_repeat  # noqa: E402
from coda_pi.referee.shared.signals import Button, Press, Release  # noqa: E402


def down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def up(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)


FOCUS_LOST = pygame.event.Event(pygame.WINDOWFOCUSLOST)


@pytest.mark.parametrize(
    ("key", "button"),
    [
        (pygame.K_1, Button.SEAT_1),
        (pygame.K_2, Button.SEAT_2),
        (pygame.K_3, Button.SEAT_3),
        (pygame.K_4, Button.SEAT_4),
        (pygame.K_LEFT, Button.PREV),
        (pygame.K_UP, Button.PREV),
        (pygame.K_RIGHT, Button.NEXT),
        (pygame.K_DOWN, Button.NEXT),
        (pygame.K_RETURN, Button.OK),
        (pygame.K_KP_ENTER, Button.OK),
        (pygame.K_SPACE, Button.OK),
        (pygame.K_BACKSPACE, Button.BACK),
        (pygame.K_ESCAPE, Button.BACK),
    ],
)
def test_each_key_presses_and_releases_its_button(key, button):
    keyboard = KeyboardButtons()
    assert keyboard.handle(down(key)) == [Press(button)]
    assert keyboard.held == {button}
    assert keyboard.handle(up(key)) == [Release(button)]
    assert keyboard.held == set()


def test_other_keys_and_events_mean_nothing():
    keyboard = KeyboardButtons()
    assert keyboard.handle(down(pygame.K_a)) == []
    assert keyboard.handle(up(pygame.K_a)) == []
    assert keyboard.handle(down(pygame.K_5)) == []
    assert keyboard.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(0, 0))) == []


def test_key_repeat_does_not_press_again():
    """A held BACK key is a held BACK button (held 2 s it means undo), not a burst of
    presses."""
    keyboard = KeyboardButtons()
    assert keyboard.handle(down(pygame.K_BACKSPACE)) == [Press(Button.BACK)]
    for _ in range(30):
        assert keyboard.handle(down(pygame.K_BACKSPACE)) == []
    assert keyboard.handle(up(pygame.K_BACKSPACE)) == [Release(Button.BACK)]


def test_two_keys_for_one_button_hold_it_until_both_are_up():
    keyboard = KeyboardButtons()
    assert keyboard.handle(down(pygame.K_LEFT)) == [Press(Button.PREV)]
    assert keyboard.handle(down(pygame.K_UP)) == []
    assert keyboard.handle(up(pygame.K_LEFT)) == []
    assert keyboard.held == {Button.PREV}
    assert keyboard.handle(up(pygame.K_UP)) == [Release(Button.PREV)]


def test_losing_focus_releases_every_held_key():
    """Otherwise the key-up goes to another window and a seat's private view stays up."""
    keyboard = KeyboardButtons()
    keyboard.handle(down(pygame.K_2))
    keyboard.handle(down(pygame.K_RETURN))
    released = keyboard.handle(FOCUS_LOST)
    assert sorted(released, key=lambda i: i.button.value) == [
        Release(Button.OK),
        Release(Button.SEAT_2),
    ]
    assert keyboard.held == set()
    # The key-ups that arrive after focus returns must not release anything twice.
    assert keyboard.handle(up(pygame.K_2)) == []
    assert keyboard.handle(up(pygame.K_RETURN)) == []
    assert keyboard.handle(down(pygame.K_2)) == [Press(Button.SEAT_2)]


KEYS = [pygame.K_1, pygame.K_2, pygame.K_LEFT, pygame.K_UP, pygame.K_SPACE, pygame.K_a]
EVENTS = st.one_of(
    st.sampled_from(KEYS).map(down),
    st.sampled_from(KEYS).map(up),
    st.just(FOCUS_LOST),
)


@settings(max_examples=300)
@given(st.lists(EVENTS, max_size=60))
def test_presses_and_releases_always_alternate_per_button(events):
    """Whatever the keyboard does, each button's intents go Press, Release, Press, ... and
    the buttons held are exactly those with an unanswered Press."""
    keyboard = KeyboardButtons()
    pressed: set[Button] = set()
    for event in events:
        for intent in keyboard.handle(event):
            if isinstance(intent, Press):
                assert intent.button not in pressed
                pressed.add(intent.button)
            else:
                assert intent.button in pressed
                pressed.discard(intent.button)
        assert keyboard.held == pressed
    for intent in keyboard.release_all():
        pressed.discard(intent.button)
    assert pressed == set()


def test_real_pygame_key_events_go_through_the_queue():
    already = pygame.display.get_init()
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 48))
        pygame.key.set_repeat(200, 50)
        disable_key_repeat()
        assert pygame.key.get_repeat() == (0, 0)
        pygame.event.clear()
        pygame.event.post(down(pygame.K_3))
        pygame.event.post(down(pygame.K_3))
        pygame.event.post(up(pygame.K_3))
        keyboard = KeyboardButtons()
        intents = [i for event in pygame.event.get() for i in keyboard.handle(event)]
        assert intents == [Press(Button.SEAT_3), Release(Button.SEAT_3)]
    finally:
        if not already:
            pygame.display.quit()

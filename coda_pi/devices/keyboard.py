"""The desktop's stand-in for the eight buttons: pygame key events to Press and Release.

Holding a key is holding the button, because the referee times long holds (BACK held for
undo, a seat button held to peek) from Press to Release. So a held key must give exactly
one Press and, whatever happens, one Release: OS key repeat is ignored, and a window that
loses focus while a key is down releases it (otherwise the key-up goes to another window
and the seat's private view would stay on the screen).

Text typed (SDL's TEXTINPUT) is passed on as ``Typed``: on a laptop a newcomer types a
name. While the screen takes text (``typing``, set by the loop), Space types a space
instead of pressing OK, and Backspace rubs a letter out (``ERASE``) instead of pressing
BACK: the name screen decides what that means once the name has no letters left.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from coda_pi.referee.shared.signals import ERASE, Button, Intent, Press, Release, Typed

DEFAULT_KEYS: Mapping[int, Button] = {
    pygame.K_1: Button.SEAT_1,
    pygame.K_2: Button.SEAT_2,
    pygame.K_3: Button.SEAT_3,
    pygame.K_4: Button.SEAT_4,
    pygame.K_KP1: Button.SEAT_1,
    pygame.K_KP2: Button.SEAT_2,
    pygame.K_KP3: Button.SEAT_3,
    pygame.K_KP4: Button.SEAT_4,
    pygame.K_LEFT: Button.PREV,
    pygame.K_UP: Button.PREV,
    pygame.K_RIGHT: Button.NEXT,
    pygame.K_DOWN: Button.NEXT,
    pygame.K_RETURN: Button.OK,
    pygame.K_KP_ENTER: Button.OK,
    pygame.K_SPACE: Button.OK,
    pygame.K_BACKSPACE: Button.BACK,
    pygame.K_ESCAPE: Button.BACK,
}
"""Which key stands in for which button; several keys may share a button."""


_TYPING_KEYS: Mapping[int, list[Intent | Typed]] = {
    pygame.K_SPACE: [],  # its TEXTINPUT types the space
    pygame.K_BACKSPACE: [Typed(ERASE)],
}
"""Keys that type rather than press a button while the screen takes text; their key-ups
release nothing (no button went down)."""


def disable_key_repeat() -> None:
    """Turn pygame's own key repeat off (needs the display initialised).

    ``KeyboardButtons`` drops repeated KEYDOWNs anyway; this just spares the event queue.
    """
    pygame.key.set_repeat()


class KeyboardButtons:
    """Turns pygame events into intents, tracking which keys are down.

    A button is down while any of its keys is down: Left then Up then releasing Left keeps
    PREV held, and only the last key up releases it.
    """

    def __init__(self, keys: Mapping[int, Button] = DEFAULT_KEYS) -> None:
        self._keys = dict(keys)
        self._down: dict[Button, set[int]] = {}
        self.typing = False  # the screen takes text (a name): Space and Backspace type

    @property
    def held(self) -> frozenset[Button]:
        """The buttons currently held through the keyboard."""
        return frozenset(self._down)

    def handle(self, event: pygame.event.Event) -> list[Intent | Typed]:
        """The intents one pygame event means; most events mean none."""
        if event.type == pygame.TEXTINPUT:
            return [Typed(char) for char in event.text if char.isprintable()]
        if event.type == pygame.KEYDOWN:
            if self.typing and event.key in _TYPING_KEYS:
                return list(_TYPING_KEYS[event.key])
            return list(self._key_down(event.key))
        if event.type == pygame.KEYUP:
            return self._key_up(event.key)
        if event.type == pygame.WINDOWFOCUSLOST:
            return self.release_all()
        return []

    def release_all(self) -> list[Intent]:
        """Release every held button (focus lost, or the app is leaving)."""
        released: list[Intent] = [Release(button) for button in self._down]
        self._down.clear()
        return released

    def _key_down(self, key: int) -> list[Intent]:
        button = self._keys.get(key)
        if button is None:
            return []
        keys = self._down.setdefault(button, set())
        first = not keys
        # A KEYDOWN for a key already down is key repeat: the button is still just held.
        keys.add(key)
        return [Press(button)] if first else []

    def _key_up(self, key: int) -> list[Intent]:
        button = self._keys.get(key)
        if button is None:
            return []
        keys = self._down.get(button)
        if not keys or key not in keys:
            # Its KEYDOWN went elsewhere (pressed before focus came back): nothing is held.
            return []
        keys.discard(key)
        if keys:
            return []
        del self._down[button]
        return [Release(button)]

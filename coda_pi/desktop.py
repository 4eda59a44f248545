"""What a newcomer on a laptop is told at start (issue 24): which key is which button, once,
on the first screen and in ``--help``; and, when no display was found, that the device runs
where nothing is shown and how to stop it.

No pygame here: ``coda-pi --help`` reads ``KEYS`` without opening anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from coda_pi.i18n import N_, _

KEYS = N_("Keys on a desktop: 1-4 are the seat buttons (hold one to hold it), Left/Up PREV, "
          "Right/Down NEXT, Enter or Space OK, Backspace or Esc BACK (hold it 2 s to undo); "
          "close the window or press Ctrl-C to stop")
"""Which key is which button, in the words of ``devices/keyboard.py``'s ``DEFAULT_KEYS``
(a test holds the two together)."""

KEYS_SHORT = N_("Keys: 1-4 seats, arrows PREV/NEXT, Enter OK, Backspace BACK")
"""The same, short enough for the first screen's banner on the smallest screen."""

WINDOWLESS = ("offscreen", "dummy")
"""SDL video drivers that show nothing anywhere."""

WINDOW_SYSTEMS = ("x11", "wayland", "cocoa", "windows")
"""SDL video drivers of a desktop: a window with the keyboard standing in for the buttons."""


_in_a_window = False  # set once by the app when it opened a window on a desktop


def set_in_a_window(flag: bool) -> None:
    """The app says where it runs: a window on a desktop (True) or the appliance's screen."""
    global _in_a_window
    _in_a_window = flag


def in_a_window() -> bool:
    """True when the device runs in a desktop's window: nothing there is unplugged."""
    return _in_a_window


def unseen_notice(driver: str, env: Mapping[str, str]) -> str | None:
    """Three lines when SDL fell back to a driver that shows nothing though nobody asked for
    it (``SDL_VIDEODRIVER`` unset): first, plainly, that nothing is shown and why; then how
    to see the device, and the command that plays a game where nothing is shown; then how
    to stop it. A newcomer read past the old one-liner, which opened on SDL's driver."""
    if driver not in WINDOWLESS or env.get("SDL_VIDEODRIVER"):
        return None
    return "\n".join((
        _("Nothing is shown: no display was found (DISPLAY and WAYLAND_DISPLAY are not "
          "set), so the device runs off-screen (SDL's {driver} driver).").format(
              driver=driver),
        _("To see it, start it from a desktop session or the Pi's console; to watch a "
          "game played here, run: {command} demo --headless --screenshots shots").format(
              command=_command()),
        _("Ctrl-C stops it."),
    ))


def _command() -> str:
    """How the newcomer starts coda-pi: ``./coda-pi`` from a clone (the quick start's),
    else the installed command."""
    return "./coda-pi" if Path("coda-pi").is_file() else "coda-pi"


def keys_banner(driver: str, *, buttons: bool) -> str | None:
    """The first screen's banner on a desktop without GPIO buttons; None elsewhere."""
    if buttons or driver not in WINDOW_SYSTEMS:
        return None
    return _(KEYS_SHORT)

"""Optional capabilities of the machine running the tests, for tests that need one.

A minimal Raspberry Pi OS (or Debian arm64) root lacks some: pygame's aarch64 wheel loads
its mixer only where glib's libgthread-2.0.so.0 is installed. A test that needs such a
capability skips with the reason, so the suite still says what it could not check.
"""

from __future__ import annotations

from coda_pi.pygame_import import mixer


def mixer_problem() -> str | None:
    """Why pygame's mixer cannot be used here, or None when it can (it is then imported:
    pygame may have been imported without it, coda_pi/pygame_import.py)."""
    try:
        mixer()
    except ImportError as error:  # its libraries are missing here
        return f"pygame's mixer does not load on this machine ({error})"
    return None

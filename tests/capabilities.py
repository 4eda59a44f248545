"""Optional capabilities of the machine running the tests, for tests that need one.

A minimal Raspberry Pi OS (or Debian arm64) root lacks some: pygame's aarch64 wheel loads
its mixer only where glib's libgthread-2.0.so.0 is installed. A test that needs such a
capability skips with the reason, so the suite still says what it could not check.
"""

from __future__ import annotations

import pygame


def mixer_problem() -> str | None:
    """Why pygame's mixer cannot be used here, or None when it can."""
    if not pygame.mixer:  # pygame put a MissingModule in its place: the import failed
        return f"pygame's mixer does not load on this machine ({pygame.mixer.reason})"
    return None

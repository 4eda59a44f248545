"""Keeping C libraries' own lines off the terminal while a check runs.

SDL's audio and video back ends (ALSA, the XDG runtime check) write straight to file
descriptor 2, beneath Python: ``coda-pi doctor`` printed a dozen raw ``ALSA lib conf.c:...``
lines above its report. ``captured_stderr`` points descriptor 2 at a temporary file for the
duration and hands back what was written, so the caller decides what a person sees.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator


class Captured:
    """What the libraries wrote while captured (filled in when the block ends)."""

    def __init__(self) -> None:
        self.text = ""

    @property
    def lines(self) -> list[str]:
        return [line for line in self.text.splitlines() if line.strip()]


@contextlib.contextmanager
def captured_stderr() -> Iterator[Captured]:
    """Descriptor 2 goes to a temporary file inside the block; ``Captured.text`` holds it
    afterwards. Python's own ``sys.stderr`` is flushed first so nothing of ours is caught."""
    captured = Captured()
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no descriptor 2 at all: nothing to keep quiet
        yield captured
        return
    with tempfile.TemporaryFile(mode="w+b") as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield captured
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            captured.text = sink.read().decode("utf-8", "replace")

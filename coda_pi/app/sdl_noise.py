"""What the C libraries print while SDL looks for a display, sifted.

Without a desktop SDL tries Wayland, whose client library writes "error: XDG_RUNTIME_DIR is
invalid or not set in the environment." straight to file descriptor 2 before SDL falls back
to the next driver: a newcomer reads it as the failure, and the device's own one line (no
display found, where it runs, how to stop it) is lost under it. While the display opens,
fd 2 goes to a temporary file; afterwards every line of it is written out again except the
known noise of drivers that were only being tried.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import BinaryIO

TRIED_DRIVER_NOISE = ("XDG_RUNTIME_DIR is invalid or not set",)
"""Lines that only say a display driver was tried and not found (SDL goes on to the next)."""


@contextlib.contextmanager
def sifted_stderr(noise: tuple[str, ...] = TRIED_DRIVER_NOISE) -> Iterator[None]:
    """Run the body with fd 2 caught; then pass on every line but ``noise``."""
    fd = 2  # where the C libraries write, whatever Python's sys.stderr is
    try:
        sys.stderr.flush()
        saved = os.dup(fd)
    except OSError:  # no fd 2 at all (a daemon without one): nothing to sift
        yield
        return
    with _scratch_file() as caught:
        os.dup2(caught.fileno(), fd)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, fd)
            os.close(saved)
            caught.seek(0)
            kept = [line for line in caught.read().splitlines(keepends=True)
                    if not any(words.encode() in line for words in noise)]
            if kept:
                os.write(fd, b"".join(kept))


def _scratch_file() -> BinaryIO:
    """An unnamed file for what fd 2 says while the display opens: in memory where Linux
    offers one (memfd), else a temporary file. The tempfile module would bring shutil,
    bz2 and lzma into every start (3 ms here, some 40 ms on a Pi Zero) for this one file."""
    if hasattr(os, "memfd_create"):
        with contextlib.suppress(OSError):  # a kernel without memfd: a file on disk, then
            return open(os.memfd_create("coda-pi-sdl-stderr"), "w+b")
    import tempfile

    return tempfile.TemporaryFile()

#!/usr/bin/env python3
"""Runs in the guest: gpiozero's lgpio backend installed from the project's lock, hashes
checked, into a venv of its own (for tools/vm-guest/gpio_lines.py).

    lock_lgpio.py CHECKOUT VENV

The lock gives lgpio only on ARM (pyproject's marker: install.sh's ``pi`` part), but its
entry carries the hash of every file PyPI has for that version, the x86_64 wheel's among
them: the entries of lgpio, gpiozero and colorzero are installed here without their
markers, wheels only, each checked against the lock's hashes. Prints one line: what was
installed, or why not.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

WANTED = ("lgpio", "gpiozero", "colorzero")


def lockfile_of(lock: Path) -> Any:
    """The checkout's tools/lockfile.py (beside the lock), imported."""
    sys.path.insert(0, str(lock.parent / "tools"))
    import lockfile

    return lockfile


def guest_entries(lock: Path) -> list[Any]:
    """The lock's entries of ``WANTED``, pins and hashes as locked, their markers dropped."""
    return [dataclasses.replace(e, marker=None) for e in lockfile_of(lock).read_lock(lock)
            if e.name in WANTED]


def main() -> int:
    checkout, venv = Path(sys.argv[1]), Path(sys.argv[2])
    lock = checkout / "requirements.lock"
    lockfile = lockfile_of(lock)
    entries = guest_entries(lock)
    if sorted(e.name for e in entries) != sorted(WANTED):
        print(f"the lock lacks one of {', '.join(WANTED)}")
        return 1
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    rc = lockfile.install(python, entries, lock, ["--only-binary=:all:"])
    pins = ", ".join(f"{e.name}=={e.version}" for e in entries)
    print(f"from {lock.name} (hashes checked, wheels only): {pins}" if rc == 0
          else f"could not install {pins} from {lock.name} (exit {rc})")
    return rc


if __name__ == "__main__":
    sys.exit(main())

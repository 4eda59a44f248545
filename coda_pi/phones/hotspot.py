"""The device as its own Wi-Fi access point, where the table has no Wi-Fi to share.

Raspberry Pi OS bookworm manages Wi-Fi with NetworkManager, which makes an access point in
one command (firmware/README.md gives it): a connection named ``coda-pi-hotspot``. With
``[phones] hotspot = true`` the device brings that connection up at start, and
``coda-pi doctor`` says whether it exists and is up.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable

CONNECTION = "coda-pi-hotspot"
"""The NetworkManager connection the device brings up (made once, firmware/README.md)."""


def _nmcli(*args: str) -> str | None:
    """nmcli's terse output, None where there is no NetworkManager to ask."""
    exe = shutil.which("nmcli")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "-t", *args], capture_output=True, text=True, timeout=15)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def hotspot_state() -> str:
    """"no-nmcli", "missing" (no such connection), "down" or "up"."""
    names = _nmcli("-f", "NAME", "connection", "show")
    if names is None:
        return "no-nmcli"
    if CONNECTION not in names.splitlines():
        return "missing"
    active = _nmcli("-f", "NAME", "connection", "show", "--active") or ""
    return "up" if CONNECTION in active.splitlines() else "down"


def bring_up(explain: Callable[[str], None]) -> bool:
    """Bring the hotspot up (``explain`` says why not): True when it is up."""
    state = hotspot_state()
    if state == "up":
        return True
    if state != "down":
        explain(f"phones.hotspot is on but the {CONNECTION} connection is {state}: "
                "see firmware/README.md")
        return False
    if _nmcli("connection", "up", CONNECTION) is None:
        explain(f"could not bring the {CONNECTION} connection up: see coda-pi doctor")
        return False
    return True

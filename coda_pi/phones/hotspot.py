"""The device as its own Wi-Fi access point, where the table has no Wi-Fi to share.

Raspberry Pi OS bookworm manages Wi-Fi with NetworkManager, which keeps an access point as
a connection profile (firmware/README.md makes it once): ``coda-pi-hotspot``, in access
point mode (``802-11-wireless.mode ap``) with ``ipv4.method shared`` (NetworkManager hands
the phones their addresses and the Pi is 10.42.0.1), started by NetworkManager itself at
boot (``connection.autoconnect``). With ``[phones] hotspot = true`` the device checks at
start that it is up and brings it up if it is not (which NetworkManager allows the service's
user only by a polkit rule: firmware/README.md), and ``coda-pi doctor`` says which of the
states below it is in. A profile limited to one user (``connection.permissions``) is
active only while that user is logged in, which a service never is: said too.

Run for real in the VM check (tools/vm-check's table phase: NetworkManager, the polkit rule
and two mac80211_hwsim radios, a phone joining from the second; firmware/README.md), never
on a Pi's own radio; in the suite tests/test_phones_doctor.py drives these states through a
stand-in ``nmcli``.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Callable
from enum import Enum

from coda_pi.i18n import _

CONNECTION = "coda-pi-hotspot"
"""The NetworkManager connection the device brings up (made once, firmware/README.md)."""


class Hotspot(Enum):
    """Where the access point stands, worst first."""

    NO_NMCLI = "no-nmcli"  # no NetworkManager to ask (not bookworm, or another network stack)
    MISSING = "missing"  # no connection of that name: firmware/README.md was not followed
    NOT_AP = "not-ap"  # the profile joins a network (802-11-wireless.mode is not "ap")
    NOT_SHARED = "not-shared"  # ipv4.method is not "shared": phones would get no address
    USER_ONLY = "user-only"  # connection.permissions set: never active for a service
    DOWN = "down"  # a good profile, not active now
    UP = "up"


def nmcli(*args: str) -> str | None:
    """nmcli's terse output, None where there is no NetworkManager to ask."""
    exe = shutil.which("nmcli")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "-t", *args], capture_output=True, text=True, timeout=15)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def hotspot_state() -> Hotspot:
    names = nmcli("-f", "NAME", "connection", "show")
    if names is None:
        return Hotspot.NO_NMCLI
    if CONNECTION not in names.splitlines():
        return Hotspot.MISSING
    # -g: the values alone, one per line, in the order asked (terse: ":" escaped as "\:").
    values = (nmcli("-g", "802-11-wireless.mode,ipv4.method,connection.permissions",
                     "connection", "show", CONNECTION) or "").splitlines()
    mode, method, permissions = (values + ["", "", ""])[:3]
    if mode.strip() != "ap":
        return Hotspot.NOT_AP
    if method.strip() != "shared":
        return Hotspot.NOT_SHARED
    if permissions.strip():
        return Hotspot.USER_ONLY
    active = nmcli("-f", "NAME", "connection", "show", "--active") or ""
    return Hotspot.UP if CONNECTION in active.splitlines() else Hotspot.DOWN


def bring_up(explain: Callable[[str], None]) -> bool:
    """Bring the hotspot up (``explain`` says why not): True when it is up."""
    state = hotspot_state()
    if state is Hotspot.UP:
        return True
    if state is not Hotspot.DOWN:
        explain(_("phones.hotspot is on but the {name} access point is not ready ({state}): "
                  "see coda-pi doctor").format(name=CONNECTION, state=state.value))
        return False
    if nmcli("connection", "up", CONNECTION) is None:
        explain(_("Could not bring the {name} access point up: see coda-pi doctor").format(
            name=CONNECTION))
        return False
    return True


def bring_up_later(explain: Callable[[str], None],
                   failed: Callable[[], None] | None = None) -> threading.Thread:
    """:func:`bring_up` on a thread of its own: ``nmcli connection up`` waits while
    NetworkManager brings the access point up, which the device's first screen must not.
    ``explain`` logs why (coda_pi/app/build.py's ``explain_once``); ``failed`` is called,
    on that thread, when the access point is not up in the end."""

    def up() -> None:
        if not bring_up(explain) and failed is not None:
            failed()

    thread = threading.Thread(target=up, name="hotspot", daemon=True)
    thread.start()
    return thread

"""Where phones can reach the device: its addresses, the access point's first.

The kernel's default route says which address the device would use to reach the internet,
which is not where a phone is: with Ethernet and the device's own access point both up the
phones are on the access point, and with the access point alone there is no default route at
all (the old lookup then gave 127.0.0.1, which no phone can open). So the device lists the
address of every interface that is up: the access point's first when it is up (its interface
is the ``coda-pi-hotspot`` profile's, asked of NetworkManager once), then the default
route's, then the rest. Loopback and link-local addresses are never shown.

The list is read again whenever the phones' card is drawn (``PhoneBridge.card``), which costs
one ioctl per interface and no process: an access point that comes up after the device
started is followed, whichever of the two won the race at boot.
"""

from __future__ import annotations

import contextlib
import fcntl
import ipaddress
import socket
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coda_pi.phones.hotspot import CONNECTION, nmcli

SIOCGIFADDR = 0x8915  # <linux/sockios.h>: an interface's IPv4 address

Interfaces = Callable[[], Sequence[tuple[str, str]]]


def interface_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) of every interface that has one, in the kernel's order."""
    found: list[tuple[str, str]] = []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return found
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):  # no IPv4 address (or gone since listed)
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
                found.append((name, socket.inet_ntoa(answer[20:24])))
    return found


def route_address() -> str | None:
    """The address the default route would use (no packet is sent); None without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return None


def hotspot_interface() -> str | None:
    """The interface the access point profile runs on (``wlan0``), None where unknown."""
    for key in ("connection.interface-name", "GENERAL.DEVICES"):
        out = nmcli("-g", key, "connection", "show", CONNECTION)
        name = (out or "").strip().split(",")[0].strip()
        if name:
            return name
    return None


def reachable(address: str) -> bool:
    """Whether a phone on some network could open ``address`` (not loopback, not link-local
    and not unspecified)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


@dataclass
class PhoneAddresses:
    """The device's addresses, best for phones first. ``hotspot`` is the access point's
    interface (None: no access point is used); the two lookups are the machine's unless a
    test hands in stand-ins."""

    hotspot: str | None = None
    interfaces: Interfaces | None = None
    route: Callable[[], str | None] | None = None

    def _listed(self) -> list[tuple[str, str]]:
        look = self.interfaces or interface_addresses
        return [(name, addr) for name, addr in look() if reachable(addr)]

    def all(self) -> list[str]:
        listed = self._listed()
        first = [addr for name, addr in listed if name == self.hotspot]
        via_route = (self.route or route_address)()
        if via_route is not None and reachable(via_route):
            first.append(via_route)
        ordered = [*first, *(addr for _, addr in listed)]
        return list(dict.fromkeys(ordered))  # each once, in that order

    def hotspot_address(self) -> str | None:
        """The access point's address while it is up, else None."""
        return next((addr for name, addr in self._listed() if name == self.hotspot), None)

    def urls(self, scheme: str, port: int) -> list[str]:
        """Every address as phones open it; where there is none yet, the device's name on
        the local network (mDNS: ``coda-pi.local``), never 127.0.0.1."""
        hosts = self.all() or [f"{socket.gethostname()}.local"]
        return [f"{scheme}://{host}:{port}/" for host in hosts]

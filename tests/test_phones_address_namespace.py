"""The issue's network, for real, in a private network namespace (``unshare -rn``: the
machine's own network is not touched): Ethernet with the default route and the device's
access point on ``wlan0``, made with veth pairs (whose far ends stand for the radio and
the cable). The device's own lookups
(no stand-in) must put the access point's address first and never show 127.0.0.1, and the
kernel's word on a new address must wake the loop (issue 35, items 4 and 5)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent("""
    import json, subprocess, threading
    from coda_pi.phones.address_watch import watch_addresses
    from coda_pi.phones.addresses import PhoneAddresses

    def ip(*args):
        subprocess.run(["ip", *args], check=True)

    def link(name):
        ip("link", "add", name, "type", "veth", "peer", "name", name + "p")
        ip("link", "set", name + "p", "up")
        ip("link", "set", name, "up")

    ip("link", "set", "lo", "up")
    seen = {}
    # The access point alone: no default route (the README's case).
    link("wlan0")
    seen["before"] = PhoneAddresses(hotspot="wlan0").all()
    woken = threading.Event()
    watch = watch_addresses(woken.set)
    ip("addr", "add", "10.42.0.1/24", "dev", "wlan0")  # NetworkManager brings it up
    seen["woken"] = woken.wait(30)
    seen["alone"] = PhoneAddresses(hotspot="wlan0").urls("https", 8443)
    # Ethernet comes too, with the default route.
    link("eth0")
    ip("addr", "add", "192.168.1.23/24", "dev", "eth0")
    ip("route", "add", "default", "via", "192.168.1.1", "dev", "eth0")
    seen["both"] = PhoneAddresses(hotspot="wlan0").all()
    seen["no hotspot"] = PhoneAddresses().all()
    watch.close()
    print(json.dumps(seen))
""")


def test_the_devices_own_lookups_on_the_issues_network():
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("unshare or ip is not installed")
    probe = subprocess.run(["unshare", "-rn", "true"], capture_output=True, timeout=30)
    if probe.returncode != 0:
        pytest.skip("no private network namespace here (unshare -rn refused)")
    done = subprocess.run(["unshare", "-rn", sys.executable, "-c", CHILD],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["before"] == []  # only loopback: nothing a phone could open
    assert seen["woken"] is True  # the kernel said so, and the loop would wake
    (url,) = seen["alone"]
    assert url == "https://10.42.0.1:8443/"
    assert seen["both"] == ["10.42.0.1", "192.168.1.23"]  # the access point first
    assert seen["no hotspot"] == ["192.168.1.23", "10.42.0.1"]  # the default route's first


SERVER_CHILD = textwrap.dedent("""
    import subprocess
    from coda_pi.devices.intent_queue import IntentQueue
    from coda_pi.phones.bridge import PhoneBridge
    from coda_pi.phones.server import PhoneServer

    for args in (["link", "set", "lo", "up"],
                 ["link", "add", "wlan0", "type", "veth", "peer", "name", "wlan0p"],
                 ["link", "set", "wlan0p", "up"], ["link", "set", "wlan0", "up"],
                 ["addr", "add", "10.42.0.1/24", "dev", "wlan0"]):
        subprocess.run(["ip", *args], check=True)
    server = PhoneServer(PhoneBridge(), IntentQueue(), host="127.0.0.1", port=0)
    print(server.url())
    server.close()
""")


def test_with_the_access_point_alone_the_server_gives_its_address_not_loopback():
    # The issue's "Phones: open https://127.0.0.1:8443/": no default route, one access point.
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("unshare or ip is not installed")
    if subprocess.run(["unshare", "-rn", "true"], capture_output=True, timeout=30).returncode:
        pytest.skip("no private network namespace here (unshare -rn refused)")
    done = subprocess.run(["unshare", "-rn", sys.executable, "-c", SERVER_CHILD],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    url = done.stdout.strip()
    assert url.startswith("http://10.42.0.1:"), url

"""``coda-pi doctor``'s Phones section: can the device serve seat pages, and is its own
access point ready where the config asks for one."""

from __future__ import annotations

import shutil
from typing import Any

from coda_pi.config import Config
from coda_pi.phones.addresses import PhoneAddresses, hotspot_interface
from coda_pi.phones.hotspot import CONNECTION, Hotspot, hotspot_state
from coda_pi.phones.tls import CERT_NAME
from coda_pi.remembered_phones import phones_wanted
from coda_pi.rules.sentence import say

_README = say("see firmware/README.md, Phones")


def check_phones(report: Any, config: Config, addresses: PhoneAddresses | None = None) -> None:
    """Add the Phones checks to ``report`` (doctor's ``_Report``). ``addresses``: where the
    device is reachable (the machine's own interfaces unless a test hands in others)."""
    phones = config.phones
    if not phones_wanted(phones, config.data_dir):
        report.ok(say("phones as seat screens are off (phones.enabled in the config, or "
                      "Turn phones on on the device)"))
        return
    if not phones.enabled:  # what the device does at its next start, and why
        report.ok(say("phones were turned on from the device: they start with it (the "
                      "config's phones.enabled = false would keep them off)"))
    if (config.data_dir / CERT_NAME).exists():
        report.ok(say("the device's certificate for phones is in {data}",
                      data=str(config.data_dir)))
    elif shutil.which("openssl"):
        report.ok(say("openssl is here: the device makes its certificate at first start"))
    else:
        report.fail(say("no openssl: the device cannot make its certificate for phones"),
                    "sudo apt install openssl")
    if addresses is None:
        addresses = PhoneAddresses(hotspot=hotspot_interface() if phones.hotspot else None)
    found = addresses.all()
    if found:
        report.ok(say("phones open {urls}", urls=", ".join(
            f"https://{address}:{phones.port}/" for address in found)))
    else:
        # 127.0.0.1 is this machine to itself: no phone can open it.
        report.warn(say("the device has no network address yet: no phone can reach it"),
                    say("connect it to the table's Wi-Fi or Ethernet, or make it its own "
                        "access point; {readme}", readme=_README))
    if not phones.hotspot:
        return
    state = hotspot_state()
    if state is Hotspot.UP:
        address = addresses.hotspot_address() or "10.42.0.1"
        report.ok(say("the access point {name} is up: phones join its Wi-Fi and open "
                      "https://{address}:{port}/", name=CONNECTION, address=address,
                      port=phones.port))
    elif state is Hotspot.DOWN:
        report.warn(say("the access point {name} is ready but not up", name=CONNECTION),
                    f"sudo nmcli connection up {CONNECTION}")
    elif state is Hotspot.USER_ONLY:
        report.fail(say("the access point {name} is limited to a user (connection.permissions):"
                        " NetworkManager starts it only while that user is logged in, and the "
                        "service never is", name=CONNECTION),
                    f'sudo nmcli connection modify {CONNECTION} connection.permissions ""')
    elif state is Hotspot.NOT_SHARED:
        report.fail(say("the access point {name} gives phones no address (ipv4.method is not "
                        "shared)", name=CONNECTION),
                    f"sudo nmcli connection modify {CONNECTION} ipv4.method shared")
    elif state is Hotspot.NOT_AP:
        report.fail(say("the connection {name} joins a network instead of being one "
                        "(802-11-wireless.mode is not ap)", name=CONNECTION),
                    f"sudo nmcli connection modify {CONNECTION} 802-11-wireless.mode ap")
    elif state is Hotspot.MISSING:
        report.fail(say("phones.hotspot is on but there is no {name} connection",
                        name=CONNECTION), _README)
    else:
        report.fail(say("phones.hotspot is on but NetworkManager (nmcli) is not here"),
                    _README)

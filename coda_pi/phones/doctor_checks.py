"""``coda-pi doctor``'s Phones section: can the device serve seat pages, and is its own
access point ready where the config asks for one."""

from __future__ import annotations

import shutil
from typing import Any

from coda_pi.config import Config
from coda_pi.phones.hotspot import CONNECTION, hotspot_state
from coda_pi.phones.server import lan_address
from coda_pi.phones.tls import CERT_NAME
from coda_pi.rules.sentence import say

_README = say("see firmware/README.md, Phones")


def check_phones(report: Any, config: Config) -> None:
    """Add the Phones checks to ``report`` (doctor's ``_Report``)."""
    phones = config.phones
    if not phones.enabled:
        report.ok(say("phones as seat screens are off (phones.enabled in the config)"))
        return
    if (config.data_dir / CERT_NAME).exists():
        report.ok(say("the device's certificate for phones is in {data}",
                      data=str(config.data_dir)))
    elif shutil.which("openssl"):
        report.ok(say("openssl is here: the device makes its certificate at first start"))
    else:
        report.fail(say("no openssl: the device cannot make its certificate for phones"),
                    "sudo apt install openssl")
    report.ok(say("phones open https://{address}:{port}/", address=lan_address(),
                  port=phones.port))
    if not phones.hotspot:
        return
    state = hotspot_state()
    if state == "up":
        report.ok(say("the access point {name} is up", name=CONNECTION))
    elif state == "down":
        report.warn(say("the access point {name} is down", name=CONNECTION),
                    f"sudo nmcli connection up {CONNECTION}")
    elif state == "missing":
        report.fail(say("phones.hotspot is on but there is no {name} connection",
                        name=CONNECTION), _README)
    else:
        report.fail(say("phones.hotspot is on but NetworkManager (nmcli) is not here"),
                    _README)

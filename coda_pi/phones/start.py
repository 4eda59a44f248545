"""Starting the phones with the device: the certificate, the server, the loop's bridge."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.i18n import _
from coda_pi.os_words import said
from coda_pi.phones.bridge import PhoneBridge
from coda_pi.phones.server import PhoneServer
from coda_pi.phones.tls import NoCertificate, ensure_certificate


@dataclass
class Phones:
    """The running phones: the loop's companion and the server to close."""

    bridge: PhoneBridge
    server: PhoneServer
    fingerprint: str  # "" when served without TLS (tests that compare with it)
    cert: Path | None = None

    @property
    def url(self) -> str:
        return self.server.url()

    def close(self) -> None:
        self.server.close()

    def notice(self) -> str:
        """The sentence the device shows at start: where phones open their seat page."""
        return _("Phones: open {url} (certificate {fingerprint})").format(
            url=self.url, fingerprint=self.fingerprint)


def start_phones(queue: IntentQueue, data_dir: Path, *, port: int = 8443, host: str = "0.0.0.0",
                 explain: Callable[[str], None] | None = None, tls: bool = True) -> Phones | None:
    """The phones' server, started; None (``explain`` says why) when it cannot be.
    ``tls`` False serves plain HTTP: only for the test that shows what TLS hides."""
    try:
        cert = ensure_certificate(data_dir) if tls else None
        bridge = PhoneBridge()
        server = PhoneServer(bridge, queue, host=host, port=port,
                             tls=cert.server_context() if cert else None).start()
    except (NoCertificate, OSError) as err:
        if explain is not None:
            explain(_("Phones are off: {why}").format(why=said(err)))
        return None
    fingerprint = cert.short_fingerprint if cert else ""
    bridge.url, bridge.fingerprint = server.url(), fingerprint  # the setup's QR code
    return Phones(bridge, server, fingerprint, cert.cert if cert else None)

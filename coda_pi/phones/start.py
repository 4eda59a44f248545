"""Starting the phones with the device: the certificate, the server, the loop's bridge."""

from __future__ import annotations

import errno
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.i18n import _
from coda_pi.os_words import said
from coda_pi.phones.addresses import PhoneAddresses
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
    addresses: PhoneAddresses | None = None

    @property
    def urls(self) -> list[str]:
        """Every address phones can open, best first (the access point's when it is up)."""
        found = self.addresses or PhoneAddresses()
        return found.urls(self.server.scheme, self.server.port)

    @property
    def url(self) -> str:
        return self.urls[0]

    def close(self) -> None:
        self.server.close()

    def notice(self) -> str:
        """The sentence the device shows at start: where phones open their seat page."""
        return _("Phones: open {url} (certificate {fingerprint})").format(
            url=_(" or ").join(self.urls), fingerprint=self.fingerprint)


def start_phones(queue: IntentQueue, data_dir: Path, *, port: int = 8443, host: str = "0.0.0.0",
                 explain: Callable[[str], None] | None = None, tls: bool = True,
                 addresses: PhoneAddresses | None = None) -> Phones | None:
    """The phones' server, started; None (``explain`` says why) when it cannot be.
    ``tls`` False serves plain HTTP: only for the test that shows what TLS hides.
    ``addresses`` finds where phones reach the device (the access point's first)."""
    try:
        cert = ensure_certificate(data_dir) if tls else None
        bridge = PhoneBridge()
        server = PhoneServer(bridge, queue, host=host, port=port,
                             tls=cert.server_context() if cert else None,
                             certificate=(cert.cert, cert.key) if cert else None).start()
    except (NoCertificate, OSError) as err:
        if explain is not None:
            explain(why_off(err, port))
        return None
    fingerprint = cert.short_fingerprint if cert else ""
    phones = Phones(bridge, server, fingerprint, cert.cert if cert else None, addresses)
    # The setup's QR code: read again each time it is drawn, so an access point that comes
    # up after the device started is the address shown (and a lost one no longer is).
    bridge.fingerprint = fingerprint
    bridge.locate = lambda: phones.urls
    return phones


def why_off(err: BaseException, port: int) -> str:
    """Why the phones could not start, with what the table can do about it: a port another
    program holds is the likely one at a table (the system's "address already in use" said
    nothing a player could act on)."""
    if isinstance(err, OSError) and err.errno == errno.EADDRINUSE:
        # Short enough for the smallest screen's header (two lines): the config's key for
        # another port is for whoever keeps the device, who reads the port here.
        return _("Phones off: another program has port {port}. Play with the seat "
                 "buttons.").format(port=port)
    return _("Phones are off: {why}").format(why=said(err))

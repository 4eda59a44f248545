"""The device's own certificate, so that nobody on the same Wi-Fi can read a seat's page.

A self-signed certificate is made once (by the ``openssl`` command, present on Raspberry Pi
OS and Debian) and kept in the data directory; its SHA-256 fingerprint is what a careful
player compares with the one the device shows (docs/phones.md says why and what it buys).
"""

from __future__ import annotations

import hashlib
import shutil
import ssl
import subprocess
from dataclasses import dataclass
from pathlib import Path

CERT_NAME = "phones-cert.pem"
KEY_NAME = "phones-key.pem"


class NoCertificate(RuntimeError):
    """The certificate could not be made (no ``openssl``): the sentence says what to do."""


@dataclass(frozen=True, slots=True)
class DeviceCertificate:
    cert: Path
    key: Path

    @property
    def fingerprint(self) -> str:
        """SHA-256 of the certificate, as browsers show it (AB:CD:...)."""
        der = ssl.PEM_cert_to_DER_cert(self.cert.read_text(encoding="ascii"))
        digest = hashlib.sha256(der).hexdigest().upper()
        return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))

    @property
    def short_fingerprint(self) -> str:
        """The first eight bytes of the fingerprint: enough to compare by eye."""
        return self.fingerprint[:23]

    def server_context(self) -> ssl.SSLContext:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(self.cert, self.key)
        return context


def ensure_certificate(directory: Path) -> DeviceCertificate:
    """The device's certificate in ``directory``, made on first use.

    :raises NoCertificate: when there is none and ``openssl`` is missing or fails.
    """
    cert, key = directory / CERT_NAME, directory / KEY_NAME
    if cert.exists() and key.exists():
        return DeviceCertificate(cert, key)
    openssl = shutil.which("openssl")
    if openssl is None:
        raise NoCertificate("phones need the openssl command once, to make the device's "
                            "certificate: sudo apt install openssl")
    directory.mkdir(parents=True, exist_ok=True)
    partial = key.with_suffix(".part")
    try:
        subprocess.run(
            # RSA, not ECDSA: an RSA signature is always as long as the key, so every
            # handshake has the same length on the wire (tests/test_phones_wire.py counts).
            [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650",
             "-subj", "/CN=coda-pi", "-keyout", str(partial), "-out", str(cert)],
            check=True, capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as err:
        raise NoCertificate(f"could not make the phones' certificate: {err}") from err
    partial.chmod(0o600)
    partial.replace(key)  # the pair is complete only once the key has its name
    return DeviceCertificate(cert, key)

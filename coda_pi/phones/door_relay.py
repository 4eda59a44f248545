"""A stranger's connection at the phones' door (door_process.py): its TLS handshake and
its first request read there, then relayed in plain text to the device's server over a
socket pair, so that neither costs the device's process (the loop's interpreter lock and
its priority on the CPU) anything until a whole request has come."""

from __future__ import annotations

import contextlib
import selectors
import socket
import ssl

from coda_pi.phones.bodies import MAX_BODY
from coda_pi.phones.doors import Deadlines, Doors

Times = tuple[float, float]
"""How long a stranger may take over its handshake, and over its request's head and body
(the server's ``HANDSHAKE_SECONDS`` and ``HEADER_SECONDS``, told the door as it starts)."""


def relay(conn: socket.socket, address: str, link: socket.socket, doors: Doors,
          tls: ssl.SSLContext, deadlines: Deadlines, times: Times) -> None:
    """A stranger's connection: its handshake and its first request here (``first``),
    then handed to the device as the device's end of a new socket pair, and the bytes
    relayed both ways until either side closes. The device counts it as let in from then
    on and tells ``L`` when it ends; one that ends before is given back here."""
    handed = False
    try:
        secure = tls.wrap_socket(conn, server_side=True, do_handshake_on_connect=False)
        with secure:
            request = first(secure, deadlines, times)
            if request is None:
                return
            device_end, door_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            with door_end:
                try:
                    socket.send_fds(link, [b"P" + address.encode()], [device_end.fileno()])
                    handed = True
                except OSError:  # the device is gone
                    return
                finally:
                    device_end.close()
                try:
                    door_end.sendall(request)
                except OSError:
                    return
                _pump(secure, door_end, times[1])
    except (OSError, ssl.SSLError):  # the stranger reset it before its wrapping
        conn.close()
    finally:
        if not handed:
            doors.leave(address)


HEAD_LIMIT = 16384
"""A head longer than this goes to the device unfinished (it refuses one too long in its
own words): a page's heads are under a kilobyte."""


def first(secure: ssl.SSLSocket, deadlines: Deadlines, times: Times) -> bytes | None:
    """The handshake (within ``times[0]``) and the first request, its head and its body
    (within ``times[1]``), read here: a connection that shakes hands and
    closes (a flood's), or sends its head a byte at a time (a slow one's), costs the
    device's process nothing, not even a thread. None when it closes, fails or dawdles
    first."""
    handshake, head = times
    deadlines.arm(secure, handshake)
    try:
        secure.settimeout(handshake)
        secure.do_handshake()
        deadlines.arm(secure, head)
        secure.settimeout(head)
        got = b""
        while (end := got.find(b"\r\n\r\n")) < 0:
            if len(got) > HEAD_LIMIT:
                return got
            chunk = secure.recv(65536)
            if not chunk:
                return None
            got += chunk
        wanted = end + 4 + _body_length(got[:end])
        while len(got) < wanted:
            chunk = secure.recv(65536)
            if not chunk:
                return None
            got += chunk
        return got
    except (OSError, ssl.SSLError):
        return None
    finally:
        deadlines.disarm(secure)


def _body_length(head: bytes) -> int:
    """The body the device will read after ``head``: its Content-Length when the device
    reads one that long (``MAX_BODY`` at most), else none (it answers 400 unread)."""
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            try:
                length = int(value.strip())
            except ValueError:
                return 0
            return length if 0 < length <= MAX_BODY else 0
    return 0


def _pump(secure: ssl.SSLSocket, plain: socket.socket, stalled: float) -> None:
    """Bytes both ways until the device closes its end (its own deadlines and timeouts
    bound how long: a stranger gets nothing longer through the door). A record left half
    sent for ``stalled`` seconds ends it too."""
    secure.settimeout(stalled)
    plain.settimeout(stalled)
    picker = selectors.DefaultSelector()
    picker.register(secure, selectors.EVENT_READ)
    picker.register(plain, selectors.EVENT_READ)
    with picker:
        while True:
            # Bytes TLS already decrypted wait in the socket, not in the kernel: no event.
            ready = [secure] if secure.pending() else [
                key.fileobj for key, _ in picker.select()]
            for source in ready:
                target = plain if source is secure else secure
                try:
                    data = source.recv(65536)  # type: ignore[union-attr]
                    if data:
                        target.sendall(data)  # type: ignore[union-attr]
                except (OSError, ssl.SSLError):
                    return
                if not data and source is plain:  # the device is done: so is the stranger
                    return
                if not data:  # the stranger sent all it will: the device may still answer
                    with contextlib.suppress(OSError):
                        plain.shutdown(socket.SHUT_WR)
                    picker.unregister(secure)

"""The seat pages' server: standard-library HTTP(S) on threads of its own.

Its threads never touch the referee (design principle 2): a tap becomes a ``PhoneIntent``
on the loop's ``IntentQueue``, and a page is read from what the loop's ``PhoneBridge``
already made. Long polling carries the updates (``GET /api/page?after=N`` answers when the
seat's page is newer than N, or with 204 after ``POLL_SECONDS`` or the shorter ``wait=S``):
it works on every browser, through sleeping and reloads, with no library in the page.

A seat's requests carry its secret in the ``X-Seat`` header (never in the address, so
neither history nor a shoulder keeps it); a request without a valid secret gets 403 and
nothing else.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import ssl
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.phones.actions import PhoneIntent
from coda_pi.phones.bridge import PhoneBridge

log = logging.getLogger(__name__)

POLL_SECONDS = 20.0
"""How long a page request waits for a change before answering "nothing new"."""
MAX_BODY = 2048
PAGE_BLOCK = 16384
"""Every page is sent padded to a multiple of this (with JSON's own whitespace): TLS hides
the bytes but not their count, and a page's length would otherwise tell a sniffer how many
of a seat's numbers have two digits. Pages are 3 to 6 kB: one block."""
MAX_CONNECTIONS = 64
"""Connections served at once: four phones need two each; a flood of more is dropped."""
POLICY = "default-src 'self'; frame-ancestors 'none'; form-action 'none'"
"""The page loads nothing but its own files, and no other site may frame it."""
STATIC = {"/": ("page.html", "text/html; charset=utf-8"),
          "/page.js": ("page.js", "text/javascript; charset=utf-8"),
          "/page.css": ("page.css", "text/css; charset=utf-8")}


def static_bytes(name: str) -> bytes:
    return resources.files("coda_pi.phones").joinpath("static", name).read_bytes()


def page_weight() -> int:
    """Bytes a phone loads for its page: the HTML, the script and the style."""
    return sum(len(static_bytes(name)) for name, _ in STATIC.values())


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    tls: ssl.SSLContext | None = None
    bridge: PhoneBridge
    queue: IntentQueue
    slots: threading.BoundedSemaphore  # connections served at once (one per server)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):  # too many at once: this one is dropped
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def finish_request(self, request: Any, client_address: Any) -> None:
        # The handshake in the connection's own thread: a slow phone never holds up others.
        if self.tls is not None:
            request.settimeout(10)
            try:
                request = self.tls.wrap_socket(request, server_side=True)
            except (OSError, ssl.SSLError):
                return
            request.settimeout(POLL_SECONDS + 10)
        super().finish_request(request, client_address)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A phone that went to sleep or reloaded mid-request: nothing to tell anybody.
        log.debug("phone %s left mid-request", client_address[0], exc_info=True)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        log.debug("phone %s: " + format, self.client_address[0], *args)

    def _send(self, status: int, body: bytes = b"", kind: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", POLICY)
        self.end_headers()
        if body:
            self.wfile.write(body)

    def _json(self, status: int, obj: Any) -> None:
        self._send(status, json.dumps(obj).encode())

    def _seat(self) -> int | None:
        secret = self.headers.get("X-Seat", "")
        return self.server.bridge.pairings.seat_of(secret) if secret else None

    def _body(self) -> dict[str, Any] | None:
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            return None
        if not 0 < length <= MAX_BODY:
            return None
        try:
            obj = json.loads(self.rfile.read(length))
        except ValueError:
            return None
        return obj if isinstance(obj, dict) else None

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        url = urlsplit(self.path)
        bridge = self.server.bridge
        if url.path in STATIC:
            name, kind = STATIC[url.path]
            self._send(HTTPStatus.OK, static_bytes(name), kind)
        elif url.path == "/api/seats":
            self._send(HTTPStatus.OK, bridge.seats())
        elif url.path.startswith("/api/pair/"):
            got = bridge.pairings.collect(url.path.removeprefix("/api/pair/"))
            if got is None:
                self._json(HTTPStatus.NOT_FOUND, {"gone": True})
            elif got is True:
                self._json(HTTPStatus.OK, {"wait": True})
            else:
                secret, seat = got  # type: ignore[misc]
                self._json(HTTPStatus.OK, {"secret": secret, "seat": seat})
        elif url.path == "/api/page":
            seat = self._seat()
            if seat is None:
                self._json(HTTPStatus.FORBIDDEN, {"unpaired": True})
                return
            query = parse_qs(url.query)
            try:
                after = int(query.get("after", ["0"])[0])
                wait = min(POLL_SECONDS, max(0.0, float(query.get("wait", [POLL_SECONDS])[0])))
            except ValueError:
                after, wait = 0, POLL_SECONDS
            page = bridge.wait_page(seat, after, wait)
            if self._seat() != seat:  # unpaired while waiting: this phone learns nothing
                self._json(HTTPStatus.FORBIDDEN, {"unpaired": True})
            elif page is None or page[0] <= after:
                self._send(HTTPStatus.NO_CONTENT)
            else:
                serial, body = page
                self._send(HTTPStatus.OK, padded(b'{"v": %d, "page": %s}' % (serial, body)))
        else:
            self._send(HTTPStatus.NOT_FOUND)

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        url = urlsplit(self.path)
        body = self._body()
        if body is None:
            self._send(HTTPStatus.BAD_REQUEST)
            return
        if url.path == "/api/pair":
            try:
                req = self.server.bridge.pairings.request(int(body.get("seat", -1)))
            except (TypeError, ValueError):
                self._send(HTTPStatus.BAD_REQUEST)
                return
            self.server.queue.wake()  # the device's screen names the phone's code
            self._json(HTTPStatus.OK, {"rid": req.rid, "code": req.code, "seat": req.seat})
        elif url.path == "/api/leave":  # the phone gives its seat back
            seat = self._seat()
            if seat is None:
                self._json(HTTPStatus.FORBIDDEN, {"unpaired": True})
                return
            self.server.bridge.pairings.unpair(seat)
            self.server.queue.wake()  # the shared screen shows the seat's view again
            self._send(HTTPStatus.NO_CONTENT)
        elif url.path == "/api/tap":
            seat = self._seat()
            if seat is None:
                self._json(HTTPStatus.FORBIDDEN, {"unpaired": True})
                return
            intent = _intent(seat, body)
            if intent is None:
                self._send(HTTPStatus.BAD_REQUEST)
                return
            self.server.queue.put(intent)  # type: ignore[arg-type]
            self._send(HTTPStatus.ACCEPTED)
        else:
            self._send(HTTPStatus.NOT_FOUND)


def padded(body: bytes) -> bytes:
    """``body`` with spaces after it up to the next multiple of ``PAGE_BLOCK`` bytes."""
    return body + b" " * (-len(body) % PAGE_BLOCK)


def _intent(seat: int, body: dict[str, Any]) -> PhoneIntent | None:
    kind = body.get("kind")
    if kind == "key" and isinstance(body.get("key"), str):
        return PhoneIntent(seat, "key", key=body["key"])
    if kind == "target" and isinstance(body.get("target"), int):
        return PhoneIntent(seat, "target", target=body["target"])
    if kind == "tile" and isinstance(body.get("dark"), bool) and isinstance(
            body.get("value"), str):
        return PhoneIntent(seat, "tile", dark=body["dark"], value=body["value"][:4])
    if kind in ("colour", "go_on") and isinstance(body.get("dark"), bool):
        return PhoneIntent(seat, kind, dark=body["dark"])
    if kind == "slot" and isinstance(body.get("target"), int):
        return PhoneIntent(seat, kind, target=body["target"])
    if kind == "guess" and isinstance(body.get("value"), str):
        return PhoneIntent(seat, kind, value=body["value"][:4])
    return _touch_intent(seat, kind, body)


def _small(value: Any) -> int | None:
    """A slot or a count from a tap: a small whole number, else None (bool is not one)."""
    return value if type(value) is int and 0 <= value < 64 else None


def _touch_intent(seat: int, kind: Any, body: dict[str, Any]) -> PhoneIntent | None:
    """The seat board's touch moves (``phones/touch_actions.py``)."""
    slot = _small(body.get("slot"))
    if kind == "attack" and slot is not None and _small(body.get("target")) is not None:
        return PhoneIntent(seat, kind, target=body["target"], slot=slot)
    if kind in ("place", "reveal") and slot is not None:
        return PhoneIntent(seat, kind, slot=slot)
    if kind == "peg" and isinstance(body.get("value"), str):
        return PhoneIntent(seat, kind, value=body["value"][:1])
    black, white = _small(body.get("black")), _small(body.get("white"))
    if kind == "keys" and black is not None and white is not None:
        return PhoneIntent(seat, kind, black=black, white=white)
    return None


class PhoneServer:
    """The server, on its own thread. ``tls`` None serves plain HTTP (tests that compare)."""

    def __init__(self, bridge: PhoneBridge, queue: IntentQueue, *, host: str = "0.0.0.0",
                 port: int = 8443, tls: ssl.SSLContext | None = None) -> None:
        self.bridge = bridge
        self._server = _Server((host, port), _Handler)
        self._server.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)  # this server's own
        self._server.tls = tls
        self._server.bridge = bridge
        self._server.queue = queue
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def scheme(self) -> str:
        return "https" if self._server.tls is not None else "http"

    def url(self, host: str | None = None) -> str:
        return f"{self.scheme}://{host or lan_address()}:{self.port}/"

    def start(self) -> PhoneServer:
        # A long poll interval: an idle device does not wake for the server; close() pokes it.
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 3600},
                                        name="phones", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self.bridge.wake_all()
        if self._thread is not None:
            stopper = threading.Thread(target=self._server.shutdown, daemon=True)
            stopper.start()
            host = str(self._server.server_address[0])
            with contextlib.suppress(OSError):  # the poke that ends the server's sleep
                socket.create_connection(("127.0.0.1" if host == "0.0.0.0" else host,
                                          self.port), timeout=1).close()
            stopper.join(5)
            self._thread.join(5)
        self._server.server_close()


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent: a UDP socket only
    asks the kernel which way it would go); 127.0.0.1 where there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"

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
import math
import socket
import ssl
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from coda_pi.devices.intent_queue import IntentQueue
from coda_pi.phones.actions import PhoneIntent, Ticket
from coda_pi.phones.bodies import MAX_BODY, SCHEMAS, BadBody, checked
from coda_pi.phones.bridge import PhoneBridge
from coda_pi.phones.door_process import DoorLink
from coda_pi.phones.doors import HANDSHAKE_SECONDS, HEADER_SECONDS, Deadlines
from coda_pi.phones.pairing import Refused
from coda_pi.phones.tap_answer import PENDING

log = logging.getLogger(__name__)

POLL_SECONDS = 20.0
"""How long a page request waits for a change before answering "nothing new"."""
TAP_SECONDS = 5.0
"""How long a tap's request waits for the loop to have done it before answering "pending"."""
DOOR_AGAIN_SECONDS = 1.0
"""How soon a door process that ended without the server closing is started again."""
PAGE_BLOCK = 16384
"""Every page is sent padded to a multiple of this (with JSON's own whitespace): TLS hides
the bytes but not their count, and a page's length would otherwise tell a sniffer how many
of a seat's numbers have two digits. Pages are 3 to 6 kB: one block."""
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
    request_queue_size = 128
    """The listen backlog (the standard library's is 5): under a flood the door drains
    it a batch at a time, and a paired phone's connection must find room in it rather
    than wait a second for its SYN to be sent again."""
    tls: ssl.SSLContext | None = None
    bridge: PhoneBridge
    queue: IntentQueue
    doors: DoorLink  # who is let in: the door process decides (door_process.py)
    deadlines: Deadlines
    relayed: set[int]
    """The connections (by id) the door shook hands with: a stranger's, in plain text."""

    def process_request(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request(request, client_address)
        except Exception:  # no thread for it: its place is given back
            self.relayed.discard(id(request))
            self.doors.leave(client_address[0])
            self.shutdown_request(request)
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.doors.leave(client_address[0])

    def finish_request(self, request: Any, client_address: Any) -> None:
        # The handshake in the connection's own thread, on a deadline for the whole of it:
        # a slow phone never holds up others, and a stranger dripping its hello a byte at a
        # time loses the connection after HANDSHAKE_SECONDS.
        if self.tls is not None and id(request) in self.relayed:
            self.relayed.discard(id(request))
            request.settimeout(POLL_SECONDS + 10)
        elif self.tls is not None:
            raw = request
            self.deadlines.arm(raw, HANDSHAKE_SECONDS)
            try:
                request.settimeout(HANDSHAKE_SECONDS)
                request = self.tls.wrap_socket(request, server_side=True)
            except (OSError, ssl.SSLError):
                return
            finally:
                self.deadlines.disarm(raw)
            request.settimeout(POLL_SECONDS + 10)
        try:
            super().finish_request(request, client_address)
        finally:
            self.deadlines.disarm(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A phone that went to sleep or reloaded mid-request: nothing to tell anybody.
        log.debug("phone %s left mid-request", client_address[0], exc_info=True)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    # A padded page is two TLS records or more: with Nagle's algorithm the second waits
    # for the phone to acknowledge the first, which it delays (40 ms on Linux): every
    # answer took 45 ms on loopback instead of 4 when headers and body left in two writes
    # (bench/bench_phones.py).
    disable_nagle_algorithm = True

    def setup(self) -> None:
        if self.request.family == socket.AF_UNIX:  # relayed by the door: no TCP options
            self.disable_nagle_algorithm = False
        super().setup()

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
        if self.close_connection:  # ended after this answer: the client must not reuse it
            self.send_header("Connection", "close")
        self._end_with(body)

    def _end_with(self, body: bytes) -> None:
        """The headers' end and ``body`` in one write: a connection the door relays is
        read in the pieces it was written in, and each piece leaves in TLS records of its
        own, so two writes would make an answer's count of bytes on the wire depend on
        whether the door's read fell between them (tests/test_phones_wire.py counts)."""
        self._headers_buffer.append(b"\r\n" + body)  # what end_headers adds, and the body
        self.flush_headers()

    def _json(self, status: int, obj: Any) -> None:
        self._send(status, json.dumps(obj).encode())

    def handle_one_request(self) -> None:
        # The request line, the headers and the body on one deadline (disarmed once read):
        # a connection that sends them a little at a time is cut, not waited for.
        self.server.deadlines.arm(self.connection, HEADER_SECONDS)
        super().handle_one_request()

    def _seat(self) -> int | None:
        secret = self.headers.get("X-Seat", "")
        seat = self.server.bridge.pairings.seat_of(secret) if secret else None
        if seat is not None:
            self.server.doors.know(self.client_address[0])  # a paired phone's address
        return seat

    def _end_relay(self) -> None:
        """A phone that collected its secret over a connection the door relayed (it came
        as a stranger's) makes its next one anew: the door knows it by then and hands it
        straight over, its pages on the device's own TLS, record for record as every
        paired phone's (a relay would cut them into records as its reads fell)."""
        if self.request.family == socket.AF_UNIX:
            self.close_connection = True

    def _forbidden(self) -> None:
        """A request without a valid secret: 403, and its connection ended, so that each
        forged request costs its sender a new connection, which the door counts."""
        self.server.doors.failed(self.client_address[0])
        self.close_connection = True
        self._skip_body()
        self._json(HTTPStatus.FORBIDDEN, {"unpaired": True})

    def _skip_body(self) -> None:
        """Read a body of up to ``MAX_BODY`` bytes and forget it, unparsed: a connection
        closed with bytes unread is reset, and the reset would lose the answer on its way."""
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            return
        if 0 < length <= MAX_BODY:
            self.rfile.read(length)

    def _body(self, path: str) -> dict[str, Any] | None:
        """The request's body checked against its path's schema (bodies.py); None, and a
        400 with the reason sent, when it does not fit."""
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if not 0 < length <= MAX_BODY:
            self.server.doors.failed(self.client_address[0])  # no page sends it
            self.close_connection = True  # a body not read must not be taken for a request
            self._json(HTTPStatus.BAD_REQUEST, {"error": "a body of 1 to 2048 bytes"})
            return None
        raw = self.rfile.read(length)
        self.server.deadlines.disarm(self.connection)
        try:
            return checked(path, raw)
        except BadBody as err:
            # No page sends it: counted at the door like a wrong secret, and the
            # connection ended, so that the next one goes through the door again.
            self.server.doors.failed(self.client_address[0])
            self.close_connection = True
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(err)[:200]})
            return None

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.server.deadlines.disarm(self.connection)
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
                self.server.doors.know(self.client_address[0])
                self._end_relay()
                self._json(HTTPStatus.OK, {"secret": secret, "seat": seat})
        elif url.path == "/api/page":
            seat = self._seat()
            if seat is None:
                self._forbidden()
                return
            query = parse_qs(url.query)
            try:
                after = int(query.get("after", ["0"])[0])
                wait = float(query.get("wait", [POLL_SECONDS])[0])
            except ValueError:
                after, wait = 0, POLL_SECONDS
            if not math.isfinite(wait):
                wait = POLL_SECONDS
            wait = min(POLL_SECONDS, max(0.0, wait))
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
        if url.path not in SCHEMAS:
            self.close_connection = True
            self._send(HTTPStatus.NOT_FOUND)
            return
        if url.path == "/api/pair":
            self._ask()
            return
        if url.path == "/api/claim":  # a seat's QR code: the token is its secret
            body = self._body(url.path)
            if body is not None:
                self._claim(body["seat"], body["token"])
            return
        # Taps and leaving need a seat's secret: checked first, so that a stranger's body
        # is never read, parsed or checked (the cheapest refusal, and it tells nothing).
        seat = self._seat()
        if seat is None:
            self._forbidden()
            return
        body = self._body(url.path)
        if body is None:
            return
        if url.path == "/api/leave":  # the phone gives its seat back
            self.server.bridge.pairings.unpair(seat)
            self.server.queue.wake()  # the shared screen shows the seat's view again
            self._send(HTTPStatus.NO_CONTENT)
            return
        ticket = Ticket()  # a tap
        self.server.queue.put(_intent(seat, body, ticket))
        # Answered once the loop has done it, and so written and fsynced what it caused
        # (principle 5); a loop that is slower than that: "pending", and the phone's page
        # shows what became of it.
        answer = ticket.answer_given if ticket.wait(TAP_SECONDS) else None
        # Done or refused, the answer has one length: it tells a sniffer nothing.
        if answer is None:
            self._send(HTTPStatus.ACCEPTED, PENDING)
        elif answer.done:
            self._send(HTTPStatus.OK, answer.body())
        else:  # changed nothing: the page says why (and reloads when it was out of date)
            self._send(HTTPStatus.CONFLICT, answer.body())

    def _ask(self) -> None:
        """A phone asks for a seat (no secret needed: it has none yet)."""
        body = self._body("/api/pair")
        if body is None:
            return
        try:
            req = self.server.bridge.pairings.request(body["seat"], self.client_address[0])
        except ValueError:
            self._json(HTTPStatus.BAD_REQUEST, {"error": "no such seat"})
            return
        except Refused as refused:
            self._refused(refused)
            return
        if self.server.bridge.offered(req.seat):  # the question may name this code
            self.server.queue.wake()  # (else the loop sleeps on: a flood costs it nothing)
        self._json(HTTPStatus.OK, {"rid": req.rid, "code": req.code, "seat": req.seat})

    def _refused(self, refused: Refused) -> None:
        """429, with why and in how many seconds asking again can succeed: the page says
        both (a phone dropped back to the seat list without a word asked again at once)."""
        retry = math.ceil(refused.retry)
        self.send_response(HTTPStatus.TOO_MANY_REQUESTS)
        self.send_header("Retry-After", str(retry))
        body = json.dumps({"busy": True, "why": refused.why, "retry": retry}).encode()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", POLICY)
        self._end_with(body)

    def _claim(self, seat: int, token: str) -> None:
        """A phone opened a seat's QR code (pairing.py ``claim``): paired at once when its
        token is that seat's live one; 403 alike for a used, old, guessed or other seat's
        token, so a stranger learns nothing from the answer but no."""
        try:
            secret = self.server.bridge.pairings.claim(seat, token, self.client_address[0])
        except Refused as refused:
            self._refused(refused)
            return
        if secret is None:
            self._json(HTTPStatus.FORBIDDEN, {"gone": True})
            return
        self.server.doors.know(self.client_address[0])
        self._end_relay()
        self.server.queue.wake()  # the table is told at once, and the code leaves its screen
        self._json(HTTPStatus.OK, {"secret": secret, "seat": seat})


def padded(body: bytes) -> bytes:
    """``body`` with spaces after it up to the next multiple of ``PAGE_BLOCK`` bytes."""
    return body + b" " * (-len(body) % PAGE_BLOCK)


def _intent(seat: int, body: dict[str, Any], ticket: Ticket) -> PhoneIntent:
    """The tap ``body`` (already checked against its schema) as the loop's intent."""
    fields = {name: body[name] for name in ("key", "target", "dark", "value", "slot", "black",
                                            "white") if name in body}
    return PhoneIntent(seat, body["kind"], ticket=ticket, page=body.get("v"), **fields)


class PhoneServer:
    """The server, on its own thread. ``tls`` None serves plain HTTP (tests that compare).

    The listening socket is the door process's (door_process.py): the server's thread
    only takes the connections the door lets in, one thread each."""

    def __init__(self, bridge: PhoneBridge, queue: IntentQueue, *, host: str = "0.0.0.0",
                 port: int = 8443, tls: ssl.SSLContext | None = None,
                 certificate: tuple[Path, Path] | None = None) -> None:
        """``certificate``, the files ``tls`` was made from: given, strangers' handshakes
        are the door process's (door_process.py says why), not this process's."""
        self.bridge = bridge
        self._server = _Server((host, port), _Handler)
        self._certificate = certificate if tls is not None else None
        self._server.deadlines = Deadlines()
        self._server.relayed = set()
        self._server.tls = tls
        self._server.bridge = bridge
        self._server.queue = queue
        self._door: DoorLink | None = None
        self._swap = threading.Lock()  # a door started again, or the server closed
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def scheme(self) -> str:
        return "https" if self._server.tls is not None else "http"

    @property
    def door_pid(self) -> int | None:
        """The door process's id, once started."""
        return self._door.pid if self._door is not None else None

    def url(self, host: str | None = None) -> str:
        """Where phones open the pages: on ``host``, else on the device's best address
        for phones (coda_pi/phones/addresses.py)."""
        if host is not None:
            return f"{self.scheme}://{host}:{self.port}/"
        from coda_pi.phones.addresses import PhoneAddresses

        return PhoneAddresses().urls(self.scheme, self.port)[0]

    def start(self) -> PhoneServer:
        self._door = self._server.doors = self._door_link()
        self._thread = threading.Thread(target=self._serve, name="phones", daemon=True)
        self._thread.start()
        return self

    def _door_link(self) -> DoorLink:
        # The deadlines as they are now (tests shorten them), the door's and the server's.
        return DoorLink(self._server.socket, self._certificate,
                        (HANDSHAKE_SECONDS, HEADER_SECONDS))

    def _serve(self) -> None:
        door = self._door
        while door is not None:
            self._take(door)
            # The door ended. Closing ends it; anything else (the OOM killer, a stray kill)
            # must not leave the phones off until the device restarts: another door on the
            # same listening socket, a second later (one that dies at once never spins).
            if self._closed.wait(DOOR_AGAIN_SECONDS):
                return
            log.warning("the phones' door process ended: starting another")
            with self._swap:
                if self._closed.is_set():
                    return
                door.stop()
                door.close()
                try:
                    door = self._door = self._server.doors = self._door_link()
                except OSError:
                    log.exception("the phones' door could not start again: phones are off")
                    door = self._door = None

    def _take(self, door: DoorLink) -> None:
        # Asleep in a read of the link until the door lets a connection in: an idle
        # device does not wake for the server, nor does a flood the door refuses.
        while (admitted := door.admitted()) is not None:
            conn, address, plain = admitted
            if plain:
                self._server.relayed.add(id(conn))
            with contextlib.suppress(Exception):  # already logged; the next one
                self._server.process_request(conn, (address, 0))

    def close(self) -> None:
        self.bridge.wake_all()
        with self._swap:
            self._closed.set()
            door = self._door
        if door is not None:
            door.stop()
        if self._thread is not None:
            self._thread.join(5)
        if door is not None:
            door.close()
        self._server.server_close()
        self._server.deadlines.close()

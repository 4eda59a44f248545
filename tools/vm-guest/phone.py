#!/usr/bin/env python3
"""Runs in the guest, in the phone's network namespace (the second simulated radio, joined
to the device's access point): a phone, making the requests the seat page's script makes.

    phone.py URL CERT RECORDS SEATS

URL is the address the device shows (the QR code's), CERT the device's certificate (a
careful player compares its fingerprint with the one on the screen; here it is read from
the device's data directory), RECORDS the device's record directory (read to check what
the taps did), SEATS how many seats the phone pairs (seat 1 first).

It fetches the seat page, asks for each seat and waits while the table pairs it (the host
presses the seat's button and OK, told by the "phone: asks" line), then, once the table
has started the game ("phone: start"), takes each seat's deal (OK on "any mix", OK on the
row) and makes seat 1's first move (OK: the draw). Each tap is made once, naming the page
it was made from, as the page's script does: a tap refused, or answered done while its page
shows nothing done, fails the check (the device answers done only for a tap that did what
its page offered). Every step is a line "phone: ..."; the last is "phone: turn PASS ..." or
"phone: turn FAIL ...".
"""

from __future__ import annotations

import http.client
import json
import ssl
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

WAIT_PAIRED = 240.0  # the host's presses go through TCG's slow redraws
WAIT_PAGE = 180.0


class Phone:
    def __init__(self, url: str, cert: Path) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "", parts.port or 443
        self.tls = ssl.create_default_context(cafile=str(cert))
        self.tls.check_hostname = False  # the certificate names the device, not an address
        self.secrets: dict[int, str] = {}

    def request(self, method: str, path: str, body: Any = None,
                seat: int | None = None) -> tuple[int, Any]:
        conn = http.client.HTTPSConnection(self.host, self.port, context=self.tls, timeout=60)
        headers = {"Content-Type": "application/json"}
        if seat is not None:
            headers["X-Seat"] = self.secrets[seat]
        try:
            text = json.dumps(body).ljust(120) if body is not None else None
            conn.request(method, path, text, headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.getheader("Content-Type", "").startswith("application/json") and raw.strip():
            return resp.status, json.loads(raw)
        return resp.status, raw

    def page(self, seat: int) -> dict[str, Any] | None:
        """The seat's page now, with its version under "v" (as the page's script keeps it:
        each tap names the version it was made from)."""
        status, got = self.request("GET", "/api/page?after=0&wait=0", seat=seat)
        return dict(got["page"], v=got["v"]) if status == 200 and isinstance(got, dict) else None

    def tap(self, seat: int, page: dict[str, Any], **body: Any) -> tuple[int, Any]:
        """A tap made from ``page``: 200 once done; 409 when it changed nothing (with why,
        and whether the page was out of date), as the seat page's script is told."""
        return self.request("POST", "/api/tap", dict(body, v=page["v"]), seat=seat)


def say(text: str) -> None:
    print(f"phone: {text}", flush=True)


def until(check: Any, timeout: float, pause: float = 1.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(pause)
    return None


def pair(phone: Phone, seat: int) -> bool:
    status, asked = phone.request("POST", "/api/pair", {"seat": seat})
    if status != 200:
        say(f"pairing seat {seat + 1} refused: {status} {asked!r}")
        return False
    say(f"asks seat {seat + 1} code {asked['code']}")

    def collected() -> bool:
        status, got = phone.request("GET", f"/api/pair/{asked['rid']}")
        if status == 200 and "secret" in got:
            phone.secrets[seat] = got["secret"]
            return True
        return False

    if not until(collected, WAIT_PAIRED):
        say(f"seat {seat + 1} was never paired")
        return False
    say(f"paired seat {seat + 1}")
    return True


def private(phone: Phone, seat: int) -> dict[str, Any] | None:
    page = phone.page(seat)
    return page.get("private") if page else None


def deal_page(phone: Phone, seat: int, *, face_down: bool) -> dict[str, Any] | None:
    """The seat's page while its row is shown face down (its colours being chosen), or
    dealt (every number shown)."""
    page = phone.page(seat)
    row = page.get("private") if page else None
    if not row or row.get("purpose") != "deal":
        return None
    down = "?" in {t["label"] for t in row["row"]}
    return page if down == face_down else None


def tapped(phone: Phone, seat: int, page: dict[str, Any], what: str) -> str:
    """OK tapped once on ``page``, and said: "done" (200: the device answers only once it
    did what the page offered, never for nothing), "pending" (202: the loop was slower than
    the server's wait; the page shows what became of it) or "refused" (409, with the
    device's why). The check taps once: a refusal is a failure."""
    status, answer = phone.tap(seat, page, kind="key", key="ok")
    if status in (200, 202):
        said = "done" if status == 200 else "pending"
        say(f"seat {seat + 1}: OK on {what}: HTTP {status}, {said}")
        return said
    why = answer.get("why", "") if isinstance(answer, dict) else ""
    reload = answer.get("reload") if isinstance(answer, dict) else None
    say(f"seat {seat + 1}: OK on {what}: HTTP {status}, NOT done: {why!r} (reload: {reload})")
    return "refused"


def labels(page: dict[str, Any] | None) -> str:
    if not page or page.get("purpose") != "deal":
        return "-"
    return " ".join(str(t["label"]) for t in page["row"])


def deal(phone: Phone, seat: int) -> bool:
    """The seat's starting row from the phone: OK on "any mix", then OK on the row, each
    tapped once. A tap answered done has been done (the device answers only then, after
    writing it): a row still face down after it, or a refusal, fails the check (it used
    to tap up to three times, which hid a first tap answered 200 that did nothing)."""
    first = until(lambda: deal_page(phone, seat, face_down=True), WAIT_PAGE)
    if not first:
        say(f"seat {seat + 1}: no deal on the phone's page")
        return False
    answer = tapped(phone, seat, first, f"the face-down row ({labels(first['private'])})")
    if answer == "refused":
        return False
    row = (deal_page(phone, seat, face_down=False) if answer == "done" else
           until(lambda: deal_page(phone, seat, face_down=False), 60))
    if not row:
        say(f"seat {seat + 1}: answered done, but the row is still "
            f"{labels(private(phone, seat))}")
        return False
    say(f"seat {seat + 1} dealt on the phone: {labels(row['private'])}")
    return tapped(phone, seat, row, "the row") != "refused"


def first_move(phone: Phone) -> dict[str, Any] | None:
    """Seat 1's turn: OK draws a panel (the device pool names it on the phone), tapped once
    on the page that shows the turn; the page with the panel drawn (None: not drawn)."""
    turn = until(lambda: (p := phone.page(0)) and (p.get("public", {}).get("screen") or {})
                 .get("kind") == "TurnView" and p["actions"].get("keys") and p, WAIT_PAGE)
    answer = tapped(phone, 0, turn, "the turn's first step (draw)") if turn else "no turn"
    if answer not in ("done", "pending"):
        return None
    got: dict[str, Any] | None = until(
        lambda: (p := phone.page(0)) and p.get("own", {}).get("drawn") and p,
        0.5 if answer == "done" else 60)
    return got


def record_events(records: Path) -> list[tuple[str | None, int | None]]:
    files = sorted(records.glob("coda-*.jsonl"))
    if not files:
        return []
    out = []
    for line in files[-1].read_text().splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        out.append((event.get("event"), event.get("seat")))
    return out


def main() -> int:
    url, cert, records, seats = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4])
    phone = Phone(url, cert)
    status, body = phone.request("GET", "/")
    ok_page = status == 200 and b"<html" in body[:400].lower() if isinstance(body, bytes) else False
    say(f"seat page {url}: HTTP {status}, {len(body)} bytes{'' if ok_page else ' (NOT the page)'}")
    if not ok_page:
        say("turn FAIL: the seat page did not load")
        return 1
    for seat in range(seats):
        if not pair(phone, seat):
            say(f"turn FAIL: seat {seat + 1} not paired")
            return 1
    say("start")  # the host presses OK on Start
    for seat in range(seats):
        if not deal(phone, seat):
            say(f"turn FAIL: seat {seat + 1}'s deal")
            return 1
    drawn = first_move(phone)
    events = record_events(records)
    draws = [seat for event, seat in events if event == "draw"]
    if drawn and draws[:1] == [0]:
        label = drawn["own"]["drawn"].get("label")
        say(f"turn PASS: seat 1 drew {label} from the phone; record: "
            f"{', '.join(str(e) for e, _ in events[1:])}")
        return 0
    say(f"turn FAIL: no draw by seat 1 (record: {', '.join(str(e) for e, _ in events)})")
    return 1


if __name__ == "__main__":
    sys.exit(main())

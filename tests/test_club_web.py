"""The hub's page in a real headless browser (Debian's chromium): every table's public state,
live updates over the stream, no hidden panel anywhere on the page, and a screenshot."""

from __future__ import annotations

import json
import struct
from html.parser import HTMLParser
from pathlib import Path

import pytest
from club_browser import Browser, need_chromium
from club_parts import demo_lines, public_facts, wait_until

from coda_pi.club.follow import FollowedRecord
from coda_pi.club.hub import Hub
from coda_pi.club.web import HubWeb
from coda_pi.record import RecordWriter

pytestmark = need_chromium
TABLES = 6


class Tiles(HTMLParser):
    """The tiles of each table card, in order: (dark, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[int, list[tuple[bool, str]]] = {}
        self._card: int | None = None
        self._tile: list | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "div" and (a.get("id") or "").startswith("table-"):
            self._card = int(a["id"].removeprefix("table-"))
            self.cards[self._card] = []
        if tag == "span" and "tile" in (a.get("class") or "").split() and self._card:
            self._tile = ["D" in a["class"].split(), ""]

    def handle_data(self, data: str) -> None:
        if self._tile is not None:
            self._tile[1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._tile is not None and self._card is not None:
            self.cards[self._card].append((self._tile[0], self._tile[1]))
            self._tile = None


def feed(hub: Hub, table: int, path: Path, lines: list[dict], upto: int) -> FollowedRecord:
    present = len(path.read_text().splitlines()) if path.exists() else 0
    with RecordWriter(path) as w:
        for obj in lines[present:upto]:
            w.write(obj)
    followed = FollowedRecord(path)
    followed.read_more()
    for line in followed.lines:
        hub.on_message(table, "events", json.dumps({
            "game": path.stem, "seq": line.seq, "event": line.public, "state": line.state,
            "released": followed.released}).encode())
    hub.on_message(table, "status", b"online")
    return followed


def test_the_page_shows_every_table_live_and_no_hidden_panel(tmp_path):
    names = ["Ana", "Bo", "Cai", "Dee"]
    hub = Hub(tmp_path / "hub", event="2026-11-23",
              roster=[f"{n} {t}" for t in range(1, TABLES + 1) for n in names])
    games = {}
    for t in range(1, TABLES + 1):
        players = 3 if t % 2 else 4
        lines = demo_lines(3 if players == 3 else (2, 5)[t % 4 // 2], players)  # shared games
        lines[0] = dict(lines[0], players=[f"{n} {t}" for n in names[:players]])
        games[t] = (lines, feed(hub, t, tmp_path / f"coda-t{t}.jsonl", lines, 12 + 4 * t))
    hub.next_round()
    web = HubWeb(hub, "127.0.0.1", 0, key="k").start()
    try:
        browser = Browser(tmp_path / "profile")
        try:
            browser.open(web.url)
            wait_until(lambda: web.streams > 0, 60, "the page to open its stream")
            # Live: table 3 plays on; the page follows without being reloaded.
            lines3, _ = games[3]
            more = feed(hub, 3, tmp_path / "coda-t3.jsonl", lines3, 40)
            wait_until(lambda: browser.evaluate("document.body.dataset.version")
                       == str(hub.version), 30, "the page to show the newest state")
            dom = browser.dom()
            png = browser.screenshot(tmp_path / "page.png")
        finally:
            browser.close()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (1280, 900)
        assert f'data-version="{hub.version}"' in dom
        parsed = Tiles()
        parsed.feed(dom)
        assert sorted(parsed.cards) == list(range(1, TABLES + 1))
        for t, (lines, followed) in games.items():
            seq = (more if t == 3 else followed).lines[-1].seq
            shown, mid_round, hidden = public_facts(lines)[seq - 1]
            assert mid_round
            want = [v or "" for row in shown for v in row]
            assert [text for _, text in parsed.cards[t]] == want, t
        assert "Ana 1" in dom and "Standings" in dom and "Table 1: " in dom
        # The organiser's editor is not on the public page's screen.
        assert 'id="organiser"' in dom and "style=\"display: block" not in dom
    finally:
        web.close()
        hub.close()


def test_the_qr_code_and_the_organisers_key(tmp_path):
    hub = Hub(tmp_path / "hub", event="n", roster=["Ann", "Ben", "Cy", "Dee", "Eve"])
    web = HubWeb(hub, "127.0.0.1", 0, key="secret").start()
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"{web.url}qr.svg", timeout=5) as reply:
            svg = reply.read()
        assert svg.lstrip().startswith(b"<?xml") and b"<svg" in svg
        request = urllib.request.Request(f"{web.url}api/next-round?key=wrong", data=b"")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 403
        request = urllib.request.Request(f"{web.url}api/seating?key=secret",
                                         data=b"1: Ann, Ben\n2: Cy, Dee\nbye: Eve")
        with urllib.request.urlopen(request, timeout=5) as reply:
            assert json.loads(reply.read())["seating"]["byes"] == ["Eve"]
        assert hub.snapshot()["seating"] == {"tables": [["Ann", "Ben"], ["Cy", "Dee"]],
                                             "byes": ["Eve"]}
        request = urllib.request.Request(f"{web.url}api/seating?key=secret",
                                         data=b"1: Ann\n")
        with pytest.raises(urllib.error.HTTPError) as bad:
            urllib.request.urlopen(request, timeout=5)
        assert bad.value.code == 400 and b"2 to 4" in bad.value.read()
    finally:
        web.close()
        hub.close()

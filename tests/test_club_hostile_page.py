"""Players' names chosen to break the club page, in a real browser (issue 22, item 7).

The names reach the page by every road they have: the tables' live states, the standings,
the seating, and the season's ratings replayed from the nights kept in the hub's
directory (so they come back on every restart). Whatever they say, the page keeps its
structure, runs none of them, and shows each one as the text it is."""

from __future__ import annotations

import json
import os
from pathlib import Path

from club_browser import Browser, need_chromium
from club_parts import demo_lines, wait_until

from coda_pi.club.follow import FollowedRecord
from coda_pi.club.hub import Hub
from coda_pi.club.names import normal
from coda_pi.club.seating import Seating
from coda_pi.club.web import HubWeb
from coda_pi.record import RecordWriter

pytestmark = need_chromium

HOSTILE = [
    "<!--<script>",
    "</script><script>window.pwned=1</script>",
    "<img src=x onerror=window.pwned=1>",
    "\"'><svg onload=window.pwned=1>",
    "<!--",
    "]]></script>",
    "&lt;b&gt;&amp;",
    "{target}",
    "${window.pwned=1}",
    "\u2028line\u2029sep",
    "</SCRIPT >",
    "<style>*{display:none}</style>",
]
TABLES = [HOSTILE[0:4], HOSTILE[4:8], HOSTILE[8:12]]


def write_game(path: Path, players: list[str], seed: int) -> FollowedRecord:
    lines = demo_lines(seed, len(players))
    lines[0] = dict(lines[0], players=players)
    path.parent.mkdir(parents=True, exist_ok=True)
    with RecordWriter(path) as w:
        w.write_many(lines)
    followed = FollowedRecord(path)
    followed.read_more()
    return followed


def test_hostile_names_neither_break_nor_script_the_page(tmp_path):
    hub_dir = tmp_path / "hub"
    # A night already kept: its games make the season's ratings, read back from the files.
    for t, players in enumerate(TABLES, 1):
        write_game(hub_dir / "2026-11-16" / f"table{t}-coda-old{t}.jsonl", players, seed=t + 1)
    hub = Hub(hub_dir, event="2026-11-23", roster=HOSTILE)
    games = {}
    for t, players in enumerate(TABLES, 1):
        followed = write_game(tmp_path / f"table{t}" / f"coda-new{t}.jsonl", players, seed=t)
        games[t] = followed
        for line in followed.lines[:40]:
            hub.on_message(t, "events", json.dumps({
                "game": f"coda-new{t}", "seq": line.seq, "event": line.public,
                "state": line.state, "released": followed.released}).encode())
        hub.on_message(t, "status", b"online")
    hub.override(Seating(tables=tuple(tuple(p) for p in TABLES)))
    # The standings and ratings count names in their normal form (club/names.py): the line
    # and paragraph separators are spaces there; the tables' live names are as typed.
    counted = [normal(n) for n in HOSTILE]
    assert {r.name for r in hub.ratings()} == set(counted)
    web = HubWeb(hub, "127.0.0.1", 0, key="k").start()
    browser = Browser(tmp_path / "profile")
    try:
        browser.open(web.url + "?key=k")
        wait_until(lambda: web.streams > 0, 60, "the page to open its stream")
        wait_until(lambda: browser.evaluate("document.body.dataset.version")
                   == str(hub.version), 30, "the page to show the hub's state")

        def texts(selector: str) -> list[str]:
            return list(browser.evaluate(
                f"[...document.querySelectorAll({json.dumps(selector)})]"
                ".map(e => e.textContent)"))

        assert browser.evaluate("typeof window.pwned") == "undefined"
        # The page's own three scripts, its own images and nothing else.
        assert browser.evaluate("document.scripts.length") == 3
        assert browser.evaluate("document.querySelectorAll('img, svg, style').length") == 2
        for t, players in enumerate(TABLES, 1):
            assert texts(f"#table-{t} .name") == players, t
        assert sorted(texts("#standings tbody td:nth-child(2)")) == sorted(counted)
        rated = texts("#ratings tbody td:nth-child(2)")
        assert len(rated) == 10 and set(rated) <= set(counted)
        seating = texts("#seating div")
        assert len(seating) == 3 and all(", ".join(p) in s for p, s in zip(TABLES, seating,
                                                                          strict=True))
        assert browser.evaluate("document.getElementById('organiser').style.display") \
            == "block"
        # And the live stream carries the names as safely as the first load.
        more = games[1]
        for line in more.lines[40:60]:
            hub.on_message(1, "events", json.dumps({
                "game": "coda-new1", "seq": line.seq, "event": line.public,
                "state": line.state, "released": more.released}).encode())
        wait_until(lambda: browser.evaluate("document.body.dataset.version")
                   == str(hub.version), 30, "the page to follow the stream")
        assert texts("#table-1 .name") == TABLES[0]
        assert browser.evaluate("typeof window.pwned") == "undefined"
    finally:
        browser.close()
        web.close()
        hub.close()


def test_a_name_that_looks_like_another_players_is_marked_on_the_page(tmp_path):
    """Issue 30, item 6: a second row that reads "Ann" says it is not Ann's."""
    hub = Hub(tmp_path / "hub", event="2026-11-23")
    for t, players in enumerate([["Ann", "Ben"], ["\u0410nn", "Cy"], ["Ann\u200b", "Dee"]], 1):
        lines = demo_lines(t, 2)
        hub.on_message(t, "record", json.dumps({
            "game": f"coda-new{t}", "from": 1,
            "lines": [dict(lines[0], players=players), *lines[1:]]}).encode())
    web = HubWeb(hub, "127.0.0.1", 0).start()
    browser = Browser(tmp_path / "profile")
    try:
        browser.open(web.url)
        wait_until(lambda: browser.evaluate("document.body.dataset.version")
                   == str(hub.version), 30, "the page to show the hub's state")
        for table in ("standings", "ratings"):
            names = browser.evaluate(
                f"[...document.querySelectorAll('#{table} tbody td:nth-child(2)')]"
                ".map(e => e.textContent)")
            assert sorted(names) == sorted(["Ann", "\u0410nn \u2260 Ann", "Ben", "Cy", "Dee"])
        if os.environ.get("CLUB_SCREENSHOTS"):
            browser.screenshot(Path(os.environ["CLUB_SCREENSHOTS"]) / "look-alike.png")
    finally:
        browser.close()
        web.close()
        hub.close()

"""The hub's page speaks the hub's language: its headings, the table cards and the last move
written by the page's script, in Spanish when the hub runs in Spanish."""

from __future__ import annotations

import re

from club_browser import Browser, need_chromium
from club_parts import demo_lines, wait_until
from test_club_web import feed

from coda_pi.club.hub import Hub
from coda_pi.club.web import PAGE_MESSAGES, HubWeb, page
from coda_pi.i18n import _, in_language


def test_the_page_as_served_has_no_english_word_in_spanish():
    with in_language("es"):
        html = page({})
        spanish = {m: _(m) for m in PAGE_MESSAGES}
    assert '<html lang="es">' in html and "⟦" not in html
    assert ">Clasificación<" in html and ">Puntuación de la temporada<" in html
    assert '"Mesa {number}"' in html  # the script's words travel with the page
    for message, translated in spanish.items():
        if translated != message and "{" not in message:
            assert f">{message}<" not in html, message
    with in_language("en"):
        assert ">Standings<" in page({}) and '<html lang="en">' in page({})


def test_the_organisers_seating_mistake_is_told_in_spanish(tmp_path):
    import json
    import urllib.error
    import urllib.request

    hub = Hub(tmp_path / "hub", event="2026-11-23", roster=["Ana", "Bo", "Cai"])
    web = HubWeb(hub, "127.0.0.1", 0, key="k").start()
    try:
        with in_language("es"):
            request = urllib.request.Request(f"{web.url}api/seating?key=k", method="POST",
                                             data=b"1: Ana\n2: Bo, Cai")
            try:
                urllib.request.urlopen(request, timeout=10)
                raise AssertionError("a one-player table was accepted")
            except urllib.error.HTTPError as refused:
                answer = json.loads(refused.read())
    finally:
        web.close()
        hub.close()
    assert answer["error"] == "la mesa 1 tiene 1 jugadores: en una mesa se sientan de 2 a 4"


@need_chromium
def test_the_live_page_draws_its_tables_in_spanish(tmp_path):
    names = ["Ana", "Bo", "Cai"]
    hub = Hub(tmp_path / "hub", event="2026-11-23", roster=names)
    lines = demo_lines(3, 3)
    lines[0] = dict(lines[0], players=names)
    feed(hub, 1, tmp_path / "coda-t1.jsonl", lines, 16)
    hub.next_round()
    web = HubWeb(hub, "127.0.0.1", 0, key="k").start()
    try:
        with in_language("es"):
            browser = Browser(tmp_path / "profile")
            try:
                browser.open(web.url)
                wait_until(lambda: web.streams > 0, 60, "the page to open its stream")
                wait_until(lambda: "Mesa 1" in browser.dom(), 30, "the table card")
                text = browser.evaluate("document.body.innerText")
            finally:
                browser.close()
    finally:
        web.close()
        hub.close()
    assert "Noche de club de Coda" in text and "Ronda" in text and "Mesa 1: " in text
    for english in ("Standings", "Table ", "Round ", "Seating", "guessed", "drew a",
                    "waiting for a game", "not set yet", "knocked down", "stopped"):
        assert not re.search(rf"\b{english}", text), (english, text)

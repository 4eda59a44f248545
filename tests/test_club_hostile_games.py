"""A table with a password that publishes the same game again (issue 30, item 6): under new
record names, another seed, other timestamps, an event taken back and played again, or its
players' names spelt with look-alike characters. The hub counts each game once, by what
happened in it, and the honest cases stay honest: two games dealt alike but played
differently are two games, and a game that grows round by round is one game. A name that
looks like another player's is never a separate row that looks the same."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

from club_browser import Browser, need_chromium
from club_parts import demo_lines, wait_until

from coda_pi.club.hub import Hub
from coda_pi.club.web import HubWeb

ORIGINAL = "coda-2026-11-23T20-00-00"


def publish(hub: Hub, table: int, name: str, lines: list[dict[str, Any]], first: int = 1
            ) -> None:
    """The full lines of ended rounds, as a table's publisher sends them."""
    hub.on_message(table, "record", json.dumps({"game": name, "from": first,
                                                "lines": lines}).encode())


def counted(hub: Hub) -> dict[str, tuple[int, int, int]]:
    """What the standings say of each player: (points, games, wins)."""
    return {s.name: (s.points, s.games, s.wins) for s in hub.standings()}


def truth(tmp: Path, games: list[list[dict[str, Any]]]) -> dict[str, tuple[int, int, int]]:
    """The standings of ``games``, each published once under a name of its own."""
    hub = Hub(tmp, event="truth")
    try:
        for i, lines in enumerate(games):
            publish(hub, 1, f"coda-2026-11-23T1{i}-00-00", lines)
        return counted(hub)
    finally:
        hub.close()


def disguised(lines: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """The same game as a copy would carry it: another seed, other timestamps and keys the
    spec does not name, and one event taken back and played again halfway through."""
    header = dict(lines[0], seed=f"{n:032x}", t=1_700_000_000 + n)
    body = [dict(obj, t=1_700_000_000 + n + i, note=f"copy {n}")
            for i, obj in enumerate(lines[1:])]
    middle = len(body) // 2
    return [header, *body[:middle + 1], {"event": "undo"}, *body[middle:]]


def test_the_same_game_republished_under_new_names_and_seeds_counts_once(tmp_path):
    lines = demo_lines(1, 2, rounds=3)
    once = truth(tmp_path / "truth", [lines])
    assert sorted(g for _, g, _ in once.values()) == [1, 1]
    hub = Hub(tmp_path / "hub", event="night")
    try:
        publish(hub, 1, ORIGINAL, lines)
        for n in range(1, 4):
            # From the same table and from another: the table's password proves nothing.
            publish(hub, 1 + n % 2, f"coda-2026-11-23T2{n}-00-00.n{n}", disguised(lines, n))
        assert counted(hub) == once
        assert {r.name: r.games for r in hub.ratings()} == {"Ann": 1, "Ben": 1}
        # The copies are on the page as not counted, each naming the game it repeats.
        skipped = hub.snapshot()["not_counted"]
        assert len(skipped) == 3
        assert all(s["same_as"] == {"table": 1, "game": ORIGINAL} for s in skipped)
    finally:
        hub.close()
    # And after the hub starts again from what it kept.
    again = Hub(tmp_path / "hub", event="night")
    try:
        assert counted(again) == once
    finally:
        again.close()


def test_a_copy_whose_players_are_spelt_with_look_alikes_counts_once(tmp_path):
    lines = demo_lines(1, 2, rounds=3)
    once = truth(tmp_path / "truth", [lines])
    hub = Hub(tmp_path / "hub", event="night")
    try:
        publish(hub, 1, ORIGINAL, lines)
        copy = disguised(lines, 1)
        copy[0] = dict(copy[0], players=["Ann\u200b", "\uff22\uff45\uff4e"])  # ZWSP, fullwidth
        publish(hub, 2, "coda-2026-11-23T21-00-00", copy)
        assert counted(hub) == once
    finally:
        hub.close()


def test_two_games_dealt_alike_and_played_differently_are_two_games(tmp_path):
    first = demo_lines(7, 2, rounds=3, play_seed=100)
    second = demo_lines(7, 2, rounds=3, play_seed=200)
    assert first[1:4] == second[1:4] and first[4:] != second[4:]  # the same deal, then not
    both = truth(tmp_path / "truth", [first, second])
    assert {g for _, g, _ in both.values()} == {2}
    hub = Hub(tmp_path / "hub", event="night")
    try:
        publish(hub, 1, ORIGINAL, first)
        publish(hub, 1, "coda-2026-11-23T21-00-00", second)
        assert counted(hub) == both
        assert hub.snapshot()["not_counted"] == []
    finally:
        hub.close()


def test_a_game_that_grows_round_by_round_is_one_game_whatever_is_copied_meanwhile(tmp_path):
    lines = demo_lines(1, 2, rounds=3)
    once = truth(tmp_path / "truth", [lines])
    second_round = [i for i, obj in enumerate(lines) if obj.get("event") == "round"][1]
    hub = Hub(tmp_path / "hub", event="night")
    try:
        publish(hub, 1, ORIGINAL, lines[:second_round])  # round 1 has ended
        assert {g for _, g, _ in counted(hub).values()} == {0}  # not finished yet
        # A stranger copies the first round under another name, then the whole game later.
        publish(hub, 2, "coda-2026-11-23T21-00-00", disguised(lines[:second_round], 1))
        publish(hub, 1, ORIGINAL, lines[second_round:], first=second_round + 1)
        publish(hub, 2, "coda-2026-11-23T22-00-00", disguised(lines, 2))
        assert counted(hub) == once
    finally:
        hub.close()


def shown(name: str) -> str:
    """What a page shows of a name: format characters (zero-width, bidi overrides) draw
    nothing of their own."""
    return "".join(c for c in name if unicodedata.category(c) not in ("Cf", "Cc"))


def test_a_name_that_looks_like_another_players_is_never_a_row_that_looks_the_same(tmp_path):
    spellings = {
        "Ann": "Ann",
        "Ann\u200b": "Ann",  # a zero-width space: the same name, one row
        "\uff21\uff4e\uff4e": "Ann",  # fullwidth: NFKC folds it into the same name
        "\u202ennA": None,  # a right-to-left override: shown as what it is, "nnA"
        "\u0410nn": "Ann",  # a Cyrillic A: another name that looks the same, so marked
        "ann": "Ann",  # another case: marked too
    }
    hub = Hub(tmp_path / "hub", event="night", roster=["Ann"])
    try:
        for i, name in enumerate(spellings):
            lines = demo_lines(1 + i, 2)
            lines[0] = dict(lines[0], players=[name, f"Opponent {i}"])
            publish(hub, 1, f"coda-2026-11-23T2{i}-00-00", lines)
        rows = hub.snapshot()["standings"]
        # Every row as the page draws it: the name and the mark beside it.
        faces = [(shown(r["name"]), r.get("looks_like")) for r in rows]
        assert len(faces) == len(set(faces)), faces
        plain = [r for r in rows if shown(r["name"]).casefold() == "ann"
                 and r.get("looks_like") is None]
        assert [r["name"] for r in plain] == ["Ann"]
        assert plain[0]["games"] == 3  # Ann, Ann with a zero-width space, fullwidth Ann
        marked = {r["name"]: r.get("looks_like") for r in rows if r.get("looks_like")}
        assert marked == {"\u0410nn": "Ann", "ann": "Ann"}
        assert not [r for r in rows if r["name"] != shown(r["name"])]  # nothing invisible
        assert "nnA" in {r["name"] for r in rows}
    finally:
        hub.close()


def test_a_game_of_an_earlier_night_published_again_tonight_counts_for_neither(tmp_path):
    lines = demo_lines(1, 2, rounds=3)
    last_week = Hub(tmp_path / "hub", event="2026-11-16")
    try:
        publish(last_week, 1, ORIGINAL.replace("23", "16"), lines)
        kept = {r.name: r.games for r in last_week.ratings()}
    finally:
        last_week.close()
    hub = Hub(tmp_path / "hub", event="2026-11-23")
    try:
        publish(hub, 2, ORIGINAL, disguised(lines, 1))
        assert {g for _, g, _ in counted(hub).values()} <= {0}
        assert {r.name: r.games for r in hub.ratings()} == kept == {"Ann": 1, "Ben": 1}
        assert hub.snapshot()["not_counted"] == [{"table": 2, "game": ORIGINAL, "same_as": {
            "night": "2026-11-16", "table": 1, "game": ORIGINAL.replace("23", "16")}}]
    finally:
        hub.close()


@need_chromium
def test_the_organiser_sees_on_the_page_which_copy_was_not_counted_and_what_it_repeats(
        tmp_path):
    lines = demo_lines(1, 2, rounds=3)
    hub = Hub(tmp_path / "hub", event="night")
    web = HubWeb(hub, "127.0.0.1", 0).start()
    browser = Browser(tmp_path / "profile")
    try:
        publish(hub, 1, ORIGINAL, lines)
        browser.open(web.url)
        wait_until(lambda: web.streams > 0, 60, "the page to open its stream")
        # One game, counted once: nothing to explain, so the section is not there.
        assert browser.evaluate("document.getElementById('uncounted').hidden") is True
        copy = "coda-2026-11-23T21-00-00.n1"
        publish(hub, 2, copy, disguised(lines, 1))
        wait_until(lambda: browser.evaluate("document.body.dataset.version")
                   == str(hub.version), 30, "the page to show the copy")
        assert browser.evaluate("document.getElementById('uncounted').hidden") is False
        said = browser.evaluate("document.getElementById('repeats').innerText")
        assert said == f"Table 2, {copy}: the same game as table 1's {ORIGINAL}"
    finally:
        browser.close()
        web.close()
        hub.close()

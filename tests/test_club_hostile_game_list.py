"""A table with a password against the hub through its night's game list
(``table/<n>/games``, retained): the list makes the hub ask for games, so a table could try
to make it ask for, or hold, more than a night's games, or to count one game twice by
listing it under two names. Each case by name, against the hub itself; the broker's side
(one retained list per table, a refused one cleared) is in test_club_hostile_broker.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from club_parts import demo_lines
from test_club_hostile import play_whole_game

from coda_pi.club.hub import MAX_GAMES_PER_TABLE, RESEND_AFTER, Hub
from coda_pi.club.messages import MAX_LISTED
from coda_pi.record import RecordWriter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def game_list(*games: tuple[str, int, int]) -> bytes:
    return json.dumps({"games": [{"game": name, "seq": seq, "released": released}
                                 for name, seq, released in games], "t": 1.0}).encode()


def asked(hub: Hub, clock: Clock) -> dict[tuple[int, str], dict[str, Any]]:
    """What the hub asks the tables for once a gap has stayed open."""
    clock.now += RESEND_AFTER + 0.1
    return {(table, ask["game"]): ask for table, ask in hub.pending_asks()}


def test_a_listed_game_the_hub_lacks_is_asked_for_from_its_first_line(tmp_path):
    clock = Clock()
    hub = Hub(tmp_path / "hub", event="night", clock=clock)
    hub.on_message(1, "games", game_list(("coda-a.n1", 40, 40), ("coda-b.n2", 12, 9)))
    assert asked(hub, clock) == {
        (1, "coda-a.n1"): {"game": "coda-a.n1", "events": 1, "record": 1},
        (1, "coda-b.n2"): {"game": "coda-b.n2", "events": 1, "record": 1},
    }
    hub.close()


def test_a_list_longer_than_a_night_or_naming_a_game_twice_is_dropped_whole(tmp_path):
    clock = Clock()
    hub = Hub(tmp_path / "hub", event="night", clock=clock)
    too_long = [(f"coda-x.n{i}", 5, 5) for i in range(MAX_LISTED + 1)]
    twice = [("coda-a.n1", 5, 5), ("coda-a.n1", 9, 9)]
    climbing = [("coda-a.n1", 5, 5), ("../../etc/passwd", 5, 5)]
    released_past_its_end = [("coda-a.n1", 5, 9)]
    for bad in (too_long, twice, climbing, released_past_its_end):
        hub.on_message(1, "games", game_list(*bad))
    assert hub.games == {}
    assert asked(hub, clock) == {}
    assert list((tmp_path / "hub" / "night").glob("*.jsonl")) == []
    hub.close()


def test_lists_of_new_names_cannot_fill_the_hub_and_the_others_still_get_in(tmp_path):
    clock = Clock()
    hub = Hub(tmp_path / "hub", event="night", clock=clock)
    for n in range(3 * MAX_GAMES_PER_TABLE // MAX_LISTED + 2):
        hub.on_message(3, "games", game_list(*((f"coda-spam{n}x{i}", 9, 9)
                                               for i in range(MAX_LISTED))))
    assert sum(1 for t, _ in hub.games if t == 3) == MAX_GAMES_PER_TABLE
    good = play_whole_game(hub, tmp_path, 1, ["Ann", "Ben"], seed=1)
    assert (1, good) in hub.games and {s.name for s in hub.standings()} >= {"Ann", "Ben"}
    hub.close()


def test_a_game_listed_under_two_names_is_asked_for_twice_and_counts_once(tmp_path):
    """The table holds a copy of its game under a second name and lists both: the hub asks
    for both (it cannot know they are one game before it has them) and counts one."""
    clock = Clock()
    hub = Hub(tmp_path / "hub", event="night", clock=clock)
    lines = demo_lines(1, 2)
    n = len(lines)
    hub.on_message(1, "games", game_list(("coda-a.n1", n, n), ("coda-copy.n2", n, n)))
    asks = asked(hub, clock)
    assert set(asks) == {(1, "coda-a.n1"), (1, "coda-copy.n2")}
    for _, name in asks:  # the table answers with the full lines of both
        hub.on_message(1, "record", json.dumps({"game": name, "from": 1,
                                                "lines": lines}).encode())
    counting, repeats = hub.counting()
    assert [g.name for g in counting] == ["coda-a.n1"]
    assert [(g.name, first.name) for g, first in repeats] == [("coda-copy.n2", "coda-a.n1")]
    assert all(s.games == 1 for s in hub.standings())
    hub.close()


def test_a_listed_game_the_hub_kept_on_an_earlier_night_is_not_asked_for_again(tmp_path):
    """A table lists the games of its last hours; one of them the hub kept last week (a Pi
    without a real-time clock may think last week was hours ago). The hub does not ask for
    it again: it would only be shown as a repeat."""
    earlier = tmp_path / "hub" / "2026-11-21"
    earlier.mkdir(parents=True)
    lines = demo_lines(1, 2)
    with RecordWriter(earlier / "table1-coda-old.n1.jsonl") as w:
        w.write_many(lines)
    clock = Clock()
    hub = Hub(tmp_path / "hub", event="night", clock=clock)
    hub.on_message(1, "games", game_list(("coda-old.n1", len(lines), len(lines)),
                                         ("coda-new.n2", 7, 7)))
    assert set(asked(hub, clock)) == {(1, "coda-new.n2")}
    # The same name from another table is another game: asked for.
    hub.on_message(2, "games", game_list(("coda-old.n1", 7, 7)))
    assert (2, "coda-old.n1") in asked(hub, clock)
    hub.close()


def test_a_list_leaves_a_game_the_hub_has_whole_alone(tmp_path: Path):
    clock = Clock()
    hub = Hub(tmp_path / "hub", event="night", clock=clock)
    name = play_whole_game(hub, tmp_path, 1, ["Ann", "Ben"], seed=1)
    have = len(hub.games[(1, name)].lines)
    hub.on_message(1, "games", game_list((name, have, have)))
    assert asked(hub, clock) == {}
    hub.close()

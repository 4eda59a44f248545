"""The hub fuzzed through a real Mosquitto, set up as `coda-pi club broker-setup` sets it up
(issue 22). Two well-behaved tables play whole games through their publishers; then a
hostile table, with its own password, writes hypothesis-made payloads on every topic it may
write: real messages with a part swapped for wrong types, NaN, infinities, huge numbers,
deep nesting, lone surrogates, hostile names and game names; raw bytes that are not UTF-8;
payloads just over the hub's size limit (and under the broker's, which drops the
sender: test_club_hostile_broker.py); deep brackets. After each one the page,
``/api/state`` (as strict JSON, the way a browser parses it) and the CSVs still answer, the
well-behaved players' standings are unchanged, and no file appears outside the hub's
directory. The number of cases is printed (``FUZZ_CASES`` in the environment sets it)."""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from club_parts import (
    Mosquitto,
    RecordedTable,
    demo_lines,
    need_mosquitto,
    published_lines,
    wait_until,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coda_pi.club.broker import write_setup
from coda_pi.club.follow import FollowedRecord
from coda_pi.club.hub import Hub
from coda_pi.club.hub_mqtt import HubLink
from coda_pi.club.messages import MAX_MESSAGE_BYTES
from coda_pi.club.publisher import Publisher
from coda_pi.club.web import HubWeb
from coda_pi.config import ClubConfig

pytestmark = need_mosquitto

CASES = int(os.environ.get("FUZZ_CASES", "200"))
LEAVES = ("events", "record", "state", "status", "games", "resend", "other")
HOSTILE_NAMES = ["<!--<script>", "</script>", "=cmd|' /C calc'!A0", "\ud800", "\x00",
                 "\u202e", "a" * 300, "", "NaN", "{name}"]
GAME_NAMES = ["x/../../../somewhere/victim", "../victim", "/tmp/victim", "..", ".", "",
              "a/b", "a\\b", "ok\n", "é", "x" * 200, "\ud800", "con", "game\x00.jsonl"]
KEYS = ("game", "games", "seq", "event", "state", "released", "from", "to", "lines", "players",
        "rows", "out", "totals", "turn", "round", "rounds", "finished", "value", "dark")

texts = st.one_of(st.sampled_from(HOSTILE_NAMES + GAME_NAMES), st.text(max_size=20))
atoms = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=2**63),
                  st.floats(allow_nan=True, allow_infinity=True),
                  st.sampled_from([float("nan"), float("inf"), -float("inf")]), texts)
values = st.recursive(atoms, lambda inner: st.one_of(
    st.lists(inner, max_size=5),
    st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=6)), inner,
                    max_size=5)), max_leaves=25)


def public_messages(lines: list[dict[str, Any]], tmp: Path) -> list[tuple[str, dict]]:
    """The real messages a table sends for ``lines``: the fuzz's starting points."""
    from coda_pi.record import RecordWriter

    path = tmp / "coda-2026-11-23T21-00-00.n1.jsonl"
    with RecordWriter(path) as w:
        w.write_many(lines)
    followed = FollowedRecord(path)
    followed.read_more()
    out: list[tuple[str, dict]] = []
    for line in followed.lines:
        out.append(("events", {"game": path.stem, "seq": line.seq, "event": line.public,
                               "state": line.state, "released": followed.released}))
        out.append(("state", {"game": path.stem, "seq": line.seq, "state": line.state}))
    out.append(("record", {"game": path.stem, "from": 1, "to": followed.released,
                           "lines": [ln.obj for ln in followed.lines[:followed.released]]}))
    out.append(("games", {"games": [{"game": path.stem, "seq": len(followed.lines),
                                     "released": followed.released}]}))
    return out


def named(leaf: str, doc: dict[str, Any], name: str) -> dict[str, Any]:
    """``doc`` about the game ``name`` (a game list names it in its one entry)."""
    if leaf == "games":
        return {**doc, "games": [{**doc["games"][0], "game": name}]}
    return {**doc, "game": name}


def swap(doc: Any, path: list[int | str], value: Any) -> Any:
    """``doc`` with the part that ``path`` picks replaced by ``value``: a key by its name
    (added when the object lacks it), or the n-th key or item."""
    if not path or not isinstance(doc, dict | list) or not doc:
        return value
    step = path[0]
    if isinstance(doc, dict):
        key = step if isinstance(step, str) else list(doc)[step % len(doc)]
        return {**doc, key: swap(doc.get(key), path[1:], value)}
    i = (step if isinstance(step, int) else len(step)) % len(doc)
    return [*doc[:i], swap(doc[i], path[1:], value), *doc[i + 1:]]


def payloads(bases: list[tuple[str, dict]]) -> st.SearchStrategy[tuple[str, bytes]]:
    # Each topic as likely as the others, whatever the number of its real messages.
    by_leaf = [st.sampled_from([b for b in bases if b[0] == leaf])
               for leaf in ("events", "state", "record", "games")]
    # A game the hub has not seen yet: one it knows would drop a message as a repeat
    # before looking at it, and the fuzz would prove nothing.
    base = st.builds(lambda b, k: (b[0], named(b[0], b[1], f"coda-fuzz-{k}")),
                     st.one_of(*by_leaf), st.integers(0, 10**9))
    steps = st.one_of(st.sampled_from(KEYS), st.integers(0, 50))
    mutated = st.builds(
        lambda base, path, value, leaf: (leaf or base[0], json.dumps(
            swap(base[1], path, value), allow_nan=True).encode()),
        base, st.lists(steps, min_size=1, max_size=4),
        values, st.one_of(st.none(), st.none(), st.sampled_from(LEAVES)))
    renamed = st.builds(
        lambda base, name: (base[0], json.dumps(named(base[0], base[1], name)).encode()),
        base, st.sampled_from(GAME_NAMES))
    raw = st.tuples(st.sampled_from(LEAVES), st.binary(max_size=300))
    deep = st.builds(lambda leaf, n, o: (leaf, (b"[" if o else b'{"a":') * n),
                     st.sampled_from(LEAVES), st.integers(100, 50_000), st.booleans())
    huge = st.builds(lambda leaf, extra: (leaf, json.dumps(
        {"game": "coda-huge", "seq": 1, "pad": "x" * (MAX_MESSAGE_BYTES + extra)}).encode()),
        st.sampled_from(LEAVES), st.integers(1, 2000))
    return st.one_of(mutated, mutated, mutated, renamed, raw, deep, huge)


def files_outside(root: Path, inside: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file() and inside not in p.parents}


def strict_json(data: bytes) -> Any:
    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON a browser reads")
    return json.loads(data.decode("utf-8"), parse_constant=refuse)


def test_the_hub_holds_against_a_hostile_table(tmp_path):
    setup = write_setup(tmp_path / "broker", "cafe", 3, bind="127.0.0.1")
    (tmp_path / "mq").mkdir()
    broker = Mosquitto(tmp_path / "mq")
    conf = setup.conf.read_text().replace("listener 1883 127.0.0.1",
                                          f"listener {broker.port} 127.0.0.1")
    broker.conf.write_text(conf + "persistence false\n"
                           + ("user root\n" if os.getuid() == 0 else ""))
    broker.start()
    hub_dir = tmp_path / "a" / "b" / "hub"
    hub = Hub(hub_dir, event="night")
    link = HubLink(hub, "cafe", "127.0.0.1", broker.port,
                   password=setup.passwords["hub"]).start()
    web = HubWeb(hub, "127.0.0.1", 0).start()
    pubs: list[Publisher] = []
    hostile: mqtt.Client | None = None
    try:
        assert link.connected.wait(10)
        good: dict[int, Path] = {}
        for t, (seed, names) in enumerate([(1, ["Ann", "Ben"]), (2, ["Cy", "Dee", "Eli"])], 1):
            data = tmp_path / f"table{t}"
            data.mkdir()
            table = RecordedTable(data, demo_lines(seed, len(names)), names)
            good[t] = table.path
            pubs.append(Publisher(ClubConfig("127.0.0.1", broker.port, "cafe", t,
                                             password=setup.passwords[f"table{t}"]),
                                  data).start())
            table.write(3)  # begun after the publisher: a game of tonight, not an old one
            assert pubs[-1].wait_idle(10)
            table.write()
            table.close()
        wait_until(lambda: all(
            (g := hub.games.get((t, p.stem))) is not None and g.lines == published_lines(p)
            for t, p in good.items()), 30, "the well-behaved games at the hub")
        players = {"Ann", "Ben", "Cy", "Dee", "Eli"}

        def well_behaved() -> dict[str, tuple[int, int, int, int]]:
            return {s.name: (s.points, s.games, s.wins, s.rounds_won)
                    for s in hub.standings() if s.name in players}
        counted = well_behaved()
        assert set(counted) == players and any(p for p, *_ in counted.values())

        hostile = mqtt.Client(callback_api_version=mqtt.CallbackAPIVersion.VERSION2,
                              client_id="coda-cafe-table-3")
        hostile.username_pw_set("table3", setup.passwords["table3"])
        on = threading.Event()
        hostile.on_connect = lambda c, u, f, rc, p: on.set()
        hostile.on_disconnect = lambda c, u, f, rc, p: on.clear()
        hostile.connect("127.0.0.1", broker.port)
        hostile.loop_start()
        assert on.wait(10)
        (tmp_path / "bases").mkdir()
        hostile_game = demo_lines(3, 2)
        hostile_game[0] = dict(hostile_game[0], players=["Eve", "Mal"])
        bases = public_messages(hostile_game, tmp_path / "bases")
        bases = [(leaf, named(leaf, doc, bases[0][1]["game"].replace("21-00", "21-30")))
                 for leaf, doc in bases]
        cases = [0]
        outside = files_outside(tmp_path, hub_dir)
        marks = ["online", "offline"]

        @settings(max_examples=CASES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(payloads(bases))
        def case(message: tuple[str, bytes]) -> None:
            assert hostile is not None
            leaf, payload = message
            cases[0] += 1
            wait_until(on.is_set, 10, "the hostile table connected")
            hostile.publish(f"coda/cafe/table/3/{leaf}", payload, qos=1).wait_for_publish(10)
            # A status after it, on the same connection: once the hub shows it, the hub
            # has taken the payload too (one client's messages arrive in order).
            mark = marks[cases[0] % 2]
            hostile.publish("coda/cafe/table/3/status", mark, qos=1).wait_for_publish(10)
            with hub.lock:  # woken by the hub as it takes the status (no 20 ms polls)
                assert hub.lock.wait_for(lambda: hub.status.get(3) == mark, timeout=10), \
                    "the hub to take the message"
            for path in ("", "api/state", "standings.csv", "events.csv", "ratings.csv"):
                with urllib.request.urlopen(web.url + path, timeout=10) as reply:
                    body = reply.read()
                    assert reply.status == 200 and body, path
                if path == "api/state":
                    state = strict_json(body)
                    assert {"1", "2"} <= set(state["tables"])
            assert well_behaved() == counted
            assert files_outside(tmp_path, hub_dir) == outside

        case()
        print(f"\nhub fuzz: {cases[0]} hostile messages, the hub held")
        assert cases[0] >= min(CASES, 100)
    finally:
        if hostile is not None:
            hostile.disconnect()
            hostile.loop_stop()
        for pub in pubs:
            pub.close(flush=0.2)
        web.close()
        link.close()
        hub.close()
        broker.stop()

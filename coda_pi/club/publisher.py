"""The table's side of a club night: follow the record files and publish them.

It runs on its own thread (and paho's network thread) and only ever reads what the device
has already written and fsynced, so play is never delayed or blocked, whatever the broker or
the Wi-Fi do. For each record line it publishes, at QoS 1, the public projection
(projection.py); once a round has ended, the round's full lines. The durable cursor
(cursor.py) advances only over lines the broker has acknowledged; after an outage the
publisher starts again right after them. The hub asks for anything it missed (``resend``).

The hub can only ask for a game it has heard of, so the table also keeps its night's game
list retained on the broker (``games``): the names of the games it published in the last
``NIGHT_HOURS``, newest ``MAX_LISTED``, each with its last line. It is published again at
each connection (a broker that restarted without its database has lost it, and whatever it
held for the hub), when a game begins and when one ends: never on a timer, so an idle
table's publisher sleeps as before. A game the broker lost whole, even one the table has
since moved on from, is then asked for.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coda_pi.club import topics
from coda_pi.club.cursor import Cursor, FileCursor
from coda_pi.club.follow import FollowedRecord
from coda_pi.club.messages import MAX_LISTED
from coda_pi.club.projection import events_payload, record_payload
from coda_pi.config import ClubConfig
from coda_pi.datadir import record_files
from coda_pi.i18n import _
from coda_pi.os_words import said
from coda_pi.record_names import is_record_name
from coda_pi.replay import replay_file

log = logging.getLogger(__name__)

POLL_SECONDS = 0.1  # how often the record files are looked at: a stat each, cheap on a Pi
# ... when nothing tells the publisher of new lines (``coda-pi club publish`` beside another
# process). On the device the record writer tells it (``tell``): an idle table's publisher
# sleeps until a line is written, a message arrives or the cursor is due to be saved.
# The cursor is saved at most this often while acknowledgements stream in (and at once when
# all is acknowledged): a crash costs at most this much publishing again, which the hub drops.
SAVE_SECONDS = 0.5
MAX_IN_FLIGHT = 200  # messages published and not yet acknowledged
KEEPALIVE = 15  # seconds: the broker hears from the table at least this often
# The games listed for the hub: those written to in the last hours (a club night), so a hub
# with a fresh directory is not handed last week's games to count tonight. A Pi without a
# real-time clock may still list older games; the hub does not ask again for a game it
# kept on an earlier night.
NIGHT_HOURS = 12


@dataclass
class _Sent:
    name: str
    kind: str  # "events" or "record"
    seq: int  # the last line the message carries


class Publisher:
    """Publishes every Coda record in ``data_dir`` to the club's broker. ``poll`` None: the
    records are looked at only when ``tell`` says a line was written (the device's own
    writer does), not every ``POLL_SECONDS``."""

    def __init__(self, club: ClubConfig, data_dir: Path, *,
                 poll: float | None = POLL_SECONDS) -> None:
        self.club = club
        self.data_dir = Path(data_dir)
        self.poll = poll
        self.cursor = Cursor.load(self.data_dir)
        self.records: dict[str, FollowedRecord] = {}
        self._sent_events: dict[str, int] = {}  # the last line published, acked or not
        self._sent_record: dict[str, int] = {}
        self._acked: dict[str, dict[str, set[int]]] = {}  # acks beyond the contiguous cursor
        self._in_flight: dict[int, _Sent] = {}
        self._inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._connected = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._idle = threading.Event()
        self._latest: tuple[str, int] | None = None  # (record, line) of the newest state sent
        self._active = ""  # the record that grew last: the table's game now
        self._list_due = True  # the game list is published at the next step connected
        self._listed: list[dict[str, Any]] | None = None  # the list last published
        self._dirty = False
        self._saved = 0.0
        self.published = 0
        self._client = self._make_client()

    # ---- life -------------------------------------------------------------------------------

    def start(self) -> Publisher:
        self._client.connect_async(self.club.host, self.club.port, keepalive=KEEPALIVE)
        client = self._client
        if callable(getattr(client, "_thread_main", None)):
            # paho's network thread wakes every second to look at the clock (its select's
            # timeout); a publish or a packet wakes it anyway, so only the keep-alive needs
            # the timeout: a third of it still pings in time, at a fifth of the wake-ups.
            def network() -> None:
                try:
                    client.loop_forever(timeout=KEEPALIVE / 3, retry_first_connection=True)
                finally:
                    client._thread = None

            client._thread_main = network
        client.loop_start()
        self._thread = threading.Thread(target=self._run, name="club-publisher", daemon=True)
        self._thread.start()
        return self

    def close(self, flush: float = 1.0) -> None:
        """Stops, after up to ``flush`` seconds for what is written to be acknowledged."""
        if self._thread is None:
            return
        self.wait_idle(flush)
        self._stop.set()
        self._inbox.put(("look", None))  # ends the thread's wait for news at once
        self._thread.join(timeout=5)
        self._thread = None
        if self._connected:
            info = self._client.publish(self._status_topic, "offline", qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout=1)
        self._client.disconnect()
        self._client.loop_stop()

    def tell(self, *_: object) -> None:
        """A line was written (any thread; the shape of ``OnRecorded``): look now."""
        self._inbox.put(("look", None))

    def wait_idle(self, timeout: float) -> bool:
        """True once every complete line has been acknowledged by the broker (for tests)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._idle.clear()
            self._inbox.put(("look", None))  # a look now, not at the next poll
            if self._idle.wait(min(0.5, max(0.0, deadline - time.monotonic()))) and \
                    self._all_acked():
                return True
        return self._all_acked()

    # ---- paho's thread: only puts news in the inbox -----------------------------------------

    @property
    def _status_topic(self) -> str:
        return topics.status(self.club.club, self.club.table)

    def _make_client(self) -> Any:
        from coda_pi.club.mqtt import failed, make_client

        c = self.club
        client = make_client(f"coda-{c.club}-table-{c.table}",
                             username=c.username or f"table{c.table}", password=c.password)
        client.will_set(self._status_topic, "offline", qos=1, retain=True)
        client.max_inflight_messages_set(100)

        def on_connect(client: Any, userdata: Any, flags: Any, rc: Any, props: Any) -> None:
            if failed(rc):
                log.warning("club broker %s:%s refused this table: %s", c.host, c.port, rc)
                return
            client.subscribe(topics.resend(c.club, c.table), qos=1)
            client.publish(self._status_topic, "online", qos=1, retain=True)
            self._inbox.put(("connected", None))

        def on_disconnect(client: Any, userdata: Any, flags: Any, rc: Any, props: Any) -> None:
            self._inbox.put(("disconnected", None))

        def on_publish(client: Any, userdata: Any, mid: int, rc: Any, props: Any) -> None:
            self._inbox.put(("ack", mid))

        def on_message(client: Any, userdata: Any, msg: Any) -> None:
            with contextlib.suppress(ValueError):
                self._inbox.put(("resend", json.loads(msg.payload)))

        client.on_connect = on_connect
        client.on_disconnect = on_disconnect
        client.on_publish = on_publish
        client.on_message = on_message
        return client

    # ---- the publisher's thread -------------------------------------------------------------

    def _run(self) -> None:
        try:
            self._first_look()  # here, not in start(): the device's start never waits on it
            self._follow_newest()
        except Exception:
            log.exception("club publisher: looking at the old records")
        while not self._stop.is_set():
            try:
                self._step()
            except Exception:  # the table plays on whatever happens here
                log.exception("club publisher")
                time.sleep(1)

    def _step(self) -> None:
        timeout = self.poll
        if self._dirty:  # the cursor is saved at most SAVE_SECONDS after it changed
            due = max(0.0, self._saved + SAVE_SECONDS - time.monotonic())
            timeout = due if timeout is None else min(timeout, due)
        try:
            item = self._inbox.get(timeout=timeout)
            self._handle(*item)
            while True:
                self._handle(*self._inbox.get_nowait())
        except queue.Empty:
            pass
        self._scan()
        self._send()
        idle = self._all_acked()
        now = time.monotonic()
        if self._dirty and (idle or now - self._saved >= SAVE_SECONDS):
            self._dirty = False
            self._saved = now
            self.cursor.save()
        if idle:
            self._idle.set()

    def _handle(self, kind: str, value: Any) -> None:
        if kind == "connected":
            self._connected = True
            self._rewind_all()
            self._latest = None  # the retained state again, in case the broker lost it
            self._list_due, self._listed = True, None  # and the game list
        elif kind == "disconnected":
            self._connected = False
            self._in_flight.clear()
            self._rewind_all()
        elif kind == "ack":
            sent = self._in_flight.pop(value, None)
            if sent is not None:
                self._ack(sent)
        elif kind == "resend" and isinstance(value, dict):
            self._resend(value)
        # "look" (from wait_idle and close) only wakes the thread: the step looks now.

    def _rewind_all(self) -> None:
        """Everything not acknowledged goes again, from the cursor."""
        for name in self.records:
            cur = self.cursor.get(name)
            self._sent_events[name] = cur.events
            self._sent_record[name] = cur.record

    def _resend(self, ask: dict[str, Any]) -> None:
        name = ask.get("game")
        if not is_record_name(name):  # becomes a path below: never "../../x"
            return
        record = self._record(name)
        if record is None:
            return
        for kind, sent in (("events", self._sent_events), ("record", self._sent_record)):
            since = ask.get(kind)
            if isinstance(since, int) and since >= 1:
                sent[name] = min(sent.get(name, 0), since - 1)

    def _record(self, name: str) -> FollowedRecord | None:
        if name in self.records:
            return self.records[name]
        path = self.data_dir / f"{name}.jsonl"
        if not path.is_file():
            return None
        return self._follow(path)

    def _first_look(self) -> None:
        """On the very first start, records already finished are old games: not sent."""
        if self.cursor.existed:
            return
        for path in record_files(self.data_dir):
            try:
                done = bool(replay_file(path).summary().get("finished"))
            except OSError:
                continue
            if done:
                self.cursor.files[path.stem] = FileCursor(skip=True)
        self.cursor.save()

    def _follow_newest(self) -> None:
        """The table's newest game is its game now, delivered whole or not: its state is
        published at every connection. A broker that restarts without its database (a
        crash, a power cut) keeps nothing, not even what it acknowledged and still held for
        the hub; a hub that lost a whole game that way has nothing to ask for, until this
        state names the game and its last line."""
        files = record_files(self.data_dir)
        if not files or not is_record_name(name := files[-1].stem):
            return
        if not self.cursor.files.get(name, FileCursor()).skip and \
                self._record(name) is not None:
            self._active = name

    def _follow(self, path: Path) -> FollowedRecord:
        record = FollowedRecord(path)
        self.records[record.name] = record
        cur = self.cursor.get(record.name)
        self._sent_events[record.name] = cur.events
        self._sent_record[record.name] = cur.record
        return record

    def _scan(self) -> None:
        for path in record_files(self.data_dir):
            name = path.stem
            if not is_record_name(name):
                continue  # a name the hub would refuse (record_names.py): not sent
            if name not in self.records:
                known = self.cursor.files.get(name, FileCursor())
                if known.skip or known.done:
                    continue  # old, or delivered whole: read again only if the hub asks
                self._follow(path)
            record = self.records[name]
            cur = self.cursor.get(name)
            if record.finished and cur.events >= len(record.lines) > 0:
                if cur.record >= record.released and not cur.done:
                    cur.done = True
                    self._dirty = True
                continue  # done and delivered: not even a read
            begun = bool(record.lines)
            if record.read_more():
                self._active = name
                # Listed as it begins (or is first read after a restart), and again as it
                # ends: its last line, for a hub that lost the end of it.
                if not begun or record.finished:
                    self._list_due = True
            if record.error is not None and not record.lines:
                self.cursor.get(name).skip = True  # a Mastermind record, say
                self.cursor.save()
                del self.records[name]

    def _send(self) -> None:
        if not self._connected:
            return
        c = self.club
        for name, record in self.records.items():
            sent = self._sent_events.get(name, 0)
            while sent < len(record.lines) and len(self._in_flight) < MAX_IN_FLIGHT:
                line = record.lines[sent]
                payload = {**events_payload(name, line.seq, line.public, line.state,
                                            record.released), "t": time.time()}
                self._publish(topics.events(c.club, c.table), payload,
                              _Sent(name, "events", line.seq))
                sent += 1
                self._sent_events[name] = sent
            # Then the full lines of ended rounds, after their public events: the hub
            # takes a record ahead of its events for a gap and would ask again.
            done = self._sent_record.get(name, 0)
            if record.released > done and len(self._in_flight) < MAX_IN_FLIGHT:
                lines = record.lines[done:record.released]
                payload = record_payload(name, done + 1, [ln.obj for ln in lines])
                self._publish(topics.record(c.club, c.table), payload,
                              _Sent(name, "record", record.released))
                self._sent_record[name] = record.released
        if self._list_due:
            self._list_due = False
            listed = self._night_list()
            if listed != self._listed:
                self._client.publish(topics.games(c.club, c.table),
                                     json.dumps({"games": listed, "t": time.time()}),
                                     qos=1, retain=True)
                self._listed = listed
        newest = None
        if self._active in self.records and self.records[self._active].lines:
            newest = (self._active, len(self.records[self._active].lines))
        if newest is not None and newest != self._latest:
            record = self.records[newest[0]]
            line = record.lines[-1]
            payload = {"game": newest[0], "seq": line.seq, "state": line.state,
                       "table": c.table, "t": time.time()}
            self._client.publish(topics.state(c.club, c.table), json.dumps(payload),
                                 qos=1, retain=True)
            self._latest = newest

    def _night_list(self) -> list[dict[str, Any]]:
        """The games this table published in the last ``NIGHT_HOURS``, oldest first, at most
        ``MAX_LISTED`` of the newest: each with its last line and how far it is released.
        A game delivered whole is not read again: its cursor says how long it is."""
        since = time.time() - NIGHT_HOURS * 3600
        listed: list[dict[str, Any]] = []
        for path in reversed(record_files(self.data_dir)):
            name = path.stem
            known = self.cursor.files.get(name)
            if known is None or known.skip or not is_record_name(name):
                continue  # never published: old, not a Coda game, or a name the hub refuses
            try:
                if path.stat().st_mtime < since:
                    continue
            except OSError:
                continue
            record = self.records.get(name)
            if record is not None and record.lines:
                seq, released = len(record.lines), record.released
            else:
                seq, released = known.events, known.record
            if seq >= 1:
                listed.append({"game": name, "seq": seq, "released": min(released, seq)})
            if len(listed) == MAX_LISTED:
                break
        return listed[::-1]

    def _publish(self, topic: str, payload: dict[str, Any], sent: _Sent) -> None:
        info = self._client.publish(topic, json.dumps(payload, ensure_ascii=False), qos=1)
        self._in_flight[info.mid] = sent
        self.published += 1

    def _ack(self, sent: _Sent) -> None:
        cur = self.cursor.get(sent.name)
        if sent.kind == "record":
            # A record message carries every line from the cursor on: it moves at once.
            if sent.seq > cur.record:
                cur.record = sent.seq
                self._dirty = True
            return
        pending = self._acked.setdefault(sent.name, {}).setdefault("events", set())
        pending.add(sent.seq)
        while cur.events + 1 in pending:
            pending.discard(cur.events + 1)
            cur.events += 1
            self._dirty = True
        pending.difference_update({s for s in pending if s <= cur.events})

    def _all_acked(self) -> bool:
        for name, record in self.records.items():
            cur = self.cursor.get(name)
            if cur.events < len(record.lines) or cur.record < record.released:
                return False
        return True


def start_publisher(
    club: ClubConfig, data_dir: Path, explain: Callable[[str], None] | None = None
) -> tuple[Callable[[], None], Callable[..., None]]:
    """Starts publishing ``data_dir`` to the club; returns the closer, and what the record
    writer calls after each line (the publisher looks at the records only then). Never
    raises: a table without paho-mqtt or a broker still plays, and says why it does not
    publish."""
    try:
        publisher = Publisher(club, data_dir, poll=None).start()
    except Exception as err:  # noqa: BLE001 - play goes on without the club
        if explain is not None:
            explain(_("not publishing to the club ({why})").format(why=said(err)))
        return (lambda: None), (lambda *_: None)
    return publisher.close, publisher.tell

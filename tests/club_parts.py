"""Real parts for the club-night tests: a Mosquitto broker on a loopback port, tables that
write real demo records line by line, and waiting with a deadline."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from coda_pi.record import RecordWriter, read_record

MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto"
                                          if os.path.exists("/usr/sbin/mosquitto") else None)
need_mosquitto = pytest.mark.skipif(
    MOSQUITTO is None,
    reason="no mosquitto (Debian's package: apt install mosquitto; .ci/run installs it)",
)


PORTS_PER_WORKER = 500
_next_port = 0


def free_port() -> int:
    """A loopback port nobody listens on, from this test process's own range.

    Under pytest-xdist every worker draws from a range of its own below Linux's ephemeral
    ports (32768 on), so neither another worker nor a connection's ephemeral port can take a
    broker's port between its stop and its start again."""
    global _next_port
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    base = 20000 + PORTS_PER_WORKER * (int(worker) if worker.isdigit() else 0)
    for _ in range(PORTS_PER_WORKER):
        port = base + _next_port % PORTS_PER_WORKER
        _next_port += 1
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use (a broker this worker still runs, or another program)
            return port
    raise AssertionError(f"no free port in {base}-{base + PORTS_PER_WORKER - 1}")


def wait_until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


class Mosquitto:
    """A real broker on 127.0.0.1 that the test can stop and start again on the same port."""

    def __init__(self, directory: Path, *, extra: str = "") -> None:
        assert MOSQUITTO is not None
        self.directory = directory
        self.port = free_port()
        self.conf = directory / "mosquitto.conf"
        self.conf.write_text(
            f"listener {self.port} 127.0.0.1\n"
            + (extra or "allow_anonymous true\n")
            + "persistence false\n"
        )
        self.log = directory / "mosquitto.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Mosquitto:
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], stdout=log,
                                         stderr=subprocess.STDOUT)
        wait_until(self._listening, 10, "mosquitto to listen")
        return self

    def _listening(self) -> bool:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise AssertionError(f"mosquitto exited: {self.log.read_text()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
            return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


def broker(tmp_path: Path, **kw: Any) -> Iterator[Mosquitto]:
    b = Mosquitto(tmp_path, **kw).start()
    try:
        yield b
    finally:
        b.stop()


_DEMO_RECORDS: dict[tuple[int, int, int, int | None], list[dict[str, Any]]] = {}


def demo_lines(seed: int, players: int, rounds: int = 1,
               play_seed: int | None = None) -> list[dict[str, Any]]:
    """The lines of a real headless demo game (cached for the session: same seed, same game).

    ``play_seed`` gives the simulated players a choice of their own while the referee deals
    from ``seed`` as usual: the same deal, played another way (a club's duplicate round)."""
    key = (seed, players, rounds, play_seed)
    if key not in _DEMO_RECORDS:
        import tempfile

        from coda_pi.config import Config
        from coda_pi.demo import run_demo

        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "demo.jsonl"
            if play_seed is None:
                result = run_demo(Config(), headless=True, seed=seed, record=path,
                                  players=players, rounds=rounds, draw=False)
            else:
                result = _demo_played_by(seed, play_seed, path, players, rounds)
            assert result.finished
            _DEMO_RECORDS[key] = [line.obj for line in read_record(path).lines]
    return [dict(o) for o in _DEMO_RECORDS[key]]


def _demo_played_by(seed: int, play_seed: int, path: Path, players: int, rounds: int) -> Any:
    """run_demo's headless game, with the players' choices drawn from ``play_seed``."""
    import random
    import tempfile

    from coda_pi import demo
    from coda_pi.config import Config

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    config = Config()
    setup, mastermind = demo._demo_setup(config, players=players, rounds=rounds,
                                         pool="device", dashes=None, game="coda", games=2)
    clock, waiter, sounder = demo._demo_clock(True)
    with tempfile.TemporaryDirectory() as data:
        return demo._play(config, headless=True, seed=seed, record=path, data_dir=Path(data),
                          screenshots=None, speed=1.0, size=None, fullscreen=None,
                          max_steps=500_000, ack_log=None, notices=(), setup=setup,
                          mastermind=mastermind, game="coda",
                          players_rng=random.Random(play_seed),
                          referee_rng=random.Random(seed), clock=clock, waiter=waiter,
                          sounder=sounder, draw=False)


class RecordedTable:
    """A table whose device writes a real game's lines, one durable write at a time."""

    def __init__(self, data_dir: Path, lines: list[dict[str, Any]], players: list[str],
                 name: str = "coda-2026-11-23T20-00-00") -> None:
        self.path = data_dir / f"{name}.jsonl"
        header = dict(lines[0], players=list(players))
        assert len(players) == len(lines[0]["players"])
        self.lines = [header, *lines[1:]]
        self.written = 0
        self.writer = RecordWriter(self.path)
        self.times: list[float] = []  # when each line's write returned

    def write(self, n: int | None = None) -> None:
        stop = len(self.lines) if n is None else min(len(self.lines), self.written + n)
        while self.written < stop:
            self.writer.write(self.lines[self.written])
            self.times.append(time.time())
            self.written += 1

    @property
    def done(self) -> bool:
        return self.written == len(self.lines)

    def close(self) -> None:
        self.writer.close()


def file_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def published_lines(path: Path) -> list[dict[str, Any]]:
    """A record's lines as the club feed carries them in full: without the dealer's seed,
    which never leaves the table (``club.projection.published_line``, issue 20)."""
    from coda_pi.club.projection import published_line

    return [published_line(obj) for obj in file_lines(path)]


def public_facts(lines: list[dict[str, Any]]) -> list[tuple[list, bool, set[str]]]:
    """For each line (index seq - 1), from one replay of the record: every panel's number as
    the public screen may show it (None while it stands hidden), whether a round is being
    played, and the hidden panels as the record names them."""
    from coda_pi.record import Journal
    from coda_pi.replay import start_journal
    from coda_pi.rules.coda import Phase

    journal = start_journal(lines[0])
    out = []
    for n, obj in enumerate(lines):
        if n:
            journal.undo() if obj.get("event") == "undo" else journal.apply(obj)
        game = journal.game
        shown = [[s.tile.value if s.revealed else None for s in row] for row in game.rows]
        hidden = {f"{s.tile.color.value}{s.tile.value}" for row in game.rows for s in row
                  if not s.revealed and s.tile.known}
        if game.drawn is not None and game.drawn.known:
            hidden.add(f"{game.drawn.color.value}{game.drawn.value}")
        out.append((shown, game.phase not in (Phase.ROUND, Phase.FINISHED), hidden))
    assert isinstance(journal, Journal)
    return out


def assert_public(facts: list[tuple[list, bool, set[str]]], payload: dict[str, Any]) -> bool:
    """Fails when an events payload shows more than the table's public screen would: a
    panel's number only once it stands face up, and no hidden panel's name anywhere.
    Returns True when the line was played mid-round."""
    shown, mid_round, hidden = facts[payload["seq"] - 1]
    values = [[p["value"] for p in row] for row in payload["state"]["rows"]]
    assert values == shown, payload["seq"]
    text = json.dumps(payload)
    for tile in hidden:
        assert f'"{tile}"' not in text, (payload["seq"], tile, text)
    return mid_round

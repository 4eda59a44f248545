"""Killing the device at any moment never loses an acknowledged event, and starting it again
always continues the same tournament.

The demo runs as a separate process on its own record (forked with its imports done,
tests/forked_cli.py; the ack-log test starts ``python -m coda_pi.cli`` itself), with
``--ack-log``: one line per record line, written only after the record's write (flush,
fsync) has returned, that is when the device would announce the event. The test kills it
with SIGKILL at a random moment (below), checks the record, and starts the demo again on
the same record, over and over, until the tournament is finished. A kill between a line's
write and its acknowledgement leaves a line the device never announced: that one may be
there or not, every acknowledged one must be. SIGKILL stands in for a power cut at the
level of the process: what the demo had handed to the kernel survives it, which is what the
record's fsync guarantees against a real power cut.

Mastermind is killed the same way (``demo --game mastermind``): there the device, breaking a
code the record does not hold yet, keeps each row it shows beside the record
(``NAME.pending``) until the code is broken; the ack log names each such row once it is
stored, and every row named must be found again, beside the record or in it after its code.

``CODA_PI_CRASH_KILLS`` sets the number of kills (default 16); ``CODA_PI_CRASH_SEED`` makes
the kill moments repeatable (the seed is printed, and named in every failure).

The kills land by construction, whatever the machine's speed: each is planned at a random
number of acknowledged lines into the tournament, and made once the ack log holds that many
plus a short random delay (so it falls anywhere in the next line's work, between a record's
write and its acknowledgement too); some are made while a run starts and resumes its record,
before it acknowledges anything. Each Coda pool has a test per table size, its kills shared
out among them; each test plays one tournament (another only in the rare case that one ends
before its last planned kill).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import forked_cli
import pytest
from forked_cli import ForkedCommand

from coda_pi.record import parse_record
from coda_pi.replay import replay_file

KILLS = int(os.environ.get("CODA_PI_CRASH_KILLS", "16"))
PLAYERS = (2, 3, 4)  # tables of every size, a test each
# How far into a tournament the kills are planned: among the first nine tenths of this many
# acknowledgements (measured, a Coda tournament makes 80 to 167 at any table size and pool,
# Mastermind's match of six 42 to 66). A tournament that ends before a planned kill passes
# the kills left on to another one.
CODA_ACKS, MASTERMIND_ACKS = 120, 45
AT_START = 0.15  # of the kills are made while a run starts (and resumes the record)
START_KILL_WITHIN = 0.6  # seconds after a run starts
AFTER_ACK_WITHIN = 0.03  # seconds after the planned acknowledgement (a line takes ~20 ms)
HANG = 600.0  # seconds a run may take before the test calls it hung (qemu on arm64 is slow)


def _env(tmp_path: Path) -> dict[str, str]:
    config = tmp_path / "config.toml"
    config.write_text("")  # not the config of whoever runs the tests
    return os.environ | {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "CODA_PI_CONFIG": str(config),
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        # A demo killed with SIGKILL cannot remove its temporary directory: keep it here.
        "TMPDIR": str(tmp_path),
    }


MASTERMIND_GAMES = 6  # the device breaks three codes and makes three: a match long enough


def _demo_argv(record: Path, acks: Path, seed: int, *, players: int = 3, rounds: int = 3,
               table_pool: bool = False, game: str = "coda", pool: str | None = None,
               ) -> list[str]:
    which = (["--game", "mastermind", "--games", str(MASTERMIND_GAMES)]
             if game == "mastermind" else
             ["--players", str(players), "--rounds", str(rounds),
              *(["--table-pool"] if table_pool else []),
              *(["--pool", pool] if pool else [])])
    # No frames: what is checked is the record, and the frames cost four times the play.
    return ["demo", "--headless", "--no-frames", "--seed", str(seed), "--size", "320x240",
            "--record", str(record), "--ack-log", str(acks), *which]


def _demo(record: Path, acks: Path, seed: int, env: dict[str, str], **kw: Any
          ) -> subprocess.Popen[bytes]:
    """The demo as the command starts it (``python -m coda_pi.cli``)."""
    return subprocess.Popen([sys.executable, "-m", "coda_pi.cli",
                             *_demo_argv(record, acks, seed, **kw)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _forked_demo(record: Path, acks: Path, seed: int, env: dict[str, str], run: int,
                 **kw: Any) -> ForkedCommand:
    """The same demo in a process forked with its imports done (tests/forked_cli.py): the
    kill tests start some fifty, and each would spend a third of a second importing."""
    return ForkedCommand(_demo_argv(record, acks, seed, **kw), env,
                         record.with_name(f"run-{run}"))


@pytest.fixture(scope="module", autouse=True)
def _forked_runs_counted() -> Iterator[None]:
    yield
    forked_cli.stop()


def _ack_entries(acks: Path, record: Path) -> list[Any]:
    if not acks.exists():
        return []
    # The ack log is unbuffered and written line by line: a kill can leave at most a torn
    # last line, which acknowledged nothing (the device had not announced it yet).
    text = parse_record(acks.read_bytes())
    assert text.error is None
    entries = [line.obj for line in text.lines]
    assert {e["record"] for e in entries} <= {str(record)}, "an event went to another record"
    return entries


def _acknowledged(acks: Path, record: Path) -> list[Any]:
    """The record lines acknowledged, in order."""
    return [e["line"] for e in _ack_entries(acks, record) if "line" in e]


def _kept_rows_lost(record: Path, acks: Path) -> list[str]:
    """Mastermind rows the device showed (stored beside the record) and no longer has.

    Each kept-aside acknowledgement names the rows the device breaks with so far, after the
    record's first ``after`` events. They must still be there: beside the record while it
    holds no more events, else in the record right after those events, as the code (the
    last row) and its rows, which the device writes once the code is broken."""
    lines = _lines(record)
    events = lines[1:]
    pending = record.with_name(record.name + ".pending")
    beside = json.loads(pending.read_text()) if pending.exists() else None
    lost = []
    for entry in _ack_entries(acks, record):
        kept = entry.get("aside", False)
        if not kept:  # a record line, or "nothing kept now"
            continue
        rows, after = kept["device_rows"], kept["after"]
        aside = beside["device_rows"] if beside and beside["after"] == after else []
        if len(events) == after:
            stored = aside
        else:
            written = [] if events[after].get("event") != "code" else list(
                itertools.takewhile(lambda e: e.get("event") == "guess", events[after + 1:]))
            stored = [{"code": e.get("code"), "keys": e.get("keys")} for e in written]
            if aside[: len(stored)] == stored:
                # Cut while the broken code's rows were written: the restart writes the
                # rest from beside the record (test_hardening_mastermind_rows.py).
                stored = max(stored, aside, key=len)
        if stored[: len(rows)] != rows:
            lost.append(f"rows {[r['code'] for r in rows]} after event {after}, "
                        f"stored {[r['code'] for r in stored]}")
    return lost


def _lines(record: Path) -> list[Any]:
    if not record.exists():
        return []
    return [line.obj for line in parse_record(record.read_bytes()).lines]


def _unacknowledged(lines: list[Any], acknowledged: list[Any]) -> int:
    """How many runs of record lines in a row are not in the acknowledgement log, once every
    acknowledged line has been found in the record, in order (else the test fails).

    The loop acknowledges the lines one press wrote together, once their fsync returned
    (coda_pi/fsync_thread.py): a kill before that leaves them all unannounced, in a row."""
    found = runs = 0
    after_acknowledged = True
    for line in lines:
        if found < len(acknowledged) and line == acknowledged[found]:
            found += 1
            after_acknowledged = True
        elif after_acknowledged:
            runs += 1
            after_acknowledged = False
    assert found == len(acknowledged), f"acknowledged line {found + 1} is not in the record"
    return runs


def _check(
    record: Path, acks: Path, before: bytes, why: str, kills: int
) -> dict[str, Any] | None:
    """The record replays, holds every acknowledged line in order, and kept everything it
    held before this run. Returns its replay summary (None while it has no line).

    A kill between the record's write and the acknowledgement leaves the lines of that press
    in the record, never announced: allowed, at most one run of them per kill of this
    record."""
    acknowledged = _acknowledged(acks, record)
    lines = _lines(record)
    try:
        extra = _unacknowledged(lines, acknowledged)
    except AssertionError as err:
        raise AssertionError(f"{why}: an acknowledged event was lost: {err}") from None
    assert extra <= kills, f"{why}: {extra} runs of lines written without being announced"
    after = record.read_bytes() if record.exists() else b""
    torn = parse_record(before).torn_line is not None
    kept = before[: before.rfind(b"\n") + 1] if torn else before
    assert after.startswith(kept), f"{why}: what the record held was rewritten"
    lost = _kept_rows_lost(record, acks)
    assert not lost, f"{why}: a row the device showed was lost: {lost[0]}"
    if not lines:
        return None
    replay = replay_file(record)
    assert replay.error is None, f"{why}: the record does not replay: {replay.error}"
    return replay.summary()


def _share(kills: int, seats: int) -> int:
    """The kills of one table size: ``kills`` spread over the sizes of PLAYERS."""
    i = PLAYERS.index(seats)
    return kills // len(PLAYERS) + (1 if i < kills % len(PLAYERS) else 0)


# One test per table size: tournaments of every size, each test short enough for the
# workers to share them out.
each_size = pytest.mark.parametrize("seats", PLAYERS, ids=lambda n: f"{n} seats")


@each_size
def test_killed_at_random_moments_the_tournament_goes_on_with_nothing_acknowledged_lost(
    tmp_path: Path, seats: int,
) -> None:
    _kill_and_resume(tmp_path, _share(KILLS, seats), seats=seats)


@each_size
def test_table_pool_play_killed_at_random_moments_goes_on_with_nothing_lost(
    tmp_path: Path, seats: int,
) -> None:
    """The same with the players drawing real panels: each restart resumes the record, its
    simulated players given panels the record allows (issue 12, items 9 and the crash
    test)."""
    _kill_and_resume(tmp_path, _share(max(4, KILLS // 2), seats), seats=seats,
                     table_pool=True)


@each_size
def test_entered_pool_play_killed_at_random_moments_goes_on_with_nothing_lost(
    tmp_path: Path, seats: int,
) -> None:
    """The same with the players drawing real panels and entering them: each restart
    resumes the record, its simulated table given back the panels the record holds (issue
    22: a resumed entered-pool demo made up another table and never finished)."""
    _kill_and_resume(tmp_path, _share(max(4, KILLS // 2), seats), seats=seats,
                     pool="entered")


def test_mastermind_killed_at_random_moments_goes_on_with_no_row_shown_lost(
    tmp_path: Path,
) -> None:
    """The same for a Mastermind match against the device, both ways round: every line
    acknowledged is in the record, every row the device showed while breaking a code is
    beside the record or in it, and each restart resumes the match (issue 12)."""
    _kill_and_resume(tmp_path, max(4, KILLS // 2), seats=2, game="mastermind")


def _acks_made(acks: Path) -> int:
    """How many acknowledgements the log holds (a torn last line is not one yet)."""
    return acks.read_bytes().count(b"\n") if acks.exists() else 0


def _kill_plan(rng: random.Random, kills: int, expected: int) -> list[int]:
    """After how many acknowledgements of a tournament each of its ``kills`` is made, in
    order: at random places among the ``expected`` ones, a few while a run starts."""
    places = sorted(rng.sample(range(1, max(expected * 9 // 10, kills + 1)), kills))
    return [0 if rng.random() < AT_START else place for place in places]


def _run_until_killed(proc: ForkedCommand, acks: Path, at: int | None,
                      rng: random.Random, why: str) -> None:
    """Let the demo run; with ``at``, kill it (SIGKILL) a moment after the ack log holds
    ``at`` acknowledgements (at once when it already does: while the run starts and
    resumes the record), unless it ends first."""
    started = time.monotonic()
    if at is None:
        try:
            proc.wait(timeout=HANG)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError(f"{why}: the demo did not end in {HANG:.0f} s") from None
        return
    delay = AFTER_ACK_WITHIN
    if at <= _acks_made(acks):
        delay = START_KILL_WITHIN
    while _acks_made(acks) < at and proc.poll() is None:
        if time.monotonic() - started > HANG:
            proc.kill()
            raise AssertionError(f"{why}: no acknowledgement {at} in {HANG:.0f} s")
        time.sleep(0.005)
    time.sleep(rng.uniform(0, delay))
    proc.send_signal(signal.SIGKILL)  # nothing, when it has ended
    proc.wait()


def _kill_and_resume(tmp_path: Path, total_kills: int, *, seats: int,
                     table_pool: bool = False, game: str = "coda", pool: str | None = None,
                     ) -> None:
    """One tournament (a match for Mastermind) at a table of ``seats``, killed
    ``total_kills`` times and resumed to its end; another when it ended before them all."""
    seed = int(os.environ.get("CODA_PI_CRASH_SEED", str(time.time_ns() % 1_000_000)))
    rng = random.Random(seed)
    env = _env(tmp_path)
    started = time.monotonic()
    kills = runs = games = 0
    killed_mid_game = acked = kept = 0
    while games == 0 or kills < total_kills:
        games += 1
        assert games <= 1 + total_kills, f"crash seed {seed}: the kills never land"
        plan = _kill_plan(rng, total_kills - kills,
                          MASTERMIND_ACKS if game == "mastermind" else CODA_ACKS)
        folder = tmp_path / f"table-{games}"
        folder.mkdir()
        record, acks = folder / "tournament.jsonl", folder / "acks.jsonl"
        summary: dict[str, Any] | None = None
        kills_here = 0
        while summary is None or not summary["finished"]:
            runs += 1
            why = f"crash seed {seed}, game {games}, run {runs}"
            assert runs < 10 * total_kills + 20, f"{why}: the tournament never finishes"
            before = record.read_bytes() if record.exists() else b""
            proc = _forked_demo(record, acks, seed + runs, env, runs, players=seats,
                                table_pool=table_pool, game=game, pool=pool)
            at = plan[kills_here] if kills_here < len(plan) and kills < total_kills else None
            if at == 0 and not record.exists():
                at = 1  # the kills while a run starts are kills while it resumes a record
            _run_until_killed(proc, acks, at, rng, why)
            out, err = proc.communicate()
            if proc.returncode == -signal.SIGKILL:
                kills += 1
                kills_here += 1
            else:
                assert proc.returncode == 0, f"{why}: the demo failed: {err.decode()}"
            summary = _check(record, acks, before, why, kills_here)
            if proc.returncode == -signal.SIGKILL and summary and not summary["finished"]:
                killed_mid_game += 1
            if proc.returncode == 0:
                # Run to its end: the final screen showed the totals the record replays to
                # (the demo exits 1 otherwise), and the tournament is complete.
                assert summary is not None and summary["finished"], why
                if game == "mastermind":
                    played = [g for g in summary["games"] if not g["void"]]
                    assert len(played) == MASTERMIND_GAMES, why
                else:
                    assert len(summary["rounds"]) == 3, why
                assert b"final screen" in out, why
        entries = _ack_entries(acks, record)
        acked += sum(1 for e in entries if "line" in e)
        kept += sum(len(e["aside"]["device_rows"]) for e in entries if e.get("aside"))
        # One tournament, one record: no resumed run started a game of its own beside it.
        assert sorted(p.name for p in folder.glob("*.jsonl")) == [
            "acks.jsonl", "tournament.jsonl"], f"crash seed {seed}, game {games}"
    print(f"crash test ({game}, {seats} seats): seed {seed}, {kills} kills "
          f"({killed_mid_game} mid-game), "
          f"{runs} runs, {games} tournaments, {acked} lines and {kept} kept rows "
          f"acknowledged, 0 lost, {time.monotonic() - started:.1f} s")
    assert killed_mid_game >= total_kills // 2, "the kills should mostly land inside games"


def test_an_acknowledgement_log_names_each_line_after_the_record_holds_it(tmp_path: Path) -> None:
    """The side file the crash test relies on: one entry per record line, same order."""
    env = _env(tmp_path)
    record, acks = tmp_path / "r.jsonl", tmp_path / "acks.jsonl"
    proc = _demo(record, acks, 5, env, players=2, rounds=1)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err.decode()
    acknowledged = _acknowledged(acks, record)
    assert acknowledged == _lines(record)
    assert acknowledged[0]["game"] == "coda" and acknowledged[-1]["event"] in (
        "guess", "stop", "place", "reveal", "timeout")
    # Run again on the finished record: it is left alone and a new tournament goes beside it.
    before = record.read_bytes()
    again = _demo(record, acks, 6, env, players=2, rounds=1)
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err.decode()
    assert record.read_bytes() == before
    beside = [p for p in tmp_path.glob("*.jsonl") if p not in (record, acks)]
    assert len(beside) == 1 and replay_file(beside[0]).summary()["finished"]
    assert json.loads(acks.read_text().splitlines()[-1])["record"] == str(beside[0])


def test_the_check_catches_a_lost_acknowledged_line_and_counts_unannounced_ones() -> None:
    header, a, b, c = {"game": "coda"}, {"event": "round"}, {"event": "deal"}, {"event": "draw"}
    # Killed after writing b and before acknowledging it, then resumed: b is extra, not lost.
    assert _unacknowledged([header, a, b, c], [header, a, c]) == 1
    assert _unacknowledged([header, a], [header, a]) == 0
    # Killed after one press wrote b and c, before they were acknowledged: one run.
    assert _unacknowledged([header, a, b, c], [header, a]) == 1
    assert _unacknowledged([header, b, a, c], [header, a]) == 2
    for lost in ([header, a, c], [header, c, b, a]):  # b acknowledged, then missing or moved
        with pytest.raises(AssertionError):
            _unacknowledged(lost, [header, a, b, c])


def test_the_check_finds_a_mastermind_row_shown_and_then_lost(tmp_path: Path) -> None:
    record, acks = tmp_path / "r.jsonl", tmp_path / "acks.jsonl"
    header = {"game": "mastermind", "players": ["Ann", "Device"]}
    row1 = {"code": "BBGK", "keys": {"black": 0, "white": 2}}
    row2 = {"code": "GRKR", "keys": {"black": 1, "white": 1}}
    code = {"event": "code", "maker": 0, "code": "YKRB"}
    shown = [{"record": str(record), "line": header},
             {"record": str(record), "aside": {"device_rows": [row1], "after": 0}},
             {"record": str(record), "aside": {"device_rows": [row1, row2], "after": 0}}]
    acks.write_text("".join(json.dumps(e) + "\n" for e in shown))
    pending = record.with_name(record.name + ".pending")

    def lost(lines: list[Any], beside: dict[str, Any] | None) -> list[str]:
        record.write_text("".join(json.dumps(line) + "\n" for line in lines))
        pending.unlink(missing_ok=True)
        if beside is not None:
            pending.write_text(json.dumps(beside))
        return _kept_rows_lost(record, acks)

    assert lost([header], {"device_rows": [row1, row2], "after": 0}) == []
    assert lost([header, code, row1 | {"event": "guess"}, row2 | {"event": "guess"}], None) == []
    # Cut after the code and the first row: the second is still beside the record.
    assert lost([header, code, row1 | {"event": "guess"}],
                {"device_rows": [row1, row2], "after": 0}) == []
    assert lost([header], {"device_rows": [row1], "after": 0})  # the second row is gone
    assert lost([header], None)  # everything beside the record is gone
    assert lost([header, code, row1 | {"event": "guess"}], None)  # written only in part

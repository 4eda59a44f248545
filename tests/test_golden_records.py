"""Golden records: hand-written games and broken records with their expected replay, checked
through the real command like python-chess's perft files (its ``main`` in this process for
each record, a process of its own for its readable output and its stderr).

Each ``tests/records/NAME.jsonl`` (and ``errors/NAME.jsonl``) sits beside
``NAME.expected.json``, the whole object ``coda-pi replay NAME.jsonl --json`` must print. The
expected values were worked out by hand from the published rules and the tournament scoring,
not by running the code. (``records/spec``, ``mastermind`` and ``table-pool`` are others'.)
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from coda_pi.cli import main

RECORDS = Path(__file__).resolve().parent / "records"
# Every golden record, Coda, table-pool and Mastermind alike, goes through the real command.
GOLDEN = sorted(RECORDS.rglob("*.jsonl"))


def replay(record: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """``coda-pi replay`` as a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "coda_pi.cli", "replay", str(record), *options],
        capture_output=True, text=True, check=False,
    )


def replay_here(record: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """The same command's ``main`` in this process: the same output and exit code without
    starting Python again for each of the records (the tests below and test_cli_* run it
    as a process)."""
    out, err = io.StringIO(), io.StringIO()
    argv = ["replay", str(record), *options]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def test_there_is_a_golden_record_for_each_kind() -> None:
    names = {p.relative_to(RECORDS).with_suffix("").as_posix() for p in GOLDEN}
    assert {"tournament-3-rounds", "four-players-eliminations", "dashes", "empty-pool",
            "torn-tail"} <= names
    assert len([n for n in names if n.startswith("errors/")]) >= 20
    assert len([n for n in names if n.startswith("mastermind/")]) >= 10
    assert len([n for n in names if n.startswith("table-pool/")]) >= 5


@pytest.mark.parametrize("record", GOLDEN, ids=lambda p: p.relative_to(RECORDS).as_posix())
def test_replay_prints_the_expected_object_and_exit_code(record: Path) -> None:
    expected = json.loads(record.with_suffix(".expected.json").read_text())
    run = replay_here(record, "--json")
    assert json.loads(run.stdout) == expected
    assert run.returncode == (2 if expected["error"] else 0), run.stderr
    if record.parent.name == "errors":
        assert expected["error"] is not None, "an error record must break a rule"


def test_the_torn_tail_is_reported_on_stderr() -> None:
    run = replay(RECORDS / "torn-tail.jsonl", "--json")
    assert run.returncode == 0
    assert "line 7 was cut short" in run.stderr
    assert (RECORDS / "torn-tail.jsonl").read_bytes()[-1:] != b"\n"


def test_the_readable_summary_of_a_tournament() -> None:
    run = replay(RECORDS / "tournament-3-rounds.jsonl")
    assert run.returncode == 0
    lines = run.stdout.splitlines()
    assert "Ann" in lines[0] and "Ben" in lines[0]
    rounds = [line for line in lines if "round" in line]
    assert len(rounds) == 3
    for line, winner, ann, ben in zip(rounds, ["Ann", "Ben", "Ann"], [39, 1, 17], [2, 40, 2],
                                      strict=True):
        assert f"won by {winner}" in line
        assert f"Ann {ann}" in line and f"Ben {ben}" in line
    total = next(line for line in lines if "total" in line)
    assert "Ann 57" in total and "Ben 44" in total
    assert "error" not in run.stdout


def test_the_readable_summary_names_the_error_and_its_line() -> None:
    run = replay(RECORDS / "errors" / "claim-out-of-order.jsonl")
    assert run.returncode == 2
    error = next(line for line in run.stdout.splitlines() if "error" in line)
    assert "line 7" in error and "row out of order" in error
    assert "L10 cannot stand left of L8" in error

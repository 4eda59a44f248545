"""The golden Mastermind records, fed through the engine line by line.

`coda-pi replay` reads the same files; this checks the engine's half on its own: the
header, each event in turn, and `undo` as a restored deepcopy snapshot.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from coda_pi.rules.errors import RuleError
from coda_pi.rules.mastermind import MastermindHeader, MastermindMatch

RECORDS = Path(__file__).parent / "records" / "mastermind"
NAMES = sorted(p.name.removesuffix(".jsonl") for p in RECORDS.glob("*.jsonl"))


def replay(path: Path) -> dict[str, Any]:
    lines = path.read_text(encoding="utf-8").splitlines()
    numbered = [(n, json.loads(text)) for n, text in enumerate(lines, start=1) if text.strip()]
    (_, header), events = numbered[0], numbered[1:]
    match = MastermindMatch(MastermindHeader.from_dict(header))
    snapshots: list[MastermindMatch] = []
    error = None
    for number, event in events:
        try:
            if event.get("event") == "undo":
                if not snapshots:
                    raise RuleError("there is nothing to undo")
                match = snapshots.pop()
                continue
            before = copy.deepcopy(match)
            match.apply(event)
            snapshots.append(before)
        except RuleError as e:
            error = {"line": number, "message": e.message}
            break
    return match.summary() | {"error": error}


def test_there_is_a_record_per_rule():
    assert len(NAMES) >= 10
    assert all((RECORDS / f"{name}.expected.json").exists() for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_record_replays_to_its_expected_object(name):
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    got = replay(RECORDS / f"{name}.jsonl")
    assert got == expected
    assert list(got) == list(expected)  # key order as the spec prints it
    assert (got["error"] is None) == (not name.startswith("error-"))

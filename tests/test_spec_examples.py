"""The spec's example records, replayed through the real command: the exact output it demands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"
if not EXAMPLES.is_dir():  # CI clones main with shared/ beside it; a lone checkout may not
    EXAMPLES = Path(__file__).resolve().parents[1] / "tests" / "records" / "spec"

RECORDS = sorted(EXAMPLES.glob("*.jsonl"))


def test_examples_are_there() -> None:
    assert len(RECORDS) >= 4, f"no spec examples found in {EXAMPLES}"


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_replay_prints_exactly_the_expected_object(record: Path) -> None:
    expected_text = record.with_suffix(".expected.json").read_text().strip()
    expected = json.loads(expected_text)
    run = subprocess.run(
        [sys.executable, "-m", "coda_pi.cli", "replay", str(record), "--json"],
        capture_output=True, text=True, check=False,
    )
    assert json.loads(run.stdout) == expected
    assert run.stdout.strip() == expected_text
    assert run.returncode == (2 if expected["error"] else 0)


def test_the_bundled_copy_matches_the_spec() -> None:
    shared = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"
    bundled = Path(__file__).resolve().parent / "records" / "spec"
    if not shared.is_dir():
        pytest.skip("shared/ is not beside this checkout")
    for record in shared.glob("*.json*"):
        assert (bundled / record.name).read_bytes() == record.read_bytes(), record.name

"""tools/cpu-table's schedule (``--schedule``): what a run's tests would take on an idle
machine, from their CPU and their waits, and where the run's last seconds went."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path
from types import ModuleType

TOOL = Path(__file__).resolve().parent.parent / "tools" / "cpu-table"


def _table() -> ModuleType:
    loader = SourceFileLoader("cpu_table", str(TOOL))
    module = ModuleType(loader.name)
    loader.exec_module(module)
    return module


def test_the_idle_wall_shares_the_cpus_and_overlaps_the_waits() -> None:
    idle_wall = _table().idle_wall
    assert idle_wall([(1.0, 0.0)] * 2, workers=4, cores=2) == 1.0  # one a CPU
    assert idle_wall([(1.0, 0.0)] * 4, workers=4, cores=2) == 2.0  # four share two
    # A test that only waits costs no CPU: beside two that compute, it ends with them.
    assert idle_wall([(1.0, 0.0), (1.0, 0.0), (0.0, 1.0)], workers=4, cores=2) == 1.0
    # A long test handed out last is the run's last second alone.
    assert idle_wall([(0.5, 0.0)] * 4 + [(1.0, 0.0)], workers=2, cores=2) == 2.0
    assert idle_wall([(1.0, 0.0)] + [(0.5, 0.0)] * 4, workers=2, cores=2) == 1.5


def test_the_schedule_names_each_workers_last_tests_and_the_tail(tmp_path: Path) -> None:
    lines = {"gw0": [("t::a", 0.0, 1.0), ("t::b", 1.0, 4.0)], "gw1": [("t::c", 0.0, 2.0)]}
    for worker, tests in lines.items():
        (tmp_path / f"{worker}-1.jsonl").write_text("".join(
            json.dumps({"kind": "test", "id": test, "cpu": wall, "wall": wall, "waited": 0.0,
                        "began": 1000.0 + began, "worker": worker}) + "\n"
            for test, began, wall in tests))
    shown = subprocess.run([sys.executable, str(TOOL), str(tmp_path), "--schedule"],
                           capture_output=True, text=True, check=True).stdout
    assert "gw0: ran dry at    5.0 s" in shown and "gw1: ran dry at    2.0 s" in shown
    assert "tail: 3.0 s from the first worker dry to the last, of 5.0 s" in shown
    assert "2 workers: 5.0 s of tests (7.0 s CPU, 3.5 s if never a CPU idle)" in shown

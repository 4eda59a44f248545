"""The test modules' compiled bytecode is kept between runs, out of the sources' folders
(tests/bytecode_kept.py): a run on a warm cache compiles nothing, and a changed test module
is compiled again before the workers load it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import bytecode_kept
import pytest


def test_this_run_kept_its_bytecode_in_the_venv_not_beside_the_sources() -> None:
    kept = str(Path(sys.prefix) / "pycache")
    # PYTHONDONTWRITEBYTECODE when this worker started, or ./test's PYTHONPYCACHEPREFIX
    if sys.flags.dont_write_bytecode or sys.pycache_prefix == kept:
        assert sys.pycache_prefix == kept
        assert not sys.dont_write_bytecode
        # The commands the tests start keep theirs for this run only (their copies of the
        # checkout in temporary folders would pile up in the kept folder).
        assert os.environ["PYTHONPYCACHEPREFIX"] != sys.pycache_prefix
    assert sys.pycache_prefix is None or not sys.pycache_prefix.startswith(
        str(bytecode_kept.TESTS))
    # This module, collected in this run, has its rewritten bytecode where the next run (or
    # the next worker) looks for it.
    assert bytecode_kept.rewritten(Path(__file__)).is_file()


def test_a_changed_or_new_test_module_makes_the_cache_cold(tmp_path: Path) -> None:
    source = tmp_path / "test_example.py"
    source.write_text("def test_it():\n    assert True\n")
    assert bytecode_kept.cold([source]), "never compiled"
    kept = bytecode_kept.rewritten(source)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(b"")
    os.utime(source, (1_000_000, 1_000_000))
    assert not bytecode_kept.cold([source])
    os.utime(source, None)  # edited after it was compiled
    os.utime(kept, (1_000_000, 1_000_000))
    assert bytecode_kept.cold([source])


def test_the_workers_wait_only_for_the_modules_this_run_collects(
        pytestconfig: pytest.Config) -> None:
    named = bytecode_kept.named_test_modules(pytestconfig)
    assert Path(__file__) in named
    assert all(path.name.startswith("test_") and path.suffix == ".py" for path in named)

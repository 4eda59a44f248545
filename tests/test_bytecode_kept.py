"""The test modules' compiled bytecode is kept between runs, out of the sources' folders
(tests/bytecode_kept.py): a run on a warm cache compiles nothing, and a changed test module
is compiled again before the workers load it."""

from __future__ import annotations

import os
import subprocess
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
        # The commands the tests start keep theirs there too (bytecode_kept.children_folder)
        assert os.environ["PYTHONPYCACHEPREFIX"] == sys.pycache_prefix
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


def test_a_command_a_test_starts_reuses_the_bytecode_kept_from_the_last_run(
        tmp_path: Path) -> None:
    # A command's modules (the package, the venv, the standard library) compiled in an
    # earlier run are read, not compiled again: the child finds them in the kept folder.
    kept = bytecode_kept.kept_bytecode_folder()
    if kept is None or sys.pycache_prefix != str(kept):
        pytest.skip("run outside the checkout's venv: no kept folder to share")
    module = Path(bytecode_kept.TESTS.parent, "coda_pi", "rules", "tiles.py")
    compiled = kept / module.parent.relative_to("/") / f"tiles.{sys.implementation.cache_tag}.pyc"
    compiled.unlink(missing_ok=True)
    subprocess.run([sys.executable, "-c", "import coda_pi.rules.tiles"], check=True,
                   env={**os.environ, "PYTHONPATH": str(module.parents[2])})
    assert compiled.is_file(), "the command compiled it elsewhere, for this run only"


def test_the_copies_a_run_left_in_the_kept_folder_are_gone_at_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pytestconfig: pytest.Config) -> None:
    kept = tmp_path / "kept"
    monkeypatch.setenv("CODA_PI_PYCACHE", str(kept))
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    copy = bytecode_kept.temporary_part(kept) / "pytest-of-ann" / "pytest-7" / "checkout"
    package = kept / "home" / "ann" / "coda-pi" / "coda_pi"
    for folder in (copy, package):
        folder.mkdir(parents=True)
        (folder / "record.cpython-311.pyc").write_bytes(b"kept")
    bytecode_kept.pytest_configure(pytestconfig)  # the next run's start
    assert not bytecode_kept.temporary_part(kept).exists()
    assert (package / "record.cpython-311.pyc").read_bytes() == b"kept"

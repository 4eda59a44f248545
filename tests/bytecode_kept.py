"""Compiled bytecode kept between runs, out of the sources' folders (a pytest plugin:
tests/conftest.py).

Under ``PYTHONDONTWRITEBYTECODE`` (set for the checkouts, to keep ``__pycache__`` folders out
of them) every pytest worker rewrote the asserts of all the test modules and compiled them
and the package again, each run: about 6 s of CPU a worker, a tenth of the suite's CPU on
four workers. The workers now write and read their bytecode under ``.venv/pycache``
(``sys.pycache_prefix``; the venv is the checkout's own and ignored, so the sources' folders
stay as clean as the setting wants). A .pyc is checked against its source's time and size
as always, and written whole or not at all.

On a cold cache (a fresh clone, or test files changed) the first worker collects first and
the others wait for it, so the modules are compiled once rather than once a worker.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
COLD_WAIT = 120.0  # seconds a worker waits at most for the first worker's collection


def kept_bytecode_folder() -> Path | None:
    """Where this interpreter keeps bytecode for the checkout: ``CODA_PI_PYCACHE`` if set
    (bench/bench_suite_start.py, for a cold start), else the venv's ``pycache``; None
    outside a venv (then the setting stands)."""
    named = os.environ.get("CODA_PI_PYCACHE")
    if not named and sys.prefix == sys.base_prefix:
        return None
    folder = Path(named) if named else Path(sys.prefix) / "pycache"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def keep_bytecode() -> None:
    # (./test sets PYTHONPYCACHEPREFIX to the kept folder itself, so that the plugins' bytecode
    # loaded before this module is kept too.)
    if not sys.dont_write_bytecode or sys.pycache_prefix:
        return
    folder = kept_bytecode_folder()
    if folder is not None:
        sys.pycache_prefix = str(folder)
        sys.dont_write_bytecode = False


keep_bytecode()


def rewritten(source: Path) -> Path:
    """Where pytest keeps ``source``'s rewritten bytecode (``_pytest.assertion.rewrite``)."""
    tag = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"
    folder = Path(sys.pycache_prefix or source.parent / "__pycache__")
    if sys.pycache_prefix:
        folder = folder / Path(*source.parts[1:-1])
    return folder / f"{source.stem}.{tag}.pyc"


def cold(sources: Iterable[Path]) -> bool:
    """Whether one of the test modules ``sources`` has no rewritten bytecode newer than
    itself."""
    for source in sources:
        try:
            if rewritten(source).stat().st_mtime < source.stat().st_mtime:
                return True
        except OSError:
            return True
    return False


def named_test_modules(config: pytest.Config) -> list[Path]:
    """The test modules this run collects: those named, and those in the folders named."""
    modules: list[Path] = []
    for arg in config.args:
        path = config.invocation_params.dir / arg.split("::")[0]
        if path.is_dir():
            modules += path.rglob("test_*.py")
        elif path.name.startswith("test_") and path.suffix == ".py":
            modules.append(path)
    return modules


@pytest.hookimpl(hookwrapper=True)
def pytest_collection(session: pytest.Session) -> Iterator[None]:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    factory = getattr(session.config, "_tmp_path_factory", None)
    if worker is None or factory is None or sys.dont_write_bytecode:
        yield
        return
    collected = factory.getbasetemp().parent / "gw0-collected"  # the run's shared folder
    if worker != "gw0" and cold(named_test_modules(session.config)):
        deadline = time.monotonic() + COLD_WAIT
        while not collected.exists() and time.monotonic() < deadline:
            time.sleep(0.1)  # a file another process writes: nothing to wait on but time
    try:
        yield
    finally:
        if worker == "gw0":
            collected.touch()


def children_folder(kept: Path | None, run_folder: Path) -> Path:
    """Where the commands the tests start keep their bytecode: the workers' kept folder,
    whose bytecode of the package, the venv and the standard library they then share and
    keep between runs (compiling the thousand modules they import was 2 to 3 s of CPU a
    run, in every run), else ``run_folder``, this run's own."""
    return run_folder if kept is None else kept


def temporary_part(kept: Path) -> Path:
    """The part of ``kept`` that mirrors the temporary folder: the bytecode of the copies of
    the checkout and the venvs the tests make there, worth nothing to the next run."""
    return kept / Path(tempfile.gettempdir()).resolve().relative_to("/")


def pytest_configure(config: pytest.Config) -> None:
    # Once a run, before any worker starts a command: the last run's copies go, so that
    # they do not pile up in the kept folder (a run's are a few MB).
    kept = kept_bytecode_folder()
    if kept is not None and os.environ.get("PYTEST_XDIST_WORKER") is None:
        shutil.rmtree(temporary_part(kept), ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def subprocesses_keep_their_bytecode(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Under ``PYTHONDONTWRITEBYTECODE`` every ``python -m coda_pi.cli`` a test starts would
    compile the package again (a quarter of a second of CPU each, and the suite starts
    hundreds): the child processes write and reuse their bytecode in the kept folder, as
    the workers do (``children_folder``), or where there is none in this session's
    temporary directory."""
    kept = kept_bytecode_folder()
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") and (
            kept is None or os.environ.get("PYTHONPYCACHEPREFIX") != str(kept)):
        yield  # ./test's PYTHONPYCACHEPREFIX (the kept folder) is not for them either
        return
    names = ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    saved = {name: os.environ.get(name) for name in names}
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    # Under pytest-xdist the workers share the run's directory (each compiled it all once,
    # stdlib included: half a second or more each); a .pyc is written whole or not at all.
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    os.environ["PYTHONPYCACHEPREFIX"] = str(children_folder(kept, shared / "pycache"))
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value

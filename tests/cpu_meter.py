"""Each test's CPU time, written down (a pytest plugin, on when
``CODA_PI_CPU_LOG`` names a folder: tests/conftest.py).

Wall time on a shared machine says how busy the machine was; CPU time says what the test
costs. For every test this records the CPU of its setup, call and teardown together: the
worker's own (every thread of it) plus its reaped children's (a broker, a browser, a device
CLI, a venv's pip), from ``resource.getrusage``. A module's shared fixture is paid by the
test that starts it, and a child reaped later by the test that reaps it. Each worker also
records what it spent before its first test (interpreter, imports, collection) and after
its last.

Wall time less CPU is not what a test waits for, on a loaded machine: most of it is time
spent queued for a CPU. The test thread's own queueing is in /proc/thread-self/schedstat, so
each line also has ``waited``: wall less CPU less that queueing, the time the test slept or
blocked on a timeout, a socket, a disk or a child's start (a child's own queueing included).
That part costs the suite wall time on an idle machine too.

    CODA_PI_CPU_LOG=/tmp/cpu ./test ...       one JSON line per test, per worker
    tools/cpu-table /tmp/cpu                 the table: by test, by file, total
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

_log: IO[str] | None = None


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _queued() -> float:
    """Seconds this thread has spent runnable but waiting for a CPU (0 where not known)."""
    try:
        fields = Path("/proc/thread-self/schedstat").read_text().split()
    except OSError:
        return 0.0
    return int(fields[1]) / 1e9


def _write(**fields: object) -> None:
    if _log is not None:
        _log.write(json.dumps(fields) + "\n")
        _log.flush()


def pytest_configure(config: pytest.Config) -> None:
    global _log
    folder = os.environ.get("CODA_PI_CPU_LOG")
    if not folder or _log is not None:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    _log = (Path(folder) / f"{worker}-{os.getpid()}.jsonl").open("a")


def pytest_collection_finish(session: pytest.Session) -> None:
    _write(kind="start", worker=os.environ.get("PYTEST_XDIST_WORKER", "main"), cpu=_cpu())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    cpu, wall, queued, began = _cpu(), time.monotonic(), _queued(), time.time()
    yield
    cpu, wall, queued = _cpu() - cpu, time.monotonic() - wall, _queued() - queued
    _write(kind="test", id=item.nodeid, cpu=round(cpu, 4), wall=round(wall, 4),
           began=round(began, 3),
           waited=round(max(0.0, wall - cpu - queued), 4),
           worker=os.environ.get("PYTEST_XDIST_WORKER", "main"))


def pytest_unconfigure(config: pytest.Config) -> None:
    global _log
    if _log is not None:
        _write(kind="end", worker=os.environ.get("PYTEST_XDIST_WORKER", "main"), cpu=_cpu(),
               load=os.getloadavg()[0])
        _log.close()
        _log = None

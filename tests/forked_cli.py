"""``coda-pi`` commands as processes forked from one that has imported coda_pi and pygame
already: a test that starts the same command dozens of times (the crash test kills and
restarts the demo some fifty times) pays the imports once, not a third of a second of CPU
each time.

Each run is still a process of its own, with its own environment, files and exit code,
killed for real by a signal: what a test about processes needs. The first run starts the
fork server (multiprocessing's, which this test process's exit ends). A test about how the
command starts (its imports, ``python -m coda_pi.cli``) runs the real command instead.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
from multiprocessing.context import ForkServerContext
from pathlib import Path

# What every run would import: the command, the demo and the device's loop, the drawing;
# and what the demo imports only once it plays (each game's referee and simulated players,
# the pool modes, the screens), some sixty modules, a twentieth of a second of CPU a run.
PRELOAD = ["forked_cli", "coda_pi.cli", "coda_pi.cli.demo", "coda_pi.demo", "coda_pi.app",
           "pygame",
           "coda_pi.referee.switch", "coda_pi.referee.coda.referee",
           "coda_pi.referee.mastermind.referee", "coda_pi.referee.pools.entered.mode",
           "coda_pi.referee.pools.table.mode", "coda_pi.rules.correction",
           "coda_pi.rules.time_up", "coda_pi.rules.deduction_explain",
           "coda_pi.rules.table_fit", "coda_pi.rules.mastermind_strategy",
           "coda_pi.sim.coda", "coda_pi.sim.table_pool", "coda_pi.sim.entered",
           "coda_pi.sim.entered_resumed_table", "coda_pi.sim.mastermind",
           "coda_pi.record_path", "coda_pi.ui.screens", "coda_pi.ui.kept", "pygame.freetype",
           "hashlib", "importlib.resources", "zipfile"]
_context: ForkServerContext | None = None


def _forkserver() -> ForkServerContext:
    global _context
    if _context is None:
        context = multiprocessing.get_context("forkserver")
        assert isinstance(context, ForkServerContext)
        context.set_forkserver_preload(PRELOAD)
        _context = context
    return _context


def _run(argv: list[str], env: dict[str, str], out: str, err: str) -> None:
    """In the forked process: ``coda-pi ARGV`` with this environment and these outputs."""
    os.environ.clear()
    os.environ.update(env)
    tempfile.tempdir = None  # $TMPDIR as this run's environment says
    for fd, path in ((1, out), (2, err)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(target, fd)
        os.close(target)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - the process's
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    from coda_pi.cli import main

    try:
        code = main(argv)
    except SystemExit as stop:  # argparse refusing the arguments
        code = stop.code if isinstance(stop.code, int) else 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # as the command's process ends: nothing of the server's to clean up


class ForkedCommand:
    """``coda-pi ARGV`` in a forked process; the part of ``subprocess.Popen`` a test uses.
    Its output goes to ``NAME.stdout`` and ``NAME.stderr`` beside ``name``."""

    def __init__(self, argv: list[str], env: dict[str, str], name: Path) -> None:
        self._out, self._err = name.with_suffix(".stdout"), name.with_suffix(".stderr")
        for path in (self._out, self._err):  # there, empty, even if killed before its start
            path.write_bytes(b"")
        self._process = _forkserver().Process(
            target=_run, args=(argv, env, str(self._out), str(self._err)), daemon=False)
        self._process.start()
        assert self._process.pid is not None
        self.pid: int = self._process.pid
        # The run is the fork server's child: the server reaps it, and its pid may then name
        # another process. A pidfd names this one only (None: it is already over, or the
        # system has no pidfds, where a late kill meets a pid unused for a while).
        self._pidfd = _pidfd_of(self.pid)

    @property
    def returncode(self) -> int | None:
        """As ``Popen``'s: the exit code, or minus the signal that ended it."""
        return self._process.exitcode

    def poll(self) -> int | None:
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        code = self._process.exitcode
        if code is None:
            raise subprocess.TimeoutExpired(["coda-pi"], timeout or 0)
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        return code

    def send_signal(self, signum: int) -> None:
        """As ``Popen.send_signal``: nothing once the run has ended, even when the test
        has not heard so yet (the server reaps it before it says so)."""
        if self._process.exitcode is not None:
            return
        try:
            if self._pidfd is not None:
                signal.pidfd_send_signal(self._pidfd, signum)
            else:
                os.kill(self.pid, signum)
        except ProcessLookupError:
            pass  # it ended between the look and the signal

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[bytes, bytes]:
        self.wait(timeout)
        return self._out.read_bytes(), self._err.read_bytes()


def _pidfd_of(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):  # over already, or no pidfds (old kernel, qemu-user)
        return None


def stop() -> None:
    """Ends the fork server (and the resource tracker it started) and waits for them, so
    that their CPU and that of every run they forked count among this process's children
    (``/usr/bin/time``, ``tools/slowest-tests``); the next run starts them again."""
    from multiprocessing import forkserver, resource_tracker

    # multiprocessing's own way to stop them (its tests use it); gone from a future Python,
    # they end with this process instead, uncounted.
    for server in (getattr(forkserver, "_forkserver", None),
                   getattr(resource_tracker, "_resource_tracker", None)):
        stopping = getattr(server, "_stop", None)
        if stopping is not None:
            stopping()

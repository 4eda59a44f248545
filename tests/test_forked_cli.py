"""The crash test's forked runs (tests/forked_cli.py) are signalled as ``subprocess.Popen``
signals its processes: a run that ends on its own just as the test kills it is not an error.

A forked run is the fork server's child, not the test's: the server reaps it, and only then
tells the test its exit code. In between, the run's pid names no process (or, later, another
one): a kill sent there raised ProcessLookupError, which failed the crash test now and then
under load (``[2 seats]``: its tournaments are short, so a kill planned near the end often
meets a run that has just finished)."""

from __future__ import annotations

import os
from pathlib import Path

import forked_cli
from forked_cli import ForkedCommand


def test_a_run_signalled_as_it_ends_is_simply_over(tmp_path: Path) -> None:
    env = dict(os.environ)
    try:
        for run in range(30):  # the window is narrow: on main some one in five runs met it
            proc = ForkedCommand(["--version"], env, tmp_path / f"run-{run}")
            while proc.poll() is None:
                proc.send_signal(0)  # "are you there?", as often as the loop allows
            assert proc.wait() == 0
            proc.send_signal(0)  # and once it is known to be over: nothing
            assert proc.communicate()[0].strip()
    finally:
        forked_cli.stop()

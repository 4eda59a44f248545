"""coda_pi's loggers import logging only when something is logged (coda_pi/log_later.py):
what is logged reads as it always did. A fresh process each, where nothing imported logging
before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(code: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done


def test_a_warning_is_written_as_the_command_configured_it_with_the_line_that_logged_it():
    done = run("""
import sys
from coda_pi import log_later
log = log_later.getLogger("coda_pi.somewhere")
log_later.configure(level="WARNING", format="%(name)s: %(message)s [%(filename)s:%(lineno)d]")
print("logging" in sys.modules)
log.info("nobody wants this one")
print("logging" in sys.modules)
log.warning("the %s is %d", "answer", 42)
""")
    assert done.stdout.split() == ["False", "False"], "an INFO record dropped unlooked at"
    assert done.stderr == "coda_pi.somewhere: the answer is 42 [<string>:9]\n"


def test_a_library_logging_before_coda_pi_does_still_gets_the_commands_format():
    done = run("""
from coda_pi import log_later
log_later.configure(level="INFO", format="%(name)s: %(message)s")
log_later.settle()  # the first frame is shown
import logging
logging.getLogger("gpiozero").warning("falling back")
log_later.getLogger("coda_pi.app").info("said at INFO, which the command asked for")
""")
    assert done.stderr.splitlines() == ["gpiozero: falling back",
                                        "coda_pi.app: said at INFO, which the command asked for"]


def test_an_exception_is_logged_with_its_traceback():
    done = run("""
from coda_pi import log_later
log = log_later.getLogger("coda_pi.loop")
try:
    1 / 0
except ZeroDivisionError:
    log.exception("the referee failed")
""")
    assert done.stderr.startswith("the referee failed\nTraceback")
    assert "ZeroDivisionError" in done.stderr

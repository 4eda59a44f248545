"""The appliance's own command line, a bare ``coda-pi run`` (firmware/coda-pi.service), is
run without argparse: its arguments are what the parser would have made of it."""

from __future__ import annotations

import re
from pathlib import Path

from coda_pi.cli import build_parser
from coda_pi.cli.run import plain_run_args

ROOT = Path(__file__).resolve().parent.parent


def test_a_bare_run_gets_what_the_parser_makes_of_it():
    # An option added to `coda-pi run` with no default here would reach the device as a
    # missing attribute: this compares every one.
    parsed = build_parser("run").parse_args(["run"])
    assert vars(plain_run_args()) == vars(parsed)


def test_the_service_starts_a_bare_run():
    """What the shortcut is for: if the service's line gained an argument, argparse would be
    back on the appliance's start, and bench_startup.py --service would measure a start the
    appliance no longer makes."""
    service = (ROOT / "firmware" / "coda-pi.service").read_text(encoding="utf-8")
    starts = re.findall(r"^ExecStart=(.*)$", service, re.M)
    assert [line.split()[1:] for line in starts] == [["run"]]

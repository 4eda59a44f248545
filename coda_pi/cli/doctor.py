"""``coda-pi doctor [--config FILE] [--json]``: is this machine ready to be the device?

Prints a checklist (OK / WARN / FAIL, what is wrong, how to fix it) and exits 0 when nothing
FAILs, 1 otherwise, so scripts and install.sh can use it.
"""

from __future__ import annotations

import json
import sys
from argparse import Namespace
from pathlib import Path
from typing import Any

from coda_pi.doctor import as_json, exit_code, format_text, run_checks
from coda_pi.i18n import _


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "doctor",
        help=_("check this machine: packages, GPIO pins, display, sound, data, service"),
        description=_("Check everything the device needs and say how to fix what is wrong. "
        "Exit status 0 when no check FAILs."),
    )
    parser.add_argument(
        "--config", type=Path, metavar="FILE", help=_("the config file to check (default: the "
        "usual places: $CODA_PI_CONFIG, ~/.config/coda-pi/config.toml, /etc/coda-pi/config.toml)")
    )
    parser.add_argument("--json", action="store_true", help=_("print the checks as JSON"))
    parser.set_defaults(handler=run)


def run(args: Namespace) -> int:
    checks = run_checks(args.config)
    if args.json:
        json.dump(as_json(checks), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_text(checks))
    return exit_code(checks)

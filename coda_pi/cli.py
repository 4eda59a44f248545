"""The ``coda-pi`` command: run | demo | replay | mastermind ... | doctor.

Each subcommand lives in its own ``coda_pi/cli_<name>.py`` module with a
``register(subparsers)`` function, so the commands stay small and independent.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from coda_pi import __version__
from coda_pi.i18n import language_from_environment, set_language

# pygame greets on import; a device's log and a user's terminal have no use for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The order here is the order of `coda-pi --help`.
COMMAND_MODULES: tuple[str, ...] = (
    "coda_pi.cli_run",
    "coda_pi.cli_demo",
    "coda_pi.cli_replay",
    "coda_pi.cli_analyze",
    "coda_pi.cli_results",
    "coda_pi.cli_mastermind",
    "coda_pi.cli_doctor",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="coda-pi",
        description="A table-side referee, dealer, guess timer and score keeper for Coda "
        "and Mastermind.",
    )
    parser.add_argument("--version", action="version", version=f"coda-pi {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # Output for people in the language the environment asks for (run and demo follow
    # --lang or the config instead).
    set_language(language_from_environment())
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    if given and given[0].startswith("-") and given[0] not in ("-h", "--help", "--version"):
        # `coda-pi --size 480x320` means `coda-pi run --size 480x320`.
        given = ["run", *given] if _has_run(parser) else given
    args = parser.parse_args(given)
    if args.command is None:
        args = parser.parse_args(["run", *given]) if _has_run(parser) else args
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    return int(handler(args))


def _has_run(parser: argparse.ArgumentParser) -> bool:
    return any(
        isinstance(a, argparse._SubParsersAction) and "run" in a.choices
        for a in parser._actions
    )


if __name__ == "__main__":
    sys.exit(main())

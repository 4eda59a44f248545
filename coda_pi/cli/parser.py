"""The ``coda-pi`` command line's parser: argparse, with its mistakes told briefly and its
help as wide as the terminal. Imported only when there is a command line to parse: the
appliance's plain ``coda-pi run`` has none (coda_pi/cli/__init__.py)."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from coda_pi import __version__
from coda_pi.argparse_words import speak_argparse
from coda_pi.cli.commands import COMMANDS, chosen_command
from coda_pi.desktop import KEYS
from coda_pi.i18n import _


def parse(given: list[str]) -> argparse.Namespace | None:
    """``given`` parsed for the command it names; None once the help was printed because
    it names none (a mistake exits with argparse's status 2, told briefly)."""
    speak_argparse()
    command = chosen_command(given)
    parser = build_parser(command or "")
    if command == "run" and (not given or given[0] != "run"):
        # `coda-pi --size 480x320` means `coda-pi run --size 480x320`.
        given = ["run", *given]
    args, unknown = parser.parse_known_args(given)
    if unknown:
        # Said by the command that was mistyped, with its own usage (argparse would give
        # the top level's, which lists no option of any command).
        innermost_parser(parser, given).error(
            _("unrecognized arguments: %s") % " ".join(unknown))
    if getattr(args, "handler", None) is None:
        parser.print_help()
        return None
    return args


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser with ``command`` None; otherwise only ``command``'s module is
    imported (none for a name that is no command, as for the top-level help) and the other
    commands are names with their help line."""
    parser = CommandParser(
        prog="coda-pi",
        description=_("A table-side referee, dealer, guess timer and score keeper for Coda "
        "and Mastermind."),
        epilog=_(KEYS) + ".",
    )
    parser.add_argument("--version", action="version", version=f"coda-pi {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = COMMANDS[command][0] if command in COMMANDS else None
    for name, (module, line) in COMMANDS.items():
        if name in sub.choices:  # registered with another command of its module
            continue
        if command is None or module == wanted:
            importlib.import_module(module).register(sub)
        else:
            sub.add_parser(name, help=_(line), add_help=False)
    return parser


USAGE_LINES = 3
"""A command's usage shown with its mistake when it is at most this long; a longer one (the
demo's fills a screen) would bury the one line that says what went wrong."""


class TerminalWidthFormatter(argparse.HelpFormatter):
    """argparse's help formatter, given the terminal's width as ``shutil.get_terminal_size``
    finds it: argparse would import shutil for it (with bz2, lzma and fnmatch: about 2.5 ms,
    some 35 ms on a Pi Zero) at every start, as it makes a formatter for each option added."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class CommandParser(argparse.ArgumentParser):
    """argparse's parser with mistakes told briefly: the usage when it is short, else where
    the options are listed, then the error. Subcommands' parsers are of this class too
    (``add_subparsers`` makes its parsers of its parent's class), and so is their help's
    formatter (``TerminalWidthFormatter``) unless one is named."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", TerminalWidthFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        short = self.format_usage().count("\n") <= USAGE_LINES
        if short:
            self.print_usage(sys.stderr)
        said = _("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message}
        if not short:
            said += _("{prog} --help lists its options").format(prog=self.prog) + "\n"
        self.exit(2, said)


def innermost_parser(parser: argparse.ArgumentParser, given: Sequence[str]
                     ) -> argparse.ArgumentParser:
    """The parser of the (sub)command ``given`` names: ``coda-pi mastermind solve``'s for
    ``["mastermind", "solve", "--bogus"]``."""
    for word in given:
        commands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not commands:
            break
        chosen = commands[0].choices.get(word)
        if chosen is not None:
            parser = chosen
    return parser



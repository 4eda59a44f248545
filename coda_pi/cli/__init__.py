"""The ``coda-pi`` command: run | demo | replay | mastermind ... | doctor.

Each subcommand lives in its own ``coda_pi/cli/<name>.py`` module with a
``register(subparsers)`` function, so the commands stay small and independent. A command
imports only its own module: the others are listed in ``--help`` from ``COMMANDS`` without
being imported (on a Pi Zero every module imported costs start-up time).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from coda_pi import __version__
from coda_pi.argparse_words import speak_argparse
from coda_pi.desktop import KEYS
from coda_pi.i18n import LANGUAGES, N_, _, language_from_environment, set_language
from coda_pi.pygame_import import leave_out_unused_pygame
from coda_pi.safe_text import printable

# pygame greets on import; a device's log and a user's terminal have no use for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# pygame imports pkg_resources (for pygame.pkgdata) whenever setuptools is installed, as it
# is in every Python 3.11 venv: about 90 ms and 10 MiB at each start, on a Pi Zero a second.
# coda-pi never uses it, and pygame falls back to reading its files from its own directory.
if "pkg_resources" not in sys.modules:
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]
# Nor its mixer (SDL_mixer and every codec it links: the appliance sounds a piezo, and a
# laptop imports the mixer when a cue first plays), nor the modules no frame is drawn with
# (coda_pi/pygame_import.py).
leave_out_unused_pygame()

# Each command: its module and its line in `coda-pi --help` (the same words the module's
# register() gives; a test keeps them equal).
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("coda_pi.cli.run",
            N_("run the device: setup, dealing, turns, timer, scores (the default)")),
    "demo": ("coda_pi.cli.demo", N_("watch a whole tournament played by simulated players")),
    "replay": ("coda_pi.cli.replay", N_("replay a game record and print the scores")),
    "analyze": ("coda_pi.cli.analyze",
                N_("exact probabilities of every standing Coda panel in a record")),
    "results": ("coda_pi.cli.results", N_("list past games and tournaments")),
    "standings": ("coda_pi.cli.results", N_("a game's standings by round, as a table or CSV")),
    "mastermind": ("coda_pi.cli.mastermind",
                   N_("Mastermind tools: score a row, measure the codebreaker")),
    "doctor": ("coda_pi.cli.doctor",
               N_("check this machine: packages, GPIO pins, display, sound, data, service")),
    "hub": ("coda_pi.cli.hub",
            N_("a club night's centre: live tables, standings, seating, ratings (MQTT)")),
    "club": ("coda_pi.cli.club",
             N_("club night: publish this table's games, set up the broker, export CSV")),
}
# The order here is the order of `coda-pi --help`.
COMMAND_MODULES: tuple[str, ...] = tuple(dict.fromkeys(m for m, _ in COMMANDS.values()))


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


def lang_option(given: Sequence[str]) -> str | None:
    """The language ``--lang`` names (run and demo take it), read before the parser is
    built so that ``coda-pi --lang es --help`` is Spanish; None when it names none we ship."""
    for index, word in enumerate(given):
        if word == "--":
            break
        value = None
        if word == "--lang" and index + 1 < len(given):
            value = given[index + 1]
        elif word.startswith("--lang="):
            value = word.removeprefix("--lang=")
        if value in LANGUAGES:
            return value
    return None


def chosen_command(given: Sequence[str]) -> str | None:
    """The command the arguments name: ``run`` when they start with an option (or are
    empty), None for the top-level help and version or a name that is no command."""
    if not given or (given[0].startswith("-") and given[0] not in ("-h", "--help", "--version")):
        return "run"
    return given[0] if given[0] in COMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if chosen_command(given) != "run":
        return _command(given)
    # The device's start makes some 100,000 objects that live as long as it does: the
    # collector's passes over them while it starts are wasted (5 ms of its 110 ms CPU here,
    # bench/bench_startup.py). Paused until the device is built (cli/run.py), and in any
    # case once the command is over.
    gc.disable()
    try:
        return _command(given)
    finally:
        gc.enable()


def _command(given: list[str]) -> int:
    # Output for people in the language the environment asks for (run and demo follow
    # --lang or the config instead).
    set_language(lang_option(given) or language_from_environment())
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
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    name = f"coda-pi {args.command}" if args.command else "coda-pi"
    out, err = sys.stdout, sys.stderr
    # Whatever a file put in a name reaches the terminal escaped (no ESC sequence, bidi
    # override, NUL or lone surrogate), in every command's output.
    sys.stdout, sys.stderr = TerminalGuard(out), TerminalGuard(err)
    try:
        return int(handler(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1  # the reader went away (`coda-pi results | head`): nothing to tell it
    except Exception as error:  # noqa: BLE001 - the last line of defence: one sentence
        what = printable(str(error)) or type(error).__name__
        print(f"{name}: failed ({type(error).__name__}: {what[:300]}); this is a bug in "
              "coda-pi, please report it with the command and its input", file=sys.stderr)
        return 70  # EX_SOFTWARE
    finally:
        sys.stdout, sys.stderr = out, err


class TerminalGuard:
    """A text stream that writes everything through ``printable`` but the newlines, tabs and
    carriage returns the commands themselves print (a progress count uses ``\\r``)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if not (text.isascii() and _PLAIN.sub("", text).isprintable()):
            text = _KEPT.sub(lambda m: m.group(0) if m.group(0) in "\n\t\r"
                             else printable(m.group(0)), text)
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


_PLAIN = re.compile("[\n\t\r]")
_KEPT = re.compile("[^\n\t\r]+|[\n\t\r]")


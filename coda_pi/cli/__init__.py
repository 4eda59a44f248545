"""The ``coda-pi`` command: run | demo | replay | mastermind ... | doctor.

Each subcommand lives in its own ``coda_pi/cli/<name>.py`` module with a
``register(subparsers)`` function, so the commands stay small and independent. A command
imports only its own module: the others are listed in ``--help`` from ``COMMANDS`` without
being imported (on a Pi Zero every module imported costs start-up time).
"""

from __future__ import annotations

import gc
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from coda_pi.cli.commands import COMMAND_MODULES, COMMANDS, chosen_command  # noqa: F401
from coda_pi.i18n import LANGUAGES, language_from_environment, set_language
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

if TYPE_CHECKING:
    import argparse

def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser with ``command`` None; otherwise only ``command``'s module is
    imported (none for a name that is no command, as for the top-level help) and the other
    commands are names with their help line (coda_pi/cli/parser.py: argparse is imported
    only where there is a command line to parse)."""
    from coda_pi.cli.parser import build_parser as build

    return build(command)


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
    args: Any = None
    if chosen_command(given) == "run":
        # The appliance's own command line (firmware/coda-pi.service: `coda-pi run`, the
        # rest from its environment and config) and a laptop's plain options need no
        # argparse (with gettext, and the parser built: about 3 ms of the start here,
        # 45 ms on a Zero).
        from coda_pi.cli.run import plain_run_args

        args = plain_run_args(given)
    if args is None:
        from coda_pi.cli.parser import parse

        args = parse(given)
        if args is None:
            return 0
    handler = getattr(args, "handler", None)
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


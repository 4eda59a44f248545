"""Each `coda-pi` command imports only its own code, and `--help` still lists them all."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from coda_pi import cli

ROOT = Path(__file__).resolve().parent.parent


def loaded_after(argv: list[str]) -> dict[str, object]:
    """Which coda_pi modules (and pkg_resources) a fresh process has after parsing argv."""
    code = (
        "import json, sys\n"
        "from coda_pi import cli\n"
        f"cli.build_parser(cli.chosen_command({argv!r}) or '')\n"
        "print(json.dumps({'modules': sorted(m for m in sys.modules if m.startswith('coda_pi')),"
        " 'pkg_resources': sys.modules.get('pkg_resources', 'absent') is not None}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60)
    return json.loads(out.stdout)


@pytest.mark.parametrize(("argv", "module"), [
    (["replay", "x.jsonl"], "coda_pi.cli.replay"),
    (["analyze", "x.jsonl"], "coda_pi.cli.analyze"),
    (["standings", "x.jsonl"], "coda_pi.cli.results"),
    (["mastermind", "feedback", "RGBY", "RGBY"], "coda_pi.cli.mastermind"),
    (["--size", "480x320"], "coda_pi.cli.run"),
])
def test_a_command_imports_its_own_module_and_no_other_command(argv, module):
    modules = loaded_after(argv)["modules"]
    # The parser and the commands list (cli/parser.py, cli/commands.py) are no command:
    # every command line but the service's bare `coda-pi run` is parsed with them.
    commands = {m for m in modules if m.startswith("coda_pi.cli.")  # type: ignore[union-attr]
                and m not in ("coda_pi.cli.parser", "coda_pi.cli.commands")}
    assert commands == {module}


def test_the_replay_command_loads_neither_the_screen_nor_the_deduction_engine():
    modules = loaded_after(["replay", "x.jsonl"])["modules"]
    assert not [m for m in modules if m.startswith(("coda_pi.ui", "coda_pi.app",  # type: ignore[union-attr]
                                                     "coda_pi.rules.deduction"))]


def test_importing_the_command_line_keeps_pygame_from_loading_pkg_resources():
    code = ("from coda_pi import cli\nimport pygame, sys\n"
            "print(sys.modules.get('pkg_resources') is None)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60,
                         env={"PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "True"


def test_pygame_still_finds_its_default_font_without_pkg_resources():
    code = ("from coda_pi import cli\nimport pygame\npygame.font.init()\n"
            "print(pygame.font.Font(None, 30).size('8')[1] > 10)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60,
                         env={"PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "True"


def test_the_help_lists_every_command_with_the_line_its_module_registers():
    full = cli.build_parser()
    sub = next(a for a in full._actions if isinstance(a, argparse._SubParsersAction))
    registered = {c.dest: c.help for c in sub._choices_actions}
    assert registered == {name: line for name, (_, line) in cli.COMMANDS.items()}
    light = cli.build_parser("replay").format_help()
    assert light == full.format_help()


def test_a_name_that_is_no_command_is_refused_with_the_list(capsys):
    with pytest.raises(SystemExit):
        cli.main(["frobnicate"])
    err = capsys.readouterr().err
    assert "invalid choice: 'frobnicate'" in err and "'standings'" in err


def test_the_top_level_help_imports_no_command():
    modules = loaded_after(["--help"])["modules"]
    assert not [m for m in modules if m.startswith("coda_pi.cli.")  # type: ignore[union-attr]
                and m not in ("coda_pi.cli.parser", "coda_pi.cli.commands")]  # no commands


@pytest.mark.parametrize("columns", [50, 120])
def test_the_help_is_wrapped_to_the_terminal_width_as_argparse_does(columns):
    # The width comes from $COLUMNS (else the terminal) without argparse's shutil import.
    env = {"PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin", "COLUMNS": str(columns)}
    code = ("import sys\nfrom coda_pi import cli\nsys.exit(cli.main(['run', '--help']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60, env=env).stdout
    widest = max(len(line) for line in out.splitlines())
    assert columns - 12 <= widest <= columns - 2  # argparse keeps two columns free

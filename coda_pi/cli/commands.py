"""The ``coda-pi`` commands: each one's module and its line in ``--help``, and which one a
command line names. A module of its own so that the parser (cli/parser.py, imported only
where there is a command line to parse) and the command (cli/__init__.py) both read it,
neither importing the other back (tests/test_house_arrows.py)."""

from __future__ import annotations

from collections.abc import Sequence

from coda_pi.i18n import N_

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


def chosen_command(given: Sequence[str]) -> str | None:
    """The command the arguments name: ``run`` when they start with an option (or are
    empty), None for the top-level help and version or a name that is no command."""
    if not given or (given[0].startswith("-") and given[0] not in ("-h", "--help", "--version")):
        return "run"
    return given[0] if given[0] in COMMANDS else None

"""`coda-pi mastermind feedback` and `solve`, through the real command parser."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

import pytest

from coda_pi.cli import mastermind as cli_mastermind


def run(argv: list[str]) -> int:
    # Only this module's commands: the others belong to other parts of coda-pi.
    parser = argparse.ArgumentParser(prog="coda-pi")
    cli_mastermind.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    return int(args.handler(args))


def test_the_command_is_registered_in_coda_pi():
    from coda_pi import cli

    assert "coda_pi.cli.mastermind" in cli.COMMAND_MODULES


def test_feedback_json_on_knuths_example(capsys):
    assert run(["mastermind", "feedback", "GWKG", "KWGK", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"black": 1, "white": 2}


def test_feedback_readable_line_and_a_broken_code(capsys):
    assert run(["mastermind", "feedback", "rgby", "RGBY"]) == 0
    out = capsys.readouterr().out
    assert "4 black, 0 white" in out and "broken" in out


def test_feedback_with_blanks_and_more_pegs(capsys):
    argv = ["mastermind", "feedback", "R..YG", ".RY.G", "--pegs", "5", "--blanks", "--json"]
    assert run(argv) == 0
    assert json.loads(capsys.readouterr().out) == {"black": 1, "white": 4}


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["RGB", "RGBY"], "has 3 pegs"),
        (["RGBY", "RGXY"], "'X', which is not a colour"),
        (["RG.Y", "RGBY"], "only the extra-challenge game"),
        (["RGBY", "RGBY", "--pegs", "0"], "--pegs must be from 1"),
    ],
)
def test_bad_codes_exit_2_with_a_reason_on_stderr(capsys, argv, words):
    assert run(["mastermind", "feedback", *argv, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert words in captured.err


def test_solve_plays_every_secret(capsys):
    assert run(["mastermind", "solve", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["codes"] == 1296
    assert Fraction(result["average"]).limit_denominator(1296) == Fraction(5625, 1296)
    assert result["worst"] <= 10


def test_solve_readable(capsys):
    assert run(["mastermind", "solve"]) == 0
    assert "1296 secrets" in capsys.readouterr().out

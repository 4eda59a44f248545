"""``coda-pi mastermind``: score a row by hand, or measure the shipped codebreaker.

    coda-pi mastermind feedback CODE GUESS [--pegs N] [--blanks] [--json]
    coda-pi mastermind solve [--blanks] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from coda_pi.i18n import _, spoken
from coda_pi.rules.errors import RuleError
from coda_pi.rules.mastermind import MAX_PEGS, all_codes, check_code, feedback, palette
from coda_pi.rules.mastermind_strategy import Strategy

#: progress goes to stderr only once a run has lasted this long
PROGRESS_AFTER = 1.0


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "mastermind",
        help=_("Mastermind tools: score a row, measure the codebreaker"),
        description=_("Mastermind tools. Colours: B blue, G green, K black, R red, W white, "
        "Y yellow; '.' is the empty hole of the extra-challenge game (--blanks)."),
    )
    parser.set_defaults(handler=lambda args: _help(parser))
    actions = parser.add_subparsers(dest="mastermind_command", metavar="ACTION")

    fb = actions.add_parser(
        "feedback",
        help=_("the key pegs for a guess against a code"),
        description=_("Print the key pegs for GUESS against the secret CODE."),
    )
    fb.add_argument("code", metavar="CODE", help=_("the secret code, e.g. RGBY"))
    fb.add_argument("guess", metavar="GUESS", help=_("the breaker's row, e.g. RRGB"))
    fb.add_argument("--pegs", type=int, default=4, help=_("holes in a row (default 4)"))
    fb.add_argument("--blanks", action="store_true", help=_("the empty hole '.' is a colour"))
    fb.add_argument("--json", action="store_true", help=_('print {"black": b, "white": w}'))
    fb.set_defaults(handler=run_feedback)

    solve = actions.add_parser(
        "solve",
        help=_("play the shipped codebreaker against every secret"),
        description=_("Play the shipped codebreaking strategy against every possible secret "
        "and print the average and worst number of guesses."),
    )
    solve.add_argument("--blanks", action="store_true", help=_("the 7-colour game with blanks"))
    solve.add_argument("--json", action="store_true", help=_("print a JSON object"))
    solve.set_defaults(handler=run_solve)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def run_feedback(args: argparse.Namespace) -> int:
    if not 1 <= args.pegs <= MAX_PEGS:
        print("coda-pi mastermind: " + _("--pegs must be from 1 to {most}").format(
            most=MAX_PEGS), file=sys.stderr)
        return 2
    try:
        # Letters are case-blind on the command line; the record itself is strict.
        code = check_code(args.code.upper(), args.pegs, args.blanks)
        guess = check_code(args.guess.upper(), args.pegs, args.blanks, what="guess")
    except RuleError as e:
        print(f"coda-pi mastermind: {spoken(e.message)}", file=sys.stderr)
        return 2
    result = feedback(code, guess)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        keys = _("{black} black, {white} white").format(black=result.black,
                                                        white=result.white)
        line = _("{guess} against {code}: {keys}").format(guess=guess, code=code, keys=keys)
        if result.black == args.pegs:
            line += " - " + _("the code is broken")
        print(line)
    return 0


def run_solve(args: argparse.Namespace) -> int:
    try:
        strategy = Strategy.load(4, args.blanks)
    except RuleError as e:
        print(f"coda-pi mastermind: {spoken(e.message)}", file=sys.stderr)
        return 2
    codes = all_codes(4, args.blanks)
    started = time.monotonic()
    shown = False
    total = worst = 0
    for i, secret in enumerate(codes, start=1):
        guesses = len(strategy.play(secret))
        total += guesses
        worst = max(worst, guesses)
        if i % 100 == 0 and time.monotonic() - started > PROGRESS_AFTER:
            print("\r" + _("{done}/{count} secrets played").format(done=i, count=len(codes)),
                  end="", file=sys.stderr, flush=True)
            shown = True
    if shown:
        print("\r" + _("{done}/{count} secrets played").format(done=len(codes),
                                                               count=len(codes)),
              file=sys.stderr)
    average = total / len(codes)
    if args.json:
        print(json.dumps({"codes": len(codes), "average": average, "worst": worst}))
    else:
        colours = len(palette(args.blanks))
        print(_("{colours} colours x 4 pegs: {count} secrets, {total} guesses in all, "
                "{average} on average ({total}/{count}), worst {worst}").format(
            colours=colours, count=len(codes), total=total, average=f"{average:.4f}",
            worst=worst))
    return 0

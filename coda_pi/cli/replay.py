"""``coda-pi replay FILE [--json]``: what a game record replays to."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from coda_pi.i18n import _, ngettext, spoken
from coda_pi.replay import Replay, replay_file
from coda_pi.safe_text import printable


def register(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help=_("replay a game record and print the scores"),
        description=_("Replays a Coda or Mastermind game record (JSON Lines) and prints the "
        "players, round winners and points; exits 2 when the record breaks a rule."),
    )
    p.add_argument("file", type=Path, help=_("the record, e.g. ~/.local/share/coda-pi/*.jsonl"))
    p.add_argument("--json", action="store_true", help=_("print the spec's JSON object"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from coda_pi.file_kind import directory_not_record, not_a_record

    directory = directory_not_record(args.file)
    if directory is not None:
        print(f"coda-pi replay: {directory}", file=sys.stderr)
        return 1
    try:
        replay = replay_file(args.file)
    except OSError as err:
        from coda_pi.os_words import cause

        print("coda-pi replay: " + _("cannot read {file}: {why}").format(
            file=args.file, why=cause(err)), file=sys.stderr)
        return 1
    for warning in replay.warnings:
        print(f"coda-pi replay: {args.file}: {spoken(warning)}", file=sys.stderr)
    if args.json:
        print(json.dumps(replay.summary()))
    elif (what := not_a_record(args.file, replay)) is not None:
        print(f"coda-pi replay: {what}", file=sys.stderr)  # one sentence, not a summary
    else:
        print(readable(replay))
    return replay.exit_code


def readable(replay: Replay) -> str:
    """A summary for people: players, each round's winner and points, the totals, the error."""
    s = replay.summary()
    players = [printable(p) for p in s["players"]]
    lines = [f"{printable(str(s['game'] or _('unknown game')))}: "
             f"{', '.join(players) or _('no players')}"]
    if s["game"] == "mastermind":
        for i, g in enumerate(s["games"], 1):
            maker = players[g["maker"]]
            how = _("void (wrong key pegs)") if g["void"] else (
                ngettext("broken in {count} row", "broken in {count} rows", g["rows"]).format(
                    count=g["rows"]) if g["broken"] else _("not broken"))
            lines.append("  " + _("game {number}: {maker} made the code, {how}; points "
                                  "{points}").format(number=i, maker=maker, how=how,
                                                     points=_pts(players, g)))
    else:
        for i, r in enumerate(s["rounds"], 1):
            lines.append("  " + _("round {number}: won by {name}; points {points}").format(
                number=i, name=players[r["winner"]], points=_pts(players, r)))
    if players:
        totals = zip(players, s["totals"], strict=True)
        lines.append("  " + _("total:") + " " + ", ".join(f"{n} {t}" for n, t in totals))
    if s["finished"]:
        best = max(s["totals"])
        leaders = [n for n, t in zip(players, s["totals"], strict=True) if t == best]
        if len(leaders) == 1:
            lines.append("  " + _("finished: {name} wins").format(name=leaders[0]))
        else:
            lines.append("  " + _("finished: {names} win").format(
                names=_(" and ").join(leaders)))
    elif s.get("turn") is not None:
        lines.append("  " + _("not finished: {name} to play").format(name=players[s["turn"]]))
    else:
        lines.append("  " + _("not finished"))
    if replay.error is not None:
        detail = f" ({spoken(replay.detail)})" if replay.detail else ""
        lines.append("  " + _("error at line {line}: {message}").format(
            line=replay.error.line, message=spoken(replay.error.message)) + detail)
    return "\n".join(lines)


def _pts(players: list[str], entry: dict[str, Any]) -> str:
    return ", ".join(f"{n} {p}" for n, p in zip(players, entry["points"], strict=True))

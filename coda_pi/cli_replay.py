"""``coda-pi replay FILE [--json]``: what a game record replays to."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from coda_pi.replay import Replay, replay_file
from coda_pi.safe_text import printable


def register(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help="replay a game record and print the scores",
        description="Replays a Coda or Mastermind game record (JSON Lines) and prints the "
        "players, round winners and points; exits 2 when the record breaks a rule.",
    )
    p.add_argument("file", type=Path, help="the record, e.g. ~/.local/share/coda-pi/*.jsonl")
    p.add_argument("--json", action="store_true", help="print the spec's JSON object")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        replay = replay_file(args.file)
    except OSError as err:
        print(f"coda-pi replay: cannot read {args.file}: {err.strerror or err}", file=sys.stderr)
        return 1
    for warning in replay.warnings:
        print(f"coda-pi replay: {args.file}: {warning}", file=sys.stderr)
    if args.json:
        print(json.dumps(replay.summary()))
    else:
        print(readable(replay))
    return replay.exit_code


def readable(replay: Replay) -> str:
    """A summary for people: players, each round's winner and points, the totals, the error."""
    s = replay.summary()
    players = [printable(p) for p in s["players"]]
    lines = [f"{printable(str(s['game'] or 'unknown game'))}: {', '.join(players) or 'no players'}"]
    if s["game"] == "mastermind":
        for i, g in enumerate(s["games"], 1):
            maker = players[g["maker"]]
            how = "void (wrong key pegs)" if g["void"] else (
                f"broken in {g['rows']} rows" if g["broken"] else "not broken")
            lines.append(f"  game {i}: {maker} made the code, {how}; points {_pts(players, g)}")
    else:
        for i, r in enumerate(s["rounds"], 1):
            lines.append(f"  round {i}: won by {players[r['winner']]}; points {_pts(players, r)}")
    if players:
        lines.append("  total: " + ", ".join(f"{n} {t}" for n, t in zip(players, s["totals"],
                                                                         strict=True)))
    if s["finished"]:
        best = max(s["totals"])
        leaders = [n for n, t in zip(players, s["totals"], strict=True) if t == best]
        lines.append(f"  finished: {' and '.join(leaders)} {'win' if len(leaders) > 1 else 'wins'}")
    elif s.get("turn") is not None:
        lines.append(f"  not finished: {players[s['turn']]} to play")
    else:
        lines.append("  not finished")
    if replay.error is not None:
        detail = f" ({replay.detail})" if replay.detail else ""
        lines.append(f"  error at line {replay.error.line}: {replay.error.message}{detail}")
    return "\n".join(lines)


def _pts(players: list[str], entry: dict[str, Any]) -> str:
    return ", ".join(f"{n} {p}" for n, p in zip(players, entry["points"], strict=True))

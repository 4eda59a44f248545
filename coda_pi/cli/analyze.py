"""``coda-pi analyze RECORD [--seat S] [--json] [--review]``: exact odds for every standing panel.

The position analysed is the record's current one (after its last good line, undos taken
back). The public view knows every colour, every panel down or face up, every "wrong"
answer and the pool's colours; ``--seat S`` adds what that player knows (their own panels and
drawn panel, when the record has them). Only standing panels are listed: a panel that is down
is certain. ``worlds`` is the exact number of consistent deals.

``--json`` prints ``{"seats": [[{"slot": k, "p": {"D3": 0.25, ...}, "exact": {"D3": "1/4"}},
...], ...], "worlds": N, "drawn": null | {"seat": s, "p": ..., "exact": ...}, "view": null |
S, "contradiction": null | "sentence"}``: every seat's standing panels (the viewer's own with
probability 1), the held drawn panel, and when no deal fits, why (then ``worlds`` is 0).
Once a round is won the winner's panels are shown for the bonus, so they count as seen.
``--review --json`` prints ``{"missed_certainties": [...], "risky_hits": [...]}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from coda_pi.i18n import _, ngettext, spoken
from coda_pi.record import RecordLine, read_record
from coda_pi.replay import replay_lines
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.deduction import Analysis, analyze
from coda_pi.rules.deduction_review import Review, review
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.tiles import Tile
from coda_pi.safe_text import printable

RISKY_SHOWN = 5


def register(sub: Any) -> None:
    p = sub.add_parser(
        "analyze",
        help=_("exact probabilities of every standing Coda panel in a record"),
        description=_("Reads a Coda game record and prints, for its current position, every "
        "standing panel's exact probabilities and the number of consistent deals; with "
        "--review, the sure guesses players left untaken and the riskiest guesses that paid "
        "off. Exits 2 when the record breaks a rule or the position is impossible."),
    )
    p.add_argument("record", type=Path, help=_("the game record (JSON Lines)"))
    p.add_argument("--seat", type=int, default=None, help=_("see as this seat (0-based) sees"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.add_argument("--review", action="store_true", help=_("review the whole game instead"))
    p.set_defaults(handler=run)


def _fail(message: str) -> int:
    print(f"coda-pi analyze: {message}", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    from coda_pi.file_kind import directory_not_record
    from coda_pi.os_words import cause

    directory = directory_not_record(args.record)
    if directory is not None:
        return _fail(directory)
    try:
        text = read_record(args.record)
    except OSError as err:
        why = cause(err)
        return _fail(_("cannot read {path}: {why}").format(path=args.record, why=why))
    replay = replay_lines(text.lines)
    header = replay.header
    if header is None or header.get("game") != "coda" or replay.journal is None:
        message = spoken(replay.error.message) if replay.error else _("not a Coda record")
        print(f"coda-pi analyze: {args.record}: {message}", file=sys.stderr)
        return 2
    # A table-pool record halted on a line that fits no arrangement is analysed with that
    # line: naming the contradiction is what the analysis is for.
    stop = replay.error.line if replay.error and replay.halted_before is None else None
    if stop is None and text.error is not None:
        stop = text.error.line
    events = in_force(text.lines[1:], stop)
    players: list[str] = [printable(str(p)) for p in header["players"]]
    if args.seat is not None and not 0 <= args.seat < len(players):
        return _fail(_("there is no seat {seat} at this table of {seats}").format(
            seat=args.seat, seats=len(players)))
    code = 0
    if stop is not None:
        what = spoken(replay.error.message) if replay.error else _("invalid JSON")
        print(f"coda-pi analyze: {args.record}: " + _(
            "line {line}: {what}; analysing the position before it").format(line=stop, what=what),
            file=sys.stderr)
        code = 2
    if args.review:
        result = review(header, events)
        print(json.dumps(review_json(result)) if args.json else review_text(result, players))
        return code
    witness = Witness(CodaGame.from_header(header))
    for _line, obj in events:
        witness.apply(parse_event(obj))
    analysis = analyze(witness.view(args.seat))
    if args.json:
        print(json.dumps(analysis_json(witness, analysis, args.seat)))
        if not analysis.consistent:  # exit 2 says why on stderr, as every other exit 2 does
            print(f"coda-pi analyze: {args.record}: "
                  + analysis_text(witness, analysis, args.seat), file=sys.stderr)
    else:
        print(analysis_text(witness, analysis, args.seat))
    return code if analysis.consistent else 2


def in_force(lines: list[RecordLine], stop: int | None) -> list[tuple[int | None, Any]]:
    """The event lines before ``stop`` that no later ``undo`` took back."""
    kept: list[tuple[int | None, Any]] = []
    for line in lines:
        if stop is not None and line.number >= stop:
            break
        if isinstance(line.obj, dict) and line.obj.get("event") == "undo":
            kept.pop()
        else:
            kept.append((line.number, line.obj))
    return kept


def _probs(p: dict[Tile, Fraction]) -> dict[str, float]:
    return {str(t): float(f) for t, f in p.items()}


def _exact(p: dict[Tile, Fraction]) -> dict[str, str]:
    return {str(t): str(f) for t, f in p.items()}


def analysis_json(witness: Witness, analysis: Analysis, seat: int | None) -> dict[str, Any]:
    game = witness.game
    seats = []
    for s in range(len(game.rows)):
        slots = []
        for k in game.hidden_slots(s):
            p = analysis.slots.get((s, k), {})
            slots.append({"slot": k, "p": _probs(p), "exact": _exact(p)})
        seats.append(slots)
    drawn = None
    if analysis.drawn is not None:
        holder = game.turn if game.turn is not None else game.round_winner
        drawn = {"seat": holder, "p": _probs(analysis.drawn), "exact": _exact(analysis.drawn)}
    return {"seats": seats, "worlds": analysis.worlds, "drawn": drawn, "view": seat,
            "contradiction": analysis.contradiction}


def _percent(f: Fraction) -> str:
    return "100%" if f == 1 else f"{float(f) * 100:.1f}%"


def analysis_text(witness: Witness, analysis: Analysis, seat: int | None) -> str:
    game = witness.game
    players = [printable(p) for p in game.settings.players]
    who = _("the public") if seat is None else players[seat]
    if not analysis.consistent:
        return _("Seen by {who}: impossible position: {why}").format(
            who=who, why=spoken(analysis.contradiction or ""))
    lines = [ngettext("Seen by {who}: {count} consistent deal",
                      "Seen by {who}: {count} consistent deals", analysis.worlds).format(
        who=who, count=analysis.worlds)]
    view = witness.view(seat)
    for s, row in enumerate(view.rows):
        shown = " ".join(str(p.tile) if p.tile is not None and p.revealed else
                         f"{p.color.value}?" if p.tile is None else f"({p.tile})" for p in row)
        lines.append(f"{players[s]}: {shown or _('no row')}")
        for k in game.hidden_slots(s):
            p = analysis.slots.get((s, k), {})
            best = sorted(p.items(), key=lambda kv: -kv[1])
            # People count panels from 1, left to right (the JSON keeps the spec's 0-based slot).
            lines.append("  " + _("panel {number}:").format(number=k + 1) + " "
                         + ", ".join(f"{t} {_percent(f)}" for t, f in best))
    if analysis.drawn is not None:
        best = sorted(analysis.drawn.items(), key=lambda kv: -kv[1])
        lines.append(_("drawn panel:") + " " + ", ".join(f"{t} {_percent(f)}" for t, f in best))
    return "\n".join(lines)


def review_json(result: Review) -> dict[str, Any]:
    return {
        "missed_certainties": [
            {"line": m.line, "round": m.round, "seat": m.seat, "ended_by": m.ended_by,
             "sure": [{"target": g.target, "slot": g.slot, "tile": str(g.tile)} for g in m.sure]}
            for m in result.missed
        ],
        "risky_hits": [
            {"line": h.line, "round": h.round, "seat": h.seat, "target": h.target,
             "slot": h.slot, "tile": str(h.tile), "chance": float(h.chance),
             "exact": str(h.chance)}
            for h in result.riskiest(RISKY_SHOWN)
        ],
    }


def review_text(result: Review, players: list[str]) -> str:
    lines = [_("Sure guesses left untaken:")]
    ended = {"stop": _("stopped"), "miss": _("missed instead"),
             "timeout": _("ran out of time")}
    for m in result.missed:
        sure = ", ".join(_("{name}'s panel {number} is {tile}").format(
            name=players[g.target], number=g.slot + 1, tile=g.tile) for g in m.sure)
        lines.append("  " + _("line {line} (round {round}): {name} {ended} while sure that "
                              "{sure}").format(line=m.line, round=m.round, name=players[m.seat],
                                               ended=ended[m.ended_by], sure=sure))
    if not result.missed:
        lines.append("  " + _("none"))
    lines.append(_("Riskiest guesses that paid off:"))
    for h in result.riskiest(RISKY_SHOWN):
        lines.append("  " + _("line {line} (round {round}): {name} named {tile} at {target}'s "
                              "panel {number}, a {chance} chance").format(
            line=h.line, round=h.round, name=players[h.seat], tile=h.tile,
            target=players[h.target], number=h.slot + 1, chance=_percent(h.chance)))
    if not result.hits:
        lines.append("  " + _("none"))
    return "\n".join(lines)

"""``coda-pi results [DIR]`` and ``coda-pi standings RECORD``: past games and final standings."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

from coda_pi.config import load_config
from coda_pi.datadir import default_data_dir, results
from coda_pi.i18n import _, spoken
from coda_pi.progress import terminal_progress
from coda_pi.replay import replay_file
from coda_pi.safe_text import csv_cell, printable


def register(sub: Any) -> None:
    p = sub.add_parser(
        "results",
        help=_("list past games and tournaments"),
        description=_("Lists the games recorded in the data directory, newest first: date, "
        "players, winner and totals."),
    )
    p.add_argument("dir", nargs="?", type=Path, default=None,
                   help=_("the data directory (default: the one the device uses: the config "
                          "file's [data] directory, else $CODA_PI_DATA, else {dir})").format(
                              dir=default_data_dir()))
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help=_("print CSV"))
    fmt.add_argument("--json", action="store_true", help=_("print a JSON list"))
    p.set_defaults(handler=run_results)

    s = sub.add_parser(
        "standings",
        help=_("a game's standings by round, as a table or CSV"),
        description=_("Prints the standings of one recorded game or tournament: each player's "
        "points per round and in total, best first."),
    )
    s.add_argument("record", type=Path, help=_("the game record"))
    s.add_argument("--csv", action="store_true", help=_("print CSV (for a spreadsheet)"))
    s.set_defaults(handler=run_standings)


def run_results(args: argparse.Namespace) -> int:
    # The same setting as the device's, so a data directory moved to its own partition
    # (firmware/README.md, "Optional: read-only root") is the one listed.
    data_dir = args.dir if args.dir is not None else load_config()[0].data_dir
    if not data_dir.is_dir():
        from coda_pi.file_kind import not_a_data_dir

        print("coda-pi results: " + not_a_data_dir(data_dir), file=sys.stderr)
        return 1
    # Without the cache a thousand records take half a minute on a Pi Zero: say how far.
    progress = terminal_progress(sys.stderr, lambda done, of: _(
        "replaying the records: {done} of {total}").format(done=done, total=of))
    try:
        found = [r.to_dict() for r in results(data_dir, progress=progress)]
    finally:
        if progress is not None:
            progress.clear()
    if args.json:
        print(json.dumps(found, indent=2))
    elif args.csv:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["date", "game", "players", "totals", "finished", "winners", "file", "error"])
        for r in found:
            w.writerow([r["date"], csv_cell(r["game"]), csv_cell(" / ".join(r["players"])),
                        " / ".join(map(str, r["totals"])), "yes" if r["finished"] else "no",
                        csv_cell(" / ".join(r["winners"])), csv_cell(r["file"]),
                        csv_cell(r["error"] or "")])
        print(out.getvalue(), end="")
    elif not found:
        print(_("No games recorded in {path} yet.").format(path=data_dir))
    else:
        for r in found:
            scores = ", ".join(f"{printable(p)} {t}"
                               for p, t in zip(r["players"], r["totals"], strict=True))
            winners = _(" and ").join(printable(w) for w in r["winners"])
            state = (_("won by {names}").format(names=winners)
                     if r["finished"] else _("unfinished"))
            if r["error"]:
                state += " " + _("(record broken at {where})").format(
                    where=printable(spoken(r["error"])))
            # A record whose header cannot be read has no game to name.
            game = printable(r["game"]) or _("unknown")
            print(f"{r['date'].replace('T', ' ')}  {game:<10} {scores or _('no players')}: "
                  f"{state}")
    return 0


def standings_rows(summary: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """The header and one row per player, best total first: place, player, per round, total."""
    players = [printable(p) for p in summary["players"]]
    entries = summary.get("rounds", summary.get("games", []))
    label = "round" if "rounds" in summary else "game"
    header = ["place", "player", *(f"{label} {i}" for i in range(1, len(entries) + 1)), "total"]
    order = sorted(range(len(players)), key=lambda s: -summary["totals"][s])
    rows: list[list[Any]] = []
    for seat in order:
        place = 1 + sum(1 for t in summary["totals"] if t > summary["totals"][seat])
        rows.append([place, players[seat], *(e["points"][seat] for e in entries),
                     summary["totals"][seat]])
    return header, rows


def _spoken_header(header: list[str]) -> list[str]:
    words = {"place": _("place"), "player": _("player"), "total": _("total")}
    out = []
    for word in header:
        kind, _space, number = word.partition(" ")
        if kind == "round" and number:
            out.append(_("round {number}").format(number=number))
        elif kind == "game" and number:
            out.append(_("game {number}").format(number=number))
        else:
            out.append(words.get(word, word))
    return out


def run_standings(args: argparse.Namespace) -> int:
    from coda_pi.file_kind import directory_not_record, not_a_record
    from coda_pi.os_words import cause

    directory = directory_not_record(args.record)
    if directory is not None:
        print(f"coda-pi standings: {directory}", file=sys.stderr)
        return 1
    try:
        replay = replay_file(args.record)
    except OSError as err:
        print("coda-pi standings: " + _("cannot read {file}: {why}").format(
            file=args.record, why=cause(err)), file=sys.stderr)
        return 1
    for warning in replay.warnings:
        print(f"coda-pi standings: {spoken(warning)}", file=sys.stderr)
    if (what := not_a_record(args.record, replay)) is not None:
        print(f"coda-pi standings: {what}", file=sys.stderr)  # one sentence, no empty table
        return 2
    summary = replay.summary()
    header, rows = standings_rows(summary)
    if args.csv:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(header)
        w.writerows([csv_cell(x) if isinstance(x, str) else x for x in row] for row in rows)
        print(out.getvalue(), end="")
    else:
        # The CSV keeps its English column names (other programs read them); people read these.
        header = _spoken_header(header)
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
        for line in [header, *rows]:
            print("  ".join(str(x).ljust(w) for x, w in zip(line, widths, strict=True)).rstrip())
        if not summary["finished"]:
            print(_("(not finished)"))
    if replay.error is not None:
        print("coda-pi standings: " + _("the record breaks a rule at line {line}: {message}")
              .format(line=replay.error.line, message=spoken(replay.error.message)),
              file=sys.stderr)
        return 2
    return 0

#!/usr/bin/env python3
"""Regenerate the shipped Mastermind codebreaking strategies (coda_pi/data/).

    .venv/bin/python tools/mastermind_solver.py            # both boards, as shipped
    .venv/bin/python tools/mastermind_solver.py --board 6x4
    .venv/bin/python tools/mastermind_solver.py --board 7x4 --full 100 --width 10

The search itself is tools/mastermind_solver.c (depth-first branch and bound, see its
header), compiled here with gcc into a temporary directory: a pure-Python search would
take days. Only this tool needs a compiler; the device reads the JSON it writes.

A node with more codes left than ``--full`` only tries the ``--width`` guesses with the
best two-ply lower bound among the ``--wide`` best by the one-ply bound (all of them
when ``--wide`` is 0), so the result is exact (optimal among all strategies opening with
``--opening``) only when ``--full`` is at least the largest class the opening leaves.
The file records the settings and says whether they made the search exact.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coda_pi.rules.mastermind import all_codes, feedback, palette  # noqa: E402
from coda_pi.rules.mastermind_strategy import Strategy, strategy_filename  # noqa: E402

SOURCE = Path(__file__).with_suffix(".c")
DATA = ROOT / "coda_pi" / "data"

# The settings the shipped files were made with (board -> opening, full, width).
# 6x4: the opening AABC and a full search below it give Koyama & Lai's 5625/1296 (12 s).
# 7x4: the search is not exact below the opening, yet these settings reach 11228/2401,
# the optimum Ville (2013) proved (about 3.5 minutes on one core).
SHIPPED: dict[str, tuple[str, int, int, int]] = {
    "6x4": ("BBGK", 1296, 10, 0),
    "7x4": ("BBGK", 200, 40, 400),
}
#: sets at least this big check the two-ply bound of a guess before searching it
LB2_FROM = 30
KNOWN_OPTIMUM = {"6x4": Fraction(5625, 1296), "7x4": Fraction(11228, 2401)}


def compile_solver(workdir: Path) -> Path:
    exe = workdir / "mastermind_solver"
    cmd = ["gcc", "-O2", "-march=native", "-o", str(exe), str(SOURCE)]
    subprocess.run(cmd, check=True)
    return exe


def largest_class(opening: str, blanks: bool) -> int:
    sizes: dict[object, int] = {}
    for code in all_codes(len(opening), blanks):
        fb = feedback(code, opening)
        sizes[fb] = sizes.get(fb, 0) + 1
    return max(sizes.values())


def regenerate(board: str, opening: str, full: int, width: int, wide: int, exe: Path) -> dict:
    colours_n, pegs = (int(x) for x in board.split("x"))
    blanks = colours_n == 7
    colours = palette(blanks)
    first = 0
    for letter in opening:
        first = first * colours_n + colours.index(letter)
    started = time.monotonic()
    run = subprocess.run(
        [str(exe), str(colours_n), str(pegs), "10", str(full), str(width), str(first),
         str(wide), str(LB2_FROM)],
        check=True,
        capture_output=True,
        text=True,
    )
    seconds = time.monotonic() - started
    tree = json.loads(run.stdout)
    exact = full >= largest_class(opening, blanks)
    data = {
        "colours": colours,
        "pegs": pegs,
        "codes": colours_n**pegs,
        "opening": opening,
        "search": {"full": full, "width": width, "wide": wide, "exact_below_opening": exact},
        "tree": tree,
    }
    strategy = Strategy(data)
    depths = [len(strategy.tree_path(code)) for code in all_codes(pegs, blanks)]
    total = sum(depths)
    data["total"] = total
    data["worst"] = max(depths)
    known = KNOWN_OPTIMUM.get(board)
    data["optimal"] = known is not None and Fraction(total, len(depths)) == known
    solver_total = int(run.stderr.split()[1])
    if solver_total != total:
        raise SystemExit(f"{board}: the tree plays {total}, the search said {solver_total}")
    # tree last, so the summary is readable at the top of the file
    data = {k: v for k, v in data.items() if k != "tree"} | {"tree": tree}
    print(f"{board}: search took {seconds:.1f} s", file=sys.stderr)
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--board", choices=sorted(SHIPPED), action="append")
    parser.add_argument("--opening", help="first guess (default: the shipped one)")
    parser.add_argument("--full", type=int, help="search every guess at nodes this small")
    parser.add_argument("--width", type=int, help="guesses tried at larger nodes")
    parser.add_argument(
        "--wide", type=int, help="guesses ranked by the two-ply bound at larger nodes"
    )
    parser.add_argument("--out", type=Path, default=DATA, help="directory to write to")
    parser.add_argument(
        "--keep-better",
        action="store_true",
        help="do not overwrite a shipped file that already has a lower total",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(Path(tmp))
        for board in args.board or sorted(SHIPPED):
            opening, full, width, wide = SHIPPED[board]
            opening = args.opening or opening
            full = args.full if args.full is not None else full
            width = args.width if args.width is not None else width
            wide = args.wide if args.wide is not None else wide
            data = regenerate(board, opening, full, width, wide, exe)
            blanks = board.startswith("7")
            path = args.out / strategy_filename(int(board.split("x")[1]), blanks)
            average = data["total"] / data["codes"]
            print(
                f"{board}: opening {opening}, total {data['total']}/{data['codes']} = "
                f"{average:.4f}, worst {data['worst']}, optimal {data['optimal']}",
                file=sys.stderr,
            )
            if args.keep_better and path.exists():
                old = json.loads(path.read_text(encoding="utf-8"))
                if old.get("total", 10**9) <= data["total"]:
                    print(f"  kept {path.name} (total {old['total']})", file=sys.stderr)
                    continue
            args.out.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
            print(f"  wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

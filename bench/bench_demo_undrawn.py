"""The headless demo with its frames drawn and without (``--no-frames``): CPU time of one
whole tournament each way, and what the frames were. The two play the same game: the same
record, the same frames counted, only the drawing left out.

    .venv/bin/python bench/bench_demo_undrawn.py [--players 3] [--rounds 3] [--size 480x320]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from coda_pi.config import Config  # noqa: E402
from coda_pi.demo import DemoResult, run_demo  # noqa: E402
from coda_pi.ui.display import parse_size  # noqa: E402


def play(draw: bool, args: argparse.Namespace, folder: Path) -> tuple[float, DemoResult]:
    """CPU seconds of one tournament, and what it did."""
    record = folder / f"{'drawn' if draw else 'undrawn'}.jsonl"
    start = time.process_time()
    result = run_demo(Config(data_dir=folder), headless=True, seed=args.seed,
                      players=args.players, rounds=args.rounds, size=args.size,
                      record=record, draw=draw)
    cpu = time.process_time() - start
    pygame.quit()
    return cpu, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--size", type=parse_size, default=(480, 320))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        drawn_cpu, drawn = play(True, args, Path(tmp))
        undrawn_cpu, undrawn = play(False, args, Path(tmp))
        same = drawn.records[0].read_bytes() == undrawn.records[0].read_bytes()
        lines = drawn.records[0].read_bytes().count(b"\n")
    w, h = args.size
    print(f"headless demo, {args.players} players, {args.rounds} rounds, seed {args.seed}, "
          f"{w}x{h}: {drawn.frames} frames, {lines} record lines")
    print(f"  frames drawn      {drawn_cpu:6.2f} s CPU  ({drawn_cpu / drawn.frames * 1000:.2f} ms "
          f"a frame, all in)")
    print(f"  --no-frames       {undrawn_cpu:6.2f} s CPU  ({drawn_cpu / undrawn_cpu:.1f} times "
          f"less; drawing is {100 * (1 - undrawn_cpu / drawn_cpu):.0f}% of the drawn run)")
    print(f"  same record: {'yes' if same else 'NO'}; same frames counted: "
          f"{'yes' if drawn.frames == undrawn.frames else 'NO'}")
    return 0 if same and drawn.frames == undrawn.frames else 1


if __name__ == "__main__":
    sys.exit(main())

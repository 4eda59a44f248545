"""The time the device takes to choose its move as Mastermind codebreaker, through its referee.

    .venv/bin/python bench/bench_mastermind_device.py [--games N] [--blanks]

The referee is driven as a table would (the fake clock, a record in memory): the player
answers each of the device's guesses with the key pegs, and what is timed is the last OK of
that answer up to the next screen with the device's next guess on it (``handle`` then
``view``: the contradiction check, the strategy's next guess, the screen's values). Also
timed: ``Strategy.next_guess`` alone on the same rows. CPU time and wall time are printed
(the bench may share its cores with test runs: CPU time is the steadier figure).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coda_pi.referee.mastermind.referee import MastermindReferee  # noqa: E402
from coda_pi.referee.mastermind.setup import MastermindOptions  # noqa: E402
from coda_pi.referee.mastermind.views import MastermindPublicView, MastermindStep  # noqa: E402
from coda_pi.referee.shared.signals import Button, Press, Release  # noqa: E402
from coda_pi.rules.mastermind import Feedback, all_codes, feedback  # noqa: E402
from coda_pi.rules.mastermind_strategy import Strategy  # noqa: E402
from coda_pi.sim.testing import FakeClock, MemoryRecord  # noqa: E402


def tap(referee: MastermindReferee, button: Button) -> None:
    referee.handle(Press(button))
    referee.handle(Release(button))


def screen(referee: MastermindReferee):
    view = referee.view()
    assert isinstance(view, MastermindPublicView), f"not at a Mastermind game: {view}"
    return view.screen


def answer(referee: MastermindReferee, black: int, white: int, pegs: int) -> tuple[float, float]:
    """Enters the key pegs; returns (cpu, wall) seconds of the last OK and the next view."""
    for field, want in ((0, black), (1, white)):
        if field == 1 and black == pegs:
            break
        while screen(referee).key_entry[field] != want:
            tap(referee, Button.NEXT)
        if field == 0 and black < pegs:
            tap(referee, Button.OK)
    cpu, wall = time.process_time(), time.perf_counter()
    referee.handle(Press(Button.OK))
    referee.view()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    referee.handle(Release(Button.OK))
    return cpu, wall


def play(secret: str, blanks: bool, seed: int) -> tuple[list[float], list[float], int]:
    clock = FakeClock()
    referee = MastermindReferee(clock=clock, rng=random.Random(seed), record=MemoryRecord(),
                                options=MastermindOptions(names=("Ann", "Ben"), mode="solo",
                                                          games=1, first=0, blanks=blanks))
    # The setup screen comes first (Game, Mode, Start, More): NEXT twice to Start, then OK.
    tap(referee, Button.NEXT)
    tap(referee, Button.NEXT)
    tap(referee, Button.OK)
    cpus, walls = [], []
    rows = 0
    while True:
        s = screen(referee)
        if s.step is MastermindStep.GAME_END:
            return cpus, walls, rows
        fb = feedback(secret, s.device_guess)
        cpu, wall = answer(referee, fb.black, fb.white, s.pegs)
        rows += 1
        if fb.black < s.pegs:  # the breaking answer ends the game: no next move to time
            cpus.append(cpu)
            walls.append(wall)


def strategy_alone(secrets: list[str], blanks: bool) -> list[float]:
    strategy = Strategy.load(4, blanks)
    times = []
    for secret in secrets:
        rows: list[tuple[str, Feedback]] = []
        while True:
            start = time.perf_counter()
            guess = strategy.next_guess(rows)
            times.append(time.perf_counter() - start)
            fb = feedback(secret, guess)
            rows.append((guess, fb))
            if fb.black == 4:
                break
    return times


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (f"median {statistics.median(values) * 1000:7.2f} ms, p95 {p95 * 1000:7.2f} ms, "
            f"max {max(values) * 1000:7.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="secrets played (random)")
    parser.add_argument("--blanks", action="store_true", help="the 7-colour board")
    args = parser.parse_args()
    rng = random.Random(2026)
    secrets = rng.sample(all_codes(4, args.blanks), args.games)
    cpus: list[float] = []
    walls: list[float] = []
    rows = []
    for i, secret in enumerate(secrets):
        c, w, n = play(secret, args.blanks, i)
        cpus += c
        walls += w
        rows.append(n)
    board = "7x4 (blanks)" if args.blanks else "6x4"
    print(f"Mastermind {board}, the device breaking {args.games} random codes through its "
          f"referee (average {statistics.mean(rows):.3f} rows, worst {max(rows)})")
    print(f"  choosing a move (OK to next screen), CPU:  {ms(cpus)}  over {len(cpus)} moves")
    print(f"  choosing a move (OK to next screen), wall: {ms(walls)}")
    alone = strategy_alone(secrets, args.blanks)
    print(f"  Strategy.next_guess alone, wall:           median "
          f"{statistics.median(alone) * 1e6:7.1f} us, max {max(alone) * 1e6:7.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())

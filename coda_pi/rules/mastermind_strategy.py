"""The shipped codebreaker: a precomputed decision tree, read from package data.

The trees are made by ``tools/mastermind_solver.py`` (a search over guesses, see there)
and stored as ``coda_pi/data/mastermind-strategy-{colours}x{pegs}.json``::

    {"colours": "BGKRWY", "pegs": 4, "total": 5625, ..., "tree": NODE}
    NODE = [guess, {"bw": NODE or code, ...}]

A node is the guess to play and, for each key-peg answer except the win (``"bw"``: black
then white digits), what to do next; a plain code string means only that code is left, so
it is the next guess. Walking the tree costs a few dictionary look-ups, so
:meth:`Strategy.next_guess` answers at once, on the device too.

Rows that leave the tree (a human breaker's own guesses) fall back on a quick heuristic
over the codes still possible.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from coda_pi.rules.errors import RuleError
from coda_pi.rules.mastermind import Feedback, all_codes, feedback, palette
from coda_pi.rules.mastermind_deduction import (
    RowLike,
    consistent_codes,
    find_contradiction,
    row_pairs,
)
from coda_pi.rules.sentence import say

Node = list[Any] | str
#: above this many possible codes the fallback only weighs possible codes as guesses
_FALLBACK_WORK = 40_000


def strategy_filename(pegs: int = 4, blanks: bool = False) -> str:
    return f"mastermind-strategy-{len(palette(blanks))}x{pegs}.json"


class Strategy:
    """A codebreaking strategy for one board (colours x pegs)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.colours: str = data["colours"]
        self.pegs: int = data["pegs"]
        self.blanks = self.colours == palette(True)
        self.tree: Node = data["tree"]
        self.info = {k: v for k, v in data.items() if k != "tree"}

    @classmethod
    def load(cls, pegs: int = 4, blanks: bool = False) -> Strategy:
        """The shipped strategy for this board; a RuleError when none is shipped."""
        return _load(pegs, blanks)

    def next_guess(self, rows: Sequence[RowLike]) -> str:
        """The guess to play after ``rows`` (guess and key pegs, oldest first).

        Raises RuleError when the code is already broken or when the rows contradict each
        other (the message names the rows, as a player would).
        """
        pairs = row_pairs(rows)
        win = Feedback(self.pegs, 0)
        if any(fb == win for _, fb in pairs):
            raise RuleError(say("the code is already broken"))
        node: Node | None = self.tree
        for guess, fb in pairs:
            node = _follow(node, guess, fb)
            if node is None:
                break
        if node is not None:
            return node if isinstance(node, str) else node[0]
        return self._fallback(pairs)

    def _fallback(self, pairs: list[tuple[str, Feedback]]) -> str:
        possible = consistent_codes(pairs, self.pegs, self.blanks)
        if not possible:
            found = find_contradiction(pairs, self.pegs, self.blanks)
            raise RuleError(found.message if found else say("no code fits these rows"))
        if len(possible) <= 2:
            return possible[0]
        everything = all_codes(self.pegs, self.blanks)
        pool = everything if len(possible) * len(everything) <= _FALLBACK_WORK else possible
        pool = pool[: max(1, _FALLBACK_WORK // len(possible))]
        candidates = set(possible)

        # Smallest expected number of codes left; a possible code wins a tie (it may win).
        def score(guess: str) -> tuple[int, bool]:
            sizes = Counter(feedback(code, guess) for code in possible)
            return sum(n * n for n in sizes.values()), guess not in candidates

        return min(pool, key=score)

    def play(self, secret: str, limit: int = 50) -> list[str]:
        """The guesses this strategy makes against ``secret``, the breaking one last."""
        rows: list[tuple[str, Feedback]] = []
        while len(rows) < limit:
            guess = self.next_guess(rows)
            fb = feedback(secret, guess)
            rows.append((guess, fb))
            if fb.black == self.pegs:
                break
        return [g for g, _ in rows]

    def tree_path(self, secret: str) -> list[str]:
        """The guesses the tree alone makes against ``secret``; ValueError if it never breaks it.

        Unlike :meth:`play` this never falls back on the heuristic, so it checks the tree.
        """
        node: Node = self.tree
        guesses: list[str] = []
        while True:
            guess = node if isinstance(node, str) else node[0]
            guesses.append(guess)
            fb = feedback(secret, guess)
            if fb.black == self.pegs:
                return guesses
            child = None if isinstance(node, str) else node[1].get(f"{fb.black}{fb.white}")
            if child is None:
                raise ValueError(f"the strategy tree does not break {secret} (after {guesses})")
            node = child


def _follow(node: Node | None, guess: str, fb: Feedback) -> Node | None:
    if node is None:
        return None
    if isinstance(node, str):
        return None  # only `node` was left and `guess` did not break it: off the tree
    if node[0] != guess:
        return None
    return node[1].get(f"{fb.black}{fb.white}")


@cache
def _load(pegs: int, blanks: bool) -> Strategy:
    name = strategy_filename(pegs, blanks)
    try:
        text = resources.files("coda_pi").joinpath("data", name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuleError(
            f"no codebreaking strategy is shipped for {len(palette(blanks))} colours "
            f"and {pegs} pegs"
        ) from None
    return Strategy(json.loads(text))

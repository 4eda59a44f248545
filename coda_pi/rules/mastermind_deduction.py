"""What the rows so far tell the codebreaker: the codes still possible, and contradictions.

Pure. A row is a ``(guess, feedback)`` pair; ``Row`` objects from the match work too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coda_pi.rules.mastermind import Feedback, Row, all_codes, feedback
from coda_pi.rules.sentence import Sentence, say

RowLike = Row | tuple[str, Feedback]


def row_pairs(rows: Iterable[RowLike]) -> list[tuple[str, Feedback]]:
    # A voided row is judged by the keys the maker placed: those are what the breaker saw.
    out = []
    for row in rows:
        if isinstance(row, Row):
            out.append((row.guess, row.claimed or row.feedback))
        else:
            out.append((row[0], row[1]))
    return out


def consistent_codes(
    rows: Iterable[RowLike],
    pegs: int = 4,
    blanks: bool = False,
    candidates: Iterable[str] | None = None,
) -> list[str]:
    """The codes (from ``candidates``, default every code) that give every row its keys."""
    pairs = row_pairs(rows)
    pool = all_codes(pegs, blanks) if candidates is None else candidates
    return [code for code in pool if all(feedback(code, g) == f for g, f in pairs)]


@dataclass(frozen=True, slots=True)
class Contradiction:
    """Row ``row`` (1-based) cannot be true together with rows ``with_rows`` before it."""

    row: int
    with_rows: tuple[int, ...]

    @property
    def message(self) -> Sentence:
        if not self.with_rows:
            return say("row {row}'s answer is impossible: no code gives those key pegs",
                       row=self.row)
        if len(self.with_rows) == 1:
            return say("row {row}'s answer contradicts row {other}'s", row=self.row,
                       other=self.with_rows[0])
        earlier = ", ".join(str(r) for r in self.with_rows[:-1])
        return say("row {row}'s answer contradicts rows {earlier} and {last} taken together",
                   row=self.row, earlier=earlier, last=self.with_rows[-1])

    def __str__(self) -> str:
        return self.message


def find_contradiction(
    rows: Sequence[RowLike], pegs: int = 4, blanks: bool = False
) -> Contradiction | None:
    """The first row whose answer no code can give together with the rows before it.

    The row is the earliest ``r`` such that rows 1..r leave no possible code. It is named
    with the earliest row it clashes with when one row alone does; otherwise with the
    fewest earlier rows that, taken together, it cannot agree with.
    """
    pairs = row_pairs(rows)
    pool = all_codes(pegs, blanks)
    alive = pool
    for r, (guess, fb) in enumerate(pairs, start=1):
        alive = [c for c in alive if feedback(c, guess) == fb]
        if alive:
            continue
        alone = [c for c in pool if feedback(c, guess) == fb]
        if not alone:
            return Contradiction(r, ())
        for j in range(1, r):
            g, f = pairs[j - 1]
            if not any(feedback(c, g) == f for c in alone):
                return Contradiction(r, (j,))
        # Else the shortest prefix of earlier rows that leaves no room for it.
        left = alone
        for j in range(1, r):
            g, f = pairs[j - 1]
            left = [c for c in left if feedback(c, g) == f]
            if not left:
                return Contradiction(r, tuple(range(1, j + 1)))
    return None

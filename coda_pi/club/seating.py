"""The next round's tables: by standing, tables of 2 to 4, avoiding repeat opponents.

Like a Swiss pairing for free-for-all tables: the best players sit together, and a player
who already met someone at this club night is moved to a neighbouring table when that
removes a repeat. When the count does not divide by the table size, the last table is
smaller (2 or 3); a single player left over (or more than the tables hold) gets a bye,
the lowest standing player who has not had one yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from coda_pi.rules.sentence import say


@dataclass(frozen=True, slots=True)
class Seating:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"tables": [list(t) for t in self.tables], "byes": list(self.byes)}

    @classmethod
    def from_dict(cls, doc: object) -> Seating:
        """Reads an override; raises ValueError saying what is wrong with it."""
        if not isinstance(doc, dict):
            raise ValueError(say("the seating must be an object with 'tables'"))
        tables = doc.get("tables")
        byes = doc.get("byes", [])
        if not isinstance(tables, list) or not all(isinstance(t, list) for t in tables):
            raise ValueError(say("'tables' must be a list of lists of names"))
        if not isinstance(byes, list):
            raise ValueError(say("'byes' must be a list of names"))
        names = [n for t in tables for n in t] + list(byes)
        if not all(isinstance(n, str) and n.strip() for n in names):
            raise ValueError(say("every name must be non-empty text"))
        if len(set(names)) != len(names):
            raise ValueError(say("a player is seated twice"))
        for i, t in enumerate(tables, 1):
            if not 2 <= len(t) <= 4:
                raise ValueError(say("table {number} has {count} players: a table seats 2 to 4",
                                     number=i, count=len(t)))
        return cls(tuple(tuple(t) for t in tables), tuple(byes))


    def to_text(self) -> str:
        lines = [f"{i}: {', '.join(t)}" for i, t in enumerate(self.tables, 1)]
        if self.byes:
            lines.append(f"bye: {', '.join(self.byes)}")
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> Seating:
        """Reads ``1: Ann, Ben, Cy`` lines (and ``bye: Dev``), as the page's editor writes."""
        tables: list[list[str]] = []
        byes: list[str] = []
        for number, raw in enumerate(text.splitlines(), 1):
            if not raw.strip():
                continue
            label, sep, names = raw.partition(":")
            if not sep:
                raise ValueError(say("line {number}: write 'TABLE: name, name' or 'bye: name'",
                                     number=number))
            people = [n.strip() for n in names.split(",") if n.strip()]
            if label.strip().lower() == "bye":
                byes.extend(people)
            else:
                tables.append(people)
        return cls.from_dict({"tables": tables, "byes": byes})


@dataclass
class History:
    """Who met whom, and who had a bye, earlier in the night."""

    met: set[frozenset[str]] = field(default_factory=set)
    byes: set[str] = field(default_factory=set)

    def add_table(self, players: Sequence[str]) -> None:
        for a, b in combinations(players, 2):
            self.met.add(frozenset((a, b)))

    def repeats(self, group: Sequence[str]) -> int:
        return sum(1 for a, b in combinations(group, 2) if frozenset((a, b)) in self.met)


def table_sizes(players: int, size: int, tables: int | None) -> tuple[list[int], int]:
    """The size of each table and the number of byes."""
    if not 2 <= size <= 4:
        raise ValueError(say("a table seats 2 to 4 players"))
    seated = players if tables is None else min(players, tables * 4)
    sizes = [size] * (seated // size)
    rest = seated % size
    if rest >= 2:
        sizes.append(rest)
    elif rest == 1 and sizes and size < 4:
        sizes[-1] += 1  # a table of 3 becomes 4 rather than leave one player out
        rest = 0
    byes = players - sum(sizes)
    if tables is not None and len(sizes) > tables:
        byes += sum(sizes[tables:])
        sizes = sizes[:tables]
    return sizes, byes


def propose(
    ranked: Sequence[str],
    history: History | None = None,
    *,
    size: int = 4,
    tables: int | None = None,
) -> Seating:
    """``ranked``: every player present, best standing first."""
    history = history or History()
    if len(set(ranked)) != len(ranked):
        raise ValueError(say("a player is listed twice"))
    sizes, bye_count = table_sizes(len(ranked), size, tables)
    order = list(ranked)
    byes: list[str] = []
    for _ in range(bye_count):
        # The lowest standing player without a bye yet; everyone had one: the lowest.
        pick = next((p for p in reversed(order) if p not in history.byes), order[-1])
        order.remove(pick)
        byes.append(pick)
    groups: list[list[str]] = []
    start = 0
    for n in sizes:
        groups.append(order[start:start + n])
        start += n
    _avoid_repeats(groups, history)
    return Seating(tuple(tuple(g) for g in groups), tuple(byes))


def _avoid_repeats(groups: list[list[str]], history: History) -> None:
    """Swaps players between neighbouring tables while that removes repeat meetings.

    Only neighbours (and the next but one) trade, so a table still holds players of
    about the same standing."""
    improved = True
    rounds = 0
    while improved and rounds < 20:
        improved = False
        rounds += 1
        for i in range(len(groups)):
            for j in range(i + 1, min(i + 3, len(groups))):
                a, b = groups[i], groups[j]
                before = history.repeats(a) + history.repeats(b)
                if before == 0:
                    continue
                best: tuple[int, int, int] | None = None
                for x in range(len(a)):
                    for y in range(len(b)):
                        a2 = a[:x] + [b[y]] + a[x + 1:]
                        b2 = b[:y] + [a[x]] + b[y + 1:]
                        after = history.repeats(a2) + history.repeats(b2)
                        if after < before and (best is None or after < best[0]):
                            best = (after, x, y)
                if best is not None:
                    _, x, y = best
                    a[x], b[y] = b[y], a[x]
                    improved = True

"""The longest tests are handed out first, one to each worker (tests/longest_first.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from longest_first import LONGEST, longest_first, parts


@dataclass(frozen=True)
class Item:
    nodeid: str


def _suite(count: int) -> list[Item]:
    # Named as the suite names them: the long ones among many short, in file order.
    short = [Item(f"tests/test_a{n:04}.py::test_it") for n in range(count)]
    long = [Item(prefix + ("test_it" if prefix.endswith("::") else "")) for prefix in LONGEST]
    return sorted(short + long, key=lambda item: item.nodeid)


@pytest.mark.parametrize("workers", [2, 4, 8])
def test_each_worker_starts_on_the_longest_left(workers: int) -> None:
    items = _suite(500)
    ordered = longest_first(items, workers)  # type: ignore[arg-type]
    assert sorted(ordered, key=lambda i: i.nodeid) == items  # the same tests, each once
    long = [i.nodeid for i in items if any(i.nodeid.startswith(p) for p in LONGEST)]
    long.sort(key=lambda nodeid: next(n for n, p in enumerate(LONGEST) if nodeid.startswith(p)))
    for part, at in enumerate(_heads(len(items), workers)):
        # Each worker's part opens with its share of the longest, round robin, in order.
        mine = long[part::workers]
        assert [i.nodeid for i in ordered[at:at + len(mine)]] == mine
    short = [i.nodeid for i in ordered if i.nodeid.startswith("tests/test_a")]
    assert short == sorted(short)  # the others keep their order


def _heads(count: int, workers: int) -> list[int]:
    heads, at = [], 0
    for size in parts(count, workers):
        heads.append(at)
        at += size
    return heads


def test_a_handful_of_tests_are_all_run() -> None:
    items = _suite(0)[:3]
    assert sorted(longest_first(items, 4), key=lambda i: i.nodeid) == items  # type: ignore[arg-type]


def test_the_parts_are_worksteals() -> None:
    assert parts(10, 4) == [2, 2, 3, 3]
    assert sum(parts(2997, 4)) == 2997

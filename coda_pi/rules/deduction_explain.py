"""Why a view has no consistent deal, in one sentence a table understands.

Pure. Called by ``deduction.analyze`` only when the count is zero, so it may afford a few
more counts to find the smallest culprit: a colour short of panels, one slot nothing fits,
one row that cannot be filled in order, a few rows that need the same panels, and in each
case whether a "wrong" answer is what makes it impossible (then that answer is named).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from coda_pi.rules.deduction import Prepared, View
from coda_pi.rules.deduction_count import RANKS, HiddenSlot, Problem, count, rank_tile
from coda_pi.rules.tiles import Color, Tile

_COLORS = (Color.DARK, Color.LIGHT)
Chain = tuple[HiddenSlot, ...]
# A "wrong" answer as the problem holds it: (chain, slot, rank) or (chain, slot, None) for "-".
Answer = tuple[int, int, int | None]


def explain(view: View, prepared: Prepared) -> str:
    problem = prepared.problem
    return (
        _short_colour(view, prepared)
        or _empty_slot(view, problem)
        or _rows(view, problem)
        or "no deal of the unseen panels fits every row and every answer"
    )


def _short_colour(view: View, prepared: Prepared) -> str | None:
    for c, color in enumerate(_COLORS):
        need = sum(1 for ch in prepared.problem.chains for s in ch if s.color == c)
        drawn = prepared.drawn_color == c
        have = sum(1 for t in prepared.unseen if t.color is color)
        if need + drawn > have:
            extra = " and the drawn one" if drawn else ""
            return (f"there are {need} hidden {color.word} panels{extra} but only {have} "
                    f"{color.word} panels unseen")
    return None


def _fits(slot: HiddenSlot, problem: Problem, *, with_answers: bool) -> list[Tile]:
    tiles = [rank_tile(r) for r in problem.ranks if r & 1 == slot.color
             and slot.lo < r < slot.hi and (not with_answers or r not in slot.banned)]
    dash_free = problem.free_dash[slot.color]
    if dash_free and (slot.dash_ok or not with_answers):
        tiles.append(Tile(_COLORS[slot.color], dash=True))
    return tiles


def _empty_slot(view: View, problem: Problem) -> str | None:
    for chain in problem.chains:
        for slot in chain:
            if _fits(slot, problem, with_answers=True):
                continue
            name = view.name(slot.seat)
            color = _COLORS[slot.color].word
            could = _fits(slot, problem, with_answers=False)
            if not could:
                return (f"{name}'s slot {slot.index} is {color}, but no unseen {color} panel "
                        f"fits {_between(slot)}")
            if len(could) == 1:
                return (f"{name} answered \"wrong\" to {could[0]} at slot {slot.index}, but "
                        f"{could[0]} is the only panel that can stand there")
            listed = ", ".join(str(t) for t in could)
            return (f"{name}'s slot {slot.index}: every panel that can stand there ({listed}) "
                    "was answered \"wrong\"")
    return None


def _between(slot: HiddenSlot) -> str:
    if slot.lo >= 0 and slot.hi < RANKS:
        return f"between {rank_tile(slot.lo)} and {rank_tile(slot.hi)}"
    if slot.lo >= 0:
        return f"right of {rank_tile(slot.lo)}"
    if slot.hi < RANKS:
        return f"left of {rank_tile(slot.hi)}"
    return "there"


def _without(chains: Sequence[Chain], answer: Answer) -> tuple[Chain, ...]:
    ci, p, rank = answer
    slot = chains[ci][p]
    changed = (replace(slot, dash_ok=True) if rank is None
               else replace(slot, banned=slot.banned - {rank}))
    chain = (*chains[ci][:p], changed, *chains[ci][p + 1:])
    return (*chains[:ci], chain, *chains[ci + 1:])


def _feasible(problem: Problem, chains: Sequence[Chain]) -> bool:
    return count(Problem(tuple(chains), problem.ranks, problem.free_dash),
                 marginals=False).total > 0


def _cleared(chain: Chain, free_dash: tuple[bool, bool]) -> Chain:
    return tuple(replace(s, banned=frozenset(), dash_ok=free_dash[s.color]) for s in chain)


def _rows(view: View, problem: Problem) -> str | None:
    chains = problem.chains
    n = len(chains)
    for size in range(1, n + 1):
        for group in combinations(range(n), size):
            subset = [chains[i] for i in group]
            if _feasible(problem, subset):
                continue
            return _blame(view, problem, group)
    return None


def _blame(view: View, problem: Problem, group: Sequence[int]) -> str:
    chains = problem.chains
    subset = [chains[i] for i in group]
    names = [view.name(chains[i][0].seat) for i in group]
    cleared = [_cleared(ch, problem.free_dash) for ch in subset]
    if _feasible(problem, cleared):
        answers = _banned(subset, problem.free_dash)
        for answer in answers:
            if _feasible(problem, _without(subset, answer)):
                ci, p, rank = answer
                slot = subset[ci][p]
                tile = _answer_tile(slot, rank)
                return (f"{view.name(slot.seat)} answered \"wrong\" to {tile} at slot "
                        f"{slot.index}, but the {'row' if len(group) == 1 else 'rows'} can "
                        f"be filled in order only if it is {tile}")
        listed = ", ".join(
            f"{_answer_tile(subset[ci][p], rank)} at {view.name(subset[ci][p].seat)}'s slot "
            f"{subset[ci][p].index}" for ci, p, rank in answers)
        return f"the answers \"wrong\" to {listed} cannot all be true"
    if len(group) == 1:
        return _row_sentence(view, problem, subset[0], names[0])
    return (f"the rows of {_and(names)} cannot all be filled in order: they need more of the "
            "same unseen panels than there are")


def _banned(subset: Sequence[Chain], free_dash: tuple[bool, bool]) -> list[Answer]:
    out: list[Answer] = []
    for ci, chain in enumerate(subset):
        for p, slot in enumerate(chain):
            out.extend((ci, p, r) for r in sorted(slot.banned))
            if free_dash[slot.color] and not slot.dash_ok:
                out.append((ci, p, None))
    return out


def _answer_tile(slot: HiddenSlot, rank: int | None) -> Tile:
    if rank is None:
        return Tile(_COLORS[slot.color], dash=True)
    return rank_tile(rank)


def _row_sentence(view: View, problem: Problem, chain: Chain, name: str) -> str:
    # Slots between the same known panels form a stretch; name the first that cannot fill.
    stretches: dict[tuple[int, int], list[HiddenSlot]] = {}
    for slot in chain:
        stretches.setdefault((slot.lo, slot.hi), []).append(slot)
    for slots in stretches.values():
        if len(slots) > 1 and not _feasible(problem, [_cleared(tuple(slots), problem.free_dash)]):
            first, last = slots[0].index, slots[-1].index
            colours = ", ".join(_COLORS[s.color].word for s in slots)
            return (f"{name}'s row cannot be in order: slots {first} to {last} ({colours}) "
                    f"stand {_between(slots[0])}, and not enough unseen panels fit there")
    return f"{name}'s row cannot be filled in order with the unseen panels"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

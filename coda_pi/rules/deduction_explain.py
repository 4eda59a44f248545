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

from coda_pi.rules.deduction_count import RANKS, HiddenSlot, Problem, count, rank_tile
from coda_pi.rules.deduction_shapes import Prepared, View
from coda_pi.rules.sentence import Sentence, say
from coda_pi.rules.tiles import Color, Tile

_COLORS = (Color.DARK, Color.LIGHT)
Chain = tuple[HiddenSlot, ...]
# A "wrong" answer as the problem holds it: (chain, slot, rank) or (chain, slot, None) for "-".
Answer = tuple[int, int, int | None]
# Colour words, one panel ("dark") and several ("dark panels"): other languages inflect them.
_WORD = (say("dark"), say("light"))
_PANELS = (say("dark {panels}"), say("light {panels}"))


def explain(view: View, prepared: Prepared) -> Sentence:
    problem = prepared.problem
    return (
        _short_colour(view, prepared)
        or _empty_slot(view, problem)
        or _rows(view, problem)
        or say("no deal of the unseen {panels} fits every row and every answer")
    )


def _short_colour(view: View, prepared: Prepared) -> Sentence | None:
    for c, color in enumerate(_COLORS):
        need = sum(1 for ch in prepared.problem.chains for s in ch if s.color == c)
        drawn = prepared.drawn_color == c
        have = sum(1 for t in prepared.unseen if t.color is color)
        if need + drawn > have:
            if drawn:
                return say("there are {need} hidden {kind} and the drawn one but only "
                           "{have} {kind} unseen", need=need, kind=_PANELS[c], have=have)
            return say("there are {need} hidden {kind} but only {have} {kind} unseen",
                       need=need, kind=_PANELS[c], have=have)
    return None


def _fits(slot: HiddenSlot, problem: Problem, *, with_answers: bool) -> list[Tile]:
    tiles = [rank_tile(r) for r in problem.ranks if r & 1 == slot.color
             and slot.lo < r < slot.hi and (not with_answers or r not in slot.banned)]
    dash_free = problem.free_dash[slot.color]
    if dash_free and (slot.dash_ok or not with_answers):
        tiles.append(Tile(_COLORS[slot.color], dash=True))
    return tiles


def _empty_slot(view: View, problem: Problem) -> Sentence | None:
    for chain in problem.chains:
        for slot in chain:
            if _fits(slot, problem, with_answers=True):
                continue
            name = view.name(slot.seat)
            color = _WORD[slot.color]
            could = _fits(slot, problem, with_answers=False)
            n = slot.index + 1  # people count panels from 1, left to right
            if not could:
                return say("{name}'s {panel} {n} is {color}, but no unseen {color} {panel} "
                           "fits {where}", name=name, n=n, color=color,
                           where=_between(slot))
            if len(could) == 1:
                return say("{name} answered \"wrong\" to {tile} at {panel} {n}, but {tile} "
                           "is the only {panel} that can stand there", name=name,
                           tile=could[0], n=n)
            return say("{name}'s {panel} {n}: every {panel} that can stand there ({listed}) "
                       "was answered \"wrong\"", name=name, n=n, listed=_listing(could))
    return None


def _between(slot: HiddenSlot) -> Sentence:
    if slot.lo >= 0 and slot.hi < RANKS:
        return say("between {left} and {right}", left=rank_tile(slot.lo),
                   right=rank_tile(slot.hi))
    if slot.lo >= 0:
        return say("right of {tile}", tile=rank_tile(slot.lo))
    if slot.hi < RANKS:
        return say("left of {tile}", tile=rank_tile(slot.hi))
    return say("there")


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


def _rows(view: View, problem: Problem) -> Sentence | None:
    chains = problem.chains
    n = len(chains)
    for size in range(1, n + 1):
        for group in combinations(range(n), size):
            subset = [chains[i] for i in group]
            if _feasible(problem, subset):
                continue
            return _blame(view, problem, group)
    return None


def _blame(view: View, problem: Problem, group: Sequence[int]) -> Sentence:
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
                if len(group) == 1:
                    return say("{name} answered \"wrong\" to {tile} at {panel} {n}, but the "
                               "row can be filled in order only if it is {tile}",
                               name=view.name(slot.seat), tile=tile, n=slot.index + 1)
                return say("{name} answered \"wrong\" to {tile} at {panel} {n}, but the "
                           "rows can be filled in order only if it is {tile}",
                           name=view.name(slot.seat), tile=tile, n=slot.index + 1)
        listed = _listing([
            say("{tile} at {name}'s {panel} {n}", tile=_answer_tile(subset[ci][p], rank),
                name=view.name(subset[ci][p].seat), n=subset[ci][p].index + 1)
            for ci, p, rank in answers])
        return say("the answers \"wrong\" to {listed} cannot all be true", listed=listed)
    if len(group) == 1:
        return _row_sentence(view, problem, subset[0], names[0])
    return say("the rows of {names} cannot all be filled in order: they need more of the "
               "same unseen {panels} than there are", names=_and(names))


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


def _row_sentence(view: View, problem: Problem, chain: Chain, name: str) -> Sentence:
    # Slots between the same known panels form a stretch; name the first that cannot fill.
    stretches: dict[tuple[int, int], list[HiddenSlot]] = {}
    for slot in chain:
        stretches.setdefault((slot.lo, slot.hi), []).append(slot)
    for slots in stretches.values():
        if len(slots) > 1 and not _feasible(problem, [_cleared(tuple(slots), problem.free_dash)]):
            colours = _listing([_WORD[s.color] for s in slots])
            return say("{name}'s row cannot be in order: {panels} {first} to {last} ({colours}) "
                       "stand {where}, and not enough unseen {panels} fit there", name=name,
                       first=slots[0].index + 1, last=slots[-1].index + 1, colours=colours,
                       where=_between(slots[0]))
    return say("{name}'s row cannot be filled in order with the unseen {panels}", name=name)


def _listing(items: Sequence[Sentence] | Sequence[Tile]) -> Sentence:
    """"a, b, c" of phrases each translated on its own (or panels in the table's labels)."""
    fields = {f"i{k}": item for k, item in enumerate(items)}
    return Sentence(", ".join("{" + key + "}" for key in fields), dict(fields))


def _and(names: Sequence[str]) -> Sentence:
    if len(names) == 1:
        return Sentence("{name}", {"name": names[0]})
    return say("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])

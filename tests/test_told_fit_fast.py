"""The fit check's fast path answers exactly as the count it replaces.

``deduction_fit.fits`` searches for one deal where ``deduction_count.count`` counted every
one, on a problem built straight from the rows (``seen_problem``); ``FittedGame.misfit``
and ``table_fit.pinned_panels`` now use them. Whether a told or
table-pool table is stopped, and why, and whose look is asked, must not change: the old
answers (``analyze``'s contradiction, and ``pinned_panels`` built on it) are computed here
beside the new ones over generated problems and generated told-pool games with slips.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from told_games import told_states

from coda_pi.rules.deduction import analyze, prepare
from coda_pi.rules.deduction_count import HiddenSlot, Problem, count
from coda_pi.rules.deduction_fit import fits, search
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.seen_problem import seen_problem
from coda_pi.rules.table_fit import FittedGame, pinned_panels


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """Rows of hidden slots between known ranks, some answers "wrong", some dashes."""
    ranks = draw(st.sets(st.integers(0, 23), max_size=24))
    chains = []
    for seat in range(draw(st.integers(0, 4))):
        bounds = sorted(draw(st.lists(st.integers(-1, 24), min_size=2, max_size=4)))
        chain = []
        for lo, hi in zip(bounds, bounds[1:], strict=False):
            for _ in range(draw(st.integers(0, 3))):
                colour = draw(st.integers(0, 1))
                banned = draw(st.frozensets(st.integers(0, 23), max_size=3))
                chain.append(HiddenSlot(seat, len(chain), colour, lo, hi, banned,
                                        draw(st.booleans())))
        if chain:
            chains.append(tuple(chain))
    free = (draw(st.booleans()), draw(st.booleans()))
    return Problem(tuple(chains), tuple(sorted(ranks)), free)


@settings(max_examples=1500)
@given(problems())
def test_a_deal_is_found_exactly_when_the_count_finds_one(problem: Problem) -> None:
    """The quick pass or the search; the search alone (the quick pass settles most)."""
    some = count(problem, marginals=False).total > 0
    assert fits(problem) == some
    assert search(problem) == some


def _old_misfit(game: FittedGame) -> str | None:
    """The check as it was: the whole analysis, its contradiction."""
    if not game._has_unknown():
        return None
    return analyze(Witness(game, game.misses).view(None)).contradiction


def _old_pinned(game: FittedGame) -> list[tuple[int, int]]:
    if _old_misfit(game) is None:
        return []
    found = []
    for seat, row in enumerate(game.rows):
        for slot, panel in enumerate(row):
            answered = game.misses[seat][slot]
            if panel.revealed or panel.tile.known or not answered:
                continue
            trial = game.copy()
            assert isinstance(trial, FittedGame)
            cleared = list(game.misses[seat])
            cleared[slot] = frozenset()
            trial.misses = [*game.misses[:seat], cleared, *game.misses[seat + 1:]]
            if _old_misfit(trial) is None:
                found.append((seat, slot))
    return found


@settings(max_examples=80)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4), st.booleans(), st.integers(3, 5),
       st.sampled_from((0.0, 0.3, 0.7)))
def test_told_games_with_slips_get_the_same_answers(seed: int, players: int, dashes: bool,
                                                     hand: int, near: float) -> None:
    """After every line: the same misfit sentence, and the same panels to look at; the
    problem built straight from the rows is the one the engine's path builds."""
    for game in told_states(seed, players=players, dashes=dashes, hand=hand, near=near):
        problem = seen_problem(game, game.misses)
        if problem is not None:
            assert problem == prepare(Witness(game, game.misses).view(None)).problem
        old = _old_misfit(game)
        assert game.misfit() == old
        if old is not None:
            assert pinned_panels(game) == _old_pinned(game)

"""Table-pool records: does some arrangement of the unseen panels still fit what was said?

Pure. In table-pool play (the spec's ``D?``/``L?`` panels) a right answer makes a panel known,
and the spec asks that it "fit the order rule". The device checks more than the panels beside
it: that some deal of every unseen panel still fits everything said (the deduction engine),
and it halts until an undo when none does (``referee/pools/table/mode.py``). Replay must refuse
what the device refuses (issue 24): two right answers, ``D5`` at slot 0 and ``D6`` at slot 2,
leave no dark panel for the hidden one between them, though each fits its neighbours.

``FittedGame`` is the Coda game plus the "wrong" answers it heard (which the order checks
need and the game forgets), kept in the game's own state so that the journal's snapshots
take them back on undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import CodaEvent, Draw
from coda_pi.rules.deduction_fit import fits, misfit
from coda_pi.rules.deduction_view import Witness, follow_misses
from coda_pi.rules.seen_problem import seen_problem

_SHARED = frozenset({"misses", "fit_found"})  # FittedGame's own fields a copy may share


@dataclass
class FittedGame(CodaGame):
    """A Coda game that also follows the "wrong" answers, to say whether a deal still fits."""

    misses: list[list[frozenset[str]]] = field(default_factory=list)
    # A fit was found for this very state (``misfit``), or for the one before a line that
    # cannot break it: a panel drawn unseen. That line leaves the rows, the unseen panels
    # and the dashes as they were, and leaves for the drawn panel as many of its colour as
    # the pool held, at least one since it was drawn: every deal that fitted still fits.
    # (About a third of a told pool's fit checks.)
    fit_found: bool = False

    def apply(self, event: CodaEvent) -> None:
        had_drawn = self.drawn is not None
        carried = self.fit_found and isinstance(event, Draw) and not event.tile.known \
            and not had_drawn
        super().apply(event)
        self.misses = follow_misses(self.misses, self, event, had_drawn=had_drawn)
        self.fit_found = carried

    def misfit(self) -> str | None:
        """Why no arrangement of the unseen panels fits what was said, or None when one
        does (always None once every panel is known)."""
        if not self._has_unknown() or self.fit_found:
            return None
        # Asked after every told-pool line: the fit straight from the rows first; the
        # engine's own path (and its sentence) when that does not find one.
        problem = seen_problem(self, self.misses)
        if problem is not None and fits(problem):
            self.fit_found = True  # what was found, not the game: a copy may keep it
            return None
        return misfit(Witness(self, self.misses).view(None))

    def _has_unknown(self) -> bool:
        if self.drawn is not None and not self.drawn.known:
            return True
        return any(not slot.tile.known for row in self.rows for slot in row)

    def _copied_extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        # follow_misses never changes the lists it is given (it returns new ones), so a copy
        # shares them: the journal's snapshot, the game's own before-copy and the FitWatch's
        # state per line were three deep copies a line, most of a told-pool replay.
        # ``fit_found`` is a bool: shared as well.
        if extra.keys() <= _SHARED:
            return dict(extra)
        copied = super()._copied_extra({k: v for k, v in extra.items() if k not in _SHARED})
        copied.update({k: v for k, v in extra.items() if k in _SHARED})
        return copied


def pinned_panels(game: FittedGame, *, unfit: bool = False) -> list[tuple[int, int]]:
    """Every standing unseen panel (seat, slot), in seat and slot order, whose "wrong"
    answers alone keep every arrangement from fitting (with them forgotten, one fits);
    empty when the game fits, or when no one panel's answers are to blame. Pure and
    public: the game of what the table has seen.

    In told-pool play a panel's answers came from its owner's entry, so one of these
    entries is the slip the table's sight has pinned down; when there are several, the
    table's sight cannot tell which. ``unfit``: the caller knows already that nothing
    fits (the check is not made again)."""
    if not unfit and game.misfit() is None:
        return []
    found = []
    for seat, row in enumerate(game.rows):
        for slot, panel in enumerate(row):
            answered = game.misses[seat][slot] if seat < len(game.misses) and \
                slot < len(game.misses[seat]) else frozenset()
            if panel.revealed or panel.tile.known or not answered:
                continue
            trial = game.copy()
            assert isinstance(trial, FittedGame)
            trial.fit_found = False  # its answers change below
            cleared = list(game.misses[seat])
            cleared[slot] = frozenset()
            trial.misses = [*game.misses[:seat], cleared, *game.misses[seat + 1:]]
            if trial.misfit() is None:
                found.append((seat, slot))
    return found


@dataclass(frozen=True)
class Unfit:
    """The first line after which no arrangement fits: its number, why, the game before it
    and the last good line's number before it."""

    line: int
    why: str
    before: CodaGame
    last_good: int


class FitWatch:
    """Follows a replay and finds the first line after which no arrangement fits, asking the
    deduction engine a few times per round instead of after every line.

    Within a round, every line adds to what is known, so the set of fitting arrangements only
    shrinks: once none fits, none fits until an undo or the next round. So the fit is checked
    only where play could go on past a misfit (before an undo, before a round, at the end),
    and a misfit found there is traced back by bisection over the states since the last
    check. (Every line was 1.4 ms of analysis on a laptop, a hundred times a line's replay.)
    """

    def __init__(self) -> None:
        self._segment: list[tuple[int, FittedGame, int]] = []

    def before(self, line: int, game: FittedGame, last_good: int) -> None:
        """Line ``line`` is about to be applied to ``game`` (a copy is kept: constant time)."""
        self._segment.append((line, game.copy(), last_good))

    def first_unfit(self, now: FittedGame) -> Unfit | None:
        """The first line since the last check after which no arrangement fits, with ``now``
        the game after the latest line; None when it still fits. Starts a new segment."""
        segment, self._segment = self._segment, []
        why = now.misfit()
        if why is None or not segment:
            return None
        after = [state for _, state, _ in segment[1:]] + [now]  # the game after each line
        lo, hi = 0, len(segment) - 1  # after[hi] does not fit
        while lo < hi:
            mid = (lo + hi) // 2
            if after[mid].misfit() is None:
                lo = mid + 1
            else:
                hi = mid
        if lo < len(segment) - 1:
            why = after[lo].misfit() or why
        line, before, last_good = segment[lo]
        return Unfit(line, why, before, last_good)

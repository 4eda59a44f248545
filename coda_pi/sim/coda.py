"""A simulated table: which buttons a sensible player would press next.

The policy sees only what a real player sees: the public screen, and its own private view
while it holds its own seat button (it presses the button to look, exactly as a person
does). It answers with ``Press``/``Release`` intents, which the demo feeds through the same
path as real buttons. It plays legal, sensible Coda, choosing among the moves the rules give
its seat from what it sees (``rules.legal.seat_moves`` of ``seen_by``): it attacks the
hidden panel with the fewest possible numbers left, keeps attacking only while a guess is
certain, and claims the right slot for its drawn panel.

Use: ``intents = player.decide(referee.view(), referee.private_view())``, feed them all,
then ask again; an empty list means there is nothing left to do (the final standings).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coda_pi.referee.shared.choice_menu import START
from coda_pi.referee.shared.labels import label_value
from coda_pi.referee.shared.signals import Button, Intent, Press, Release
from coda_pi.referee.shared.views import (
    ConfirmView,
    DealView,
    FinalView,
    MenuView,
    PanelView,
    PrivateView,
    PublicView,
    RoundEndView,
    SetupView,
    TableView,
    TurnStep,
    TurnView,
)
from coda_pi.rules.coda import Phase
from coda_pi.rules.coda_events import Guess, Place, Stop
from coda_pi.rules.legal import seat_moves
from coda_pi.rules.observe import CodaObservation, SeenPanel
from coda_pi.rules.tiles import Color, Tile, full_set


def _tap(button: Button) -> list[Intent]:
    return [Press(button), Release(button)]


def _tile(panel: PanelView, labels: str) -> Tile | None:
    if panel.label is None:
        return None
    return Tile.parse(("D" if panel.dark else "L") + label_value(panel.label, labels))


def _ranks(panels: tuple[PanelView, ...], labels: str) -> list[int]:
    """The ranks of the knocked-down numbered panels among ``panels``."""
    tiles = (_tile(p, labels) for p in panels)
    return [t.rank for t in tiles if t is not None and t.rank is not None]


def seen_by(table: TableView, seat: int, phase: Phase, labels: str, *,
            own: Sequence[Tile] | None = None, drawn: Tile | None = None) -> CodaObservation:
    """The game as ``seat`` sees it on its screens, for ``seat_moves``: the public table,
    and (from its private view) its own row and the panel it drew."""
    rows = []
    for view in table.seats:
        if view.seat == seat and own is not None:
            rows.append(tuple(SeenPanel(t.color, t, p.revealed)
                              for t, p in zip(own, view.row, strict=True)))
        else:
            rows.append(tuple(SeenPanel(Color.DARK if p.dark else Color.LIGHT,
                                        _tile(p, labels), p.revealed) for p in view.row))
    return CodaObservation(
        seat=seat, players=tuple(v.name for v in table.seats), dashes=table.dashes,
        phase=phase, round_number=table.round_number, turn=seat, rows=tuple(rows),
        drawn=None if drawn is None else SeenPanel(drawn.color, drawn),
        drawn_seat=None if drawn is None else seat, out=tuple(v.out for v in table.seats),
        pool=(table.pool_dark, table.pool_light), totals=tuple(v.total for v in table.seats))


def aims(seen: CodaObservation) -> list[tuple[int, int]]:
    """The (target, slot) of every guess among the seat's moves, in the rules' order."""
    return list(dict.fromkeys((m.target, m.slot) for m in seat_moves(seen)
                              if isinstance(m, Guess)))


@dataclass(frozen=True, slots=True)
class Plan:
    seat: int
    target: int
    slot: int
    value: str  # the record's value
    choices: int  # how many values were possible: 1 means certain


def candidates(
    table: TableView, me: PrivateView, target: int, slot: int, labels: str
) -> list[Tile]:
    """The panels that may stand at ``target``'s ``slot``, from what ``me`` can know."""
    row = table.seats[target].row
    colour = Color.DARK if row[slot].dark else Color.LIGHT
    seen: set[Tile] = set()
    for seat in table.seats:
        for p in seat.row:
            tile = _tile(p, labels)
            if tile is not None:
                seen.add(tile)
    for p in (*me.row, *(() if me.drawn is None else (me.drawn,))):
        tile = _tile(p, labels)
        if tile is not None:
            seen.add(tile)
    low = max(_ranks(row[:slot], labels), default=-1)
    high = min(_ranks(row[slot + 1:], labels), default=99)
    out = []
    for tile in sorted(full_set(dashes=table.dashes), key=lambda t: (t.rank is None, t.rank or 0)):
        if tile.color is not colour or tile in seen:
            continue
        if tile.rank is not None and not low < tile.rank < high:
            continue
        out.append(tile)
    return out


def _still_open(plan: Plan, table: TableView, seat: int) -> bool:
    """The plan still names a standing panel of another player (an undo may have moved
    the table back under it)."""
    if plan.seat != seat or plan.target >= len(table.seats):
        return False
    target = table.seats[plan.target]
    return not target.out and plan.slot < len(target.row) and not target.row[plan.slot].revealed


class AutoPlayer:
    """Plays every seat of a table (one object for the whole table)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._holding: int | None = None
        self._plan: Plan | None = None
        self._dash_goals: dict[tuple[int, int, bool], int] = {}

    def decide(self, view: PublicView, private: PrivateView | None) -> list[Intent]:
        overlay = view.overlay
        if isinstance(overlay, MenuView | ConfirmView):
            return _tap(Button.BACK)
        screen = view.screen
        acting = screen.seat if isinstance(screen, DealView | TurnView) else None
        if self._holding is not None and self._holding != acting:
            return self._release()
        match screen:
            case SetupView():
                return start_game(screen)
            case DealView():
                return self._deal(view, screen, private)
            case TurnView():
                return self._turn(view, screen, private)
            case RoundEndView():
                return _tap(Button.OK)
            case FinalView():
                return []
        return []

    def _deal(self, view: PublicView, screen: DealView, private: PrivateView | None
              ) -> list[Intent]:
        if view.table is None or view.table.round_number == 0:
            return _tap(Button.OK)  # "press OK to start the game"
        if private is None:
            return self._look(screen.seat)
        if private.cursor is None:
            return [*_tap(Button.OK), *self._release()]
        # A dash: stand it at a place of the player's choosing, then OK (the button is let
        # go once the screen moves on to the next seat).
        dash = private.row[private.cursor]
        key = (view.table.round_number, screen.seat, dash.dark)
        goal = self._dash_goals.setdefault(key, self._rng.randrange(len(private.row)))
        return _tap(Button.NEXT if private.cursor != goal else Button.OK)

    # -- a turn --------------------------------------------------------------------------

    def _turn(self, view: PublicView, turn: TurnView, me: PrivateView | None) -> list[Intent]:
        """A step of a turn: the colour is chosen from the public counts; every other step
        needs the player's own panels, so it holds its button first."""
        if turn.step is TurnStep.CHOOSE_COLOR:
            want_dark = turn.dark_left >= turn.light_left
            if turn.color_dark != want_dark and min(turn.dark_left, turn.light_left) > 0:
                return _tap(Button.NEXT)
            return _tap(Button.OK)
        if me is None:
            return self._look(turn.seat)
        step = _TURN_STEPS.get(turn.step)
        return [] if step is None else step(self, view, turn, me)

    def _attack(self, view: PublicView, turn: TurnView, me: PrivateView) -> list[Intent]:
        """Aim, choose the slot and the number of the plan (the best guess there is)."""
        table = view.table
        assert table is not None
        plan = self._plan_for(table, me, turn.seat, view.labels)
        if turn.step is TurnStep.TARGET or turn.target != plan.target:
            return _tap(Button.for_seat(plan.target))
        if turn.step is TurnStep.SLOT:
            return _tap(Button.NEXT if turn.slot != plan.slot else Button.OK)
        want = label_value(turn.value_label or "", view.labels)
        if want != plan.value:
            values = [label_value(v, view.labels) for v in turn.values]
            ahead = (values.index(plan.value) - values.index(want)) % len(values)
            return _tap(Button.NEXT if ahead <= len(values) // 2 else Button.PREV)
        self._plan = None
        return _tap(Button.OK)

    def _go_on(self, view: PublicView, turn: TurnView, me: PrivateView) -> list[Intent]:
        """Attack again only while the next guess is certain."""
        table = view.table
        assert table is not None
        plan = self._plan_for(table, me, turn.seat, view.labels)
        again = plan.choices == 1
        if turn.attack_again != again:
            return _tap(Button.NEXT)
        if not again:
            self._plan = None
        return _tap(Button.OK)

    def _plan_for(self, table: TableView, me: PrivateView, seat: int, labels: str) -> Plan:
        plan = self._plan
        if plan is None or not _still_open(plan, table, seat):
            plan = self._plan = self._best(table, me, seat, labels)
        return plan

    def _claim(self, view: PublicView, turn: TurnView, me: PrivateView) -> list[Intent]:
        """Move the drawn panel to a place among the seat's moves, then OK."""
        table = view.table
        assert table is not None and me.cursor is not None and me.drawn is not None
        labels = view.labels
        tiles = [_tile(p, labels) for i, p in enumerate(me.row) if i != me.cursor]
        drawn = _tile(me.drawn, labels)
        assert drawn is not None and all(t is not None for t in tiles)
        phase = Phase.CONTINUE if turn.step is TurnStep.CLAIM_HIDDEN else Phase.PENALTY
        seen = seen_by(table, turn.seat, phase, labels,
                       own=[t for t in tiles if t is not None], drawn=drawn)
        legal = [m.slot for m in seat_moves(seen) if isinstance(m, Stop | Place)]
        if me.cursor not in legal:
            return _tap(Button.NEXT)
        return [*_tap(Button.OK), *self._release()]

    def _knock_down(self, view: PublicView, turn: TurnView, me: PrivateView) -> list[Intent]:
        return [*_tap(Button.OK), *self._release()]

    def _best(self, table: TableView, me: PrivateView, seat: int, labels: str) -> Plan:
        """Among the seat's guesses (``seat_moves``), the panel with fewest candidates."""
        best: Plan | None = None
        where = aims(seen_by(table, seat, Phase.ATTACK, labels))
        for target, slot in where:
            tiles = candidates(table, me, target, slot, labels)
            if not tiles:
                continue
            if best is None or len(tiles) < best.choices:
                pick = self._rng.choice(tiles)
                best = Plan(seat, target, slot, pick.value, len(tiles))
        if best is None:  # cannot happen in a legal game; guess something legal anyway
            target, slot = where[0]
            best = Plan(seat, target, slot, "0", 12)
        return best

    def _look(self, seat: int) -> list[Intent]:
        self._holding = seat
        return [Press(Button.for_seat(seat))]

    def _release(self) -> list[Intent]:
        if self._holding is None:
            return []
        seat, self._holding = self._holding, None
        return [Release(Button.for_seat(seat))]


_TURN_STEPS: dict[TurnStep, Callable[[AutoPlayer, PublicView, TurnView, PrivateView],
                                     list[Intent]]] = {
    TurnStep.TARGET: AutoPlayer._attack,
    TurnStep.SLOT: AutoPlayer._attack,
    TurnStep.VALUE: AutoPlayer._attack,
    TurnStep.CONTINUE: AutoPlayer._go_on,
    TurnStep.CLAIM_HIDDEN: AutoPlayer._claim,
    TurnStep.CLAIM_FACE_UP: AutoPlayer._claim,
    TurnStep.REVEAL_OWN: AutoPlayer._knock_down,
}
"""What the player presses at each step of its turn once it holds its seat button."""


def start_game(screen: SetupView) -> list[Intent]:
    """The press towards starting the game from Coda's setup: out of a value being edited,
    up to Start, then OK."""
    if screen.editing:
        return _tap(Button.OK)
    return _tap(Button.OK if screen.cursor == start_line(screen) else Button.PREV)


def start_line(screen: SetupView) -> int:
    """Where "Start" stands in a setup menu (the last line when none says it is Start)."""
    for index, item in enumerate(screen.items):
        if item.key == START:
            return index
    return len(screen.items) - 1

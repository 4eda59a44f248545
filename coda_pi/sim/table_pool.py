"""Simulated players for table-pool play: they hold real (simulated) panels the device
never sees, and press what a careful table would press.

``TablePoolAutoPlayer.decide`` has the demo's ``AutoPlayer`` interface: from the screen now,
the next button edges. It deals the box itself at the start of each round, draws face-down
panels, answers guesses truthfully as the target, and types the numbers of panels that fall.
Its players guess the right number about half the time, so games have misses, panels placed
face up, panels knocked down, and end with a bonus.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from coda_pi.referee.pools.table.views import (
    ColourRowView,
    ContradictionView,
    JudgeView,
    NumberEntryView,
)
from coda_pi.referee.shared.labels import guess_values, value_label
from coda_pi.referee.shared.signals import Button, Intent, Press, Release
from coda_pi.referee.shared.views import (
    ConfirmView,
    MenuView,
    PublicView,
    RoundEndView,
    SetupView,
    TurnStep,
    TurnView,
)
from coda_pi.rules.coda import Phase
from coda_pi.rules.coda_events import Place, Stop
from coda_pi.rules.deduction import Panel, View, analyze
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.legal import seat_moves
from coda_pi.rules.tiles import Color, Tile, full_set
from coda_pi.sim.coda import aims, seen_by, start_game

RIGHT_CHANCE = 0.5


def _tap(button: Button) -> list[Intent]:
    return [Press(button), Release(button)]


@dataclass
class _Panel:
    tile: Tile
    down: bool = False


class TablePoolAutoPlayer:
    """Every seat of a table-pool table, and the real panels on it."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self.rows: list[list[_Panel]] = []
        self.pool: list[Tile] = []
        self.held: Tile | None = None
        self._round = 0
        self._falling: tuple[str, int, int] | None = None  # ("place"|"reveal", seat, slot)
        self._aim: tuple[int, int, str] | None = None  # target, slot, value

    def decide(self, view: PublicView, private: object = None) -> list[Intent]:
        if isinstance(view.overlay, MenuView | ConfirmView):
            return _tap(Button.BACK)
        screen = view.screen
        table = view.table
        if table is not None and table.round_number != self._round:
            self._deal(len(table.seats), table.round_number, view)
        match screen:
            case SetupView():
                return start_game(screen)
            case ColourRowView():
                return self._colour(screen)
            case TurnView():
                return self._turn(view, screen)
            case JudgeView():
                return self._answer(screen)
            case NumberEntryView():
                return self._number(screen, view)
            case RoundEndView():
                return _tap(Button.OK)
            case ContradictionView():
                return []  # an honest table never gets here; stand still to be seen
        return []

    # -- dealing -------------------------------------------------------------------------

    def _deal(self, seats: int, round_number: int, view: PublicView) -> None:
        self._round = round_number
        hand = 3 if seats == 4 else 4
        dashes = view.table.dashes if view.table is not None else False
        box = sorted(full_set(dashes=dashes), key=str)
        self._rng.shuffle(box)
        self.rows = []
        for _ in range(seats):
            taken, box = box[:hand], box[hand:]
            row = sorted((t for t in taken if not t.dash), key=lambda t: t.rank or 0)
            for dash in (t for t in taken if t.dash):
                row.insert(self._rng.randrange(len(row) + 1), dash)
            self.rows.append([_Panel(t) for t in row])
        self.pool = box
        self.held = None
        self._falling = None
        self._aim = None

    def _colour(self, screen: ColourRowView) -> list[Intent]:
        row = self.rows[screen.seat]
        if len(screen.entered) >= len(row):
            return _tap(Button.OK)
        want = row[len(screen.entered)].tile.color is Color.DARK
        return _tap(Button.OK if screen.dark == want else Button.NEXT)

    # -- a turn --------------------------------------------------------------------------

    def _turn(self, view: PublicView, turn: TurnView) -> list[Intent]:
        step = _TURN_STEPS.get(turn.step)
        return [] if step is None else step(self, view, turn)

    def _draw(self, view: PublicView, turn: TurnView) -> list[Intent]:
        """A panel taken from the table face down: its colour told."""
        if self.held is None:
            self.held = self._rng.choice(self.pool)
        if turn.color_dark != (self.held.color is Color.DARK):
            return _tap(Button.NEXT)
        self.pool.remove(self.held)
        return _tap(Button.OK)

    def _go_on(self, view: PublicView, turn: TurnView) -> list[Intent]:
        again = self._rng.random() < 0.5
        if turn.attack_again != again:
            return _tap(Button.NEXT)
        if not again:
            self._aim = None
        return _tap(Button.OK)

    def _attack(self, view: PublicView, turn: TurnView) -> list[Intent]:
        table = view.table
        assert table is not None
        aim = self._aim
        if aim is None or table.seats[aim[0]].out:
            aim = self._aim = self._choose(view, turn.seat)
        target, slot, value = aim
        if turn.step is TurnStep.TARGET or turn.target != target:
            return _tap(Button.for_seat(target))
        if turn.step is TurnStep.SLOT:
            return _tap(Button.NEXT if turn.slot != slot else Button.OK)
        if turn.value_label != value_label(value, view.labels):
            return _tap(Button.NEXT)
        return _tap(Button.OK)

    def _claim(self, view: PublicView, turn: TurnView) -> list[Intent]:
        table = view.table
        assert table is not None and self.held is not None
        seat = turn.seat
        # The player knows its own panels (the device does not): its moves from them.
        phase = Phase.CONTINUE if turn.step is TurnStep.CLAIM_HIDDEN else Phase.PENALTY
        seen = seen_by(table, seat, phase, view.labels,
                       own=[p.tile for p in self.rows[seat]], drawn=self.held)
        where = next(m.slot for m in seat_moves(seen) if isinstance(m, Stop | Place))
        if turn.claim_slot != where:
            return _tap(Button.NEXT)
        if turn.step is TurnStep.CLAIM_HIDDEN:
            self.rows[seat].insert(where, _Panel(self.held))
            self.held = None
        else:
            self._falling = ("place", seat, where)
        return _tap(Button.OK)

    def _knock_down(self, view: PublicView, turn: TurnView) -> list[Intent]:
        if turn.reveal_slot is None:
            return []
        self._falling = ("reveal", turn.seat, turn.reveal_slot)
        return _tap(Button.OK)

    def _choose(self, view: PublicView, seat: int) -> tuple[int, int, str]:
        """A guess among the seat's moves (``seat_moves``): right about half the time."""
        table = view.table
        assert table is not None
        where = aims(seen_by(table, seat, Phase.ATTACK, view.labels))
        targets = list(dict.fromkeys(target for target, _ in where))
        target = self._rng.choice(targets)
        hidden = [slot for at, slot in where if at == target]
        slot = self._rng.choice(hidden)
        truth = self.rows[target][slot].tile.value
        if self._rng.random() < RIGHT_CHANCE:
            return target, slot, truth
        values = [v for v in guess_values(dashes=table.dashes) if v != truth]
        return target, slot, self._rng.choice(values)

    def _answer(self, screen: JudgeView) -> list[Intent]:
        """The target answers truly."""
        panel = self.rows[screen.target][screen.slot]
        self._aim = None
        if value_label(panel.tile.value, "panels") == screen.value_label or (
                value_label(panel.tile.value, "cards") == screen.value_label):
            panel.down = True
            return _tap(Button.for_seat(screen.target))
        return _tap(Button.OK)

    def _number(self, screen: NumberEntryView, view: PublicView) -> list[Intent]:
        tile = self._falling_tile(screen)
        if screen.value_label != value_label(tile.value, view.labels):
            return _tap(Button.NEXT)
        if screen.step == screen.count:
            self._fallen()
        return _tap(Button.OK)

    def _falling_tile(self, screen: NumberEntryView) -> Tile:
        falling = self._falling
        if falling is not None:
            kind, seat, slot = falling
            if kind == "place":
                assert self.held is not None
                return self.held
            return self.rows[seat][slot].tile
        # The bonus: the winner's standing panels left to right, the held one last.
        shown = [p.tile for p in self.rows[screen.seat] if not p.down]
        if self.held is not None:
            shown.append(self.held)
        return shown[screen.step - 1]

    def _fallen(self) -> None:
        falling, self._falling = self._falling, None
        if falling is None:
            self.held = None  # the bonus is entered: the round is over
            return
        kind, seat, slot = falling
        if kind == "place":
            assert self.held is not None
            self.rows[seat].insert(slot, _Panel(self.held, down=True))
            self.held = None
        else:
            self.rows[seat][slot].down = True


_TURN_STEPS: dict[TurnStep, Callable[[TablePoolAutoPlayer, PublicView, TurnView],
                                     list[Intent]]] = {
    TurnStep.CHOOSE_COLOR: TablePoolAutoPlayer._draw,
    TurnStep.CONTINUE: TablePoolAutoPlayer._go_on,
    TurnStep.TARGET: TablePoolAutoPlayer._attack,
    TurnStep.SLOT: TablePoolAutoPlayer._attack,
    TurnStep.VALUE: TablePoolAutoPlayer._attack,
    TurnStep.CLAIM_HIDDEN: TablePoolAutoPlayer._claim,
    TurnStep.CLAIM_FACE_UP: TablePoolAutoPlayer._claim,
    TurnStep.REVEAL_OWN: TablePoolAutoPlayer._knock_down,
}
"""What the table presses at each step of a turn."""


def seat_table_pool_players(player: TablePoolAutoPlayer, witness: Witness, round_number: int,
                            rng: random.Random) -> None:
    """Gives the simulated table of a resumed table-pool game real panels again.

    The record holds only what the device was told (colours, and the numbers of panels that
    fell), so the simulated players' hidden panels are drawn at random among the deals the
    record allows, one panel at a time with the exact deduction: the game then goes on as a
    table that had those panels would play it. Seats not dealt yet get a hand from the rest.
    """
    seen = witness.view(None)
    rows, drawn = _panels_drawn_again(seen, rng)
    used = {p.tile for row in rows for p in row}
    if drawn is not None:
        used.add(drawn.tile)
    pool = [t for t in sorted(full_set(dashes=seen.dashes), key=str) if t not in used]
    rng.shuffle(pool)
    hand = witness.game.settings.hand
    table: list[list[_Panel]] = []
    for row in rows:
        if row:
            table.append([_Panel(p.tile, down=p.revealed) for p in row if p.tile is not None])
            continue
        taken, pool = pool[:hand], pool[hand:]  # a seat still to be dealt
        table.append([_Panel(t) for t in _stood(taken, rng)])
    player.rows = table
    player.pool = pool
    player.held = None if drawn is None else drawn.tile
    player._round = round_number


def _panels_drawn_again(seen: View, rng: random.Random
                        ) -> tuple[list[list[Panel]], Panel | None]:
    """Every panel the record left unknown, drawn at random among those the deduction
    allows, one at a time (the rows, and the drawn panel)."""
    rows = [list(row) for row in seen.rows]
    drawn = seen.drawn

    def current() -> View:
        return View(tuple(tuple(r) for r in rows), seen.dashes, drawn, seen.drawn_seat,
                    seen.names)

    def pick(chances: dict[Any, Any]) -> Any:
        tiles = sorted((t for t, p in chances.items() if p > 0), key=str)
        return rng.choices(tiles, weights=[float(chances[t]) for t in tiles])[0]

    for seat, row in enumerate(rows):
        for slot, panel in enumerate(row):
            if panel.tile is None:
                tile = pick(analyze(current()).slots[(seat, slot)])
                rows[seat][slot] = Panel(panel.color, tile, missed=panel.missed)
    if drawn is not None and drawn.tile is None:
        chances = analyze(current()).drawn
        assert chances is not None
        drawn = Panel(drawn.color, pick(chances))
    return rows, drawn


def _stood(taken: list[Tile], rng: random.Random) -> list[Tile]:
    """A hand stood in order, each dash where its player likes."""
    ordered = sorted((t for t in taken if not t.dash), key=lambda t: t.rank or 0)
    for dash in (t for t in taken if t.dash):
        ordered.insert(rng.randrange(len(ordered) + 1), dash)
    return ordered

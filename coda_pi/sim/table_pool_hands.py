"""Hands at a table-pool table: the real panels, and the buttons that tell the device.

``HiddenTable`` holds what the device never sees (every standing panel, the face-down pool,
the panel a player drew) and presses the buttons a careful table would press, reading the
public screen to steer the cursors. Tests and the headless demo play table-pool games with
it; the referee under test learns the panels only from the presses.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from coda_pi.referee.pools.table.views import ColourRowView, JudgeView, NumberEntryView
from coda_pi.referee.shared.labels import guess_values, value_label
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import TurnStep, TurnView
from coda_pi.rules.tiles import Color, Tile, full_set, legal_slots
from coda_pi.sim.testing import Table

OK, PREV, NEXT = Button.OK, Button.PREV, Button.NEXT


@dataclass
class Standing:
    tile: Tile
    down: bool = False


@dataclass
class HiddenTable:
    """The physical table: rows of real panels, the face-down pool, a drawn panel."""

    table: Table
    rows: list[list[Standing]]
    pool: list[Tile]
    labels: str = "panels"
    dashes: bool = False
    held: Tile | None = None
    log: list[str] = field(default_factory=list)

    @classmethod
    def deal(cls, table: Table, seats: int, hand: int, *, dashes: bool = False,
             rng: random.Random | None = None, labels: str = "panels") -> HiddenTable:
        rng = rng or random.Random(0)
        box = sorted(full_set(dashes=dashes), key=str)
        rng.shuffle(box)
        rows = []
        for _ in range(seats):
            taken, box = box[:hand], box[hand:]
            row: list[Tile] = sorted((t for t in taken if not t.dash), key=lambda t: t.rank or 0)
            for dash in (t for t in taken if t.dash):
                row.insert(rng.randrange(len(row) + 1), dash)  # a dash stands anywhere
            rows.append([Standing(t) for t in row])
        return cls(table, rows, box, labels, dashes)

    @classmethod
    def from_rows(cls, table: Table, rows: list[list[str]], *, dashes: bool = False,
                  labels: str = "panels") -> HiddenTable:
        """A table dealt by hand: ``rows`` as "D5"/"L-" strings, the rest face down."""
        standing = [[Standing(Tile.parse(t)) for t in row] for row in rows]
        dealt = {s.tile for row in standing for s in row}
        pool = sorted(full_set(dashes=dashes) - dealt, key=str)
        return cls(table, standing, pool, labels, dashes)

    # -- reading the device ---------------------------------------------------------------

    def screen(self) -> object:
        return self.table.referee.view().screen

    def turn(self) -> TurnView:
        screen = self.screen()
        assert isinstance(screen, TurnView), screen
        return screen

    def _until(self, done: object, button: Button, limit: int = 30) -> None:
        for _ in range(limit):
            if callable(done) and done():
                return
            self.table.tap(button)
        raise AssertionError(f"the screen never got there: {self.screen()}")

    # -- the table's moves ---------------------------------------------------------------

    def enter_row(self, seat: int) -> None:
        """The seat being dealt enters the colours of its row, left to right, and OK."""
        for standing in self.rows[seat]:
            screen = self.screen()
            assert isinstance(screen, ColourRowView) and screen.seat == seat, screen
            if screen.dark != (standing.tile.color is Color.DARK):
                self.table.tap(NEXT)
            self.table.tap(OK)
        self.table.tap(OK)

    def draw(self, colour: Color | None = None, rng: random.Random | None = None,
             tile: Tile | None = None) -> Tile:
        """The player takes a face-down panel (``tile``, or one of ``colour`` if asked) and
        enters its colour."""
        if tile is None:
            choices = [t for t in self.pool if colour is None or t.color is colour]
            tile = (rng or random.Random(len(self.pool))).choice(choices)
        self.pool.remove(tile)
        self.held = tile
        view = self.turn()
        assert view.step is TurnStep.CHOOSE_COLOR, view
        if view.color_dark != (tile.color is Color.DARK):
            self.table.tap(NEXT)
        self.table.tap(OK)
        return tile

    def aim(self, target: int, slot: int, value: str) -> None:
        """The player names a panel and a number (the guess waits for the answer)."""
        view = self.turn()
        if view.step is TurnStep.CONTINUE:
            if not view.attack_again:
                self.table.tap(NEXT)
            self.table.tap(OK)
            view = self.turn()
        if view.step is TurnStep.TARGET or view.target != target:
            self.table.tap(self.table.seat(target))
        self._until(lambda: self.turn().slot == slot, NEXT)
        self.table.tap(OK)
        label = value_label(value, self.labels)
        self._until(lambda: self.turn().value_label == label, NEXT)
        self.table.tap(OK)
        assert isinstance(self.screen(), JudgeView), self.screen()

    def answer(self, target: int, slot: int, value: str, *, honest: bool = True) -> bool:
        """The target answers truly (or, ``honest`` False, says "wrong" whatever it is)."""
        standing = self.rows[target][slot]
        right = standing.tile.value == value and honest
        if right:
            self.table.tap(self.table.seat(target))
            standing.down = True
        else:
            self.table.tap(OK)
        return right

    def guess(self, seat: int, target: int, slot: int, value: str) -> bool:
        self.aim(target, slot, value)
        return self.answer(target, slot, value)

    def _row_slot(self, seat: int) -> int:
        assert self.held is not None
        return legal_slots([s.tile for s in self.rows[seat]], self.held)[0]

    def stop(self, seat: int) -> None:
        """After a right guess: stop, standing the drawn panel hidden where it belongs."""
        view = self.turn()
        if view.attack_again:
            self.table.tap(NEXT)
        self.table.tap(OK)
        if self.held is not None:
            where = self._row_slot(seat)
            self._until(lambda: self.turn().claim_slot == where, NEXT)
            self.table.tap(OK)
            self.rows[seat].insert(where, Standing(self.held))
            self.held = None

    def place_face_up(self, seat: int, before_number: Callable[[], object] | None = None
                      ) -> None:
        """After a miss: the drawn panel stands face up where it belongs; its number typed
        (``before_number`` is called with the number's question on the screen)."""
        assert self.held is not None
        where = self._row_slot(seat)
        self._until(lambda: self.turn().claim_slot == where, NEXT)
        self.table.tap(OK)
        if before_number is not None:
            before_number()
        self.enter_number(self.held)
        self.rows[seat].insert(where, Standing(self.held, down=True))
        self.held = None

    def knock_down(self, seat: int, slot: int) -> None:
        """After a miss with nothing drawn: one's own panel falls; its number typed."""
        self._until(lambda: self.turn().reveal_slot == slot, NEXT)
        self.table.tap(OK)
        self.enter_number(self.rows[seat][slot].tile)
        self.rows[seat][slot].down = True

    def enter_number(self, tile: Tile) -> None:
        label = value_label(tile.value, self.labels)

        def there() -> bool:
            screen = self.screen()
            assert isinstance(screen, NumberEntryView), screen
            return screen.value_label == label

        self._until(there, NEXT, limit=len(guess_values(dashes=self.dashes)) + 1)
        self.table.tap(OK)

    def show_bonus(self, winner: int) -> None:
        """The winner shows the standing panels (and the held one) for the bonus."""
        for standing in self.rows[winner]:
            if not standing.down:
                self.enter_number(standing.tile)
        if self.held is not None:
            self.enter_number(self.held)

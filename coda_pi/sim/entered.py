"""Simulated players for entered-pool play: real (simulated) panels face down on the table,
drawn at random, and told to the device privately.

``EnteredAutoPlayer`` plays like the demo's ``AutoPlayer`` once the device knows the panels
(it attacks, stops and claims places the same way); what it adds is the table itself (the
shuffled face-down panels, each seat's real row, the panel in hand) and the entries: it
holds its seat button and presses what the private entry screen asks for, reading the dial
as a person does. It counts the presses of every entry, for the benchmark.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from coda_pi.referee.pools.entered.views import EntryPrivateView, EntryWaitView
from coda_pi.referee.shared.labels import label_value
from coda_pi.referee.shared.signals import Button, Intent
from coda_pi.referee.shared.views import PrivateView, PublicView
from coda_pi.rules.panel_entry import Stage, dial_moves
from coda_pi.rules.tiles import Color, Tile, full_set, sorted_row
from coda_pi.sim.coda import AutoPlayer, _tap

KEYS = {"prev": Button.PREV, "next": Button.NEXT, "ok": Button.OK}


@dataclass
class EntryCounts:
    """Presses per entered panel: one figure per starting row (divided by its panels) and
    one per drawn panel."""

    rows: list[float] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)


class EnteredAutoPlayer(AutoPlayer):
    """Every seat of an entered-pool table, and the real panels on it."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.rows: list[list[Tile]] = []
        self.pool: list[Tile] = []
        self.in_hand: Tile | None = None
        self.counts = EntryCounts()
        self._round = 0
        self._entering: tuple[int, str, int, int, int] | None = None  # the entry counted
        self._presses = 0

    def decide(self, view: PublicView, private: PrivateView | None) -> list[Intent]:
        table = view.table
        if table is not None and table.round_number not in (0, self._round):
            self._shuffle_and_deal(len(table.seats), table.round_number, table.dashes)
        screen = view.screen
        if isinstance(screen, EntryWaitView) and view.overlay is None:
            return self._enter(view, screen, private)
        self._finish_count()
        return super().decide(view, private)

    # -- the table ---------------------------------------------------------------------

    def _shuffle_and_deal(self, seats: int, round_number: int, dashes: bool) -> None:
        """The panels mixed face down; each seat draws its hand and stands it in order,
        a dash where the player likes."""
        self._round = round_number
        hand = 3 if seats == 4 else 4
        box = sorted(full_set(dashes=dashes), key=str)
        self._rng.shuffle(box)
        self.rows = []
        for _ in range(seats):
            taken, box = box[:hand], box[hand:]
            row = sorted_row(t for t in taken if not t.dash)
            for dash in (t for t in taken if t.dash):
                row.insert(self._rng.randrange(len(row) + 1), dash)
            self.rows.append(row)
        self.pool = box
        self.in_hand = None

    def _row_of(self, seat: int) -> list[Tile]:
        """The seat's real starting row, as it stands."""
        return self.rows[seat]

    def _draw_from_table(self, dark: bool) -> Tile:
        colour = Color.DARK if dark else Color.LIGHT
        choices = [t for t in self.pool if t.color is colour]
        tile = self._rng.choice(choices)
        self.pool.remove(tile)
        self.in_hand = tile
        return tile

    # -- entering ------------------------------------------------------------------------

    def _enter(self, view: PublicView, screen: EntryWaitView,
               private: PrivateView | EntryPrivateView | None) -> list[Intent]:
        seat = screen.seat
        if self._holding is not None and self._holding != seat:
            return self._release()
        if not isinstance(private, EntryPrivateView):
            return self._look(seat)
        what = "draw" if screen.dark is not None else "row"
        # The pool's counts tell one draw from the next, even by the same seat.
        key = (seat, what, self._round, screen.dark_left, screen.light_left)
        if self._entering != key:
            self._finish_count()
            self._entering = key
            self._presses = 0
            if what == "draw":
                self._draw_from_table(bool(screen.dark))
        if what == "draw":
            assert self.in_hand is not None
            panels = [self.in_hand]
        else:
            panels = self._row_of(seat)
        button = self._entry_key(private, panels, view.labels)
        self._presses += 1
        return _tap(button)

    def _entry_key(self, private: EntryPrivateView, panels: list[Tile], labels: str) -> Button:
        slot = next((i for i, s in enumerate(private.slots) if s.current), len(panels) - 1)
        tile = panels[slot]
        if private.stage is Stage.COLOUR:
            return Button.PREV if tile.color is Color.DARK else Button.NEXT
        if private.stage is Stage.REVIEW:
            return Button.OK
        values = [label_value(v, labels) for v in private.values]
        shown = label_value(private.dial or values[0], labels)
        moves = dial_moves(values.index(shown), values.index(tile.value), len(values))
        return KEYS[moves[0].value] if moves else Button.OK

    def _finish_count(self) -> None:
        """An entry is over when its screen goes: count its presses."""
        if self._entering is None:
            return
        seat, what = self._entering[:2]
        if what == "row":
            self.counts.rows.append(self._presses / max(1, len(self._row_of(seat))))
        else:
            self.counts.draws.append(self._presses)
        self._entering = None
        self._presses = 0


__all__ = ["EnteredAutoPlayer", "EntryCounts"]

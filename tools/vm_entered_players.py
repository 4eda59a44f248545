"""The VM's players for the entered pool (tools/vm-check): they enter the starting rows and
the drawn panels the device asks for, so that power cuts fall across whole games instead
of at the first row's entry.

A blind player cannot do it: the private number dial starts at a random number that only
the private screen shows (rules/panel_entry.py), so random presses give a row out of order
and the device refuses it. These players read the dial from the screen as a person does:
the panel being entered, on a screendump, is compared with the same screen drawn off-line by
the device's own drawing code for every number (vm-check compares the setup screen the same
way), and the nearest one within a few pixels is the number shown. What they enter comes
from a simulated table (the panels shuffled face down, each row drawn from what the record
has not placed yet), chosen afresh from the record after every power cut.

Host side only; the device never imports it. ``Keys`` is what drives the device: QEMU's
monitor in vm-check, the real app on SDL's dummy driver in tests/test_vm_check.py.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from coda_pi.referee.pools.entered.views import entry_private_view, entry_wait_view
from coda_pi.referee.shared.views import PublicView
from coda_pi.rules.coda import Slot
from coda_pi.rules.panel_entry import Key, PanelEntry, dial_moves, dial_values
from coda_pi.rules.tiles import Color, Tile, full_set, sorted_row
from coda_pi.ui.scene import Scene
from coda_pi.ui.screens import draw_scene

Picture = tuple[int, int, bytes]
"""A screendump: width, height and RGB bytes."""

VALUES = dial_values(dashes=False)
HAND = 4  # two seats: four panels each
SAME = 64  # a channel this far apart is another picture (font shading moves less)
MATCH = 0.03  # at most this share of the dial's pixels may differ from the drawn number


class Keys(Protocol):
    """The device's buttons as keys, and its screen once it has taken them in."""

    def key(self, qcode: str, down: bool) -> None: ...

    def tap(self, qcode: str) -> None: ...

    def screen(self) -> Picture: ...


@dataclass
class Dial:
    """Where one entry screen shows its number, and that screen drawn for every number."""

    box: pygame.Rect
    faces: dict[str, pygame.Surface]

    def read(self, screen: pygame.Surface) -> str | None:
        """The number the dial shows on ``screen``; None when it is not this screen."""
        area = self.box.width * self.box.height
        scores = {value: differing(screen, face, self.box) for value, face in self.faces.items()}
        best = min(scores, key=lambda v: scores[v])
        return best if scores[best] <= MATCH * area else None


def differing(a: pygame.Surface, b: pygame.Surface, box: pygame.Rect) -> int:
    """Pixels of ``box`` where ``a`` and ``b`` differ by more than ``SAME`` in a channel."""
    pa, pb = a.subsurface(box).copy(), b.subsurface(box).copy()
    under, over = pa.copy(), pb.copy()
    under.blit(pb, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # where a is brighter
    over.blit(pa, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # where b is
    under.blit(over, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(under, (0, 0, 0), (SAME, SAME, SAME, 255))
    return box.width * box.height - same.count()


def surface_of(picture: Picture) -> pygame.Surface:
    w, h, rgb = picture
    return pygame.image.frombuffer(rgb, (w, h), "RGB")


def _drawn(size: tuple[int, int], entry: PanelEntry, seat: int, name: str,
           row: Sequence[Slot] = ()) -> pygame.Surface:
    """The private entry screen as the device draws it while ``seat`` holds its button."""
    wait = entry_wait_view(seat, name, "panels",
                           dark=None if entry.colour is None else entry.colour is Color.DARK,
                           hand=HAND, dealt=(False, False), dark_left=12, light_left=12)
    view = PublicView(screen=wait, table=None, private_shown=seat)
    surface = pygame.Surface(size)
    draw_scene(surface, Scene(view, private=entry_private_view(entry, seat, name, "panels",
                                                               row=row)))
    return surface


def _dial(faces: dict[str, pygame.Surface]) -> Dial:
    """The box where the faces differ: the number, and nothing else of the screen."""
    first = faces[VALUES[0]]
    box: pygame.Rect | None = None
    for face in faces.values():
        if face is first:
            continue
        full = first.get_rect()
        diff = first.copy()
        diff.blit(face, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        back = face.copy()
        back.blit(first, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        same = pygame.mask.from_threshold(diff, (0, 0, 0), (SAME, SAME, SAME, 255))
        same.invert()
        for rect in same.get_bounding_rects():
            box = rect if box is None else box.union(rect)
        assert full.contains(box or full)
    if box is None:
        raise ValueError("every number drew the same screen")
    return Dial(box, faces)


def row_dial(size: tuple[int, int], seat: int, name: str, slot: int, dark: bool) -> Dial:
    """The starting row's entry at ``slot``, its colour entered, for every number."""
    faces = {}
    for value in VALUES:
        pads = [*range(slot), VALUES.index(value), *([0] * (HAND - slot - 1))]
        entry = PanelEntry.starting_row(HAND, dashes=False, pads=pads)
        for _ in range(slot):
            entry.press(Key.PREV)  # earlier slots: dark 0, 1, 2 (outside the box)
            entry.press(Key.OK)
        entry.press(Key.PREV if dark else Key.NEXT)
        faces[value] = _drawn(size, entry, seat, name)
    return _dial(faces)


def draw_dial(size: tuple[int, int], seat: int, name: str, dark: bool) -> Dial:
    """A drawn panel's entry (its colour is known), beside a row, for every number."""
    row = [Slot(Tile.parse(t)) for t in ("D1", "L4", "D7", "L10")]
    faces = {}
    for value in VALUES:
        entry = PanelEntry.drawn(Color.DARK if dark else Color.LIGHT, dashes=False,
                                 pad=VALUES.index(value))
        faces[value] = _drawn(size, entry, seat, name, row)
    return _dial(faces)


@dataclass
class RecordSoFar:
    """What the record says about the round under way, for the players."""

    players: int = 2
    round: int = 0
    dealt: dict[int, tuple[Tile, ...]] = field(default_factory=dict)
    known: set[Tile] = field(default_factory=set)  # every panel entered this round
    seat: int | None = None  # whose entry or turn it is
    drawn: bool = False  # the seat whose turn it is has drawn

    @classmethod
    def read(cls, lines: Sequence[str]) -> RecordSoFar:
        so_far = cls()
        for text in lines:
            try:
                line = json.loads(text)
            except ValueError:
                continue
            if not isinstance(line, dict):
                continue
            if isinstance(line.get("players"), list):
                so_far.players = max(1, len(line["players"]))
                continue
            so_far._take(line)
        return so_far

    def _take(self, line: dict) -> None:
        event, who = line.get("event"), line.get("seat")
        if event == "round":
            self.round += 1
            self.dealt, self.known, self.drawn = {}, set(), False
            self.seat = 0
        elif event == "deal" and isinstance(who, int):
            # The claims ride beside the colours (referee/pools/entered/claims.py).
            row = tuple(Tile.parse(t) for t in line.get("entered", line.get("row", ())))
            self.dealt[who] = row
            self.known.update(row)
            self.seat = (who + 1) % self.players
        elif event == "draw" and isinstance(who, int):
            self.known.add(Tile.parse(line.get("entered", line["tile"])))
            self.seat, self.drawn = who, True
        elif isinstance(who, int):
            # A finished turn hands over; a guess leaves the turn where it is.
            if event in ("place", "stop", "reveal", "timeout"):
                self.seat, self.drawn = (who + 1) % self.players, False
            else:
                self.seat = who

    def need(self) -> tuple[str, int] | None:
        """("row", seat) while a seat has to enter its starting row, ("draw", seat) at the
        start of a turn; None otherwise (the turn's guesses, or no round yet)."""
        if self.round == 0 or self.seat is None:
            return None
        if self.seat not in self.dealt:
            return "row", self.seat
        if len(self.dealt) == self.players and not self.drawn and len(self.known) < len(
                full_set(dashes=False)):
            return "draw", self.seat
        return None


class EnteredPlayers:
    """Every seat of an entered-pool table of two, reading the private dial off the screen."""

    def __init__(self, rng: random.Random, size: tuple[int, int],
                 names: Sequence[str] = ("Seat 1", "Seat 2")) -> None:
        self.rng = rng
        self.names = tuple(names)
        self.rows = {(seat, slot, dark): row_dial(size, seat, names[seat], slot, dark)
                     for seat in range(2) for slot in range(HAND) for dark in (True, False)}
        self.draws = {(seat, dark): draw_dial(size, seat, names[seat], dark)
                      for seat in range(2) for dark in (True, False)}
        self._planned: dict[tuple[int, int], tuple[Tile, ...]] = {}
        self.entries = 0  # entries completed by these players (as far as they can tell)

    def play(self, keys: Keys, lines: Sequence[str]) -> bool:
        """One entry, if the record says the device waits for one: True when it was made
        (the caller plays the turn's other moves)."""
        so_far = RecordSoFar.read(lines)
        need = so_far.need()
        if need is None:
            return False
        what, seat = need
        done = (self._enter_row(keys, so_far, seat) if what == "row"
                else self._enter_draw(keys, so_far, seat))
        self.entries += done
        return done

    # -- what the seats hold -------------------------------------------------------------

    def _free(self, so_far: RecordSoFar, but: int | None = None) -> list[Tile]:
        """Panels still face down: not entered, nor planned for a seat yet to enter."""
        taken = set(so_far.known)
        for (round_no, seat), row in self._planned.items():
            if round_no == so_far.round and seat not in so_far.dealt and seat != but:
                taken.update(row)
        return [t for t in sorted(full_set(dashes=False), key=str) if t not in taken]

    def _row_for(self, so_far: RecordSoFar, seat: int) -> tuple[Tile, ...]:
        key = (so_far.round, seat)
        row = self._planned.get(key)
        if row is None or set(row) & so_far.known:
            row = tuple(sorted_row(self.rng.sample(self._free(so_far, but=seat), HAND)))
            self._planned[key] = row
        return row

    # -- entering ------------------------------------------------------------------------

    def _enter_row(self, keys: Keys, so_far: RecordSoFar, seat: int) -> bool:
        row = self._row_for(so_far, seat)
        button = str(seat + 1)
        keys.key(button, True)
        try:
            for slot, tile in enumerate(row):
                dark = tile.color is Color.DARK
                keys.tap("left" if dark else "right")
                if not self._turn_to(keys, self.rows[seat, slot, dark], tile.value):
                    return False
                keys.tap("ret")
            keys.tap("ret")  # the last look at the whole row: confirm it
            return True
        finally:
            keys.key(button, False)

    def _enter_draw(self, keys: Keys, so_far: RecordSoFar, seat: int) -> bool:
        keys.tap("ret")  # the turn's colour, as the screen offers it
        button = str(seat + 1)
        keys.key(button, True)
        try:
            found = None
            for _ in range(8):
                screen = surface_of(keys.screen())
                found = next(((dark, shown) for dark in (True, False)
                              if (shown := self.draws[seat, dark].read(screen)) is not None),
                             None)
                if found is not None:
                    break
            if found is None:
                return False
            dark = found[0]
            colour = Color.DARK if dark else Color.LIGHT
            free = [t for t in self._free(so_far) if t.color is colour]
            if not free:
                return False
            tile = self.rng.choice(free)
            if not self._turn_to(keys, self.draws[seat, dark], tile.value):
                return False
            keys.tap("ret")
            return True
        finally:
            keys.key(button, False)

    def _turn_to(self, keys: Keys, dial: Dial, want: str) -> bool:
        """Turn the dial until it shows ``want``, reading it after each turn."""
        moved_from: str | None = None
        for _ in range(4):
            shown = self._read_settled(keys, dial, moved_from)
            if shown is None:
                return False
            if shown == want:
                return True
            for move in dial_moves(VALUES.index(shown), VALUES.index(want), len(VALUES)):
                keys.tap("right" if move is Key.NEXT else "left")
            moved_from = shown
        return False

    def _read_settled(self, keys: Keys, dial: Dial, moved_from: str | None = None,
                      tries: int = 12) -> str | None:
        """The dial's number once two screendumps in a row agree (the device may still be
        drawing the last press). After a turn of the dial, the number it was turned from
        is the old frame, not an answer, for the first half of the tries (under TCG a
        redraw can lag the keys by seconds)."""
        last: str | None = None
        for attempt in range(tries):
            shown = dial.read(surface_of(keys.screen()))
            if shown is not None and shown == moved_from and attempt < tries // 2:
                shown = None
            if shown is not None and shown == last:
                return shown
            last = shown
        return None


__all__ = ["Dial", "EnteredPlayers", "Keys", "RecordSoFar", "differing", "draw_dial",
           "row_dial"]

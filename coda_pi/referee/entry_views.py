"""The screens of entered-pool play: a player tells the device privately which panels they
drew (coda_pi/rules/panel_entry.py holds the entry itself).

The public screen says only who is entering and what (a starting row, a drawn panel): no
progress, no cursor, nothing that depends on the numbers. The entry's own screen is a
private view, shown only while the entering seat holds its button.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coda_pi.referee.labels import value_label
from coda_pi.referee.private import panel
from coda_pi.referee.views import PanelView
from coda_pi.rules.coda import Slot
from coda_pi.rules.panel_entry import Key, PanelEntry, Stage
from coda_pi.rules.tiles import Color, Tile


@dataclass(frozen=True, slots=True)
class EntryWaitView:
    """Public: ``seat`` is entering its starting row or the panel it drew, privately."""

    seat: int
    name: str
    what: str  # "starting row", "drawn panel", "real panel"
    dark: bool | None  # a drawn panel's colour (public), None for a starting row
    hand: int  # panels in a starting row
    dealt: tuple[bool, ...]  # per seat of the game: starting row entered
    dark_left: int  # face-down panels of each colour on the table
    light_left: int
    prompt: str


@dataclass(frozen=True, slots=True)
class EntrySlotView:
    """One panel of an entry: its colour once entered, its number once taken (or under the
    dial, on the slot being entered)."""

    dark: bool | None
    label: str | None
    current: bool


@dataclass(frozen=True, slots=True)
class EntryPrivateView:
    """Private: the entry under way, for the seat holding its button."""

    seat: int
    name: str
    title: str  # "your starting row", "the panel you drew"
    slots: tuple[EntrySlotView, ...]
    row: tuple[PanelView, ...]  # the seat's row, beside a drawn panel (empty for a deal)
    stage: Stage
    dial: str | None  # the number under the dial, big; None off the number step
    values: tuple[str, ...]  # the dial's labels, in the order NEXT turns it
    prompt: str
    message: str | None = None  # why the last OK was refused

    @property
    def purpose(self) -> Stage:
        """What the screen is for, like ``PrivateView.purpose``: the entry's step."""
        return self.stage


def entry_private_view(entry: PanelEntry, seat: int, name: str, labels: str, *,
                       row: Sequence[Slot] = (), title: str | None = None,
                       message: str | None = None) -> EntryPrivateView:
    """The entry as its seat sees it."""
    partial = entry.partial()
    slots = []
    for i, (colour, tile) in enumerate(zip(entry.colours, partial, strict=True)):
        current = i == entry.slot and entry.stage is not Stage.REVIEW
        label = None if tile is None else value_label(tile.value, labels)
        if current and entry.stage is Stage.NUMBER:
            label = value_label(entry.shown, labels)
        slots.append(EntrySlotView(None if colour is None else colour is Color.DARK, label,
                                   current))
    dial = value_label(entry.shown, labels) if entry.stage is Stage.NUMBER else None
    return EntryPrivateView(
        seat=seat, name=name,
        title=title or ("the panel you drew" if entry.is_draw else "your starting row"),
        slots=tuple(slots),
        row=tuple(panel(s.tile, labels, revealed=s.revealed) for s in row),
        stage=entry.stage, dial=dial, values=tuple(value_label(v, labels) for v in entry.values),
        prompt=_prompt(entry), message=message or entry.problem,
    )


def _prompt(entry: PanelEntry) -> str:
    which = f"Panel {entry.slot + 1} of {entry.size}: " if entry.size > 1 else ""
    match entry.stage:
        case Stage.COLOUR:
            return f"{which}its colour? PREV: dark, NEXT: light"
        case Stage.NUMBER:
            return f"{which}turn to its number with PREV/NEXT, then OK"
        case Stage.REVIEW:
            return "Is this your row, left to right? OK, or BACK to fix it"
    return ""


def example_entries() -> dict[str, EntryPrivateView]:
    """Entries part-way through, as their players see them, for the screens' samples (built
    from real entries, so a sample shows what the device shows)."""
    names = ("Ann", "Benedict")
    row = PanelEntry.starting_row(4, dashes=True, pads=[5, 9, 2, 11])
    for key in [Key.PREV, Key.PREV, Key.PREV, Key.OK,
                Key.NEXT, Key.PREV, Key.PREV, Key.OK, Key.PREV, Key.NEXT]:
        row.press(key)
    refused = PanelEntry.starting_row(4, dashes=False, pads=[0, 0, 0, 0])
    for key in [Key.PREV, Key.NEXT, Key.OK, Key.NEXT, *[Key.NEXT] * 6, Key.OK,
                Key.PREV, *[Key.NEXT] * 4, Key.OK, Key.NEXT, *[Key.PREV] * 2, Key.OK, Key.OK]:
        refused.press(key)
    drawn = PanelEntry.drawn(Color.LIGHT, dashes=True, pad=3)
    drawn.press(Key.NEXT)
    standing = [Slot(Tile.parse(t), revealed=r) for t, r in
                (("D1", False), ("L3", True), ("D6", False), ("L9", False), ("D11", False))]
    return {
        "row": entry_private_view(row, 1, names[1], "panels"),
        "refused": entry_private_view(refused, 1, names[1], "panels"),
        "drawn": entry_private_view(drawn, 0, names[0], "panels", row=standing),
    }

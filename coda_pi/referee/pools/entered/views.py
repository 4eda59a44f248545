"""The screens of entered-pool play: a player tells the device privately which panels they
drew (coda_pi/rules/panel_entry.py holds the entry itself), and a panel entered wrong is
fixed in public once it has fallen (coda_pi/rules/correction.py).

The public screen says only who is entering and what (a starting row, a drawn panel), and
for a starting row how far its player has come in the steps everyone watched them press
(``EntryProgress``: not begun, under way, at the last look): no cursor, nothing that depends
on the numbers. The entry's own screen is a
private view, shown only while the entering seat holds its button. Every text is in the
table's language and labels; what to press is a short line of its own (the footer), apart
from what is asked (the body), as on every other screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache

from coda_pi.i18n import N_, _, ngettext, spoken
from coda_pi.referee.shared.labels import order_detail, tile_name, value_label
from coda_pi.referee.shared.private import panel
from coda_pi.referee.shared.views import PanelView
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import Slot
from coda_pi.rules.panel_entry import Key, PanelEntry, Stage
from coda_pi.rules.tiles import Color, Tile, order_problem


class EntryProgress(Enum):
    """How far a starting row's entry has come, as the table saw it: the colour presses,
    the OKs and the BACKs are there for all to see, and they alone move an entry from step
    to step (the dial's presses stay on their step, and its start is private, so how
    many there were says nothing). A player who lets go of their button part-way finds
    the public screen saying what is kept and what to press, not the first instruction
    again as if nothing had been entered."""

    FRESH = "fresh"  # nothing entered yet
    UNDER_WAY = "under way"  # some of it entered: kept while the button is let go
    LAST_LOOK = "last look"  # all of it entered: OK, with the button held, records it


def entry_progress(entry: PanelEntry) -> EntryProgress:
    """``entry``'s public progress (``EntryProgress``); a drawn panel's entry is one step,
    so it is never part-way."""
    if entry.stage is Stage.REVIEW:
        return EntryProgress.LAST_LOOK
    if entry.is_draw or (entry.slot == 0 and entry.stage is Stage.COLOUR
                         and entry.colours[0] is None):
        return EntryProgress.FRESH
    return EntryProgress.UNDER_WAY


@dataclass(frozen=True, slots=True)
class EntryWaitView:
    """Public: ``seat`` is entering its starting row or the panel it drew, privately."""

    seat: int
    name: str
    what: str  # under the name: "entering the starting row", "entering the drawn panel"
    dark: bool | None  # a drawn panel's colour (public), None for a starting row
    hand: int  # panels in a starting row
    dealt: tuple[bool, ...]  # per seat of the game: starting row entered
    dark_left: int  # face-down panels of each colour on the table
    light_left: int
    prompt: str  # what to press (the footer)
    note: str | None = None  # beside the table in place of the pool (a look's points)
    looking: bool = False  # a contested panel looked at again, not an entry of a new one


def entry_wait_view(seat: int, name: str, labels: str, *, dark: bool | None, hand: int,
                    dealt: tuple[bool, ...], dark_left: int, light_left: int,
                    progress: EntryProgress = EntryProgress.FRESH) -> EntryWaitView:
    """The public screen while ``seat`` enters a starting row (``dark`` None) or a drawn
    panel of that colour. Built from public facts only: the colour of a drawn panel shows on
    its back, the pool's counts on the table, a row's ``progress`` in the presses all saw."""
    say = nouns(labels)
    if dark is None and progress is EntryProgress.LAST_LOOK:
        what = _("row entered: waiting for OK")
        prompt = _("Hold seat button {number} and press OK to confirm the row").format(
            number=seat + 1)
    elif dark is None and progress is EntryProgress.UNDER_WAY:
        what = say(_("entering the starting row"))
        prompt = _("Hold seat button {number} again to go on: what you entered is "
                   "kept").format(number=seat + 1)
    elif dark is None:
        what = say(_("entering the starting row"))
        prompt = say(ngettext(
            "Draw {count} {panel} and stand it up, then hold seat button {number} to enter it",
            "Draw {count} {panels}, stand them up in order, then hold seat button {number}",
            hand), count=hand, number=seat + 1)
    else:
        what = say(_("entering the drawn {panel}"))
        prompt = say(_("Hold seat button {number} and enter the {panel} you drew"),
                     number=seat + 1)
    return EntryWaitView(seat=seat, name=name, what=what, dark=dark, hand=hand, dealt=dealt,
                         dark_left=dark_left, light_left=light_left, prompt=prompt)


def contest_wait_view(seat: int, name: str, slot: int | None, labels: str, *, hand: int,
                      dealt: tuple[bool, ...], dark_left: int, light_left: int,
                      at_round_end: bool = True) -> EntryWaitView:
    """The public screen while ``seat`` enters the real number of its panel ``slot`` (None:
    the drawn panel it has not placed), whose entry names a panel that fell elsewhere.
    Public: the panel is shown now (the round has ended and the winner's panels are
    shown, or it is knocked down or stood face up after a miss), and which one is looked
    at is what the table sees. Short enough for the smallest screen's footer; why is on
    the player's own screen. The points on the table are the record's, the bonus left out
    at a round's end, and the note beside the table says they wait for the look."""
    say = nouns(labels)
    if slot is None:
        what = say(_("looking at the drawn {panel} again"))
        prompt = say(_("{name}: hold seat button {seat} and enter the real number of your "
                       "drawn {panel}"), name=name, seat=seat + 1)
    else:
        what = say(_("looking at {panel} {number} again"), number=slot + 1)
        prompt = say(_("{name}: hold seat button {seat} and enter the real number of your "
                       "{panel} {number}"), name=name, number=slot + 1, seat=seat + 1)
    # Provisional until the look: the correction judges the later guesses again, and a
    # guess at this panel that named its real number turns the game back to it.
    note = _("Points wait for this look: no bonus yet") if at_round_end \
        else _("Points wait for this look")
    return EntryWaitView(seat=seat, name=name, what=what, dark=None, hand=hand, dealt=dealt,
                         dark_left=dark_left, light_left=light_left, prompt=prompt, note=note,
                         looking=True)


def contest_title(slot: int | None, labels: str) -> str:
    """The player's private title while entering that panel's real number."""
    if slot is None:
        return nouns(labels)(_("the {panel} you drew"))
    return nouns(labels)(_("your {panel} {number}"), number=slot + 1)


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
    prompt: str  # what to press (the footer)
    question: str = ""  # what is asked now ("Panel 2 of 4: its colour?")
    message: str | None = None  # why the last OK was refused

    @property
    def purpose(self) -> Stage:
        """What the screen is for, like ``PrivateView.purpose``: the entry's step."""
        return self.stage


_TITLES = {  # (is a draw, cards): the private screen's title
    (False, False): N_("your starting row"),
    (False, True): N_("your starting cards"),
    (True, False): N_("the panel you drew"),
    (True, True): N_("the card you drew"),
}


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
    problem = message or entry.problem
    return EntryPrivateView(
        seat=seat, name=name,
        title=title or _(_TITLES[entry.is_draw, labels == "cards"]),
        slots=tuple(slots),
        row=tuple(panel(s.tile, labels, revealed=s.revealed) for s in row),
        stage=entry.stage, dial=dial, values=_dial_labels(entry.values, labels),
        prompt=entry_keys(entry), question=_question(entry, labels),
        message=None if problem is None else _capital(spoken(problem)),
    )


@cache
def _dial_labels(values: tuple[str, ...], labels: str) -> tuple[str, ...]:
    """The dial's numbers as the table's labels write them: the same two dials (dashes or
    not) in two labels, asked for on every redraw of an entry."""
    return tuple(value_label(v, labels) for v in values)


def _question(entry: PanelEntry, labels: str) -> str:
    say = nouns(labels)
    if entry.stage is Stage.REVIEW:
        return _("Is this your row, left to right?")
    if entry.is_draw:
        return _("Which number is it?")
    which = say(_("{panel} {number} of {count}"), number=entry.slot + 1, count=entry.size)
    if entry.stage is Stage.COLOUR:
        return _capital(_("{which}: which colour?").format(which=which))
    return _capital(_("{which}: which number?").format(which=which))


def entry_keys(entry: PanelEntry) -> str:
    """What the buttons do at this step of the entry (BACK: a step back; leaving a drawn
    panel's entry sends it back to choosing its colour)."""
    match entry.stage:
        case Stage.COLOUR:
            if entry.slot == 0:
                return _("PREV: dark   NEXT: light")
            return _("PREV: dark   NEXT: light   BACK: the one before")
        case Stage.NUMBER:
            # BACK: this panel's colour; at a draw, back to choosing the colour in public.
            return _("PREV/NEXT: its number   OK: take it   BACK: its colour")
        case Stage.REVIEW if entry.problem is not None and _out_of_order(entry):
            # Refused for its order: OK would only refuse it again.
            return _("BACK: fix it")
        case Stage.REVIEW:
            return _("OK: that is my row   BACK: fix it")
    return _("Let go of your button to hide it")


def _out_of_order(entry: PanelEntry) -> bool:
    return order_problem([t for t in entry.partial() if t is not None]) is not None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- "Fix a panel entered wrong" -----------------------------------------------------------


class FixStep(Enum):
    PANEL = "panel"  # PREV/NEXT: which fallen panel
    NUMBER = "number"  # PREV/NEXT: its real number
    CONFIRM = "confirm"  # OK: correct it as said; BACK: leave it


@dataclass(frozen=True, slots=True)
class FixView:
    """Public: the menu's "Fix a panel entered wrong". Only fallen panels can be chosen, so
    every number on it is already in plain sight."""

    seat: int  # whose panel
    name: str
    slot: int  # which of the row (0-based)
    dark: bool
    had: str  # the number the device has for it
    value_label: str  # the number chosen as the real one (the device's, until turned)
    values: tuple[str, ...]
    step: FixStep
    what: str  # "Ben's panel 2"
    change: str | None  # at the last step: what the correction changes
    prompt: str  # what to press (the footer)
    problem: str | None = None  # why the last OK was refused (in place of the table)


def fix_view(seat: int, name: str, slot: int, tile: Tile, real: str, values: Sequence[str],
             step: FixStep, labels: str, *, change: str | None = None,
             problem: str | None = None) -> FixView:
    """The fix under way: ``tile`` is what the device has at ``slot`` of ``seat``'s row,
    ``real`` the label chosen for it."""
    say = nouns(labels)
    prompt = {
        FixStep.PANEL: _("PREV/NEXT: another fallen one   OK: this one   BACK: leave"),
        FixStep.NUMBER: _("PREV/NEXT: its real number   OK: take it   BACK: another one"),
        FixStep.CONFIRM: _("OK: correct it   BACK: leave it as it was"),
    }[step]
    return FixView(
        seat=seat, name=name, slot=slot, dark=tile.color is Color.DARK,
        had=value_label(tile.value, labels), value_label=real, values=tuple(values), step=step,
        what=say(_("{name}'s {panel} {number}"), name=name, number=slot + 1),
        change=None if change is None else _capital(spoken(change)), prompt=prompt,
        problem=None if problem is None else _capital(spoken(problem)))


def fixed_banner(name: str, slot: int, real: Tile, labels: str) -> str:
    """What the device says once a fix is written: short, for the header; what it changes
    was on the fix's last screen, before OK."""
    say = nouns(labels)
    return say(_("Fixed: {name}'s {panel} {number} is {tile}"), name=name, number=slot + 1,
               tile=tile_name(real, labels))


def fixed_drawn_banner(name: str, real: Tile, labels: str) -> str:
    """``fixed_banner`` for the drawn panel its player had not placed."""
    return nouns(labels)(_("Fixed: {name}'s drawn {panel} is {tile}"), name=name,
                         tile=tile_name(real, labels))


def drawn_twice_message(tile: Tile, labels: str) -> str:
    """Privately, when a drawn panel is entered as one already in the seat's own row: its
    own panels, nobody else's (issue 31: another row's entries are never compared)."""
    text = nouns(labels)(_("{tile} is in your row already: look at the {panel} you drew "
                           "again"), tile=tile_name(tile, labels))
    return text[:1].upper() + text[1:]


CLASH_KEYS = N_("OK: look again")
"""The footer while a refusal is up: OK takes it away, back to the entry."""


def order_message(detail: str) -> str:
    """Privately, when a starting row breaks the order rule (``detail`` names the two
    panels, from ``labels.order_detail``)."""
    return _("{detail}: BACK to fix the entry, or stand the row again").format(detail=detail)


def example_entries(names: Sequence[str] = ("Ann", "Benedict")) -> dict[str, EntryPrivateView]:
    """Entries part-way through, as their players see them, for the screens' samples (built
    from real entries, so a sample shows what the device shows): ``names[0]`` draws,
    ``names[1]`` enters a starting row."""
    row = PanelEntry.starting_row(4, dashes=True, pads=[5, 9, 2, 11])
    for key in [Key.PREV, Key.PREV, Key.PREV, Key.OK,
                Key.NEXT, Key.PREV, Key.PREV, Key.OK, Key.PREV, Key.NEXT]:
        row.press(key)
    colour = PanelEntry.starting_row(4, dashes=True, pads=[5, 9, 2, 11])
    for key in [Key.PREV, Key.PREV, Key.OK, Key.NEXT, Key.OK]:
        colour.press(key)
    refused = PanelEntry.starting_row(4, dashes=False, pads=[0, 0, 0, 0])
    for key in [Key.PREV, Key.NEXT, Key.OK, Key.NEXT, *[Key.NEXT] * 6, Key.OK,
                Key.PREV, *[Key.NEXT] * 4, Key.OK, Key.NEXT, *[Key.PREV] * 2, Key.OK, Key.OK]:
        refused.press(key)
    # What the referee says in the table's labels (entered_pool._entry_key).
    detail = order_detail([t for t in refused.partial() if t is not None], "panels") or ""
    review = PanelEntry.prefilled([Tile.parse(t) for t in ("D1", "L4", "D7", "L10")],
                                  dashes=True)
    drawn = PanelEntry.drawn(Color.LIGHT, dashes=True, pad=3)
    drawn.press(Key.NEXT)
    standing = [Slot(Tile.parse(t), revealed=r) for t, r in
                (("D1", False), ("L3", True), ("D6", False), ("L9", False), ("D11", False))]
    long_row = [Slot(Tile.parse(t), revealed=r) for t, r in
                (("D0", True), ("L1", False), ("D2", True), ("L3", False), ("D4", True),
                 ("L5", False), ("D-", False), ("L7", True), ("D8", False), ("L9", True),
                 ("D10", False), ("L11", False))]
    clash = PanelEntry.drawn(Color.DARK, dashes=True, pad=5)
    clash.press(Key.OK)
    clash.refuse(drawn_twice_message(Tile.parse("D6"), "panels"))
    return {
        "row": entry_private_view(row, 1, names[1], "panels"),
        "colour": entry_private_view(colour, 1, names[1], "panels"),
        "refused": entry_private_view(refused, 1, names[1], "panels",
                                      message=order_message(detail)),
        "review": entry_private_view(review, 1, names[1], "cards"),
        "drawn": entry_private_view(drawn, 0, names[0], "panels", row=standing),
        "drawn-long": entry_private_view(drawn, 0, names[0], "panels", row=long_row),
        "clash": entry_private_view(clash, 0, names[0], "panels", row=standing),
    }


def example_fixes(names: Sequence[str]) -> dict[str, FixView]:
    """The fix's steps, for the screens' samples: ``names[0]`` guessed 4 at ``names[3]``'s
    panel 7, the device (told 4 by the entry) said right, and the panel knocked down shows
    a 3. At the last step the owner checks it privately (``fix_check.py``): the public screen
    says only how."""
    from coda_pi.referee.pools.entered.fix_check import confirm_words

    values = tuple(str(n) for n in range(12)) + ("-",)
    had = Tile.parse("L4")
    change = confirm_words(names[3], 3, "panels")
    views = {step.value: fix_view(3, names[3], 6, had, "4" if step is FixStep.PANEL else "3",
                                  values, step, "panels",
                                  change=change if step is FixStep.CONFIRM else None)
             for step in FixStep}
    views["refused"] = fix_view(3, names[3], 6, had, "4", values, FixStep.NUMBER, "panels",
                                problem=_("Turn to the real number first"))
    return views

"""What table-pool play shows (``mode.py``'s screens, built from what the table told):
the row's colours being entered, a guess waiting for its answer, the numbers of panels that
fall, and the stop when the entries cannot all be true."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from coda_pi.i18n import _, spoken
from coda_pi.referee.pools.table.views import (
    ColourRowView,
    ContradictionView,
    JudgeView,
    NumberEntryView,
)
from coda_pi.referee.shared.describe import describe_event
from coda_pi.referee.shared.labels import guess_values, value_label
from coda_pi.referee.shared.public import PublicTable
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame
from coda_pi.rules.tiles import Color


def halt_view(why: str, events: Sequence[dict[str, Any]], players: Sequence[str],
              labels: str) -> ContradictionView:
    """The device stopped: ``why`` (the engine's sentence), and the last entry to undo."""
    last = describe_event(events[-1], players, labels) if events else _("nothing")
    why = spoken(why, nouns(labels))  # the engine's sentence, in the table's words
    return ContradictionView(
        sentence=why[:1].upper() + why[1:],
        last=last,
        prompt=_("OK: take back {what}. BACK: the menu").format(what=last),
    )


def colour_row_view(table: PublicTable, seat: int, colours: Sequence[bool], dark: bool,
                    labels: str) -> ColourRowView:
    """``seat`` enters its starting row's colours (``colours``: dark? so far)."""
    name = table.players[seat]
    darks = sum(colours)
    n = len(colours)
    if n < table.hand:
        prompt = nouns(labels)(
            _("{name}: {panel} {number} of {count} from the left: PREV/NEXT its colour, "
              "then OK"), name=name, number=n + 1, count=table.hand)
    else:
        prompt = _("{name}: that is your row. OK to go on, BACK to change it").format(
            name=name)
    return ColourRowView(
        seat=seat,
        name=name,
        entered=tuple(colours),
        dark=dark,
        hand=table.hand,
        dealt=table.dealt,
        dark_left=table.pool_dark - darks,
        light_left=table.pool_light - (n - darks),
        prompt=prompt,
    )


def judge_view(table: PublicTable, target: int, slot: int, value: str,
               labels: str) -> JudgeView:
    """The guess ``value`` at ``target``'s ``slot``, waiting for the target's answer."""
    assert table.turn is not None
    name = table.players[target]
    label = value_label(value, labels)
    prompt = nouns(labels)(
        _("{name}, answer: is your {panel} {number} a {label}? Your seat button {seat}: "
          "RIGHT. OK: WRONG"), name=name, number=slot + 1, label=label, seat=target + 1)
    return JudgeView(
        seat=table.turn,
        name=table.players[table.turn],
        target=target,
        target_name=name,
        slot=slot,
        value_label=label,
        prompt=prompt,
    )


def number_entry_view(game: CodaGame, seat: int, kind: str, colours: Sequence[Color],
                      whats: Sequence[str], values: Sequence[str], index: int,
                      labels: str) -> NumberEntryView:
    """The numbers of panels falling face up (``kind``: "place", "reveal" or "bonus"):
    ``values`` entered so far, ``index`` the number under the cursor."""
    choices = tuple(value_label(v, labels) for v in guess_values(dashes=game.settings.dashes))
    step = len(values)
    name = game.name(seat)
    what = whats[step]
    if kind == "bonus":
        prompt = nouns(labels)(
            _("{name} won: show your standing {panels}. {what}: PREV/NEXT, then OK"),
            name=name, what=what)
    else:
        prompt = _("{what}: which number? PREV/NEXT, then OK").format(what=what)
    return NumberEntryView(
        seat=seat,
        name=name,
        dark=colours[step] is Color.DARK,
        what=what,
        value_label=choices[index],
        values=choices,
        step=step + 1,
        count=len(colours),
        entered=tuple(value_label(v, labels) for v in values),
        prompt=prompt,
    )

"""How a panel's value is written on the screen: the boxed panels or a deck of cards.

The Rainbow-deck adaptation of Coda plays with cards 0-9, J, Q and K, where J and Q stand
for 10 and 11 and the K is the dash. The record always says ``"10"``, ``"11"``, ``"-"``.
"""

from __future__ import annotations

from collections.abc import Sequence

from coda_pi.i18n import _
from coda_pi.rules.tiles import DASH_VALUE, Tile, order_breach

CARD_NAMES = {"10": "J", "11": "Q", DASH_VALUE: "K"}


def guess_values(*, dashes: bool) -> tuple[str, ...]:
    """The values a guess may name, in order: the rules' own list (``rules.legal``, imported
    with a game: the setup a start shows needs none of it)."""
    from coda_pi.rules.legal import guess_values as values

    return values(dashes=dashes)


def value_label(value: str, labels: str) -> str:
    """``"11"`` -> ``"11"`` with panels, ``"Q"`` with cards; ``"-"`` -> ``"-"`` or ``"K"``."""
    if labels == "cards":
        return CARD_NAMES.get(value, value)
    return value


def tile_label(tile: Tile, labels: str) -> str:
    return value_label(tile.value, labels)


def tile_name(tile: Tile, labels: str) -> str:
    """``"dark 7"``, ``"light Q"``: a panel in a sentence (in the current language)."""
    label = tile_label(tile, labels)
    if tile.color.word == "dark":
        return _("dark {label}").format(label=label)
    return _("light {label}").format(label=label)


def label_value(label: str, labels: str) -> str:
    """The record's value of a label: ``"Q"`` -> ``"11"`` with cards; the inverse of
    ``value_label``."""
    if labels == "cards":
        for value, card in CARD_NAMES.items():
            if card == label:
                return value
    return label


def order_detail(row: Sequence[Tile], labels: str) -> str | None:
    """Which two panels of ``row`` break the order rule, in the table's labels ("dark Q
    cannot stand left of light 9"), or None when the row is in order."""
    breach = order_breach(row)
    if breach is None:
        return None
    left, right = breach
    # The rules' own sentence (describe_breach) is the record's English; this one is the
    # table's, in its language.
    if left.rank == right.rank:
        return _("there is only one {tile}").format(tile=tile_name(right, labels))
    return _("{left} cannot stand left of {right}").format(left=tile_name(left, labels),
                                                         right=tile_name(right, labels))

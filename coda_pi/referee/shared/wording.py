"""The nouns of a table's panels, in the table's labels and language.

Coda is played with panels drawn from the box; its Rainbow-deck adaptation with cards drawn
from the deck (``mazo``), and its Spanish players read "cartas", not "fichas". Sentences take
these words as placeholders, so one translated sentence serves both: "put the drawn {panel}
back in {the_box}". (In Spanish "ficha" and "carta" are both feminine, so the sentences
around them agree either way.)
"""

from __future__ import annotations

from dataclasses import dataclass

from coda_pi.i18n import _
from coda_pi.referee.shared.labels import value_label
from coda_pi.rules.tiles import Tile


@dataclass(frozen=True, slots=True)
class Nouns:
    """The words a game's pieces go by (panels or cards, the box or the deck)."""

    panel: str  # "panel" / "card"
    panels: str  # "panels" / "cards"
    the_box: str  # "the box" / "the deck"
    the_dash: str  # "the dash" / "the K"
    labels: str = "panels"

    def fields(self) -> dict[str, str]:
        """The noun fields of an engine's sentence (``coda_pi.i18n.spoken``)."""
        return {"panel": self.panel, "panels": self.panels, "the_box": self.the_box,
                "the_dash": self.the_dash}

    def tile(self, tile: object) -> str:
        """A panel in an engine's sentence: "D7", and "DQ" or "LK" with the cards' labels."""
        if self.labels == "cards" and isinstance(tile, Tile):
            return tile.color.value + value_label(tile.value, "cards")
        return str(tile)

    def __call__(self, text: str, **values: object) -> str:
        """``text`` formatted with these nouns and ``values``."""
        return text.format(panel=self.panel, panels=self.panels, the_box=self.the_box,
                           the_dash=self.the_dash, **values)


def nouns(labels: str) -> Nouns:
    """The nouns for ``labels`` ("panels" or "cards"), in the current language."""
    if labels == "cards":
        return Nouns(_("card"), _("cards"), _("the deck"), _("the K"), "cards")
    return Nouns(_("panel"), _("panels"), _("the box"), _("the dash"))

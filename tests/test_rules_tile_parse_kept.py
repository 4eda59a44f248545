"""Reading a tile's text twice gives the tile read once: ``Tile.parse`` keeps each text it
read, so a wrong entry there would put another panel in a replay, a claim or a deal. Every
text, a tile's or not, reads as the reading from scratch does (``Tile._read``), and a text
that is no tile is refused every time, never kept."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coda_pi.rules import tiles
from coda_pi.rules.errors import RuleError
from coda_pi.rules.tiles import Color, Tile

tile_texts = st.builds(lambda c, v: c + v, st.sampled_from("DL"),
                       st.sampled_from([str(n) for n in range(12)] + ["-", "?"]))
near_texts = st.one_of(tile_texts, st.text(alphabet="DL0123456789-?x ", max_size=4))


def _fresh(text: str) -> Tile | str:
    try:
        return Tile._read(text)
    except RuleError as error:
        return f"refused: {error}"


def _kept(text: str) -> Tile | str:
    try:
        return Tile.parse(text)
    except RuleError as error:
        return f"refused: {error}"


@given(st.lists(near_texts, max_size=30))
@settings(max_examples=300, deadline=None)
def test_a_text_reads_as_it_reads_from_scratch_however_often(texts: list[str]) -> None:
    for text in texts + texts:
        assert _kept(text) == _fresh(text)
    assert all(isinstance(key[1], str) and isinstance(tile, Tile)
               for key, tile in tiles._PARSED.items())


def test_every_tile_s_text_reads_back_to_that_tile() -> None:
    every = [Tile(c, n) for c in Color for n in range(12)] + \
        [Tile(c, None, dash=True) for c in Color] + [Tile(c) for c in Color]
    for _ in range(2):
        assert [Tile.parse(c.value + t.value) for c, t in
                ((t.color, t) for t in every)] == every


def test_a_text_that_is_no_tile_is_refused_again_and_not_kept() -> None:
    for _ in range(2):
        for text in ("D12", "X3", "D05", "L", "", "D+"):
            with pytest.raises(RuleError):
                Tile.parse(text)
            assert (Tile, text) not in tiles._PARSED
    with pytest.raises(RuleError):
        Tile.parse(["D", "5"])

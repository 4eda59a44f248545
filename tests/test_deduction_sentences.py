"""Every kind of impossible position is named in a sentence that points at the row or answer."""

from __future__ import annotations

from coda_pi.rules.deduction import Panel, View, analyze
from coda_pi.rules.tiles import Color, Tile

D, L = Color.DARK, Color.LIGHT
NAMES = ("Ann", "Ben")


def up(text: str) -> Panel:
    tile = Tile.parse(text)
    return Panel(tile.color, tile, revealed=True)


def hid(color: Color, *missed: str) -> Panel:
    return Panel(color, missed=frozenset(missed))


def why(*rows: tuple[Panel, ...], dashes: bool = False, drawn: Panel | None = None) -> str:
    result = analyze(View(tuple(rows), dashes, drawn, 0 if drawn else None, NAMES))
    assert result.worlds == 0
    assert result.slots == {}
    assert result.contradiction is not None
    return result.contradiction


def test_a_row_whose_known_panels_are_out_of_order() -> None:
    assert why((up("D8"), up("L7"))) == "Ann's row is out of order: D8 cannot stand left of L7"


def test_one_panel_in_two_places() -> None:
    assert why((up("D5"),), (hid(L), up("D5"))) == (
        "D5 cannot stand both at Ann's panel 1 and at Ben's panel 2")


def test_more_hidden_panels_of_a_colour_than_unseen_panels() -> None:
    assert why(tuple(hid(D) for _ in range(13))) == (
        "there are 13 hidden dark panels but only 12 dark panels unseen")


def test_the_drawn_panel_counts_for_its_colour() -> None:
    assert why(tuple(hid(D) for _ in range(12)), drawn=Panel(D)) == (
        "there are 12 hidden dark panels and the drawn one but only 12 dark panels unseen")


def test_a_slot_nothing_fits() -> None:
    assert why((up("D3"), hid(D), up("D4"))) == (
        "Ann's panel 2 is dark, but no unseen dark panel fits between D3 and D4")


def test_a_wrong_answer_at_the_only_panel_that_fits() -> None:
    assert why((), (up("D3"), hid(D, "4"), up("D5"))) == (
        'Ben answered "wrong" to D4 at panel 2, but D4 is the only panel that can stand there')


def test_a_wrong_answer_at_the_only_dash() -> None:
    assert why((up("D3"), hid(D, "-"), up("D4")), dashes=True) == (
        'Ann answered "wrong" to D- at panel 2, but D- is the only panel that can stand there')


def test_every_panel_that_fits_was_answered_wrong() -> None:
    assert why((up("D2"), hid(D, "3", "4"), up("D5"))) == (
        "Ann's panel 2: every panel that can stand there (D3, D4) was answered \"wrong\"")


def test_a_wrong_answer_that_only_the_whole_row_refutes() -> None:
    # D2 [?] [?] D6 with "not 3" at slot 1 and "not 5" at slot 2: (D3,D4), (D3,D5) and
    # (D4,D5) all break an answer; without the first answer (D3, D4) fits.
    assert why((up("D2"), hid(D, "3"), hid(D, "5"), up("D6"))) == (
        'Ann answered "wrong" to D3 at panel 2, but the row can be filled in order only if '
        "it is D3")


def test_a_stretch_of_a_row_too_narrow_for_its_slots() -> None:
    assert why((up("D2"), hid(D), hid(D), up("D4"))) == (
        "Ann's row cannot be in order: panels 2 to 3 (dark, dark) stand between D2 and D4, and "
        "not enough unseen panels fit there")


def test_two_rows_that_need_the_same_panel() -> None:
    # Each row alone needs D3 (the only dark between D2 and L3, and between L2 and D4).
    assert why((up("D2"), hid(D), up("L3")), (up("L2"), hid(D), up("D4"))) == (
        "the rows of Ann and Ben cannot all be filled in order: they need more of the same "
        "unseen panels than there are")


def test_answers_in_two_rows_that_cannot_all_be_true() -> None:
    # Ann's slot can be D3 or D4, Ben's too; answers leave each only one, the same one.
    sentence = why((up("D2"), hid(D, "4"), up("D5")), (up("L2"), hid(D, "4"), up("L4")))
    assert sentence.startswith('Ann answered "wrong" to D4 at panel 2') or sentence.startswith(
        'Ben answered "wrong" to D4 at panel 2')


def test_a_possible_position_has_no_sentence() -> None:
    result = analyze(View(((up("D2"), hid(D), hid(D), up("D5")),), names=NAMES))
    assert result.worlds == 1
    assert result.contradiction is None
    assert result.certain(0, 1) == Tile.parse("D3")
    assert result.certain(0, 2) == Tile.parse("D4")

"""The witness keeps the "wrong" answers with their panels while rows grow, and builds each
onlooker's view: the public sees colours, a player also sees their own panels."""

from __future__ import annotations

from test_deduction_bruteforce import enumerate_deals

from coda_pi.rules.coda import CodaGame
from coda_pi.rules.coda_events import parse_event
from coda_pi.rules.deduction import analyze
from coda_pi.rules.deduction_view import Witness
from coda_pi.rules.tiles import Tile

HEADER = {"game": "coda", "players": ["Ann", "Ben"], "hand": 3}
START = [
    {"event": "round"},
    {"event": "deal", "seat": 0, "row": ["D1", "L4", "D9"]},
    {"event": "deal", "seat": 1, "row": ["D2", "L6", "L10"]},
]


def follow(*events: dict) -> Witness:
    witness = Witness(CodaGame.from_header(HEADER))
    for obj in [*START, *events]:
        witness.apply(parse_event(obj))
    return witness


def test_a_wrong_answer_moves_with_its_panel_when_a_panel_is_placed_left_of_it() -> None:
    w = follow(
        {"event": "draw", "seat": 0, "tile": "D7"},
        {"event": "guess", "seat": 0, "target": 1, "slot": 1, "value": "5"},
        {"event": "place", "seat": 0, "slot": 2},
        {"event": "draw", "seat": 1, "tile": "D0"},
        {"event": "guess", "seat": 1, "target": 0, "slot": 0, "value": "3"},
        {"event": "place", "seat": 1, "slot": 0},
    )
    view = w.view()
    ben = view.rows[1]
    assert str(ben[0].tile) == "D0" and ben[0].revealed
    assert ben[2].missed == frozenset({"5"})  # was slot 1 before D0 stood left of it
    assert ben[1].missed == frozenset() and ben[3].missed == frozenset()
    assert view.rows[0][0].missed == frozenset({"3"})
    # The answer counts: L5 is out of Ben's slot 2 in every deal.
    assert Tile.parse("L5") not in analyze(view).slots[(1, 2)]


def test_a_stop_inserts_the_drawn_panel_hidden_and_a_right_guess_clears_the_answers() -> None:
    w = follow(
        {"event": "draw", "seat": 0, "tile": "L0"},
        {"event": "guess", "seat": 0, "target": 1, "slot": 2, "value": "8"},
        {"event": "place", "seat": 0, "slot": 0},
        {"event": "draw", "seat": 1, "tile": "D11"},
        {"event": "guess", "seat": 1, "target": 0, "slot": 1, "value": "1"},
        {"event": "stop", "seat": 1, "slot": 3},
    )
    view = w.view()
    ann, ben = view.rows
    assert ann[1].revealed and str(ann[1].tile) == "D1"
    assert all(p.missed == frozenset() for p in ann)
    assert len(ben) == 4 and ben[3].tile is None and ben[2].missed == frozenset({"8"})


def test_each_player_sees_their_own_panels_and_drawn_panel_only() -> None:
    w = follow({"event": "draw", "seat": 0, "tile": "L7"})
    public, ann, ben = w.view(), w.view(0), w.view(1)
    assert all(p.tile is None for row in public.rows for p in row)
    assert public.drawn is not None and public.drawn.tile is None and public.drawn_seat == 0
    assert [str(p.tile) for p in ann.rows[0]] == ["D1", "L4", "D9"]
    assert all(p.tile is None for p in ann.rows[1])
    assert ann.drawn is not None and str(ann.drawn.tile) == "L7"
    assert ben.drawn is not None and ben.drawn.tile is None
    for view in (public, ann, ben):
        assert analyze(view).worlds == enumerate_deals(view).worlds
    # Ann knows her row and draw: Ben's three panels come from 20 unseen, in order.
    assert analyze(ann).worlds == enumerate_deals(ann).worlds


def test_a_new_round_forgets_the_old_answers() -> None:
    header = dict(HEADER, rounds=2)
    w = Witness(CodaGame.from_header(header))
    events = [
        *START,
        {"event": "draw", "seat": 0, "tile": "D0"},
        {"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "5"},
        {"event": "place", "seat": 0, "slot": 0},
        {"event": "draw", "seat": 1, "tile": "D3"},
        {"event": "guess", "seat": 1, "target": 0, "slot": 1, "value": "1"},
        {"event": "guess", "seat": 1, "target": 0, "slot": 2, "value": "4"},
        {"event": "guess", "seat": 1, "target": 0, "slot": 3, "value": "9"},
        {"event": "round"},
        {"event": "deal", "seat": 0, "row": ["D2", "L6", "L10"]},
        {"event": "deal", "seat": 1, "row": ["D1", "L4", "D9"]},
    ]
    for obj in events:
        w.apply(parse_event(obj))
    assert all(p.missed == frozenset() for row in w.view().rows for p in row)


def test_once_the_round_is_won_the_winners_panels_are_public() -> None:
    w = follow(
        {"event": "draw", "seat": 0, "tile": "D0"},
        {"event": "guess", "seat": 0, "target": 1, "slot": 0, "value": "2"},
        {"event": "guess", "seat": 0, "target": 1, "slot": 1, "value": "6"},
        {"event": "guess", "seat": 0, "target": 1, "slot": 2, "value": "10"},
    )
    assert w.round_over
    result = analyze(w.view())
    assert result.worlds == 1
    assert result.drawn == {Tile.parse("D0"): 1}

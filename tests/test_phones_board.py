"""The seat page is that seat's own board, played with a thumb: every row of the table as
the seat sees it, one sentence of its own saying what to tap, and taps that name what they
mean (a panel to attack, a number, a gap, a peg, the key pegs). Whole games are played by
taps alone (tests/phones_play.py) and every page each phone was sent is read."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from phones_play import coda_table, mastermind_table, play_coda, play_mastermind

from coda_pi import i18n
from coda_pi.referee.shared.signals import Button, Press, Release
from coda_pi.referee.shared.views import SetupView, TurnStep, TurnView

DEVICE_BUTTONS = re.compile(r"\b(PREV|NEXT|OK|BACK)\b|(?i:seat button|bot[oó]n)")
"""How the device's screens name its buttons, in English and Spanish."""
NAMES = ("Ann", "Ben", "Cy", "Di")


@pytest.fixture(params=["en", "es"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language("en")


def strings(value: Any) -> Iterator[str]:
    """Every text in a page, however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def test_no_text_sent_to_a_phone_names_a_device_button(language: str) -> None:
    """A phone has no PREV, NEXT, OK or seat button: nothing on any page of a whole Coda
    tournament and a whole Mastermind match, in either language, speaks of them."""
    coda = coda_table(NAMES, rounds=2, timer=True)
    play_coda(coda)
    match = mastermind_table()
    play_mastermind(match)
    said = {text for _, page in coda.pages + match.pages for text in strings(page)}
    assert len(said) > 60, "a page that says next to nothing tests nothing"
    assert [text for text in said if DEVICE_BUTTONS.search(text)] == []


def _acts(page: dict[str, Any]) -> bool:
    """The page offers its seat something to tap for the game now."""
    act = page["actions"]
    screen = page["public"]["screen"] or {}
    own_turn = screen.get("kind") == "TurnView" and screen.get("seat") == page["seat"]
    return bool(act["grid"] or act["confirm"] or act["attack"] or act["place"]
                or act["reveal"] or act["pegs"] or act["counts"] or act["arrows"]
                or (own_turn and act["keys"]))


def test_only_the_seat_asked_to_act_is_told_to_tap(language: str) -> None:
    """At every moment of a game each phone's sentence is its own: the seat asked to act
    is told what to tap, every other seat is told what is going on (never another seat's
    instruction), and the two never coincide."""
    tap_word = re.compile(r"\btap\b" if language == "en" else r"\bt[oó]ca")
    for table, play in ((coda_table(NAMES, rounds=1), play_coda),
                        (mastermind_table(), play_mastermind)):
        play(table)
        acting = 0
        for _seat, page in table.pages:
            sentence = page["sentence"]
            assert sentence, page["public"]["screen"]
            if _acts(page):
                acting += 1
                assert tap_word.search(sentence.lower()), sentence
            else:
                assert not tap_word.search(sentence.lower()), sentence
        assert acting > 20


def test_a_seat_page_shows_every_row_as_that_seat_sees_it() -> None:
    table = coda_table(NAMES, rounds=1)
    seen_fallen = False
    for _seat, page in table.pages:
        assert page["board"] == []  # nothing dealt yet: nothing to show
        break

    def check(t: Any) -> None:
        nonlocal seen_fallen
        game = t.referee.game
        if game is None or not any(game.dealt if hasattr(game, "dealt") else ()):
            return
        for seat in range(game.seats):
            page = t.page(seat)
            rows = {r["seat"]: r for r in page["board"]}
            assert set(rows) == set(range(game.seats))
            for other, row in rows.items():
                truth = game.rows[other]
                assert [p["dark"] for p in row["row"]] == [p.tile.color.word == "dark"
                                                          for p in truth]
                for shown, panel in zip(row["row"], truth, strict=True):
                    assert shown["down"] == panel.revealed
                    if other == seat or panel.revealed:  # its own, or fallen: the number
                        assert shown["label"] == str(panel.tile.value), (seat, other)
                        seen_fallen |= panel.revealed and other != seat
                    else:  # another's standing panel: its back only
                        assert shown["label"] is None
                assert row["turn"] == (game.turn == other)

    table.watch = check
    play_coda(table)
    assert seen_fallen


def test_an_opponent_s_panel_is_attacked_by_tapping_it_then_a_number() -> None:
    table = coda_table(("Ann", "Ben", "Cy"), rounds=1)
    for _ in range(40):
        screen = table.referee.view().screen
        if isinstance(screen, TurnView) and screen.step is TurnStep.TARGET:
            break
        if isinstance(screen, SetupView):
            table.press(Button.OK)
        elif isinstance(screen, TurnView) and screen.step is TurnStep.CHOOSE_COLOR:
            table.tap(screen.seat, kind="colour", dark=bool(screen.dark_left))
        else:
            table.tap(getattr(screen, "seat", 0), kind="key", key="ok")
    screen = table.referee.view().screen
    assert isinstance(screen, TurnView) and screen.step is TurnStep.TARGET
    attacker = screen.seat
    page = table.page(attacker)
    assert page["actions"]["attack"] and not page["actions"]["arrows"]
    target = (attacker + 2) % 3
    table.tap(attacker, kind="attack", target=target, slot=2)  # Cy's third panel, one tap
    screen = table.referee.view().screen
    assert isinstance(screen, TurnView) and screen.step is TurnStep.VALUE
    assert (screen.target, screen.slot) == (target, 2)
    # Another seat's tap on a panel does nothing: it is not its turn.
    other = (attacker + 1) % 3
    table.tap(other, kind="attack", target=attacker, slot=0)
    assert table.referee.view().screen == screen
    # Changing one's mind: a tap on another panel aims there instead.
    table.tap(attacker, kind="attack", target=other, slot=1)
    screen = table.referee.view().screen
    assert isinstance(screen, TurnView) and (screen.target, screen.slot) == (other, 1)


def test_a_mastermind_match_is_played_from_the_phones() -> None:
    """The maker taps the code, the breaker taps each row, the maker taps the key pegs."""
    table = mastermind_table(mode="audit", games=2)
    final = play_mastermind(table)
    match = table.referee.journal.game
    assert [r.rows for r in match.results] == [2, 2]  # a miss, then the code
    assert not any(r.void or r.broken is False for r in match.results)
    assert {s.total for s in final.standings} == {2}


def test_the_header_names_a_seat_once_with_the_default_names() -> None:
    table = coda_table(("Seat 1", "Seat 2"), rounds=1)
    pages = [table.page(seat) for seat in range(2)]
    assert [p["label"] for p in pages] == ["Seat 1", "Seat 2"]
    seats = table.bridge._seat_list(table.referee, frozenset())
    assert [s["label"] for s in seats["seats"]] == ["Seat 1", "Seat 2"]
    named = coda_table(("Ann", "Ben"), rounds=1)
    assert named.page(1)["label"] == "Ben"


def test_the_drawn_panel_s_entry_shows_no_number_before_one_is_tapped() -> None:
    """Entering a drawn panel, the device's dial starts at a random number; the phone's
    slot stays empty until the seat taps one (a random "11" there means nothing)."""
    import random

    from coda_pi.phones.actions import PhoneIntent, apply
    from coda_pi.phones.seat_views import seat_page
    from coda_pi.referee.coda.referee import Referee
    from coda_pi.referee.pools.entered.views import EntryPrivateView
    from coda_pi.referee.shared.setup import SetupDefaults
    from coda_pi.sim.testing import FakeClock, MemoryRecord

    referee = Referee(clock=FakeClock(), rng=random.Random(6), record=MemoryRecord(),
                      setup=SetupDefaults(names=("Ann", "Ben"), players=2, rounds=1,
                                          pool="entered", timer=False))
    referee.handle(Press(Button.OK))
    referee.handle(Release(Button.OK))
    for seat, row in ((0, ("D0", "L1", "D5", "L7")), (1, ("L0", "D2", "L5", "D8"))):
        for tile in row:
            assert apply(referee, PhoneIntent(seat, "tile", dark=tile[0] == "D",
                                              value=tile[1:]))
        assert apply(referee, PhoneIntent(seat, "key", key="ok"))
    assert apply(referee, PhoneIntent(0, "colour", dark=True))  # Ann draws a dark panel
    held = referee.private_view_of(0)
    assert isinstance(held, EntryPrivateView) and held.dial is not None  # the device's dial
    page = seat_page(referee, 0)
    current = [s for s in page["private"]["slots"] if s["current"]]
    assert current and current[0]["label"] is None and page["private"]["dial"] is None
    assert page["actions"]["grid"]["colours"] == ["dark"]
    assert "dark" in page["sentence"]  # "Tap the number of the dark panel you drew"

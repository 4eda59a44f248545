"""The setup on the device: names typed with the buttons, the language, the hand size, and
the last setup remembered for the next start."""

from __future__ import annotations

import random

import pytest

from coda_pi import remembered
from coda_pi.app import DeviceOptions, build_app
from coda_pi.config import Config
from coda_pi.i18n import language
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.name_entry import NameEntryView
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.views import DealView, SetupView
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

OK, PREV, NEXT, BACK = Button.OK, Button.PREV, Button.NEXT, Button.BACK


def _table(**setup) -> tuple[Table, MemoryRecord, list[SetupDefaults]]:
    clock, record = FakeClock(), MemoryRecord()
    kept: list[SetupDefaults] = []
    referee = Referee(clock=clock, rng=random.Random(0), record=record,
                      setup=SetupDefaults(names=("Ann", "Ben", "Cy", "Dee"), timer=False,
                                          **setup),
                      remember=kept.append)
    return Table(referee, clock), record, kept


def _go_to(table: Table, key: str) -> None:
    for _ in range(20):
        screen = table.referee.view().screen
        assert isinstance(screen, SetupView)
        if screen.items[screen.cursor].key == key:
            return
        table.tap(NEXT)
    raise AssertionError(f"no {key!r} line")


def _type(table: Table, word: str) -> None:
    """Types ``word`` with PREV/NEXT and OK, from wherever the letter cursor is."""
    for char in word.upper():
        while True:
            screen = table.referee.view().screen
            assert isinstance(screen, NameEntryView)
            if screen.ring[screen.cursor].upper() == char:
                break
            table.tap(NEXT)
        table.tap(OK)


def test_a_name_typed_with_the_buttons_is_the_one_the_record_gets():
    table, record, kept = _table(players=2)
    _go_to(table, "Names")
    table.tap(OK)
    assert table.referee.view().title == "Names"
    names = table.referee.view().screen
    assert [(i.label, i.value) for i in names.items[:2]] == [("Seat 1", "Ann"), ("Seat 2", "Ben")]
    table.tap(NEXT)  # seat 2
    table.tap(OK)
    entry = table.referee.view().screen
    assert isinstance(entry, NameEntryView) and entry.seat == 1 and entry.name == ""
    table.tap(table.seat(2))  # seat button 3 jumps the letters to N
    assert table.referee.view().screen.ring[table.referee.view().screen.cursor] == "N"
    _type(table, "noa")
    assert table.referee.view().screen.name == "Noa"
    while (screen := table.referee.view().screen).ring[screen.cursor] != "\n":
        table.tap(PREV)  # round to "done"
    table.tap(OK)
    names = table.referee.view().screen
    assert isinstance(names, SetupView) and names.items[1].value == "Noa"
    table.tap(BACK)  # back to the first choices
    _go_to(table, "Start")
    table.tap(OK)
    assert record.lines[0]["players"] == ["Ann", "Noa"]
    assert kept[-1].names[:2] == ("Ann", "Noa")  # remembered for the next game


def test_back_while_typing_keeps_the_old_name():
    table, record, _ = _table(players=2)
    _go_to(table, "Names")
    table.tap(OK)
    table.tap(OK)  # seat 1
    _type(table, "zz")
    table.tap(BACK)
    table.tap(BACK)
    table.tap(BACK)  # nothing left to rub out: leave
    names = table.referee.view().screen
    assert isinstance(names, SetupView) and names.items[0].value == "Ann"


def test_the_language_line_switches_the_screens_to_spanish_and_back():
    table, _, kept = _table(players=2)
    _go_to(table, "More")
    table.tap(OK)
    more = table.referee.view().screen
    line = [i.key for i in more.items].index("language")
    table.tap(NEXT, line)
    table.tap(OK)
    table.tap(NEXT)
    assert language() == "es"  # at once: the value being chosen reads in its own language
    table.tap(OK)
    view = table.referee.view()
    assert view.title == "Más opciones"
    assert [i.label for i in view.screen.items][:2] == ["Rondas", "Quién empieza"]
    table.tap(BACK)
    first = table.referee.view().screen
    assert [i.label for i in first.items][:3] == ["Jugadores", "Juego", "Empezar"]
    _go_to(table, "Start")
    table.tap(OK)
    assert kept[-1].language == "es"
    assert "OK" in table.referee.view().screen.prompt


def test_the_published_three_player_variant_deals_three_panels():
    table, record, _ = _table(players=3, hand_choice=3)
    _go_to(table, "Start")
    table.tap(OK)
    assert record.lines[0]["hand"] == 3
    table.press(table.seat(0))
    private = table.referee.private_view()
    assert private is not None and len(private.row) == 3
    assert isinstance(table.referee.view().screen, DealView)


def test_the_setup_opens_on_start_with_six_lines_or_fewer():
    table, _, _ = _table(players=2)
    screen = table.referee.view().screen
    assert isinstance(screen, SetupView)
    assert screen.items[screen.cursor].key == "Start"
    assert [i.key for i in screen.items][:3] == ["players", "game", "Start"]
    assert len(screen.items) <= 6  # all of it in view on the smallest screen


def test_the_device_starts_with_the_last_setup_and_language(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    remembered.save(data, SetupDefaults(names=("Ann", "Ben", "Cy", "Dee"), players=3,
                                        rounds=3, language="es"), "es")
    config = Config(data_dir=data)
    app = build_app(DeviceOptions(config=config, size=(320, 240), fullscreen=False, gpio=False,
                                  sound=False, resume=False),
                    rng=random.Random(1), explain=lambda text: None)
    try:
        app.run(max_steps=1)
        view = app.scene.view
        assert isinstance(view.screen, SetupView)
        assert language() == "es"
        assert view.screen.items[0].label == "Jugadores" and view.screen.items[0].value == "3"
        assert view.screen.players == ("Ann", "Ben", "Cy")
    finally:
        app.close()


def test_lang_on_the_command_line_wins_over_the_remembered_language(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    remembered.save(data, SetupDefaults(language="es"), "es")
    app = build_app(DeviceOptions(config=Config(data_dir=data), size=(320, 240),
                                  fullscreen=False, gpio=False, sound=False, resume=False,
                                  language="en"),
                    rng=random.Random(1), explain=lambda text: None)
    try:
        app.run(max_steps=1)
        assert language() == "en"
        assert app.scene.view.screen.items[0].label == "Players"
    finally:
        app.close()


@pytest.fixture(autouse=True)
def _quit_pygame(quit_pygame):
    yield


def test_unnamed_seats_read_in_the_screen_language():
    from coda_pi.i18n import in_language

    setup = SetupDefaults(names=("Ann", "Seat 2", "Seat 3", "Seat 4"), players=3)
    assert setup.player_names == ("Ann", "Seat 2", "Seat 3")
    with in_language("es"):
        assert setup.player_names == ("Ann", "Puesto 2", "Puesto 3")

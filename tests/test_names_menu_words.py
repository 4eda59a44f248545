"""The setup's Names menu: a seat nobody has named says so, rather than "Seat 1   Seat 1",
its label twice over, which read like a glitch on the first evening."""

from __future__ import annotations

import pytest

from coda_pi.i18n import in_language
from coda_pi.referee.coda.setup_menu import SetupMenu
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.signals import Button


def _names_menu(defaults: SetupDefaults) -> SetupMenu:
    menu = SetupMenu(defaults)
    for _ in range(len(menu.view().items)):
        if menu.view().items[menu.view().cursor].key == "Names":
            break
        menu.nav(Button.NEXT)
    assert menu.view().items[menu.view().cursor].key == "Names"
    menu.nav(Button.OK)
    return menu


@pytest.mark.parametrize(("language", "unnamed"), [("en", "unnamed"),
                                                    ("es", "sin nombre")])
def test_an_unnamed_seat_says_so_and_a_named_one_shows_its_name(language: str, unnamed: str
                                                                ) -> None:
    with in_language(language):
        menu = _names_menu(SetupDefaults(names=("Ann", "", "Seat 3"), players=3))
        lines = {i.key: (i.label, i.value) for i in menu.view().items}
    seat = "Seat" if language == "en" else "Puesto"
    assert lines["name:0"] == (f"{seat} 1", "Ann")
    assert lines["name:1"] == (f"{seat} 2", unnamed)
    assert lines["name:2"] == (f"{seat} 3", unnamed)  # the config's own default name

"""The quit question's title says what happens where the device runs: in a laptop's window
nothing is turned off (the window closes: "Quit?"); on the appliance's own screen the table
is about to unplug it ("Turn off?"). The window's question was titled "Turn off?" over "Quit
coda-pi? ... the window closes", two words for one act."""

from __future__ import annotations

import pytest

from coda_pi.desktop import set_in_a_window
from coda_pi.i18n import in_language
from coda_pi.referee.shared.overlays import overlay_view, quit_confirm


@pytest.fixture
def where():
    yield set_in_a_window
    set_in_a_window(False)


@pytest.mark.parametrize(("language", "window", "appliance"),
                         [("en", "Quit?", "Turn off?"), ("es", "¿Salir?", "¿Apagar?")])
def test_the_title_matches_the_question(where, language: str, window: str, appliance: str
                                        ) -> None:
    with in_language(language):
        for over in (False, True):
            where(True)
            view = overlay_view(quit_confirm(game_over=over))
            assert view is not None and view.title == window
            where(False)
            view = overlay_view(quit_confirm(game_over=over))
            assert view is not None and view.title == appliance

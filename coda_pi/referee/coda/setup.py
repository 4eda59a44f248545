"""The setup screen (``CodaScreen.SETUP``): no game yet. The setup menu and the past games'
results reached from it; OK on "Start" starts a game (``CodaContext.start_game``: its
record's header first). Its whole view is the setup's own (the referee's ``_setup_view``),
drawn with no table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coda_pi.i18n import N_
from coda_pi.referee.coda.state import CodaState
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.seat_screens import PHONES_ON
from coda_pi.referee.shared.signals import Button

if TYPE_CHECKING:
    from coda_pi.referee.coda.context import CodaContext
    from coda_pi.referee.shared.public import PublicTable
    from coda_pi.referee.shared.views import Screen

RESULTS = N_("Results")  # the setup menu's line to the past games


class SetupState(CodaState):
    """The setup menu's buttons, and the results list it opens."""

    kind = CodaScreen.SETUP

    def view(self, ref: CodaContext, table: PublicTable) -> Screen:
        from coda_pi.referee.coda.standings import stuck_view

        return stuck_view(ref, table)  # never drawn over a table: see the module's words

    def nav(self, ref: CodaContext, button: Button) -> None:
        results = ref.results
        if results is not None and results.is_open:
            results.nav(button)
        elif ref.setup_menu.nav(button):
            ref.start_game()
        elif ref.setup_menu.chosen == RESULTS and results is not None:
            ref.setup_menu.chosen = None
            results.open()
        elif ref.setup_menu.chosen == PHONES_ON:
            ref.setup_menu.chosen = None
            ref.turn_phones_on()

    def seat(self, ref: CodaContext, seat: int) -> None:
        if not browsing(ref):
            ref.setup_menu.seat(seat)  # typing a name: the seat buttons jump the letters

    def back(self, ref: CodaContext) -> bool:
        results = ref.results
        if results is not None and results.is_open:
            results.nav(Button.BACK)
        else:
            ref.setup_menu.back()
        return True


def browsing(ref: CodaContext) -> bool:
    """The results list is on the screen (it opens from the setup menu only)."""
    return ref.results is not None and ref.results.is_open

"""Past games and tournaments on the device: the results list reached from the setup menu.

The referee does not read the data directory itself (it knows only its record): the app
hands it a function that lists the past results, newest first, as :class:`ResultRow` values
(``coda_pi.app.result_rows`` builds them from ``coda_pi.datadir.results``).

PREV/NEXT move through the list, and the screen shows the chosen game's players and totals;
OK or BACK go back to the setup menu.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coda_pi.i18n import _, ngettext
from coda_pi.os_words import said
from coda_pi.referee.shared.signals import Button


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One past game or tournament, as the results screen shows it."""

    date: str  # "22 Nov 14:03"
    game: str  # "Coda", "Mastermind"
    players: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[str, ...]  # empty while unfinished
    rounds: str  # "3 rounds", "1 game"
    note: str | None = None  # "unfinished", "stopped at line 7: ..."

    @property
    def headline(self) -> str:
        """The line of the list: when, and who won."""
        if self.winners:
            who = " & ".join(self.winners)
            won = ngettext("{names} wins", "{names} win", len(self.winners)).format(names=who)
            return f"{self.date}  {won}"
        return f"{self.date}  {self.note or _('unfinished')}"


@dataclass(frozen=True, slots=True)
class ResultsView:
    """The results list (a screen of its own, shown instead of the setup menu)."""

    rows: tuple[ResultRow, ...]
    cursor: int  # the row whose players and totals are shown
    prompt: str
    error: str | None = None  # the list could not be read: why


ResultsSource = Callable[[], Sequence[ResultRow]]


class ResultsBrowser:
    """The results screen's cursor. ``open`` reads the list once; it stays as read while
    the screen is up (a game cannot end meanwhile: none is running)."""

    def __init__(self, source: ResultsSource) -> None:
        self._source = source
        self.rows: tuple[ResultRow, ...] = ()
        self.cursor = 0
        self.error: str | None = None
        self.is_open = False

    def open(self) -> None:
        self.is_open = True
        self.cursor = 0
        self.error = None
        try:
            self.rows = tuple(self._source())
        except Exception as err:  # noqa: BLE001 - a bad card must not stop the device
            self.rows = ()
            self.error = _("The results could not be read ({why})").format(why=said(err))

    def nav(self, button: Button) -> None:
        """PREV/NEXT move; OK and BACK close the screen."""
        if button in (Button.PREV, Button.NEXT) and self.rows:
            step = -1 if button is Button.PREV else 1
            self.cursor = (self.cursor + step) % len(self.rows)
        elif button in (Button.OK, Button.BACK):
            self.is_open = False

    def view(self) -> ResultsView:
        if self.error:
            prompt = _("OK or BACK: back to the setup")
        elif not self.rows:
            prompt = _("No games played yet. OK or BACK: back to the setup")
        else:
            prompt = _("{number} of {count}. PREV/NEXT: other games, OK or BACK: back to the "
                       "setup").format(number=self.cursor + 1, count=len(self.rows))
        return ResultsView(rows=self.rows, cursor=self.cursor, prompt=prompt, error=self.error)


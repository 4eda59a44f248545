"""The example table every sample scene is drawn on (``samples``, ``entry_samples``): four
players with long names and full rows, built by hand from the view classes. Its own module
so the samples of each kind of play import it, never each other."""

from __future__ import annotations

from coda_pi.i18n import _
from coda_pi.referee.shared.seat_screens import PhonesCard
from coda_pi.referee.shared.views import (
    LedState,
    PanelView,
    SeatView,
    SetupItem,
    SetupView,
    TableView,
)

NAMES = ("Ann", "Benedict", "Chloé", "Dmitri")
ON, OFF, BLINK = LedState.ON, LedState.OFF, LedState.BLINK


def _p(spec: str, *, highlight: bool = False, private: bool = False) -> PanelView:
    """``"D5"`` standing, ``"d5"`` knocked down; in public the standing ones lose their label."""
    dark = spec[0] in "Dd"
    revealed = spec[0].islower()
    label = spec[1:] if (revealed or private) else None
    return PanelView(dark=dark, label=label, revealed=revealed, highlight=highlight)


def _row(*specs: str, highlight: int | None = None, private: bool = False
         ) -> tuple[PanelView, ...]:
    return tuple(_p(s, highlight=i == highlight, private=private) for i, s in enumerate(specs))


def _table(players: int = 4, turn: int = 0, *, highlight: tuple[int, int] | None = None,
           holding: bool = True) -> TableView:
    rows = [
        ("D1", "l3", "D6", "L9", "D11"),
        ("L0", "D2", "d4", "L7", "L10", "D-"),
        ("d0", "l5", "D8"),
        ("L2", "D5", "L8", "d9", "D10", "L11", "l4"),
    ][:players]
    seats = []
    for seat, specs in enumerate(rows):
        hl = highlight[1] if highlight and highlight[0] == seat else None
        row = _row(*specs, highlight=hl)
        seats.append(SeatView(
            seat=seat, name=NAMES[seat], row=row, total=[7, 12, 3, 0][seat],
            out=False, turn=seat == turn, led=ON if seat == turn else OFF,
            holding=holding and seat == turn, holding_dark=(False if holding and seat == turn
                                                            else None),
        ))
    return TableView(round_number=2, rounds=3, seats=tuple(seats), pool_dark=4, pool_light=3,
                     turn=turn, dashes=True)


def _leds(players: int, on: int | None = None, blink: tuple[int, ...] = ()) -> tuple[LedState, ...]:
    return tuple(
        ON if i == on else BLINK if i in blink else OFF for i in range(4)
    )


def round_of(number: int) -> str:
    return _("Round {number} of {rounds}").format(number=number, rounds=3)


def setup_sample(players: int, *, phones: PhonesCard | None = None) -> SetupView:
    """Coda's setup screen for ``players``, its cursor on Start (with the phones' code)."""
    return SetupView(
        items=(SetupItem(_("Players"), str(players), "players"),
               SetupItem(_("Game"), _("Coda with dashes"), "game"),
               SetupItem(_("Start"), "", "Start"), SetupItem(_("Names"), "", "Names"),
               SetupItem(_("More"), "", "More"), SetupItem(_("Results"), "", "Results")),
        cursor=2, editing=False, players=NAMES[:players], prompt=_("Press OK to start"),
        phones=phones)


def mastermind_setup_sample(*, phones: PhonesCard | None = None) -> SetupView:
    """Mastermind's setup screen, Coda's shape: the common choices, Start, then More."""
    return SetupView(
        items=(SetupItem(_("Game"), "Mastermind"),
               SetupItem(_("Mode"), _("2 players, device scores")),
               SetupItem(_("Start"), "", "Start"), SetupItem(_("More"), "", "More")),
        cursor=2, editing=False, players=NAMES[:2], prompt=_("Press OK to start"),
        phones=phones)

"""Phones as seat screens, as the referee sees them: a port (``SeatScreens``) that tells
where phones open their seat pages and which seats hold one, and the BACK menu's "Phones"
page that shows it and gives a seat's phone back (``PhonesPanel``).

Everything here is public: the address, the certificate's fingerprint and which seats have
a phone are what anybody at the table may see (pairing itself is done in view of the table,
which chooses the seat here or with its button on the setup, then answers OK). The phones
themselves live in ``coda_pi/phones``, which implements the port; the referee never imports
it (the arrows point inward).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from coda_pi.i18n import N_, _

WITHOUT_A_PHONE = N_("No phone? Others look away while a button is held")
"""Said once when a game starts with seats that have no phone: how those seats keep their
private view private on the shared screen."""

PHONES_ON = N_("Turn phones on")
"""The setup's last line while phones are off and the device can start them (app/build.py)."""


@dataclass(frozen=True, slots=True)
class PhonesCard:
    """Where phones open their seat pages (``url``, drawn as a QR code and as text), the
    device certificate's short fingerprint, and the seats that hold a phone now."""

    url: str
    fingerprint: str = ""
    paired: frozenset[int] = frozenset()
    also: tuple[str, ...] = ()  # the device's other addresses, where it has several
    # The seat the table offers now and its own QR code (the address with a one-time
    # token): whoever opens it holds that seat at once. Drawn on the device only.
    offer: int | None = None
    offer_url: str = ""

    @property
    def code_url(self) -> str:
        """What the QR code carries: the offered seat's own address while there is one."""
        return self.offer_url or self.url

    @property
    def address(self) -> str:
        """The address as a person types it: ``https://192.168.1.23:8443`` (no final /)."""
        return self.url.rstrip("/")

    @property
    def addresses(self) -> tuple[str, ...]:
        """Every address as a person types it, the QR code's first."""
        return (self.address, *(url.rstrip("/") for url in self.also))


class SeatScreens(Protocol):
    """What the referee may ask of the phones (``coda_pi.phones.bridge`` implements it)."""

    def card(self) -> PhonesCard:
        """Where phones go, and which seats hold one now."""

    def unpair(self, seat: int) -> None:
        """Take ``seat``'s phone away: the phone is told and shows the pairing page again;
        the seat has the button flow again. Pairing it again needs the table."""

    def invite(self, seat: int) -> None:
        """The table chose to give ``seat`` a phone: the card then carries the seat's own
        QR code, whose one-time token pairs the phone that opens it at once; a phone that
        asks for the seat the long way is named in a question, and only OK gives it."""


@dataclass(frozen=True, slots=True)
class LookAtPhoneView:
    """What the shared screen shows while a seat that has a phone holds its button, in
    either game: its private view is on its phone only. Names the seat, nothing more."""

    seat: int
    name: str
    prompt: str  # "Look at your phone"


@dataclass(frozen=True, slots=True)
class PhonesView:
    """The BACK menu's "Phones" page: the QR code and address, and one line per seat
    (its name and whether a phone holds it); OK on a paired seat gives its phone back, on
    a seat without one lets a phone ask for it."""

    title: str
    card: PhonesCard
    lines: tuple[str, ...]  # one per seat, then "Back"
    cursor: int
    keys: str  # what to press now, for the footer


def seat_line(seat: int, name: str, paired: bool) -> str:
    """A seat's line on the "Phones" page: "3. Chloé: phone", or "2. Ben" without one."""
    if paired:
        return _("{number}. {name}: phone").format(number=seat + 1, name=name)
    return _("{number}. {name}").format(number=seat + 1, name=name)


@dataclass
class PhonesPanel:
    """The "Phones" page while it is open over a screen (an overlay, as the menu is)."""

    screens: SeatScreens
    names: tuple[str, ...]  # the seats' players, in seat order
    cursor: int = 0

    @property
    def count(self) -> int:
        """Lines the cursor moves over: each seat, then "Back"."""
        return len(self.names) + 1

    def move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % self.count

    def chosen_seat(self) -> int | None:
        """The seat under the cursor; None on "Back"."""
        return self.cursor if self.cursor < len(self.names) else None

    def view(self) -> PhonesView:
        card = self.screens.card()
        lines = [seat_line(seat, name, seat in card.paired)
                 for seat, name in enumerate(self.names)]
        lines.append(_("Back"))
        seat = self.chosen_seat()
        if card.offer is not None:
            keys = _("Seat {number}: scan this code with its phone   BACK: close").format(
                number=card.offer + 1)
        elif seat is not None and seat in card.paired:
            keys = _("OK: take seat {number}'s phone away   BACK: close").format(
                number=seat + 1)
        elif seat is not None:
            keys = _("OK: give seat {number} a phone   BACK: close").format(number=seat + 1)
        else:
            keys = _("PREV/NEXT: a seat   BACK: close")
        return PhonesView(title=_("Phones"), card=card, lines=tuple(lines),
                          cursor=self.cursor, keys=keys)

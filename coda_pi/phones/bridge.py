"""The loop's side of the phones: pairing presses, phone intents in; seat pages out.

Everything here that touches the referee runs on the loop's thread (design principle 2):
``take`` is given each intent the loop drained, ``publish`` runs after each update, and
``shared_private`` filters what the shared screen draws. The server's threads call only
``wait_page`` and ``seats``, which read what ``publish`` already made.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from typing import Any

from coda_pi.i18n import _, language
from coda_pi.phones.actions import PhoneIntent
from coda_pi.phones.pairing import Pairings
from coda_pi.phones.seat_views import pairing_words, seat_label, seat_page
from coda_pi.phones.shared_words import shared_view
from coda_pi.phones.taps import do_tap
from coda_pi.referee.shared.seat_screens import LookAtPhoneView, PhonesCard
from coda_pi.referee.shared.signals import Button, Intent, Press, Release
from coda_pi.referee.shared.views import BannerKind

log = logging.getLogger(__name__)

ARMED_SECONDS = 20.0
"""How long the device waits for OK after a seat's button was pressed for a waiting phone."""


class PhoneBridge:
    """Pairs phones with seats on the seat buttons and keeps each paired seat's page."""

    def __init__(self, pairings: Pairings | None = None, *, url: str = "",
                 fingerprint: str = "") -> None:
        self.pairings = pairings or Pairings()
        self.url = url  # where phones open their pages (the QR code on the setup screen)
        self.fingerprint = fingerprint
        self._ready = threading.Condition()
        self._pages: dict[int, tuple[int, bytes]] = {}  # seat -> (serial, JSON)
        # Each seat's own count of its page's changes: a phone learns nothing from another
        # seat's (a count shared by all would tell how often the others' pages changed).
        self._serials: dict[int, int] = {}
        self._closing = False
        self._seats: bytes = b'{"seats": []}'
        self._swallowed: set[Button] = set()  # seat buttons whose press paired a phone
        self._changes_seen = -1
        self._armed: tuple[int, float] | None = None  # a seat asked to confirm, and when
        self._notice_said: str | None = None  # the pairing's last sentence on the screen
        self._game_told: object = None  # the game (its journal) the fallback was said for
        self._review_told: object = None  # ... and the review's place, at its end
        self.applied = 0  # phone intents the loop has done (the bench reads it)
        # Every intent the loop was given, and how many of them the pages published so far
        # have seen: a test or the bench waits for the page after an intent by these.
        self.taken = 0
        self.published = 0

    # -- the referee's port (referee/shared/seat_screens.py), on the loop's thread -------

    def card(self) -> PhonesCard:
        return PhonesCard(self.url, self.fingerprint, self.pairings.paired())

    def unpair(self, seat: int) -> None:
        """The table took the seat's phone away (the BACK menu's "Phones"): its next
        request gets 403 and the page goes back to choosing a seat; its long poll ends."""
        self.pairings.unpair(seat)
        self._changes_seen = self.pairings.changes

    # -- the loop's thread -------------------------------------------------------------

    def take(self, referee: Any, intent: Intent | PhoneIntent) -> bool:
        """True when ``intent`` was the phones' (a tap, or a press of the pairing: the seat's
        button, then OK or another button to answer): the referee must not see it."""
        self.taken += 1
        if isinstance(intent, PhoneIntent):
            if intent.seat in self.pairings.paired():
                do_tap(referee, intent)
                self.applied += 1
            return True
        button = intent.button
        if isinstance(intent, Release) and button in self._swallowed:
            self._swallowed.discard(button)
            return True
        if not isinstance(intent, Press):
            return False
        armed = self._armed
        if armed is not None and time.monotonic() - armed[1] > ARMED_SECONDS:
            armed = self._armed = None  # left unanswered: the buttons are the game's again
        if armed is not None:
            self._answer(referee, armed[0], yes=button is Button.OK)
        elif button.seat is not None and self.pairings.waits_for(button.seat):
            self._ask(referee, button.seat)
        else:
            return False
        self._swallowed.add(button)
        return True

    def _ask(self, referee: Any, seat: int) -> None:
        """A seat's button with a phone waiting for that seat: OK must confirm it. A press
        for the game (a target, a held view) must not give a seat to a phone quietly."""
        self._armed = (seat, time.monotonic())
        self._changes_seen = self.pairings.changes  # this sentence, not the waiting one
        codes = ", ".join(r.code for r in self.pairings.waiting() if r.seat == seat)
        # Short: at 320x240 the header holds three short lines of it in Spanish.
        self._say(referee, _("Seat {number} to phone {code}? OK: yes, other button: "
                             "no").format(number=seat + 1, code=codes))

    def _answer(self, referee: Any, seat: int, *, yes: bool) -> None:
        self._armed = None
        if not yes:
            self.pairings.drop(seat)
            self._changes_seen = self.pairings.changes
            self._say(referee, _("Seat {number} stays without a phone").format(
                number=seat + 1))
            return
        done = self.pairings.complete(seat)
        self._changes_seen = self.pairings.changes
        if done == "paired":
            self._say(referee, _("Seat {number} is paired with its phone").format(
                number=seat + 1), BannerKind.GOOD)
        elif done == "clash":
            self._say(referee, _("Two phones asked for seat {number}: neither got it. Ask "
                                 "again from the seat's own phone only").format(
                                     number=seat + 1), BannerKind.ERROR)

    def publish(self, referee: Any) -> None:
        """Make every paired seat's page from the referee as it is now; wake the phones
        whose page changed."""
        self._notice(referee)
        self._fallback(referee)
        self._review_on_phones(referee)
        public = referee.view()
        paired = self.pairings.paired()
        made: dict[int, bytes] = {}
        for seat in paired:
            try:
                made[seat] = json.dumps(seat_page(referee, seat, public)).encode()
            except Exception:  # a page that cannot be made must not stop the device
                log.exception("the page of seat %s", seat + 1)
        seats = json.dumps(self._seat_list(referee, paired)).encode()
        with self._ready:
            changed = seats != self._seats
            self._seats = seats
            for seat in list(self._pages):
                if seat not in paired:
                    del self._pages[seat]
                    changed = True
            for seat, body in made.items():
                old = self._pages.get(seat)
                if old is None or old[1] != body:
                    serial = self._serials[seat] = self._serials.get(seat, 0) + 1
                    self._pages[seat] = (serial, body)
                    changed = True
            if changed:
                self._ready.notify_all()
        self.published = self.taken

    def shared_public(self, public: Any) -> Any:
        """What the shared screen draws of the public view: a step a seat takes on its
        phone says so, and a pairing notice is the setup's footer too (shared_words.py)."""
        return shared_view(public, self.pairings.paired(), self._notice_said)

    def _say(self, referee: Any, text: str, kind: BannerKind = BannerKind.INFO) -> None:
        """A pairing sentence on the shared screen (its banner, and the setup's footer)."""
        self._notice_said = text
        referee.notify(text, kind)

    def shared_private(self, private: Any) -> Any:
        """What the shared screen draws for a held seat: a paired seat's own view goes to
        its phone only, and the screen says so."""
        seat = getattr(private, "seat", None)
        if seat is None or seat not in self.pairings.paired():
            return private
        return LookAtPhoneView(seat=seat, name=getattr(private, "name", ""),
                               prompt=_("Look at your phone"))

    def _fallback(self, referee: Any) -> None:
        """Once per game, when it starts with seats that have no phone: how those seats
        keep their private view private on the shared screen."""
        game = getattr(referee, "game", None)
        journal = getattr(referee, "journal", None)  # one per game (an undo keeps it)
        if game is None or journal is None or journal is self._game_told:
            return
        self._game_told = journal
        seats = getattr(game, "seats", None)
        if isinstance(seats, int) and len(self.pairings.paired() & set(range(seats))) < seats:
            referee.notify(_("A seat without a phone: turn the device to whoever holds a seat "
                             "button, and the others look away"))

    def _review_on_phones(self, referee: Any) -> None:
        """Once per game, when its final standings come up with seats that have a phone:
        each one's own review is on its phone (the shared screen's review is the table's)."""
        journal = getattr(referee, "journal", None)
        if journal is None or journal is self._review_told:
            return
        paired = self.pairings.paired()
        review = getattr(referee, "seat_review", None)
        if not paired or review is None or review(min(paired)) is None:
            return
        self._review_told = journal
        referee.notify(_("Seats with a phone: your own review of the game is on it"))

    def _notice(self, referee: Any) -> None:
        """A phone waiting for its seat's button: the shared screen says which, with the
        phone's code, so the table sees who is pairing."""
        changes = self.pairings.changes
        if changes == self._changes_seen:
            return
        self._changes_seen = changes
        waiting = self.pairings.waiting()
        if waiting:
            req = waiting[-1]
            self._say(referee, _("A phone asks for seat {number} (code {code}): press seat "
                                 "button {number} to give it").format(number=req.seat + 1,
                                                                      code=req.code))

    @staticmethod
    def _seat_list(referee: Any, paired: frozenset[int]) -> dict[str, Any]:
        game = getattr(referee, "game", None)
        players = getattr(getattr(game, "settings", None), "players", None) or getattr(
            game, "players", None)
        if not players:  # before a game: the names the setup will play with
            players = getattr(referee.view().screen, "players", None) or ()
        players = list(players)
        return {"seats": [{"seat": i, "name": name, "label": seat_label(i, name),
                           "paired": i in paired} for i, name in enumerate(players)],
                "words": pairing_words(), "lang": language()}

    # -- the server's threads ----------------------------------------------------------

    def seats(self) -> bytes:
        with self._ready:
            return self._seats

    def wait_page(self, seat: int, after: int, timeout: float) -> tuple[int, bytes] | None:
        """The seat's page once it is newer than ``after`` (None after ``timeout`` s, or
        when the seat has no page)."""
        with self._ready:
            self._ready.wait_for(lambda: self._closing or self._pages.get(
                seat, (after + 1,))[0] > after, timeout)
            return self._pages.get(seat)

    def wake_all(self) -> None:
        """Ends every wait (the server is closing)."""
        with self._ready:
            self._closing = True
            self._ready.notify_all()

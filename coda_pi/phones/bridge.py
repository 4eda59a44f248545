"""The loop's side of the phones: the table's pairing, phone intents in; seat pages out.

Everything here that touches the referee runs on the loop's thread (design principle 2):
``take`` is given each intent the loop drained, ``settled`` answers the taps once their lines
are on the card (``on_card`` as soon as they are, from the fsync thread), ``publish`` runs
after each update, and ``shared_private`` filters what the shared screen draws. The
server's threads call only ``wait_page`` and ``seats``, which read what ``publish`` already
made.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from coda_pi.i18n import _, language
from coda_pi.phones.actions import PhoneIntent, Ticket
from coda_pi.phones.pairing import Pairings
from coda_pi.phones.seat_views import pairing_words, seat_label, seat_page, with_clock_moved
from coda_pi.phones.shared_words import shared_view
from coda_pi.phones.tap_answer import (
    Seen,
    TapAnswer,
    judged,
    meaning,
    not_now,
    stale,
    unsaved,
)
from coda_pi.phones.taps import do_tap
from coda_pi.referee.shared.seat_screens import WITHOUT_A_PHONE, LookAtPhoneView, PhonesCard
from coda_pi.referee.shared.signals import Button, Intent, Press, Release
from coda_pi.referee.shared.views import BannerKind, SetupView

log = logging.getLogger(__name__)

ARMED_SECONDS = 30.0
"""How long the device's question ("Seat 2 to phone 4711?") waits for OK."""
WITHDRAWN_SECONDS = 2.0
"""How long after a question was withdrawn the next press is taken as its answer (to
nothing), not the game's."""
INVITE_SECONDS = 90.0
"""How long a seat the table offered waits for its phone to ask."""


class PhoneBridge:
    """Pairs phones with seats on the seat buttons and keeps each paired seat's page."""

    def __init__(self, pairings: Pairings | None = None, *, url: str = "",
                 fingerprint: str = "") -> None:
        self.pairings = pairings or Pairings()
        self.url = url  # where phones open their pages (the QR code on the setup screen)
        # Every address phones can open, best first, read again for each card (the access
        # point may come up after the device): coda_pi/phones/start.py sets it.
        self.locate: Callable[[], Sequence[str]] | None = None
        self.fingerprint = fingerprint
        self._ready = threading.Condition()
        self._pages: dict[int, tuple[int, bytes]] = {}  # seat -> (serial, JSON)
        # Each seat's own count of its page's changes: a phone learns nothing from another
        # seat's (a count shared by all would tell how often the others' pages changed).
        self._serials: dict[int, int] = {}
        # Each seat's taps as its page offers them (tap_answer.meaning), and the first of
        # its page's versions that offered them: a tap from an older version is not done.
        self._meanings: dict[int, tuple[int, str]] = {}
        self._closing = False
        self._seats: bytes = b'{"seats": []}'
        self._swallowed: set[Button] = set()  # buttons whose press answered the question
        self._invited: tuple[int, float] | None = None  # the seat the table offered, when
        self._invite_told = False
        self._absorb_until = 0.0  # a press before this answers a withdrawn question
        # The question on screen: the request it names (id, code) and when it was asked.
        self._question: tuple[str, str, float] | None = None
        self._notice_said: str | None = None  # the pairing's last sentence on the screen
        self._game_told: object = None  # the game (its journal) the fallback was said for
        self._review_told: object = None  # ... and the review's place, at its end
        self.applied = 0  # phone intents the loop has done (the bench reads it)
        # Every intent the loop was given, and how many of them the pages published so far
        # have seen: a test or the bench waits for the page after an intent by these.
        self.taken = 0
        self.published = 0
        self._made_from: tuple[object, ...] | None = None  # what the pages were made from
        # ... and what each seat's own part of them was: the referee, its seats' version
        # (base.py: all but the timer's seconds), the intents, the seats paired, the
        # language; with each seat's page as made. A move of the clock alone makes a
        # seat's page again from its own last one (``with_clock_moved``), never another's.
        self._own_from: tuple[object, ...] | None = None
        self._made_pages: dict[int, dict[str, Any]] = {}
        self._offer_drawn = ""  # the seat's QR code as the screen was last told of it
        self._moved = False  # the device's addresses changed: the card is read again
        # The taps of the loop's pass, judged, whose lines may still be on their way to the
        # card: answered once they are there (``on_card``, ``settled``), never before
        # (principle 5).
        self._unanswered: list[tuple[Ticket, TapAnswer]] = []

    # -- the referee's port (referee/shared/seat_screens.py), on the loop's thread -------

    def card(self) -> PhonesCard:
        also: tuple[str, ...] = ()
        if self.locate is not None:
            self.url, *rest = self.locate()
            also = tuple(rest)
        offer = self._offer_url()
        return PhonesCard(self.url, self.fingerprint, self.pairings.paired(), also,
                          offer=self._invited[0] if offer and self._invited else None,
                          offer_url=offer)

    def _offer_url(self) -> str:
        """The offered seat's QR code: the address with the seat and its one-time token
        after ``#`` (a fragment: the browser never sends it, so no log or header holds
        it); "" when no seat is offered or its token is used, run out or withdrawn."""
        if self._invited is None:
            return ""
        seat = self._invited[0]
        token = self.pairings.token_for(seat)
        return f"{self.url}#{seat}.{token}" if token else ""

    def unpair(self, seat: int) -> None:
        """The table took the seat's phone away (the BACK menu's "Phones"): its next
        request gets 403 and the page goes back to choosing a seat; its long poll ends."""
        self.pairings.unpair(seat)

    # -- the loop's thread -------------------------------------------------------------

    def invite(self, seat: int) -> None:
        """The table chose to give ``seat`` a phone (the Phones page's OK, or the seat's
        button on the setup): the phone that asks for it is named in a question, and OK
        gives it the seat. Nothing else starts a pairing (design principle 4)."""
        self._invited = (seat, time.monotonic())
        self._question = None
        self._invite_told = False
        self.pairings.offer(seat)  # the seat's own QR code: the one drawn before is gone

    def take(self, referee: Any, intent: Intent | PhoneIntent) -> bool:
        """True when ``intent`` was the phones' (a tap, or the press that answers the
        table's own pairing question): the referee must not see it. Every other press is
        the game's, whoever waits for a seat."""
        self.taken += 1
        if isinstance(intent, PhoneIntent):
            answer = not_now()  # a tap the referee failed on (the loop logs why): not done
            try:
                answer = self._tap(referee, intent)
            finally:
                if intent.ticket is not None:  # told by ``settled``, once on the card
                    self._unanswered.append((intent.ticket, answer))
            return True
        button = intent.button
        if isinstance(intent, Release) and button in self._swallowed:
            self._swallowed.discard(button)
            return True
        if not isinstance(intent, Press):
            return False
        self._check_question(referee)
        if self._question is not None:
            self._answer(referee, yes=button is Button.OK)
            self._swallowed.add(button)
            return True
        if time.monotonic() < self._absorb_until:
            # The first press after a question was withdrawn was meant for it: it must not
            # become the game's (an OK that starts a game or takes a guess).
            self._absorb_until = 0.0
            self._swallowed.add(button)
            return True
        if button.seat is not None and _at_setup(referee):
            self.invite(button.seat)  # no game yet: the seat's button asks for its phone
        return False

    def on_card(self) -> Callable[[], None] | None:
        """The pass's taps answered as soon as their lines are on the card (from the fsync
        thread: a ticket's answer is all it touches), not once the frame is drawn too;
        ``settled`` answers them all again, the same, or refused when the card refused."""
        answers = list(self._unanswered)
        if not answers:
            return None

        def answer() -> None:
            for ticket, told in answers:
                ticket.answer(told)

        return answer

    def settled(self, referee: Any, durable: bool) -> None:
        """The loop's pass is settled: its lines are on the card (``durable``), or the card
        refused them and ``referee`` is the device put back on its record. Its taps are
        answered now, those ``on_card`` answered already the same again; a tap done on
        lines the card refused was not done, and says the card's trouble in the words the
        screen says it."""
        answers, self._unanswered = self._unanswered, []
        for ticket, answer in answers:
            ticket.answer(answer if durable or not answer.done else unsaved(referee))

    def _tap(self, referee: Any, intent: PhoneIntent) -> TapAnswer:
        """Do a paired seat's tap, unless the page it was made from is out of date; what
        became of it (tap_answer.py)."""
        seat = intent.seat
        if seat not in self.pairings.paired():  # unpaired since the server let it in
            return not_now()
        self.applied += 1
        # What time did first: a deadline passed while the loop slept (the turn's time ran
        # out) is the device's, not this tap's, and the tap is judged against what it left.
        referee.tick()
        if intent.page is not None and self._moved_on(referee, seat, intent.page):
            return stale()
        before = Seen.of(referee, seat)
        # Apart from the device's buttons: a key still held there is a hand's, not the
        # phone's (a slow loop reads OK's release on Start after the phone's first tap).
        with referee.phone_presses():
            did = do_tap(referee, intent)
        return judged(referee, seat, before, did)

    def _moved_on(self, referee: Any, seat: int, version: int) -> bool:
        """The seat's page ``version`` offered other taps than its page would now: the
        table moved on since (its pages are made after the intents drained with this one,
        so the page now is made afresh when the referee changed since the last)."""
        kept = self._meanings.get(seat)
        if kept is None or not kept[0] <= version <= self._serials.get(seat, 0):
            return True
        version_now = getattr(referee, "version", None)
        if version_now is not None and self._made_from is not None and \
                version_now == self._made_from[0]:
            return False  # nothing happened since the page now was made
        return meaning(seat_page(referee, seat)) != kept[1]

    def _check_question(self, referee: Any) -> None:
        """The pairing's state, on the loop's thread: a seat paired by its QR code told,
        the invitation or question run out, a question withdrawn when the requests for its
        seat changed, a question asked when one phone (and only one) asks for the invited
        seat. Once no seat is offered, its QR code's token pairs nobody."""
        self._tell_claimed(referee)
        self._question_state(referee)
        if self._invited is None:
            self.pairings.withdraw()

    def addresses_changed(self) -> None:
        """The kernel said an address came or went (any thread): the next update draws
        the card again, with the address phones can reach now."""
        self._moved = True

    def runs_out_in(self) -> float | None:
        """Seconds until the offer, its question or the seat's QR code runs out, when one is
        up: the loop wakes then, and ``publish`` draws the screen without it (a code left
        on the screen after it stopped working would send a phone to "it ran out")."""
        now = time.monotonic()
        ends = [self.pairings.token_left()]
        if self._invited is not None:
            ends.append(self._invited[1] + INVITE_SECONDS - now)
        if self._question is not None:
            ends.append(self._question[2] + ARMED_SECONDS - now)
        left = [t for t in ends if t is not None]
        # A little past the end: the checks ask whether more than that much time went by.
        return max(0.0, min(left)) + 0.01 if left else None

    def _question_state(self, referee: Any) -> None:
        now = time.monotonic()
        if self._invited is not None and now - self._invited[1] > INVITE_SECONDS:
            self._invited = self._question = None
        if self._question is not None and now - self._question[2] > ARMED_SECONDS:
            self._question = None
            self._say(referee, _("Seat {number} stays without a phone").format(
                number=self._invited[0] + 1 if self._invited else 0))
            self._invited = None
        if self._invited is None:
            return
        seat = self._invited[0]
        asking = self.pairings.waiting_for(seat)
        if self._question is not None:
            if [r.rid for r in asking] == [self._question[0]]:
                return
            # Another phone asked too (or the one asked about left): the question named a
            # phone the table can no longer be sure of, so it is withdrawn at once.
            # The table offers the seat again when it wants to: a stranger that asks
            # once more must not be named in a question that follows by itself.
            self._question = self._invited = None
            self._absorb_until = now + WITHDRAWN_SECONDS
            self.pairings.drop(seat)
            # Short: at 320x240 the header holds two lines of it beside the turn's name,
            # shortened, when that name is as long as the picker allows (in Spanish too).
            self._say(referee, _("Another phone asked for seat {number}: nobody gets it, "
                                 "offer again").format(number=seat + 1), BannerKind.ERROR)
            return
        if len(asking) > 1:
            self._invited = None
            self.pairings.drop(seat)
            self._say(referee, _("Two phones asked for seat {number}: neither got it. Ask "
                                 "again from the seat's own phone only").format(
                                     number=seat + 1), BannerKind.ERROR)
        elif asking:
            req = asking[0]
            self._question = (req.rid, req.code, now)
            # Short: at 320x240 the header holds three short lines of it in Spanish.
            self._say(referee, _("Seat {number} to phone {code}? OK: yes, other button: "
                                 "no").format(number=seat + 1, code=req.code))
        elif not self._invite_told:
            self._invite_told = True
            self._say(referee, _("Seat {number}: scan the code with its phone now").format(
                number=seat + 1))

    def _tell_claimed(self, referee: Any) -> None:
        """A phone opened the offered seat's QR code and holds the seat now: the offer and
        any question about it end (the phones that asked for it the long way are told no),
        and the table is told."""
        for seat in self.pairings.claimed():
            if self._invited is not None and self._invited[0] == seat:
                if self._question is not None:  # a press meant for it reaches nothing
                    self._absorb_until = time.monotonic() + WITHDRAWN_SECONDS
                self._invited = self._question = None
                self._close_phones_page(referee)
            self.pairings.drop(seat)
            self._say(referee, _("Seat {number} is paired with its phone").format(
                number=seat + 1), BannerKind.GOOD)

    def _answer(self, referee: Any, *, yes: bool) -> None:
        assert self._question is not None and self._invited is not None
        rid, seat = self._question[0], self._invited[0]
        self._question = self._invited = None
        self.pairings.withdraw()  # the seat is answered for: its QR code pairs nobody now
        if not yes:
            self.pairings.drop(seat)
            self._say(referee, _("Seat {number} stays without a phone").format(
                number=seat + 1))
        elif self.pairings.complete(rid):
            self._say(referee, _("Seat {number} is paired with its phone").format(
                number=seat + 1), BannerKind.GOOD)
            self._close_phones_page(referee)

    @staticmethod
    def _close_phones_page(referee: Any) -> None:
        """The offered seat has its phone: the Phones page, where the table offered it,
        has done its work and closes, so the phone plays at once (taps wait while it is
        up)."""
        close = getattr(referee, "close_phones_page", None)
        if close is not None:
            close()

    def publish(self, referee: Any) -> None:
        """Make every paired seat's page from the referee as it is now; wake the phones
        whose page changed."""
        self._check_question(referee)
        offer = self._offer_url()
        if offer != self._offer_drawn or self._moved:
            # The code changed with no intent to say so (it ran out, or its offer did, or
            # the access point came up after the device): the screen is drawn again.
            self._offer_drawn, self._moved = offer, False
            referee.seat_screens_changed()
        self._fallback(referee)
        self._review_on_phones(referee)
        paired = self.pairings.paired()
        # The pages change only with the referee (its version moves with every change of
        # what it shows, and with every intent), the language or the seats paired: a wake-up
        # that changed none of these makes no page (each costs the device a Zero's
        # milliseconds).
        made_from = (getattr(referee, "version", None), self.taken, paired, language())
        if made_from[0] is not None and made_from == self._made_from:
            self.published = self.taken
            return
        self._made_from = made_from
        own_from = (referee, getattr(referee, "seats_version", None), *made_from[1:])
        clock_only = own_from[1] is not None and own_from == self._own_from
        self._own_from = own_from
        pages, self._made_pages = self._made_pages, {}
        public = referee.view()
        made: dict[int, bytes] = {}
        meant: dict[int, str] = {}
        for seat in paired:
            try:
                last = pages.get(seat) if clock_only else None
                page = (seat_page(referee, seat, public) if last is None
                        else with_clock_moved(last, public))
                made[seat], meant[seat] = json.dumps(page).encode(), meaning(page)
                self._made_pages[seat] = page
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
                    kept = self._meanings.get(seat)
                    if kept is None or kept[1] != meant[seat]:
                        self._meanings[seat] = (serial, meant[seat])
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
            referee.notify(_(WITHOUT_A_PHONE))

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

    def offered(self, seat: int) -> bool:
        """The table offers ``seat`` now (read without a lock: a stale answer only delays
        the question to the loop's next wake-up, or wakes it once for nothing)."""
        invited = self._invited
        return invited is not None and invited[0] == seat

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


def _at_setup(referee: Any) -> bool:
    """The setup is on screen with nothing over it: no game that a seat's button could be
    pressed for (a name being typed uses them: that is another screen)."""
    view = referee.view()
    return (isinstance(view.screen, SetupView) and not view.screen.editing
            and getattr(view, "overlay", None) is None)

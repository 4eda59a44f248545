"""The post-game review on the phones: once the final standings are up, each paired seat's
page carries its own part of the review (the lines about its own guesses and stops, never
another seat's), the shared screen says so once, and before the end no page has any."""

from __future__ import annotations

import random
import re

from coda_pi.phones.bridge import PhoneBridge
from coda_pi.phones.seat_views import seat_page
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.review import review_lines
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben", "Cy")


def _pair(bridge: PhoneBridge, seat: int) -> None:
    assert bridge.pairings.complete(bridge.pairings.request(seat).rid)


def _actor(text: str) -> str:
    """Whose guess or stop a review line is about: the name after "Round N: "."""
    found = re.match(r"Round \d+: (\w+) ", text)
    assert found, text
    return found.group(1)


def test_each_phone_gets_its_own_review_at_the_end_and_none_before() -> None:
    clock = FakeClock()
    referee = Referee(clock=clock, rng=random.Random(11), record=MemoryRecord(),
                      setup=SetupDefaults(names=NAMES, players=3, rounds=1, pool="device",
                                          timer=False))
    table, player = Table(referee, clock), AutoPlayer(random.Random(12))
    bridge = PhoneBridge()
    _pair(bridge, 0)
    _pair(bridge, 1)
    for _ in range(3000):
        if isinstance(referee.view().screen, FinalView):
            break
        for intent in player.decide(referee.view(), referee.private_view()):
            table.send(intent)
        if referee.game is not None and referee.game.turn is not None:
            assert seat_page(referee, 0)["review"] is None  # never during play
    assert isinstance(referee.view().screen, FinalView)
    bridge.publish(referee)
    assert "your own review of the game is on it" in referee.view().banner.text
    journal = referee.journal
    assert journal is not None
    table_review = review_lines(journal.game.settings, journal.events, "panels",
                                secret_rows=True)
    about_someone = [line.text for line in table_review if line.seat is not None]
    assert about_someone, "a game with no guess to look back on tests nothing"
    for seat, name in enumerate(NAMES):
        page = seat_page(referee, seat)
        texts = [line["text"] for line in page["review"]]
        own = [t for t in texts if t.startswith("Round ")]
        assert all(_actor(t) == name for t in own), (name, own)
        assert own == [t for t in about_someone if _actor(t) == name]
    # Said once: the next update does not say it again.
    referee.notify("something else")
    bridge.publish(referee)
    assert referee.view().banner.text == "something else"


def test_training_hints_go_to_the_phone_of_the_seat_on_turn_only() -> None:
    """Table-pool training: the hints the seat on turn would see holding its button are on
    its page (marked as hints, the attacked row's likeliest numbers), on no other page."""
    from coda_pi.referee.shared.views import TurnView
    from coda_pi.sim.table_pool import TablePoolAutoPlayer

    clock = FakeClock()
    referee = Referee(clock=clock, rng=random.Random(5), record=MemoryRecord(),
                      setup=SetupDefaults(names=NAMES, players=3, rounds=1, pool="table",
                                          training=True, timer=False))
    table, player = Table(referee, clock), TablePoolAutoPlayer(random.Random(6))
    seen = 0
    for _ in range(400):
        screen = referee.view().screen
        if isinstance(screen, FinalView):
            break
        if isinstance(screen, TurnView):
            pages = [seat_page(referee, s) for s in range(3)]
            hinted = [s for s, page in enumerate(pages) if page["private"] is not None]
            assert hinted in ([], [screen.seat]), (hinted, screen.seat)
            if hinted:
                assert pages[screen.seat]["private"]["purpose"] == "hints"
                seen += 1
        for intent in player.decide(referee.view(), referee.private_view()):
            table.send(intent)
    assert seen > 5, "no hints reached a page: the test says nothing"

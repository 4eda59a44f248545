"""A tournament round's end tells the table something its header does not: the header says
who won the round ("Ann wins round 1"), and the news under it said the same again ("Ann
wins round 1!"). It now says who leads the tournament after it ("and leads the tournament"
under the winner's name when the winner does), or who share the lead: what the table asks
next, short enough to stand beside the title on the small screens."""

from __future__ import annotations

import random

import pytest

from coda_pi.i18n import in_language
from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import RoundEndView
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben", "Cy", "Di")


def _first_round_end(players: int, seed: int, language: str) -> tuple[RoundEndView, str]:
    clock = FakeClock()
    with in_language(language):
        referee = Referee(clock=clock, rng=random.Random(seed), record=MemoryRecord(),
                          setup=SetupDefaults(names=NAMES, players=players, rounds=3,
                                              language=language))
        table = Table(referee, clock)
        auto = AutoPlayer(random.Random(seed + 100))
        for _ in range(20_000):
            view = referee.view()
            if isinstance(view.screen, RoundEndView):
                assert view.banner is not None
                return view.screen, view.banner.text
            for intent in auto.decide(view, referee.private_view()):
                table.send(intent)
    pytest.fail("the first round did not end")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_news_is_who_leads_not_who_won_again(players: int, seed: int) -> None:
    screen, news = _first_round_end(players, seed, "en")
    assert "wins round" not in news  # the header's own words
    totals = {p.name: p.total for p in screen.points}
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    if leaders == [screen.winner_name]:
        assert news == "and leads the tournament"  # under "Ann wins round 1"
    elif len(leaders) == 1:
        assert news == f"{leaders[0]} leads the tournament"
    else:
        assert news == f"{' and '.join(leaders)} share the lead"


def test_in_spanish_too() -> None:
    screen, news = _first_round_end(3, 2, "es")
    assert "gana la ronda" not in news
    assert "cabeza" in news or "comparten" in news

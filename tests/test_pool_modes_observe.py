"""Every pool mode of the registry (device, table, entered:
``referee/shared/pool_names.py``), dashes
on and off, played through the referee by that mode's own simulated players: at every
press, the game's observations are consistent (``check_observations``), the public screen
shows no number the public observation does not hold, and a held seat's own screen shows
no number that seat's observation does not hold. A new pool mode is checked here as soon
as it is registered."""

from __future__ import annotations

import random

import pytest
from test_rules_legal_observe import check_observations

from coda_pi.referee.coda.referee import Referee
from coda_pi.referee.pools.mode import pool_mode
from coda_pi.referee.shared.labels import value_label
from coda_pi.referee.shared.pool_names import POOL_NAMES
from coda_pi.referee.shared.setup import SetupDefaults
from coda_pi.referee.shared.views import FinalView, PanelView, PrivatePurpose, PrivateView
from coda_pi.rules.observe import CodaObservation, observe
from coda_pi.sim.coda import AutoPlayer
from coda_pi.sim.pool_players import simulated_players
from coda_pi.sim.testing import FakeClock, MemoryRecord, Table

NAMES = ("Ann", "Ben", "Cy", "Dee")


def shown(panels: tuple[PanelView, ...]) -> list[str]:
    return [p.label for p in panels if p.label is not None]


def known_labels(seen: CodaObservation, labels: str) -> list[str]:
    """Every number ``seen`` holds, as the screen labels it (with repeats)."""
    tiles = [p.tile for row in seen.rows for p in row if p.tile is not None and p.tile.known]
    if seen.drawn is not None and seen.drawn.tile is not None and seen.drawn.tile.known:
        tiles.append(seen.drawn.tile)
    return [value_label(t.value, labels) for t in tiles]


def check_screens(referee: Referee, observed: list[object]) -> int:
    """The checks above at this moment: how many numbers a held seat's screen showed.
    ``observed`` holds the journal whose game's observations were checked last: they are
    the game's alone, so they are checked again once an event (or an undo) changed it, not
    at every press of a cursor."""
    game = referee.game
    if game is None:
        return 0
    journal = referee.journal
    assert journal is not None
    now = [id(journal), id(game), tuple(journal.events)]
    if now != observed:
        check_observations(game)
        observed[:] = now
    view = referee.view()
    assert view.table is not None
    public = observe(game)
    for seat_view, row in zip(view.table.seats, public.rows, strict=True):
        assert len(seat_view.row) == len(row)
        for panel, seen in zip(seat_view.row, row, strict=True):
            if panel.label is not None:
                assert seen.tile is not None and seen.tile.known, "a hidden number shown"
                assert panel.label == value_label(seen.tile.value, view.labels)
    private = referee.private_view()
    # The deal screen shows a row the game does not hold yet; training hints are odds.
    if isinstance(private, PrivateView) and private.purpose not in (PrivatePurpose.DEAL,
                                                                     PrivatePurpose.HINTS):
        mine = known_labels(observe(game, private.seat), view.labels)
        labels = shown(private.row) + shown(() if private.drawn is None else (private.drawn,))
        for label in labels:
            assert label in mine, f"seat {private.seat} saw {label} it may not know"
        return len(labels)
    return 0


@pytest.mark.parametrize("dashes", [False, True], ids=["plain", "dashes"])
@pytest.mark.parametrize("pool", POOL_NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_pool_mode_shows_each_viewer_only_what_it_may_observe(
    pool: str, dashes: bool, seed: int
) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    setup = SetupDefaults(names=NAMES, players=players, dashes=dashes, rounds=1, pool=pool)
    clock = FakeClock()
    referee = Referee(clock=clock, rng=random.Random(seed), record=MemoryRecord(),
                      setup=setup, pads=random.Random(seed + 2).randrange)
    table = Table(referee, clock)
    player = simulated_players(pool, rng, lambda: None) or AutoPlayer(rng)
    private_numbers = 0
    observed: list[object] = []
    for _ in range(20_000):
        if isinstance(referee.view().screen, FinalView):
            break
        intents = player.decide(referee.view(), referee.private_view())
        assert intents, f"the {pool} table stopped before the end"
        for intent in intents:
            table.send(intent)
            private_numbers += check_screens(referee, observed)
    else:
        raise AssertionError(f"a {pool} game ran 20,000 presses without ending")
    assert referee.game is not None and referee.game.finished
    assert referee.pool.name == pool
    if pool_mode(pool).secret_rows:
        assert private_numbers > 0, "no seat ever looked at its own panels"


def test_the_demo_help_says_what_every_registered_pool_mode_is(capsys) -> None:
    """A pool mode's words for the command line sit beside its registry line: a new mode
    without them fails here, not in front of a user."""
    from coda_pi.cli import main
    from coda_pi.referee.shared.pool_names import POOL_HELP, POOL_MODES, POOL_WORDS, pool_word

    assert set(POOL_HELP) == set(POOL_MODES) == set(POOL_WORDS)
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for name, words in POOL_HELP.items():
        assert f"{pool_word(name)}: {' '.join(words.split())}" in text

"""Season ratings: every finished game of every club night, oldest first, through openskill's
Plackett-Luce model (made for free-for-all games of any size, ties included)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coda_pi.club.names import look_alikes


@dataclass(frozen=True, slots=True)
class Rating:
    name: str
    mu: float
    sigma: float
    games: int
    looks_like: str | None = None  # the name met earlier that this one looks like (names.py)

    @property
    def ordinal(self) -> float:
        """The conservative figure shown and sorted by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def season_ratings(games: Iterable[tuple[Sequence[str], Sequence[int]]]) -> list[Rating]:
    """``games`` are (players, final totals) in the order played; best rating first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, object] = {}
    played: dict[str, int] = {}
    for players, totals in games:
        if len(players) < 2 or len(set(players)) != len(players):
            continue  # a name twice at one table cannot be rated as two people
        teams = [[current.get(p) or model.rating(name=p)] for p in players]
        rated = model.rate(teams, scores=list(totals))
        for p, team in zip(players, rated, strict=True):
            current[p] = team[0]
            played[p] = played.get(p, 0) + 1
    alike = look_alikes(current)  # in the order the season met them
    out = [Rating(p, r.mu, r.sigma, played[p], alike.get(p))  # type: ignore[attr-defined]
           for p, r in current.items()]
    return sorted(out, key=lambda r: (-r.ordinal, r.name))

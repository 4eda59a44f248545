"""The post-game review on the device's screen, in both pools (``deduction_review``).

Sure guesses left untaken come first, then the boldest guesses that paid off. "Sure" means
sure from what that player knew: in device-pool play the record holds every panel, so a
player's own row and drawn panel count; in table-pool play the device saw only what fell
face up, so there it is sure from public information.

Offered once the final standings are shown (their NEXT, or the menu), never during play:
it would tell who could be sure of what. Even then, in device-pool play a panel that stood
hidden to its round's end is not named: the device alone saw it, and the game being over
does not make its owner's row public.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from coda_pi.i18n import N_, _
from coda_pi.referee.shared.labels import tile_name
from coda_pi.referee.shared.signals import Button
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame, CodaSettings
from coda_pi.rules.coda_events import RoundStart, parse_event
from coda_pi.rules.deduction_review import review
from coda_pi.rules.tiles import Tile

RISKY_SHOWN = 3
LINES_PER_PAGE = 4
_ENDED = {"stop": N_("stopped"), "miss": N_("missed elsewhere"),
          "timeout": N_("ran out of time")}


@dataclass(frozen=True, slots=True)
class ReviewLine:
    text: str
    good: bool  # a bold guess that paid off (True) or a sure point left untaken (False)
    seat: int | None = None  # whose guess or stop the line is about (None: the whole table)


@dataclass(frozen=True, slots=True)
class ReviewView:
    """The post-game review, one page at a time."""

    title: str
    lines: tuple[ReviewLine, ...]
    page: int  # 1-based
    pages: int
    prompt: str
    names: tuple[str, ...] = ()  # the players, so a small screen can shorten long names


class GameReview:
    """The review while it is open: its lines and the page shown."""

    def __init__(self, lines: Sequence[ReviewLine], names: Sequence[str] = ()) -> None:
        self.lines = tuple(lines)
        self.names = tuple(names)
        self.pages = max(1, -(-len(self.lines) // LINES_PER_PAGE))
        self.page = 0

    @classmethod
    def of(cls, settings: CodaSettings, events: Sequence[Any], labels: str, *,
           secret_rows: bool) -> GameReview:
        return cls(review_lines(settings, events, labels, secret_rows=secret_rows),
                   settings.players)

    def turn(self, button: Button) -> None:
        """PREV/NEXT: the page before or after, round and round."""
        step = -1 if button is Button.PREV else 1
        self.page = (self.page + step) % self.pages

    def view(self) -> ReviewView:
        start = self.page * LINES_PER_PAGE
        return ReviewView(
            title=_("Game review"),
            lines=self.lines[start:start + LINES_PER_PAGE],
            page=self.page + 1,
            pages=self.pages,
            prompt=(_("PREV/NEXT: more. OK or BACK: the standings") if self.pages > 1
                    else _("OK or BACK: the standings")),
            names=self.names,
        )


def review_lines(settings: CodaSettings, events: Sequence[Any], labels: str, *,
                 secret_rows: bool = False) -> list[ReviewLine]:
    """The review of the events in force, as lines for the screen. ``secret_rows``: the
    record holds panels the table never saw (device-pool play); those are not named."""
    result = review(settings.to_dict(), [(i + 2, obj) for i, obj in enumerate(events)])
    players = settings.players
    shown = _shown_by_round(settings, events) if secret_rows else None
    out: list[ReviewLine] = []
    for m in result.missed:
        nameable = [g for g in m.sure if shown is None or g.tile in shown.get(m.round, ())]
        sure = (nameable or m.sure)[0]
        say = nouns(labels)
        if nameable:
            text = say(_("Round {round}: {name} {ended} while {target}'s {panel} {number} was "
                         "surely the {tile}"), tile=tile_name(sure.tile, labels),
                       round=m.round, name=players[m.seat], ended=_(_ENDED[m.ended_by]),
                       target=players[sure.target], number=sure.slot + 1)
        else:
            text = say(_("Round {round}: {name} {ended} while {target}'s {panel} {number} "
                         "could be named for sure"),
                       round=m.round, name=players[m.seat], ended=_(_ENDED[m.ended_by]),
                       target=players[sure.target], number=sure.slot + 1)
        if len(m.sure) > 1:
            text += " " + _("(and {count} more)").format(count=len(m.sure) - 1)
        out.append(ReviewLine(text, good=False, seat=m.seat))
    if not result.missed:
        out.append(ReviewLine(_("No sure guess was left untaken"), good=True))
    for h in result.riskiest(RISKY_SHOWN):
        out.append(ReviewLine(nouns(labels)(
            _("Round {round}: {name} named the {tile} at {target}'s {panel} {number} with "
              "{chance} chance"), round=h.round, name=players[h.seat],
            tile=tile_name(h.tile, labels), target=players[h.target], number=h.slot + 1,
            chance=_chance(h.chance)), good=True, seat=h.seat))
    return out


def seat_lines(lines: Sequence[ReviewLine], seat: int) -> tuple[ReviewLine, ...]:
    """One seat's own part of the review (its phone shows it): the lines about its own
    guesses and stops, and no other seat's."""
    own = tuple(line for line in lines if line.seat == seat)
    if not any(not line.good for line in own):
        own = (ReviewLine(_("You left no sure guess untaken"), good=True, seat=seat), *own)
    return own


def _shown_by_round(settings: CodaSettings, events: Sequence[Any]) -> dict[int, set[Tile]]:
    """Each round's panels that lay face up by the round's end (a round holds each tile
    once, so the tile says which panel)."""
    game = CodaGame(settings)
    shown: dict[int, set[Tile]] = {}

    def note() -> None:
        faces = {s.tile for row in game.rows for s in row if s.revealed}
        shown.setdefault(game.round_number, set()).update(faces)

    for obj in events:
        event = parse_event(obj)
        if isinstance(event, RoundStart):
            note()
        game.apply(event)
    note()
    return shown


def _chance(p: Fraction) -> str:
    if 0 < p < Fraction(1, 100):
        return _("under 1%")  # rare, not impossible: "0%" would say it could not be
    return f"{round(float(p) * 100)}%"

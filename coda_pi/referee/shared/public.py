"""The public side of the game: what everybody at the table may know.

``public_table`` is the one place where the public screen's data meets the game state, and
it keeps only what the backs of the panels and the knocked-down panels show: colours,
revealed numbers, counts, points. Everything else in this module builds view models from a
``PublicTable`` (and cursors that hold no panel), so the public screen cannot show the number
of a standing panel: it never receives one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from coda_pi.i18n import _
from coda_pi.referee.shared.labels import guess_values, value_label
from coda_pi.referee.shared.views import (
    GuessView,
    LedState,
    PanelView,
    PointsView,
    RoundEndView,
    SeatView,
    StandingView,
    TableView,
    TurnStep,
    TurnView,
)
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.observe import SeenPanel, observe
from coda_pi.rules.tiles import Color


@dataclass(frozen=True, slots=True)
class PublicPanel:
    """A panel as everyone sees it: its colour, and its value once it is down."""

    dark: bool
    value: str | None  # the record's value ("7", "-"), only when the panel is down


@dataclass(frozen=True, slots=True)
class PublicPoints:
    """A seat's points of a round, as everyone can count them."""

    guesses: int
    exposures: int
    win: int
    bonus: int

    @property
    def total(self) -> int:
        return self.guesses + self.exposures + self.win + self.bonus


@dataclass(frozen=True, slots=True)
class PublicTable:
    """Everything about a game that is not secret."""

    players: tuple[str, ...]
    dashes: bool
    rounds: int
    hand: int
    round_number: int
    phase: Phase
    first: int
    turn: int | None
    rows: tuple[tuple[PublicPanel, ...], ...]
    out: tuple[bool, ...]
    dealt: tuple[bool, ...]
    drawn_dark: bool | None  # the colour of the panel the player holds aside, if any
    pool_dark: int
    pool_light: int
    round_points: tuple[PublicPoints, ...]  # the current (or last) round
    round_totals: tuple[tuple[int, ...], ...]  # per ended round, per seat
    winners: tuple[int, ...]  # per ended round
    totals: tuple[int, ...]

    @property
    def seats(self) -> int:
        return len(self.players)

    def hidden_slots(self, seat: int) -> list[int]:
        return [i for i, p in enumerate(self.rows[seat]) if p.value is None]

    def targets(self, seat: int) -> list[int]:
        """The players ``seat`` may attack: the others still in."""
        return [s for s in range(self.seats) if s != seat and not self.out[s]]


def public_table(game: CodaGame) -> PublicTable:
    """The public part of ``game``: built from the public observer (``rules/observe.py``),
    keeping the numbers of knocked-down panels only (at a round's end too)."""
    seen = observe(game)
    points = game.round_points()
    return PublicTable(
        players=seen.players,
        dashes=seen.dashes,
        rounds=game.settings.rounds,
        hand=game.settings.hand,
        round_number=seen.round_number,
        phase=seen.phase,
        first=game.first,
        turn=seen.turn,
        rows=tuple(_public_row(row) for row in seen.rows),
        out=seen.out,
        dealt=tuple(game.dealt) if game.dealt else (False,) * game.seats,
        drawn_dark=None if seen.drawn is None else seen.drawn.color is Color.DARK,
        pool_dark=seen.pool[0],
        pool_light=seen.pool[1],
        round_points=tuple(PublicPoints(p.guesses, p.exposures, p.win, p.bonus) for p in points),
        round_totals=tuple(r.points for r in game.results),
        winners=tuple(r.winner for r in game.results),
        totals=seen.totals,
    )


def _public_row(seen: tuple[SeenPanel, ...]) -> tuple[PublicPanel, ...]:
    """A row the public observer saw, as the public table keeps it: the numbers of panels
    face up only. The observer gives back the very row it saw before while the row does
    not change (``rules/observe.py``), and so does this: a guess makes one row again."""
    kept = _public_rows.get(id(seen))
    if kept is not None and kept[0] is seen:  # held here: its id is not reused
        return kept[1]
    row = tuple(PublicPanel(p.color is Color.DARK, p.value if p.revealed else None)
                for p in seen)
    if len(_public_rows) >= 64:
        _public_rows.clear()  # the rows of the last few states of a game: rebuilt once each
    _public_rows[id(seen)] = (seen, row)
    return row


_public_rows: dict[int, tuple[tuple[SeenPanel, ...], tuple[PublicPanel, ...]]] = {}


@lru_cache(maxsize=64)
def public_row(
    row: tuple[PublicPanel, ...], labels: str, highlight: int | None = None
) -> tuple[PanelView, ...]:
    """One seat's row as the screen shows it. Kept (pure, of frozen values): a press that
    changes one row gives the others back as the very rows on screen, so the frame's
    comparisons stop at their identity and nothing of them is built again; 64 covers the
    rows of a table and their highlighted variants."""
    return tuple(
        PanelView(
            dark=p.dark,
            label=None if p.value is None else value_label(p.value, labels),
            revealed=p.value is not None,
            highlight=i == highlight,
        )
        for i, p in enumerate(row)
    )


def table_view(
    table: PublicTable,
    *,
    labels: str,
    leds: tuple[LedState, ...],
    highlight: tuple[int, int] | None = None,
) -> TableView:
    """The public table. ``highlight`` is (seat, slot) of a panel under a cursor."""
    seats = []
    for seat in range(table.seats):
        mark = highlight[1] if highlight is not None and highlight[0] == seat else None
        row = table.rows[seat] if seat < len(table.rows) else ()
        holding = table.turn == seat and table.drawn_dark is not None
        seats.append(
            SeatView(
                seat=seat,
                name=table.players[seat],
                row=public_row(row, labels, mark),
                total=table.totals[seat],
                out=table.out[seat] and bool(row),
                turn=table.turn == seat,
                led=leds[seat] if seat < len(leds) else LedState.OFF,
                holding=holding,
                holding_dark=table.drawn_dark if holding else None,
            )
        )
    return TableView(
        round_number=table.round_number,
        rounds=table.rounds,
        seats=tuple(seats),
        pool_dark=table.pool_dark,
        pool_light=table.pool_light,
        turn=table.turn,
        dashes=table.dashes,
    )


def round_end_view(table: PublicTable) -> RoundEndView:
    winner = table.winners[-1]
    running = [0] * table.seats
    for points in table.round_totals:
        running = [a + b for a, b in zip(running, points, strict=True)]
    last = table.phase is Phase.FINISHED
    name = table.players[winner]
    prompt = (
        (_("The game is over: OK for the final standings") if table.rounds == 1
         else _("The tournament is over: OK for the final standings"))
        if last
        else _("{name} starts round {number}: OK deals").format(
            name=name, number=table.round_number + 1)
    )
    return RoundEndView(
        round_number=table.round_number,
        rounds=table.rounds,
        winner=winner,
        winner_name=name,
        points=tuple(
            PointsView(
                seat=s,
                name=table.players[s],
                guesses=p.guesses,
                exposures=p.exposures,
                win=p.win,
                bonus=p.bonus,
                round_total=p.total,
                total=running[s],
            )
            for s, p in enumerate(table.round_points)
        ),
        last_round=last,
        prompt=prompt,
    )


def standings(table: PublicTable) -> tuple[StandingView, ...]:
    """Best total first; equal totals share a rank (1, 1, 3)."""
    order = sorted(range(table.seats), key=lambda s: (-table.totals[s], s))
    out = []
    for position, seat in enumerate(order):
        ahead = sum(1 for s in order[:position] if table.totals[s] > table.totals[seat])
        out.append(
            StandingView(
                rank=ahead + 1,
                seat=seat,
                name=table.players[seat],
                total=table.totals[seat],
                rounds=tuple(r[seat] for r in table.round_totals),
            )
        )
    return tuple(out)


@dataclass
class TurnCursor:
    """Where a turn's choices stand: only cursors and public facts, never a panel's number.

    The referee keeps the private parts of a turn (why a claim was refused) elsewhere, so a
    turn's public screen, built from this, cannot show them.
    """

    step: TurnStep
    color_dark: bool = True
    target: int | None = None
    slot: int | None = None
    value_index: int = 0
    attack_again: bool = True
    claim_slot: int = 0
    claim_refused: bool = False
    reveal_slot: int | None = None
    last_guess: GuessView | None = None
    knock_down: int | None = None
    timed_out: bool = False  # the time ran out while choosing: the player stops, no way back


def _turn_prompt(table: PublicTable, cur: TurnCursor, labels: str) -> str:
    seat = table.turn
    assert seat is not None
    name = table.players[seat]
    target = None if cur.target is None else table.players[cur.target]
    say = nouns(labels)
    match cur.step:
        case TurnStep.CHOOSE_COLOR:
            return _("{name}: PREV/NEXT choose a colour, OK draws").format(name=name)
        case TurnStep.TARGET:
            if table.drawn_dark is not None:
                return say(_("{name}: attack: press that player's seat button. Hold yours to "
                             "see your {panel}"), name=name)
            return _("{name}: press the seat button of the player you attack").format(name=name)
        case TurnStep.SLOT:
            if table.drawn_dark is not None and len(table.targets(seat)) == 1:
                # No one to choose (two seats): the target step and its hint were skipped.
                return say(_("{name}: attack {target}: PREV/NEXT, OK. Hold your button to "
                             "see your {panel}"), name=name, target=target)
            return say(_("{name}: which of {target}'s {panels}? PREV/NEXT, then OK"),
                       name=name, target=target)
        case TurnStep.VALUE:
            assert cur.slot is not None
            return say(_("{target}'s {panel} {number} is...? PREV/NEXT, then OK"),
                       target=target, number=cur.slot + 1)
        case TurnStep.CONTINUE:
            return _("{name}: attack again or stop? PREV/NEXT, then OK").format(name=name)
        # A refused place must look, in public, as if OK had not been pressed (whether it
        # fits depends on hidden panels: issue 20), so the hint to hold the button for the
        # reason is there from the start, refused or not.
        case TurnStep.CLAIM_HIDDEN:
            return _("{name}: PREV/NEXT where it stands, OK. Refused? Hold your "
                     "button").format(name=name)
        case TurnStep.CLAIM_FACE_UP:
            return _("{name}: PREV/NEXT where it stands face up, OK. Refused? Hold your "
                     "button").format(name=name)
        case TurnStep.REVEAL_OWN:
            return say(_("{name}: PREV/NEXT one of your {panels} to knock down, then OK"),
                       name=name)
    return name


def turn_view(table: PublicTable, cur: TurnCursor, labels: str) -> TurnView:
    seat = table.turn
    assert seat is not None
    values = guess_values(dashes=table.dashes)
    step = cur.step
    attacking = step in (TurnStep.SLOT, TurnStep.VALUE)
    return TurnView(
        seat=seat,
        name=table.players[seat],
        step=step,
        prompt=_turn_prompt(table, cur, labels),
        color_dark=cur.color_dark if step is TurnStep.CHOOSE_COLOR else None,
        dark_left=table.pool_dark,
        light_left=table.pool_light,
        drew=table.drawn_dark is not None,
        target=cur.target if attacking else None,
        slot=cur.slot if attacking else None,
        value_label=(
            value_label(values[cur.value_index], labels) if step is TurnStep.VALUE else None
        ),
        values=tuple(value_label(v, labels) for v in values) if step is TurnStep.VALUE else (),
        attack_again=cur.attack_again if step is TurnStep.CONTINUE else None,
        claim_slot=(
            cur.claim_slot if step in (TurnStep.CLAIM_HIDDEN, TurnStep.CLAIM_FACE_UP) else None
        ),
        claim_refused=cur.claim_refused,
        reveal_slot=cur.reveal_slot if step is TurnStep.REVEAL_OWN else None,
        last_guess=cur.last_guess,
        knock_down=cur.knock_down,
    )


def cursor_highlight(table: PublicTable, cur: TurnCursor) -> tuple[int, int] | None:
    """The (seat, slot) the public table marks for the current step."""
    if cur.step in (TurnStep.SLOT, TurnStep.VALUE) and cur.target is not None:
        return None if cur.slot is None else (cur.target, cur.slot)
    if cur.step is TurnStep.REVEAL_OWN and cur.reveal_slot is not None and table.turn is not None:
        return (table.turn, cur.reveal_slot)
    return None

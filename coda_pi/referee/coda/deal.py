"""Dealing (``CodaScreen.DEAL``) in device-pool play: seat by seat, the row the device
dealt is shown only while that seat holds its button; a seat dealt a dash stands it where
it likes (PREV/NEXT while held), then OK writes the row. ``DealState``, handed the referee
as a ``CodaContext``; the cursors (``pending_deals``, ``dash_index``, ``peeked``,
``colour_dials``) live on the referee. The row is chosen once, when the seat's turn to be
dealt comes, not while drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coda_pi.i18n import _
from coda_pi.referee.coda import deal_colours
from coda_pi.referee.coda.state import CodaState
from coda_pi.referee.shared import private
from coda_pi.referee.shared.kinds import CodaScreen
from coda_pi.referee.shared.public import PublicTable
from coda_pi.referee.shared.signals import Button, Cue
from coda_pi.referee.shared.views import Banner, BannerKind, DealView, LedState, PrivateView, Screen
from coda_pi.referee.shared.wording import nouns
from coda_pi.rules.coda import CodaGame, Phase
from coda_pi.rules.coda_events import Deal
from coda_pi.rules.dealer import place_dash
from coda_pi.rules.tiles import Color, Tile

if TYPE_CHECKING:
    from coda_pi.referee.coda.context import CodaContext
    from coda_pi.referee.shared.public import TurnCursor


def deal_seat(game: CodaGame | None) -> int | None:
    """The seat being dealt now: the first undealt one from the round's first seat."""
    if game is None or game.phase is not Phase.DEAL:
        return None
    for step in range(game.seats):
        seat = (game.first + step) % game.seats
        if not game.dealt[seat]:
            return seat
    return None


class DealState(CodaState):
    """The deal's buttons, LEDs and the dealt seat's own screen."""

    kind = CodaScreen.DEAL

    def enter(self, ref: CodaContext, game: CodaGame, previous: TurnCursor | None) -> None:
        ref.peeked = {s for s in ref.peeked if not game.dealt[s]}
        ref.timer = None
        # The row is dealt when the seat has chosen its colours (deal_colours.py), not
        # while drawing a screen; a row taken back by an undo is kept as it was.

    def view(self, ref: CodaContext, table: PublicTable) -> Screen:
        seat = ref.deal_seat()
        assert seat is not None
        name = table.players[seat]
        # Whether this seat got a dash is its secret: the public screen only says that
        # dashes are in play, so a seat with one places it (PREV/NEXT while held). The held
        # seat's own screen says what to take and where the dash goes.
        return DealView(
            seat=seat,
            name=name,
            dealt=table.dealt,
            has_dash=table.dashes,
            hand=table.hand,
            prompt=nouns(ref.options.labels)(
                _("{name}: hold seat button {number} to see your {panels}, then OK"),
                name=name, number=seat + 1),
        )

    def acting(self, ref: CodaContext, game: CodaGame) -> int | None:
        return ref.deal_seat()

    def private(self, ref: CodaContext, game: CodaGame, seat: int) -> PrivateView:
        options = ref.options
        if seat not in ref.pending_deals:  # first the colours, privately (issue 24)
            return deal_colours.colour_view(seat, game.name(seat), _colour_dial(ref, game, seat),
                                            options.labels)
        row = _pending_row(ref, seat)
        stage = (ref.dash_index, 2) if game.settings.dashes else None
        return private.deal_view(seat, game.name(seat), row, _dash_at(ref, row),
                                 options.labels, stage=stage, dealer=options.dealer)

    def seat(self, ref: CodaContext, seat: int) -> None:
        if seat == ref.deal_seat():
            ref.peeked.add(seat)

    def leds(self, ref: CodaContext, states: list[LedState]) -> None:
        seat = ref.deal_seat()
        if seat is not None:
            states[seat] = LedState.BLINK

    def nav(self, ref: CodaContext, button: Button) -> None:
        step = -1 if button is Button.PREV else 1
        seat = ref.deal_seat()
        assert seat is not None
        game = ref.game
        assert game is not None
        say = nouns(ref.options.labels)
        if seat not in ref.pending_deals:
            _colour_nav(ref, game, seat, button)
            return
        row = _pending_row(ref, seat)
        dash_at = _dash_at(ref, row)
        if button in (Button.PREV, Button.NEXT):
            if ref.private_seat() != seat:
                # The same answer with or without a dash: the screen must not tell which.
                ref.refuse(say(_("{name}: hold your seat button to see your {panels}"),
                               name=game.name(seat)))
                return
            if dash_at is None:
                return
            dash = row[dash_at]
            where = (dash_at + step) % len(row)
            ref.pending_deals[seat] = place_dash(row, dash, where)
            return
        if button is not Button.OK:
            return
        if seat not in ref.peeked:
            ref.refuse(say(_("{name}: hold your seat button to see your {panels} first"),
                           name=game.name(seat)))
            return
        # Two steps (the dark dash, the light dash) for every seat when dashes are in play:
        # a second OK only for the seat holding both would tell the table who holds them.
        if game.settings.dashes and ref.dash_index < 1:
            ref.dash_index += 1
            return
        if ref.commit(Deal(seat, row)):
            ref.dash_index = 0
            ref.pending_deals.pop(seat, None)
            if game.phase is not Phase.DEAL and game.turn is not None:
                ref.cue(Cue.YOUR_TURN)
                # Built first: the message extractor reads ``say(`` as its own keyword.
                starts = Banner(_("{name} starts").format(name=game.name(game.turn)),
                                BannerKind.INFO)
                ref.say(starts)


def _pending_row(ref: CodaContext, seat: int) -> tuple[Tile, ...]:
    game = ref.game
    assert game is not None
    row = ref.pending_deals.get(seat)
    if row is None or not all(t in game.unseen for t in row):
        row = ref.dealer.deal_row(game, seat).row
        ref.pending_deals[seat] = row
        ref.dash_index = 0
    return row


def _colour_dial(ref: CodaContext, game: CodaGame, seat: int) -> deal_colours.ColourDial:
    """The seat's dial, offering only the rows the pool can make now: the panels left change
    as other seats are dealt, and an undo puts them back. A count still possible stays
    chosen; any other goes back to "any mix"."""
    fresh = deal_colours.dial_for(game)
    key = (game.round_number, seat)
    dial = ref.colour_dials.get(key)
    if dial is not None and (dial.dark_left, dial.light_left, dial.hand) == (
            fresh.dark_left, fresh.light_left, fresh.hand):
        return dial
    if dial is not None and dial.dark in fresh.values:
        fresh.index = fresh.values.index(dial.dark)
    ref.colour_dials[key] = fresh
    return fresh


def _colour_nav(ref: CodaContext, game: CodaGame, seat: int, button: Button) -> None:
    """The colours of ``seat``'s starting panels: PREV/NEXT turn, OK deals the row."""
    say = nouns(ref.options.labels)
    if button in (Button.PREV, Button.NEXT):
        if ref.private_seat() != seat:
            ref.refuse(say(_("{name}: hold your seat button to see your {panels}"),
                           name=game.name(seat)))
            return
        _colour_dial(ref, game, seat).turn(-1 if button is Button.PREV else 1)
    elif button is Button.OK:
        if seat not in ref.peeked:
            ref.refuse(say(_("{name}: hold your seat button to see your {panels} first"),
                           name=game.name(seat)))
            return
        dark = _colour_dial(ref, game, seat).dark
        ref.pending_deals[seat] = deal_colours.mixed_row(ref.dealer, game, seat, dark).row
        ref.dash_index = 0
        if ref.private_seat() != seat:
            ref.peeked.discard(seat)  # the row itself must be seen before it is written


def _dash_at(ref: CodaContext, row: tuple[Tile, ...]) -> int | None:
    # With dashes in play every seat places "its dark dash", then "its light dash",
    # whether its row holds them or not (see ``DealState.nav``).
    colour = Color.DARK if ref.dash_index == 0 else Color.LIGHT
    dash = next((t for t in row if t.dash and t.color is colour), None)
    return None if dash is None else row.index(dash)
